"""The levels' strength (cavemind.levels): an Elo table against level 1, from seat-rotated matches of each level
against the one below it, fitted together (cavemind.ratings.fit_ratings: Bradley-Terry with bootstrap intervals).

    python benchmarks/levels.py --game jaeger_und_spaeher --levels 1-6 --games 20 --out benchmarks/results/levels

Each match's games go to OUT/GAME_levelA_vs_levelB.jsonl (resumed when run again); the table is printed and
written to OUT/GAME_levels.json with the command. Level L searches 2 ** (L - 10) seconds a move, so the matches of
high levels take long: level 10 is a second a move (some 20 CPU-hours a game for 200 games a step), so
`--scheduler` spreads the games over a Dask cluster (pip install 'cavemind[distributed]').
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from typing import Any

from cavemind.arena import run_arena
from cavemind.levels import LEVELS, level_seconds
from cavemind.ratings import fit_ratings

DEAL_STRIDE = 1_000_000      # keeps the deals of different matches apart when the games are fitted together


def level_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    chosen = list(range(int(first), int(last or first) + 1))
    if len(chosen) < 2 or not set(chosen) <= set(LEVELS):
        raise argparse.ArgumentTypeError(f"{text}: give two or more levels from 1 to 10, as 1-6")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--levels", type=level_range, default=list(LEVELS), help="a range such as 1-6")
    parser.add_argument("--games", type=int, default=20, help="games of each level against the one below")
    parser.add_argument("--players", type=int, help="player count (default: 2 where the game allows it)")
    parser.add_argument("--match-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786): the games on its workers")
    parser.add_argument("--out", required=True, help="a folder for the matches' games and the table")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    levels = args.levels
    games: list[dict[str, Any]] = []
    for index, (lower, upper) in enumerate(itertools.pairwise(levels)):
        path = os.path.join(args.out, f"{args.game}_level{lower}_vs_level{upper}.jsonl")
        result = run_arena(args.game, [f"ismcts:level={lower}", f"ismcts:level={upper}"], args.games,
                           players=args.players or 2, jobs=args.jobs, seed=args.match_seed + index, out=path,
                           scheduler=args.scheduler)
        for game in result.games:
            games.append({**game, "seats": [levels.index((lower, upper)[s]) for s in game["seats"]],
                          "deal": index * DEAL_STRIDE + game["deal"]})
        print(f"level {upper} against level {lower}: {len(result.games)} games", flush=True)
    ratings = fit_ratings(games, [f"level {n}" for n in levels], anchor=0)
    rows = [{"level": n, "seconds_per_move": level_seconds(n), "elo": round(r.elo, 1), "low": round(r.low, 1),
             "high": round(r.high, 1), "games": r.games} for n, r in zip(levels, ratings, strict=True)]
    print(f"{'level':>5}  {'s/move':>8}  {'Elo vs level ' + str(levels[0]):>16}  95% interval")
    for row in rows:
        print(f"{row['level']:>5}  {row['seconds_per_move']:>8.4f}  {row['elo']:>16.0f}  "
              f"[{row['low']:.0f}, {row['high']:.0f}]")
    with open(os.path.join(args.out, f"{args.game}_levels.json"), "w", encoding="utf-8") as out:
        json.dump({"command": "python benchmarks/levels.py " + " ".join(sys.argv[1:]), "game": args.game,
                   "rows": rows}, out, indent=1, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
