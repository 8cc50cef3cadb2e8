"""Stone Age: golden seeded playthroughs, random playouts with invariants for every player count and option
set, the soak run (slow), positions (JSON) and their error messages, and the readable board."""
import copy
import itertools
import random

import pytest

import cavemind
from cavemind.games import _stone_age as module
from cavemind.testing import check_position_invariants, random_action

SA = "stone_age"
OPTION_SETS = [dict(zip(("winter_is_hard", "wild_animals", "igloos"), v))
               for v in itertools.product((False, True), repeat=3)]


def seeded_game(game, seed):
    """A random game through the public API: decisions drawn with random.Random(seed), chance with
    sample_chance. Yields every state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        yield state


def test_golden_seeded_playthrough():
    """The same seed plays the same game: final scores and length are fixed (update on a deliberate rule
    change only)."""
    game = cavemind.load_game(SA, players=3, winter_is_hard=True)
    states = list(s.clone() for s in seeded_game(game, seed=2024))
    final = states[-1]
    assert final.is_terminal()
    assert (len(states), final.scores()) == GOLDEN_3P_WINTER
    # and it replays identically
    again = list(seeded_game(game, seed=2024))[-1]
    assert again == final


GOLDEN_3P_WINTER = (896, [-9.0, 98.0, 80.0])   # recorded; the length counts the opening state too


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "base")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(players, options):
    game = cavemind.load_game(SA, players=players, **options)
    for k, state in enumerate(seeded_game(game, seed=players)):
        if k % 5 == 0 or state.is_terminal():
            check_position_invariants(state)
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_500_games_per_player_count(players):
    """benchmarks/soak.py --game stone_age runs 10,000; CI runs 500 per player count and option set (in C, every
    invariant checked after every step)."""
    for k, options in enumerate(OPTION_SETS):
        steps, rounds, longest, failure, wins = module.random_playouts({"players": players, **options}, 500,
                                                                      100 + k, True)
        assert failure is None, (options, failure)
        assert sum(wins) == pytest.approx(500)
        assert longest <= cavemind.load_game(SA, players=players).max_game_length


def test_state_size_is_compact():
    assert all(cavemind.load_game(SA, players=n).state_size <= 512 for n in (2, 3, 4))


def test_observer_view_hides_deck_and_other_players_face_down_cards():
    game = cavemind.load_game(SA, players=2)

    def first_state_with_a_face_down_card():
        for seed in range(20):
            for state in seeded_game(game, seed):
                if state.to_dict()["state"]["players"][1]["hidden_cards"]:
                    return state

    state = first_state_with_a_face_down_card()
    d = state.to_dict()["state"]
    seen = state.to_dict(observer=0)["state"]
    assert "cards" not in seen["deck"] and seen["players"][1]["hidden_cards"] == len(d["players"][1]["hidden_cards"])
    assert state.to_dict(observer=1)["state"]["players"][1]["hidden_cards"] == d["players"][1]["hidden_cards"]
    loaded = game.state_from_dict(seen, observer=0, seed=5)
    assert loaded.infoset_hash(0) == state.infoset_hash(0)


def test_json_round_trip_and_readable_names():
    game = cavemind.load_game(SA, players=4, wild_animals=True, igloos=True, winter_is_hard=True)
    for k, state in enumerate(seeded_game(game, seed=9)):
        if k % 50 == 0:
            text = state.to_json()
            assert cavemind.state_from_json(text) == state
    assert "P3" in str(state) and "civilization cards" in str(state)


BAD_POSITIONS = [
    (lambda d: d.pop("players"), "players: missing"),
    (lambda d: d.update(phase="dance"), 'phase: "dance" is not one of'),
    (lambda d: d["players"][0].update(wood=-1), "players[0].wood: -1 is out of range"),
    (lambda d: d["players"][0].update(people=11), "players[0].people"),
    (lambda d: d["players"][1].update(tools=[5, 0, 0]), "players[1].tools"),
    (lambda d: d["display"].__setitem__(0, "X99"), 'display[0]: "X99" is not a known name'),
    (lambda d: d["display"].__setitem__(0, d["display"][1]), "listed twice"),
    (lambda d: d["deck"].update(size=3), "deck.size"),
    (lambda d: d["stacks"][0].update(top="castle"), 'stacks[0].top: "castle" is not'),
    (lambda d: d["players"][0].update(placed={"moon": 1}), 'players[0].placed: "moon" is not'),
    (lambda d: d["players"][0].update(placed={"forest": 9}), "players[0]: more people placed"),
    (lambda d: d.update(current_player=7), "current_player: 7 is out of range"),
    (lambda d: d["players"][0].update(one_use_tools=[4]), "players[0].one_use_tools"),
    (lambda d: d.update(animal="polar bear"), "animal: the wild animals are not in this game"),
]


@pytest.mark.parametrize("mutate, message", BAD_POSITIONS)
def test_bad_positions_name_the_field(mutate, message):
    game = cavemind.load_game(SA, players=2)
    doc = game.new_initial_state(seed=1).to_dict()["state"]
    mutate(doc)
    with pytest.raises(cavemind.InvalidPositionError, match=message.replace("[", r"\[").replace("]", r"\]")
                       .replace(".", r"\.")):
        game.state_from_dict(doc)


def test_mutated_positions_load_or_fail_cleanly():
    """Random damage to real positions: loading either raises InvalidPositionError or gives a state that
    plays on without trouble."""
    game = cavemind.load_game(SA, players=3, wild_animals=True, igloos=True, winter_is_hard=True)
    rng = random.Random(4)
    docs = [s.to_dict()["state"] for k, s in enumerate(seeded_game(game, seed=4)) if k % 40 == 0]
    values = [None, -1, 0, 1, 2, 3, 7, 99, 255, 70000, "x", "forest", [], {}, True, 1.5]

    def leaves(obj, path=()):
        if isinstance(obj, dict):
            for k, v in obj.items():
                yield from leaves(v, path + (k,))
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                yield from leaves(v, path + (i,))
        yield path

    loaded = 0
    for _ in range(600):
        doc = copy.deepcopy(rng.choice(docs))
        path = rng.choice([p for p in leaves(doc) if p])
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = rng.choice(values)
        try:
            state = game.state_from_dict(doc)
        except cavemind.InvalidPositionError:
            continue
        loaded += 1
        for _ in range(30):
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
    assert loaded > 0


# ---- the rollout policy (README "Search: rollout policy"; docs/research/2026-12-01-diagnosis-stone-age.md) ----

def policy_states(phase, count=40, seed=0):
    """Decision states of the given phase from games played by the rollout policy itself."""
    game = cavemind.load_game("stone_age", players=2)
    rng, found = random.Random(seed), []
    for deal in itertools.count():
        state = game.new_initial_state(seed=deal)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(30)))
                continue
            if state.to_dict()["state"]["phase"] == phase and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply(state.rollout_action(rng.getrandbits(30)))
        if len(found) >= count:
            return found


def action_shares(states, choose, samples=50):
    """How often the policy's choice satisfies `choose(state, action)`, over states and seeds."""
    hits = sum(choose(state, state.rollout_action(seed)) for state in states for seed in range(samples))
    return hits / (len(states) * samples)


def test_rollout_policy_pays_for_food_instead_of_starving():
    states = policy_states("feed_pay", count=20)
    starve = lambda state, action: state.action_to_string(action) == "starve"
    assert action_shares(states, starve) < 0.1          # only the uniform share may starve
    # uniform play would starve at 1 of the k legal actions
    assert sum(1 / len(state.legal_actions()) for state in states) / len(states) > 0.2


def test_rollout_policy_buys_the_cards_it_walked_to():
    states = policy_states("pay_card", count=30)
    assert action_shares(states, lambda state, action: state.action_to_string(action) == "decline") < 0.1


def test_rollout_policy_resolves_tools_and_agriculture_before_purchases():
    states = [s for s in policy_states("resolve", count=80) if any(
        s.action_to_string(a) in ("resolve toolmaker", "resolve field") for a in s.legal_actions())]
    assert states
    first = lambda state, action: state.action_to_string(action) in ("resolve toolmaker", "resolve field")
    assert action_shares(states, first) > 0.85


def test_uniform_rollouts_are_a_search_option():
    state = cavemind.load_game("stone_age", players=2).new_initial_state(seed=3)
    limit = cavemind.Limit(iterations=300)
    game_policy = cavemind.analyse(state, limit, seed=1)
    uniform = cavemind.analyse(state, limit, seed=1, rollout_policy="uniform")
    assert [m.visits for m in game_policy.moves] != [m.visits for m in uniform.moves]
    with pytest.raises(cavemind.SearchError, match="rollout_policy"):
        cavemind.analyse(state, limit, rollout_policy="greedy")
