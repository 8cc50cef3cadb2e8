"""Prehistory: check_state (the one definition of a legal state) and the hardened position loader.
Regression tests for defects found by adversarial testing, seeded random playouts that must stay legal,
and a mutation check of the loader."""
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cavemind
from cavemind.testing import check_random_games, play_random, walk
from cavemind.errors import InvalidPositionError

GAMES = {n: cavemind.load_game("prehistory", players=n) for n in (2, 3, 4)}
MODULE = GAMES[2].module


def play(game, seed, steps):
    """A seeded random game advanced by up to `steps` steps."""
    return play_random(game.new_initial_state(), seed, steps)[0]


def position(players=3, seed=0, steps=100):
    return json.loads(play(GAMES[players], seed, steps).to_json())


def test_ceremony_pile_count_beyond_the_box_is_refused_not_a_crash():
    """Regression: ceremony_pile[0] = 201 passed the loader and determinize copied it into a fixed-size stack
    buffer (SIGSEGV / malloc(): invalid size). Every ceremony card exists once."""
    doc = position(3)
    doc["state"]["ceremony_pile"][0] = 201
    doc["observer"] = 0
    with pytest.raises(InvalidPositionError, match=r"state\.ceremony_pile\[0\]: 201 ceremony cards"):
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
            "doc['state']['ceremony_pile'][0] = 201\n"
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
    ("pricing_stack_length", 5, "pricing_stack_length:"),
    ("seats_drawn", 4, "seats_drawn:"),
    ("phase", "winter", 'phase: "winter" is not one of: fill, start, spring,'),
    ("phase", 5, "phase: 5 is not one of:"),                 # a name, not the C code
    ("pending_decision", "dance", 'pending_decision: "dance" is not one of: none, pay-distinct-colours,'),
    ("after_fill", None, "after_fill: null is not one of:"),
    ("after_fill", "autumn", "after_fill: 5, expected 1 (start) or 2 (spring)"),
    ("turn_order", [0, 1, 5, 0], "turn_order[2]:"),
    ("ceremony_track", [0, 0, 0, 7], "ceremony_track[3]:"),
    ("fishing_slot", [0, 0, 0, 0, 0, 11], "fishing_slot[5]:"),
    ("ceremony_display", [0, 0, 99, 0, 0], "ceremony_display[2]:"),
    ("shamans", [[0, 2, 4], [1, 3, 5], [0, 2, 9], [0, 0, 0]], "shamans[2][2]:"),
    ("painted_sections", [0, 0, 600, 0], "painted_sections[2]:"),
    ("moving_origin", 200, "moving_space/moving_origin/build_space:"),
    ("hand", [[0] * 34, [0] * 34, [0] * 34, [0] * 33 + [300]], "hand[3][33]: 300 is out of range"),
    ("victory_points", [0, 0, 40000, 0], "victory_points[2]: 40000 is out of range"),
    ("space_token", [0] * 87 + ["x"], 'space_token[87]: expected an integer, got "x"'),
    ("resources", [[0] * 6] * 3, "resources: expected 4 entries, got 3"),
])
def test_every_rejection_names_its_field(field, value, message):
    """Regression: rejections named a neighbouring field (turn errors said "round", fish slots said
    "gather_slot", display cards said "hunt_disp", ...: the names of format 1); every message now starts with the
    wrong field."""
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
    with pytest.raises(InvalidPositionError, match=r"state\.hidden_ceremony_values\.1\[0\]: expected an integer"):
        GAMES[3].state_from_dict(view["state"])
    view = state.to_dict(0)
    view["state"]["ceremony_display"] = [0, 0, 0, 0, 77]
    with pytest.raises(InvalidPositionError, match=r"state\.ceremony_display\[4\]:"):
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


# ---- the position's spelled-out names (format 2) and format 1 ----

PXD = Path(__file__).resolve().parents[2] / "src" / "games" / "prehistory" / "prehistory.pxd"
# The field names of format 1, in the order of the struct (as position.pxi listed them before format 2).
FORMAT_1_FIELDS = [
    "num_players", "round", "phase", "sub", "turn", "summer_action", "order", "done", "price_tile", "price_rot",
    "stack", "stack_len", "price_pool", "foot", "top", "gather_slot", "fish_slot", "hunt_disp", "cer_disp",
    "gather_pile", "fish_pile", "hunt_pile", "cer_pile", "cer_discard", "map_tile", "map_pool", "animal_pool",
    "weather_pool", "seat_pool", "seats_drawn", "tok", "mowner", "mcount", "mtired", "camp", "res", "mk", "vp",
    "dev", "fishpos", "weather", "wrot", "shaman", "paint", "gath", "fish", "hunt", "hand", "animal_tok", "megaA",
    "avail", "members", "camps_used", "cer_track", "cer_len", "cer_count", "p_action", "p_item", "p_left", "p_mask",
    "p_spring", "mp", "mv_pos", "mv_origin", "build_space", "after_fill", "st_count", "st_tired",
]


def test_position_fields_are_the_struct_of_prehistory_pxd():
    """position.pxi's field list is PHState as prehistory.pxd declares it: names, C types, sizes and order."""
    text = PXD.read_text()
    constants = {name: int(value) for name, value in re.findall(r"^\s+(\w+) = (\d+)", text, re.M)}
    codes = {"uint8_t": "B", "int16_t": "h", "uint16_t": "H"}
    declared = []
    struct = text.split("ctypedef struct PHState:")[1]
    for ctype, name, dims in re.findall(r"^    (u?int\d+_t) (\w+)((?:\[\w+\])*)", struct, re.M):
        shape = tuple(int(d) if d.isdigit() else constants[d] for d in re.findall(r"\[(\w+)\]", dims))
        declared.append((name, codes[ctype], shape))
    assert [(name, code, tuple(shape)) for name, code, shape in MODULE.FIELDS] == declared
    assert len(declared) == len(FORMAT_1_FIELDS)


def format_1_twin(state_doc):
    """A format-2 `state` object written the way format 1 wrote it: the old names, numbers for the names."""
    numbers = {"phase": MODULE.PHASES, "pending_decision": MODULE.PENDING_DECISIONS, "after_fill": MODULE.PHASES}
    old = {}
    for (name, _, _), old_name in zip(MODULE.FIELDS, FORMAT_1_FIELDS, strict=True):
        value = state_doc[name]
        old[old_name] = numbers[name].index(value) if name in numbers else value
    if "hidden_ceremony_values" in state_doc:
        old["hidden_ceremony_values"] = state_doc["hidden_ceremony_values"]
    return old


@pytest.mark.parametrize("players,seed,steps", [(2, 0, 0), (3, 1, 60), (4, 2, 250), (2, 3, 2000)])
def test_a_format_1_position_loads_to_the_same_state_as_its_format_2_twin(players, seed, steps):
    state = play(GAMES[players], seed, steps)
    for observer in (None, 1):
        doc = state.to_dict(observer)
        assert doc["format"] == 2 and doc["phase"] == doc["state"]["phase"] == MODULE.phase_name(state.to_bytes())
        old_state = format_1_twin(doc["state"])
        assert isinstance(old_state["phase"], int) and "mk" in old_state and "action_markers" not in old_state
        kept = json.dumps(old_state)
        assert MODULE.state_dict_from_format_1(old_state) == doc["state"]
        assert json.dumps(old_state) == kept                           # the input is left as it was
        old = {"game": "prehistory", "format": 1, "players": players, "options": {}, "state": old_state}
        if observer is not None:
            old["observer"] = observer
        loaded = cavemind.state_from_json(old, seed=5)
        assert loaded.to_bytes() == cavemind.state_from_json(doc, seed=5).to_bytes()
        if observer is None:
            assert loaded.to_bytes() == state.to_bytes()


@pytest.mark.parametrize("field,value", [("phase", 8), ("phase", "spring"), ("sub", -1), ("after_fill", True)])
def test_a_format_1_number_that_names_nothing_is_refused_naming_the_field(field, value):
    doc = position(2, seed=1, steps=40)
    old = dict(doc, format=1, state=format_1_twin(doc["state"]))
    for key in ("to_move", "phase", "finished"):
        del old[key]
    old["state"][field] = value
    name = {"sub": "pending_decision"}.get(field, field)
    with pytest.raises(InvalidPositionError, match=rf"^prehistory position: state\.{name}: expected an integer|^prehistory position: state\.{name}: -?\d+ is out of range"):
        cavemind.state_from_json(old)


def test_an_unknown_phase_name_is_a_value_error_naming_the_field():
    doc = position(3, seed=2, steps=30)["state"]
    for field in ("phase", "pending_decision", "after_fill"):
        bad = dict(doc, **{field: "winter"})
        with pytest.raises(ValueError, match=rf'^{field}: "winter" is not one of: '):
            MODULE.state_from_dict(GAMES[3].params, bad)
    assert MODULE.state_from_dict(GAMES[3].params, doc) == GAMES[3].state_from_dict(doc).to_bytes()


def test_a_spring_action_under_way_needs_a_free_footing():
    """Regression (fuzzing, seed 4): "pay for it by placing one of your resources on a free footing" ends every
    spring action, so one is chosen only while a footing is free. A position in the middle of a ceremony's
    shaman moves whose two footings were both taken was accepted, and the last shaman move led to a footing
    payment with no footing free, a state check_state refuses."""
    for state in walk(GAMES[2].new_initial_state(), seed=4):
        doc = json.loads(state.to_json())
        st = doc["state"]
        if st["phase"] == "spring" and st["pending_decision"] in ("move-shamans", "pay-distinct-colours"):
            break
    else:
        raise AssertionError("no spring action under way found")
    action = st["pending_action"]
    st["footings"][action] = [1, 2]
    with pytest.raises(InvalidPositionError, match=rf"state\.footings: both footings of action {action} are taken, "
                                                   r"but the spring action under way pays one"):
        cavemind.state_from_json(doc)


def spring_action_under_way(decision):
    for state in walk(GAMES[2].new_initial_state(), seed=4):
        doc = json.loads(state.to_json())
        if doc["state"]["phase"] == "spring" and doc["state"]["pending_decision"] == decision:
            return doc
    raise AssertionError(f"no {decision} found")


def test_a_spring_payment_needs_the_resources_for_its_price_and_the_footing():
    """Regression (fuzzing, seed 4): a position in the middle of a hunting or fishing payment whose player had
    lost the resources still to pay was accepted, and paying led to a footing the player could not pay (a seat
    to move with no legal action). The price and the footing are both paid from what the action was chosen with
    ("one more" resource than the price: legal_actions)."""
    doc = spring_action_under_way("pay-distinct-colours")
    st = doc["state"]
    p = doc["to_move"]
    st["resources"][p] = [0] * len(st["resources"][p])
    with pytest.raises(InvalidPositionError, match=rf"state\.resources\[{p}\]: 0 resources, but the spring action "
                                                   r"under way still needs"):
        cavemind.state_from_json(doc)


def test_a_spring_payment_reads_its_price_positions_only():
    """The price's first position (3 for fishing, 0 for hunting) was not checked, and legal_actions read the
    pricing tile at it: a position with 200 there read beyond the table."""
    doc = spring_action_under_way("pay-distinct-colours")
    doc["state"]["pending_item"] = 200
    with pytest.raises(InvalidPositionError, match=r"state\.pending_item: 200 .* expected the first price position"):
        cavemind.state_from_json(doc)


def test_shamans_not_chosen_after_the_setup_are_refused():
    """Regression (fuzzing, seed 4): all shamans of a seat on spot 0 (not chosen yet) passed in spring, and a
    shaman move then put two on one spot. Every seat picks its fire pattern at the start."""
    doc = spring_action_under_way("pay-distinct-colours")
    doc["state"]["shamans"][0] = [0, 0, 0]
    with pytest.raises(InvalidPositionError, match=r"state\.shamans\[0\]: two shamans on one fire position"):
        cavemind.state_from_json(doc)


def test_a_ceremonys_shaman_moves_must_all_be_payable():
    """Regression (fuzzing, seed 6): a ceremony's shaman moves under way whose player held enough resources but
    not of colours that every way of moving could pay (each move pays the colour of its spot) was accepted, and a
    move led to a seat with no legal action. Holding resources of one colour only, some colour leaves a move
    unpayable."""
    doc = spring_action_under_way("move-shamans")
    st = doc["state"]
    p = doc["to_move"]
    messages = set()
    for colour in range(len(st["resources"][p])):
        st["resources"][p] = [0] * len(st["resources"][p])
        st["resources"][p][colour] = st["pending_left"] + 1
        try:
            cavemind.state_from_json(doc)
        except InvalidPositionError as error:
            messages.add(str(error).split(": ", 1)[1])
    assert any(f"resources[{p}]: some way of making the ceremony's" in m for m in messages)
