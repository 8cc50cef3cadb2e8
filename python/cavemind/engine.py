"""`cavemind engine`: a JSON-lines analysis protocol on stdin/stdout, for GUIs and other programs.

Each input line is one JSON object. A query (no "action") is analysed and answered with one record echoing its
"id"; control messages ("action": "query_version" | "stop" | "terminate") are acknowledged; session actions
("new_game", "legal_moves", "play", "undo", "position", "ai_move", "close_game") play games kept here as
cavemind.GameSession objects. Queries and session actions run one after another in a worker thread, so a "stop"
read while a search runs ends it early with the best so far. Bad input gets {"error", "field", "id"} and the
engine keeps running. See docs/engine-protocol.md and its schema, docs/engine-protocol.schema.json.
"""
from __future__ import annotations

import itertools
import json
import math
import queue
import random
import sys
import threading
from typing import Any, TextIO

import cavemind
from cavemind.analysis_output import hidden_information_warning, json_record
from cavemind.bots import played_move
from cavemind.errors import AmbiguousMoveError, CavemindError, SearchError
from cavemind.games import bot_defaults
from cavemind.inputs import MAX_NESTING, TOO_DEEP, nesting_depth
from cavemind.levels import level_temperature, with_level_budget
from cavemind.records import replay
from cavemind.search import check_memory
from cavemind.settings import BY_NAME, DEFAULT_ITERATIONS, SearchSettings, Setting, records

PROTOCOL_VERSION = 1
# The search settings' fields are made from their records (cavemind.settings, docs/settings.md): the Python names
# in camelCase, the budget (cavemind.Limit's fields) inside "limit", the other analyse() keywords at the top level.
# "searchSeed" is analyse()'s seed, "dealSeed" the seed of the opening chance events (new_initial_state's seed).
SEARCH_FIELDS: dict[str, Setting] = {str(s.engine_field): s for s in records("search")}
LIMIT_SETTINGS: dict[str, Setting] = {str(s.engine_field).removeprefix("limit."): s for s in records("limit")}
SEARCH_SEED = str(records("seed")[0].engine_field)
# The bot settings ai_move takes too (the level).
BOT_FIELDS = {str(s.engine_field) for s in records("bot") if s.engine_field}
QUERY_FIELDS = {"id", "position", "game", "players", "options", "dealSeed", "moves", "limit", "observer", "top",
                SEARCH_SEED, "reportDuringSearchEvery", "analyzeTurns", *SEARCH_FIELDS}
LIMIT_FIELDS = set(LIMIT_SETTINGS)
# Old names still accepted: old name -> new name. A query that uses one gets a warning in its record.
ALIASES = {"asPlayer": "observer", "seed": "dealSeed"}
# One message is small (a position or a move list is a few kilobytes and a few levels deep); the limits keep
# one hostile line from taking the engine's memory or its parser's stack (the nesting limit is
# cavemind.inputs.MAX_NESTING, the one every reader of JSON input keeps).
MAX_LINE_CHARS = 1_000_000


class FieldError(Exception):
    """Bad input in one field of a message; becomes {"error": message, "field": field, "id": id}."""

    def __init__(self, field: str | None, message: str, candidates: list[str] | None = None):
        super().__init__(message)
        self.field = field
        self.candidates = candidates      # an ambiguous move's possible completions


def _integer(message: dict[str, Any], key: str, low: int, high: int | None = None, where: str = "") -> int:
    value = message[key]
    name = where + key
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(name, f"{name}: expected an integer, got {json.dumps(value)}")
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise FieldError(name, f"{name}: {value} is out of range (must be {bounds})")
    return value


def _read(setting: Setting, message: dict[str, Any], key: str, where: str = "") -> Any:
    """message[key] read by the setting's record; a bad value is a FieldError naming the field."""
    try:
        return setting.from_json(message[key], where + key)
    except ValueError as error:
        raise FieldError(where + key, str(error)) from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):            # 1e400 would be read as infinity
        raise ValueError(f"the number {text} is out of range")
    return value


def _search_fields(message: dict[str, Any]) -> tuple[int | None, SearchSettings, Any]:
    """`top`, the search settings (the budget in "limit" and the top-level search fields) and
    reportDuringSearchEvery of a query or an ai_move, each checked."""
    top = _integer(message, "top", 1) if "top" in message else None
    given = {**_limit(message.get("limit", {})), **_search_options(message)}
    try:
        settings = SearchSettings(**given)
    except SearchError as error:     # each value was read by its record: only a combination is left to refuse
        raise FieldError(None, str(error)) from None
    report_every = message.get("reportDuringSearchEvery")
    if report_every is not None and (isinstance(report_every, bool) or not isinstance(report_every, (int, float))
                                     or not 0.01 <= report_every <= 86400):
        raise FieldError("reportDuringSearchEvery", f"reportDuringSearchEvery: {json.dumps(report_every)} "
                                                    "must be a number of seconds from 0.01 to 86400")
    try:
        check_memory(settings)
    except CavemindError as error:   # "Limit.memory_mb=M: K thread(s) of that exceed this machine's memory"
        reason = str(error).split(": ", 1)[-1]
        raise FieldError("limit.memoryMb", f"limit.memoryMb: {reason}") from None
    return top, settings, report_every


def _level(message: dict[str, Any]) -> int | None:
    """ai_move's level (cavemind.levels), checked by its record; None when not given."""
    if "level" not in message:
        return None
    try:
        return int(BY_NAME["level"].from_json(message["level"], "level"))
    except ValueError as error:
        raise FieldError("level", str(error)) from None


def _game(message: dict[str, Any]) -> cavemind.Game:
    """The game that "game", "options" and "players" name."""
    name = message["game"]
    if not isinstance(name, str) or name not in cavemind.game_names():
        raise FieldError("game", f"game: unknown game {json.dumps(name)}; games are "
                                 f"{', '.join(cavemind.game_names())}")
    options = message.get("options", {})
    if not isinstance(options, dict):
        raise FieldError("options", "options: expected an object")
    params = dict(options)
    if "players" in message:
        params["players"] = message["players"]
    try:
        game = cavemind.load_game(name, **params)
    except CavemindError as error:
        field = "players" if "option players=" in str(error) else "options"
        raise FieldError(field, str(error)) from None
    return game


def _search_options(message: dict[str, Any]) -> dict[str, Any]:
    """The search settings at the top level, by their Python names, each read by its record; an unset one is
    the game's or the record's default."""
    return {setting.name: _read(setting, message, field) for field, setting in SEARCH_FIELDS.items()
            if message.get(field) is not None}


def _limit(limit: Any) -> dict[str, Any]:
    """The budget inside "limit", by the Python names; neither iterations nor seconds: the default budget."""
    if not isinstance(limit, dict):
        raise FieldError("limit", "limit: expected an object such as {\"iterations\": 1000}")
    unknown = sorted(set(limit) - LIMIT_FIELDS)
    if unknown:
        top_level = " (a top-level field, not part of limit)" if unknown[0] in QUERY_FIELDS else ""
        raise FieldError(f"limit.{unknown[0]}", f"limit: unknown field {unknown[0]!r}{top_level}; "
                                                f"fields are {', '.join(sorted(LIMIT_FIELDS))}")
    budget = {setting.name: _read(setting, limit, name, where="limit.")
              for name, setting in LIMIT_SETTINGS.items() if limit.get(name) is not None}
    iterations = budget.get("iterations", None if "seconds" in budget else DEFAULT_ITERATIONS)
    threads = budget.get("threads", 1)
    if iterations is not None and threads > iterations:
        raise FieldError("limit.threads", f"limit.threads: {threads} threads for {iterations} iterations; "
                                          "each thread runs at least one iteration, so threads must not "
                                          "exceed iterations")
    return budget


class Query:
    """A validated analysis request."""

    def __init__(self, message: dict[str, Any]):
        self.id = message["id"]
        renamed, self.warnings = self._renamed(message)
        try:
            self._read(renamed)
        except FieldError as error:      # name the field as the client wrote it, old name or new
            old = next((old for old, new in ALIASES.items() if new == error.field and old in message), None)
            if old is None or error.field is None:   # (a field of None has no alias: old is None then too)
                raise
            raise FieldError(old, str(error).replace(error.field, old, 1)) from None

    def _read(self, message: dict[str, Any]) -> None:
        unknown = sorted(set(message) - QUERY_FIELDS)
        if unknown:
            raise FieldError(unknown[0], f"unknown field {unknown[0]!r}; fields are {', '.join(sorted(QUERY_FIELDS))}")
        self.search_seed = _integer(message, SEARCH_SEED, 0, 2**63 - 1) if SEARCH_SEED in message else 0
        if "analyzeTurns" in message:
            # KataGo's analyzeTurns: the position after each listed number of moves, one answer each.
            self.turns: list[tuple[int | None, cavemind.State]] = list(self._turn_states(message))
        else:
            state = self._state(message)
            if state.current_player() < 0:
                where = "the game is over" if state.is_terminal() else "it is a chance event (give its outcome)"
                raise FieldError("moves" if "moves" in message else "position", f"nothing to analyse: {where}")
            self.turns = [(None, state)]
        if "observer" in message:
            seat = _integer(message, "observer", 0, self.turns[0][1].game.num_players - 1)
            self.turns = [(turn, state.determinize(seat, self.search_seed)) for turn, state in self.turns]
        self.top, self.settings, self.report_every = _search_fields(message)
        self.algorithm = self.settings.algorithm or "ismcts"
        warning = hidden_information_warning(self.turns[0][1], self.algorithm)
        self.warnings += [warning] if warning else []

    @staticmethod
    def _renamed(message: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """The message with old field names replaced by the current ones, and a warning for each."""
        renamed, warnings = dict(message), []
        for old, new in ALIASES.items():
            if old in message:
                if new in message:
                    raise FieldError(old, f"{old}: the old name of {new}; give only {new}")
                renamed[new] = renamed.pop(old)
                warnings.append(f"{old} is deprecated: use {new}")
        return renamed, warnings

    def _turn_states(self, message: dict[str, Any]) -> list[tuple[int | None, cavemind.State]]:
        """(turn, the position after that many of the moves) for each turn of analyzeTurns, in its order. Every
        bad value is a FieldError naming analyzeTurns: nothing of the query runs."""
        turns = message["analyzeTurns"]
        if not isinstance(turns, list) or not turns:
            raise FieldError("analyzeTurns", f"analyzeTurns: expected a list of turns (numbers of moves played "
                                             f"from the start), got {json.dumps(turns)}")
        if "position" in message or "game" not in message:
            raise FieldError("analyzeTurns", "analyzeTurns: needs a game with moves (it counts turns in the "
                                             "moves), not a position")
        final = self._state(message)     # the moves are checked here, each error naming its moves[i]
        moves = message.get("moves", [])
        for index, turn in enumerate(turns):
            where = f"analyzeTurns[{index}]"
            if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= len(moves):
                raise FieldError("analyzeTurns", f"{where}: {json.dumps(turn)} is not a turn of these moves (an "
                                                 f"integer from 0 to {len(moves)}, the number of moves played)")
            if turn in turns[:index]:
                raise FieldError("analyzeTurns", f"{where}: turn {turn} is listed twice")
        wanted = set(turns)
        states: dict[int, cavemind.State] = {}
        state = final.game.new_initial_state(seed=_integer(message, "dealSeed", 0, 2**47)
                                             if "dealSeed" in message else None)
        for turn in range(len(moves) + 1):
            if turn in wanted:
                states[turn] = state.clone()
            if turn < len(moves):
                state.apply(moves[turn])         # (legal: _state replayed them all)
        for index, turn in enumerate(turns):
            if states[turn].current_player() < 0:
                where = "the game is over" if states[turn].is_terminal() else "it is a chance event"
                raise FieldError("analyzeTurns", f"analyzeTurns[{index}]: nothing to analyse at turn {turn}: "
                                                 f"{where}")
        return [(turn, states[turn]) for turn in turns]

    def run(self, engine: Engine, flag: cavemind.StopFlag) -> None:
        """One answer per turn (a plain query is one turn), each after its search; a stop ends the search
        running and leaves the turns after it without iterations (each still answered, with "stopped")."""
        for turn, state in self.turns:
            numbered = {} if turn is None else {"turnNumber": turn}
            reports: dict[str, Any] = {}
            if self.report_every is not None:
                reports = {"progress_every": self.report_every, "on_progress": lambda so_far, n=numbered: engine.send(
                    {**json_record(so_far, self.top, self.id, warnings=self.warnings, during_search=True), **n})}
            info = cavemind.analyse(state, settings=self.settings, seed=self.search_seed, stop=flag, **reports)
            engine.send({**json_record(info, self.top, self.id, stopped=flag.is_set, warnings=self.warnings),
                         **numbered})

    def _state(self, message: dict[str, Any]) -> cavemind.State:
        if "position" in message:
            if "game" in message or "moves" in message:
                raise FieldError("position", "give either a position or a game with moves, not both")
            if not isinstance(message["position"], dict):
                raise FieldError("position", "position: expected an object")
            try:
                return cavemind.state_from_json(message["position"], seed=self.search_seed)
            except CavemindError as error:
                raise FieldError("position", f"position: {error}") from None
            except (TypeError, ValueError) as error:  # an odd value the position checks did not foresee
                raise FieldError("position", f"position: {error}") from None
        if "game" not in message:
            raise FieldError("position", "a query needs a position, or a game with moves")
        game = _game(message)
        seed = _integer(message, "dealSeed", 0, 2**47) if "dealSeed" in message else None
        try:
            return replay(game, message.get("moves", []), seed=seed)
        except CavemindError as error:
            text = str(error)
            raise FieldError(text.split(":")[0], text) from None


# ------------------------------------------------------------------------------------------- session actions

# Games in progress, each a cavemind.GameSession under an integer id; the bound keeps a client that never closes
# its games from taking the engine's memory.
MAX_SESSIONS = 1000
SESSION_ACTIONS = ("new_game", "legal_moves", "play", "undo", "position", "ai_move", "close_game")
CONTROL_ACTIONS = ("query_version", "stop", "terminate")
GAME_FIELDS = {"game", "options", "players", "dealSeed"}
ACTION_FIELDS: dict[str, set[str]] = {
    "new_game": GAME_FIELDS,
    "legal_moves": {"session"} | GAME_FIELDS,
    "play": {"session", "move"},
    "undo": {"session", "seat"},
    "position": {"session", "format", "observer"},
    "ai_move": {"session", "apply", "limit", "top", SEARCH_SEED, *SEARCH_FIELDS, *BOT_FIELDS},
    "close_game": {"session"},
}
POSITION_FORMATS = ("json", "text", "svg")


def _to_decision(session: cavemind.GameSession) -> list[str]:
    """Plays the chance events up to the next decision, drawn from the session's deal seed (as `cavemind play`
    does); returns their names. A GUI shows them; it never has to roll the dice itself."""
    played = []
    while session.state.is_chance_node():
        played.append(session.play_chance().name)
    return played


def _summary(session_id: int, session: cavemind.GameSession) -> dict[str, Any]:
    """What every answer about a session says: where the game stands."""
    to_move = session.to_move
    summary: dict[str, Any] = {"session": session_id, "ply": session.ply,
                               "toMove": to_move if to_move >= 0 else None, "finished": session.is_over()}
    if session.is_over():
        summary["returns"] = session.state.returns()
    return summary


def _new_session(message: dict[str, Any]) -> cavemind.GameSession:
    if "game" not in message:
        raise FieldError("game", "game: a game name is needed (or a session)")
    game = _game(message)
    seed = _integer(message, "dealSeed", 0, 2**47) if "dealSeed" in message else 0
    return cavemind.GameSession(game, deal_seed=seed, source="cavemind engine")


class SessionAction:
    """A session action (new_game, play, ...): its fields are checked by kind at once, and against the session
    when its turn comes, so that it sees the games as the messages before it left them."""

    def __init__(self, message: dict[str, Any]):
        self.id, self.action, self.message = message["id"], message["action"], message
        fields = ACTION_FIELDS[self.action]
        unknown = sorted(set(message) - fields - {"id", "action"})
        if unknown:
            raise FieldError(unknown[0], f"unknown field {unknown[0]!r} for {self.action}; fields are "
                                         f"{', '.join(sorted(fields | {'id', 'action'}))}")
        if "session" in message:
            _integer(message, "session", 1)
        elif "session" in fields and self.action != "legal_moves":
            raise FieldError("session", f"session: {self.action} needs the id new_game answered")
        if self.action == "ai_move":
            self.search_seed = _integer(message, SEARCH_SEED, 0, 2**63 - 1) if SEARCH_SEED in message else 0
            self.top, self.settings, _ = _search_fields(message)
            self.level = _level(message)
            self.settings = with_level_budget(self.settings, self.level)
            if not isinstance(message.get("apply", False), bool):
                raise FieldError("apply", f"apply: expected true or false, got {json.dumps(message['apply'])}")
        if self.action == "position" and message.get("format", "json") not in POSITION_FORMATS:
            raise FieldError("format", f"format: {json.dumps(message['format'])} is not one of "
                                       f"{', '.join(POSITION_FORMATS)}")
        if self.action == "play" and "move" not in message:
            raise FieldError("move", "move: play needs a move (a name, a unique prefix or an action id)")

    def run(self, engine: Engine, stop: cavemind.StopFlag) -> None:
        answer = {"id": self.id, "action": self.action, **getattr(self, "_" + self.action)(engine, stop)}
        engine.send(answer)

    def _session(self, engine: Engine) -> tuple[int, cavemind.GameSession]:
        session_id, sessions = self.message["session"], engine.sessions
        if session_id not in sessions:
            raise FieldError("session", f"session: no open game {session_id} (new_game answers an id; "
                                        "close_game ends one)")
        return session_id, sessions[session_id]

    def _new_game(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        if len(engine.sessions) >= MAX_SESSIONS:
            raise FieldError("action", f"action: {MAX_SESSIONS} games are open; close_game one first")
        session = _new_session(self.message)
        chance = _to_decision(session)
        session_id = next(engine.session_ids)     # never reused: a closed game's id stays closed
        engine.sessions[session_id] = session
        return {**_summary(session_id, session), "game": session.game.name, "players": session.game.num_players,
                "options": session.game.options, "dealSeed": session.deal_seed, "played": chance}

    def _legal_moves(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        if "session" in self.message:
            if GAME_FIELDS & set(self.message):
                field = sorted(GAME_FIELDS & set(self.message))[0]
                raise FieldError(field, f"{field}: give either a session or a game, not both")
            session_id, session = self._session(engine)
            where = _summary(session_id, session)
        else:
            session = _new_session(self.message)
            _to_decision(session)
            where = {"toMove": session.to_move if session.to_move >= 0 else None, "finished": session.is_over()}
        return {**where, "legalMoves": [{"action": m.action, "name": m.name} for m in session.legal_moves()]}

    def _play(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        session_id, session = self._session(engine)
        try:
            entry = session.play(self.message["move"])
        except AmbiguousMoveError as error:
            raise FieldError("move", f"move: {error}", candidates=error.candidates) from None
        except CavemindError as error:
            raise FieldError("move", f"move: {error}") from None
        chance = _to_decision(session)
        return {**_summary(session_id, session), "move": entry.name, "moveAction": entry.action, "played": chance}

    def _undo(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        session_id, session = self._session(engine)
        seat = None
        if "seat" in self.message:
            seat = _integer(self.message, "seat", 0, session.game.num_players - 1)
        try:
            taken = session.undo(seat)
        except CavemindError as error:
            raise FieldError("seat" if seat is not None else "session", str(error)) from None
        return {**_summary(session_id, session), "undone": [entry.name for entry in taken]}

    def _position(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        session_id, session = self._session(engine)
        observer = None
        if "observer" in self.message:
            observer = _integer(self.message, "observer", 0, session.game.num_players - 1)
        kind = self.message.get("format", "json")
        state = session.state
        shown: Any = (state.to_dict(observer=observer) if kind == "json" else state.render(observer)
                      if kind == "text" else state.to_svg(observer))
        return {**_summary(session_id, session), "format": kind, "observer": observer, "position": shown}

    def _ai_move(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        session_id, session = self._session(engine)
        mover = session.to_move
        if mover < 0:
            raise FieldError("session", f"session: game {session_id} is over: there is no move to find")
        # The search sees only the mover's view: what the mover cannot see is sampled, never read. It plays, so it
        # takes a bot's own settings (hurrying to finish a won game) as a SearchBot does.
        settings = self.settings.over(bot_defaults(session.game.name))
        view = session.view(mover)
        info = cavemind.analyse(view, settings=settings, seed=self.search_seed, stop=stop)
        record = json_record(info, self.top, stopped=stop.is_set)
        record.pop("isDuringSearch")
        if not info.moves:
            raise FieldError(None, "the search was stopped before its first iteration: no move")
        # As a bot plays: a won game finished, and a level below 8 draws its move among the good ones
        # (cavemind.levels), from the search seed.
        best = played_move(view, info, settings, self.search_seed,
                           level_temperature(self.level) if self.level is not None else 0.0,
                           random.Random(self.search_seed))
        answer = {"move": best.name, "moveAction": best.action, "applied": False, **record}
        if self.level is not None:
            answer["level"] = self.level
        if self.message.get("apply", False):
            session.play(best.action, seconds=info.seconds, analysis=info)
            answer["applied"], answer["played"] = True, _to_decision(session)
        return {**_summary(session_id, session), **answer}

    def _close_game(self, engine: Engine, stop: cavemind.StopFlag) -> dict[str, Any]:
        session_id, _ = self._session(engine)
        del engine.sessions[session_id]
        return {"session": session_id, "closed": True}


class Engine:
    """Reads messages from `inp`, writes records to `out`. Queries run in order in one worker thread."""

    def __init__(self, inp: TextIO, out: TextIO):
        self.inp, self.out = inp, out
        self.lock = threading.Lock()           # the worker and the reader both write lines
        self.queue: queue.Queue[Any] = queue.Queue()
        self.current: tuple[Any, cavemind.StopFlag] | None = None
        self.stop_requested: set[Any] = set()       # ids of queued queries stopped before they started
        self.sessions: dict[int, cavemind.GameSession] = {}    # used by the worker thread only
        self.session_ids = itertools.count(1)
        self.worker = threading.Thread(target=self._work, daemon=True)

    def send(self, record: dict[str, Any]) -> None:
        with self.lock:
            self.out.write(json.dumps(record) + "\n")
            self.out.flush()

    def error(self, message: str, field: str | None = None, query_id: Any = None,
              candidates: list[str] | None = None) -> None:
        record: dict[str, Any] = {"error": message, "field": field, "id": query_id}
        if candidates is not None:
            record["candidates"] = candidates
        self.send(record)

    def run(self) -> int:
        self.worker.start()
        while line := self.inp.readline(MAX_LINE_CHARS + 1):   # answer each line as soon as it arrives
            if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
                while (rest := self.inp.readline(MAX_LINE_CHARS)) and not rest.endswith("\n"):
                    pass                       # skip the rest of the line without keeping it
                self.error(f"line too long (more than {MAX_LINE_CHARS:,} characters)")
                continue
            if not line.strip():
                continue
            try:
                if self.handle(line) == "terminate":
                    return 0
            except Exception as error:         # a bug, not bad input: still answer and keep reading
                self.error(f"internal error ({type(error).__name__}: {error}); please report it")
        self.queue.put(None)                   # end of input: finish the queued queries, then leave
        self.worker.join()
        return 0

    def handle(self, line: str) -> str | None:
        if nesting_depth(line) > MAX_NESTING:
            self.error(f"JSON {TOO_DEEP}")
            return None
        try:
            message = json.loads(line, parse_constant=_no_constant, parse_float=_finite_float)
        except RecursionError:                 # a fallback: the depth check above should come first
            self.error(f"JSON {TOO_DEEP}")
            return None
        except ValueError as error:            # JSONDecodeError, NaN/Infinity, an integer of too many digits
            self.error(f"not valid JSON: {error}")
            return None
        if not isinstance(message, dict):
            self.error("expected a JSON object")
            return None
        if "id" not in message:
            self.error("every message needs an id", "id")
            return None
        query_id = message["id"]
        if not isinstance(query_id, (str, int)) or isinstance(query_id, bool):
            self.error("id: expected a string or an integer", "id")
            return None
        action = message.get("action")
        if action is None:
            try:
                self.queue.put(Query(message))
            except FieldError as error:
                self.error(str(error), error.field, query_id)
            except Exception as error:  # a bug, not bad input: still answer and keep running
                self.error(f"internal error ({type(error).__name__}: {error}); please report it", None, query_id)
            return None
        if action in SESSION_ACTIONS:     # in order with the queries: a play waits for the search before it
            try:
                self.queue.put(SessionAction(message))
            except FieldError as error:
                self.error(str(error), error.field, query_id, error.candidates)
            return None
        if action == "query_version":
            self.send({"id": query_id, "action": action, "version": cavemind.__version__,
                       "protocol": PROTOCOL_VERSION, "games": cavemind.game_names(),
                       "algorithms": list(cavemind.ALGORITHMS)})
        elif action == "stop":
            self.send({"id": query_id, "action": action, "stopped": self.stop(message.get("stopId"))})
        elif action == "terminate":
            self.stop(None)
            self.queue.put(None)
            self.worker.join()
            self.send({"id": query_id, "action": action})
            return "terminate"
        else:
            self.error(f"action: unknown action {json.dumps(action)}; actions are "
                       f"{', '.join(CONTROL_ACTIONS + SESSION_ACTIONS)} (a query has no action)", "action", query_id)
        return None

    def stop(self, query_id: Any) -> list[Any]:
        """Stops the running query (if it matches) and the queued ones with that id (all of them when None).
        Each stopped query still gets its final record."""
        stopped = []
        with self.lock:
            if self.current is not None and query_id in (None, self.current[0]):
                self.current[1].set()
                stopped.append(self.current[0])
            for query in list(self.queue.queue):
                if query is not None and query_id in (None, query.id):
                    self.stop_requested.add(query.id)
                    stopped.append(query.id)
        return stopped

    def _work(self) -> None:
        while (query := self.queue.get()) is not None:
            flag = cavemind.StopFlag()
            with self.lock:
                self.current = (query.id, flag)
                if query.id in self.stop_requested:
                    self.stop_requested.discard(query.id)
                    flag.set()
            try:
                query.run(self, flag)
            except FieldError as error:
                self.error(str(error), error.field, query.id, error.candidates)
            except CavemindError as error:
                self.error(str(error), None, query.id)
            except Exception as error:         # never die silently: the next query must still be answered
                self.error(f"search failed ({type(error).__name__}: {error})", None, query.id)
            finally:
                with self.lock:
                    self.current = None


def main(inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    return Engine(inp, out).run()
