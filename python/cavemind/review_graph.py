"""Accuracy figures and the evaluation graph of a reviewed game, in the manner of lichess.

Pure functions on plain data (`EvaluationPoint`, one per reviewed decision), so that they do not depend on
the review's classes: the review turns each reviewed move into a point (the best move's value is `before`, the
played move's value is `after`) and calls

- `move_accuracy(before, after)`: the accuracy of one move, 0 to 100;
- `player_accuracy(points, player)`: a player's accuracy over the game;
- `evaluation_svg(points, players, title, seat_names)`: the graph as a standalone SVG document;
- `evaluation_png(points, players, title, seat_names, path)`: the same graph as a PNG (the `plot` extra).

docs/records.md ("Accuracy and the evaluation graph") gives the formulas.
"""
from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from cavemind.errors import InvalidOptionError
from cavemind.report import require_matplotlib
from cavemind.svg.draw import INK, Picture, player_colour, text_width

# The review's flags, mildest first, and the colour of each one's marker. The colours are not among the
# seats' colours (cavemind.svg.draw.PLAYER_COLOURS), so a marker never reads as a player's line.
FLAG_COLOURS = {"inaccuracy": "#56b4e9", "mistake": "#f0e442", "blunder": "#b2182b"}

# lichess's published fit of move accuracy against the loss of win percentage (https://lichess.org/page/accuracy).
ACCURACY_SCALE, ACCURACY_DECAY, ACCURACY_OFFSET = 103.1668, 0.04354, -3.1669
# The harmonic mean floors each accuracy at this, as lichess's does, so that one 0 does not make it 0.
HARMONIC_FLOOR = 1.0


@dataclass(frozen=True)
class EvaluationPoint:
    """One reviewed decision: the record entry's index (the graph's x axis), the mover, the mover's win
    probability before the move (the position's value with the best move) and after the move played, both in
    [0, 1], the review's flag ("inaccuracy", "mistake", "blunder" or None) and the move played (for tooltips).

    `after` is None when the review has no value for the played move (its search never tried it): the point is
    drawn, but it counts in no accuracy."""

    entry: int
    player: int
    before: float
    after: float | None
    flag: str | None
    label: str

    def __post_init__(self) -> None:
        for name in ("entry", "player"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidOptionError(f"{name} {value!r}: expected a whole number >= 0")
        _check_probability("before", self.before)
        if self.after is not None:
            _check_probability("after", self.after)
        if self.flag is not None and self.flag not in FLAG_COLOURS:
            raise InvalidOptionError(f"flag {self.flag!r}: expected one of {', '.join(FLAG_COLOURS)} or None")


def _check_probability(name: str, value: object) -> None:
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or not 0 <= value <= 1):
        raise InvalidOptionError(f"{name} {value!r}: expected a win probability in [0, 1]")


# ------------------------------------------------------------------------------------------------ accuracy

def move_accuracy(before: float, after: float) -> float:
    """The accuracy of one move, from 0 (a move that threw the game away) to 100 (no loss), as lichess
    defines it (https://lichess.org/page/accuracy; lila's AccuracyPercent.fromWinPercents).

    With win percentages (100 times the mover's win probability) before the move, with the best move, and
    after the move played, the accuracy falls exponentially in the percentage points lost:
    103.1668 * exp(-0.04354 * (win% before - win% after)) - 3.1669, clamped to [0, 100]. lichess fitted those
    constants to hand-chosen points (no loss 100, a loss of 10 points 60, of 40 points 20, of 80 or more 0).
    A move that loses nothing, or gains (the search's noise, or the best move misjudged), is exactly 100, as
    in lila, rather than the formula's 99.9999. lila's code also adds one point to every other accuracy (an
    "uncertainty bonus" for imperfect analysis) that its published formula does not have; this function
    follows the published formula and adds nothing.
    """
    _check_probability("before", before)
    _check_probability("after", after)
    loss = 100.0 * (before - after)
    if loss <= 0:
        return 100.0
    accuracy = ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * loss) + ACCURACY_OFFSET
    return min(100.0, max(0.0, accuracy))


def player_accuracy(points: Sequence[EvaluationPoint], player: int) -> float | None:
    """`player`'s accuracy over the game, 0 to 100: the mean of the arithmetic mean and the harmonic mean of
    their moves' accuracies (move_accuracy), each accuracy floored at 1 in the harmonic mean, so that one
    0 does not make it 0. None when the player has no move with a value (points with `after` None are left out).

    The harmonic mean is dragged down by a few bad moves far more than the arithmetic mean, so the
    combination punishes a single blunder among good moves more than an average would. lichess
    (lila's AccuracyPercent.gameAccuracy) combines the same harmonic mean with a volatility-weighted mean
    instead of the arithmetic one: each move weighted by the standard deviation of the win percentage over a
    sliding window of the game (clamped to [0.5, 12]), so that moves in sharp positions count more. That
    needs one evaluation series for the whole game from one side's view, which a game of more than two
    players, or with chance between the moves, does not have; here every move weighs the same."""
    accuracies = [move_accuracy(p.before, p.after) for p in points if p.player == player and p.after is not None]
    if not accuracies:
        return None
    arithmetic = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1 / max(HARMONIC_FLOOR, a) for a in accuracies)
    return (arithmetic + harmonic) / 2


# --------------------------------------------------------------------------------------------------- graph

WIDTH, HEIGHT = 720, 320
# The plot area (the axes' box) in the SVG; the legend takes the column on its right.
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 52, 540, 48, 262
PLOT_INSET = 8                      # between the box's sides and the first and last entry, so dots stay inside
LEGEND_LEFT = 556
LEGEND_TEXT_LEFT = LEGEND_LEFT + 24   # right of the swatches
LEGEND_TEXT_SIZE = 10
# A seat's name is cut short in the legends when longer than the legend's column holds at LEGEND_TEXT_SIZE (bot
# specifications can be long); the line's tooltip has the whole name.
LEGEND_TEXT_WIDTH = WIDTH - 8 - LEGEND_TEXT_LEFT
LEGEND_NAME_CHARACTERS = int(LEGEND_TEXT_WIDTH // text_width("x", LEGEND_TEXT_SIZE))
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
MAX_X_TICKS = 10
TEXT_SIZE = 11
FLAG_RADIUS = 5
X_LABEL, Y_LABEL = "record entry", "win probability of the mover"


def _check_graph(points: Sequence[EvaluationPoint], players: int, seat_names: Sequence[str]) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise InvalidOptionError(f"players {players!r}: expected a whole number >= 1")
    if len(seat_names) != players:
        raise InvalidOptionError(f"seat_names: {len(seat_names)} names for {players} players")
    for point in points:
        if point.player >= players:
            raise InvalidOptionError(f"entry {point.entry}: player {point.player} of {players} players")


def _lines(points: Sequence[EvaluationPoint], players: int) -> dict[int, list[EvaluationPoint]]:
    """Each player's decisions in the order of the game, for the players who have any."""
    lines = {player: sorted((p for p in points if p.player == player), key=lambda p: p.entry)
             for player in range(players)}
    return {player: line for player, line in lines.items() if line}


def _entry_range(points: Sequence[EvaluationPoint]) -> tuple[int, int]:
    """The x axis's first and last entry: the points' span, widened to two entries when it is narrower, so
    that a single decision is drawn in the middle of the plot rather than on an axis of zero width."""
    if not points:
        return 0, 2
    low, high = min(p.entry for p in points), max(p.entry for p in points)
    if high - low < 2:
        low = max(0, (low + high) // 2 - 1)
        high = low + 2
    return low, high


def _x_ticks(low: int, high: int) -> list[int]:
    """Whole entries on the x axis, 1, 2 or 5 times a power of ten apart, at most MAX_X_TICKS of them."""
    step = 1
    while (high - low) / step > MAX_X_TICKS - 1:
        step = next(s * 10 ** k for k in range(12) for s in (1, 2, 5) if s * 10 ** k > step)
    return list(range(-(-low // step) * step, high + 1, step))


def _legend_name(player: int, seat_names: Sequence[str]) -> str:
    name = f"{player}: {seat_names[player]}"
    return name if len(name) <= LEGEND_NAME_CHARACTERS else name[:LEGEND_NAME_CHARACTERS - 1] + "\u2026"


def _flag_tooltip(point: EvaluationPoint, seat_names: Sequence[str]) -> str:
    after = "-" if point.after is None else f"{point.after:.2f}"
    return (f"entry {point.entry}, player {point.player} ({seat_names[point.player]}): {point.label}, "
            f"{point.flag} (win probability {point.before:.2f} with the best move, {after} after)")


def _number(value: float) -> str:
    """A coordinate without a trailing .0 (shorter files, stable output)."""
    return f"{value:g}"


def evaluation_svg(points: Sequence[EvaluationPoint], players: int, title: str, seat_names: Sequence[str]) -> str:
    """The evaluation over the game as a standalone SVG document (720 x 320, no external file, no script).

    x is the record entry, y the mover's win probability from 0 to 1 (gridlines at quarters). One line per
    player (class `evaluation p<seat>`) joins that player's `before` values at their decisions, each in the
    mover's own view; a flagged move is a dot on it (class `flag <flag>`) coloured by its flag, with a tooltip
    naming the entry, the player, the move and the flag. The legend maps colours to seat names and flags."""
    _check_graph(points, players, seat_names)
    picture = Picture(WIDTH, HEIGHT, title)
    picture.text(WIDTH / 2, 20, title, size=14, anchor="middle", bold=True, width=WIDTH - 16)
    picture.text(PLOT_LEFT, PLOT_TOP - 12, Y_LABEL, size=TEXT_SIZE)
    low, high = _entry_range(points)

    # Coordinates rounded to a hundredth of a pixel: shorter files, and a marker's centre is written exactly as
    # its line's point.
    def x_of(entry: float) -> float:
        left, right = PLOT_LEFT + PLOT_INSET, PLOT_RIGHT - PLOT_INSET
        return round(left + (entry - low) / (high - low) * (right - left), 2)

    def y_of(probability: float) -> float:
        return round(PLOT_BOTTOM - probability * (PLOT_BOTTOM - PLOT_TOP), 2)

    for value in GRID:
        y = y_of(value)
        # The even line is the one that matters most (who is ahead), so it is drawn darker.
        picture.line(PLOT_LEFT, y, PLOT_RIGHT, y, stroke="#888" if value == 0.5 else "#d8d0c0", cls="grid")
        picture.text(PLOT_LEFT - 6, y + 4, f"{value:g}", size=TEXT_SIZE, anchor="end")
    for entry in _x_ticks(low, high):
        x = x_of(entry)
        picture.line(x, PLOT_BOTTOM, x, PLOT_BOTTOM + 4, cls="tick")
        picture.text(x, PLOT_BOTTOM + 17, entry, size=TEXT_SIZE, anchor="middle")
    picture.text((PLOT_LEFT + PLOT_RIGHT) / 2, PLOT_BOTTOM + 36, X_LABEL, size=TEXT_SIZE, anchor="middle")
    picture.rect(PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT, PLOT_BOTTOM - PLOT_TOP, cls="axes")

    lines = _lines(points, players)
    if not lines:
        picture.text((PLOT_LEFT + PLOT_RIGHT) / 2, (PLOT_TOP + PLOT_BOTTOM) / 2, "no decision to show",
                     size=TEXT_SIZE, anchor="middle")
    for player, line in lines.items():
        coordinates = " ".join(f"{_number(x_of(p.entry))},{_number(y_of(p.before))}" for p in line)
        tooltip = f"player {player} ({seat_names[player]}): win probability before each decision"
        # Round caps and joins: a player with a single decision still shows as a dot.
        picture.add(f"<polyline class={quoteattr(f'evaluation p{player}')} points={quoteattr(coordinates)} "
                    f"fill=\"none\" stroke={quoteattr(player_colour(player))} stroke-width=\"2\" "
                    f"stroke-linejoin=\"round\" stroke-linecap=\"round\"><title>{escape(tooltip)}</title></polyline>")
    # The markers after every line, so that no line hides one.
    for line in lines.values():
        for point in line:
            if point.flag is not None:
                picture.circle(x_of(point.entry), y_of(point.before), FLAG_RADIUS, FLAG_COLOURS[point.flag],
                               cls=f"flag {point.flag}", title=_flag_tooltip(point, seat_names))
    _legend(picture, list(lines), seat_names)
    return picture.svg()


def _legend(picture: Picture, players: list[int], seat_names: Sequence[str]) -> None:
    """The column right of the plot: a swatch and a name per drawn player, then a dot per flag."""
    rows = 2 + len(players) + len(FLAG_COLOURS)                   # two headings
    step = min(18.0, (HEIGHT - PLOT_TOP - 8) / rows)
    size = min(LEGEND_TEXT_SIZE, step * 0.75)
    y = PLOT_TOP + step * 0.6
    picture.text(LEGEND_LEFT, y, "players", size=size, bold=True, cls="legend")
    for player in players:
        y += step
        picture.line(LEGEND_LEFT, y - size * 0.35, LEGEND_LEFT + 18, y - size * 0.35, stroke=player_colour(player),
                     width=3, cls=f"legend p{player}")
        picture.text(LEGEND_TEXT_LEFT, y, _legend_name(player, seat_names), size=size, width=LEGEND_TEXT_WIDTH,
                     cls="legend")
    y += step
    picture.text(LEGEND_LEFT, y, "flags", size=size, bold=True, cls="legend")
    for flag, colour in FLAG_COLOURS.items():
        y += step
        picture.circle(LEGEND_LEFT + 9, y - size * 0.35, min(FLAG_RADIUS, step / 3), colour, cls=f"legend {flag}")
        picture.text(LEGEND_TEXT_LEFT, y, flag, size=size, width=LEGEND_TEXT_WIDTH, cls="legend")


def evaluation_png(points: Sequence[EvaluationPoint], players: int, title: str, seat_names: Sequence[str],
                   path: str | os.PathLike[str]) -> None:
    """The graph of evaluation_svg drawn by matplotlib (the `plot` extra; without it a ReportError says how to
    install it), written to `path` as a PNG whatever its name ends with."""
    _check_graph(points, players, seat_names)
    Figure = require_matplotlib()
    fig = Figure(figsize=(WIDTH / 100, HEIGHT / 100), layout="constrained")
    ax = fig.add_subplot()
    for player, line in _lines(points, players).items():
        # Small markers at every decision: matplotlib draws nothing for a line of one point.
        ax.plot([p.entry for p in line], [p.before for p in line], color=player_colour(player), linewidth=1.8,
                marker="o", markersize=2.5, label=_legend_name(player, seat_names))
    for flag, colour in FLAG_COLOURS.items():
        flagged = [p for p in points if p.flag == flag]
        if flagged:
            ax.scatter([p.entry for p in flagged], [p.before for p in flagged], s=40, color=colour,
                       edgecolors=INK, linewidths=0.8, zorder=3, label=flag)
    low, high = _entry_range(points)
    inset = (high - low) * PLOT_INSET / (PLOT_RIGHT - PLOT_LEFT - 2 * PLOT_INSET)   # as in the SVG
    ax.set_xlim(low - inset, high + inset)
    ax.set_xticks(_x_ticks(low, high))
    ax.set_ylim(-0.03, 1.03)             # room for a dot at 0 or 1
    ax.set_yticks(GRID)
    ax.grid(axis="y", color="#d8d0c0", linewidth=0.8)
    ax.axhline(0.5, color="#888", linewidth=0.9)
    ax.set_xlabel(X_LABEL)
    ax.set_ylabel(Y_LABEL)
    ax.set_title(title)
    if points:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    else:
        ax.text(0.5, 0.5, "no decision to show", transform=ax.transAxes, ha="center", va="center")
    fig.savefig(path, dpi=100, format="png")
