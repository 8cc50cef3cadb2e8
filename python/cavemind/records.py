"""Game records: every decision and chance event of a game, as JSON lines (the format: docs/records.md).

    >>> import cavemind
    >>> from cavemind.records import RecordBuilder
    >>> game = cavemind.load_game("tictactoe")
    >>> builder = RecordBuilder(game, seats=["human", "random"])
    >>> state = game.new_initial_state()
    >>> builder.add(state, state.string_to_action("b2"), seconds=1.5)
    >>> state.apply("b2")
    >>> record = builder.record(state)
    >>> record.state_at(1) == state, record.entries[0].name
    (True, 'b2')

A record starts at the game's raw initial state (`game.new_initial_state()` without a seed), or at the position its
header's `start` gives (a game set up from a position, as a chess PGN's FEN tag), and lists every action from there,
chance outcomes (the deal, the dice) included, so replaying it needs no seed: the seeds in the header only say where
the game came from (a start position from one seat's view has the seed that sampled what it hides). The reader
replays the whole game while it reads, so a record that loads is one the rules allow; every error names the line and
the field.
"""
from __future__ import annotations

import datetime
import json
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from cavemind.errors import CavemindError, IllegalActionError, InvalidPositionError, InvalidRecordError
from cavemind.game import CHANCE, Game, State, state_from_json
from cavemind.inputs import MAX_NESTING, load_json, nesting_depth, read_text_file

if TYPE_CHECKING:      # for annotations only
    from cavemind.search import AnalysisInfo

# Raises InvalidRecordError for (line number, field, reason).
Fail = Callable[[int, str, str], NoReturn]

RECORD_FORMAT = "cavemind-record"
RECORD_VERSION = 1
TOP_ALTERNATIVES = 5        # alternatives kept per searched decision (best first)


@dataclass
class RecordEntry:
    """One decision or chance event: who moved (a seat, or CHANCE = -1), the action id and its notation, the
    seconds it took, and for a searching bot its evaluation: {"algorithm", "iterations", "value",
    "alternatives": [{"action", "name", "visits", "value"}, ...]} (values for the mover, in [0, 1])."""

    mover: int
    action: int
    name: str
    seconds: float | None = None
    search: dict[str, Any] | None = None

    @property
    def is_chance(self) -> bool:
        return self.mover == CHANCE

    def to_json(self, ply: int) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "move", "ply": ply, "mover": "chance" if self.is_chance else self.mover,
                               "action": self.action, "name": self.name}
        if self.seconds is not None:
            doc["seconds"] = round(self.seconds, 6)
        if self.search is not None:
            doc["search"] = self.search
        return doc


@dataclass
class GameRecord:
    """A game as recorded: the header (game, options, seats, seeds, date), the entries, and the result line
    (None for a record cut off before it was written)."""

    header: dict[str, Any]
    entries: list[RecordEntry]
    result: dict[str, Any] | None = None
    game: Game = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.game = Game(self.header["game"], {"players": self.header["players"], **self.header["options"]})

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def seats(self) -> list[str]:
        return list(self.header["seats"])

    def initial_state(self) -> State:
        """The state the record starts from: the raw initial state, or its header's start position."""
        return start_state(self.game, self.header.get("start"))

    def state_at(self, n: int | None = None) -> State:
        """The state after the first `n` entries (0: where the record starts; None: the end of the record)."""
        n = len(self.entries) if n is None else n
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(self.entries):
            raise InvalidRecordError(f"move {n!r}: the record has entries 0 to {len(self.entries)}")
        state = self.initial_state()
        for entry in self.entries[:n]:
            state.apply(entry.action)
        return state

    def decisions(self) -> Iterator[tuple[int, RecordEntry, State]]:
        """(index, entry, the state before it) for every entry that is a player's decision, in order."""
        state = self.initial_state()
        for index, entry in enumerate(self.entries):
            if not entry.is_chance:
                yield index, entry, state.clone()
            state.apply(entry.action)

    def lines(self) -> list[dict[str, Any]]:
        docs = [self.header, *(entry.to_json(ply) for ply, entry in enumerate(self.entries))]
        return docs + ([self.result] if self.result is not None else [])

    def text(self) -> str:
        return "".join(json.dumps(doc) + "\n" for doc in self.lines())

    def write(self, path: str) -> None:
        """Writes the record to `path` (JSON lines), replacing the file."""
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(self.text())
        except OSError as error:
            raise RecordWriteError(f"cannot write the record {path}: {error.strerror}") from None


class RecordWriteError(CavemindError, OSError):
    """A record that cannot be written (a missing directory, no permission)."""


def start_state(game: Game, start: Any) -> State:
    """Where a game starts: the raw initial state for `start` None, else the position of a start object
    {"position": a position (State.to_dict), "seed": the seed that samples what a view hides (default 0)}.

    :raises InvalidPositionError: `start` is malformed or its position is not one of `game`."""
    if start is None:
        return game.new_initial_state()
    if not isinstance(start, dict) or set(start) - {"position", "seed"} or "position" not in start:
        raise InvalidPositionError("start: expected an object with 'position' (a position) and 'seed'")
    seed = start.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidPositionError(f"start.seed: expected an integer >= 0, got {json.dumps(seed)}")
    try:
        return state_from_json(start["position"], seed=seed, game=game)
    except InvalidPositionError as error:
        raise InvalidPositionError(f"start.position: {error}") from None


def search_summary(info: AnalysisInfo, top: int = TOP_ALTERNATIVES) -> dict[str, Any]:
    """What a record keeps of a bot's analysis (a cavemind.AnalysisInfo): its evaluation and the top moves."""
    from cavemind.analysis_output import root_value

    return {"algorithm": info.algorithm, "iterations": info.iterations, "value": round(root_value(info), 6),
            "alternatives": [{"action": m.action, "name": m.name, "visits": m.visits, "value": round(m.value, 6)}
                             for m in info.moves[:top]]}


def result_of(state: State, forfeit: dict[str, Any] | None = None,
              returns: list[float] | None = None) -> dict[str, Any]:
    """The result line: finished or not, the scores, and at the end the returns (or a forfeit's)."""
    doc: dict[str, Any] = {"type": "result", "finished": state.is_terminal() or forfeit is not None,
                           "scores": list(state.scores())}
    if returns is not None:
        doc["returns"] = list(returns)
    elif state.is_terminal():
        doc["returns"] = list(state.returns())
    if forfeit is not None:
        doc["forfeit"] = forfeit
    return doc


class RecordBuilder:
    """Collects a game as it is played: call add() before applying each action; record() gives the
    GameRecord so far (at the end or when a game is cut short)."""

    def __init__(self, game: Game, seats: list[str], deal_seed: int | None = None, source: str = "",
                 start: dict[str, Any] | None = None, **extra: Any):
        """`start`: where the game starts when not at the raw initial state (see start_state)."""
        self.header: dict[str, Any] = {
            "type": "header", "format": RECORD_FORMAT, "version": RECORD_VERSION, "game": game.name,
            "players": game.num_players, "options": game.options, "seats": [str(s) for s in seats],
            "deal_seed": deal_seed, **({"start": start} if start is not None else {}),
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            **({"source": source} if source else {}), **extra}
        self.entries: list[RecordEntry] = []

    def add(self, state: State, action: int, seconds: float | None = None,
            analysis: AnalysisInfo | None = None) -> RecordEntry:
        """Records `action` about to be played in `state` (by its mover, or chance); `analysis` is the
        AnalysisInfo of the search that chose it, if any."""
        entry = RecordEntry(mover=state.current_player(), action=action, name=state.action_to_string(action),
                            seconds=seconds, search=search_summary(analysis) if analysis is not None else None)
        self.entries.append(entry)
        return entry

    def add_history(self, state: State) -> None:
        """Records the actions already applied to `state` (e.g. the deal of new_initial_state(seed=...)) by
        replaying its history from the raw initial state."""
        walk = state.game.new_initial_state()
        for action in state.history():
            self.add(walk, action)
            walk.apply(action)

    def record(self, state: State, forfeit: dict[str, Any] | None = None,
               returns: list[float] | None = None) -> GameRecord:
        """The record so far, with a result line for `state` (the game now)."""
        return GameRecord(dict(self.header), list(self.entries), result_of(state, forfeit, returns))



def replay(game: Game, moves: list[Any], seed: int | None = None, field: str = "moves") -> State:
    """The state after `moves` (notation strings or action ids, chance outcomes included) from the start, as a
    saved game or an engine query lists them; with `seed`, the opening chance events (the deal) are sampled with
    it first. Errors are InvalidPositionError naming the move, as `field`[index]."""
    if not isinstance(moves, list):
        raise InvalidPositionError(f"{field}: expected a list of moves")
    state = game.new_initial_state(seed=seed)
    for index, move in enumerate(moves):
        if isinstance(move, bool) or not isinstance(move, (str, int)):
            raise InvalidPositionError(f"{field}[{index}]: {move!r} is not a move (a string or an action id)")
        try:
            state.apply(move)
        except IllegalActionError as error:
            raise InvalidPositionError(f"{field}[{index}]: {error}") from None
    return state


# ------------------------------------------------------------------------------------------------ reading

def looks_like_record(text: str) -> bool:
    """Whether `text` starts with a record header (so a command can tell a record from a position)."""
    first = text.lstrip().split("\n", 1)[0]
    if nesting_depth(first) > MAX_NESTING:
        return False                    # not a header; the reader of what it is says why it is refused
    try:
        doc = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(doc, dict) and doc.get("format") == RECORD_FORMAT


def read_record(path: str | os.PathLike[str]) -> GameRecord:
    """Reads and checks a record file; errors are InvalidRecordError naming the file, line and field."""
    text = read_text_file(path, InvalidRecordError, "record")
    return parse_record(text, str(path))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def parse_record(text: str, source: str = "record") -> GameRecord:
    """A record from its text, checked line by line and replayed (see read_record)."""
    lines = [(number, line) for number, line in enumerate(text.split("\n"), 1) if line.strip()]
    if not lines:
        raise InvalidRecordError(f"{source}: empty file, expected a record header on line 1")
    docs = []
    for number, line in lines:
        doc = load_json(line, InvalidRecordError, f"{source}: line {number}", locate=False)
        if not isinstance(doc, dict):
            raise InvalidRecordError(f"{source}: line {number}: expected a JSON object")
        docs.append((number, doc))

    def fail(number: int, key: str, why: str) -> NoReturn:
        raise InvalidRecordError(f"{source}: line {number}: {key}: {why}")

    number, header = docs[0]
    if header.get("type") != "header" or header.get("format") != RECORD_FORMAT:
        fail(number, "format", f"not a cavemind record (the first line must be a header with "
                               f"\"format\": \"{RECORD_FORMAT}\")")
    if header.get("version") != RECORD_VERSION:
        fail(number, "version", f"{header.get('version')!r} is not supported (expected {RECORD_VERSION})")
    checks: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
        ("game", lambda v: isinstance(v, str), "a game name"),
        ("players", _is_int, "an integer"),
        ("options", lambda v: isinstance(v, dict), "an object"),
        ("seats", lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v), "a list of bot specifications"))
    for key, check, what in checks:
        if key not in header:
            fail(number, key, "missing")
        if not check(header[key]):
            fail(number, key, f"expected {what}, got {json.dumps(header[key])}")
    if len(header["seats"]) != header["players"]:
        fail(number, "seats", f"{len(header['seats'])} seats for {header['players']} players")
    if header.get("deal_seed") is not None and not _is_int(header["deal_seed"]):
        fail(number, "deal_seed", "expected an integer or null")
    try:
        record = GameRecord(header, [])
    except CavemindError as error:
        fail(number, "game", str(error))

    try:
        state = record.initial_state()
    except CavemindError as error:           # the message names the field (start, start.seed, ...)
        raise InvalidRecordError(f"{source}: line {number}: {error}") from None
    body = docs[1:]
    for position, (number, doc) in enumerate(body):
        kind = doc.get("type")
        if kind == "result":
            if position != len(body) - 1:
                fail(number, "type", "the result line must be the last line")
            _check_result(doc, state, number, fail)
            record.result = doc
            break
        if kind != "move":
            fail(number, "type", f"expected \"move\" or \"result\", got {json.dumps(kind)}")
        record.entries.append(_entry(doc, state, len(record.entries), number, fail))
        state.apply(record.entries[-1].action)
    return record


def _entry(doc: dict[str, Any], state: State, ply: int, number: int, fail: Fail) -> RecordEntry:
    """One move line, checked against the state it is played in."""
    if doc.get("ply", ply) != ply:
        fail(number, "ply", f"{doc['ply']!r}, expected {ply}")
    mover = doc.get("mover")
    if mover == "chance":
        mover = CHANCE
    elif not _is_int(mover):
        fail(number, "mover", f"expected a seat number or \"chance\", got {json.dumps(mover)}")
    to_move = state.current_player()
    if state.is_terminal():
        fail(number, "action", "the game is already over")
    if mover != to_move:
        expected = "a chance event" if to_move == CHANCE else f"player {to_move}"
        fail(number, "mover", f"{json.dumps(doc.get('mover'))}, but {expected} is to move here")
    action = doc.get("action")
    if not _is_int(action) or action not in state.legal_actions():
        fail(number, "action", f"{json.dumps(action)} is not legal here")
    name = doc.get("name")
    if name != state.action_to_string(action):
        fail(number, "name", f"{json.dumps(name)} does not name action {action} "
                             f"({json.dumps(state.action_to_string(action))})")
    seconds = doc.get("seconds")
    if seconds is not None and not (_is_number(seconds) and seconds >= 0):
        fail(number, "seconds", f"expected a number >= 0, got {json.dumps(seconds)}")
    search = doc.get("search")
    if search is not None:
        _check_search(search, number, fail)
    return RecordEntry(mover, action, name, seconds, search)


def _check_search(search: Any, number: int, fail: Fail) -> None:
    if not isinstance(search, dict):
        fail(number, "search", "expected an object")
    if not isinstance(search.get("algorithm"), str):
        fail(number, "search.algorithm", "expected a string")
    if not _is_int(search.get("iterations")):
        fail(number, "search.iterations", "expected an integer")
    if not _is_number(search.get("value")):
        fail(number, "search.value", "expected a number")
    alternatives = search.get("alternatives")
    if not isinstance(alternatives, list):
        fail(number, "search.alternatives", "expected a list")
    for i, move in enumerate(alternatives):
        where = f"search.alternatives[{i}]"
        if not (isinstance(move, dict) and _is_int(move.get("action")) and isinstance(move.get("name"), str)
                and _is_int(move.get("visits")) and _is_number(move.get("value"))):
            fail(number, where, "expected {\"action\": int, \"name\": str, \"visits\": int, \"value\": number}")


def _check_result(doc: dict[str, Any], state: State, number: int, fail: Fail) -> None:
    finished = doc.get("finished")
    if not isinstance(finished, bool):
        fail(number, "finished", "expected true or false")
    if finished and not state.is_terminal() and "forfeit" not in doc:
        fail(number, "finished", "true, but the moves do not end the game (and no forfeit is recorded)")
    if not finished and state.is_terminal():
        fail(number, "finished", "false, but the moves end the game")
    for key in ("scores", "returns"):
        if key in doc and not (isinstance(doc[key], list) and len(doc[key]) == state.num_players
                               and all(_is_number(v) for v in doc[key])):
            fail(number, key, f"expected {state.num_players} numbers")
