"""Strength of ISMCTS on Jäger und Späher: 2,000 iterations per move (rollouts cut off after --depth steps
and scored with the game's heuristic) against RandomBot and HeuristicBot, seat-rotated 2-player games.

    python benchmarks/jaeger_und_spaeher_strength.py --games 100 --variant normal
"""
import argparse
import random
import time

import cavemind


def play(game, bots, seed):
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
        else:
            state.apply(bots[state.current_player()].step(state))
    return state.returns(), state.scores(), state.to_dict()["state"]["turn"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=30)
    ap.add_argument("--variant", default="normal")
    ap.add_argument("--holy", default="none")
    ap.add_argument("--opponents", default="random,heuristic")
    args = ap.parse_args()
    game = cavemind.load_game("jaeger_und_spaeher", variant=args.variant, holy_places=args.holy)
    for name in args.opponents.split(","):
        wins = 0.0
        points = [0.0, 0.0]
        start = time.time()
        for g in range(args.games):
            seat = g % 2
            searcher = cavemind.ISMCTSBot(iterations=args.iterations, rollout_depth=args.depth, seed=g)
            other = cavemind.RandomBot(seed=g) if name == "random" else cavemind.HeuristicBot(seed=g)
            bots = [searcher, other] if seat == 0 else [other, searcher]
            returns, scores, turns = play(game, bots, 1000 + g // 2)
            wins += returns[seat]
            points[0] += scores[seat]
            points[1] += scores[1 - seat]
            print(f"{name} game {g}: ismcts seat {seat} result {returns[seat]} scores {scores} turns {turns}",
                  flush=True)
        n = args.games
        print(f"ISMCTS({args.iterations}, depth {args.depth}) vs {name}: {wins}/{n} = {wins / n:.0%} "
              f"(mean points {points[0] / n:.1f} vs {points[1] / n:.1f}, {time.time() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
