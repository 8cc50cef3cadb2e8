"""What the browser is sent about a game: only what one seat knows. The board is drawn from that seat's view
(State.to_svg(observer=seat), hidden parts as card backs), the move list names moves as that seat perceived
them, and the legal moves are listed only when that seat is to move. Nothing here reads a hidden part of the
true state into a payload.
"""
from __future__ import annotations

from typing import Any

from cavemind.game import CHANCE
from cavemind.games import notation_to_words
from cavemind.web.sessions import WebGame

# Worlds sampled from the viewer's view to tell whether a bot's view holds anything the viewer's does not: with
# a hidden part of only two possibilities (Kuhn poker's card), all of them agreeing by chance has probability
# 2 ** -32.
THINKING_SAMPLES = 32


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


def thinking_shown(game: WebGame, mover: int, viewer: int | None) -> bool:
    """Whether the search of the bot at `mover` may be shown live on `viewer`'s screen. Its candidate moves,
    values and lines come from the mover's view, so they may be shown only when that view holds nothing the
    viewer cannot see: when every world the viewer cannot tell from the true one (THINKING_SAMPLES of them,
    sampled from the viewer's view) looks the same from the mover's seat. A game that may show everything
    shows it."""
    if game.may_show_everything():
        return True
    if viewer is None:
        return False
    state = game.session.state
    seen = state.to_dict(observer=mover)
    return all(state.determinize(viewer, seed).to_dict(observer=mover) == seen for seed in range(THINKING_SAMPLES))


def screen(game: WebGame, seat: int | None = None) -> dict[str, Any]:
    """The screen of `seat` (None: of the seat viewer_of names): its view, or only the status where no seat's
    view may be shown (a game between bots that hides something, until it is over)."""
    with game.lock:
        shown = viewer_of(game) if seat is None else seat
        if shown is None and not game.may_show_everything():
            return {**status(game), "viewer": None}
        return seat_view(game, shown)


def next_screen(game: WebGame, before: int | None) -> dict[str, Any]:
    """The screen after a change: the view of the seat now shown or, when the screen passes from `before` (the
    person shown it before the change) to another person at one screen, only the status and whom to pass the
    device to (the next view is asked for after the hand-over)."""
    with game.lock:
        following = viewer_of(game)
        if before is not None and following is not None and following != before and len(game.humans) > 1:
            return {**status(game), "viewer": None, "passTo": following}
        return screen(game, following)


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
    names = [event.name if seat is None else event.seen_as[seat] for event in game.log]
    doc["log"] = [{"ply": ply, "mover": "chance" if event.mover == CHANCE else event.mover, "name": name,
                   "words": notation_to_words(state.game.name, name)}
                  for ply, (event, name) in enumerate(zip(game.log, names, strict=True))]
    doc["legalMoves"] = ([{"action": m.action, "name": m.name} for m in session.legal_moves()]
                         if seat is not None and session.to_move == seat else [])
    return doc
