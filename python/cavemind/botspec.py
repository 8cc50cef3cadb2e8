"""Bot specifications: one small language shared by `play`, the engine and the arena.

    random | heuristic | expert | human
    mcts:iterations=2000 | ismcts:iterations=1000,c=0.7,threads=2 | mo-ismcts:seconds=1 | pimc:worlds=16

Keys: iterations, seconds, threads, c (exploration), depth (rollout_depth), policy (rollout_policy: game,
uniform, mast or nast), chance (chance_branching: closed-loop chance events of at most that many outcomes),
minimax (implicit_minimax: the weight, 0 to 1, of the heuristic's minimax value in selection; 2 players),
memory (memory_mb, MB per thread), worlds (determinizations: PIMC's sampled worlds), reuse (reuse_tree: 1 to
continue the last move's tree, MCTS and ISMCTS), seed. The
long names in brackets are the Python keywords; they are accepted too
(`ismcts:exploration=0.5,rollout_depth=10`), and so is `-` for `_`. random, heuristic and expert take only
seed (heuristic also samples). Unset settings take the defaults of docs/settings.md: 1,000 iterations unless
seconds is given, the game's exploration and rollout depth, 8 worlds.
`expert` is the game's hand-written strategy (cavemind.experts); a game without one raises SearchError.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cavemind.bots import Bot, HeuristicBot, ISMCTSBot, MCTSBot, MOISMCTSBot, PIMCBot, RandomBot
from cavemind.errors import CavemindError, SearchError
from cavemind.experts import ExpertBot
from cavemind.search import DEFAULT_DETERMINIZATIONS, DEFAULT_ITERATIONS, ROLLOUT_POLICIES, Limit


class BotSpecError(CavemindError, ValueError):
    """A bot specification that cannot be parsed: unknown bot or key, or a bad value."""


SEARCH_BOTS: dict[str, Callable[..., Bot]] = {"mcts": MCTSBot, "ismcts": ISMCTSBot, "mo-ismcts": MOISMCTSBot,
                                              "pimc": PIMCBot}
SIMPLE_BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "expert": ExpertBot}
HUMAN = "human"
# key in the spec -> (keyword of the bot's constructor, type); a spec is written back with these keys.
# The type converts the text of the value (int, float or str), so what it returns depends on the key.
KeyTable = dict[str, tuple[str, type[Any]]]
SEARCH_KEYS: KeyTable = {"iterations": ("iterations", int), "seconds": ("seconds", float), "threads": ("threads", int),
               "c": ("exploration", float), "depth": ("rollout_depth", int), "memory": ("memory_mb", float),
               "worlds": ("determinizations", int), "policy": ("rollout_policy", str),
               "chance": ("chance_branching", int), "minimax": ("implicit_minimax", float),
               "reuse": ("reuse_tree", int), "seed": ("seed", int)}
SIMPLE_KEYS: KeyTable = {"seed": ("seed", int), "samples": ("samples", int)}
# The Python keyword names, accepted as keys as well: one vocabulary everywhere (docs/settings.md).
LONG_KEYS = {"exploration": "c", "rollout_depth": "depth", "memory_mb": "memory", "determinizations": "worlds",
             "rollout_policy": "policy", "chance_branching": "chance", "implicit_minimax": "minimax",
             "reuse_tree": "reuse"}
TYPE_NAMES = {int: "an integer", float: "a number", str: "a word"}
# keyword -> (smallest value, what the message says); the upper bounds are the bots' own checks at make()
MINIMUM = {"iterations": (1, "positive"), "threads": (1, "positive"), "samples": (1, "positive"),
           "determinizations": (1, "positive"), "seconds": (math.ulp(0.0), "positive"),
           "memory_mb": (math.ulp(0.0), "positive"), "exploration": (0, "at least 0"),
           "rollout_depth": (-1, "-1 (play to the end) or more"), "chance_branching": (0, "at least 0"),
           "implicit_minimax": (0, "at least 0")}


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

    def search_settings(self) -> tuple[Limit, dict[str, Any]]:
        """The Limit and the other analyse() keywords of a search specification (play's hints search with
        them): the same defaults as a bot built from it."""
        if self.kind not in SEARCH_BOTS:
            raise BotSpecError(f"{self}: not a search (expected {', '.join(SEARCH_BOTS)})")
        options = dict(self.options)
        options.pop("reuse_tree", None)     # a bot's setting between its moves: one search has no tree to reuse
        budget = {key: options.pop(key, None) for key in ("iterations", "seconds", "threads", "memory_mb")}
        if budget["iterations"] is None and budget["seconds"] is None:
            budget["iterations"] = DEFAULT_ITERATIONS
        budget["threads"] = budget["threads"] or 1
        options.setdefault("determinizations", DEFAULT_DETERMINIZATIONS)
        try:
            return Limit(**budget), {"algorithm": self.kind, **options}
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
    given: dict[str, str] = {}                   # keyword -> the key it was given as
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        short = LONG_KEYS.get(key, key) if keys is SEARCH_KEYS else key
        if not eq or short not in keys:
            names = ", ".join(f"{k} ({long})" if (long := _long_name(k)) else k for k in keys)
            raise BotSpecError(f"{text!r}: unknown setting {item!r} for {kind}; settings are {names}")
        keyword, kind_of = keys[short]
        if keyword in given:
            raise BotSpecError(f"{text!r}: {given[keyword]} and {key} are the same setting; give it once")
        try:
            parsed = kind_of(value)
        except ValueError:
            raise BotSpecError(f"{text!r}: {key}={value!r} is not {TYPE_NAMES[kind_of]}") from None
        if kind_of is str:
            parsed = parsed.strip().lower()
        elif not math.isfinite(parsed):
            raise BotSpecError(f"{text!r}: {key}={value.strip()} is not a finite number")
        if keyword == "rollout_policy" and parsed not in ROLLOUT_POLICIES:
            raise BotSpecError(f"{text!r}: {key} must be one of {', '.join(ROLLOUT_POLICIES)}")
        if keyword == "reuse_tree" and parsed not in (0, 1):
            raise BotSpecError(f"{text!r}: {key} must be 0 or 1")
        if keyword in MINIMUM and parsed < MINIMUM[keyword][0]:
            raise BotSpecError(f"{text!r}: {key} must be {MINIMUM[keyword][1]}")
        given[keyword] = key
        options[keyword] = parsed
    return BotSpec(kind, options)


def _long_name(key: str) -> str | None:
    return next((long for long, short in LONG_KEYS.items() if short == key), None)


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
