"""Jäger und Späher hardening: check_state, the loader's checks and action ids. Each defect found by
adversarial testing has a regression test here; the mutation tests load damaged positions and require a
clean refusal or a state that survives everything."""
import copy
import random

import pytest

import cavemind
from cavemind.game import State
from cavemind.testing import random_action

NAME = "jaeger_und_spaeher"
MOD = cavemind.load_game(NAME).module
CONFIGS = [(v, h) for v in ("intro", "normal", "survival") for h in ("none", "first", "random")]


def start(variant="normal", holy="none", seed=1):
    game = cavemind.load_game(NAME, variant=variant, holy_places=holy)
    return game, copy.deepcopy(game.new_initial_state(seed=seed).to_dict()["state"])


def playout(state, seed, every=None):
    """Plays seeded random moves to the end; calls every(state) at each state on the way."""
    rng = random.Random(seed)
    while True:
        if every:
            every(state)
        if state.is_terminal():
            return state
        state.apply(random_action(state, rng))


def survives(game, state):
    """Everything a loaded state must support, ending in a random playout checked at every step."""
    assert MOD.check_state(state.to_bytes(), game.params) is None
    if not state.is_terminal():
        assert state.chance_outcomes() if state.is_chance_node() else state.legal_actions()
    state.render()
    state.observation(0)
    assert game.state_from_json(state.to_json()).to_bytes() == state.to_bytes()
    for p in (0, 1):
        assert MOD.check_state(state.determinize(p, 3).to_bytes()) is None
    playout(state.clone(), 7, lambda s: MOD.check_state(s.to_bytes()) is None or pytest.fail(
        MOD.check_state(s.to_bytes())))


def refused(game, doc, match):
    with pytest.raises(cavemind.InvalidPositionError, match=match):
        game.state_from_dict(doc)


# ---------------------------------------------------------------- the defects named in the issue
def test_more_character_cards_than_exist_are_refused():
    game, doc = start()
    bad = copy.deepcopy(doc)
    bad["players"][0]["characters"]["elder"] = 2                 # one elder exists
    refused(game, bad, "elder")
    bad = copy.deepcopy(doc)
    bad["players"][1]["characters"]["hunter"] = 40                # 18 characters are in play
    refused(game, bad, "characters")
    bad = copy.deepcopy(doc)
    bad["display"][0] = ["tracker"] * 4                           # three trackers exist
    refused(game, bad, "tracker")


def test_more_than_thirty_covered_spaces_are_refused():
    """Regression: the free-stone count went negative."""
    game, doc = start()
    cards = [f"W{i}" for i in range(1, 13)]
    doc["locations"] = [{"slot": i, "card": c, "covered": list(range(3)), "members": [0, 0], "locked": 0}
                        for i, c in enumerate(cards)]                  # 36 stones
    refused(game, doc, "consumption stones")
    doc["locations"] = doc["locations"][:10]                          # 30 stones: all of them, allowed
    state = game.state_from_dict(doc)
    assert MOD.check_state(state.to_bytes()) is None


def test_locked_above_the_members_present_is_refused():
    game, doc = start()
    doc["locations"][0]["locked"] = 1                               # nobody stands there
    refused(game, doc, "locked")
    game, doc = start(holy="first")
    doc["holy_places"][0]["locked"] = 3
    refused(game, doc, "locked")


@pytest.mark.parametrize("value", [256, 300, 2**31, 2**70, -1, True, 1.5, "2", None])
def test_member_counts_that_do_not_fit_a_byte_are_position_errors(value):
    """Regression: values above 255 in byte fields escaped as OverflowError."""
    game, doc = start(holy="first")
    doc["holy_places"][1]["members"] = [value, 0]
    refused(game, doc, r"holy_places\[1\].members")
    game, doc = start()
    doc["locations"][0]["members"] = [0, value]
    refused(game, doc, r"locations\[0\].members")


@pytest.mark.parametrize("action", [-1, 2**30, 2**70, "1", None, 2.0])
def test_action_to_string_rejects_ids_out_of_range(action):
    game = cavemind.load_game(NAME)
    data = game.new_initial_state(seed=1).to_bytes()
    with pytest.raises(ValueError, match="action"):
        MOD.action_to_string(data, action)


def test_action_to_string_names_every_id_in_range():
    game = cavemind.load_game(NAME)
    data = game.new_initial_state(seed=1).to_bytes()
    names = [MOD.action_to_string(data, a) for a in range(game.max_actions)]
    assert all(names) and names[0] == "play hunter" and names[-1].startswith("lay out ")
    with pytest.raises(ValueError, match=str(game.max_actions)):
        MOD.action_to_string(data, game.max_actions)


# ---------------------------------------------------------------- index paths a loaded position could push out
def raw_state(variant="normal", holy="first", seed=1):
    game = cavemind.load_game(NAME, variant=variant, holy_places=holy, turn_limit=12)
    return game, game.new_initial_state(seed=seed)


def test_check_state_refuses_out_of_range_fields_in_raw_bytes():
    """Fields used as indices (slots, cards, faces, players, phases, queue arguments) are bounded: each
    single-byte change below would have read or written out of range."""
    game, state = raw_state()
    good = state.to_bytes()
    assert MOD.check_state(good) is None
    hits = 0
    for i in range(len(good)):
        for value in (255, 254, 200, 37, 16):
            raw = bytearray(good)
            raw[i] = value
            message = MOD.check_state(bytes(raw), game.params)
            if message is None:
                survives(game, State(game, bytes(raw)))
            else:
                assert ": " in message
                hits += 1
    assert hits > 500
    raw = bytearray(good)
    raw[10] = 13                                         # turn_limit (after 8 flag bytes and the turn)
    assert MOD.check_state(bytes(raw)) is None
    assert MOD.check_state(bytes(raw), game.params).startswith("turn_limit")


def test_a_reveal_without_a_free_slot_is_refused():
    """apply_chance would have written the revealed card to slot -1 (there is a slot for every location card,
    so only a position with all 36 face up has none)."""
    game, doc = start()
    cards = list(MOD.LOC_NAMES)
    doc["locations"] = [{"slot": i, "card": c, "covered": [], "members": [0, 0], "locked": 0}
                        for i, c in enumerate(cards)]
    doc["phase"] = "chance"
    doc["queue"] = [["reveal_wild", 0, 0], ["finish", 0, 0]]
    refused(game, doc, "no slot is free")


@pytest.mark.parametrize("queue,match", [
    ([["draw_object", 7, 0], ["finish", 0, 0]], "draw_object"),           # an object for player 7
    ([["put_in_row", 40, 0], ["finish", 0, 0]], "put_in_row"),            # character type 40
    ([["setup_special", 5, 0], ["back", 1, 0]], "setup_special"),         # row 5
    ([["setup_holy", 9, 0], ["back", 1, 0]], "setup_holy"),               # holy slot 9
    ([["place", 2, 9], ["finish", 0, 0]], "place"),                       # filter 9
    ([["sunset_take", 0, 0], ["refill", 0, 0]], "end with finish"),       # the queue would run dry
    ([["finish", 0, 0], ["finish", 0, 0]], "end with finish"),
])
def test_queue_arguments_are_bounded(queue, match):
    game, doc = start()
    doc["phase"] = "instruction"
    doc["queue"] = queue
    refused(game, doc, match)


def test_both_sides_of_a_holy_place_card_are_refused():
    game, doc = start(holy="first")
    pairs = MOD.DATA["holy_place_cards"]
    names = [h["name"] for h in MOD.DATA["holy_places"]]
    doc["holy_places"][0]["place"] = names[pairs[0][0]]
    doc["holy_places"][1]["place"] = names[pairs[0][1]]
    refused(game, doc, "both sides")


def test_the_cover_phase_needs_a_member_to_take_back():
    """cover() takes a member off the location: with none there the count would wrap to 255."""
    game, doc = start()
    doc["phase"] = "cover"
    doc["current_slot"] = doc["locations"][0]["slot"]
    refused(game, doc, "current_slot")


# ---------------------------------------------------------------- random playouts, determinize, mutations
@pytest.mark.parametrize("variant,holy", CONFIGS)
def test_random_playouts_and_determinizations_pass_check_state(variant, holy):
    game = cavemind.load_game(NAME, variant=variant, holy_places=holy, turn_limit=24)

    rng = random.Random(variant + holy)

    def check(state):
        assert MOD.check_state(state.to_bytes()) is None
        assert MOD.check_state(state.determinize(rng.getrandbits(1), 5).to_bytes()) is None

    for seed in range(200):
        playout(game.new_initial_state(), seed, check)


def leaves(doc, path=()):
    """(path, value) of every int and bool in a position."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from leaves(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from leaves(v, path + (i,))
    elif isinstance(doc, (int, bool)):
        yield path, doc


def test_mutated_positions_are_refused_or_survive():
    """Positions from random playouts with one field changed to an out-of-range, wrong-type or
    contradictory value: loading raises InvalidPositionError or gives a state that survives everything."""
    rng = random.Random(11)
    loaded = refused_count = 0
    for variant, holy in CONFIGS[::2]:
        game = cavemind.load_game(NAME, variant=variant, holy_places=holy, turn_limit=24)
        states = []
        playout(game.new_initial_state(), rng.randrange(1000), lambda s: states.append(s.clone()))
        for state in rng.sample(states, 8):
            doc = state.to_dict()["state"]
            for path, old in rng.sample(list(leaves(doc)), min(25, len(list(leaves(doc))))):
                for value in (old + 1, old - 1, 255, 256, 2**64, -1, True, "1", None):
                    bad = copy.deepcopy(doc)
                    target = bad
                    for key in path[:-1]:
                        target = target[key]
                    target[path[-1]] = value
                    try:
                        mutated = game.state_from_dict(bad)
                    except cavemind.InvalidPositionError:
                        refused_count += 1
                        continue
                    loaded += 1
                    survives(game, mutated)
    assert refused_count > 100 and loaded > 10


def test_random_bytes_are_checked_safely():
    rng = random.Random(2)
    size = cavemind.load_game("jaeger_und_spaeher").state_size
    for _ in range(3000):
        message = MOD.check_state(bytes(rng.getrandbits(8) for _ in range(size)))
        assert message and ": " in message
    assert MOD.check_state(b"\0" * (size - 1)).startswith("state:")


def test_the_member_being_taken_back_is_not_a_locked_one():
    """Found by the fuzzer: a position in the cover phase whose only member on the location was locked
    loaded, and covering then left more locked members than members (an illegal state after a legal move)."""
    from cavemind import testing

    game = cavemind.load_game("jaeger_und_spaeher", players=2, variant="intro")
    found = 0
    for state in testing.random_states(game, 400, seed=3):
        doc = state.to_dict()
        slot = doc["state"].get("current_slot")
        if doc["state"]["phase"] != "cover" or slot is None:
            continue
        location = next(entry for entry in doc["state"]["locations"] if entry["slot"] == slot)
        mover = doc["state"]["to_move"]
        location["locked"] = location["members"][mover]
        with pytest.raises(cavemind.InvalidPositionError, match="locked"):
            cavemind.state_from_json(doc)
        found += 1
    assert found, "no cover-phase position among the sampled states"


def test_gathered_materials_leave_room_for_the_members_still_out():
    """Regression (fuzzing, seed 19, introductory game, found in the sanitizer build's campaign): a take-back turn
    with 7 hides gathered and 4 of the mover's members still on locations loaded; taking two of them back made 9
    hides in one turn, more than 5 members and 3 Holy Places can gather. A material of the turn comes from a member
    taken back (or a Holy Place), so what is gathered plus the members still to take back is at most 8."""
    from cavemind import testing

    game = cavemind.load_game(NAME, players=2, variant="intro")
    found = 0
    for state in testing.random_states(game, 60, seed=19):
        doc = state.to_dict()
        mover = doc["state"]["to_move"]
        out = sum(entry["members"][mover] - entry["locked"] for entry in doc["state"]["locations"])
        if doc["state"]["phase"] != "take_back" or out == 0:
            continue
        doc["state"]["gathered"] = {"hide": 9 - out}
        with pytest.raises(cavemind.InvalidPositionError, match="members still on locations to take back"):
            cavemind.state_from_json(doc)
        found += 1
        if found == 5:
            break
    assert found, "no take-back position with members out among the sampled states"
