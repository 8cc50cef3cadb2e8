"""How often does a level lose value? Games of a level against itself, each decision reviewed by a strong search
(cavemind.review: the best move and the played move each searched alone with the whole budget, paired by seed):
the share of the level's decisions whose loss in value (win probability) is more than 0.2.

    python benchmarks/level_blunders.py --game stone_age --level 5 --games 2 --review-seconds 0.2 \\
        --out benchmarks/results/levels

A weaker person plays the second-best move often and a clearly losing one rarely: a level that chose at random
among its moves would lose more than 0.2 often. The loss is an estimate with a standard error; the table gives the
share by the estimate and by its lower 95% bound (loss - 1.645 standard errors, the review's flag rule). Each game's
record goes to OUT/records-GAME-levelL/; the figures are printed and written to OUT/GAME_level_L_blunders.json with
the command. The level's and the review's searches are limited by time, so on a busy machine they reach fewer
iterations than on a quiet one.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from cavemind.arena import run_arena
from cavemind.records import read_record
from cavemind.review import review_record

BLUNDER = 0.2        # the threshold: a move that loses more than 0.2 in value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--games", type=int, default=2, help="games of the level against itself")
    parser.add_argument("--review-seconds", type=float, default=0.2, help="the reviewing search's time a search")
    parser.add_argument("--match-seed", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    out = Path(args.out)
    records = out / f"records-{args.game}-level{args.level}"
    records.mkdir(parents=True, exist_ok=True)
    spec = f"ismcts:level={args.level}"
    run_arena(args.game, [spec, spec], args.games, players=2, seed=args.match_seed,
              out=str(out / f"{args.game}_level{args.level}_self_play.jsonl"), records=str(records))
    decisions = blunders = sure_blunders = 0
    total_loss = 0.0
    for path in sorted(records.glob("*.jsonl")):
        review = review_record(read_record(path), seconds=args.review_seconds, seed=args.match_seed)
        for move in review.moves:
            decisions += 1
            total_loss += max(move.loss, 0.0)
            blunders += move.loss > BLUNDER
            sure_blunders += move.loss_bound > BLUNDER
        print(f"{path.name}: {len(review.moves)} decisions reviewed", flush=True)
    table = {"game": args.game, "level": args.level, "games": len(list(records.glob("*.jsonl"))),
             "review_seconds": args.review_seconds, "decisions": decisions,
             "loss_over_0.2": blunders, "share_loss_over_0.2": round(blunders / max(decisions, 1), 4),
             "lower_bound_over_0.2": sure_blunders,
             "share_lower_bound_over_0.2": round(sure_blunders / max(decisions, 1), 4),
             "mean_loss": round(total_loss / max(decisions, 1), 4),
             "command": "python benchmarks/level_blunders.py " + " ".join(sys.argv[1:])}
    print(json.dumps(table, indent=1))
    with open(os.path.join(args.out, f"{args.game}_level_{args.level}_blunders.json"), "w", encoding="utf-8") as f:
        json.dump(table, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
