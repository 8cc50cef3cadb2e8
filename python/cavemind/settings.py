"""Every search setting, declared once (in the manner of python-chess's engine `Option`).

Each `Setting` record names one setting everywhere (the Python keyword, the bot-spec keys, the CLI flag, the
engine field), says what it takes (type, bounds or choices, default, help) and whether the C core receives it.
`SearchSettings`, the CLI's search flags (cli/arguments.py), the engine's query fields (engine.py), the bot-spec
keys (botspec.py) and the tables of docs/settings.md are made from these records; adding a setting is one record
here plus, for the core, its field in `SearchConfig` (src/mcts/search.pxi), which the core fills by name.

`python -m cavemind.settings docs/settings.md` rewrites the generated parts of that page.
"""
from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cavemind import _core
from cavemind.errors import SearchError

MAX_THREADS = 256
DEFAULT_ITERATIONS = 1000       # the one default budget: this many iterations unless seconds is given
# Groups: "limit" settings are cavemind.Limit's fields (the engine's "limit" object), "search" settings are the
# other analyse() keywords; "bot" settings belong to a bot between its searches, "seed" to each search call.
GROUPS = ("limit", "search", "bot", "seed")


@dataclass(frozen=True)
class Setting:
    """One search setting: its names on every surface, what it takes, and its default."""

    name: str
    """The Python keyword (analyse(), the bots, Limit for the budget), and SearchSettings' attribute."""

    type: type
    """int, float, str (then `choices`) or bool."""

    default: Any
    """The value when the setting is not given (for a `tuned` setting: in a game that does not tune it)."""

    help: str
    """What it does, for --help and docs/settings.md."""

    group: str = "search"
    """One of GROUPS."""

    low: float | None = None
    """The smallest value (ints and floats), or None."""

    high: float | None = None
    """The largest value, or None."""

    positive: bool = False
    """A number above 0 (`low` unset)."""

    choices: tuple[str, ...] = ()
    """The words a str setting takes; the core receives the index of the word."""

    low_note: str = ""
    """What the lowest value means when it is special ("play to the end")."""

    high_note: str = ""
    """Why the largest value is the largest."""

    short_key: str | None = None
    """The bot-spec key (written back with it); None: not in bot specifications. The long key is `name`."""

    flag: str | None = "derived"
    """The CLI flag; "derived": --name with - for _; None: not on the command line."""

    metavar: str | None = None
    """The CLI flag's value name."""

    core: bool = True
    """Whether the C core receives it (SearchConfig's field of the same name)."""

    advanced: bool = False
    """Not for users: an experiment's switch (hidden from --help, listed apart in docs/settings.md)."""

    tuned: bool = False
    """Each game may set its own default (cavemind.search_defaults; SearchDefaults in the game registry)."""

    default_text: str = ""
    """The default in words where the value alone does not say it."""

    @property
    def cli_flag(self) -> str | None:
        return "--" + self.name.replace("_", "-") if self.flag == "derived" else self.flag

    in_engine: bool = False
    """A bot setting the engine's ai_move takes as well (the search settings always are in the engine)."""

    @property
    def engine_field(self) -> str | None:
        """The engine query's field: camelCase, inside "limit" for the budget; None: not in the engine."""
        if self.group == "bot" and self.in_engine:
            return self.name
        if self.group not in ("limit", "search"):
            return "searchSeed" if self.group == "seed" else None
        head, *rest = self.name.split("_")
        camel = head + "".join(part.capitalize() for part in rest)
        return "limit." + camel if self.group == "limit" else camel

    # ------------------------------------------------------------ what it takes, in words

    def requirement(self, style: str = "python") -> str:
        """What a value must be: style "python" (SearchError), "text" (a CLI flag) or "json" (an engine field)."""
        if self.type is bool:
            return "True or False (1 or 0)"
        if self.choices:
            return "one of " + ", ".join(map(json.dumps, self.choices) if style == "json" else self.choices)
        finite = "" if style == "json" else " finite"
        note = f" ({self.low_note})" if self.low_note and style != "json" else ""
        if self.type is int:
            if self.low is None:
                return "an integer"
            if self.high is None:
                return f"an integer >= {_num(self.low)}"
            if note:
                return f"{_num(self.low)}{note} or an integer from {_num(self.low + 1)} to {_num(self.high)}"
            return f"an integer from {_num(self.low)} to {_num(self.high)}" + (
                f" ({self.high_note})" if self.high_note and style == "python" else "")
        if self.positive:
            return f"a positive{finite if style == 'python' else ''} number"
        if self.high is None:
            return f"a{finite} number >= {_num(self.low)}"
        return f"a number from {_num(self.low)}{note} to {_num(self.high)}"

    def python_requirement(self) -> str:
        game_default = self.tuned or (self.default is None and self.group == "search")
        unset = "None (the game's default) or " if game_default else ""
        return f"expected {unset}{self.requirement()}" if self.choices else f"must be {unset}{self.requirement()}"

    def _in_range(self, value: float) -> bool:
        if self.positive and not value > 0:
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    # ------------------------------------------------------------ reading a value from each surface

    def check(self, value: Any, owner: str = "") -> Any:
        """`value` as this setting holds it (an int given for a float becomes a float), or SearchError naming the
        parameter (`owner` prefixes it: "Limit.")."""
        if self.type is bool:
            if value in (False, True):                  # (0 and 1 too: bot specifications give integers)
                return bool(value)
        elif self.choices:
            if isinstance(value, str) and value in self.choices:
                return value
        elif _is_number(value, self.type) and self._in_range(value):
            return self.type(value)
        raise SearchError(f"{owner}{self.name}={value!r}: {self.python_requirement()}")

    def from_text(self, text: str) -> Any:
        """A CLI flag's value; ValueError with argparse's message (the caller adds the flag's name)."""
        try:
            value = self.type(text)
        except ValueError:
            raise ValueError(f"{text!r} is not {'an integer' if self.type is int else 'a number'}") from None
        if self._in_range(value) and (self.type is int or math.isfinite(value)):
            return value
        if self.type is int and not self.low_note and self.low is not None:
            if value < self.low:
                return _refuse(f"{text} must be at least {_num(self.low)}")
            if self.high_note:
                return _refuse(f"{text} is more than {self.high:,.0f} ({self.high_note})")
            return _refuse(f"{text} must be at most {_num(self.high)}")
        return _refuse(f"{text} must be {self.requirement('text')}")

    def from_json(self, value: Any, field: str) -> Any:
        """An engine field's value; ValueError with the engine's message naming `field`."""
        if self.choices:
            if value in self.choices:
                return value
            return _refuse(f"{field}: {json.dumps(value)} must be {self.requirement('json')}")
        if self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                return _refuse(f"{field}: expected an integer, got {json.dumps(value)}")
            if not self._in_range(value):
                bounds = (f"from {_num(self.low)} to {_num(self.high)}" if self.high is not None
                          else f"at least {_num(self.low)}")
                return _refuse(f"{field}: {value} is out of range (must be {bounds})")
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not self._in_range(value):
            return _refuse(f"{field}: {json.dumps(value)} must be {self.requirement('json')}")
        return float(value)

    def from_spec(self, value: str, key: str, spec: str) -> Any:
        """A bot-spec value; ValueError with the message naming `key`. Only the lower bound is checked here (the
        bot checks the rest when it is made)."""
        if self.choices:
            word = value.strip().lower()
            if word not in self.choices:
                return _refuse(f"{spec!r}: {key} must be {self.requirement()}")
            return word
        kind = int if self.type is bool else self.type
        try:
            number = kind(value)
        except ValueError:
            raise ValueError(f"{spec!r}: {key}={value!r} is not "
                             f"{'an integer' if kind is int else 'a number'}") from None
        if not math.isfinite(number):
            return _refuse(f"{spec!r}: {key}={value.strip()} is not a finite number")
        if self.type is bool:
            if number not in (0, 1):
                return _refuse(f"{spec!r}: {key} must be 0 or 1")
            return number
        if (self.positive and not number > 0) or (self.low is not None and number < self.low):
            minimum = ("positive" if self.positive or (self.low or 0) > 0 else
                       f"at least {_num(self.low)}" if self.low == 0 else f"{_num(self.low)} ({self.low_note}) or more")
            return _refuse(f"{spec!r}: {key} must be {minimum}")
        return number

    def default_words(self) -> str:
        if self.default_text:
            return self.default_text
        if self.tuned:
            return f"the game's (`cavemind.search_defaults`); else {self.default_value_words()}"
        return self.default_value_words()

    def default_value_words(self) -> str:
        if self.default is None:
            return "none"
        if isinstance(self.default, bool):
            return "off (0)" if not self.default else "on (1)"
        return f"`{self.default}`" if isinstance(self.default, str) else f"{self.default:,}" if isinstance(
            self.default, int) else f"{self.default:g}"


def _num(value: float | None) -> str:
    """A bound as written: 2147483647, 0, 0.5 (never 2.14748e+09)."""
    assert value is not None
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _is_number(value: Any, kind: type) -> bool:
    """A finite number of the setting's type (an int is a float too; a bool is neither)."""
    if isinstance(value, bool) or not isinstance(value, int if kind is int else (int, float)):
        return False
    return kind is int or math.isfinite(value)


def _refuse(message: str) -> Any:
    raise ValueError(message)


ROLLOUT_HELP = ("rollouts beyond the tree: `game` plays the game's rollout policy (uniform where it has none), "
                "`uniform` uniformly random legal moves (for comparisons), `mast` (Move-Average Sampling) the legal "
                "move with the best mean return so far in this search for the player to move (per action id; a move "
                "never played first), with probability 1 - mast_epsilon, else the game's policy; `nast` (N-gram-"
                "Average Sampling) is `mast` with the means kept per move that came before (the pair's mean once it "
                "has 3 visits, else the move's)")

SETTINGS: tuple[Setting, ...] = (
    Setting("iterations", int, DEFAULT_ITERATIONS, "search iterations in total, shared by the threads (each runs "
            "at least one)", group="limit", low=1, high=_core.MAX_ITERATIONS,
            high_note="2**31-1: the search counts visits in 32 bits", short_key="iterations", metavar="N",
            default_text="1,000, unless seconds is given"),
    Setting("seconds", float, None, "search for at most this many seconds; with iterations too, the first to run "
            "out ends the search", group="limit", positive=True, short_key="seconds", metavar="T"),
    Setting("threads", int, 1, "root-parallel search threads: one tree each, statistics summed; at most the "
            "iterations", group="limit", low=1, high=MAX_THREADS, short_key="threads", metavar="K"),
    Setting("memory_mb", float, None, "megabytes of tree nodes per thread; a full tree goes on searching without "
            "adding nodes, and more than the machine has is refused", group="limit", positive=True,
            short_key="memory", metavar="MB", default_text="half the machine's memory, shared by the threads"),
    Setting("algorithm", str, "ismcts", "ismcts, mo-ismcts and pimc decide from the mover's view; mcts sees "
            "everything", choices=tuple(_core.ALGORITHMS), metavar="A"),
    Setting("exploration", float, 0.7, "the UCB exploration constant c", low=0, short_key="c",
            metavar="C", tuned=True),
    Setting("rollout_depth", int, -1, "decisions before a rollout stops and the game's heuristic is "
            "read; -1 (cavemind.FULL_ROLLOUT) plays to the end", low=-1, high=2**31 - 1,
            low_note="play to the end", short_key="depth", metavar="D", tuned=True),
    Setting("rollout_policy", str, "game", ROLLOUT_HELP, choices=tuple(_core.ROLLOUT_POLICIES),
            short_key="policy", metavar="P", tuned=True),
    Setting("chance_branching", int, 0, "chance events with at most K outcomes are searched closed "
            "loop: each outcome, as the mover perceives it, gets a tree node of its own; 0 keeps every chance "
            "event open loop (MO-ISMCTS always is)", low=0, high=2**31 - 1,
            low_note="every chance event open loop", short_key="chance", metavar="K", tuned=True),
    Setting("implicit_minimax", float, 0.0, "implicit minimax backups (Lanctot et al. 2014): the weight "
            "A of the heuristic's minimax value of a move's subtree beside its mean return in selection; 2-player "
            "games only; MO-ISMCTS ignores it", low=0, high=1, low_note="off", short_key="minimax", metavar="A",
            tuned=True),
    Setting("prior_weight", float, 0.0, "the weight B of the game's move priors in the tree (where the game has "
            "them: State.action_priors()): a move's exploration is scaled by 1 - B + B * its prior, and an untried "
            "move is expanded only when its prior and the tried moves' mean leave room for it, so that moves a player "
            "would rarely consider are tried late and explored little", low=0, high=1, low_note="off",
            short_key="prior", metavar="B", tuned=True),
    Setting("determinizations", int, 8, "worlds PIMC samples (the other algorithms ignore it)", low=1,
            high=_core.MAX_DETERMINIZATIONS, short_key="worlds", metavar="W"),
    Setting("mast_epsilon", float, 0.2, "MAST and NAST: the share of rollout moves left to the game's policy "
            "(0.2 as in Powley et al. 2014)", low=0, high=1, short_key="epsilon", metavar="E", advanced=True),
    Setting("margin_weight", float, 0.0, "the weight w of the score margin in a rollout's value: (1 - w) * the "
            "returns + w * the margin over the best other player, scaled to [0, 1]", low=0, high=1, low_note="off",
            short_key="margin", metavar="W", advanced=True),
    Setting("heuristic_variant", int, None, "the variant of the game's cut-off heuristic (0 to the game's "
            "count - 1: State.heuristic(variant=))", low=0, short_key="variant", metavar="V",
            advanced=True, default_text="the game's (its table's default variant)"),
    Setting("rollout_variant", int, 0, "the variant of the game's rollout policy (0 to the game's count - 1: "
            "State.rollout_action(seed, variant)), which `game` plays and MAST and NAST fall back on", low=0,
            short_key="rollout_variant", metavar="V", advanced=True),
    Setting("prior_variant", int, 0, "the variant of the game's move priors (0 to the game's count - 1: "
            "State.action_priors(variant)), which prior_weight reads", low=0, short_key="prior_variant", metavar="V",
            advanced=True),
    Setting("widening", float, 0.0, "progressive widening (Coulom 2007; Chaslot et al. 2008): a node of n visits "
            "has at most 1 + floor(n ** A) children, the next one the game's rollout policy's pick where it is "
            "untried", low=0, high=1, low_note="off", short_key="widening", metavar="A", advanced=True),
    Setting("length_discount", float, 0.0, "once the search finds its position decided (its most visited move's "
            "value at least 0.9 or at most 0.1), each decision between the root and a playout's end shrinks the "
            "playout's values toward 0.5 by the factor 1 - D, so that the search prefers the earlier of two equal wins "
            "and the later of two equal losses, and finishes a won game instead of wandering", low=0, high=0.1,
            low_note="off", short_key="discount", metavar="D", tuned=True),
    Setting("level", int, None, "the bot's playing strength from 1 (a beginner) to 10 (about a second a move, its "
            "best): 2 ** (level - 10) seconds a move unless a budget is given, and below level 8 a choice drawn among "
            "the good moves (cavemind.levels); `cavemind play --level`, the engine's ai_move `level`", group="bot",
            low=1, high=10, short_key="level", flag="--level", in_engine=True,
            core=False, metavar="L", default_text="none: the search's own budget, always its best move"),
    Setting("reuse_tree", bool, False, "a bot's search continues the subtree of the position its game reached "
            "since its last search (MCTS and ISMCTS; the others start afresh)", group="bot", short_key="reuse",
            flag=None, core=False),
    Setting("seed", int, 0, "seed of the search and of sampling what the viewer cannot see; one thread and a "
            "seed reproduce a result (a bot seeds each of its searches from it)", group="seed", short_key="seed",
            flag="--search-seed", metavar="S", core=False),
)
BY_NAME: dict[str, Setting] = {setting.name: setting for setting in SETTINGS}
FIELDS = tuple(s.name for s in SETTINGS if s.group in ("limit", "search"))   # SearchSettings' attributes
LIMIT_FIELDS = tuple(s.name for s in SETTINGS if s.group == "limit")
CORE_FIELDS = tuple(s.name for s in SETTINGS if s.core)


class SearchSettings:
    """The settings of one search (or a bot's, or a game's defaults), each checked once by its record when the
    object is made; frozen, hashable and picklable. An unset setting is None: `resolved()` fills it from a game's
    defaults and the records' defaults. A resolved object also holds `core_values`, what _core.search copies into
    its SearchConfig by name.

    :raises SearchError: a value is out of range or of the wrong type (the message names the parameter)."""

    __slots__ = (*FIELDS, "core_values", "_hash")
    if TYPE_CHECKING:      # one attribute per record of FIELDS (made from the table, so mypy sees them as Any)
        def __getattr__(self, name: str) -> Any: ...

    def __init__(self, **values: Any) -> None:
        unknown = sorted(set(values) - set(FIELDS))
        if unknown:
            raise SearchError(f"{unknown[0]}: not a search setting; settings are {', '.join(FIELDS)}")
        for name in FIELDS:
            _SLOTS[name].__set__(self, None)
        for name, value in values.items():
            if value is not None:
                _SLOTS[name].__set__(self, BY_NAME[name].check(value))
        if self.iterations is not None and self.threads is not None and self.threads > self.iterations:
            raise SearchError(f"threads={self.threads!r}: more threads than iterations ({self.iterations}); each "
                              "thread runs at least one iteration")
        object.__setattr__(self, "core_values", None)
        object.__setattr__(self, "_hash", None)         # computed when first asked

    def values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def given(self) -> dict[str, Any]:
        """The settings that are set, by name."""
        return {name: value for name in FIELDS if (value := getattr(self, name)) is not None}

    def replace(self, **values: Any) -> SearchSettings:
        """A copy with `values` set (None unsets)."""
        return SearchSettings(**{**self.given(), **values})

    def over(self, defaults: SearchSettings) -> SearchSettings:
        """These settings, with the unset ones taken from `defaults`."""
        return SearchSettings(**{**defaults.given(), **self.given()})

    def resolved(self, game_defaults: SearchSettings | None = None, heuristic_variant: int = 0) -> SearchSettings:
        """Every setting set: the given ones, then `game_defaults`, then the records' defaults (1,000 iterations
        only when no seconds are given; `heuristic_variant`, the game's table's default, unless given), with
        `core_values` filled: what _core.search copies into its SearchConfig."""
        merged = {s.name: s.default for s in SETTINGS if s.name in FIELDS}
        merged["heuristic_variant"] = heuristic_variant
        merged["iterations"] = None
        merged.update(game_defaults.given() if game_defaults is not None else {})
        merged.update(self.given())
        if merged["iterations"] is None and merged["seconds"] is None:
            merged["iterations"] = DEFAULT_ITERATIONS
        settings = SearchSettings(**merged)
        core = {}
        for name in CORE_FIELDS:
            record, value = BY_NAME[name], getattr(settings, name)
            core[name] = record.choices.index(value) if record.choices else (0 if value is None else value)
        object.__setattr__(settings, "core_values", core)
        return settings

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"SearchSettings is frozen: use replace({name}=...)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SearchSettings) and self.values() == other.values()

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self.values()))
        return int(self._hash)

    def __repr__(self) -> str:
        return f"SearchSettings({', '.join(f'{k}={v!r}' for k, v in self.given().items())})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.given(), self.core_values is not None))


_SLOTS = {name: getattr(SearchSettings, name) for name in FIELDS}   # the slots' descriptors, to fill them fast


def _rebuild(given: dict[str, Any], resolved: bool) -> SearchSettings:
    settings = SearchSettings(**given)
    return settings.resolved() if resolved else settings


def records(group: str | Iterable[str] | None = None, *, advanced: bool | None = None) -> list[Setting]:
    """The records of a group (or groups), optionally only the advanced ones or only the others."""
    groups = (group,) if isinstance(group, str) else tuple(group) if group is not None else GROUPS
    return [s for s in SETTINGS if s.group in groups and (advanced is None or s.advanced == advanced)]


# ---------------------------------------------------------------- docs/settings.md

BEGIN = "<!-- generated by `python -m cavemind.settings docs/settings.md`: {name} -->"
END = "<!-- end of the generated {name} -->"


def settings_table(advanced: bool) -> str:
    """The Markdown table of the settings (the ones for users, or the advanced ones)."""
    rows = ["| setting | Python keyword | CLI flag | engine field | bot-spec key | default | meaning |",
            "|---|---|---|---|---|---|---|"]
    for s in SETTINGS:
        if s.advanced != advanced:
            continue
        where = {"limit": "Limit", "search": "analyse", "bot": "ISMCTSBot", "seed": "analyse"}[s.group]
        flag = f"`{s.cli_flag} {s.metavar or s.name.upper()}`" if s.cli_flag else "—"
        field = f"`{s.engine_field}`" if s.engine_field else "—"
        key = (f"`{s.short_key}` or `{s.name}`" if s.short_key and s.short_key != s.name else
               f"`{s.name}`" if s.short_key else "the bot's name" if s.name == "algorithm" else "—")
        meaning = s.help + (f"; {s.requirement('python')}" if s.type is not bool else "; 0 or 1")
        rows.append(f"| {s.name} | `{where}({s.name}=)` | {flag} | {field} | {key} | {s.default_words()} | "
                    f"{meaning} |")
    return "\n".join(rows)


def game_defaults_table() -> str:
    """Each game's default settings per player count, from the registry (adjacent counts with equal settings
    share a row)."""
    from cavemind.games import bot_defaults, game_info, game_names, search_defaults
    tuned = [s.name for s in SETTINGS if s.tuned]
    rows = ["| game | players | " + " | ".join(tuned) + " | a bot's own |",
            "|---|---|" + "|".join("---" if BY_NAME[n].choices else "---:" for n in tuned) + "|---|"]
    for game in game_names():
        counts = sorted(game_info(game).player_counts)
        groups: list[tuple[list[int], tuple[Any, ...]]] = []
        bots = ", ".join(f"{name} {value:g}" if isinstance(value, float) else f"{name} {value}"
                         for name, value in bot_defaults(game).given().items()) or "-"
        for players in counts:
            values = (*(getattr(search_defaults(game, players), n) for n in tuned), bots)
            if groups and groups[-1][1] == values and groups[-1][0][-1] == players - 1:
                groups[-1][0].append(players)
            else:
                groups.append(([players], values))
        for players_of, values in groups:
            span = str(players_of[0]) if len(players_of) == 1 else f"{players_of[0]}-{players_of[-1]}"
            rows.append(f"| {game} | {span} | " + " | ".join(f"{v:g}" if isinstance(v, float) else str(v)
                                                             for v in values) + " |")
    return "\n".join(rows)


GENERATED = {"settings table": lambda: settings_table(advanced=False),
             "advanced settings table": lambda: settings_table(advanced=True),
             "game defaults table": game_defaults_table}


def generated_page(text: str) -> str:
    """`text` (docs/settings.md) with every generated part written again from the records and the registry."""
    for name, make in GENERATED.items():
        begin, end = BEGIN.format(name=name), END.format(name=name)
        if begin not in text or end not in text:
            raise ValueError(f"the page has no {begin!r} ... {end!r} markers")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{make()}\n{end}{tail}"
    return text


def main(argv: Mapping[int, str] | list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cavemind.settings docs/settings.md", file=sys.stderr)
        return 2
    path = argv[0]
    with open(path, encoding="utf-8") as page:
        text = page.read()
    new = generated_page(text)
    if new != text:
        with open(path, "w", encoding="utf-8") as page:
            page.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
