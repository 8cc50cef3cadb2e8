"""cavemind.move_list: a typed list of moves played from a position, each read as GameSession reads a move, the
chance events it does not name drawn as GameSession draws them."""
import pytest

import cavemind
from cavemind.errors import IllegalActionError
from cavemind.move_list import named_chance_outcome, play_move_list, split_moves


def test_moves_are_split_by_spaces_or_by_commas_when_there_is_one():
    assert split_moves(" b2  a1 c3 ") == ["b2", "a1", "c3"]
    assert split_moves("deal J, deal Q ,bet") == ["deal J", "deal Q", "bet"]
    with pytest.raises(IllegalActionError, match="move 2 of 3 is empty"):
        split_moves("deal J,,bet")
    with pytest.raises(IllegalActionError, match="no moves"):
        split_moves("   ")


def test_names_prefixes_and_ids_play_as_in_a_game_session():
    start = cavemind.load_game("tictactoe").new_initial_state()
    by_name = play_move_list(start, ["b2", "a1"])
    assert play_move_list(start, ["B2", "6"]) == by_name              # case ignored; 6 is a1's action id
    assert start == cavemind.load_game("tictactoe").new_initial_state()   # the given state is not changed
    poker = cavemind.load_game("kuhn_poker").new_initial_state()
    assert play_move_list(poker, ["deal J", "deal Q", "b"]) == play_move_list(poker, ["deal J", "deal Q", "bet"])


def test_chance_events_not_named_are_drawn_as_a_game_session_draws_them():
    game = cavemind.load_game("kuhn_poker")
    session = cavemind.GameSession(game, deal_seed=5)
    session.play_chance(), session.play_chance()
    session.play("bet")
    assert play_move_list(game.new_initial_state(), ["bet"], deal_seed=5) == session.state
    dealt = {str(play_move_list(game.new_initial_state(), ["bet"], deal_seed=seed).to_dict()["state"])
             for seed in range(8)}
    assert len(dealt) > 1                                             # the deal seed is what draws them
    # a chance event named in the list is played as named; the one after it is drawn
    named = play_move_list(game.new_initial_state(), ["deal K", "pass"], deal_seed=5)
    assert named.history()[0] == game.new_initial_state().string_to_action("deal K") and len(named.history()) == 3


def test_a_chance_event_is_named_only_by_its_whole_name_or_its_id():
    state = cavemind.load_game("kuhn_poker").new_initial_state()
    assert named_chance_outcome(state, " deal  q ") == state.string_to_action("deal Q")
    assert named_chance_outcome(state, "deal") is None
    assert named_chance_outcome(state, str(state.string_to_action("deal K"))) == state.string_to_action("deal K")


@pytest.mark.parametrize("moves, message", [
    (["b2", "b2"], r"move 2 of 2, 'b2': 'b2' is not a legal move here; legal: a3, b3, c3, a2, c2, a1, b1, c1"),
    (["a"], r"move 1 of 1, 'a': 'a' could be 3 moves: a3, a2, a1"),
    (["a1", "b1", "a2", "b2", "a3", "c3"], r"move 6 of 6, 'c3': the game is over before it"),
    (["b2", "99"], r"move 2 of 2, '99': '99' is not a legal move here"),
])
def test_a_bad_move_names_itself_and_its_place_in_the_list(moves, message):
    with pytest.raises(IllegalActionError, match=message):
        play_move_list(cavemind.load_game("tictactoe").new_initial_state(), moves)
