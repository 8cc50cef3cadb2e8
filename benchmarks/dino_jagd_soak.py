"""Dino Jagd soak: 10,000 seeded random games per player count (C playouts), every end state checked with the
invariants of tests/test_dino_jagd.py (every creature and special card accounted for, energies in 0..10,
creatures only in periods they lived in, returns summing to 1).

    python benchmarks/dino_jagd_soak.py [GAMES]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import cavemind  # noqa: E402
from test_dino_jagd import check_invariants  # noqa: E402


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    for players in (2, 3, 4):
        for fraction in (0.5, 1.0):
            game = cavemind.load_game("dino_jagd", players=players, deck_fraction=fraction)
            cap = 1000                                      # MAX_TURNS in dino_jagd.pxd: an engine cap, not a rule
            start, longest, most_turns, capped = time.perf_counter(), 0, 0, 0
            for seed in range(games):
                s = game.new_initial_state()
                steps = s.random_playout(seed)
                assert s.is_terminal() and steps <= game.max_game_length
                assert game.module.check_state(s.to_bytes()) is None, seed
                check_invariants(s, game)
                r = s.returns()
                assert abs(sum(r) - 1) < 1e-9
                longest = max(longest, steps)
                turns = s.to_dict()["state"]["turns"]
                most_turns = max(most_turns, turns)
                capped += turns >= cap
            print(f"{players} players, deck {fraction}: {games} games ok in {time.perf_counter() - start:.1f}s, "
                  f"longest {longest} steps, most turns {most_turns} (cap {cap}), {capped} ended by the turn cap",
                  flush=True)
            assert capped == 0, "the turn cap ended a game the rules would continue"


if __name__ == "__main__":
    main()
