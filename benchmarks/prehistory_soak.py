"""10,000 seeded random Prehistory games per player count, checking the invariants after each game
(the CI-sized run of 500 per count is tests/test_prehistory.py::test_soak_500_random_games_keep_the_invariants).

    python benchmarks/prehistory_soak.py [games=10000]
"""
import random
import sys
import time

import cavemind


def check(state, players):
    doc = state.to_dict()["state"]
    for p in range(players):
        on_map = doc["st_count"][p] + sum(doc["mcount"][sp] for sp in range(88) if doc["mowner"][sp] == p + 1)
        assert on_map + doc["avail"][p] == doc["members"][p] <= 10
        assert doc["members"][p] == 3 + bin(doc["camps_used"][p]).count("1")
    cards = sum(map(sum, doc["hand"])) + sum(doc["cer_pile"]) + sum(doc["cer_discard"])
    assert cards + sum(1 for c in doc["cer_disp"] if c) == 34
    assert abs(sum(state.returns()) - 1.0) < 1e-9


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    for players in (2, 3, 4):
        game = cavemind.load_game("prehistory", players=players)
        t0 = time.time()
        longest = 0
        for seed in range(games):
            state = game.new_initial_state()
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng.getrandbits(63)))
                else:
                    legal = state.legal_actions()
                    assert legal, f"seed {seed}: no legal action"
                    state.apply(rng.choice(legal))
                steps += 1
            longest = max(longest, steps)
            check(state, players)
        print(f"{players} players: {games} games finished, invariants intact, longest {longest} steps, "
              f"{time.time() - t0:.0f}s", flush=True)
