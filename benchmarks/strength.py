"""The strength ladder: for each registered game, a standard set of seat-rotated arena matches, the targets
of the search-strength issue, Elo ratings with intervals and plots, written to a dated entry of the research journal
(docs/research/DATE-strength-ladder.md; the user page docs/strength.md reads the match summaries instead). With
--results-dir every match keeps its results file and its summary beside it (benchmarks/summarize.py).

    python benchmarks/strength.py                      # every game, 200 games per match (long)
    python benchmarks/strength.py --quick --game tictactoe --game kuhn_poker --jobs 2
    python benchmarks/strength.py --games 400 --results-dir strength-results   # resumable
    python benchmarks/strength.py --baselines --game honga --games 20 --jobs 2  # one figure, printed only
    python benchmarks/strength.py --baselines --game jaeger_und_spaeher --option variant=survival --rollout-depth 30

Ladder: random, heuristic, the game's expert (the yardstick: hand-written strategy, cavemind.experts), ISMCTS
at 250, 1,000 and 4,000 iterations, MO-ISMCTS and PIMC at 1,000, and MCTS at 1,000 (it sees hidden information:
the cheating upper bound). Heuristic plays random; the expert plays heuristic; each ISMCTS budget plays the
expert (random in games without one); ISMCTS 1,000 plays 250, 4,000 and the other algorithms; all of it is
pooled into one rating fit (random at 0). Besides: ISMCTS at 0.2 seconds per move against the expert, and ISMCTS
against PIMC at equal time per move. Games are 2-player where the game allows it. Every search bot uses the
game's default settings (its record, cavemind.games.<game>); the rollout depth is written into the specifications.

--baselines plays ISMCTS (--iterations, default 2,000; --rollout-depth, default the game's) against each
--opponent (random, heuristic, expert; default random and heuristic) and prints it, writing no journal entry:
seat-rotated, with the win rate and its interval, wins/draws/losses, mean scores, the score margin and the time per
move; --option and --players choose the game's variant.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys

from summarize import current_commit, run_command, write_summary

import cavemind
from cavemind.arena import run_arena
from cavemind.experts import expert_games
from cavemind.games import FULL_ROLLOUT, game_info, game_names
from cavemind.ratings import bot_stats, fit_ratings
from cavemind.report import plot_budget, plot_ratings

RANDOM, HEURISTIC, EXPERT = "random", "heuristic", "expert"
# The ladder's search bots use each game's default settings (cavemind.games.search_defaults); the rollout
# depth (and a rollout policy other than the game's own, and implicit minimax backups) is written into their
# specifications so that the results files say what was played.
ROLLOUT_DEPTH = {name: game_info(name).search.rollout_depth for name in game_names()
                 if game_info(name).search.rollout_depth != FULL_ROLLOUT}
EXPERT_SECONDS = 0.2   # seconds per move of the ISMCTS-against-expert target


def search_bot(game: str, algorithm: str, budget: str) -> str:
    """The bot specification of a search bot in this game's ladder, e.g. `ismcts:iterations=1000,depth=40`
    (with `policy=` where the game's default rollout policy is not its own, e.g. MAST, and `minimax=` where its
    default uses implicit minimax backups)."""
    depth = ROLLOUT_DEPTH.get(game)
    defaults = cavemind.search_defaults(game, player_count(game))
    return (f"{algorithm}:{budget}" + (f",depth={depth}" if depth else "")
            + (f",policy={defaults.rollout_policy}" if defaults.rollout_policy != "game" else "")
            + (f",minimax={defaults.implicit_minimax:g}" if defaults.implicit_minimax else ""))


def ismcts(game: str, iterations: int) -> str:
    return search_bot(game, "ismcts", f"iterations={iterations}")


def yardstick(game: str) -> str:
    """The competent opponent of this game's search bots: its expert, or random where it has none."""
    return EXPERT if game in expert_games() else RANDOM


def ladder_bots(game: str) -> list[str]:
    bots = [RANDOM, HEURISTIC] + ([EXPERT] if game in expert_games() else [])
    return bots + [ismcts(game, 250), ismcts(game, 1000), ismcts(game, 4000),
                   search_bot(game, "mo-ismcts", "iterations=1000"), search_bot(game, "pimc", "iterations=1000"),
                   search_bot(game, "mcts", "iterations=1000")]


def ladder_matches(game: str) -> list[tuple[str, str]]:
    """(A, B) pairs: enough links between the ladder's bots for one connected rating fit, and the budget
    plot's points, without the pairs that would add little (each costs minutes on a board game)."""
    pairs = [(HEURISTIC, RANDOM)] + ([(EXPERT, HEURISTIC)] if game in expert_games() else [])
    pairs += [(ismcts(game, n), yardstick(game)) for n in (250, 1000, 4000)]
    pairs += [(ismcts(game, 1000), ismcts(game, 250)), (ismcts(game, 4000), ismcts(game, 1000))]
    pairs += [(ismcts(game, 1000), search_bot(game, algorithm, "iterations=1000"))
              for algorithm in ("mo-ismcts", "pimc", "mcts")]
    return pairs


def targets(game: str, equal_time: float) -> list[tuple[str, str, float | None, str]]:
    """(A, B, minimum win rate of A or None, what it shows) for the rows of the targets table."""
    rows: list[tuple[str, str, float | None, str]] = [
        (ismcts(game, 1000), ismcts(game, 250), 0.60, "4x iterations"),
        (ismcts(game, 4000), ismcts(game, 1000), 0.60, "4x iterations"),
    ]
    if game in expert_games():
        rows += [(search_bot(game, "ismcts", f"seconds={EXPERT_SECONDS:g}"), EXPERT, 0.75, "against the expert"),
                 (EXPERT, HEURISTIC, 0.80, "the expert is competent")]
    else:   # the summary keeps its columns: these two cells read "–"
        rows += [("", "", None, "against the expert"), ("", "", None, "the expert is competent")]
    rows.append((search_bot(game, "ismcts", f"seconds={equal_time:g}"), search_bot(game, "pimc", f"seconds={equal_time:g}"),
                 None, "equal time"))
    return rows


def player_count(game: str) -> int:
    counts = cavemind.game_info(game).player_counts
    return 2 if 2 in counts else counts[0]


class Ladder:
    """Runs and remembers the matches of one game (a pair is played once even if two tables use it)."""

    def __init__(self, game: str, args: argparse.Namespace):
        self.game, self.args = game, args
        self.players = player_count(game)
        self.results: dict[tuple[str, str], object] = {}

    def play(self, a: str, b: str, games: int):
        key = (a, b, games)
        if key not in self.results:
            out = None
            if self.args.results_dir:
                os.makedirs(self.args.results_dir, exist_ok=True)
                # one file per pair, whatever the game count: a larger --games adds games to it
                name = f"{self.game}__{a}__{b}.jsonl".replace(":", "_").replace("=", "").replace(",", "_")
                out = os.path.join(self.args.results_dir, name)
            print(f"{self.game}: {a} vs {b}, {games} games", file=sys.stderr)
            self.results[key] = run_arena(self.game, [a, b], games, players=self.players, jobs=self.args.jobs,
                                          seed=self.args.seed, out=out, progress=True if self.args.progress else None)
            if out:
                write_summary(out, command=run_command(), commit=current_commit())
        return self.results[key]

    def thinking_seconds(self) -> float:
        """The bots' time over every game played for this game's section (stored, so also after a resume)."""
        return sum(sum(g["seconds"]) for result in self.results.values() for g in result.games)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}"


def _ci(low: float, high: float, scale: float = 100.0, digits: int = 1) -> str:
    return f"[{scale * low:.{digits}f}, {scale * high:.{digits}f}]"


def game_section(game: str, args: argparse.Namespace, image_dir: str, doc_dir: str) -> tuple[str, str]:
    """This game's part of the document, and its row of the summary table."""
    ladder = Ladder(game, args)
    summary = [game]
    lines = [f"## {game} ({ladder.players} players)", ""]
    if game in ROLLOUT_DEPTH:
        lines += [f"Search bots cut rollouts off after {ROLLOUT_DEPTH[game]} steps and score the position with the "
                  f"game's heuristic (`depth={ROLLOUT_DEPTH[game]}`); see the game's README for full-rollout games.",
                  ""]

    # targets
    rows = ["| A | B | games | A's win rate % (95% CI) | target | source | verdict |",
            "|---|---|---:|---:|---:|---|---|"]
    for a, b, minimum, why in targets(game, args.equal_time):
        if not a:
            summary.append("–")
            continue
        result = ladder.play(a, b, args.target_games)
        s = bot_stats(result.games, result.bots)[0]
        if minimum is None:
            verdict = ("A stronger" if s.win_rate_ci[0] > 0.5 else "B stronger" if s.win_rate_ci[1] < 0.5
                       else "no significant difference")
            target = "–"
        else:
            verdict = "met" if s.win_rate >= minimum else "**not met**"
            verdict += " (whole interval above)" if s.win_rate_ci[0] >= minimum else ""
            target = f"≥ {100 * minimum:.0f}%"
        summary.append(f"{_pct(s.win_rate)} ({verdict.replace(' (whole interval above)', '')})")
        rows.append(f"| `{a}` | `{b}` | {s.games} | {_pct(s.win_rate)} {_ci(*s.win_rate_ci)} | {target} | {why} "
                    f"| {verdict} |")
    lines += ["### Targets", "", *rows, ""]

    # the ladder's matches, pooled into one rating fit with bots identified by their labels
    pooled, match_rows = [], []
    bots = ladder_bots(game)
    for n, (a, b) in enumerate(ladder_matches(game)):
        result = ladder.play(a, b, args.games)
        sa, sb = bot_stats(result.games, result.bots)
        match_rows.append(f"| `{a}` | `{b}` | {sa.games} | {_pct(sa.win_rate)} {_ci(*sa.win_rate_ci)} "
                          f"| {sa.mean_score:.2f} – {sb.mean_score:.2f} | {sa.margin:.2f} {_ci(*sa.margin_ci, 1, 2)} "
                          f"| {sa.forfeits + sb.forfeits} |")
        for g in result.games:  # seats as ladder indices; deals made distinct per match for the bootstrap
            pooled.append(dict(g, seats=[bots.index(result.bots[i]) for i in g["seats"]],
                               deal=n * 1_000_000 + g["deal"]))
    ratings = fit_ratings(pooled, bots, anchor=0, bootstrap=args.bootstrap, seed=args.seed)
    seconds = {s.bot: s.seconds_per_move for s in bot_stats(pooled, bots)}
    lines += ["### Ratings", "", "Elo relative to `random`, fitted over all ladder matches below; 95% bootstrap "
              "intervals (deals resampled).", "", "| bot | Elo (95% CI) | pairwise results | s/move |",
              "|---|---:|---:|---:|"]
    lines += [f"| `{r.bot}` | {r.elo:.0f} {_ci(r.low, r.high, 1, 0)} | {r.games} | {seconds[r.bot]:.4f} |"
              for r in ratings]

    ratings_png = os.path.join(image_dir, f"{game}_ratings.png")
    plot_ratings(ratings, ratings_png, title=f"{game}: ladder ratings ({args.games} games per match)")
    series = {}
    for opponent in dict.fromkeys((yardstick(game), HEURISTIC if game not in expert_games() else EXPERT)):
        points = []
        for n in (250, 1000, 4000):
            s = bot_stats(ladder.play(ismcts(game, n), opponent, args.games).games, [ismcts(game, n), opponent])[0]
            points.append((n, 100 * s.win_rate, 100 * s.win_rate_ci[0], 100 * s.win_rate_ci[1]))
        series[f"ISMCTS vs {opponent}"] = points
    budget_png = os.path.join(image_dir, f"{game}_budget.png")
    plot_budget(series, budget_png, title=f"{game}: ISMCTS win rate against budget", ylabel="win rate % (95% CI)")
    rel = os.path.relpath(image_dir, doc_dir)
    lines += ["", f"![{game} ratings]({rel}/{game}_ratings.png) ![{game} budget]({rel}/{game}_budget.png)", ""]

    lines += ["### Ladder matches", "", "| A | B | games | A's win rate % (95% CI) | mean score A – B "
              "| A's margin (95% CI) | forfeits |", "|---|---|---:|---:|---:|---:|---:|", *match_rows, "",
              f"Time for this game: the bots thought for {ladder.thinking_seconds():.0f} s in all (wall time is about "
              f"that divided by the worker processes).", ""]
    return "\n".join(lines), "| " + " | ".join(summary) + " |"


def key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key, value


def baselines(args: argparse.Namespace) -> int:
    """ISMCTS against random and heuristic play in each chosen game, printed (the game issues' figure)."""
    for game in args.game or cavemind.game_names():
        players = args.players or player_count(game)
        depth = args.rollout_depth if args.rollout_depth is not None else ROLLOUT_DEPTH.get(game)
        spec = f"ismcts:iterations={args.iterations}" + (f",depth={depth}" if depth is not None else "")
        options = dict(args.option)
        where = ", ".join([f"{players} players", *(f"{k}={v}" for k, v in options.items())])
        for opponent in args.opponent or (RANDOM, HEURISTIC):
            out = None
            if args.results_dir:
                os.makedirs(args.results_dir, exist_ok=True)
                name = "_".join([game, *(f"{k}{v}" for k, v in options.items()), f"{players}p", spec, opponent])
                out = os.path.join(args.results_dir, name.replace(":", "_").replace("=", "").replace(",", "_")
                                   + ".jsonl")
            result = run_arena(game, [spec, opponent], args.games, players=players, options=options or None,
                               jobs=args.jobs, seed=args.seed, out=out, progress=True if args.progress else None)
            if out:
                write_summary(out, command=run_command(), commit=current_commit())
            a, b = bot_stats(result.games, result.bots)[:2]
            print(f"{game} ({where}): {spec} vs {opponent}: {a.games} games, win rate {_pct(a.win_rate)}% "
                  f"{_ci(*a.win_rate_ci)} ({a.wins} wins, {a.draws} draws, {a.losses} losses), mean score "
                  f"{a.mean_score:.1f} vs {b.mean_score:.1f}, margin {a.margin:+.1f} {_ci(*a.margin_ci, 1, 1)}, "
                  f"{a.seconds_per_move:.4f} s/move", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=cavemind.game_names(), help="one game (repeatable; "
                        "default: every registered game)")
    parser.add_argument("--games", type=int, help="games per match (default 200, quick 20)")
    parser.add_argument("--target-games", type=int, help="games for the target matches (default: "
                        "--games); more games narrow the intervals where the verdicts are decided")
    parser.add_argument("--quick", action="store_true", help="a quick ladder: fewer games, same budgets")
    parser.add_argument("--equal-time", type=float, help="seconds per move of the ISMCTS-PIMC match (default "
                        "0.05, quick 0.01)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--match-seed", "--seed", dest="seed", type=int, default=0,
                        help="seed of the match: the deals and the bots derive from it (--seed: its old name)")
    parser.add_argument("--bootstrap", type=int, default=200, help="bootstrap samples for the rating intervals")
    parser.add_argument("--results-dir", help="keep each match's results here (JSON lines; a rerun resumes)")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "docs", "research",
                                                      f"{datetime.date.today()}-strength-ladder.md"),
                        help="the journal entry to write (default: docs/research/TODAY-strength-ladder.md)")
    parser.add_argument("--progress", action="store_true", help="progress bars even when stderr is not a terminal")
    figure = parser.add_argument_group("--baselines: ISMCTS against random and heuristic only, printed")
    figure.add_argument("--baselines", action="store_true", help="play only this figure; no journal entry is "
                        "written")
    figure.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations per move (default 2000)")
    figure.add_argument("--rollout-depth", type=int, help="the rollout cut-off (-1: full rollouts; default: the "
                        "game's)")
    figure.add_argument("--opponent", action="append", choices=(RANDOM, HEURISTIC, EXPERT),
                        help="one opponent (repeatable; default random and heuristic)")
    figure.add_argument("--players", type=int, help="player count (default 2 where the game allows it)")
    figure.add_argument("--option", action="append", type=key_value, default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. variant=survival (repeatable)")
    args = parser.parse_args(argv)
    if args.baselines:
        args.games = args.games or (20 if args.quick else 100)
        return baselines(args)
    if args.option or args.players or args.opponent or args.rollout_depth is not None:
        parser.error("--option, --players, --opponent and --rollout-depth go with --baselines")
    args.games = args.games or (20 if args.quick else 200)
    args.equal_time = args.equal_time or (0.01 if args.quick else 0.05)
    args.target_games = args.target_games or args.games
    games = args.game or cavemind.game_names()
    doc_dir = os.path.dirname(os.path.abspath(args.out))
    image_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "strength")
    os.makedirs(image_dir, exist_ok=True)

    command = "python benchmarks/strength.py" + (" --quick" if args.quick else "")
    command += "".join(f" --game {g}" for g in args.game or [])
    command += f" --games {args.games}" if args.games != (20 if args.quick else 200) else ""
    command += f" --target-games {args.target_games}" if args.target_games != args.games else ""
    command += f" --jobs {args.jobs}" if args.jobs > 1 else ""
    sections, summary = zip(*(game_section(game, args, image_dir, doc_dir) for game in games))
    header = [
        "# Strength ladder", "",
        f"Generated by `{command}` on {datetime.date.today()} (cavemind {cavemind.__version__}, match seed {args.seed}); "
        "run the same command to regenerate it (without `--quick` for the full ladder, 200 games per match). "
        f"{'This is the **quick** ladder: ' if args.quick else ''}{args.games} games per match, "
        f"{args.target_games} for the target matches; every deal is played in both seat orders. Search bots use "
        "each game's default settings (its record, `cavemind.games.<game>`; see "
        f"[settings.md]({os.path.relpath(os.path.join(image_dir, '..', 'settings.md'), doc_dir)})).", "",
        "Win rate is the mean return (a draw or shared win counts half) with a 95% Wilson interval; a target is "
        "*met* when the measured rate reaches it, and the interval shows how sure that is. Matches at fixed "
        "iterations are reproducible from the seed; the equal-time match is not (it depends on the machine). "
        "MCTS sees hidden information, so in games with hidden cards it is the cheating upper bound. "
        f"See [arena.md]({os.path.relpath(os.path.join(image_dir, '..', 'arena.md'), doc_dir)}) for the arena "
        "itself.", "",
        "The reference games cannot show the targets: tic-tac-toe is solved, so from 250 iterations on every "
        "search bot draws against every other and the 4x-budget matches sit at 50%; in Kuhn poker the win rate is "
        "the chips won mapped onto [0, 1] (a hand moves at most 2 chips) and the deal decides most hands. Neither "
        "has an expert bot. The board games are where the targets apply.", "",
        "## Summary", "",
        "A's win rate in % and the verdict against each target (details and intervals in each game's section).",
        "", "| game | ISMCTS 1,000 vs 250 (≥ 60%) | ISMCTS 4,000 vs 1,000 (≥ 60%) "
        f"| ISMCTS {EXPERT_SECONDS:g} s vs expert (≥ 75%) | expert vs heuristic (≥ 80%) | ISMCTS vs PIMC, equal time |",
        "|---|---:|---:|---:|---:|---:|", *summary, "",
        "Games: " + ", ".join(games) + ".", "",
    ]
    kept = hand_written_part(args.out)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(header) + "\n" + "\n".join(sections) + ("\n" + kept if kept else ""))
    print(f"wrote {os.path.relpath(args.out)}", file=sys.stderr)
    return 0


HAND_WRITTEN = "<!-- Below this line: hand-written sections (diagnosis, experts, tuning), kept by strength.py -->"


def hand_written_part(path: str) -> str:
    """The part of an existing strength page from the HAND_WRITTEN marker on, which a regeneration keeps."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return ""
    at = text.find(HAND_WRITTEN)
    return text[at:] if at >= 0 else ""


if __name__ == "__main__":
    sys.exit(main())
