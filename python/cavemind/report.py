"""Reports of arena results: a Markdown summary and PNG plots (matplotlib, the optional `plot` extra)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cavemind.errors import CavemindError
from cavemind.ratings import BotStats, Rating, bot_stats, score_matrix

if TYPE_CHECKING:  # the arena imports this module when it reports
    from cavemind.arena import ArenaResult


class ReportError(CavemindError, ValueError):
    """A report that cannot be made, such as a plot without matplotlib."""


def _fmt(value: float, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return f"{value:.{digits}f}"


def _interval(low: float, high: float, digits: int = 1) -> str:
    return f"[{_fmt(low, digits)}, {_fmt(high, digits)}]"


LIKELIHOOD_MARK = "†"


def _elo_text(rating: Rating) -> str:
    if rating.interval == "likelihood":
        return f"{_fmt(rating.elo, 0)} {_interval(rating.low, rating.high, 0)}{LIKELIHOOD_MARK}"
    if rating.interval == "collapsed":
        return f"{_fmt(rating.elo, 0)} (no interval: the bootstrap collapsed)"
    if rating.interval == "anchor":
        return "0 (reference)"
    return f"{_fmt(rating.elo, 0)} {_interval(rating.low, rating.high, 0)}"


def interval_notes(ratings: Sequence[Rating] | None) -> list[str]:
    """Sentences explaining the intervals that are not percentile-bootstrap ones."""
    collapsed = [r for r in ratings or [] if r.interval in ("likelihood", "collapsed")]
    if not collapsed:
        return []
    fewest = min(r.distinct_resamples or 0 for r in collapsed)
    return [f"{LIKELIHOOD_MARK} The bootstrap collapsed for "
            + ", ".join(f"`{r.bot}`" for r in collapsed)
            + f" (as few as {fewest} distinct resampled rating{'s' if fewest != 1 else ''}, as when every deal "
            "ends alike, which would give an interval of zero width): the interval shown is the 95% "
            "likelihood-ratio interval (profile likelihood, pairwise results taken as independent) instead."]


def stats_table(stats: Sequence[BotStats], ratings: Sequence[Rating] | None = None) -> str:
    """One row per bot: games, win rate, W-D-L, mean score, margin, Elo, forfeits, time per move."""
    elo = {r.bot: r for r in ratings or []}
    lines = ["| bot | games | win rate % (95% CI) | W-D-L | mean score (95% CI) | margin (95% CI) "
             "| Elo (95% CI) | forfeits | s/move |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for s in stats:
        rating = elo.get(s.bot)
        elo_text = _elo_text(rating) if rating else "–"
        lines.append(
            f"| `{s.bot}` | {s.games} | {_fmt(100 * s.win_rate)} "
            f"{_interval(100 * s.win_rate_ci[0], 100 * s.win_rate_ci[1])} "
            f"| {s.wins}-{s.draws}-{s.losses} | {_fmt(s.mean_score, 2)} {_interval(*s.score_ci, 2)} "
            f"| {_fmt(s.margin, 2)} {_interval(*s.margin_ci, 2)} | {elo_text} | {s.forfeits} "
            f"| {s.seconds_per_move:.4f} |")
    return "\n".join(lines)


def matrix_table(games: Sequence[dict[str, Any]], bots: Sequence[str]) -> str:
    """Score % of the row bot against the column bot (pairwise results, draws half)."""
    points, count = score_matrix(games, len(bots))
    lines = ["| score % of row vs column | " + " | ".join(f"`{b}`" for b in bots) + " |",
             "|---|" + "---:|" * len(bots)]
    for a, bot in enumerate(bots):
        cells = [f"{100 * points[a][b] / count[a][b]:.1f} ({int(count[a][b])})" if count[a][b] else "–"
                 for b in range(len(bots))]
        lines.append(f"| `{bot}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def markdown(result: ArenaResult, ratings: Sequence[Rating] | None = None) -> str:
    """The report of one arena (a cavemind.arena.ArenaResult): settings, per-bot table, pairwise matrix
    when there are more than 2 bots, and the sequential test's verdict."""
    match = result.match
    options = ", ".join(f"{k}={v}" for k, v in match.options.items())
    lines = [f"## {match.game}: {len(result.games)} games, {match.players} players"
             + (f" ({options})" if options else ""),
             "",
             f"Match seed {match.seed}; every deal played in every seat rotation. Win rate is the mean return (a tie "
             "shares the win), with a Wilson interval; mean score and margin have Student's t intervals; Elo is "
             f"relative to `{ratings[0].bot if ratings else match.bots[0]}`, fitted by maximum likelihood "
             "(Bradley-Terry) with 95% bootstrap intervals over deals.",
             "",
             stats_table(bot_stats(result.games, match.bots), ratings)]
    notes = interval_notes(ratings)
    if notes:
        lines += ["", *notes]
    if len(match.bots) > 2:
        lines += ["", matrix_table(result.games, match.bots)]
    if result.sprt is not None:
        lines += ["", result.sprt.describe(f"`{match.bots[0]}`", f"`{match.bots[1]}`")
                  + (" — the match stopped early." if result.stopped_early else ".")]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------- plots

def require_matplotlib() -> Any:
    """The matplotlib Figure class, or a clear error. The object API (no pyplot) needs no GUI backend
    and leaves the user's pyplot state alone."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ReportError("plots need matplotlib: pip install 'cavemind[plot]'") from None
    return Figure


def plot_ratings(ratings: Sequence[Rating], path: str, title: str = "Elo ratings") -> None:
    """A PNG of each bot's rating with its 95% interval, in the order given."""
    Figure = require_matplotlib()
    fig = Figure(figsize=(max(5.0, 1.1 * len(ratings) + 2), 4.0), layout="constrained")
    ax = fig.add_subplot()
    xs = list(range(len(ratings)))
    ys = [r.elo for r in ratings]
    low = [r.elo - r.low if math.isfinite(r.low) else 0.0 for r in ratings]  # no bar for an unbounded side
    high = [r.high - r.elo if math.isfinite(r.high) else 0.0 for r in ratings]
    ax.errorbar(xs, ys, yerr=[low, high], fmt="o", capsize=4)
    ax.set_xticks(xs, [r.bot.replace(":", ":\n").replace(",", ",\n") for r in ratings], fontsize=8)
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_ylabel("Elo (95% CI)")
    ax.set_title(title)
    fig.savefig(path, dpi=110)


def plot_budget(series: dict[str, list[tuple[float, float, float, float]]], path: str, title: str,
                ylabel: str, xlabel: str = "iterations per move", reference: dict[str, float] | None = None) -> None:
    """A PNG of a value against search budget (log scale), one line per series of (budget, value, low,
    high) points with their intervals; `reference` draws labelled horizontal lines (fixed bots)."""
    Figure = require_matplotlib()
    fig = Figure(figsize=(6.0, 4.0), layout="constrained")
    ax = fig.add_subplot()
    for k, (name, points) in enumerate(series.items()):
        points = sorted(points)
        shift = 1 + 0.04 * (k - (len(series) - 1) / 2)   # series side by side, so equal points stay visible
        xs = [p[0] * shift for p in points]
        ys = [p[1] for p in points]
        # rounding can put a rate a hair outside its own interval (100% against an upper end of 99.999...%)
        yerr = [[max(0.0, p[1] - p[2]) for p in points], [max(0.0, p[3] - p[1]) for p in points]]
        ax.errorbar(xs, ys, yerr=yerr, fmt="o-",
                    capsize=4, label=name)
    for n, (name, value) in enumerate((reference or {}).items()):
        ax.axhline(value, linestyle="--", linewidth=0.9, color=f"C{len(series) + n}", label=name)
    ax.set_xscale("log")
    budgets = sorted({p[0] for points in series.values() for p in points})
    ax.set_xticks(budgets, [f"{b:,.0f}" for b in budgets])
    ax.minorticks_off()
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.savefig(path, dpi=110)
