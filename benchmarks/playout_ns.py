"""Nanoseconds per random-playout step (State.random_playout: the C loop, no Python per step).

    python benchmarks/playout_ns.py prehistory dino_jagd --playouts 300

Prints one line per game and player count: the median over --repeats timings of --playouts playouts
(seeds 0 .. playouts-1, each from a fresh initial state), so that two builds run with the same arguments
play exactly the same games. To compare builds on a noisy machine, alternate runs of this script under
each build's Python and compare the medians.
"""
import argparse
import statistics
import time

import cavemind

PLAYERS = {"prehistory": (2, 3, 4), "dino_jagd": (2, 3, 4), "stone_age": (2, 3, 4),
           "honga": (2, 3, 4), "jaeger_und_spaeher": (2, 3, 4)}


def ns_per_step(game_name, players, playouts):
    game = cavemind.load_game(game_name, players=players)
    start = game.new_initial_state()
    states = [start.clone() for _ in range(playouts)]
    steps = 0
    t0 = time.perf_counter_ns()
    for seed, state in enumerate(states):
        steps += state.random_playout(seed)
    return (time.perf_counter_ns() - t0) / steps, steps


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["prehistory", "dino_jagd"])
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for name in args.games:
        for players in args.players or PLAYERS.get(name, (2,)):
            runs = [ns_per_step(name, players, args.playouts) for _ in range(args.repeats)]
            steps = runs[0][1]
            median = statistics.median(ns for ns, _ in runs)
            print(f"{name} {players}p: {median:6.1f} ns/step ({steps / args.playouts:.0f} steps/playout)", flush=True)


if __name__ == "__main__":
    main()
