"""Stone Age: check_state (the one definition of a legal state, src/games/stone_age/README.md "Legal states"),
loader hardening and the regression tests of the defects found by adversarial testing."""
import copy
import itertools
import random

import pytest

import cavemind
from cavemind.errors import InvalidPositionError
from cavemind.games import _stone_age as S
from cavemind.testing import random_action, sampled_positions

SA = "stone_age"
OPTIONS = ("winter_is_hard", "wild_animals", "igloos")
OPTION_SETS = [dict(zip(OPTIONS, values)) for values in itertools.product((False, True), repeat=3)]


def placement_doc(players=2, **options):
    """Round 1, placement, player 0 to move, nobody placed yet."""
    game = cavemind.load_game(SA, players=players, **options)
    return game, copy.deepcopy(game.new_initial_state(seed=1).to_dict()["state"])


def put(doc, q, **placed):
    """Player q has people on these locations (taken from the people at home)."""
    doc["players"][q]["placed"] = dict(placed)
    doc["players"][q]["available"] -= sum(placed.values())


def refused(game, doc, message):
    with pytest.raises(InvalidPositionError, match=message.replace("[", r"\[").replace("]", r"\]")):
        game.state_from_dict(doc)


def test_two_players_on_one_card_are_refused():
    game, doc = placement_doc()
    put(doc, 0, card1=1)
    put(doc, 1, card1=1)
    refused(game, doc, "players: two players on card1, it has room for one")


def test_both_players_in_the_forest_of_a_two_player_game_are_refused():
    game, doc = placement_doc()
    put(doc, 0, forest=2)
    put(doc, 1, forest=1)
    refused(game, doc, "players: 2 players on forest in a 2-player game, at most 1")
    # three players may share a resource location two at a time, four players all at once
    game, doc = placement_doc(players=3)
    put(doc, 0, forest=2)
    put(doc, 1, forest=1)
    game.state_from_dict(doc)
    put(doc, 2, forest=1)
    refused(game, doc, "players: 3 players on forest in a 3-player game, at most 2")


@pytest.mark.parametrize("players", [2, 3])
def test_all_three_village_places_are_refused_with_two_or_three_players(players):
    game, doc = placement_doc(players=players)
    put(doc, 0, toolmaker=1, hut=2)
    put(doc, 1, field=1)
    refused(game, doc, f"players: tool maker, hut and field all used in a {players}-player game")


def test_all_three_village_places_are_allowed_with_four_players():
    game, doc = placement_doc(players=4)
    put(doc, 0, toolmaker=1, hut=2)
    put(doc, 1, field=1)
    assert S.check_state(game.state_from_dict(doc).to_bytes()) is None


def test_hut_takes_exactly_two_people():
    game, doc = placement_doc()
    put(doc, 0, hut=1)
    refused(game, doc, "players: 1 people on hut, it takes exactly 2")


@pytest.mark.parametrize("tools", [[4, 0, 0], [2, 0, 0], [1, 2, 0], [3, 1, 1], [4, 4, 2]])
def test_tool_tiles_that_cannot_arise_are_refused(tools):
    """Rulebook, Werkzeugmacher: tools 1-3 are new 1-tiles, the 4th-6th turn a 1 into a 2, the 7th-9th a 2 into a
    3, from the 10th a 3 into a 4: a tile is raised only once all three exist, always the lowest one."""
    game, doc = placement_doc()
    doc["players"][0]["tools"] = tools
    refused(game, doc, "players[0].tools:")


@pytest.mark.parametrize("tools", [[0, 0, 0], [1, 0, 0], [1, 1, 1], [2, 1, 1], [3, 3, 2], [4, 3, 4], [4, 4, 4]])
def test_tool_tiles_that_arise_are_accepted(tools):
    game, doc = placement_doc()
    doc["players"][0]["tools"] = tools
    assert S.check_state(game.state_from_dict(doc).to_bytes()) is None


@pytest.mark.parametrize("path,value", [
    (("round",), 300), (("current_player",), 256), (("players", 0, "agriculture"), 256),
    (("players", 0, "people"), 261), (("players", 0, "available"), 256), (("players", 0, "buildings"), 256),
    (("players", 0, "igloos"), 256), (("players", 0, "on_animal"), 300), (("players", 0, "tools"), [256, 0, 0]),
    (("players", 0, "placed"), {"hunt": 256}), (("players", 0, "food"), 70000), (("players", 0, "score"), -70000),
    (("players", 0, "wood"), 2 ** 40), (("stacks", 0, "left"), 256), (("unseen_buildings",), {"B01": 256}),
    (("step",), {"dice": 256}), (("step",), {"last_tool_key": 256}), (("step",), {"reveal_stack": 256}),
    (("step",), {"bar": [256, 0, 0, 0, 0, 0]}), (("step",), {"paid": [256, 0, 0, 0]}), (("step",), {"steps": 70000}),
    (("step",), {"loc": 256}), (("deck", "size"), 256), (("players", 0, "hidden_cards"), 256),
])
def test_values_too_large_for_their_c_field_are_named_errors(path, value):
    game, doc = placement_doc()
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidPositionError):
        game.state_from_dict(doc)


@pytest.mark.parametrize("action", [-1, 226, 10 ** 12, True, 2.0])
def test_action_to_string_rejects_ids_outside_the_action_space(action):
    game, _ = placement_doc()
    with pytest.raises(ValueError, match="action"):
        S.action_to_string(game.new_initial_state(seed=1).to_bytes(), action)


def test_check_state_is_safe_on_random_bytes_and_wrong_sizes():
    rng = random.Random(3)
    size = cavemind.load_game("stone_age").state_size
    for _ in range(2000):
        assert S.check_state(bytes(rng.getrandbits(8) for _ in range(size))) is not None
    assert S.check_state(b"\0" * 7).startswith("state:")
    game, _ = placement_doc()
    assert S.check_state(game.new_initial_state().to_bytes()) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_and_determinizations_pass_check_state(players):
    """96 seeded random games per player count (12 per option set) through the Python API: every state and every
    seat's determinization of it passes check_state; 200 more per option set in C (check after every step)."""
    for k, options in enumerate(OPTION_SETS):
        game = cavemind.load_game(SA, players=players, **options)
        for seed in range(12):
            state = game.new_initial_state()
            rng = random.Random(seed)
            while True:
                assert S.check_state(state.to_bytes()) is None
                for p in range(players):
                    assert S.check_state(state.determinize(p, seed).to_bytes()) is None
                if state.is_terminal():
                    break
                state.apply(random_action(state, rng))
        assert S.random_playouts({"players": players, **options}, 200, 7 + k, True)[3] is None


def mutations(doc, rng):
    q = rng.randrange(len(doc["players"]))
    loc = rng.choice(["hunt", "forest", "river", "toolmaker", "hut", "field", "card1", "card4", "building1",
                      "building4", "igloo1"])
    yield lambda d: d["players"][q].update(placed={loc: rng.choice([1, 2, 3, 7])})
    yield lambda d: d["players"][q].update(available=rng.choice([0, 1, 5, 10, 11]))
    yield lambda d: d["players"][q].update(tools=rng.choice([[1, 1, 0], [2, 2, 1], [4, 0, 0], [0, 0, 1]]))
    yield lambda d: d["players"][q].update(tools_used=rng.choice([[True, True, True], [False, False, True]]))
    yield lambda d: d["players"][q].update(people=rng.choice([5, 7, 10]))
    yield lambda d: d["players"][q].update(on_animal=rng.choice([0, 1, 4]))
    yield lambda d: d["players"][q].update(food=rng.choice([0, 10000, 10001]))
    yield lambda d: d.update(phase=rng.choice(["place", "resolve", "tools", "pay_card", "feed_pay", "bar_pick",
                                               "choose", "animal_reward", "reveal", "refill", "roll"]))
    yield lambda d: d.update(current_player=rng.randrange(len(d["players"])))
    yield lambda d: d.update(start_player=rng.randrange(len(d["players"])))
    yield lambda d: d["step"].update(loc=rng.choice(["hunt", "card1", "building1", "igloo1", 0, 3]))
    yield lambda d: d["step"].update(dice=rng.choice([0, 1, 10]), dice_total=rng.choice([0, 60]))
    yield lambda d: d["step"].update(pay_left=rng.choice([0, 1, 4]), pay_last=rng.choice([0, 3]))
    yield lambda d: d["step"].update(bar=rng.choice([[0] * 6, [1, 1, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]]),
                                     bar_left=rng.choice([0, 1, 2]), picks_left=rng.choice([0, 1, 2]))
    yield lambda d: d["step"].update(choice_left=rng.choice([0, 1, 2]), animal_face=rng.choice([0, 1, 6]))
    yield lambda d: d["step"].update(reveal_stack=rng.choice([0, 1, 3, 255]))
    yield lambda d: d["step"].update(players_done=rng.choice([0, 1, 2]), resolver=rng.randrange(len(d["players"])))
    yield lambda d: d["stacks"][0].update(left=rng.choice([0, 1, 7]))


def survives(game, state, players, seed):
    state.legal_actions()
    state.render()
    assert game.state_from_json(state.to_json()).to_bytes() == state.to_bytes()
    for p in range(players):
        assert S.check_state(state.determinize(p, seed).to_bytes()) is None
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        assert S.check_state(state.to_bytes()) is None


@pytest.mark.parametrize("players,options", [(2, OPTION_SETS[0]), (3, OPTION_SETS[7]), (4, OPTION_SETS[2])])
def test_mutated_positions_are_refused_or_playable(players, options):
    """Positions from random playouts with one field changed either fail to load with InvalidPositionError or
    give a state that survives legal_actions, render, a JSON round trip, determinize and a playout to the end."""
    game = cavemind.load_game(SA, players=players, **options)
    rng = random.Random(players)
    loaded = refused_count = 0
    for seed in range(4):
        snapshots = sampled_positions(game.new_initial_state(), seed, rate=0.05)
        for doc in snapshots[:10]:
            for mutate in mutations(doc, rng):
                d = copy.deepcopy(doc)
                mutate(d)
                try:
                    loaded_state = game.state_from_dict(d)
                except InvalidPositionError:
                    refused_count += 1
                    continue
                loaded += 1
                survives(game, loaded_state, players, seed)
    assert loaded and refused_count


def find(game, phase, seed=0):
    """The state document of the first state in `phase` met in seeded random games."""
    for k in range(seed, seed + 200):
        state = game.new_initial_state()
        rng = random.Random(k)
        while not state.is_terminal():
            doc = state.to_dict()["state"]
            if doc["phase"] == phase:
                return copy.deepcopy(doc)
            state.apply(random_action(state, rng))
    raise AssertionError(f"no {phase} state found")


def test_the_resolver_has_no_people_left_on_the_location_being_resolved():
    """Found by mutation: a person left on the card being paid for stayed on the board after the card was taken."""
    game = cavemind.load_game(SA, players=3)
    doc = find(game, "pay_card")
    q = doc["step"]["resolver"]
    doc["players"][q]["placed"][doc["step"]["loc"]] = 1
    doc["players"][q]["available"] = max(0, doc["players"][q]["available"] - 1)
    refused(game, doc, f"players[{q}].placed.{doc['step']['loc']}: the people come back")


def test_a_card_payment_matches_the_cost_of_its_slot():
    game = cavemind.load_game(SA, players=2)
    doc = find(game, "pay_card")
    doc["step"]["pay_left"] += 1
    refused(game, doc, "step.pay_left: the card in")


def test_a_fixed_building_the_player_cannot_pay_is_refused():
    """Found by mutation: building with too few resources drove the stock below zero."""
    game = cavemind.load_game(SA, players=2)
    doc = find(game, "build_fixed")
    q = doc["current_player"]
    for r in ("wood", "clay", "stone", "gold"):
        doc["players"][q][r] = 0
    refused(game, doc, f"phase: player {q} cannot pay the building")


def test_a_stack_without_its_top_after_the_opening_is_refused():
    """Found by mutation: a hidden stack top made the next refill turn up a tile outside the resolution."""
    game = cavemind.load_game(SA, players=2)
    doc = find(game, "place")
    doc["unseen_buildings"][doc["stacks"][0]["top"]] = doc["unseen_buildings"].get(doc["stacks"][0]["top"], 0) + 1
    doc["stacks"][0]["top"] = None
    refused(game, doc, "stacks[0].top: a stack with tiles shows its top after the opening")


def test_the_winter_card_bonus_needs_a_gold():
    game = cavemind.load_game(SA, players=2, winter_is_hard=True)
    doc = find(game, "card_bonus")
    doc["players"][doc["current_player"]]["gold"] = 0
    refused(game, doc, "phase: the winter card bonus needs a gold")


def test_a_missing_food_payment_beyond_ten_is_refused():
    """Regression (fuzzing, seed 4): "each person eats 1 food"; a player has at most 10 people, so at most 10 are
    missing. A feeding payment with 10 paid and more left was accepted and the next payment overflowed the
    counter's range."""
    game = cavemind.load_game(SA, players=4)
    doc = find(game, "feed_pay")
    doc["step"]["paid"][0] = 10
    refused(game, doc, "step.pay_left: ")


@pytest.mark.parametrize("phase,options", [("build_fixed", {}), ("refill", {"wild_animals": True})])
def test_round_0_is_the_opening_deal_only(phase, options):
    """Regression (fuzzing, seed 4): a position of a later round with "round": 0 was accepted; play then took
    it for the opening (people stood outside placement, the animals were shuffled into the deck a second time)."""
    game = cavemind.load_game(SA, players=2, **options)
    state, rng = game.new_initial_state(), random.Random(4)
    while not (state.to_dict()["state"]["phase"] == phase and state.to_dict()["state"]["round"] > 1):
        state.apply(random_action(state, rng))
    doc = copy.deepcopy(state.to_dict()["state"])
    doc["round"] = 0
    refused(game, doc, "round: 0 is the opening deal, but ")


def test_tools_used_and_unused_are_at_most_a_players_tools():
    """Regression (fuzzing, seed 6): a roll with 21 pips of tools already added while the player still had
    unused tools was accepted, and the next tool took the bonus past 21 (all of a player's tools)."""
    game = cavemind.load_game(SA, players=4)
    doc = find(game, "tools")
    doc["step"]["tool_bonus"] = 21
    refused(game, doc, "step.tool_bonus: 21, but with the tools still unused")


def test_an_unused_tool_card_must_lie_face_up():
    """Regression (fuzzing, seed 10, wild animals): an unused one-use tool of value 2 whose only card of that
    value (T3) was face down was accepted; determinize re-dealt the face-down card, leaving the tool without its
    card. A one-use tool comes from a card taken from the display, face up: a card drawn face down from the deck
    gives only its bottom half."""
    game, doc = placement_doc()
    doc["deck"]["cards"].remove("T3")
    doc["deck"]["size"] -= 1
    doc["players"][0]["one_use_tools"] = [2]
    doc["players"][0]["hidden_cards"] = ["T3"]
    refused(game, doc, "players[0].one_use_tools: the tool card 2 is not among the player's face-up cards")
    doc["players"][0]["hidden_cards"] = []
    doc["players"][0]["cards"] = ["T3"]
    assert game.state_from_dict(doc).to_dict()["state"]["players"][0]["one_use_tools"] == [2]


def test_the_last_kind_paid_is_the_highest_paid_so_far():
    """Regression (fuzzing, seed 14, 3 players, found by the sanitizer build): a payment for "5 resources of 3
    kinds" with a stone paid and step.pay_last still at wood was accepted. Payments go in ascending order of kind
    and the check of each next payment reads the last kind from pay_last, so wood and clay were offered again; four
    clay later no payment could finish the building and no move was legal, and the search's rollout read before
    the start of its list of moves. The last kind paid must now be the highest kind paid so far."""
    game = cavemind.load_game(SA, players=3)
    doc = find(game, "pay_building")
    doc["step"]["paid"] = [0, 0, 1, 0]
    doc["step"]["pay_last"] = 0
    doc["step"]["pay_left"] = 4
    refused(game, doc, "step.pay_last: 0, but the highest kind paid so far is 2")
    state, rng = game.new_initial_state(), random.Random(14)    # payments under way in play pass the check
    midway = 0
    while not state.is_terminal() and midway < 20:
        doc = state.to_dict()["state"]
        if doc["phase"] == "pay_building" and any(doc["step"]["paid"]):
            assert doc["step"]["pay_last"] == max(k for k in range(4) if doc["step"]["paid"][k])
            assert game.state_from_dict(doc) == state
            midway += 1
        state.apply(random_action(state, rng))
    assert midway


def test_no_resources_are_paid_outside_a_payment():
    game, doc = placement_doc()
    doc["step"]["paid"] = [1, 0, 0, 0]
    refused(game, doc, "step.paid: 1 resources paid outside a payment")
