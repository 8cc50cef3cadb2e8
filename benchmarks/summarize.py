"""A small summary of a match results file, written beside it as `<name>.summary.json`: what was played (game,
players, options, bot specifications, match seed), where it came from (the commit and the command, when known) and
what came of it (games, and per specification its wins, draws, losses and score rate with a 95% interval, mean
points, margin, time per move and score rate by seat).

    python benchmarks/summarize.py benchmarks/results/ladder/*.jsonl
    python benchmarks/summarize.py FILE.jsonl --command "cavemind arena ..." --commit 1a2b3c4d5e6f

Reads both kinds of results file in benchmarks/results/: the arena's (`cavemind arena --out`, strength.py,
tune.py: a header line, then one line per game) and heuristic_match.py's (one line per game, bots `a` and `b`,
no header: the game is the first registered game name the file's name or its folder's name starts with). A
`.jsonl.gz` file is read compressed. The output is deterministic (sorted keys, fixed rounding), so summarizing
the same file again gives the same bytes; the match scripts write the summary at the end of every run, and the
raw log can leave the tree (git history keeps it: `git show LOG_COMMIT:benchmarks/results/NAME.jsonl`).

The score rate is the mean return (a win 1, a loss 0, a draw or shared win its share), its interval Wilson's
(cavemind.ratings.wilson_interval); a win is a seat with the single highest return, a draw a shared highest one.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import cavemind
from cavemind.arena import read_results
from cavemind.ratings import bot_stats, mean_interval

SUMMARY_SUFFIX = ".summary.json"
RESULTS_SUFFIXES = (".jsonl.gz", ".jsonl")


def summary_path(results_path: str) -> str:
    """`X.summary.json` beside `X.jsonl` or `X.jsonl.gz`."""
    for suffix in RESULTS_SUFFIXES:
        if results_path.endswith(suffix):
            return results_path[: -len(suffix)] + SUMMARY_SUFFIX
    raise ValueError(f"{results_path}: not a results file (.jsonl or .jsonl.gz)")


def _lines(path: str) -> Iterator[str]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        yield from handle


def _game_from_name(path: str) -> str:
    """The game of a headerless file: the longest registered game name its name or its folder's starts with."""
    names = sorted(cavemind.game_names(), key=len, reverse=True)
    for part in (os.path.basename(path), os.path.basename(os.path.dirname(os.path.abspath(path)))):
        for name in names:
            if part.startswith(name + "_"):
                return name
    raise ValueError(f"{path}: no game in its name or its folder's name")


def read_match(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(what was played, the game records in the arena's form: "seats" index "bots") of either kind of file."""
    first = next((line for line in _lines(path) if line.strip()), "")
    if not first or json.loads(first).get("type") == "arena":
        header, games = read_results(path)
        if header is None:
            return {"bots": [], "game": None, "players": None}, []
        keys = ("bots", "game", "options", "players", "match_seed", "time_limit", "chance_streams")
        return {key: header[key] for key in keys if key in header}, games
    # heuristic_match.py: {"deal", "a_seat", "a", "b", "seed", "returns", "scores", ...} per game
    records: dict[tuple[int, int], dict[str, Any]] = {}
    for line in _lines(path):
        if line.endswith("\n") and line.strip():
            record = json.loads(line)
            records.setdefault((record["deal"], record["a_seat"]), record)
    bots = [records[min(records)]["a"], records[min(records)]["b"]]
    games = [{"deal": deal, "seats": [0, 1] if a_seat == 0 else [1, 0], "returns": r["returns"],
              "scores": r["scores"], "forfeit": None} for (deal, a_seat), r in sorted(records.items())]
    return {"bots": bots, "game": _game_from_name(path), "players": 2}, games


def _round(value: float, digits: int) -> float | None:
    return None if value != value or value in (float("inf"), float("-inf")) else round(value, digits)


def paired_interval(games: list[dict[str, Any]], index: int) -> list[float | None] | None:
    """The 95% interval of bot `index`'s score rate from its mean result in each deal played in both seats (a
    2-player match): the deal's own luck, the same for both games, leaves it, so with duplicate deals
    (`--chance-streams seat`) it is narrower than the interval over single games. None below 2 such deals."""
    by_deal: dict[int, list[float]] = {}
    for game in games:
        by_deal.setdefault(game["deal"], []).append(game["returns"][game["seats"].index(index)])
    means = [sum(results) / 2 for results in by_deal.values() if len(results) == 2]
    if len(means) < 2:
        return None
    _, low, high = mean_interval(means)
    return [_round(max(low, 0.0), 4), _round(min(high, 1.0), 4)]


def summarize(path: str, command: str | None = None, commit: str | None = None,
              log_commit: str | None = None) -> dict[str, Any]:
    """The summary of one results file. `commit`: the commit the games were played at; `log_commit`: a commit
    whose tree holds this raw log; `command`: the command that played it."""
    match, games = read_match(path)
    bots = match["bots"]
    players = match["players"] or 0
    summary: dict[str, Any] = {**match, "results": os.path.basename(path), "games": len(games),
                               "deals": len({g["deal"] for g in games}),
                               "forfeits": sum(1 for g in games if g.get("forfeit"))}
    timed = any("seconds" in g for g in games)
    specs = {}
    for stats in bot_stats(games, bots):
        if not stats.games:
            continue
        index = bots.index(stats.bot)
        by_seat = []
        for seat in range(players):
            returns = [g["returns"][seat] for g in games if g["seats"][seat] == index]
            by_seat.append(_round(sum(returns) / len(returns), 4) if returns else None)
        entry = {"seats_played": stats.games, "wins": stats.wins, "draws": stats.draws, "losses": stats.losses,
                 "score_rate": _round(stats.win_rate, 4),
                 "score_rate_ci95": [_round(stats.win_rate_ci[0], 4), _round(stats.win_rate_ci[1], 4)],
                 "score_rate_by_seat": by_seat, "mean_points": _round(stats.mean_score, 2),
                 "margin": _round(stats.margin, 2)}
        if timed:
            entry["seconds_per_move"] = float(f"{stats.seconds_per_move:.3g}")
        if players == 2 and len(bots) == 2:
            entry["score_rate_paired_ci95"] = paired_interval(games, index)
        specs[stats.bot] = entry
    summary["specs"] = specs
    for key, value in (("command", command), ("commit", commit), ("log_commit", log_commit)):
        if value:
            summary[key] = value
    return summary


def dumps(summary: dict[str, Any]) -> str:
    return json.dumps(summary, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def current_commit() -> str | None:
    """The commit of the working tree this script runs in (`-dirty` when it has changes), or None outside git."""
    try:
        described = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"], capture_output=True,
                                   text=True, cwd=os.path.dirname(os.path.abspath(__file__)), check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return described.stdout.strip() or None


def write_summary(path: str, command: str | None = None, commit: str | None = None,
                  log_commit: str | None = None) -> str:
    """Writes `<name>.summary.json` beside the results file `path`; returns its path."""
    out = summary_path(path)
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(dumps(summarize(path, command=command, commit=commit, log_commit=log_commit)))
    return out


def run_command() -> str:
    """The command line of the running script, as a user would type it again."""
    script = os.path.relpath(sys.argv[0]) if sys.argv[0].endswith(".py") else sys.argv[0]
    return " ".join(["python", script, *(_quoted(arg) for arg in sys.argv[1:])])


def _quoted(arg: str) -> str:
    return arg if arg and all(c.isalnum() or c in "-_=.,:/@+" for c in arg) else json.dumps(arg)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="results files (.jsonl or .jsonl.gz)")
    parser.add_argument("--command", help="the command that played the match (one file only)")
    parser.add_argument("--commit", help="the commit the match was played at (one file only)")
    parser.add_argument("--log-commit", help="a commit whose tree holds the raw log (one file only)")
    args = parser.parse_args(argv)
    if len(args.files) > 1 and (args.command or args.commit or args.log_commit):
        parser.error("--command, --commit and --log-commit describe one file")
    for path in args.files:
        print(write_summary(path, command=args.command, commit=args.commit, log_commit=args.log_commit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
