"""Prehistory strength: ISMCTS (2,000 iterations a move) against RandomBot and HeuristicBot over seat-rotated
2-player games (each deal is played twice, ISMCTS in each seat). ISMCTS cuts rollouts off after
`rollout_depth` steps (default 20) and scores them with the game's heuristic (-1: full random rollouts).

    python benchmarks/prehistory_strength.py [games=100] [iterations=2000] [rollout_depth=20] [both]

The last argument picks the opponents: random, heuristic or both.
"""
import random
import sys
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
    return state


def match(opponent_cls, games, iterations, depth):
    game = cavemind.load_game("prehistory", players=2)
    points = 0.0
    margins = []
    for g in range(games):
        deal, seat = divmod(g, 2)
        search = cavemind.ISMCTSBot(iterations=iterations, seed=g, rollout_depth=depth)
        other = opponent_cls(seed=1000 + g)
        bots = [search, other] if seat == 0 else [other, search]
        t0 = time.time()
        state = play(game, bots, seed=deal)
        points += state.returns()[seat]
        scores = state.scores()
        margins.append(scores[seat] - scores[1 - seat])
        print(f"  game {g + 1}: ISMCTS seat {seat}, scores {scores}, {time.time() - t0:.0f}s", flush=True)
    return points / games, sum(margins) / games


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    which = sys.argv[4] if len(sys.argv) > 4 else "both"
    opponents = {"random": (cavemind.RandomBot,), "heuristic": (cavemind.HeuristicBot,),
                 "both": (cavemind.RandomBot, cavemind.HeuristicBot)}[which]
    for cls in opponents:
        rate, margin = match(cls, games, iterations, depth)
        print(f"ISMCTS({iterations}, rollout_depth {depth}) vs {cls.__name__}: {rate:.0%} of {games} games, mean VP margin {margin:+.1f}",
              flush=True)
