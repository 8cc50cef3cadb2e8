"""Honga strength benchmark (issue 4): ISMCTS at 2,000 iterations against RandomBot and against HeuristicBot over
seat-rotated 2-player games, through cavemind.arena.run_arena. Win rate = mean return (a shared win counts half).

    python benchmarks/honga_strength.py                       # 100 games per match (hours on one core)
    python benchmarks/honga_strength.py --games 20 --jobs 2   # the reduced run reported in the README
    python benchmarks/honga_strength.py --rollout-depth 60    # ISMCTS with the heuristic cut-off
"""
from __future__ import annotations

import argparse
import time

from cavemind.arena import run_arena
from cavemind.ratings import bot_stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (seat-rotated pairs)")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--opponent", action="append", choices=("random", "heuristic"))
    parser.add_argument("--out-prefix", default=None, help="resumable JSON-lines results, one file per match")
    args = parser.parse_args()
    spec = f"ismcts:iterations={args.iterations}"
    if args.rollout_depth is not None:
        spec += f",depth={args.rollout_depth}"
    for opponent in args.opponent or ["random", "heuristic"]:
        start = time.perf_counter()
        out = f"{args.out_prefix}-{opponent}.jsonl" if args.out_prefix else None
        result = run_arena("honga", [spec, opponent], games=args.games, players=2, jobs=args.jobs,
                           seed=args.seed, out=out, progress=False)
        stats = bot_stats(result.games, result.bots)
        a, b = stats
        print(f"{spec} vs {opponent}: {a.games} games, win rate {a.win_rate:.2f} "
              f"(95% CI {a.win_rate_ci[0]:.2f}-{a.win_rate_ci[1]:.2f}; {a.wins} wins {a.draws} draws {a.losses} losses), "
              f"mean score {a.mean_score:.1f} vs {b.mean_score:.1f}, "
              f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
