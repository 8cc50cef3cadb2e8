"""Dino Jagd strength: ISMCTS at 2,000 iterations against RandomBot and HeuristicBot, 100 seat-rotated
2-player games each (issue targets: 80% and 60%). Win rate = mean return (a shared win counts 1/2).

    python benchmarks/dino_jagd_strength.py [GAMES] [JOBS] [OPPONENT]

The search cuts rollouts after 40 steps with the game's heuristic (`depth=40`): full rollouts of a
several-hundred-step game cost about 6x more per iteration.
"""
import sys
import time

from cavemind.arena import run_arena


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    opponents = sys.argv[3:] or ["random", "heuristic"]
    for opponent in opponents:
        start = time.perf_counter()
        result = run_arena("dino_jagd", ["ismcts:iterations=2000,depth=40", opponent], games=games, players=2, jobs=jobs,
                           seed=6, progress=False)
        total = wins = 0.0
        for g in result.games:
            seat = g["seats"].index(0)
            wins += g["returns"][seat]
            total += 1
        print(f"ISMCTS 2000 vs {opponent}: {wins:.1f}/{total:.0f} = {wins / total:.0%} "
              f"({time.perf_counter() - start:.0f}s)")


if __name__ == "__main__":
    main()
