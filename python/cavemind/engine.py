"""`cavemind engine`: a JSON-lines analysis protocol on stdin/stdout, for GUIs and other programs.

Each input line is one JSON object. A query (no "action") is analysed and answered with one record echoing its
"id"; control messages ("action": "query_version" | "stop" | "terminate") are acknowledged. Queries run one
after another in a worker thread, so a "stop" read while a search runs ends it early with the best so far.
Bad input gets {"error", "field", "id"} and the engine keeps running. See docs/engine-protocol.md.
"""
from __future__ import annotations

import json
import math
import queue
import sys
import threading
from typing import Any, TextIO

import cavemind
from cavemind.analysis_output import hidden_information_warning, json_record
from cavemind.errors import CavemindError, SearchError
from cavemind.inputs import MAX_NESTING, TOO_DEEP, nesting_depth
from cavemind.records import replay
from cavemind.search import check_memory
from cavemind.settings import DEFAULT_ITERATIONS, SearchSettings, Setting, records

PROTOCOL_VERSION = 1
# The search settings' fields are made from their records (cavemind.settings, docs/settings.md): the Python names
# in camelCase, the budget (cavemind.Limit's fields) inside "limit", the other analyse() keywords at the top level.
# "searchSeed" is analyse()'s seed, "dealSeed" the seed of the opening chance events (new_initial_state's seed).
SEARCH_FIELDS: dict[str, Setting] = {str(s.engine_field): s for s in records("search")}
LIMIT_SETTINGS: dict[str, Setting] = {str(s.engine_field).removeprefix("limit."): s for s in records("limit")}
SEARCH_SEED = str(records("seed")[0].engine_field)
QUERY_FIELDS = {"id", "position", "game", "players", "options", "dealSeed", "moves", "limit", "observer", "top",
                SEARCH_SEED, "reportDuringSearchEvery", *SEARCH_FIELDS}
LIMIT_FIELDS = set(LIMIT_SETTINGS)
# Old names still accepted: old name -> new name. A query that uses one gets a warning in its record.
ALIASES = {"asPlayer": "observer", "seed": "dealSeed"}
# One message is small (a position or a move list is a few kilobytes and a few levels deep); the limits keep
# one hostile line from taking the engine's memory or its parser's stack (the nesting limit is
# cavemind.inputs.MAX_NESTING, the one every reader of JSON input keeps).
MAX_LINE_CHARS = 1_000_000


class FieldError(Exception):
    """Bad input in one field of a message; becomes {"error": message, "field": field, "id": id}."""

    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field


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
        self.state = self._state(message)
        if self.state.current_player() < 0:
            where = "the game is over" if self.state.is_terminal() else "it is a chance event (give its outcome)"
            raise FieldError("moves" if "moves" in message else "position", f"nothing to analyse: {where}")
        if "observer" in message:
            seat = _integer(message, "observer", 0, self.state.game.num_players - 1)
            self.state = self.state.determinize(seat, self.search_seed)
        self.top = _integer(message, "top", 1) if "top" in message else None
        given = {**self._limit(message.get("limit", {})), **self._search_options(message)}
        try:
            self.settings = SearchSettings(**given)
        except SearchError as error:     # each value was read by its record: only a combination is left to refuse
            raise FieldError(None, str(error)) from None
        self.algorithm = self.settings.algorithm or "ismcts"
        self.report_every = message.get("reportDuringSearchEvery")
        if self.report_every is not None and (isinstance(self.report_every, bool)
                                              or not isinstance(self.report_every, (int, float))
                                              or not 0.01 <= self.report_every <= 86400):
            raise FieldError("reportDuringSearchEvery", f"reportDuringSearchEvery: {json.dumps(self.report_every)} "
                                                        "must be a number of seconds from 0.01 to 86400")
        try:
            check_memory(self.settings)
        except CavemindError as error:   # "Limit.memory_mb=M: K thread(s) of that exceed this machine's memory"
            reason = str(error).split(": ", 1)[-1]
            raise FieldError("limit.memoryMb", f"limit.memoryMb: {reason}") from None
        warning = hidden_information_warning(self.state, self.algorithm)
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

    @staticmethod
    def _search_options(message: dict[str, Any]) -> dict[str, Any]:
        """The search settings at the top level, by their Python names, each read by its record; an unset one is
        the game's or the record's default."""
        return {setting.name: _read(setting, message, field) for field, setting in SEARCH_FIELDS.items()
                if message.get(field) is not None}

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
        seed = _integer(message, "dealSeed", 0, 2**47) if "dealSeed" in message else None
        try:
            return replay(game, message.get("moves", []), seed=seed)
        except CavemindError as error:
            text = str(error)
            raise FieldError(text.split(":")[0], text) from None

    @staticmethod
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


class Engine:
    """Reads messages from `inp`, writes records to `out`. Queries run in order in one worker thread."""

    def __init__(self, inp: TextIO, out: TextIO):
        self.inp, self.out = inp, out
        self.lock = threading.Lock()           # the worker and the reader both write lines
        self.queue: queue.Queue[Any] = queue.Queue()
        self.current: tuple[Any, cavemind.StopFlag] | None = None
        self.stop_requested: set[Any] = set()       # ids of queued queries stopped before they started
        self.worker = threading.Thread(target=self._work, daemon=True)

    def send(self, record: dict[str, Any]) -> None:
        with self.lock:
            self.out.write(json.dumps(record) + "\n")
            self.out.flush()

    def error(self, message: str, field: str | None = None, query_id: Any = None) -> None:
        self.send({"error": message, "field": field, "id": query_id})

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
            self.error(f"action: unknown action {json.dumps(action)}; actions are query_version, stop, "
                       "terminate (a query has no action)", "action", query_id)
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
                reports = {}
                if query.report_every is not None:
                    reports = {"progress_every": query.report_every, "on_progress": lambda so_far: self.send(
                        json_record(so_far, query.top, query.id, warnings=query.warnings, during_search=True))}
                info = cavemind.analyse(query.state, settings=query.settings, seed=query.search_seed, stop=flag,
                                        **reports)
                self.send(json_record(info, query.top, query.id, stopped=flag.is_set, warnings=query.warnings))
            except CavemindError as error:
                self.error(str(error), None, query.id)
            except Exception as error:         # never die silently: the next query must still be answered
                self.error(f"search failed ({type(error).__name__}: {error})", None, query.id)
            finally:
                with self.lock:
                    self.current = None


def main(inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    return Engine(inp, out).run()
