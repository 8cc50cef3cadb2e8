"""pytest-benchmark figures for every registered game and player count: random playouts and ISMCTS.

    pytest benchmarks/                               # the figures
    pytest benchmarks/ --benchmark-disable -q        # smoke: each benchmark body runs once

Figures, not assertions on time. `pytest` alone does not collect this folder (testpaths = ["tests"]).
"""
from __future__ import annotations

import itertools
import random

import pytest

import cavemind
from cavemind.testing import random_action

pytest.importorskip("pytest_benchmark")

SEARCH_ITERATIONS = 1000


def _cases() -> list:
    cases = []
    for name in cavemind.game_names():
        for players in cavemind.game_info(name).player_counts:
            cases.append(pytest.param((name, players), id=f"{name}-{players}p"))
    return cases


@pytest.fixture(params=_cases())
def game(request):
    name, players = request.param
    return cavemind.load_game(name, players=players)


def test_random_playout(benchmark, game):
    """One uniformly random game from a fresh opening (a new deal each round) to the end, in C.
    The fresh state is made outside the timing; the Python call into random_playout is inside it."""
    seeds = itertools.count()

    def fresh_state():
        seed = next(seeds)
        return (game.new_initial_state(seed=seed), seed), {}

    steps = benchmark.pedantic(lambda state, seed: state.random_playout(seed), setup=fresh_state,
                               rounds=2000, warmup_rounds=10)
    assert steps > 0


def test_python_playout(benchmark, game):
    """One seeded random game driven from Python (legal_actions, sample_chance and apply at every step): the
    cost of the Python API per step, against the C loop of test_random_playout. Seeds 0, 1, ... in turn."""
    seeds = itertools.count()

    def fresh_state():
        seed = next(seeds)
        return (game.new_initial_state(), random.Random(seed)), {}

    def play(state, rng):
        steps = 0
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            steps += 1
        return steps

    steps = benchmark.pedantic(play, setup=fresh_state, rounds=20, warmup_rounds=1)
    assert steps > 0


def test_ismcts_search(benchmark, game):
    """ISMCTS, 1000 iterations, one thread, from the first decision of a seeded opening."""
    state = game.new_initial_state(seed=1)
    benchmark.extra_info["iterations"] = SEARCH_ITERATIONS
    info = benchmark(cavemind.analyse, state, cavemind.Limit(iterations=SEARCH_ITERATIONS), algorithm="ismcts",
                     seed=0)
    assert info.iterations == SEARCH_ITERATIONS
