"""Honga soak (issue 4): 10,000 seeded random games per player count, every invariant checked at the end of
each game by the module's check_state (the one definition of a legal state; tests/test_honga.py runs 500 per
count in CI).

    python benchmarks/honga_soak.py                 # 10,000 games x 2, 3, 4, 5 players
    python benchmarks/honga_soak.py --games 1000 --players 5
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from test_honga import play_random  # noqa: E402

from cavemind.games import honga  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, action="append", choices=(2, 3, 4, 5))
    args = parser.parse_args()
    threshold = {2: 40, 3: 35, 4: 30, 5: 30}
    for n in args.players or [2, 3, 4, 5]:
        start = time.perf_counter()
        steps = turns = longest = 0
        for seed in range(args.games):
            state, k = play_random(n, seed)
            doc = state.to_dict()["state"]
            message = honga.check_state(state.to_bytes())
            assert message is None, f"seed {seed}: {message}"
            assert max(state.scores()) >= threshold[n] and doc["to_move"] == n - 1, seed
            assert abs(sum(state.returns()) - 1.0) < 1e-9
            steps += k
            turns += doc["turn"]
            longest = max(longest, doc["turn"])
        elapsed = time.perf_counter() - start
        print(f"{n} players: {args.games} games OK, mean {steps / args.games:.0f} steps and "
              f"{turns / args.games:.0f} turns per game, longest {longest} turns, {elapsed:.0f} s", flush=True)


if __name__ == "__main__":
    main()
