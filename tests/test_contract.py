"""The generic game contract (src/games/README.md), checked on every registered game and configuration."""
import json
import math

import pytest

import cavemind
from conftest import walk

SEEDS = (1, 2, 3)


def sample_states(game, seed, count=12):
    """About `count` states spread along one seeded random playout, the start and the end included."""
    states = list(walk(game.new_initial_state(), seed))
    stride = max(1, len(states) // count)
    return states[::stride] + [states[-1]]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(game, seed):
    n = game.num_players
    steps = 0
    for state in walk(game.new_initial_state(), seed):
        assert state.check_state() is None, "every state of a game must be one the rules allow"
        player = state.current_player()
        assert player in (cavemind.CHANCE, cavemind.TERMINAL) or 0 <= player < n
        if player >= 0:
            actions = state.legal_actions()
            assert actions, "a decision node must have a legal action"
            assert actions == sorted(set(actions)), "legal actions must be sorted and unique"
            assert all(0 <= a < game.max_actions for a in actions)
            names = [state.action_to_string(a) for a in actions]
            assert len(set(names)) == len(names), f"action names must be unique: {names}"
            assert state.rollout_action(steps) in actions, "the rollout policy must play a legal action"
        elif player == cavemind.CHANCE:
            outcomes = state.chance_outcomes()
            ids = [a for a, _ in outcomes]
            assert ids == sorted(set(ids)) and all(0 <= a < game.max_actions for a in ids)
            assert all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        heuristic = state.heuristic()
        assert len(heuristic) == n and all(0.0 <= v <= 1.0 for v in heuristic)
        assert len(state.scores()) == n
        steps += 1
    assert state.is_terminal() and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)
    assert steps - 1 <= game.max_game_length


def test_illegal_action_raises_and_leaves_the_state_unchanged(game):
    for state in sample_states(game, seed=5):
        before = state.clone()
        legal = set(state.legal_actions())
        illegal = [a for a in (-1, game.max_actions, game.max_actions + 7) + tuple(range(game.max_actions))
                   if a not in legal][:4]
        for action in illegal:
            with pytest.raises(cavemind.IllegalActionError):
                state.apply(action)
            assert state == before
        with pytest.raises(cavemind.IllegalActionError):
            state.apply("certainly not a move")
        assert state == before


def test_clone_is_equal_and_independent(game):
    state = game.new_initial_state(seed=3)
    copy = state.clone()
    assert copy == state and copy.to_bytes() == state.to_bytes()
    if not copy.is_terminal():
        copy.apply(copy.legal_actions()[0])
        assert copy != state


def test_json_round_trip_gives_the_identical_state(game):
    for state in sample_states(game, seed=7):
        text = state.to_json()
        json.loads(text)
        again = cavemind.state_from_json(text)
        assert again == state, f"round trip changed the state at {state!r}"
        assert str(again) == str(state)


def test_position_header_says_who_moves_the_phase_and_the_end(game):
    # src/games/README.md, "Positions": the header every game shares, checked against the contract
    for state in sample_states(game, seed=9):
        doc = state.to_dict()
        player = state.current_player()
        expected = None if state.is_terminal() else "chance" if state.is_chance_node() else player
        assert doc["to_move"] == expected and doc["finished"] == state.is_terminal()
        assert isinstance(doc["phase"], str) and doc["phase"] and doc["phase"] == doc["phase"].lower()
        assert doc["phase"] == state.phase()


def test_position_from_a_seat_keeps_what_that_seat_sees(game):
    for state in sample_states(game, seed=8, count=6):
        for observer in range(game.num_players):
            loaded = cavemind.state_from_json(state.to_json(observer=observer), seed=observer)
            assert loaded.infoset_hash(observer) == state.infoset_hash(observer)
            assert loaded.to_dict(observer) == state.to_dict(observer)


def test_determinize_keeps_the_observer_view_and_changes_hidden_parts(game):
    changed = False
    for seed in SEEDS:
        for state in sample_states(game, seed=seed):
            for observer in range(game.num_players):
                for k in range(4):
                    world = state.determinize(observer, seed=k)
                    assert world.check_state() is None, "determinize must deal a state the rules allow"
                    assert world.infoset_hash(observer) == state.infoset_hash(observer)
                    assert world.to_dict(observer) == state.to_dict(observer)
                    assert world.current_player() == state.current_player()
                    if state.current_player() == observer:
                        assert world.legal_actions() == state.legal_actions()
                    changed = changed or world != state
    assert changed == game.module.HIDDEN_INFORMATION, (
        "determinize must change hidden parts somewhere in a game with hidden information, and nothing otherwise")


def test_determinize_depends_only_on_the_information_set(game):
    """Two states one player cannot tell apart determinize to the same state with the same seed: the
    basis of 'the AI never peeks'."""
    for state in sample_states(game, seed=11, count=8):
        for observer in range(game.num_players):
            twin = state.determinize(observer, seed=99)
            assert twin.determinize(observer, seed=5) == state.determinize(observer, seed=5)


def test_sample_chance_follows_the_probabilities(game):
    """At the first few chance nodes of a playout, 3000 draws match chance_outcomes() within 4 sigma."""
    draws = 3000
    checked = 0
    for state in walk(game.new_initial_state(), seed=13):
        if not state.is_chance_node():
            continue
        outcomes = dict(state.chance_outcomes())
        counts = dict.fromkeys(outcomes, 0)
        for k in range(draws):
            outcome = state.sample_chance(k * 7919 + checked)
            assert outcome in counts, f"sample_chance drew {outcome}, not a listed outcome"
            counts[outcome] += 1
        for outcome, p in outcomes.items():
            sigma = math.sqrt(p * (1 - p) / draws)
            assert abs(counts[outcome] / draws - p) <= 4 * sigma + 1e-3, (outcome, p, counts[outcome])
        checked += 1
        if checked == 3:
            break


def test_observed_action_is_the_action_for_its_own_mover(game):
    for state in sample_states(game, seed=17):
        player = state.current_player()
        if player >= 0:
            for action in state.legal_actions():
                assert state.observed_action(action, player) == action
                for other in range(game.num_players):
                    assert 0 <= state.observed_action(action, other) < game.max_actions


def test_readable_board_and_seat_views_render(game):
    for state in sample_states(game, seed=19, count=4):
        assert str(state)
        for observer in range(game.num_players):
            assert state.render(observer)


def test_observation_has_a_fixed_length_and_reveals_nothing_hidden(game):
    for state in sample_states(game, seed=23, count=8):
        for player in range(game.num_players):
            seen = state.observation(player)
            assert len(seen) == game.observation_size
            assert all(isinstance(v, float) for v in seen)
            for k in range(3):
                assert state.determinize(player, seed=k).observation(player) == seen
