"""How wide the decisions of each game are: the number of legal moves at every decision of random games.

    python benchmarks/branching.py --players 2 --games 5

Progressive widening and progressive bias (issue 15's "wide nodes") pay where a node has more moves than its
visits can try; this prints, per board game, the decisions seen and the mean, median, 90th percentile and largest
number of legal moves, and the share of decisions with more than 20. Uniformly random games from seeded deals
(deal seed g for game g); the counts are the rules', not a search's.
"""
from __future__ import annotations

import argparse
import random
import statistics

import cavemind

BOARD_GAMES = ("stone_age", "honga", "jaeger_und_spaeher", "prehistory", "dino_jagd")


def legal_move_counts(name: str, players: int, games: int) -> list[int]:
    game = cavemind.load_game(name, players=players)
    rng = random.Random(1)
    counts = []
    for deal in range(games):
        state = game.new_initial_state(seed=deal)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            legal = state.legal_actions()
            counts.append(len(legal))
            state.apply(rng.choice(legal))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print("| game | decisions | mean | median | 90th percentile | most | share over 20 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in BOARD_GAMES:
        counts = sorted(legal_move_counts(name, args.players, args.games))
        print(f"| {name} | {len(counts)} | {statistics.fmean(counts):.1f} | {statistics.median(counts):g} | "
              f"{counts[int(0.9 * len(counts))]} | {counts[-1]} | {sum(c > 20 for c in counts) / len(counts):.1%} |")


if __name__ == "__main__":
    main()
