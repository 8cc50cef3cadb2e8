"""10,000 seeded random Prehistory games per player count, checking the invariants and check_state after each
game and how close the engine's safety caps come to being reached
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


# Safety caps of the engine that are not rules, and how close random games come to them. None may ever end or
# change a game the rules would continue: the soak fails if one is reached.
CAPS = {
    "dev": 250,        # development points (uint8, add_dev stops there)
    "res": 250,        # resources of one colour (add_res stops there)
    "mk": 250,         # action markers of one colour (add_mk stops there)
    "mp": 60,          # movement points: payments are offered only below 60
}


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    for players in (2, 3, 4):
        game = cavemind.load_game("prehistory", players=players)
        module = game.module
        fields = {f[0]: f for f in module.LAYOUT}
        spans = {name: (fields[name][3], fields[name][3] + fields[name][4]) for name in CAPS}
        peak = dict.fromkeys(CAPS, 0)
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
                raw = state.to_bytes()
                for name, (lo, hi) in spans.items():
                    peak[name] = max(peak[name], max(raw[lo:hi]))
            assert module.check_state(state.to_bytes()) is None, seed
            longest = max(longest, steps)
            check(state, players)
        assert longest < game.max_game_length
        assert all(peak[name] < cap for name, cap in CAPS.items()), peak
        print(f"{players} players: {games} games finished, invariants intact, longest {longest} steps "
              f"(max_game_length {game.max_game_length}); peaks vs caps: "
              + ", ".join(f"{name} {peak[name]}/{cap}" for name, cap in CAPS.items())
              + f"; {time.time() - t0:.0f}s", flush=True)
