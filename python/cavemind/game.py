"""Games and states: load_game(), Game, State and JSON positions."""
from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cavemind import _core
from cavemind.errors import EmptyHistoryError, IllegalActionError, InvalidOptionError, InvalidPositionError
from cavemind.games import GameModule, game_info, game_module, notation_to_words
from cavemind.games.fields import known_fields
from cavemind.inputs import check_nesting, load_json

if TYPE_CHECKING:
    from typing_extensions import Self

CHANCE = _core.CHANCE_PLAYER
TERMINAL = _core.TERMINAL_PLAYER
# Format 2 added the header every game shares (to_move, phase, finished); format 1 positions are still read.
POSITION_FORMAT = 2
READABLE_FORMATS = (1, 2)
HEADER_FIELDS = ("to_move", "phase", "finished")
# Every top-level field a position may have (State.to_dict writes them; observer only from a seat's view).
POSITION_FIELDS = ("game", "format", "players", "options", "observer", *HEADER_FIELDS, "state")
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def parameters_of(name: str) -> dict[str, dict[str, Any]]:
    """The parameters `name` accepts: {parameter: {"type", "default", "choices"?, "help"?}}."""
    return game_info(name).parameters


def _coerce(game: str, key: str, spec: Mapping[str, Any], value: Any) -> Any:
    """`value` as the parameter's type; strings (from a command line) are parsed."""
    kind = spec["type"]
    try:
        if kind is bool:
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                value = value.lower() in _TRUE
            if not isinstance(value, bool):
                raise ValueError
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError
            value = int(value)
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise ValueError
            value = float(value)
            if not math.isfinite(value):
                raise ValueError
        elif not isinstance(value, str):
            raise ValueError
    except (ValueError, OverflowError):
        raise InvalidOptionError(f"{game}: option {key}={value!r} is not a {kind.__name__}") from None
    choices = spec.get("choices")
    if choices is not None and value not in choices:
        raise InvalidOptionError(f"{game}: option {key}={value!r} must be one of {list(choices)}")
    return value


def load_game(name: str, **params: Any) -> Game:
    """The game `name` with validated parameters (`players` and game options); defaults fill the rest."""
    return Game(name, params)


class Game:
    """One game in one configuration: a name, validated parameters, and the C function table.

    A Game is a value: equal name and parameters make equal games. It pickles as (name, parameters) (the
    C table is rebuilt on loading), and copy.copy/copy.deepcopy return the game itself, as nothing in it
    changes after construction."""

    def __init__(self, name: str, params: dict[str, Any] | None = None):
        self.module: GameModule = game_module(name)
        self.name = name
        spec = self.module.PARAMETERS
        given = dict(params or {})
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise InvalidOptionError(f"{name}: unknown option {unknown[0]!r}; options are {sorted(spec)}")
        self.params = {key: _coerce(name, key, s, given.get(key, s["default"])) for key, s in spec.items()}
        try:
            self._capsule = self.module.make_table(self.params)
        except ValueError as error:  # a value the game's own checks refuse, such as a range
            raise InvalidOptionError(f"{name}: option {error}") from None
        info = _core.table_info(self._capsule)
        self.num_players: int = info["num_players"]
        self.max_actions: int = info["max_actions"]
        self.state_size: int = info["state_size"]
        self.max_game_length: int = info["max_game_length"]
        self.max_chance_outcomes: int = info["max_chance_outcomes"]   # 0: the game has no chance events

    @property
    def observation_size(self) -> int:
        """The length of State.observation() in this configuration."""
        return self.module.observation_size(self.params)

    @property
    def options(self) -> dict[str, Any]:
        """The parameters other than the player count."""
        return {k: v for k, v in self.params.items() if k != "players"}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"load_game({self.name!r}, {args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.params) == (other.name, other.params)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.params.items()))))

    def __reduce__(self) -> tuple[type[Game], tuple[str, dict[str, Any]]]:
        # The module and the C table (a capsule) cannot be pickled: the game is rebuilt from its parameters.
        return Game, (self.name, dict(self.params))

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def new_initial_state(self, seed: int | None = None) -> State:
        """The starting position. With a seed, the opening chance events (the deal, a random start
        player) are sampled with it, so the state returned is the first decision; without, the raw root."""
        state = State(self, self.module.initial_state(self.params))
        if seed is not None:
            step = 0
            while state.is_chance_node():
                state.apply(state.sample_chance(seed * 1_000_003 + step))
                step += 1
        return state

    def state_from_dict(self, state_doc: dict[str, Any], observer: int | None = None, seed: int = 0) -> State:
        """A state from the game-specific part of a position. From an observer's seat, what they cannot see
        is sampled (with `seed`) from what is unseen."""
        try:
            data = self.module.state_from_dict(self.params, state_doc)
        except (ValueError, TypeError, KeyError, IndexError) as error:
            where = "state" if str(error).startswith("[") else "state."     # state["odd key"], state.field
            raise InvalidPositionError(f"{self.name} position: {where}{error}") from None
        state = State(self, data)
        problem = state.check_state()
        if problem is not None:
            raise InvalidPositionError(f"{self.name} position: state.{problem}")
        if observer is not None:
            state = state.determinize(observer, seed)
            state._view_of = observer
        return state

    def state_from_json(self, doc: str | dict[str, Any], seed: int = 0) -> State:
        """A state from a JSON position (a string or a parsed dict) written by State.to_json."""
        return state_from_json(doc, seed=seed, game=self)


def state_from_json(doc: str | dict[str, Any], seed: int = 0, game: Game | None = None) -> State:
    """Loads a position, checking every top-level field; errors name the field and the reason. A field the
    position format does not have is refused, at every level, as is a document nested more than 64 levels."""
    if isinstance(doc, str):
        doc = load_json(doc, InvalidPositionError, "position")      # its depth measured before parsing
    elif isinstance(doc, dict):
        check_nesting(doc, InvalidPositionError, "position")
    if not isinstance(doc, dict):
        raise InvalidPositionError("position: expected a JSON object")
    try:
        known_fields(doc, POSITION_FIELDS)
    except ValueError as error:
        raise InvalidPositionError(str(error)) from None
    for key in ("game", "format", "players", "state"):
        if key not in doc:
            raise InvalidPositionError(f"position: missing field {key!r}")
    if not isinstance(doc["game"], str):
        raise InvalidPositionError("game: expected a game name (a string)")
    position_format = doc["format"]
    if isinstance(position_format, bool) or position_format not in READABLE_FORMATS:
        raise InvalidPositionError(f"format: {position_format!r} is not supported (this version reads "
                                   f"{' and '.join(map(str, READABLE_FORMATS))})")
    if position_format >= 2:
        for key in HEADER_FIELDS:
            if key not in doc:
                raise InvalidPositionError(f"position: missing field {key!r}")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise InvalidPositionError("options: expected an object")
    try:
        loaded = Game(doc["game"], {"players": doc["players"], **options})
    except (InvalidOptionError, KeyError) as error:
        raise InvalidPositionError(f"position: {error}") from None
    if game is not None and loaded != game:
        raise InvalidPositionError(f"position: it is a {loaded!r} position, not {game!r}")
    observer = doc.get("observer")
    if observer is not None and (isinstance(observer, bool) or not isinstance(observer, int)
                                 or not 0 <= observer < loaded.num_players):
        raise InvalidPositionError(f"observer: must be a seat 0..{loaded.num_players - 1}")
    state_doc = doc["state"]
    if not isinstance(state_doc, dict):
        raise InvalidPositionError("state: expected an object")
    if position_format == 1:
        upgrade = getattr(loaded.module, "state_dict_from_format_1", None)
        if upgrade is not None:
            try:
                state_doc = upgrade(state_doc)
            except (ValueError, TypeError, KeyError, IndexError) as error:
                raise InvalidPositionError(f"{loaded.name} position: state.{error}") from None
    state = loaded.state_from_dict(state_doc, observer=observer, seed=seed)
    if position_format >= 2:
        for key, value in state.position_header().items():
            if doc[key] != value or isinstance(doc[key], bool) != isinstance(value, bool):
                raise InvalidPositionError(f"{key}: the position says {doc[key]!r}, but its state has {value!r}")
    return state


_core_apply = _core.CoreState.apply     # called directly: State.apply is on every Python-level playing loop


class State(_core.CoreState):
    """A position of a game. Actions are integers; their notation comes from the game.

    A State remembers the actions applied to it (chance outcomes included) and the bytes before each, so
    history() lists them and pop() takes the last one back (as python-chess's Board.pop()). A state loaded
    from a position or made by determinize() starts with an empty history. The search works on the C
    bytes alone and never sees this list.

    >>> state = load_game("tictactoe").new_initial_state()
    >>> state.apply(state.string_to_action("b2"))
    >>> state.history(), state.pop(), state.history()
    ([4], 4, [])
    """

    # no per-instance __dict__: creating a State stays as cheap as the C state under it (benchmarks and bots
    # make many)
    __slots__ = ("_undo", "_view_of")

    def __init__(self, game: Game, data: bytes):
        # (action, the bytes before it) per applied action: pop() restores the exact previous state.
        self._undo: list[tuple[int, bytes]] = []
        self._view_of: int | None = None

    @property
    def view_of(self) -> int | None:
        """The seat whose view this state was loaded from (a position written with an observer), or None for a
        whole position. What that seat could not see was sampled when the position was loaded, so a view shows
        and writes itself from that seat unless told otherwise: str(), render(), to_dict(), to_json() and the
        pictures leave the sampled parts unknown. A copy, a child or a determinization of a view is a view."""
        return self._view_of

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as (game, the bytes before the first recorded action, the actions): loading replays
        them, which rebuilds the history and every undo step exactly (applying is deterministic; chance
        outcomes are actions too). The C state itself cannot be pickled."""
        start = self._undo[0][1] if self._undo else self.to_bytes()
        return _restore_state, (self.game, start, self.history(), self._view_of)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # The game is immutable and shared; the C state and the history are copied.
        return self.clone()

    def unmasked(self) -> Self:
        """A copy that is not a view (`view_of` None): what was sampled for the parts its seat could not see then
        shows as if it were known. For tests and tools that need the sampled world itself."""
        copy = self.clone()
        copy._view_of = None
        return copy

    def history(self) -> list[int]:
        """The action ids applied to this state so far, in order (chance outcomes included)."""
        return [action for action, _ in self._undo]

    def pop(self) -> int:
        """Takes back the last applied action and returns it; the state becomes exactly what it was before.
        Raises EmptyHistoryError when there is nothing to take back."""
        if not self._undo:
            raise EmptyHistoryError("pop(): no action to take back (the history is empty)")
        action, before = self._undo.pop()
        self._set_bytes(before)
        return action

    def clone(self) -> Self:
        """An independent copy, with the same history (copy.copy and copy.deepcopy make the same)."""
        copy = super().clone()
        copy._undo = list(self._undo)
        copy._view_of = self._view_of
        return copy

    def determinize(self, observer: int, seed: int = 0) -> Self:
        """A new state in `observer`'s information set (see CoreState.determinize). Its history is empty:
        the actions that led here would include what the observer cannot see."""
        world = super().determinize(observer, seed)
        world._undo = []
        world._view_of = self._view_of
        return world

    def random_playout(self, seed: int = 0) -> int:
        """Random moves to the end, in C (for benchmarks); the history is cleared, as those moves are not
        recorded one by one."""
        steps = _core.CoreState.random_playout(self, seed)
        self._undo.clear()
        return steps

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (legal now or not) or of a chance outcome.

        :raises IllegalActionError: `action` is not an action id of this game."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.game.max_actions:
            raise IllegalActionError(
                f"action {action!r}: {self.game.name} action ids are integers 0..{self.game.max_actions - 1}")
        return self.game.module.action_to_string(self.to_bytes(), action)

    def action_to_words(self, action: int) -> str:
        """The notation of an action id or chance outcome as a person reads it: where the notation names a card, a
        disc or a building by a code ('draw G07', 'disc G27[1120]'), followed by what that is ('draw G07: 7 food /
        culture pottery [G07]'); else the notation alone. The game's record says what its codes are
        (GameInfo.action_words); the notation stays what records and the engine read.

        :raises IllegalActionError: `action` is not an action id of this game."""
        return notation_to_words(self.game.name, self.action_to_string(action))

    def legal_action_strings(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_actions()]

    def string_to_action(self, text: str) -> int:
        """The legal action (or chance outcome) whose notation is `text` (spaces and case ignored)."""
        wanted = " ".join(str(text).lower().split())
        for action in self.legal_actions():
            if " ".join(self.action_to_string(action).lower().split()) == wanted:
                return action
        if self.is_terminal():
            raise IllegalActionError(f"{text!r}: the game is over")
        raise IllegalActionError(f"{text!r} is not a legal move here; legal: {', '.join(self.legal_action_strings())}")

    def apply(self, action: int | str) -> None:
        """Plays an action id or its notation. Raises IllegalActionError and leaves the state unchanged."""
        if isinstance(action, str):
            action = self.string_to_action(action)
        elif isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"action {action!r}: expected an int id or a move string")
        before = self.to_bytes()
        _core_apply(self, action)        # raises on an illegal action, before the history changes
        self._undo.append((action, before))

    def child(self, action: int | str) -> State:
        """A copy with `action` applied."""
        copy = self.clone()
        copy.apply(action)
        return copy

    def check_state(self) -> str | None:
        """None when the rules allow this state, else which field is wrong and why (the game's C check of
        every index bound and rule invariant; loading a position runs it)."""
        return self.game.module.check_state(self.to_bytes())

    def observation(self, player: int) -> list[float]:
        """A fixed-length numeric view of the game from `player`'s seat (layout in the game's README);
        it reveals nothing `player` cannot see."""
        self._check_player(player)
        return list(self.game.module.observation(self.to_bytes(), player))

    def to_dict(self, observer: int | None = None) -> dict[str, Any]:
        """The position as a JSON-ready dict; from `observer`'s seat, hidden parts are left out. A view
        (`view_of`) is written from its seat unless `observer` names another."""
        observer = self._view_of if observer is None else observer
        if observer is not None:
            self._check_player(observer)
        doc: dict[str, Any] = {
            "game": self.game.name,
            "format": POSITION_FORMAT,
            "players": self.game.num_players,
            "options": self.game.options,
        }
        if observer is not None:
            doc["observer"] = observer
        doc.update(self.position_header())
        doc["state"] = self.game.module.state_to_dict(self.to_bytes(), observer)
        return doc

    def position_header(self) -> dict[str, Any]:
        """The part of a position every game shares (src/games/README.md, "Positions"): `to_move` (a seat,
        "chance", or None when the game is over), `phase` (a name from the game's README) and `finished`."""
        to_move: int | str | None = self.current_player()
        if self.is_terminal():
            to_move = None
        elif self.is_chance_node():
            to_move = "chance"
        return {"to_move": to_move, "phase": self.phase(), "finished": self.is_terminal()}

    def phase(self) -> str:
        """The name of the game's phase, as its README lists them (e.g. Stone Age's "place")."""
        return self.game.module.phase_name(self.to_bytes())

    def to_json(self, observer: int | None = None, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(observer), indent=indent)

    def render(self, observer: int | None = None) -> str:
        """The readable board; from `observer`'s seat, only what they see (a view: from its seat unless told
        otherwise)."""
        observer = self._view_of if observer is None else observer
        if observer is not None:
            self._check_player(observer)
        return self.game.module.render(self.to_bytes(), observer)

    def to_svg(self, observer: int | None = None, size: int | None = None) -> str:
        """An SVG picture of the position; from `observer`'s seat, what they cannot see is drawn as card
        backs. `size` is the width in pixels (default: the picture's natural size). The game's record names the
        drawer (cavemind.svg.<game>), imported on first use. A view is drawn from its seat unless told otherwise."""
        return game_info(self.game.name).picture(self.to_dict(observer), size)

    def _repr_svg_(self) -> str:
        """Jupyter shows a state as its picture."""
        return self.to_svg()

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        player = self.current_player()
        where = "terminal" if player == TERMINAL else "chance" if player == CHANCE else f"player {player} to move"
        return f"<State {self.game.name} ({where})>"


def _restore_state(game: Game, start: bytes, history: list[int], view_of: int | None = None) -> State:
    """A pickled State (see State.__reduce__): the state at `start` with `history` replayed."""
    state = State(game, start)
    state._view_of = view_of
    for action in history:
        state.apply(action)
    return state


def mover_view(state: State, mover: int, seed: int) -> State:
    """The state as `mover` knows it: their view written out and loaded back, the unseen parts sampled with
    `seed`. Nothing of the true hidden parts survives the round trip through to_dict(observer=mover)."""
    doc = state.to_dict(observer=mover)
    return state.game.state_from_dict(doc["state"], observer=mover, seed=seed)
