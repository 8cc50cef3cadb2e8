"""Move priors in the tree (the prior_weight setting; the header of src/mcts/search.pxi): a game's priors, read only
where a search asks for them, try moves of a small prior late and explore them little."""
import random

import pytest

import cavemind
from cavemind import _core
from cavemind.botspec import parse_bot_spec

ROTATE_AND_DISCARD = set(range(214, 227)) | set(range(239, 251))   # Prehistory's rotations, weather, discards


def prehistory_decision_with_trades(seed=3, trades=8):
    """A 2-player Prehistory decision where at least `trades` rotations or discards are among the legal moves."""
    state = cavemind.load_game("prehistory", players=2).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while True:
        while state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(32)))
        if len(set(state.legal_actions()) & ROTATE_AND_DISCARD) >= trades:
            return state
        state.apply(rng.choice(state.legal_actions()))


def first_decision_where(wanted):
    """The first decision of seeded random 2-player Prehistory games whose legal moves' names satisfy `wanted`."""
    for seed in range(100):
        state = cavemind.load_game("prehistory", players=2).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            if wanted({state.action_to_string(a) for a in state.legal_actions()}):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such decision in 100 random games")


def test_prehistory_prices_rotations_and_discards_low_and_every_other_move_at_one():
    state = prehistory_decision_with_trades()
    priors = state.action_priors()
    assert set(priors) == set(state.legal_actions())
    for action, prior in priors.items():
        assert prior == (0.1 if action in ROTATE_AND_DISCARD else 1.0), state.action_to_string(action)
    assert 1.0 in priors.values() and 0.1 in priors.values()


def test_a_game_without_priors_gives_every_move_one_and_a_search_with_prior_weight_is_unchanged():
    state = cavemind.load_game("stone_age", players=2).new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply(state.sample_chance(3))
    assert set(state.action_priors().values()) == {1.0}
    plain = cavemind.analyse(state, cavemind.Limit(iterations=400), seed=2)
    weighted = cavemind.analyse(state, cavemind.Limit(iterations=400), seed=2, prior_weight=1)
    assert [(m.action, m.visits, m.value) for m in weighted.moves] == [(m.action, m.visits, m.value)
                                                                       for m in plain.moves]


def trade_visits(info):
    return sum(m.visits for m in info.moves if m.action in ROTATE_AND_DISCARD)


def test_moves_of_a_small_prior_are_tried_late_and_explored_little():
    state = prehistory_decision_with_trades()
    limit = cavemind.Limit(iterations=2000)
    plain = cavemind.analyse(state, limit, seed=3, exploration=0.35, prior_weight=0)
    weighted = cavemind.analyse(state, limit, seed=3, exploration=0.35, prior_weight=1)
    assert weighted.moves == cavemind.analyse(state, limit, seed=3, exploration=0.35).moves   # Prehistory's default
    # Without priors the rotations and discards take a quarter of the budget and more (the diagnosis of
    # docs/research/2026-12-07-prehistory-move-priors.md); with them, a few visits each.
    assert trade_visits(plain) > 2000 / 4
    assert trade_visits(weighted) < 2000 / 20
    assert weighted.best.action not in ROTATE_AND_DISCARD
    ordinary = set(state.legal_actions()) - ROTATE_AND_DISCARD
    assert {m.action for m in weighted.moves if m.visits > 0} >= ordinary     # every ordinary move is tried
    # ... and tried first: in a short search, fewer of the trades are expanded at all
    short = cavemind.Limit(iterations=60)
    tried = [sum(1 for m in cavemind.analyse(state, short, seed=3, exploration=0.35, prior_weight=w).moves
                 if m.action in ROTATE_AND_DISCARD and m.visits > 0) for w in (0, 1)]
    assert tried[1] < tried[0]


def test_prior_weight_between_zero_and_one_scales_the_priors_toward_one():
    state = prehistory_decision_with_trades()
    limit = cavemind.Limit(iterations=2000)
    full, half = (cavemind.analyse(state, limit, seed=3, exploration=0.35, prior_weight=w) for w in (1, 0.5))
    plain = cavemind.analyse(state, limit, seed=3, exploration=0.35, prior_weight=0)
    assert trade_visits(full) <= trade_visits(half) < trade_visits(plain)


@pytest.mark.parametrize("algorithm", ["mcts", "ismcts", "mo-ismcts", "pimc"])
def test_every_algorithm_reads_the_priors_and_a_seed_repeats_its_search(algorithm):
    state = prehistory_decision_with_trades()
    limit = cavemind.Limit(iterations=600)
    first, second = (cavemind.analyse(state, limit, seed=7, algorithm=algorithm, prior_weight=1) for _ in range(2))
    assert [(m.action, m.visits) for m in first.moves] == [(m.action, m.visits) for m in second.moves]
    plain = cavemind.analyse(state, limit, seed=7, algorithm=algorithm, prior_weight=0)
    assert trade_visits(first) < trade_visits(plain)


def test_prior_weight_is_checked_and_spelled_prior_in_a_bot_specification():
    state = prehistory_decision_with_trades()
    refused = "^prior_weight=2: must be None \\(the game's default\\) or a number from 0 \\(off\\) to 1"
    with pytest.raises(cavemind.SearchError, match=refused):
        cavemind.analyse(state, prior_weight=2)
    spec = parse_bot_spec("ismcts:iterations=300,prior=0.5")
    assert str(spec) == "ismcts:iterations=300,prior=0.5" and spec.make(seed=1).prior_weight == 0.5
    assert str(parse_bot_spec("ismcts:prior_weight=1")) == "ismcts:prior=1.0"


def test_action_priors_needs_a_decision():
    state = cavemind.load_game("prehistory", players=2).new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0] if not state.is_chance_node() else state.sample_chance(1))
    with pytest.raises(cavemind.IllegalActionError, match="needs a decision node"):
        state.action_priors()


BUYS = set(range(227, 239))      # buy a resource or an action marker


def test_prehistory_prior_variants_price_buying_and_an_early_autumn_end_low():
    state = prehistory_decision_with_trades()
    rng = random.Random(2)
    while not set(state.legal_actions()) & BUYS:
        state.apply(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(32)))
    table = _core.table_info(state.game._capsule)
    assert table["action_priors"] and table["prior_variants"] == 3
    first, buying = state.action_priors(0), state.action_priors(1)
    for action in state.legal_actions():
        expected = 0.3 if action in BUYS else first[action]
        assert buying[action] == expected, state.action_to_string(action)
    # variant 2: ending an autumn turn while a member could still be paid for or moved
    state = first_decision_where(lambda names: "end turn" in names and any(n.startswith(("move ", "select "))
                                                                          for n in names))
    names = {state.action_to_string(a): a for a in state.legal_actions()}
    assert state.action_priors(2)[names["end turn"]] == 0.3
    assert state.action_priors(0)[names["end turn"]] == 1.0
    with pytest.raises(ValueError, match="prior variants 0 to 2"):
        state.action_priors(3)
    with pytest.raises(cavemind.SearchError, match="prior_variant=3: prehistory has prior variants 0 to 2"):
        cavemind.analyse(state, prior_variant=3)
    assert str(parse_bot_spec("ismcts:prior_variant=1")) == "ismcts:prior_variant=1"
