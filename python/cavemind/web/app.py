"""The web application's routes (Starlette): the page and its static files, and a JSON API over the games of a
GameStore. Every game operation runs in a worker thread (a bot's search never blocks the event loop) under the
game's lock. Every bad request gets a 4xx JSON answer {"error", "field"} and changes nothing. docs/web.md
describes the API.
"""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

import cavemind
from cavemind.botspec import HUMAN
from cavemind.errors import AmbiguousMoveError, CavemindError, EmptyHistoryError
from cavemind.game import parameters_of, state_from_json
from cavemind.game_files import ARENA_RESULTS, POSITION, file_kind, parse_game_file
from cavemind.levels import LEVELS
from cavemind.review import review_record
from cavemind.search import Limit
from cavemind.session import GameSession
from cavemind.web.analysis import analysis_socket
from cavemind.web.requests import (
    MAX_DEAL_SEED,
    RequestError,
    body_text,
    check_bots_play,
    integer,
    json_body,
    query_integer,
    seat_specs,
)
from cavemind.web.sessions import SOURCE, GameNotFoundError, GameStore, WebGame, session_from_record
from cavemind.web.views import next_screen, screen, viewer_of

STATIC = Path(__file__).parent / "static"
# Bot choices the new-game form offers, the AI's levels first (cavemind.levels; any other specification can be
# typed in). An AI seat starts at the top level, as `cavemind play`'s default AI.
BOT_PRESETS = (*(f"ismcts:level={level}" for level in reversed(LEVELS)), "random", "expert")
MAX_REVIEW_ITERATIONS = 20_000        # per searched decision of a review
DEFAULT_REVIEW_ITERATIONS = 300
NEW_GAME_FIELDS = ("game", "players", "options", "seats", "dealSeed")
UPLOAD_LIMIT_NOTE = "a saved game, a game record or an arena results file (JSON), at most 1 MB"

Handler = Callable[[Request], Awaitable[Response]]


def _answer(handler: Handler) -> Handler:
    """Turns the errors of a handler into JSON answers: a RequestError as it says, a game not found 404, a
    library error about the input 400 (no change was made: the library refuses before it changes)."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except RequestError as error:
            return JSONResponse(error.document(), status_code=error.status)
        except GameNotFoundError as error:
            return JSONResponse({"error": error.args[0], "field": "game"}, status_code=404)
    wrapped.__name__ = handler.__name__
    return wrapped


def create_app(store: GameStore | None = None) -> Starlette:
    """The application over `store` (a new, empty store by default)."""
    games = store if store is not None else GameStore()

    def game_of(request: Request) -> WebGame:
        return games.get(request.path_params["game_id"])

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    @_answer
    async def catalogue(request: Request) -> Response:
        """The games with their parameters, and the bot presets: what the new-game form offers."""
        entries = [{"name": name, "parameters": {key: _parameter(spec) for key, spec in parameters_of(name).items()}}
                   for name in cavemind.game_names()]
        return JSONResponse({"games": entries, "botPresets": list(BOT_PRESETS), "human": HUMAN})

    @_answer
    async def create(request: Request) -> Response:
        doc = await json_body(request, NEW_GAME_FIELDS)
        if not isinstance(doc.get("game"), str) or doc["game"] not in cavemind.game_names():
            raise RequestError(400, "game", f"game: expected one of {', '.join(cavemind.game_names())}")
        players = doc.get("players")
        options = doc.get("options", {})
        if not isinstance(options, dict):
            raise RequestError(400, "options", "options: expected an object")
        seed = integer(doc, "dealSeed", 0, MAX_DEAL_SEED) if "dealSeed" in doc else 0
        seats = seat_specs(doc["seats"]) if "seats" in doc else None
        if players is not None and "players" in options:
            raise RequestError(400, "players", "players: given both at the top and in options; give it once")
        try:
            chosen = cavemind.load_game(doc["game"], **{**options, **({} if players is None else {"players": players})})
        except CavemindError as error:
            field = "players" if "option players=" in str(error) else "options"
            raise RequestError(400, field, f"{field}: {error}") from None
        try:
            session = GameSession(chosen, seats, seed, source=SOURCE)
        except CavemindError as error:
            raise RequestError(400, "seats", f"seats: {error}") from None
        check_bots_play(session.seats, chosen.name)
        game = await run_in_threadpool(games.new, session)
        return JSONResponse(await _view(game, None), status_code=201)

    async def _view(game: WebGame, seat: int | None) -> dict[str, Any]:
        return await run_in_threadpool(screen, game, seat)

    @_answer
    async def view(request: Request) -> Response:
        game = game_of(request)
        seat = query_integer(request, "seat", 0, game.session.game.num_players - 1)
        if seat is not None and seat not in game.humans:
            raise RequestError(403, "seat", f"seat: seat {seat} is not a human seat; its view is not shown")
        return JSONResponse(await _view(game, seat))

    @_answer
    async def play(request: Request) -> Response:
        game = game_of(request)
        doc = await json_body(request, ("move", "seat"))
        if "move" not in doc:
            raise RequestError(400, "move", "move: give a legal move's name, a unique prefix of one, or its action id")
        move = doc["move"]
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise RequestError(400, "move", "move: expected a move's name (a string) or an action id (an integer)")
        seat = integer(doc, "seat", 0, game.session.game.num_players - 1) if "seat" in doc else None

        def act() -> int:
            with game.lock:
                to_move = game.session.to_move
                if game.session.is_over():
                    raise RequestError(409, "move", "move: the game is over")
                if to_move not in game.humans:
                    raise RequestError(409, "move", f"move: seat {to_move} is a bot: ask for its move (ai-move)")
                if seat is not None and seat != to_move:
                    raise RequestError(409, "seat", f"seat: seat {to_move} is to move, not seat {seat}")
                try:
                    game.play(move)
                except AmbiguousMoveError as error:
                    raise RequestError(400, "move", f"move: {error}") from None
                except CavemindError as error:
                    raise RequestError(400, "move", f"move: {error}") from None
                game.play_chance()
                return to_move
        return JSONResponse(await _next_screen(game, await run_in_threadpool(act)))

    async def _next_screen(game: WebGame, seat: int | None) -> dict[str, Any]:
        return await run_in_threadpool(next_screen, game, seat)

    @_answer
    async def ai_move(request: Request) -> Response:
        game = game_of(request)
        await json_body(request, ())

        def act() -> int | None:
            with game.lock:
                if game.session.is_over():
                    raise RequestError(409, None, "the game is over")
                if game.session.to_move in game.humans:
                    raise RequestError(409, None, f"seat {game.session.to_move} is a human seat: it plays its own move")
                shown = viewer_of(game)
                game.ai_move()
                game.play_chance()
                return shown
        return JSONResponse(await _next_screen(game, await run_in_threadpool(act)))

    @_answer
    async def undo(request: Request) -> Response:
        game = game_of(request)
        await json_body(request, ())

        def act() -> int | None:
            with game.lock:
                shown = viewer_of(game)
                try:
                    game.undo_last_human_decision()
                except EmptyHistoryError as error:
                    raise RequestError(409, None, str(error)) from None
                return shown
        return JSONResponse(await _next_screen(game, await run_in_threadpool(act)))

    @_answer
    async def record(request: Request) -> Response:
        """The saved game (every move, the seats, the deal seed): only when nothing in it is hidden from the
        player (see WebGame.may_show_everything); the position from a seat's view always."""
        game = game_of(request)
        with game.lock:
            if not game.may_show_everything():
                raise RequestError(409, None, "the saved game holds every hidden card of this game in progress: it "
                                              "can be downloaded once the game is over (save your position instead)")
            doc = game.session.to_saved_game()
        name = f"{doc['game']}-deal{doc['deal_seed']}.json"
        return JSONResponse(doc, headers={"content-disposition": f"attachment; filename=\"{name}\""})

    @_answer
    async def position(request: Request) -> Response:
        """The position now from a human seat's view (a position file the analyser and the engine read)."""
        game = game_of(request)
        seat = query_integer(request, "seat", 0, game.session.game.num_players - 1)
        with game.lock:
            seat = viewer_of(game) if seat is None else seat
            if seat is None or seat not in game.humans:
                raise RequestError(403, "seat", "seat: only a human seat's view can be saved as a position")
            doc = game.session.state.to_dict(observer=seat)
        name = f"{doc['game']}-seat{seat}.json"
        return JSONResponse(doc, headers={"content-disposition": f"attachment; filename=\"{name}\""})

    @_answer
    async def load(request: Request) -> Response:
        """A new game from an uploaded file (the body): a saved game, a game record, an arena results file's
        first game, or a position to play on. ?seats=human,random sets the seats (default: the file's, and human
        where it names none; for a position, the person at its observer's seat, or at the seat to move)."""
        text = await body_text(request)
        if file_kind(text) == POSITION:
            return await _load_position(request, text)
        try:
            parsed = await run_in_threadpool(parse_game_file, text, "upload", 1 if _is_arena(text) else None)
        except CavemindError as error:
            raise RequestError(422, "body", f"body: {error}") from None
        seats_text = request.query_params.get("seats")
        specs = seat_specs(seats_text.split(","), "seats") if seats_text is not None else None
        if specs is None:
            specs = seat_specs([_seat_or_human(s) for s in parsed.seats])
        if len(specs) != parsed.game.num_players:
            raise RequestError(400, "seats", f"seats: {len(specs)} seats for a {parsed.game.num_players}-player game")
        check_bots_play(specs, parsed.game.name)
        try:
            session = await run_in_threadpool(session_from_record, parsed, specs)
        except CavemindError as error:
            raise RequestError(422, "body", f"body: {error}") from None
        game = await run_in_threadpool(games.new, session, True)
        return JSONResponse(await _view(game, None), status_code=201)

    async def _load_position(request: Request, text: str) -> Response:
        """A new game set up from an uploaded position. One from a seat's view keeps what that seat could not see
        hidden (sampled with the deal seed, shown as unknown); a whole position was the player's to read, so
        nothing of that game is hidden from them."""
        seed = query_integer(request, "dealSeed", 0, MAX_DEAL_SEED) or 0
        start = {"position": json.loads(text), "seed": seed}
        try:
            state = await run_in_threadpool(state_from_json, start["position"], seed)
        except CavemindError as error:
            raise RequestError(422, "body", f"body: {error}") from None
        seats_text = request.query_params.get("seats")
        if seats_text is not None:
            specs = seat_specs(seats_text.split(","), "seats")
        else:
            person = state.view_of if state.view_of is not None else max(state.current_player(), 0)
            specs = seat_specs([HUMAN if seat == person else BOT_PRESETS[0] for seat in range(state.game.num_players)])
        if len(specs) != state.game.num_players:
            raise RequestError(400, "seats", f"seats: {len(specs)} seats for a {state.game.num_players}-player game")
        check_bots_play(specs, state.game.name)
        session = GameSession(state.game, specs, seed, source=SOURCE, start=start)
        game = await run_in_threadpool(games.new, session, state.view_of is None)
        return JSONResponse(await _view(game, None), status_code=201)

    @_answer
    async def review(request: Request) -> Response:
        game = game_of(request)
        doc = await json_body(request, ("iterations",))
        iterations = integer(doc, "iterations", 10, MAX_REVIEW_ITERATIONS) if "iterations" in doc \
            else DEFAULT_REVIEW_ITERATIONS

        def run() -> dict[str, Any]:
            with game.lock:
                if not game.may_show_everything():
                    raise RequestError(409, None, "a review names every move of every seat: it is there once the "
                                                  "game is over")
                reviewed = review_record(game.session.to_record(), Limit(iterations=iterations))
            return {"review": reviewed.to_dict(), "graph": reviewed.evaluation_svg()}
        return JSONResponse(await run_in_threadpool(run))

    @_answer
    async def position_at(request: Request) -> Response:
        """The board after the first `ply` entries (for a review), from the human seat's view; only for a game
        whose whole course may be shown."""
        game = game_of(request)
        with game.lock:
            if not game.may_show_everything():
                raise RequestError(409, None, "earlier positions of a game with hidden parts are shown once it is over")
            ply = query_integer(request, "ply", 0, game.session.ply)
            if ply is None:
                raise RequestError(400, "ply", "ply: give the number of entries played before the position")
            seat = viewer_of(game)
            state = game.session.to_record().state_at(ply)
        return JSONResponse({"ply": ply, "viewer": seat, "board": state.to_svg(observer=seat)})

    @_answer
    async def close(request: Request) -> Response:
        games.close(request.path_params["game_id"])
        return JSONResponse({"closed": True})

    routes = [
        Route("/", index),
        Route("/api/catalogue", catalogue),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/load", load, methods=["POST"]),
        Route("/api/games/{game_id}", view),
        Route("/api/games/{game_id}", close, methods=["DELETE"]),
        Route("/api/games/{game_id}/play", play, methods=["POST"]),
        Route("/api/games/{game_id}/ai-move", ai_move, methods=["POST"]),
        Route("/api/games/{game_id}/undo", undo, methods=["POST"]),
        Route("/api/games/{game_id}/record", record),
        Route("/api/games/{game_id}/position", position),
        Route("/api/games/{game_id}/position-at", position_at),
        Route("/api/games/{game_id}/review", review, methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/analysis", lambda socket: analysis_socket(socket, games)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_allowed, Exception: _internal})
    app.state.games = games
    return app


def _parameter(spec: dict[str, Any]) -> dict[str, Any]:
    """A game parameter's description for the form: its type by name, default, choices and help."""
    kind = spec.get("type")
    shown: dict[str, Any] = {key: spec[key] for key in ("default", "choices", "help") if key in spec}
    return {"type": kind.__name__ if isinstance(kind, type) else str(kind), **shown}


def _seat_or_human(text: str) -> str:
    """A file's seat label as a seat here: a bot it names, else (a person, "unknown") a human seat."""
    try:
        seat_specs([text])
    except RequestError:
        return HUMAN
    return text


def _is_arena(text: str) -> bool:
    """Whether an upload is an arena results file (whose first game is loaded)."""
    return file_kind(text) == ARENA_RESULTS


async def _not_found(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"no such address: {request.url.path}", "field": None}, status_code=404)


async def _internal(request: Request, exc: Exception) -> Response:
    """A bug, not bad input: still a JSON answer, saying it is ours."""
    return JSONResponse({"error": f"internal error ({type(exc).__name__}: {exc}); please report it", "field": None},
                        status_code=500)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"{request.method} is not allowed on {request.url.path}", "field": None},
                        status_code=405)

