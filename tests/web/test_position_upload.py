"""Loading a single position to play on (docs/web.md, "Load"): from one seat's view, what that seat could not
see stays hidden (sampled by the deal seed, never shown); a whole position hides nothing from the person who
uploaded it; the game's record starts at the position and loads back."""
from __future__ import annotations

import json
import random

import pytest

import cavemind


def position_after(name, steps, observer=None, seed=5, **options):
    """A position of `name` after `steps` random actions, as a whole position or from `observer`'s view."""
    state = cavemind.load_game(name, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while len(state.history()) < steps or state.current_player() < 0:
        state.apply(state.sample_chance(rng.getrandbits(31)) if state.current_player() < 0
                    else rng.choice(state.legal_actions()))
    return state, state.to_dict(observer=observer)


def play_to_the_end(client, view):
    rng = random.Random(0)
    for _ in range(5000):
        if view["finished"]:
            return view
        if view["aiToMove"]:
            answer = client.post(f"/api/games/{view['id']}/ai-move")
        else:
            answer = client.post(f"/api/games/{view['id']}/play",
                                 json={"move": rng.choice(view["legalMoves"])["action"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    raise AssertionError("no end")


def test_a_position_from_a_seats_view_is_played_on_and_its_hidden_parts_stay_hidden(client, store):
    state, position = position_after("kuhn_poker", 3, players=3)
    person = state.current_player()
    position = state.to_dict(observer=person)
    seats = ",".join("human" if seat == person else "random" for seat in range(3))
    answer = client.post(f"/api/games/load?dealSeed=9&seats={seats}", content=json.dumps(position))
    assert answer.status_code == 201, answer.text
    view = answer.json()
    assert view["viewer"] == person and view["ply"] == 0 and view["log"] == [] and not view["everythingShown"]
    session = store.get(view["id"]).session
    assert session.state.to_dict(observer=person)["state"] == position["state"]      # the position as uploaded
    assert client.get(f"/api/games/{view['id']}/record").status_code == 409        # sampled cards: not shown
    end = play_to_the_end(client, view)
    saved = client.get(f"/api/games/{view['id']}/record").json()
    assert saved["start"] == {"position": position, "seed": 9}
    again = client.post("/api/games/load", content=json.dumps(saved)).json()
    assert again["finished"] and again["scores"] == end["scores"] and len(again["log"]) == len(saved["moves"])


def test_a_whole_position_is_the_players_to_read_and_seats_default_to_the_person_to_move(client):
    state, position = position_after("kuhn_poker", 2)
    view = client.post("/api/games/load", content=json.dumps(position)).json()
    assert view["everythingShown"] and view["viewer"] == state.current_player()
    assert view["seats"][view["viewer"]] == "human"
    assert all(seat.startswith("ismcts:level=10") for i, seat in enumerate(view["seats"]) if i != view["viewer"])


@pytest.mark.parametrize("change, field", [
    (lambda p: p["state"].update(pot=-3), "body"),
    (lambda p: p.update(observer=7), "body"),
    (lambda p: p.update(game="chess"), "body"),
])
def test_a_bad_position_is_refused_and_opens_no_game(client, store, change, field):
    _, position = position_after("kuhn_poker", 2)
    change(position)
    answer = client.post("/api/games/load", content=json.dumps(position))
    assert 400 <= answer.status_code < 500 and answer.json()["field"] == field, answer.text
    assert len(store) == 0


def test_bad_seats_or_seed_for_a_position_are_named(client, store):
    _, position = position_after("kuhn_poker", 2)
    assert client.post("/api/games/load?seats=human", content=json.dumps(position)).json()["field"] == "seats"
    assert client.post("/api/games/load?dealSeed=-1", content=json.dumps(position)).json()["field"] == "dealSeed"
    assert len(store) == 0
