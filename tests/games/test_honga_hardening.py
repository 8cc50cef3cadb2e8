"""Honga: check_state (the one definition of a legal state, src/games/honga/README.md "Legal states"), loader
hardening and the regression tests of the defects found by adversarial testing."""
import copy
import random

import pytest

import cavemind
from cavemind.games import _honga as H
from cavemind.testing import random_action, sampled_positions

GAMES = {n: cavemind.load_game("honga", players=n) for n in (2, 3, 4, 5)}
C_BONUS = 145                                             # bonus-card draws: 145 + kind


def start_doc(n=3, seed=1):
    return copy.deepcopy(GAMES[n].new_initial_state(seed=seed).to_dict()["state"])


def load(doc, n=3):
    """The loader's or the rules check's message (None if both accept it), and the bytes."""
    try:
        data = H.state_from_dict({"players": n}, doc)
    except ValueError as error:
        return str(error), None
    return H.check_state(data), data


def test_a_bonus_draw_with_empty_pile_and_discard_is_refused():
    """Regression: a pending bonus draw with nothing to draw was a chance node without outcomes
    (sample_chance returned -1)."""
    doc = start_doc()
    doc["phase"] = "act"
    doc["turn_state"]["pending_bonus_draws"] = 1
    disc = doc["players"][0]["disc"]
    doc["players"][0]["disc"] = None
    doc["field_top"][0] = disc
    doc["turn_state"]["disc"] = disc
    doc["players"][0]["bonus"] = doc.pop("bonus_pile")   # every card in player 0's hand: pile and discard empty
    doc["bonus_pile"] = {}
    message, _ = load(doc)
    assert message is not None and message.startswith("turn_state.pending_bonus_draws:")
    # the same draw with cards in the pile is a proper chance node
    doc["bonus_pile"] = {"two_points": 1}
    doc["players"][0]["bonus"]["two_points"] -= 1
    message, data = load(doc)
    assert message is None
    state = GAMES[3].state_from_dict(doc)
    assert state.is_chance_node() and [a for a, _ in state.chance_outcomes()] == [C_BONUS + 1]


def test_a_tusk_holder_that_contradicts_the_herd_is_refused():
    doc = start_doc()
    doc["tusk"] = 1                                       # empty herd: the tusk lies on the mammoth field
    message, _ = load(doc)
    assert message == "tusk: the herd is empty, the tusk lies on the mammoth field"
    doc["herd"] = [0, 1, 1]
    doc["players"][0]["depot_mammoths"] = 5
    doc["players"][1]["depot_mammoths"] = 4
    doc["players"][0]["last_placed"], doc["players"][1]["last_placed"], doc["stamp"] = 3, 2, 3
    doc["tusk"] = 0                                       # player 1 has more mammoths in the herd
    message, _ = load(doc)
    assert message.startswith("tusk: the herd gives it to player 1")
    doc["tusk"] = 1
    assert load(doc)[0] is None


@pytest.mark.parametrize("action", [-1, 167, 10**12, -10**12, True, 3.0, "1"])
def test_action_to_string_rejects_ids_outside_the_action_space(action):
    """Regression: action_to_string(-1) read outside its tables (a segfault)."""
    data = GAMES[3].new_initial_state(seed=1).to_bytes()
    with pytest.raises(ValueError, match="action"):
        H.action_to_string(data, action)


def test_action_to_string_names_every_id_of_the_action_space():
    data = GAMES[3].new_initial_state(seed=1).to_bytes()
    assert all(H.action_to_string(data, a) for a in range(167))


def test_check_state_is_safe_on_random_bytes_and_wrong_sizes():
    rng = random.Random(7)
    size = cavemind.load_game("honga").state_size
    refused = 0
    for _ in range(3000):
        data = bytes(rng.getrandbits(8) for _ in range(size))
        refused += H.check_state(data) is not None
    assert refused == 3000
    assert H.check_state(b"\0" * (size - 1)).startswith("state:")
    assert H.check_state(GAMES[2].new_initial_state().to_bytes()) is None


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["players"][0].update(mountain=5), "players[0].mountain"),
    (lambda d: d.update(honga=7), "honga"),
    (lambda d: d["players"][1].update(score=35), "end_triggered"),
    (lambda d: d["turn_state"].update(pending_disc_draws=2), "turn_state"),
    (lambda d: d.update(phase="keep"), "turn_state.drawn_discs"),
    (lambda d: d.update(phase="draws"), "players[0].disc"),
    (lambda d: d["turn_state"].update(uses={"fish": 2}), "turn_state.uses"),
    (lambda d: d.update(finished=True), "finished"),
    (lambda d: d.update(turn=0), "setup_discs"),
    (lambda d: d.update(trade_slots=[d["trade_slots"][0], d["trade_slots"][1], None]), "turn_state.refill_trade"),
])
def test_contradictory_positions_name_the_field(mutate, field):
    doc = start_doc()
    mutate(doc)
    if doc["trade_slots"][2] is None:                     # an empty slot in the draws phase, nothing to refill
        doc["phase"] = "draws"
        doc["turn_state"]["refill_trade"] = True
        doc["trade_pile"] = []
        doc["field_top"][0], doc["players"][0]["disc"] = doc["players"][0]["disc"], None   # placed this turn
    message, _ = load(doc)
    assert message is not None and message.split(":")[0] == field, message


def test_a_value_too_large_for_its_c_field_is_a_named_error():
    doc = start_doc()
    doc["players"][0]["last_placed"] = 70000
    with pytest.raises(ValueError, match=r"players\[0\]\.last_placed"):
        H.state_from_dict({"players": 3}, doc)
    with pytest.raises(cavemind.errors.InvalidPositionError, match="last_placed"):
        GAMES[3].state_from_dict(doc)


def play(n, seed, check_determinize):
    state = GAMES[n].new_initial_state()
    rng = random.Random(seed)
    while True:
        assert H.check_state(state.to_bytes()) is None
        if check_determinize:
            for p in range(n):
                assert H.check_state(state.determinize(p, seed).to_bytes()) is None
        if state.is_terminal():
            return state
        state.apply(random_action(state, rng))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_and_determinizations_pass_check_state(n):
    """Every state of 200 seeded random games, and every seat's determinization of it (in 50 of them), is a
    legal state."""
    for seed in range(200):
        play(n, seed, check_determinize=seed < 50)


def survives(state, n, seed):
    state.legal_actions()
    state.render()
    again = GAMES[n].state_from_json(state.to_json())
    assert again.to_bytes() == state.to_bytes()
    for p in range(n):
        state.determinize(p, seed).legal_actions()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < 20000:
        state.apply(random_action(state, rng))
        assert H.check_state(state.to_bytes()) is None
        steps += 1


def mutations(doc, rng):
    """Single-field changes: out of range, wrong type, contradictory."""
    players = doc["players"]
    p = rng.randrange(len(players))
    yield lambda d: d["players"][p].update(fish=rng.choice([-1, 9, 300, "x", None, 2.5]))
    yield lambda d: d["players"][p].update(mountain=rng.choice([4, 5, 255, 256]))
    yield lambda d: d["players"][p].update(disc=rng.choice([0, 45, 46, 255, -1]))
    yield lambda d: d["players"][p].update(board_mammoths=rng.choice([0, 1, 6, 7]))
    yield lambda d: d["players"][p].update(bonus=rng.choice([{}, {"two_points": 3}, 30, {"x": 1}]))
    yield lambda d: d.update(herd=rng.choice([[], [0], [0, 1, 0, 1, 0, 1], [9], [p, p]]))
    yield lambda d: d.update(tusk=rng.choice([None, 0, 1, 4, -1]))
    yield lambda d: d.update(honga=rng.choice([None, 0, 4, 9]))
    yield lambda d: d.update(to_move=rng.choice([0, 1, 4, 5, -1]))
    yield lambda d: d.update(phase=rng.choice(["place", "act", "keep", "draws", "x"]))
    yield lambda d: d.update(turn=rng.choice([0, 1, 1500, 1501, 70000]))
    yield lambda d: d.update(stamp=rng.choice([0, 1, 65535, 65536]))
    yield lambda d: d.update(disc_pile=rng.choice([[], list(range(46)), [46], [0, 0]]))
    yield lambda d: d.update(field_top=rng.choice([[None] * 4, [0, 0, None, None], [45, None, None, 99]]))
    yield lambda d: d.update(trade_slots=rng.choice([[None] * 3, [0, 1, 2], [31, 31, 0], [32, None, None]]))
    yield lambda d: d.update(trade_pile=rng.choice([[], list(range(32)), [40]]))
    yield lambda d: d.update(bonus_discard=rng.choice([{}, {"good_trade": 3}, {"good_trade": 300}]))
    yield lambda d: d["turn_state"].update(pending_bonus_draws=rng.choice([0, 1, 3, 20, 256]))
    yield lambda d: d["turn_state"].update(pending_disc_draws=rng.choice([0, 1, 2, 5]))
    yield lambda d: d["turn_state"].update(drawn_discs=rng.choice([[], [0], [0, 1], [30, 31, 32]]))
    yield lambda d: d["turn_state"].update(uses=rng.choice([{}, {"fish": 3}, {"honga": 1}, {"trade": 20}]))
    yield lambda d: d["turn_state"].update(cards_played=rng.choice([0, 1, 2, 3]))
    yield lambda d: d["turn_state"].update(refill_trade=rng.choice([True, False]))


@pytest.mark.parametrize("n", [2, 5])
def test_mutated_positions_are_refused_or_playable(n):
    """Positions from random playouts with one field changed either fail to load with InvalidPositionError or
    give a state that survives legal_actions, render, a JSON round trip, determinize and a playout to the end."""
    rng = random.Random(n)
    loaded = refused = 0
    for seed in range(6):
        snapshots = sampled_positions(GAMES[n].new_initial_state(), seed, rate=0.03)
        for doc in snapshots[:8]:
            for mutate in mutations(doc, rng):
                d = copy.deepcopy(doc)
                mutate(d)
                try:
                    data = H.state_from_dict({"players": n}, d)
                except (ValueError, TypeError, KeyError, IndexError):
                    refused += 1
                    continue
                if H.check_state(data) is not None:
                    refused += 1
                    continue
                loaded += 1
                survives(GAMES[n].state_from_dict(d), n, seed)
    assert loaded and refused


@pytest.mark.parametrize("player", [-1, 3, 5])
def test_observation_rejects_a_seat_outside_the_game(player):
    """The observer's own bonus row is read by seat: a seat outside the game would read another player's or
    unrelated bytes."""
    data = GAMES[3].new_initial_state(seed=1).to_bytes()
    with pytest.raises(ValueError, match="player"):
        H.observation(data, player)


def test_a_trade_owing_more_mammoths_than_its_player_can_give_is_refused():
    """Regression (fuzzing, seed 7, 4 players, case 7981): a trade payment owing a fish and 2 mammoths, with no
    mammoth left to give, was accepted because only the next unit (the fish) was checked; paying the fish then left
    a payment nobody could make. The same position owing no mammoth is legal."""
    rng = random.Random(7)
    for seed in range(400):
        state = GAMES[4].new_initial_state(seed=seed)
        while not state.is_terminal():
            doc = state.to_dict()["state"]
            payment = doc["turn_state"]["payment"]
            if (doc["phase"] == "pay" and payment["for"] == "trade" and payment["owe_mammoths"] == 0
                    and any(payment["owe"].values()) and doc["herd"].count(doc["to_move"]) == 0):
                break
            state.apply(random_action(state, rng))
        else:
            continue
        mover = doc["players"][doc["to_move"]]
        mover["depot_mammoths"] += mover["board_mammoths"]       # every mammoth of the mover back in the depot
        mover["board_mammoths"] = 0
        assert load(doc, 4)[0] is None
        payment["owe_mammoths"] = 2
        message, _ = load(doc, 4)
        assert message is not None and "mammoths owed" in message, message
        return
    pytest.fail("no trade payment owing food reached in 400 random games")


def test_more_hands_left_on_a_field_than_the_disc_and_lucky_hands_give_are_refused():
    """Regression (fuzzing, seed 9, 4 players, case 18531): 6 hands left on the mushrooms from a disc giving 3 were
    accepted (the check allowed up to 4 + 2 anywhere); a lucky hand then made 7, which the state's own check refuses.
    Hands left on a field are at most what the disc placed this turn gives it plus the lucky hands played."""
    rng = random.Random(9)
    for seed in range(200):
        state = GAMES[4].new_initial_state(seed=seed)
        while not state.is_terminal():
            doc = state.to_dict()["state"]
            if doc["phase"] == "act" and doc["turn_state"]["uses"] and doc["turn_state"]["cards_played"] == 0:
                break
            state.apply(random_action(state, rng))
        else:
            continue
        assert load(doc, 4)[0] is None
        field = next(iter(doc["turn_state"]["uses"]))
        doc["turn_state"]["uses"][field] += 1
        message, _ = load(doc, 4)
        assert message is not None and "more than the disc placed gives" in message, message
        return
    pytest.fail("no act phase with hands left reached in 200 random games")
