"""One reader for every file that holds a whole game: a saved game (`cavemind play`'s `save FILE`), a game record
(JSON lines, docs/records.md) and an arena results file (docs/arena.md, many games, also gzip-compressed). It
tells them apart by their content, not by their names, and gives the one game asked for as a GameRecord (the
common form: every entry from the raw start, with its time and a bot's evaluation where the file keeps them).
A position, or a file of one kind passed where a game is needed, gets an error saying what the file is and what
to pass instead.

    >>> import cavemind, json, os, tempfile
    >>> session = cavemind.GameSession(cavemind.load_game("tictactoe"), ["random", "random"])
    >>> _ = session.play("b2")
    >>> path = os.path.join(tempfile.mkdtemp(), "game.json")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write(json.dumps(session.to_saved_game()))
    >>> record = read_game_file(path)
    >>> len(record), record.entries[0].name, file_kind(open(path).read())
    (1, 'b2', 'saved game')
"""
from __future__ import annotations

import json
import os
from typing import Any

from cavemind.arena import ArenaError, parse_results
from cavemind.errors import CavemindError, IllegalActionError, InvalidRecordError
from cavemind.game import CHANCE, load_game
from cavemind.inputs import MAX_NESTING, is_compressed, load_json, nesting_depth, read_text_file
from cavemind.records import RECORD_FORMAT, GameRecord, RecordBuilder, parse_record
from cavemind.session import GameSession

SAVED_GAME = "saved game"
GAME_RECORD = "game record"
ARENA_RESULTS = "arena results file"
POSITION = "position"
GAME_KINDS = (SAVED_GAME, GAME_RECORD, ARENA_RESULTS)
WHOLE_GAME = "a saved game, a game record or an arena results file"
UNKNOWN_SEAT = "unknown"       # the seat label of a saved game that names no seats (an engine query's shape)


def _first_line_object(text: str) -> dict[str, Any] | None:
    """The first non-blank line as a JSON object, or None when it is not one."""
    first = text.lstrip().split("\n", 1)[0]
    if not first or nesting_depth(first) > MAX_NESTING:
        return None
    try:
        doc = json.loads(first)
    except json.JSONDecodeError:
        return None
    return doc if isinstance(doc, dict) else None


def file_kind(text: str) -> str | None:
    """What the text of a file is, by its content: SAVED_GAME, GAME_RECORD, ARENA_RESULTS, POSITION, or None
    (none of these, or not JSON at all; the reader of the kind expected says why)."""
    first = _first_line_object(text)
    if first is not None and first.get("format") == RECORD_FORMAT:
        return GAME_RECORD
    if first is not None and (first.get("type") == "arena"
                              or (first.get("type") == "game" and isinstance(first.get("moves"), list))):
        return ARENA_RESULTS
    if nesting_depth(text) > MAX_NESTING:
        return None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(doc, dict) or "game" not in doc:
        return None
    if "moves" in doc:
        return SAVED_GAME
    if "state" in doc:
        return POSITION
    return None


def read_game_file(path: str | os.PathLike[str], game: int | None = None, *, move: int | None = None) -> GameRecord:
    """The game in the file at `path`: a saved game, a game record, or game number `game` (counted from 1, in the
    order of the file) of an arena results file, which may be gzip-compressed. With `move`, the game cut after
    its first `move` entries (moves and chance events). A file that holds a single game needs no `game`.

    :raises InvalidRecordError: the file is unreadable or malformed (naming the file, line and field), is a
        position or another kind of file (saying what it is and what to pass), or `game`/`move` do not fit it."""
    return parse_game_file(read_text_file(path, InvalidRecordError, "game file"), str(path), game, move=move)


def parse_game_file(text: str, source: str, game: int | None = None, *, move: int | None = None) -> GameRecord:
    """The game in the text of a file named `source` (see read_game_file)."""
    if game is not None and (isinstance(game, bool) or not isinstance(game, int) or game < 1):
        raise InvalidRecordError(f"game={game!r}: games are counted from 1")
    kind = file_kind(text)
    if kind is None:
        load_json(text, InvalidRecordError, source)      # not JSON: the parser's reason, with line and column
        raise InvalidRecordError(f"{source}: not {WHOLE_GAME} (nor a position): expected a JSON object with "
                                 "'game' and 'moves', or JSON lines starting with a record or an arena header")
    if kind == POSITION:
        what = json.loads(text)["game"]
        named = f"a {what} position" if isinstance(what, str) else "a position"
        raise InvalidRecordError(f"{source} is {named}, not {WHOLE_GAME}: this needs a whole game (its moves "
                                 "from the start)")
    if kind != ARENA_RESULTS and game is not None:
        raise InvalidRecordError(f"game={game}: {source} is a {kind}, which holds one game; game= chooses among "
                                 "the games of an arena results file")
    if kind == GAME_RECORD:
        record = parse_record(text, source)
    elif kind == SAVED_GAME:
        record = _saved_game_record(load_json(text, InvalidRecordError, source), source)
    else:
        record, source = _arena_game(text, source, game)
    return cut(record, move, source)


def cut(record: GameRecord, move: int | None, source: str = "the game") -> GameRecord:
    """`record` after its first `move` entries (None: all of them); the result line stays only when none is cut."""
    if move is None or move == len(record):
        return record
    if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(record):
        raise InvalidRecordError(f"move={move!r}: {source} has entries 0 to {len(record)}")
    return GameRecord(record.header, record.entries[:move])


def _saved_game_record(doc: dict[str, Any], source: str) -> GameRecord:
    """A saved game as a record: its moves replayed from the raw start (checked), its seats (or UNKNOWN_SEAT for
    each seat when it names none) and its deal seed in the header."""
    try:
        if "seats" in doc or not isinstance(doc.get("game"), str):
            session = GameSession.from_record(doc, source="cavemind play")
            return session.to_record()
        players = doc.get("players")
        count = players if isinstance(players, int) and not isinstance(players, bool) else \
            load_game(doc["game"], **(doc.get("options") or {})).num_players
        session = GameSession.from_record(doc, seats=["human"] * count, source="cavemind play")
        record = session.to_record()
        record.header["seats"] = [UNKNOWN_SEAT] * count
        return record
    except CavemindError as error:
        raise InvalidRecordError(f"{source}: {error}") from None


def _arena_game(text: str, source: str, number: int | None) -> tuple[GameRecord, str]:
    """Game `number` (from 1) of an arena results file, replayed into a record, and how errors name it."""
    try:
        header, games = parse_results(text, source)     # (a last line cut off by an interruption is no game)
    except ArenaError as error:
        raise InvalidRecordError(str(error)) from None
    count = len(games)
    if header is None or not count:
        raise InvalidRecordError(f"{source} is an arena results file with no games yet")
    if number is None:
        if count > 1:
            raise InvalidRecordError(f"{source} is an arena results file with {count} games; choose one of them "
                                     f"with game=N (1 to {count})")
        number = 1
    if number > count:
        raise InvalidRecordError(f"game={number}: {source} has {count} game{'s' * (count != 1)} (1 to {count})")
    where = f"{source} game {number}"
    try:
        return _replayed_arena_game(header, games[number - 1], where), where
    except (CavemindError, KeyError, TypeError, ValueError) as error:
        if isinstance(error, InvalidRecordError):
            raise
        raise InvalidRecordError(f"{where}: not a game this version can replay ({error})") from None


def _replayed_arena_game(header: dict[str, Any], line: dict[str, Any], where: str) -> GameRecord:
    """The record of one game line of a results file: the opening chance events from its deal seed (as the
    arena drew them), then its moves by name, each checked against the seat to move."""
    game = load_game(header["game"], players=header["players"], **header["options"])
    builder = RecordBuilder(game, [str(label) for label in line["bots"]], deal_seed=line["deal_seed"],
                            source="cavemind arena", deal=line["deal"], table=line["table"],
                            rotation=line["rotation"])
    state = game.new_initial_state(seed=line["deal_seed"])
    builder.add_history(state)
    for index, (seat, name, seconds) in enumerate(line["moves"]):
        to_move = state.current_player()
        if seat != (CHANCE if to_move == CHANCE else to_move):
            raise InvalidRecordError(f"{where}: moves[{index}]: seat {seat}, but "
                                     f"{'a chance event' if to_move == CHANCE else f'seat {to_move}'} is to move")
        try:
            action = state.string_to_action(name)
        except IllegalActionError:
            raise InvalidRecordError(f"{where}: moves[{index}]: {name!r} is not legal here") from None
        builder.add(state, action, seconds=None if seat == CHANCE else seconds)
        state.apply(action)
    return builder.record(state, line.get("forfeit"), line.get("returns") if line.get("forfeit") else None)


__all__ = ["ARENA_RESULTS", "GAME_KINDS", "GAME_RECORD", "POSITION", "SAVED_GAME", "cut", "file_kind", "is_compressed",
           "parse_game_file", "read_game_file"]
