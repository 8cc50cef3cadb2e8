"""Fixed work in one board game, to compare two builds by instruction counts where wall-clock times are too noisy
(a shared machine): random playouts from seeded deals, then one seeded ISMCTS search from the opening.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/fixed_work.py stone_age 300 3000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/fixed_work.py stone_age 0 0

The first minus the second ("Collected" in valgrind's summary) is the instructions of the work alone, start-up
left out. Every build plays the same games and the same search (the seeds are fixed), so the counts compare the
builds' code, not the machine's load.
"""
from __future__ import annotations

import argparse

import cavemind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("playouts", type=int, help="random playouts, from the deals of seeds 0 .. N-1")
    parser.add_argument("iterations", type=int, help="ISMCTS iterations from the opening (0: no search)")
    args = parser.parse_args()
    game = cavemind.load_game(args.game, players=2)
    states = [game.new_initial_state(seed=seed) for seed in range(max(args.playouts, 1))]
    for seed in range(args.playouts):
        states[seed].random_playout(seed)
    start = game.new_initial_state(seed=1)
    while start.is_chance_node():
        start.apply(start.chance_outcomes()[0][0])
    if args.iterations:
        cavemind.analyse(start, cavemind.Limit(iterations=args.iterations), seed=3)


if __name__ == "__main__":
    main()
