"""The live searches over a WebSocket: a person's analysis of their own position, and a bot's search for its move
while the person watches it think. Both are streamed as reports in the engine's JSON record shape (moveInfos with
visits, value and its standard error, pv; rootInfo) until they end, the client says stop, or the socket closes.

An analysis searches the human seat's position from that seat's view only (what it cannot see is sampled, never
read). A bot's search is shown only when the bot's view holds nothing the person's does not (views.thinking_shown):
otherwise its candidate moves would name its hidden cards, and the page is told only that it is thinking.

Messages from the client: {"action": "start", "seconds": S, "top": K} (analyse the human seat's decision),
{"action": "ai-move", "top": K} (the bot to move searches and plays, shown as it thinks) and {"action": "stop"}
(an analysis ends; a bot plays its choice so far). To the client: {"type": "report", ...record} while an analysis
searches and {"type": "final", ...record} at its end; {"type": "thinking", "seat", "hidden": false, ...record} or
{"type": "thinking", "seat", "hidden": true, "seconds"} while a bot searches, then {"type": "played", "seat",
"view"} with the next screen; and {"type": "error", "error", "field"} for a bad message or one that cannot be
answered now (the socket stays open), or a game that does not exist (then it closes).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from cavemind.analysis_output import json_record
from cavemind.errors import CavemindError
from cavemind.search import Analysis, AnalysisInfo, Limit, StopFlag, analysis
from cavemind.web.requests import RequestError, json_object, number
from cavemind.web.sessions import GameNotFoundError, GameStore, WebGame
from cavemind.web.views import next_screen, thinking_shown, viewer_of

MAX_ANALYSIS_SECONDS = 600.0
DEFAULT_ANALYSIS_SECONDS = 30.0
REPORT_EVERY = 0.25            # seconds between two reports
TOP_MOVES = 8
NOT_FOUND_CLOSE_CODE = 4404
# Analyses running at once in this server, all pages together: each holds a core while it runs.
MAX_ANALYSES = 2 * (os.cpu_count() or 1)
_running = threading.BoundedSemaphore(MAX_ANALYSES)

Post = Callable[[dict[str, Any]], None]      # hands a message to the socket, from any thread


def top_moves(doc: dict[str, Any]) -> int:
    top = doc.get("top", TOP_MOVES)
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 100:
        raise RequestError(400, "top", f"top: expected an integer from 1 to 100, got {json.dumps(top)}")
    return top


def start_search(game: WebGame, doc: dict[str, Any],
                 stop: StopFlag | None = None) -> tuple[Analysis, threading.BoundedSemaphore]:
    """The analysis that a start message asks for, of the human seat to move, from its view, and the places it
    holds one of (the analyses running then: release() frees that one, even should the server's be replaced)."""
    seconds = number(doc, "seconds", 0.05, MAX_ANALYSIS_SECONDS) if "seconds" in doc else DEFAULT_ANALYSIS_SECONDS
    with game.lock:
        seat = game.session.to_move
        if game.session.is_over() or seat not in game.humans:
            raise RequestError(409, "action", "action: an analysis is of a human seat's decision, and none is to "
                                              "be made now")
        view = game.session.view(seat)
    places = _running
    if not places.acquire(blocking=False):
        raise RequestError(409, "action", f"action: {MAX_ANALYSES} analyses are running on this server; stop one "
                                          "or wait until one ends")
    try:
        return analysis(view, Limit(seconds=seconds), progress_every=REPORT_EVERY, stop=stop), places
    except BaseException:
        places.release()
        raise


def release(search: Analysis, places: threading.BoundedSemaphore) -> None:
    """Ends a search started by start_search and frees its place among the analyses running."""
    search.close()
    places.release()


def stream_analysis(search: Analysis, places: threading.BoundedSemaphore, top: int, post: Post) -> None:
    """Posts an analysis's reports and its result (in a thread of its own), then frees its place."""
    try:
        for info in search:
            kind = "final" if info.final else "report"
            post({"type": kind, **json_record(info, top, stopped=info.stopped, during_search=not info.final)})
    except CavemindError as error:
        post({"type": "error", "error": str(error), "field": None})
    finally:
        release(search, places)


def play_ai_move(game: WebGame, top: int, stop: StopFlag, post: Post) -> None:
    """The bot to move searches and plays (in a thread of its own, holding the game), its search posted as it
    goes where the person's screen may show it; then the next screen."""
    with game.lock:
        session = game.session
        mover = session.to_move
        if session.is_over() or mover < 0 or mover in game.humans:
            post({"type": "error", "error": "action: no bot is to move now", "field": "action"})
            return
        shown = viewer_of(game)
        visible = thinking_shown(game, mover, shown)

        def progress(info: AnalysisInfo) -> None:
            if visible:
                post({"type": "thinking", "seat": mover, "hidden": False,
                      **json_record(info, top, stopped=False, during_search=True)})
            else:
                post({"type": "thinking", "seat": mover, "hidden": True, "seconds": round(info.seconds, 2)})
        try:
            game.ai_move(on_progress=progress, stop=stop)
            game.play_chance()
        except CavemindError as error:
            post({"type": "error", "error": str(error), "field": None})
            return
        post({"type": "played", "seat": mover, "view": next_screen(game, shown)})


class _Job:
    """The search a socket runs: the flag that stops it and its thread, started at once."""

    def __init__(self, stop: StopFlag, target: Callable[..., None], *args: Any) -> None:
        self.stop = stop
        self.thread = threading.Thread(target=target, args=args, name="cavemind-web-search", daemon=True)
        self.thread.start()

    def running(self) -> bool:
        return self.thread.is_alive()


async def analysis_socket(socket: WebSocket, games: GameStore) -> None:
    await socket.accept()
    try:
        game = games.get(socket.path_params["game_id"])
    except GameNotFoundError as error:
        await socket.send_json({"type": "error", "error": error.args[0], "field": "game"})
        await socket.close(code=NOT_FOUND_CLOSE_CODE)
        return
    loop = asyncio.get_running_loop()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def post(message: dict[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):     # the server has shut its event loop: nobody is listening
            loop.call_soon_threadsafe(outbox.put_nowait, message)

    job: _Job | None = None
    reading: asyncio.Task[str] = asyncio.ensure_future(socket.receive_text())
    sending: asyncio.Task[dict[str, Any]] = asyncio.ensure_future(outbox.get())
    try:
        while True:
            done, _ = await asyncio.wait({reading, sending}, return_when=asyncio.FIRST_COMPLETED)
            if sending in done:
                await socket.send_json(sending.result())
                sending = asyncio.ensure_future(outbox.get())
            if reading in done:
                text = reading.result()         # raises WebSocketDisconnect once the page has gone
                reading = asyncio.ensure_future(socket.receive_text())
                try:
                    job = await _answer(text, game, job, post)
                except RequestError as error:
                    await socket.send_json({"type": "error", **error.document()})
    except WebSocketDisconnect:
        pass
    finally:
        reading.cancel()
        sending.cancel()
        if job is not None:            # the page closed: the search ends with it (a bot still plays its move)
            job.stop.set()


async def _answer(text: str, game: WebGame, job: _Job | None, post: Post) -> _Job | None:
    """Acts on one client message; returns the socket's job now."""
    doc = json_object(text, ("action", "seconds", "top"))
    action = doc.get("action")
    if action == "stop":
        if job is not None:
            job.stop.set()
        return job
    if action not in ("start", "ai-move"):
        raise RequestError(400, "action", f"action: expected \"start\", \"ai-move\" or \"stop\", got "
                                          f"{json.dumps(action)}")
    if job is not None and job.running():
        raise RequestError(409, "action", "action: a search is running; stop it first")
    top = top_moves(doc)
    stop = StopFlag()
    if action == "ai-move":
        return _Job(stop, play_ai_move, game, top, stop, post)
    search, places = await asyncio.to_thread(start_search, game, doc, stop)
    return _Job(stop, stream_analysis, search, places, top, post)
