"""10,000 seeded random games per variant (Holy Places rotating none/first/random), check_state at every
step and the JSON-level invariants every N steps (the CI-sized run of 500 per variant is tests/test_jaeger_und_spaeher.py).

    python benchmarks/jaeger_und_spaeher_soak.py --games 10000
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
    args = ap.parse_args()
    holy = ("none", "first", "random")
    for variant in ("intro", "normal", "survival"):
        start = time.time()
        steps = 0
        ends = {"target": 0, "turn limit": 0}
        for seed in range(args.games):
            game = cavemind.load_game("jaeger_und_spaeher", variant=variant, holy_places=holy[seed % 3])
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
            ends["target" if max(state.scores()) >= 24 else "turn limit"] += 1
        print(f"{variant}: {args.games} games, {steps} steps, all invariants intact, ends {ends}, "
              f"{time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
