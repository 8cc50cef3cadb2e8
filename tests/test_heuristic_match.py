"""benchmarks/heuristic_match.py, the match script behind the cut-off heuristic and search-switch results of
docs/strength.md: the chance events of a game depend on the deal's seed only, never on the switches a bot plays
with (a bug once reset the chance counter to a bot's closed-loop setting, so every die of a game fell alike)."""
from __future__ import annotations

from conftest import load_benchmark

import cavemind
from cavemind import _core
from cavemind.arena import derive_seed
from cavemind.botspec import parse_bot_spec


def test_the_chance_events_do_not_depend_on_the_bots_switches():
    match = load_benchmark("heuristic_match")
    game = cavemind.load_game("dino_jagd", players=2)
    previous = game.module.set_heuristic_variant(0)
    try:
        results = []
        for switches in ([(0, 0.0, 0.0), (0, 0.0, 0.0)], [(1, 0.3, 0.5), (0, 0.0, 0.0)]):
            bots = [parse_bot_spec("random").make(seed) for seed in (1, 2)]
            results.append(match.play(game, bots, switches, seed=derive_seed(0, 3)))
    finally:
        game.module.set_heuristic_variant(previous)
        _core._set_margin_weight(0.0)
        _core._set_widening(0.0)
    assert results[0] == results[1]

    # and they are the arena's: the same seed replays the same dice
    state = game.new_initial_state(seed=derive_seed(0, 3))
    bots = [parse_bot_spec("random").make(seed) for seed in (1, 2)]
    events = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(derive_seed(derive_seed(0, 3), events)))
            events += 1
        else:
            state.apply(bots[state.current_player()].step(state.clone()))
    assert results[0]["scores"] == list(state.scores())
