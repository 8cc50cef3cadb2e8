"""Bot specifications: one small language shared by `play`, the engine and the arena.

    random | heuristic | expert | human
    mcts:iterations=2000 | ismcts:iterations=1000,c=0.7,threads=2 | mo-ismcts:seconds=1 | pimc:worlds=16

Keys: iterations, seconds, threads, c (exploration), depth (rollout cut-off), memory (MB per thread),
worlds (PIMC determinizations), seed; random, heuristic and expert take only seed (heuristic also samples).
`expert` is the game's hand-written strategy (cavemind.experts); a game without one raises SearchError.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from cavemind.bots import Bot, HeuristicBot, ISMCTSBot, MCTSBot, MOISMCTSBot, PIMCBot, RandomBot
from cavemind.errors import CavemindError, SearchError
from cavemind.experts import ExpertBot


class BotSpecError(CavemindError, ValueError):
    """A bot specification that cannot be parsed: unknown bot or key, or a bad value."""


SEARCH_BOTS = {"mcts": MCTSBot, "ismcts": ISMCTSBot, "mo-ismcts": MOISMCTSBot, "pimc": PIMCBot}
SIMPLE_BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "expert": ExpertBot}
HUMAN = "human"
# key in the spec -> (keyword of the bot's constructor, type)
SEARCH_KEYS = {"iterations": ("iterations", int), "seconds": ("seconds", float), "threads": ("threads", int),
               "c": ("exploration", float), "depth": ("rollout_depth", int), "memory": ("memory_mb", float),
               "worlds": ("determinizations", int), "seed": ("seed", int)}
SIMPLE_KEYS = {"seed": ("seed", int), "samples": ("samples", int)}


@dataclass(frozen=True)
class BotSpec:
    """A parsed specification; make() builds a fresh bot (seeded with `seed` unless the spec sets one)."""

    kind: str
    options: dict[str, Any] = field(default_factory=dict)

    def make(self, seed: int | None = None) -> Bot:
        if self.kind == HUMAN:
            raise BotSpecError("'human' is a seat for a person, not a bot")
        kwargs = dict(self.options)
        kwargs.setdefault("seed", seed)
        if self.kind in SEARCH_BOTS:
            if "iterations" not in kwargs and "seconds" in kwargs:
                kwargs["iterations"] = None
            try:
                return SEARCH_BOTS[self.kind](**kwargs)
            except SearchError as error:
                raise BotSpecError(f"{self}: {error}") from None
        if self.kind in ("random", "expert"):
            kwargs.pop("samples", None)
        try:
            return SIMPLE_BOTS[self.kind](**kwargs)
        except SearchError as error:
            raise BotSpecError(f"{self}: {error}") from None

    def __str__(self) -> str:
        if not self.options:
            return self.kind
        names = {keyword: key for key, (keyword, _) in {**SEARCH_KEYS, **SIMPLE_KEYS}.items()}
        return self.kind + ":" + ",".join(f"{names[k]}={v}" for k, v in self.options.items())


def parse_bot_spec(text: str) -> BotSpec:
    """Parses one specification such as 'ismcts:iterations=1000,c=0.7'."""
    if not isinstance(text, str) or not text.strip():
        raise BotSpecError("empty bot specification")
    kind, _, rest = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind == HUMAN and not rest:
        return BotSpec(HUMAN)
    if kind in SEARCH_BOTS:
        keys = SEARCH_KEYS
    elif kind in SIMPLE_BOTS:
        keys = SIMPLE_KEYS
    else:
        known = ", ".join([*SIMPLE_BOTS, *SEARCH_BOTS, HUMAN])
        raise BotSpecError(f"unknown bot {kind!r} in {text!r}; bots are {known}")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lower()
        if not eq or key not in keys:
            raise BotSpecError(f"{text!r}: unknown setting {item!r} for {kind}; settings are {', '.join(keys)}")
        keyword, kind_of = keys[key]
        try:
            parsed = kind_of(value)
        except ValueError:
            raise BotSpecError(f"{text!r}: {key}={value!r} is not a {kind_of.__name__}") from None
        if not math.isfinite(parsed):
            raise BotSpecError(f"{text!r}: {key}={value.strip()} is not a finite number")
        if parsed <= 0 and key != "depth" and key != "seed":
            raise BotSpecError(f"{text!r}: {key} must be positive")
        options[keyword] = parsed
    return BotSpec(kind, options)


def split_bot_specs(text: str) -> list[BotSpec]:
    """Parses a comma-separated list of specifications, as in `--players human,ismcts:iterations=500,c=1,random`:
    a part with '=' but no ':' continues the specification before it."""
    specs: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return [parse_bot_spec(s) for s in specs]
