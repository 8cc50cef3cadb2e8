"""Prehistory: check_state (the one definition of a legal state) and the hardened position loader.
Regression tests for defects found by adversarial testing, seeded random playouts that must stay legal,
and a mutation check of the loader."""
import json
import random
import subprocess
import sys

import pytest

import cavemind
from cavemind.testing import check_random_games, random_action
from cavemind.errors import InvalidPositionError

GAMES = {n: cavemind.load_game("prehistory", players=n) for n in (2, 3, 4)}
MODULE = GAMES[2].module


def play(game, seed, steps):
    """A seeded random game advanced by up to `steps` steps."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    return state


def position(players=3, seed=0, steps=100):
    return json.loads(play(GAMES[players], seed, steps).to_json())


def test_ceremony_pile_count_beyond_the_box_is_refused_not_a_crash():
    """Regression: cer_pile[0] = 201 passed the loader and determinize copied it into a fixed-size stack
    buffer (SIGSEGV / malloc(): invalid size). Every ceremony card exists once."""
    doc = position(3)
    doc["state"]["cer_pile"][0] = 201
    doc["observer"] = 0
    with pytest.raises(InvalidPositionError, match=r"state\.cer_pile\[0\]: 201 ceremony cards"):
        cavemind.state_from_json(doc)


@pytest.mark.parametrize("count", [2, 255])
def test_ceremony_hand_count_beyond_the_box_is_refused(count):
    """Regression: a hand count up to 255 passed the loader and overflowed determinize's buffer."""
    doc = position(3)
    doc["state"]["hand"][1][5] = count
    doc["observer"] = 0
    with pytest.raises(InvalidPositionError, match=r"state\.hand: ceremony card 5 is in"):
        cavemind.state_from_json(doc)


def test_the_crash_position_cannot_crash_a_fresh_process():
    """The reported position, run where a memory error would show as a signal, not as a test-run crash."""
    code = ("import json, cavemind\n"
            "g = cavemind.load_game('prehistory', players=3)\n"
            "s = g.new_initial_state(seed=1)\n"
            "doc = json.loads(s.to_json())\n"
            "doc['state']['cer_pile'][0] = 201\n"
            "doc['observer'] = 0\n"
            "try:\n"
            "    cavemind.state_from_json(doc)\n"
            "except cavemind.errors.InvalidPositionError as e:\n"
            "    print('refused', e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.startswith("refused"), (run.returncode, run.stderr[-500:])


@pytest.mark.parametrize("field,value,message", [
    ("round", 9, "round:"),
    ("turn", 3, "turn:"),
    ("summer_action", 7, "summer_action:"),
    ("stack_len", 5, "stack_len:"),
    ("seats_drawn", 4, "seats_drawn:"),
    ("phase", 8, "phase:"),
    ("sub", 9, "sub:"),
    ("order", [0, 1, 5, 0], "order[2]:"),
    ("cer_track", [0, 0, 0, 7], "cer_track[3]:"),
    ("fish_slot", [0, 0, 0, 0, 0, 11], "fish_slot[5]:"),
    ("cer_disp", [0, 0, 99, 0, 0], "cer_disp[2]:"),
    ("shaman", [[0, 2, 4], [1, 3, 5], [0, 2, 9], [0, 0, 0]], "shaman[2][2]:"),
    ("paint", [0, 0, 600, 0], "paint[2]:"),
    ("mv_origin", 200, "mv_pos/mv_origin/build_space:"),
    ("hand", [[0] * 34, [0] * 34, [0] * 34, [0] * 33 + [300]], "hand[3][33]: 300"),
    ("vp", [0, 0, 40000, 0], "vp[2]: 40000"),
    ("tok", [0] * 87 + ["x"], "tok[87]: 'x'"),
    ("res", [[0] * 6] * 3, "res: expected a list of 4"),
])
def test_every_rejection_names_its_field(field, value, message):
    """Regression: rejections named a neighbouring field (turn errors said "round", fish slots said
    "gather_slot", display cards said "hunt_disp", ...); every message now starts with the wrong field."""
    doc = position(3, seed=4, steps=150)
    doc["state"][field] = value
    with pytest.raises(InvalidPositionError) as error:
        cavemind.state_from_json(doc)
    assert str(error.value).startswith("prehistory position: state." + message), str(error.value)


def test_hidden_ceremony_values_errors_name_the_field():
    """A seat's view: malformed hidden counts name hidden_ceremony_values.<seat>, never a bare TypeError."""
    state = play(GAMES[3], 2, 200)
    view = state.to_dict(0)
    view["state"]["hidden_ceremony_values"]["1"] = ["a", 0, 0]
    with pytest.raises(InvalidPositionError, match=r"state\.hidden_ceremony_values\.1:"):
        GAMES[3].state_from_dict(view["state"])
    view = state.to_dict(0)
    view["state"]["cer_disp"] = [0, 0, 0, 0, 77]
    with pytest.raises(InvalidPositionError, match=r"state\.cer_disp\[4\]:"):
        GAMES[3].state_from_dict(view["state"])


def test_check_state_is_safe_on_random_bytes():
    """check_state reads nothing out of range: it answers on any bytes of the state's size."""
    size = len(GAMES[2].new_initial_state().to_bytes())
    rng = random.Random(7)
    assert MODULE.check_state(b"\0" * (size - 1)).startswith("state:")
    for _ in range(2000):
        data = bytes(rng.getrandbits(8) for _ in range(size))
        assert isinstance(MODULE.check_state(data), str)
    for players in (2, 3, 4):
        assert MODULE.check_state(GAMES[players].new_initial_state().to_bytes()) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_and_their_determinizations_are_legal(players):
    """Every state of 200 seeded random games, and every seat's determinization of it, passes check_state."""
    game = GAMES[players]
    check_random_games(game, 200, determinize_every=7)
