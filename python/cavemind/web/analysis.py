"""The live analysis over a WebSocket: the search of a human seat's position, from that seat's view only (what
it cannot see is sampled, never read), streamed as reports in the engine's JSON record shape (moveInfos with
visits, value and its standard error, pv; rootInfo) until it ends, the client says stop, or the socket closes.

Messages from the client: {"action": "start", "seconds": S, "top": K} and {"action": "stop"}. To the client:
{"type": "report", ...record} while searching, {"type": "final", ...record} at the end, and {"type": "error",
"error", "field"} for a bad message (the socket stays open) or a game that does not exist (then it closes).
"""
from __future__ import annotations

import asyncio
import json
import os
import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from cavemind.analysis_output import json_record
from cavemind.search import Analysis, AnalysisInfo, Limit, analysis
from cavemind.web.requests import RequestError, json_object, number
from cavemind.web.sessions import GameNotFoundError, GameStore, WebGame

MAX_ANALYSIS_SECONDS = 600.0
DEFAULT_ANALYSIS_SECONDS = 30.0
REPORT_EVERY = 0.25            # seconds between two reports
TOP_MOVES = 8
NOT_FOUND_CLOSE_CODE = 4404
# Analyses running at once in this server, all pages together: each holds a core while it runs.
MAX_ANALYSES = 2 * (os.cpu_count() or 1)
_running = threading.BoundedSemaphore(MAX_ANALYSES)


def start_search(game: WebGame, doc: dict[str, Any]) -> tuple[Analysis, int]:
    """The analysis that a start message asks for, of the human seat to move, from its view."""
    seconds = number(doc, "seconds", 0.05, MAX_ANALYSIS_SECONDS) if "seconds" in doc else DEFAULT_ANALYSIS_SECONDS
    top = doc.get("top", TOP_MOVES)
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 100:
        raise RequestError(400, "top", f"top: expected an integer from 1 to 100, got {json.dumps(top)}")
    with game.lock:
        seat = game.session.to_move
        if game.session.is_over() or seat not in game.humans:
            raise RequestError(409, "action", "action: an analysis is of a human seat's decision, and none is to "
                                              "be made now")
        view = game.session.view(seat)
    if not _running.acquire(blocking=False):
        raise RequestError(409, "action", f"action: {MAX_ANALYSES} analyses are running on this server; stop one "
                                          "or wait until one ends")
    try:
        return analysis(view, Limit(seconds=seconds), progress_every=REPORT_EVERY), top
    except BaseException:
        _running.release()
        raise


def release(search: Analysis) -> None:
    """Ends a search started by start_search and frees its place among the analyses running."""
    search.close()
    _running.release()


def _next_info(search: Analysis) -> AnalysisInfo | None:
    return next(search, None)


async def analysis_socket(socket: WebSocket, games: GameStore) -> None:
    await socket.accept()
    try:
        game = games.get(socket.path_params["game_id"])
    except GameNotFoundError as error:
        await socket.send_json({"type": "error", "error": error.args[0], "field": "game"})
        await socket.close(code=NOT_FOUND_CLOSE_CODE)
        return
    search: Analysis | None = None
    top = TOP_MOVES
    reading: asyncio.Task[str] = asyncio.ensure_future(socket.receive_text())
    waiting: asyncio.Future[AnalysisInfo | None] | None = None
    try:
        while True:
            pending = {reading} | ({waiting} if waiting is not None else set())
            done, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            if waiting is not None and waiting in done:
                info = waiting.result()
                waiting = None
                if info is not None:
                    kind = "final" if info.final else "report"
                    record = json_record(info, top, stopped=info.stopped, during_search=not info.final)
                    await socket.send_json({"type": kind, **record})
                if info is None or info.final:
                    if search is not None:
                        await run_in_threadpool(release, search)
                    search = None
                elif search is not None:
                    waiting = asyncio.ensure_future(run_in_threadpool(_next_info, search))
            if reading in done:
                text = reading.result()         # raises WebSocketDisconnect once the page has gone
                reading = asyncio.ensure_future(socket.receive_text())
                try:
                    doc = json_object(text, ("action", "seconds", "top"))
                    action = doc.get("action")
                    if action == "stop":
                        if search is not None:
                            search.stop()
                    elif action == "start":
                        if search is not None:
                            raise RequestError(409, "action", "action: an analysis is running; stop it first")
                        started, top = await run_in_threadpool(start_search, game, doc)
                        search = started
                        waiting = asyncio.ensure_future(run_in_threadpool(_next_info, started))
                    else:
                        raise RequestError(400, "action", f"action: expected \"start\" or \"stop\", got "
                                                          f"{json.dumps(action)}")
                except RequestError as error:
                    await socket.send_json({"type": "error", **error.document()})
    except WebSocketDisconnect:
        pass
    finally:
        reading.cancel()
        if search is not None:            # the page closed: the search ends with it
            search.stop()
            # Not awaited: a task cancelled with its socket could not await here; the thread ends in a moment.
            threading.Thread(target=release, args=(search,), name="cavemind-analysis-release", daemon=True).start()
