"""Honga speed figures for the README performance table: state size, random-playout steps/s and ISMCTS
iterations/s at the opening, for 2-5 players (the same measurements as `cavemind bench honga`).

    python benchmarks/honga_speed.py --seconds 3
"""
from __future__ import annotations

import argparse

import cavemind
from cavemind.cli import measure_playouts, measure_search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print("| players | state bytes | playout steps/s | playouts/s | ISMCTS iterations/s | ISMCTS depth 60 iterations/s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in (2, 3, 4, 5):
        game = cavemind.load_game("honga", players=n)
        steps, games = measure_playouts(game, args.seconds)
        nps = measure_search(game, args.seconds, "ismcts", 1)
        state = game.new_initial_state(seed=1)
        cut = cavemind.analyse(state, cavemind.Limit(seconds=args.seconds), algorithm="ismcts", rollout_depth=60).nps
        print(f"| {n} | {game.state_size} | {steps:,.0f} | {games:,.0f} | {nps:,.0f} | {cut:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
