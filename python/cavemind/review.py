"""Game review: every decision of a recorded game searched again from the mover's own view.

    cavemind review RECORD [--iterations N] [--seconds T] [--json | --markdown]

For each decision (skipping those with a single legal move) the position is loaded as the mover saw it:
what they could not see is left out and sampled afresh (`game.state_from_dict(state.to_dict(observer=mover),
observer=mover)`), with a seed that depends only on the decision's index, so the review can never use
hidden information the mover did not have.

How a decision's loss is measured (docs/records.md has the details):
- Where the position can be solved, the values are exact and so is the loss (cavemind.solver): in a 2-player game
  without hidden information whose remaining tree is small, the best move's game-theoretic value minus the played
  move's; in a 2-player game with hidden information whose whole tree is small (Kuhn poker), the moves' expected
  values against an equilibrium opponent, over the positions the mover cannot tell apart.
- Elsewhere one search ranks the moves and names the best (the most visited). If the played move is not it, the
  played and the best move are each searched again alone (allowed_moves), each with the whole budget, so that a
  move the first search hardly tried is measured as well as the best. The loss is the difference of their values,
  with its standard error from the two searches; a move is flagged only when the loss's lower confidence bound
  (LOWER_BOUND_Z standard errors below it) reaches a threshold, so noise alone flags nothing.
- In games with points the loss is also given in expected final score margin. Once a game is decided (the best
  move's value at least 1 - DECIDED or at most DECIDED) win probability no longer tells moves apart; there the
  margin's loss, counted in units of the game's points_per_game (GameInfo), flags moves too.
"""
from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from cavemind.errors import InvalidOptionError, SearchError
from cavemind.game import Game, State, mover_view
from cavemind.games import game_info
from cavemind.records import GameRecord
from cavemind.review_graph import EvaluationPoint, evaluation_png, evaluation_svg, move_accuracy, player_accuracy
from cavemind.search import AnalysisInfo, Limit, MoveInfo, analyse, resolve, search_settings
from cavemind.settings import SearchSettings
from cavemind.solver import EquilibriumSolver, ExactSolver

FLAGS = ("inaccuracy", "mistake", "blunder")
LOWER_BOUND_Z = 1.645    # one-sided 95%: a flag needs the loss to exceed its threshold with that confidence
DECIDED = 0.05           # a best value this close to 0 or 1: the game is decided, and margins flag moves too
BEST_LINE = 8            # moves of the best line shown for a flagged move


@dataclass(frozen=True)
class Thresholds:
    """The loss (in result units: 1 is the difference between losing and winning) at which a move is
    flagged. Defaults: 0.05 an inaccuracy, 0.10 a mistake, 0.20 a blunder."""

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20

    def __post_init__(self) -> None:
        for name in FLAGS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
                raise InvalidOptionError(f"{name} threshold {value!r}: must be a number in (0, 1]")
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise InvalidOptionError(f"thresholds must be ordered inaccuracy <= mistake <= blunder, got "
                                     f"{self.inaccuracy:g}, {self.mistake:g}, {self.blunder:g}")

    def flag(self, loss: float | None) -> str | None:
        if loss is None:
            return None
        for name in reversed(FLAGS):
            if loss >= getattr(self, name):
                return name
        return None


@dataclass
class ReviewedMove:
    """One decision: the entry's index in the record, the mover, the played and the best move with their values
    for the mover (win probability in [0, 1]), the loss with its standard error and lower confidence bound (0 and
    exact where `proven`), the loss in score margin (points; None without a search of both moves or in a game
    without points) with its standard error, the flag, and the best line from the position (for every decision;
    the table shows it for flagged ones)."""

    entry: int
    player: int
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    loss_stderr: float
    loss_bound: float
    margin_loss: float | None
    proven: bool
    flag: str | None
    best_line: list[str] = field(default_factory=list)
    margin_loss_stderr: float | None = None

    @property
    def accuracy(self) -> float:
        """The move's accuracy in the manner of lichess (review_graph.move_accuracy), from its values."""
        return move_accuracy(self.best_value, min(self.best_value, self.played_value))


@dataclass
class PlayerSummary:
    player: int
    seat: str
    decisions: int = 0
    average_loss: float | None = None
    accuracy: float | None = None
    counts: dict[str, int] = field(default_factory=lambda: {name: 0 for name in FLAGS})


@dataclass
class Review:
    game: str
    players: int
    settings: dict[str, Any]
    thresholds: Thresholds
    moves: list[ReviewedMove]
    summary: list[PlayerSummary]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "settings": self.settings,
                "thresholds": asdict(self.thresholds),
                "moves": [{**asdict(m), "accuracy": round(m.accuracy, 2)} for m in self.moves],
                "summary": [asdict(s) for s in self.summary]}

    def evaluation_svg(self) -> str:
        """The evaluation graph over the game (review_graph.evaluation_svg)."""
        return evaluation_svg(evaluation_points(self.moves), self.players, self._graph_title(),
                              [s.seat for s in self.summary])

    def evaluation_png(self, path: str | os.PathLike[str]) -> None:
        """The evaluation graph written to `path` as PNG (the `plot` extra: review_graph.evaluation_png)."""
        evaluation_png(evaluation_points(self.moves), self.players, self._graph_title(),
                       [s.seat for s in self.summary], path)

    def _graph_title(self) -> str:
        return f"{self.game}: win probability with the best move"


def evaluation_points(moves: list[ReviewedMove]) -> list[EvaluationPoint]:
    """The evaluation over the game, one point per reviewed decision: the mover's value with the best move and
    after the move played (a played move found better than the best counts as the best)."""
    return [EvaluationPoint(entry=m.entry, player=m.player, before=m.best_value,
                            after=min(m.best_value, m.played_value), flag=m.flag, label=m.played) for m in moves]


class _Reviewer:
    """Measures the loss of one decision after another, for one game and one set of search settings."""

    def __init__(self, record: GameRecord, settings: SearchSettings, seed: int, thresholds: Thresholds,
                 proofs: bool) -> None:
        self.settings, self.seed, self.thresholds = settings, seed, thresholds
        game = record.game
        self.solver = exact_solver(game) if proofs else None
        self.equilibrium = equilibrium_solver(game) if proofs else None
        self.points_per_game = game_info(game.name).points_per_game

    def review(self, index: int, mover: int, played: int, view: State) -> ReviewedMove:
        proven = self._proven(index, mover, played, view)
        if proven is not None:
            return proven
        seed = self.seed + index      # (the decision's place in the game only, never what is hidden)
        first = analyse(view, settings=self.settings, seed=seed)
        best = first.best
        if best.action == played:
            return self._move(index, mover, view, best, best, 0.0, 0.0, None, first)
        # The played and the best move, each searched alone with the whole budget (paired: the same seed).
        best_alone = analyse(view, settings=self.settings, seed=seed + 1, allowed_moves=[best.action]).best
        played_alone = analyse(view, settings=self.settings, seed=seed + 1, allowed_moves=[played]).best
        loss = best_alone.value - played_alone.value
        stderr = math.hypot(best_alone.stderr or 0.0, played_alone.stderr or 0.0)
        margin_loss = margin_stderr = None
        if self.points_per_game and best_alone.margin is not None and played_alone.margin is not None:
            margin_loss = best_alone.margin - played_alone.margin
            margin_stderr = math.hypot(best_alone.margin_stderr or 0.0, played_alone.margin_stderr or 0.0)
        return self._move(index, mover, view, played_alone, best_alone, loss, stderr, margin_loss, first,
                          margin_stderr)

    def _move(self, index: int, mover: int, view: State, played: MoveInfo, best: MoveInfo, loss: float,
              stderr: float, margin_loss: float | None, first: AnalysisInfo,
              margin_stderr: float | None = None) -> ReviewedMove:
        bound = loss - LOWER_BOUND_Z * stderr
        flag = self.thresholds.flag(bound) if bound > 0 else None
        if (margin_loss is not None and self.points_per_game and
                (best.value <= DECIDED or best.value >= 1 - DECIDED)):
            # A decided game: the margin still says what a move cost, beyond its own noise.
            margin_bound = (margin_loss - LOWER_BOUND_Z * (margin_stderr or 0.0)) / self.points_per_game
            flag = _worse(flag, self.thresholds.flag(margin_bound) if margin_bound > 0 else None)
        line = first.best.pv_names[:BEST_LINE] or [first.best.name]
        return ReviewedMove(entry=index, player=mover, played=played.name, played_value=played.value,
                            best=best.name, best_value=best.value, loss=max(0.0, loss), loss_stderr=stderr,
                            loss_bound=max(0.0, bound), margin_loss=margin_loss, margin_loss_stderr=margin_stderr,
                            proven=False, flag=flag, best_line=line)

    def _proven(self, index: int, mover: int, played: int, view: State) -> ReviewedMove | None:
        """The decision measured by exact values, where the solver can solve every move (else None)."""
        if self.solver is None or self.equilibrium is None:
            return None
        values = self.solver.move_values(view, mover)
        perfect_information = values is not None
        if values is None:
            values = self.equilibrium.move_values(view, mover)
        if values is None:
            return None
        best = max(values, key=lambda action: (values[action], -action))
        loss = values[best] - values[played]
        if loss <= 0:
            best = played
        return ReviewedMove(entry=index, player=mover, played=view.action_to_string(played),
                            played_value=values[played], best=view.action_to_string(best),
                            best_value=values[best], loss=max(0.0, loss), loss_stderr=0.0, loss_bound=max(0.0, loss),
                            margin_loss=None, proven=True, flag=self.thresholds.flag(loss) if loss > 0 else None,
                            best_line=self._solved_line(view, best) if perfect_information
                            else [view.action_to_string(best)])

    def _solved_line(self, view: State, first: int) -> list[str]:
        assert self.solver is not None
        state, line, action = view.clone(), list[str](), first
        while len(line) < BEST_LINE:
            line.append(state.action_to_string(action))
            state.apply(action)
            if state.is_terminal() or state.is_chance_node():
                break
            values = self.solver.move_values(state, state.current_player())
            if values is None:
                break
            action = max(values, key=lambda a: (values[a], -a))
        return line


@functools.lru_cache(maxsize=8)
def exact_solver(game: Game) -> ExactSolver:
    """One solver per game, kept between reviews: what it solved once it never solves again."""
    return ExactSolver(game)


@functools.lru_cache(maxsize=8)
def equilibrium_solver(game: Game) -> EquilibriumSolver:
    """One equilibrium per game, kept between reviews (solving Kuhn poker takes about a second)."""
    return EquilibriumSolver(game)


def _worse(a: str | None, b: str | None) -> str | None:
    rank: dict[str | None, int] = {None: -1, **{name: i for i, name in enumerate(FLAGS)}}
    return a if rank[a] >= rank[b] else b


def review_record(record: GameRecord, limit: Limit | None = None, *, settings: SearchSettings | None = None,
                  seed: int = 0, thresholds: Thresholds | None = None, players: list[int] | None = None,
                  proofs: bool = True, on_move: Callable[[ReviewedMove], None] | None = None,
                  **options: Any) -> Review:
    """Reviews every decision of `record` (of the seats in `players`, default all). The search settings are those
    of cavemind.analyse (`limit`, `settings` and settings by name; 1,000 iterations by default), used for each of
    a decision's searches. `proofs=False` measures every decision by search, even where the solver could prove
    it. `on_move` sees each reviewed move as it is done."""
    given = search_settings(limit, settings, **options)
    thresholds = Thresholds() if thresholds is None else thresholds
    game = record.game
    if players is not None and any(isinstance(p, bool) or not isinstance(p, int)
                                   or not 0 <= p < game.num_players for p in players):
        raise InvalidOptionError(f"players={players!r}: seats are 0 to {game.num_players - 1}")
    reviewer = _Reviewer(record, given, seed, thresholds, proofs)
    moves: list[ReviewedMove] = []
    for index, entry, state in record.decisions():
        if len(state.legal_actions()) < 2 or (players is not None and entry.mover not in players):
            continue
        view = mover_view(state, entry.mover, seed + index)
        if entry.action not in view.legal_actions():
            raise SearchError(f"entry {index}: {entry.name} is not legal in player {entry.mover}'s view")
        move = reviewer.review(index, entry.mover, entry.action, view)
        moves.append(move)
        if on_move is not None:
            on_move(move)
    shown = resolve(given, game).given()
    return Review(game.name, game.num_players, {**shown, "search_seed": seed, "proofs": proofs}, thresholds, moves,
                  summarise(record, moves))


def summarise(record: GameRecord, moves: list[ReviewedMove]) -> list[PlayerSummary]:
    summary = [PlayerSummary(player, seat) for player, seat in enumerate(record.seats)]
    total_loss = [0.0] * len(summary)
    for move in moves:
        row = summary[move.player]
        row.decisions += 1
        total_loss[move.player] += move.loss
        if move.flag is not None:
            row.counts[move.flag] += 1
    points = evaluation_points(moves)
    for row, total in zip(summary, total_loss, strict=True):
        if row.decisions:
            row.average_loss = total / row.decisions
        row.accuracy = player_accuracy(points, row.player)
    return summary


# ------------------------------------------------------------------------------------------------ output

def _value(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _loss(move: ReviewedMove) -> str:
    return f"{move.loss:.3f} (proven)" if move.proven else f"{move.loss:.3f} ± {move.loss_stderr:.3f}"


def _rows(review: Review) -> tuple[list[list[str]], list[list[str]]]:
    moves = [[str(m.entry), str(m.player), m.played, _value(m.played_value), m.best, _value(m.best_value),
              _loss(m), "-" if m.margin_loss is None else f"{m.margin_loss:+.1f}", m.flag or "",
              ", ".join(m.best_line) if m.flag else ""] for m in review.moves]
    summary = [[str(s.player), s.seat, str(s.decisions), "-" if s.accuracy is None else f"{s.accuracy:.1f}",
                _value(s.average_loss), *(str(s.counts[name]) for name in FLAGS)] for s in review.summary]
    return moves, summary


MOVE_HEADERS = ["entry", "player", "played", "value", "best", "value", "loss", "margin loss", "flag", "best line"]
SUMMARY_HEADERS = ["player", "seat", "decisions", "accuracy", "average loss", "inaccuracies", "mistakes", "blunders"]


def _title(review: Review) -> str:
    s = review.settings
    budget = " and ".join(part for part in (f"{s['iterations']:,} iterations" if s.get("iterations") else "",
                                            f"{s['seconds']:g} s" if s.get("seconds") else "") if part)
    t = review.thresholds
    return (f"review of a {review.game} game ({review.players} players): {s['algorithm']}, {budget} per search, "
            f"from each mover's own view; a move is flagged when its loss, less {LOWER_BOUND_Z} standard errors, "
            f"reaches: inaccuracy {t.inaccuracy:g}, mistake {t.mistake:g}, blunder {t.blunder:g}")


def format_table(review: Review) -> str:
    """Aligned columns for a terminal."""
    moves, summary = _rows(review)

    def table(headers: list[str], rows: list[list[str]]) -> list[str]:
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
        return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip()
                for row in [headers, *rows]]

    lines = [_title(review), ""]
    lines += table(MOVE_HEADERS, moves) if moves else ["no decision with a choice to review"]
    lines += ["", *table(SUMMARY_HEADERS, summary)]
    return "\n".join(lines)


def format_markdown(review: Review) -> str:
    moves, summary = _rows(review)

    def table(headers: list[str], rows: list[list[str]]) -> list[str]:
        def escape(cell: str) -> str:
            return cell.replace("|", "\\|")

        return ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers),
                *("| " + " | ".join(escape(c) for c in row) + " |" for row in rows)]

    lines = [f"# {_title(review)}", "", "## Decisions", ""]
    lines += table(MOVE_HEADERS, moves) if moves else ["No decision with a choice to review."]
    lines += ["", "## Summary", "", *table(SUMMARY_HEADERS, summary)]
    return "\n".join(lines)
