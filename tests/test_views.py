"""Views stay views (issue 36, point 7): a state loaded from one seat's view remembers it, so what was sampled for the
parts that seat cannot see never shows: not in print, not in render(), not in its JSON, not in its picture."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

import cavemind

CONFIGURATIONS = [(name, players) for name in cavemind.game_names()
                  for players in cavemind.game_info(name).player_counts]


def positions(name: str, players: int, count: int = 4) -> list[cavemind.State]:
    """Decision positions spread along one seeded random game."""
    rng = random.Random(f"{name}/{players}")
    state = cavemind.load_game(name, players=players).new_initial_state(seed=7)
    found = []
    for step in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(32)))
            continue
        if step % 25 == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found[:count] or [state]


@pytest.mark.parametrize(("name", "players"), CONFIGURATIONS)
def test_a_view_shows_only_what_its_seat_sees(name, players):
    for state in positions(name, players):
        for seat in range(players):
            view = cavemind.state_from_json(state.to_json(observer=seat), seed=11)
            assert view.view_of == seat and state.view_of is None
            assert str(view) == view.render() == state.render(seat)
            assert view.to_dict() == state.to_dict(observer=seat)
            assert cavemind.state_from_json(view.to_json(), seed=12).to_dict() == state.to_dict(observer=seat)
            assert view.to_svg() == state.to_svg(observer=seat)


def test_copies_children_and_worlds_of_a_view_are_views():
    game = cavemind.load_game("kuhn_poker")
    state = game.new_initial_state(seed=11)
    view = cavemind.state_from_json(state.to_json(observer=1), seed=11)
    assert "?" in view.to_dict()["state"]["cards"]           # the other player's card stays unknown
    others = [view.clone(), copy.deepcopy(view), pickle.loads(pickle.dumps(view)), view.determinize(1, 3),
              view.child(view.legal_actions()[0])]
    assert all(other.view_of == 1 for other in others)
    assert all("?" in other.to_dict()["state"]["cards"] for other in others)


def test_a_view_still_shows_another_seat_when_asked():
    """An explicit observer is obeyed (the bots and the experts read their own seat's view of any state)."""
    game = cavemind.load_game("kuhn_poker")
    view = cavemind.state_from_json(game.new_initial_state(seed=11).to_json(observer=0), seed=11)
    assert view.to_dict(observer=1)["observer"] == 1
