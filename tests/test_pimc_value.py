"""What PIMC's `value` means: the average over its sampled worlds of the move's value in each world, every
world weighing the same (not by how often that world's search chose the move)."""
import pytest

import cavemind
from cavemind.analysis_output import PIMC_VALUE_NOTE, format_table

KUHN = cavemind.load_game("kuhn_poker", players=2)


def facing_a_bet(card):
    """Player 0 holds `card` and must call or fold after pass, bet; PIMC resamples player 1's card."""
    state = KUHN.state_from_dict({"cards": [card, "J" if card != "J" else "Q"], "history": "pb"})
    assert state.current_player() == 0
    return state


def values(info):
    return {m.name: m.value for m in info.moves}


@pytest.mark.parametrize("worlds, threads", [(1, 1), (8, 1), (64, 1), (8, 2)])
def test_a_call_with_the_queen_is_worth_the_share_of_worlds_where_it_wins(worlds, threads):
    # No decision follows a call, so in each world it is worth exactly 1 (the other holds the jack) or 0
    # (the king): the value is a whole number of worlds out of all the worlds sampled (each thread samples
    # its own). Weighted by visits it read 0.9 and more, since each world's search calls where calling wins.
    state = facing_a_bet("Q")
    info = cavemind.analyse(state, cavemind.Limit(iterations=20_000, threads=threads), algorithm="pimc",
                            determinizations=worlds, seed=1)
    sampled = worlds * threads
    call, fold = values(info)["call"], values(info)["fold"]
    assert call * sampled == pytest.approx(round(call * sampled), abs=1e-6)
    assert fold == pytest.approx(0.25)           # folding loses the ante whatever the other holds
    if sampled >= 64:                            # about half the worlds give the other player the jack
        assert 0.3 < call < 0.7
        ismcts = values(cavemind.analyse(state, cavemind.Limit(iterations=20_000), seed=1))["call"]
        assert abs(call - ismcts) < 0.15


@pytest.mark.parametrize("card, call", [("K", 1.0), ("J", 0.0)])
def test_a_call_that_wins_or_loses_in_every_world_is_worth_that(card, call):
    info = cavemind.analyse(facing_a_bet(card), cavemind.Limit(iterations=4000), algorithm="pimc", seed=3)
    assert values(info)["call"] == pytest.approx(call)


def test_the_table_says_what_pimc_values_are():
    info = cavemind.analyse(facing_a_bet("Q"), cavemind.Limit(iterations=500), algorithm="pimc")
    assert format_table(info, "kuhn_poker").endswith(PIMC_VALUE_NOTE)
    ismcts = cavemind.analyse(facing_a_bet("Q"), cavemind.Limit(iterations=500))
    assert PIMC_VALUE_NOTE not in format_table(ismcts, "kuhn_poker")
