"""cavemind.testing.soak, the engine of benchmarks/soak.py: it passes on every game and reports what breaks."""
from __future__ import annotations

import dataclasses

import pytest

import cavemind
from cavemind import games, testing


@pytest.mark.parametrize("loop", ["python", "c"])
@pytest.mark.parametrize("name", cavemind.game_names())
def test_a_short_soak_passes_on_every_game(name, loop):
    params = testing.soak_plan(name).configurations[0]
    if name == "jaeger_und_spaeher":
        params = dict(params, turn_limit=60)    # random games run to the cap: keep them short
    stats = testing.soak(cavemind.load_game(name, **params), 3, seed=5, loop=loop)
    assert stats.failure is None
    assert stats.games == 3 and stats.longest <= stats.steps


def test_a_broken_invariant_names_the_game_and_step():
    def broken(state):
        assert "".join(state.to_dict()["state"]["board"]).count(".") > 5, "too few empty squares"

    record = cavemind.game_info("tictactoe")
    games.register(dataclasses.replace(record, invariants=broken), replace=True)
    try:
        stats = testing.soak(cavemind.load_game("tictactoe"), 10, seed=0, loop="python", invariants_every=1)
    finally:
        games.register(record, replace=True)
    assert stats.games == 0 and stats.failure.startswith("game 0, step 4: too few empty squares")


def test_a_cap_that_may_not_end_a_game_fails_the_soak(monkeypatch):
    # the plan names the cap (MAX_TURNS); its value is read from the compiled module
    assert testing.soak_turn_cap(cavemind.load_game("dino_jagd"), testing.soak_plan("dino_jagd")) == 1000
    monkeypatch.setattr(games.compiled_module("dino_jagd"), "MAX_TURNS", 5)
    stats = testing.soak(cavemind.load_game("dino_jagd", players=2), 2, loop="c")
    assert "the turn cap of 5 ended a game" in stats.failure


def test_games_a_permitted_cap_ends_are_counted():
    game = cavemind.load_game("jaeger_und_spaeher", turn_limit=10)
    stats = testing.soak(game, 4, loop="c")
    assert stats.failure is None and stats.capped == 4 and stats.turns == 40


def test_prehistory_peaks_are_measured_along_the_games():
    stats = testing.soak(cavemind.load_game("prehistory", players=2), 2, loop="python")
    assert stats.failure is None
    assert set(stats.peaks) == {"development", "resources", "action_markers", "movement_points"}
    assert all(0 < value < testing.soak_plan("prehistory").peaks[name] for name, value in stats.peaks.items())
