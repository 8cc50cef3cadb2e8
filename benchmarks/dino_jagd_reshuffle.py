"""Dino Jagd: how often the special deck is reshuffled in random games, and how determinize deals after it
(README Interpretation 16).

    python benchmarks/dino_jagd_reshuffle.py [--games N] [--sampled-games M]

Part 1 plays N seeded random games (C playouts) per player count and deck fraction and counts the
reshuffles of the special deck at the end. Part 2 walks M seeded random games step by step and,
at every state after a reshuffle, asks which method deal_since_reshuffle() uses for each seat as observer:
0 the filtered uniform deal, 1 and 2 the deals that serve the plays first, 3 none fits (the state is kept).
"""
import argparse
import collections
import random

import cavemind


def reshuffles(state):
    return state.to_dict()["state"].get("special_reshuffle", {}).get("count", 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="random games per configuration (part 1)")
    parser.add_argument("--sampled-games", type=int, default=200, help="games walked step by step (part 2)")
    args = parser.parse_args()
    games, sampled = args.games, args.sampled_games
    for players in (2, 3, 4):
        for fraction in (0.5, 1.0):
            game = cavemind.load_game("dino_jagd", players=players, deck_fraction=fraction)
            counts = collections.Counter()
            for seed in range(games):
                s = game.new_initial_state()
                s.random_playout(seed)
                counts[reshuffles(s)] += 1
            some = sum(v for k, v in counts.items() if k >= 1)
            two = sum(v for k, v in counts.items() if k >= 2)
            methods = collections.Counter()
            for seed in range(sampled):
                rng = random.Random(seed)
                s = game.new_initial_state()
                while not s.is_terminal():
                    s.apply(s.sample_chance(rng.getrandbits(63)) if s.is_chance_node()
                            else rng.choice(s.legal_actions()))
                    data = s.to_bytes()
                    for observer in range(players):
                        m = game.module.deal_method(data, observer, seed)
                        if m is not None:
                            methods[m] += 1
            total = sum(methods.values())
            print(f"{players} players, deck {fraction}: {some}/{games} games reshuffle the special deck "
                  f"({two} twice or more, most {max(counts)}); {total} determinizations after a reshuffle in "
                  f"{sampled} games: filtered uniform {methods[0]}, plays served by draws {methods[1]}, by held "
                  f"cards and draws {methods[2]}, none fits {methods[3]}", flush=True)


if __name__ == "__main__":
    main()
