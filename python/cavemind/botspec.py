"""Bot specifications: one small language shared by `play`, the engine and the arena.

    random | heuristic | expert | passive | human
    mcts:iterations=2000 | ismcts:iterations=1000,c=0.7,threads=2 | mo-ismcts:seconds=1 | pimc:worlds=16

The keys of a search are the search settings' (cavemind.settings, docs/settings.md): each has a short key (c for
exploration, depth for rollout_depth, worlds for determinizations, ...) and its Python name as the long key
(`ismcts:exploration=0.5,rollout_depth=10`; `-` may stand for `_`); a spec is written back with the short keys.
random, heuristic, expert and passive take only seed (heuristic also samples; passive ends its turn or passes
where it can, else plays its first legal move). Unset settings take the defaults of
docs/settings.md. `expert` is the game's hand-written strategy (cavemind.experts); a game without one raises
SearchError.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cavemind.bots import Bot, HeuristicBot, ISMCTSBot, MCTSBot, MOISMCTSBot, PassiveBot, PIMCBot, RandomBot
from cavemind.errors import CavemindError, SearchError
from cavemind.experts import ExpertBot
from cavemind.levels import with_level_budget
from cavemind.search import Limit, search_settings
from cavemind.settings import BY_NAME, LIMIT_FIELDS, SETTINGS, Setting


class BotSpecError(CavemindError, ValueError):
    """A bot specification that cannot be parsed: unknown bot or key, or a bad value."""


SEARCH_BOTS: dict[str, Callable[..., Bot]] = {"mcts": MCTSBot, "ismcts": ISMCTSBot, "mo-ismcts": MOISMCTSBot,
                                              "pimc": PIMCBot}
SIMPLE_BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "expert": ExpertBot,
                                              "passive": PassiveBot}
HUMAN = "human"
# key in the spec -> the setting: a search's keys are the settings' short keys (a spec is written back with them),
# and their Python names are accepted as well (LONG_KEYS).
SEARCH_KEYS: dict[str, Setting] = {s.short_key: s for s in SETTINGS if s.short_key is not None}
LONG_KEYS: dict[str, str] = {s.name: s.short_key for s in SETTINGS if s.short_key not in (None, s.name)}
# The simple bots' own keys: seed (the setting's) and the heuristic bot's samples.
SAMPLES = Setting("samples", int, 4, "the heuristic bot's samples of the chance events after a move", group="bot",
                  low=1, high=2**31 - 1, short_key="samples", flag=None, core=False)
SIMPLE_KEYS: dict[str, Setting] = {"seed": BY_NAME["seed"], "samples": SAMPLES}


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
            try:
                return SEARCH_BOTS[self.kind](**kwargs)
            except SearchError as error:
                raise BotSpecError(f"{self}: {error}") from None
        if self.kind in ("random", "expert", "passive"):
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
        level = options.pop("level", None)  # a hint searches with the level's budget, and shows every move
        seed = options.pop("seed", None)
        try:
            given = with_level_budget(search_settings(None, None, algorithm=self.kind, **options), level)
            budget = {name: value for name, value in given.resolved().given().items() if name in LIMIT_FIELDS}
            keywords = {name: value for name, value in given.given().items() if name not in LIMIT_FIELDS}
            return Limit(**budget), {**keywords, **({"seed": seed} if seed is not None else {})}
        except SearchError as error:
            raise BotSpecError(f"{self}: {error}") from None

    def __str__(self) -> str:
        if not self.options:
            return self.kind
        names = {setting.name: key for key, setting in {**SEARCH_KEYS, **SIMPLE_KEYS}.items()}
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
            names = ", ".join(f"{k} ({long})" if (long := _long_name(k)) else k for k in keys
                              if not keys[k].advanced)
            raise BotSpecError(f"{text!r}: unknown setting {item!r} for {kind}; settings are {names}")
        setting = keys[short]
        if setting.name in given:
            raise BotSpecError(f"{text!r}: {given[setting.name]} and {key} are the same setting; give it once")
        try:
            options[setting.name] = setting.from_spec(value, key, text)
        except ValueError as error:
            raise BotSpecError(str(error)) from None
        given[setting.name] = key
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
