"""A list of moves a person typed, played from a position (`cavemind analyse --moves`).

Each move is read as GameSession reads one (session.resolve_move: its exact name, a unique start of a name, an
action id), so a move that plays in `cavemind play` plays here. Chance events may be named in the list ("deal
J"); those it does not name are drawn from a deal seed as GameSession draws them (session.chance_seed, counting
the moves and chance events played from the given position), and so are the chance events after the last move,
up to the next decision: what is left is a position to analyse (or the end of the game).

    >>> import cavemind
    >>> state = cavemind.load_game("kuhn_poker").new_initial_state()
    >>> play_move_list(state, ["deal J", "deal Q", "bet"]).current_player()
    1
"""
from __future__ import annotations

from collections.abc import Sequence

from cavemind.errors import IllegalActionError
from cavemind.game import State
from cavemind.session import chance_seed, resolve_move

__all__ = ["named_chance_outcome", "play_move_list", "split_moves"]


def split_moves(text: str) -> list[str]:
    """The moves of a typed list: separated by commas when there is a comma (names such as "place 1 field" hold
    spaces), else by spaces ("a1 b2 c3"); empty items are refused, so a doubled comma is never a lost move.

    :raises IllegalActionError: an empty list, or an empty item between commas (its position named)."""
    if "," not in text:
        moves = text.split()
    else:
        moves = [item.strip() for item in text.split(",")]
        empty = next((index for index, item in enumerate(moves) if not item), None)
        if empty is not None:
            raise IllegalActionError(f"move {empty + 1} of {len(moves)} is empty (two commas in a row, or a comma "
                                     "at an end)")
    if not moves:
        raise IllegalActionError("no moves: give the moves' names, separated by spaces or commas")
    return moves


def named_chance_outcome(state: State, move: str) -> int | None:
    """The chance outcome of `state` (a chance node) that `move` names exactly (case and spaces ignored) or by
    its action id; None when it names none, and the outcome is to be drawn. A mere start of a name does not
    count here: it more likely begins the move that follows the draw."""
    wanted = " ".join(move.lower().split())
    outcomes = state.legal_actions()
    for outcome in outcomes:
        if " ".join(state.action_to_string(outcome).lower().split()) == wanted:
            return outcome
    if wanted.isdigit() and int(wanted) in outcomes:
        return int(wanted)
    return None


def _decision(state: State, move: str) -> int:
    """The action `move` names at a decision: resolve_move's name or unique start, else an action id."""
    try:
        return resolve_move(state, move)
    except IllegalActionError:
        wanted = move.strip()
        if wanted.isdigit() and int(wanted) in state.legal_actions():
            return int(wanted)
        raise


def play_move_list(state: State, moves: Sequence[str], deal_seed: int = 0) -> State:
    """A copy of `state` after `moves` (see the module's text), with the chance events that follow drawn up to
    the next decision. `state` itself is not changed.

    :raises IllegalActionError: a move that is not legal where it comes, or comes after the end of the game; the
        message names it and its place in the list ("move 3 of 5, 'b2': ...")."""
    state = state.clone()
    played = 0                                    # moves and chance events applied: the chance stream's ply

    def draw() -> None:
        nonlocal played
        state.apply(state.sample_chance(chance_seed(deal_seed, played)))
        played += 1

    for index, move in enumerate(moves):
        where = f"move {index + 1} of {len(moves)}, {move!r}"
        while state.is_chance_node() and named_chance_outcome(state, move) is None:
            draw()
        if state.is_terminal():
            raise IllegalActionError(f"{where}: the game is over before it")
        try:
            action = named_chance_outcome(state, move) if state.is_chance_node() else _decision(state, move)
        except IllegalActionError as error:
            raise IllegalActionError(f"{where}: {error}") from None
        assert action is not None      # (a chance node got here only with the outcome named)
        state.apply(action)
        played += 1
    while state.is_chance_node():
        draw()
    return state
