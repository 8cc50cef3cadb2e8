"""The registry of games. Each game registers itself with one record, `GAME = GameInfo(...)`, in its own module
`cavemind.games.<game>`, beside its compiled module `cavemind.games._<game>` (src/games/README.md); the registry
finds these records by itself, and `register` adds a game defined elsewhere. Finding the games imports no compiled
module, picture or strategy: each is imported when it is first used.

>>> from cavemind.games import game_info
>>> game_info("stone_age").module
'cavemind.games._stone_age'
"""
from __future__ import annotations

import functools
import importlib
import itertools
import pkgutil
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from cavemind.errors import InvalidPositionError, UnknownGameError

if TYPE_CHECKING:      # for annotations only: the games know nothing of the library above them
    from cavemind.game import State

from cavemind.settings import SETTINGS, SearchSettings

FULL_ROLLOUT = -1   # rollout_depth that plays every rollout to the end of the game


@runtime_checkable
class GameModule(Protocol):
    """The module-level names every compiled game module provides (src/games/README.md, "The Python side").
    `Game` and `State` reach a game only through these, so mypy checks every use against this list, and the
    contract tests check that each registered module has all of them."""

    NAME: str
    DESCRIPTION: str
    HIDDEN_INFORMATION: bool
    PARAMETERS: Mapping[str, Mapping[str, Any]]

    def make_table(self, params: dict[str, Any], /) -> object: ...   # a capsule named cavemind.GameTable
    def initial_state(self, params: dict[str, Any], /) -> bytes: ...
    def check_state(self, data: bytes, /) -> str | None: ...
    def phase_name(self, data: bytes, /) -> str: ...
    def action_to_string(self, data: bytes, action: int, /) -> str: ...
    def state_to_dict(self, data: bytes, observer: int | None = None, /) -> dict[str, Any]: ...
    def state_from_dict(self, params: dict[str, Any], doc: dict[str, Any], /) -> bytes: ...
    def render(self, data: bytes, observer: int | None = None, /) -> str: ...
    def observation_size(self, params: dict[str, Any], /) -> int: ...
    def observation(self, data: bytes, player: int, /) -> Sequence[float]: ...


class SearchDefaults(SearchSettings):
    """A game's default search settings: a partial SearchSettings (cavemind.settings) that analyse(), the bots,
    the command line, the engine and the arena read for a setting not given. Chosen by arena matches
    (docs/strength.md); `by_players` overrides them for one player count. An unset setting keeps its record's
    default. `bots` are settings a bot (cavemind.bots.SearchBot) takes where its own leave them unset and an
    analysis does not: what a player should do and an analysis must not, such as hurrying to finish a won game
    (length_discount), which shrinks a decided position's values toward 0.5."""

    __slots__ = ("bots", "by_players")

    def __init__(self, *, by_players: Mapping[int, SearchDefaults] | None = None,
                 bots: SearchSettings | None = None, **values: Any) -> None:
        super().__init__(**values)
        object.__setattr__(self, "by_players", dict(by_players or {}))
        object.__setattr__(self, "bots", bots if bots is not None else SearchSettings())

    def for_players(self, players: int) -> SearchSettings:
        """The settings each game tunes (records with `tuned`), for `players` players: the override of that
        count, then these, then the records' defaults."""
        tuned = SearchSettings(**{record.name: record.default for record in SETTINGS if record.tuned})
        overrides = self.by_players.get(players)
        base = SearchSettings(**self.given()).over(tuned)
        return base if overrides is None else SearchSettings(**overrides.given()).over(base)

    def __reduce__(self) -> tuple[Any, ...]:
        # SearchSettings' own __reduce__ would rebuild a plain SearchSettings and lose by_players (a record
        # pickled into a fuzzing child process must keep its defaults)
        return (_rebuild_defaults, (self.given(), self.by_players, self.bots))


# A bot hurries to finish a won game: the length discount 0.0005 once the game is decided scored 51.5% to 56.5% of
# 200 seat-rotated 2-player games against the search without it at 0.05 s a move in Stone Age, Honga, Jäger und
# Späher and Dino Jagd (docs/research/2026-12-07-finishing-won-games-and-levels.md), and ends Dino Jagd's stalled
# games. Prehistory ends after its fifth round whatever anyone does, and there it scored 48.2%: it does not hurry.
FINISH_WON_GAMES = SearchSettings(length_discount=0.0005)


def _rebuild_defaults(given: dict[str, Any], by_players: dict[int, SearchDefaults],
                      bots: SearchSettings) -> SearchDefaults:
    return SearchDefaults(by_players=by_players, bots=bots, **given)


@dataclass(frozen=True)
class GalleryView:
    """One picture of a game in the docs gallery (`python -m cavemind.svg.gallery`): a position halfway through a
    seeded random game in the configuration `options`, drawn from seat `observer`'s view."""

    options: Mapping[str, Any] = field(default_factory=dict)   # load_game options
    observer: int | None = None      # the seat whose view is drawn, None for everything face up
    order: int = 0                   # where the picture stands in the gallery: smallest first, then by game name


@dataclass(frozen=True)
class SoakPlan:
    """What a soak of one game plays (`cavemind.testing.soak`), and what it checks beyond what every game gets
    (check_state, the game over within max_game_length, returns in [0, 1] summing to 1, the position invariants).

    The caps named here are the engine's, not rules: none may end or change a game the rules would continue.
    """

    options: Mapping[str, tuple[Any, ...]]   # load_game option -> its values; one soak per combination
    loop: str = "python"                 # the default loop: "python" (checks along the way) or "c" (see soak)
    invariants_during: bool = True       # the position invariants hold during a game, not only at its end
    turns: str | None = None             # the position field counting turns or rounds
    turn_cap: str | None = None          # the load_game option capping that count or, if the game has no option of
                                         # that name, the compiled module's constant of that name
    cap_may_end: bool = False            # random games may reach the turn cap (counted) instead of failing
    ended: Callable[[State], str | None] | None = None   # the rules' end condition, when not capped
    peaks: Mapping[str, int] = field(default_factory=dict)  # raw state field (module LAYOUT) -> a cap it stays below
    c_soak: Callable[..., tuple[Any, ...]] | None = None   # the module's own C loop checking every step (Stone Age)

    @property
    def configurations(self) -> tuple[dict[str, Any], ...]:
        """Every combination of the option values, the first option varying slowest."""
        keys = list(self.options)
        return tuple(dict(zip(keys, values, strict=True)) for values in itertools.product(*self.options.values()))


def notation_to_words(game: str, notation: str) -> str:
    """A move's or chance outcome's notation in `game` as a person reads it: followed by what it names by a code,
    where the game's record says (GameInfo.action_words: 'disc G27[1120]: a grey 1-1-2-0 disc'); else as it is.
    It reads the notation alone, so a seat's view of a move (State.observed_action) gives words of that view."""
    words = game_info(game).action_words
    meaning = words(notation) if words is not None else None
    return f"{notation}: {meaning}" if meaning else notation


def _check_reference(owner: str, reference: str | None) -> None:
    if reference is not None and (not isinstance(reference, str) or reference.count(":") != 1
                                  or not all(reference.split(":"))):
        raise ValueError(f"{owner}: {reference!r} is not a reference 'module:function'")


def _resolve(reference: str) -> Any:
    """The object a reference 'package.module:name' names, its module imported on first use."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameInfo:
    """One game's registration record, in the spirit of OpenSpiel's REGISTER_SPIEL_GAME: written once, in the
    game's own module `cavemind.games.<game>` as `GAME = GameInfo(...)` (or given to `register`), it says where
    the compiled module is and everything the generic machinery needs to know about the game: its default search
    settings, its expert and its picture (named lazily, as 'module:function'), its gallery views, and the test
    hooks of `cavemind.testing` (position invariants, soak plan, playthrough options).

    What the compiled module declares (name, description, parameters, player counts, hidden information,
    chance) is read from it when asked, so that each fact has one place: the game's own source."""

    module: str                                  # the compiled module, "cavemind.games._<game>"
    search: SearchDefaults = field(default_factory=SearchDefaults)
    expert: str | None = None                    # "module:function" of its expert policy (cavemind.experts)
    drawer: str | None = None                    # "module:function" drawing a position document (cavemind.svg)
    gallery: tuple[GalleryView, ...] = ()        # its pictures in the docs gallery
    invariants: Callable[[State], int | None] | None = None   # conservation laws restated from the JSON position:
                                                 # they assert and return a count a game keeps (or None)
    soak: SoakPlan | None = None                 # None: a soak plays each player count
    playthrough_options: Mapping[str, Any] = field(default_factory=dict)   # options of its playthrough file
                                                 # (tests/playthroughs/<game>.txt) besides 2 players
    legend: str = ""                             # what the readable board's symbols and abbreviations mean
                                                 # (`legend` at cavemind play's prompt); "" when it says all
    action_words: Callable[[str], str | None] | None = None   # what a move's or chance outcome's notation
                                                 # names by a code (a card, a disc, a building), in words, or None
                                                 # where the notation says it all (State.action_to_words)
    points_per_game: float | None = None         # games with points: a score margin that counts as a whole game
                                                 # in review once a game is decided (cavemind.review); None: the
                                                 # game's scores are its results

    def __post_init__(self) -> None:
        if not isinstance(self.module, str) or not self.module:
            raise ValueError(f"GameInfo.module: {self.module!r} is not the dotted name of a compiled game module")
        _check_reference("GameInfo.expert", self.expert)
        _check_reference("GameInfo.drawer", self.drawer)

    @property
    def compiled(self) -> GameModule:
        """The compiled game module (imported on first use)."""
        return cast(GameModule, importlib.import_module(self.module))

    @property
    def name(self) -> str:
        return self.compiled.NAME

    @property
    def description(self) -> str:
        """One line: the game's long name and what is modelled."""
        return self.compiled.DESCRIPTION

    @property
    def parameters(self) -> dict[str, dict[str, Any]]:
        """{parameter: {"type", "default", "choices"?, "help"?}}, always with "players" (a copy)."""
        return {key: dict(spec) for key, spec in self.compiled.PARAMETERS.items()}

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the game can be set up for, smallest first."""
        players = self.compiled.PARAMETERS["players"]
        return tuple(sorted(players.get("choices") or (players["default"],)))

    @property
    def hidden_information(self) -> bool:
        """Whether anything is ever hidden from a player."""
        return bool(self.compiled.HIDDEN_INFORMATION)

    @property
    def chance(self) -> bool:
        """Whether the game has chance events (deals, dice, draws), in its default configuration."""
        # The search core reads the C table (it imports no game and no library module), loaded only when asked.
        from cavemind import _core
        defaults = {key: spec["default"] for key, spec in self.compiled.PARAMETERS.items()}
        return bool(_core.table_info(self.compiled.make_table(defaults))["max_chance_outcomes"] > 0)

    def expert_policy(self) -> Callable[[dict[str, Any], list[int], list[str]], int] | None:
        """The expert's policy(view, actions, names) -> index into actions (imported on first use), or None."""
        return None if self.expert is None else cast(Callable[[dict[str, Any], list[int], list[str]], int],
                                                      _resolve(self.expert))

    def picture(self, doc: dict[str, Any], size: int | None = None) -> str:
        """The SVG picture of a position document of this game, drawn by the game's drawer (imported on first
        use); `size` is the width in pixels. Raises InvalidPositionError when the game has no picture."""
        if self.drawer is None:
            raise InvalidPositionError(f"game: no picture for {self.name!r} (its record names no drawer)")
        return cast(str, _resolve(self.drawer)(doc).svg(size))


# The registry: the records found in this package's modules (on first use), then those registered by hand. A lock
# keeps the first search whole when several threads load games at once.
_GAMES: dict[str, GameInfo] = {}
_FOUND = False
_LOCK = threading.RLock()


def _registry() -> dict[str, GameInfo]:
    global _FOUND
    if _FOUND:
        return _GAMES
    with _LOCK:
        if not _FOUND:
            for module in pkgutil.iter_modules(__path__):
                if module.name.startswith("_") or module.ispkg:
                    continue            # the compiled modules (_<game>) and folders are no records
                record = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
                if record is None:
                    continue            # a helper module such as fields
                if not isinstance(record, GameInfo):
                    raise TypeError(f"{__name__}.{module.name}.GAME is a {type(record).__name__}, not a GameInfo")
                _GAMES.setdefault(module.name, record)
            _FOUND = True
    return _GAMES


def register(record: GameInfo, *, replace: bool = False) -> GameInfo:
    """Registers a game defined outside this package (a plugin, a test's game) under its compiled module's NAME,
    so that everything generic (load_game, the CLI, the engine, the test harness) finds it. Registering the same
    record again does nothing; a different record under a registered name raises ValueError unless `replace`."""
    if not isinstance(record, GameInfo):
        raise TypeError(f"register: expected a GameInfo, got {type(record).__name__}")
    name = record.name
    with _LOCK:
        games = _registry()
        if name in games and games[name] != record and not replace:
            raise ValueError(f"register: a game named {name!r} is registered already (module {games[name].module})")
        games[name] = record
    _search_defaults.cache_clear()
    return record


def unregister(name: str) -> GameInfo:
    """Removes game `name` from the registry (a game registered for a while, as the tests do); returns its record.
    Raises UnknownGameError."""
    with _LOCK:
        record = game_info(name)
        del _registry()[name]
    _search_defaults.cache_clear()
    return record


def game_info(name: str) -> GameInfo:
    """The registry record of game `name`. Raises UnknownGameError."""
    games = _registry()
    if not isinstance(name, str) or name not in games:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(game_names())}")
    return games[name]


def search_defaults(name: str, players: int) -> SearchSettings:
    """The default search settings of game `name` with `players` players: the settings each game tunes, all set
    (a partial SearchSettings, resolved once per game and player count)."""
    game_info(name)  # raises UnknownGameError for an unknown name
    return _search_defaults(name, players)


@functools.cache
def _search_defaults(name: str, players: int) -> SearchSettings:
    # register() and unregister() clear this cache: a game's record may be replaced
    return game_info(name).search.for_players(players)


def bot_defaults(name: str) -> SearchSettings:
    """The settings a bot playing game `name` takes where its own leave them unset, beyond the game's search
    defaults (SearchDefaults.bots: what a player does and an analysis must not). Raises UnknownGameError."""
    bots: SearchSettings = game_info(name).search.bots
    return bots


def game_names() -> list[str]:
    return sorted(_registry())


def game_module(name: str) -> GameModule:
    """The compiled module of game `name`, seen through its contract. Raises UnknownGameError."""
    # The compiled modules have no stubs: the contract tests check that each one has every GameModule name.
    return cast(GameModule, compiled_module(name))


def compiled_module(name: str) -> ModuleType:
    """The compiled module of game `name` with everything it defines, for a game's own extras (its data
    tables, debug helpers) beyond the GameModule contract. Raises UnknownGameError."""
    return importlib.import_module(game_info(name).module)
