"""What the browser is sent about a game: only what one seat knows. The board is drawn from that seat's view
(State.to_svg(observer=seat), hidden parts as card backs), the move list names moves as that seat perceived
them, and the legal moves are listed only when that seat is to move. Nothing here reads a hidden part of the
true state into a payload.
"""
from __future__ import annotations

from typing import Any

from cavemind.game import CHANCE
from cavemind.web.sessions import WebGame


def viewer_of(game: WebGame) -> int | None:
    """The seat whose view the screen shows: the human seat to move; otherwise the human seat that decided
    last (so a bot's turn keeps showing the same person's board), or the first human seat; None without
    humans (a game between bots is shown face up only once it is over)."""
    session = game.session
    humans = session.humans
    if session.to_move in humans:
        return session.to_move
    decided = next((e.mover for e in reversed(game.log) if e.mover in humans), None)
    if decided is not None:
        return decided
    return humans[0] if humans else None


def status(game: WebGame) -> dict[str, Any]:
    """Where the game stands, the same for every seat."""
    session = game.session
    to_move = session.to_move
    doc: dict[str, Any] = {
        "id": game.id, "game": session.game.name, "players": session.game.num_players,
        "options": session.game.options, "seats": [str(s) for s in session.seats], "humans": session.humans,
        "dealSeed": session.deal_seed, "ply": session.ply, "toMove": to_move if to_move >= 0 else None,
        "aiToMove": to_move >= 0 and to_move not in session.humans, "finished": session.is_over(),
        "hiddenInformation": game.hidden_information, "everythingShown": game.may_show_everything()}
    if session.is_over():
        state = session.state
        doc["returns"] = state.returns()
        doc["scores"] = state.scores()
    return doc


def seat_view(game: WebGame, seat: int | None) -> dict[str, Any]:
    """Everything the screen of `seat` shows: the status, the board from the seat's view, the move list as the
    seat perceived it, and its legal moves when it is to move. `seat` None: the face-up board, only for a game
    that may show everything (a finished game between bots)."""
    session = game.session
    if seat is None and not game.may_show_everything():
        raise ValueError("a face-up view of a game with hidden parts")
    state = session.state
    doc = status(game)
    doc["viewer"] = seat
    doc["board"] = state.to_svg(observer=seat)
    doc["log"] = [{"ply": ply, "mover": "chance" if event.mover == CHANCE else event.mover,
                   "name": event.name if seat is None else event.seen_as[seat]}
                  for ply, event in enumerate(game.log)]
    doc["legalMoves"] = ([{"action": m.action, "name": m.name} for m in session.legal_moves()]
                         if seat is not None and session.to_move == seat else [])
    return doc
