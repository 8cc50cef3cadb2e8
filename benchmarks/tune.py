"""Tuning the default search settings: a grid over the exploration constant c and the rollout cut-off depth,
each candidate a seat-rotated arena match of ISMCTS against ISMCTS with the game's current default
(its record, cavemind.games.<game>), at the same budget (a fixed iteration count or seconds per move).

    python benchmarks/tune.py --game stone_age --game jaeger_und_spaeher --iterations 1000 --games 40 --jobs 1

Each candidate's games go to their own arena results file under --results (named after the game, the player
count, the budget and the candidate), so an interrupted run started again with the same arguments plays only the
missing games. A result line prints the candidate's win rate with its Wilson 95% interval; a candidate whose
whole interval lies above 50% beats the default clearly ("BETTER"). Both bots spell out c and depth, so a
results file stays valid after the defaults change. The candidate equal to the default is skipped. Each results
file gets its summary beside it (benchmarks/summarize.py, `<name>.summary.json`).
"""
from __future__ import annotations

import argparse
import os

from summarize import current_commit, run_command, write_summary

from cavemind.arena import run_arena
from cavemind.botspec import parse_bot_spec
from cavemind.games import FULL_ROLLOUT, SearchDefaults, search_defaults
from cavemind.ratings import wilson_interval

EXPLORATION = (0.3, 0.5, 0.7, 1.0)
# rollout cut-offs tried per game: about half, the same and twice the ladder's cut-off, and full rollouts where
# games end on their own quickly enough (Jäger und Späher's random games run to the turn limit: not tried)
DEPTHS = {
    "stone_age": (20, 40, 80),
    "jaeger_und_spaeher": (15, 30, 60),
    "honga": (30, 60, 120),
    "dino_jagd": (20, 40, 80),
    "prehistory": (10, 20, 40),
    "tictactoe": (FULL_ROLLOUT,),
    "kuhn_poker": (FULL_ROLLOUT,),
}


def spec(budget: str, c: float, depth: int) -> str:
    """The canonical specification (as the arena records it, e.g. c=1 becomes c=1.0)."""
    return str(parse_bot_spec(f"ismcts:{budget},c={c:g},depth={depth}"))


def candidate_score(games: list[dict], label: str) -> tuple[float, int]:
    """The candidate's summed returns and its number of games."""
    total, n = 0.0, 0
    for record in games:
        for seat, bot in enumerate(record["bots"]):
            if bot == label:
                total += record["returns"][seat]
                n += 1
    return total, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", required=True, help="a game to tune (repeat for several)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--c", default=",".join(f"{c:g}" for c in EXPLORATION),
                        help="exploration constants, comma-separated (default %(default)s)")
    parser.add_argument("--depths", default=None,
                        help="rollout cut-offs, comma-separated (-1: full rollouts); default: per game")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=None, help="iterations per move (default 1000)")
    budget.add_argument("--seconds", type=float, default=None, help="seconds per move instead of iterations")
    parser.add_argument("--baseline", default=None, metavar="C,DEPTH",
                        help="the opponent's c and depth instead of the game's current default (to resume a run "
                             "started before the default changed)")
    parser.add_argument("--games", type=int, default=40, help="games per candidate (whole seat-rotated deals)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--match-seed", "--seed", dest="seed", type=int, default=0,
                        help="seed of the match: the deals and the bots derive from it (--seed: its old name)")
    parser.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "results", "tune"),
                        help="directory of the results files (default %(default)s)")
    args = parser.parse_args()
    budget_spec = f"seconds={args.seconds:g}" if args.seconds is not None else f"iterations={args.iterations or 1000}"
    os.makedirs(args.results, exist_ok=True)
    for game in args.game:
        default = search_defaults(game, args.players)
        if args.baseline:
            c0, d0 = args.baseline.split(",")
            default = SearchDefaults(exploration=float(c0), rollout_depth=int(d0))
        depths = ([int(d) for d in args.depths.split(",")] if args.depths else list(DEPTHS[game]))
        if default.rollout_depth not in depths:
            depths.append(default.rollout_depth)
        baseline = spec(budget_spec, default.exploration, default.rollout_depth)
        print(f"{game}, {args.players} players: default c={default.exploration:g} depth={default.rollout_depth}, "
              f"budget {budget_spec}, {args.games} games per candidate", flush=True)
        for depth in depths:
            for c in (float(x) for x in args.c.split(",")):
                if c == default.exploration and depth == default.rollout_depth:
                    continue
                label = spec(budget_spec, c, depth)
                name = f"{game}_{args.players}p_{budget_spec.replace('=', '')}_c{c:g}_d{depth}.jsonl"
                out = os.path.join(args.results, name)
                result = run_arena(game, [label, baseline], games=args.games, players=args.players,
                                   jobs=args.jobs, seed=args.seed, out=out, progress=False)
                write_summary(out, command=run_command(), commit=current_commit())
                score, n = candidate_score(result.games, label)
                low, high = wilson_interval(score / n, n)
                verdict = "BETTER" if low > 0.5 else ("worse" if high < 0.5 else "no clear difference")
                print(f"  c={c:g} depth={depth}: {score:g}/{n} = {100 * score / n:.1f}% "
                      f"[{100 * low:.1f}, {100 * high:.1f}] {verdict}", flush=True)


if __name__ == "__main__":
    main()
