"""Game review: every decision of a recorded game searched again from the mover's own view.

    cavemind review RECORD [--iterations N] [--seconds T] [--json | --markdown]

For each decision (skipping those with a single legal move) the position is loaded as the mover saw it:
what they could not see is left out and sampled afresh (`game.state_from_dict(state.to_dict(observer=mover),
observer=mover)`), with a seed that depends only on the decision's index, so the review can never use
hidden information the mover did not have. The search (ISMCTS by default) ranks the moves; the played move's
value and the best move's value (values are mean results in [0, 1] for the mover) give the loss, and losses
at or over the thresholds are flagged as inaccuracy, mistake or blunder. docs/records.md has the details.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from cavemind.errors import InvalidOptionError, SearchError
from cavemind.game import State
from cavemind.records import GameRecord
from cavemind.search import DEFAULT_DETERMINIZATIONS, DEFAULT_ITERATIONS, Limit, analyse

FLAGS = ("inaccuracy", "mistake", "blunder")


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
    """One decision: the entry's index in the record, the mover, the played move and the search's best
    move with their values for the mover, the loss (None when the search never tried the played move)."""

    entry: int
    player: int
    played: str
    played_value: float | None
    played_visits: int
    best: str
    best_value: float
    loss: float | None
    flag: str | None


@dataclass
class PlayerSummary:
    player: int
    seat: str
    decisions: int = 0
    evaluated: int = 0
    average_loss: float | None = None
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
                "thresholds": asdict(self.thresholds), "moves": [asdict(m) for m in self.moves],
                "summary": [asdict(s) for s in self.summary]}


def mover_view(state: State, mover: int, seed: int) -> State:
    """The state as `mover` knows it: their view written out and loaded back, the unseen parts sampled with
    `seed`. Nothing of the true hidden parts survives the round trip through to_dict(observer=mover)."""
    doc = state.to_dict(observer=mover)
    return state.game.state_from_dict(doc["state"], observer=mover, seed=seed)


def review_record(record: GameRecord, limit: Limit | None = None, *, algorithm: str = "ismcts",
                  exploration: float | None = None, rollout_depth: int | None = None,
                  rollout_policy: str | None = None, chance_branching: int | None = None,
                  implicit_minimax: float | None = None, determinizations: int = DEFAULT_DETERMINIZATIONS,
                  seed: int = 0, thresholds: Thresholds | None = None, players: list[int] | None = None,
                  on_move: Callable[[ReviewedMove], None] | None = None) -> Review:
    """Reviews every decision of `record` (of the seats in `players`, default all) with one search each;
    the search settings are those of cavemind.analyse. `on_move` sees each reviewed move as it is done."""
    limit = Limit(iterations=DEFAULT_ITERATIONS) if limit is None else limit
    thresholds = Thresholds() if thresholds is None else thresholds
    game = record.game
    if players is not None and any(isinstance(p, bool) or not isinstance(p, int)
                                   or not 0 <= p < game.num_players for p in players):
        raise InvalidOptionError(f"players={players!r}: seats are 0 to {game.num_players - 1}")
    moves: list[ReviewedMove] = []
    for index, entry, state in record.decisions():
        if len(state.legal_actions()) < 2 or (players is not None and entry.mover not in players):
            continue
        # The seed depends on the decision's place in the game only, never on what is hidden.
        view = mover_view(state, entry.mover, seed + index)
        if entry.action not in view.legal_actions():
            raise SearchError(f"entry {index}: {entry.name} is not legal in player {entry.mover}'s view")
        info = analyse(view, limit, algorithm=algorithm, exploration=exploration, rollout_depth=rollout_depth,
                       rollout_policy=rollout_policy, chance_branching=chance_branching,
                       implicit_minimax=implicit_minimax, determinizations=determinizations, seed=seed + index)
        played = next((m for m in info.moves if m.action == entry.action), None)
        # No value for a move the search never tried
        played_value = played.value if played is not None and played.visits > 0 else None
        loss = None if played_value is None else max(0.0, info.best.value - played_value)
        move = ReviewedMove(entry=index, player=entry.mover, played=entry.name, played_value=played_value,
                            played_visits=played.visits if played is not None else 0, best=info.best.name,
                            best_value=info.best.value, loss=loss, flag=thresholds.flag(loss))
        moves.append(move)
        if on_move is not None:
            on_move(move)
    settings = {"algorithm": algorithm, "iterations": limit.iterations, "seconds": limit.seconds,
                "threads": limit.threads, "exploration": exploration, "rollout_depth": rollout_depth,
                "rollout_policy": rollout_policy, "chance_branching": chance_branching,
                "implicit_minimax": implicit_minimax,
                "determinizations": determinizations, "seed": seed}
    return Review(game.name, game.num_players, settings, thresholds, moves, summarise(record, moves))


def summarise(record: GameRecord, moves: list[ReviewedMove]) -> list[PlayerSummary]:
    summary = [PlayerSummary(player, seat) for player, seat in enumerate(record.seats)]
    total_loss = [0.0] * len(summary)
    for move in moves:
        row = summary[move.player]
        row.decisions += 1
        if move.loss is not None:
            row.evaluated += 1
            total_loss[move.player] += move.loss
        if move.flag is not None:
            row.counts[move.flag] += 1
    for row, total in zip(summary, total_loss, strict=True):
        if row.evaluated:
            row.average_loss = total / row.evaluated
    return summary


# ------------------------------------------------------------------------------------------------ output

def _value(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _rows(review: Review) -> tuple[list[list[str]], list[list[str]]]:
    moves = [[str(m.entry), str(m.player), m.played, _value(m.played_value), m.best, _value(m.best_value),
              _value(m.loss), m.flag or ""] for m in review.moves]
    summary = [[str(s.player), s.seat, str(s.decisions), _value(s.average_loss),
                *(str(s.counts[name]) for name in FLAGS)] for s in review.summary]
    return moves, summary


MOVE_HEADERS = ["entry", "player", "played", "value", "best", "value", "loss", "flag"]
SUMMARY_HEADERS = ["player", "seat", "decisions", "average loss", "inaccuracies", "mistakes", "blunders"]


def _title(review: Review) -> str:
    s = review.settings
    budget = " and ".join(part for part in (f"{s['iterations']:,} iterations" if s["iterations"] else "",
                                            f"{s['seconds']:g} s" if s["seconds"] else "") if part)
    t = review.thresholds
    return (f"review of a {review.game} game ({review.players} players): {s['algorithm']}, {budget} per decision, "
            f"from each mover's own view; loss flags: inaccuracy >= {t.inaccuracy:g}, mistake >= "
            f"{t.mistake:g}, blunder >= {t.blunder:g}")


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
