"""Stone Age strength: ISMCTS at 2,000 iterations per move against RandomBot and against HeuristicBot, over
seat-rotated 2-player games. Prints the win rates (a shared win counts as its share).

    python benchmarks/stone_age_strength.py                 # 100 games against each opponent
    python benchmarks/stone_age_strength.py --games 20 --rollout-depth 0   # full random rollouts

Target (issue 3): at least 90% against RandomBot and at least 60% against HeuristicBot.
"""
from __future__ import annotations

import argparse
import time

import cavemind


def play(game, bots, seed):
    """One game; bots[i] plays seat i. Returns the returns vector."""
    state = game.new_initial_state(seed=seed)
    chance_seed = seed * 1_000_003
    while not state.is_terminal():
        if state.is_chance_node():
            chance_seed += 1
            state.apply(state.sample_chance(chance_seed))
        else:
            state.apply(bots[state.current_player()].step(state))
    return state.returns(), state.scores()


def match(game, make_search, make_opponent, games, label):
    won = 0.0
    margin = 0.0
    start = time.time()
    for g in range(games):
        seat = g % 2                      # seat rotation: the searcher alternates between first and second
        bots = [None, None]
        bots[seat] = make_search(g)
        bots[1 - seat] = make_opponent(g)
        returns, scores = play(game, bots, seed=1000 + g)
        won += returns[seat]
        margin += scores[seat] - scores[1 - seat]
        print(f"  {label} game {g + 1}/{games}: ISMCTS seat {seat}, scores {scores}, "
              f"running win rate {won / (g + 1):.0%}", flush=True)
    rate = won / games
    print(f"ISMCTS vs {label}: win rate {rate:.1%} over {games} games, mean score margin {margin / games:+.1f}, "
          f"{time.time() - start:.0f} s", flush=True)
    return rate


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--rollout-depth", type=int, default=40,
                        help="cut rollouts off after this many steps and use the heuristic (0: play to the end)")
    parser.add_argument("--opponents", default="random,heuristic")
    args = parser.parse_args(argv)
    game = cavemind.load_game("stone_age", players=2)
    depth = args.rollout_depth or None

    def make_search(g):
        return cavemind.ISMCTSBot(iterations=args.iterations, rollout_depth=depth, seed=g)

    opponents = {"random": lambda g: cavemind.RandomBot(seed=g),
                 "heuristic": lambda g: cavemind.HeuristicBot(seed=g)}
    print(f"Stone Age, 2 players, ISMCTS {args.iterations} iterations/move, rollout depth {depth or 'full'}")
    results = {}
    for name in args.opponents.split(","):
        results[name] = match(game, make_search, opponents[name], args.games, name)
    for name, rate in results.items():
        print(f"{name}: {rate:.1%}")


if __name__ == "__main__":
    main()
