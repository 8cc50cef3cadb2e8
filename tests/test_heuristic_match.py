"""benchmarks/heuristic_match.py, the match script behind the cut-off heuristic and search-switch results of
the research journal (docs/research/): the chance events of a game depend on the deal's seed only, never on the
switches a bot plays with (a bug once reset the chance counter to a bot's closed-loop setting, so every die of a game fell alike)."""
from __future__ import annotations

from conftest import load_benchmark

import cavemind
from cavemind.arena import derive_seed
from cavemind.botspec import parse_bot_spec


def test_the_chance_events_do_not_depend_on_the_bots_switches():
    match = load_benchmark("heuristic_match")
    game = cavemind.load_game("dino_jagd", players=2)
    # the switches are the bot's own search settings (so they are in its specification), never the process's
    assert str(match.parse("ismcts:iterations=30@1/margin=0.3")) == "ismcts:iterations=30,variant=1,margin=0.3"
    assert match.parse("ismcts@0/chance=6").options == {"heuristic_variant": 0, "chance_branching": 6}
    results = [match.play(game, [match.parse("random").make(seed) for seed in (1, 2)], seed=derive_seed(0, 3))]

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
