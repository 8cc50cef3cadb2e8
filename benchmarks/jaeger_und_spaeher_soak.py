"""10,000 seeded random games per variant (Holy Places rotating none/first/random), check_state at every
step and the JSON-level invariants every N steps (the CI-sized run of 500 per variant is tests/test_jaeger_und_spaeher.py).
It reports how the games ended (a player reached the target, or the safety cap `turn_limit`, which is not a rule)
and the longest game that reached the target against the cap.

    python benchmarks/jaeger_und_spaeher_soak.py --games 10000
    python benchmarks/jaeger_und_spaeher_soak.py --games 2000 --turn-limit 2000   # what the default cap cuts off
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import cavemind  # noqa: E402
from test_jaeger_und_spaeher import check_invariants  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--every", type=int, default=53, help="check the invariants every N steps")
    ap.add_argument("--turn-limit", type=int, default=1000, help="the safety cap (the game's default is 1000)")
    args = ap.parse_args()
    holy = ("none", "first", "random")
    for variant in ("intro", "normal", "survival"):
        start = time.time()
        steps = 0
        ends = {"target": 0, "turn limit": 0}
        longest = 0                   # turns of the longest game that reached the target
        late = 0                      # games that reached the target after turn 200 (the cap before 1000)
        best_at_cap = 0               # the highest marker in a game the cap ended
        for seed in range(args.games):
            game = cavemind.load_game("jaeger_und_spaeher", variant=variant, holy_places=holy[seed % 3],
                                      turn_limit=args.turn_limit)
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            total = None
            while not state.is_terminal():
                message = game.module.check_state(state.to_bytes(), game.params)   # every step: it is cheap
                assert message is None, (variant, seed, message)
                if steps % args.every == 0:
                    cards = check_invariants(state)
                    total = total or cards
                    assert cards == total, (variant, seed)
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng.getrandbits(63)))
                else:
                    state.apply(rng.choice(state.legal_actions()))
                steps += 1
            check_invariants(state)
            assert abs(sum(state.returns()) - 1.0) < 1e-9
            turns = state.to_dict()["state"]["turn"]
            if turns >= args.turn_limit:                       # the cap ended it (the rules would go on)
                ends["turn limit"] += 1
                best_at_cap = max(best_at_cap, max(state.scores()))
            else:
                assert max(state.scores()) >= 24, (variant, seed)
                ends["target"] += 1
                longest = max(longest, turns + 1)
                late += turns + 1 > 200
        print(f"{variant}: {args.games} games, {steps} steps, all invariants intact, ends {ends}, longest game to "
              f"the target {longest} turns (cap {args.turn_limit}; {late} after turn 200), highest marker at the cap "
              f"{best_at_cap:.0f}, {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
