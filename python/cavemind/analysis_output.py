"""How an analysis is shown: a table for people, KataGo-style JSON records for programs.

Shared by `cavemind analyse`, the hint in `cavemind play` and `cavemind engine`, so the three always agree.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import cavemind
from cavemind.search import AnalysisInfo, MoveInfo

PV_SHOWN = 8     # moves of the principal variation in the table; the JSON record has them all


def document_text(doc: dict[str, Any]) -> str:
    """A JSON object with one top-level field per line: positions and records stay readable and diff well."""
    fields = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in doc.items())
    return "{\n" + fields + "\n}\n"


def root_value(info: AnalysisInfo) -> float:
    """The mean value of the root for the player to move: the children's values weighted by their visits."""
    visits = sum(m.visits for m in info.moves)
    return sum(m.value * m.visits for m in info.moves) / visits if visits else 0.0


# Two values this many standard errors apart or more are told apart (about 95% two-sided for a normal difference).
SEPARATION_Z = 1.96


@dataclass(frozen=True)
class BestTwo:
    """The best two moves by visits and whether the search tells their values apart: their difference and its
    standard error (the two moves' errors combined as if independent)."""

    first: MoveInfo
    second: MoveInfo
    difference: float
    stderr: float | None

    @property
    def separated(self) -> bool:
        return self.stderr is not None and abs(self.difference) >= SEPARATION_Z * self.stderr

    def statement(self) -> str:
        spread = f" ± {SEPARATION_Z * self.stderr:.3f}" if self.stderr is not None else ""
        verdict = "" if self.separated else "cannot be told apart at this budget: "
        return (f"{verdict}{self.first.name} {self.first.value:.3f} against {self.second.name} "
                f"{self.second.value:.3f}, a difference of {self.difference:+.3f}{spread} (95%)")


def best_two(info: AnalysisInfo) -> BestTwo | None:
    """The comparison of the two most visited moves, or None with fewer than two."""
    if len(info.moves) < 2:
        return None
    first, second = info.moves[0], info.moves[1]
    stderr = (math.sqrt(first.stderr ** 2 + second.stderr ** 2)
              if first.stderr is not None and second.stderr is not None else None)
    return BestTwo(first, second, first.value - second.value, stderr)


def _error_text(stderr: float | None) -> str:
    return "-" if stderr is None else f"{stderr:.3f}"


def _margin_text(margin: float | None) -> str:
    return "-" if margin is None else f"{margin:+.1f}"


def format_table(info: AnalysisInfo, game_name: str, top: int | None = None, stopped: bool = False) -> str:
    """Candidate moves ranked by visits, with their value for the player to move, its standard error, the mean
    score margin and the principal variation; then whether the best two can be told apart."""
    moves = info.moves[:top] if top else info.moves
    total = sum(m.visits for m in info.moves) or 1
    note = ", stopped early" if stopped else ""
    lines = [f"{game_name}: player {info.player} to move, {info.algorithm}, {info.iterations:,} iterations "
             f"in {info.seconds:.2f} s ({rate_text(info)}){note}"]
    if not moves:
        lines.append("no move was searched (the search stopped before its first iteration)")
        return "\n".join(lines)
    width = max(4, *(len(m.name) for m in moves))
    lines.append(f"{'#':>3}  {'move':<{width}}  {'visits':>9}  {'share':>6}  {'value':>6}  {'± se':>6}  "
                 f"{'margin':>7}  pv")
    for rank, move in enumerate(moves, 1):
        # Notation may contain spaces ("place 1 field"), so moves are separated by commas.
        names = move.pv_names
        pv = ", ".join(names[:PV_SHOWN]) or move.name
        if len(names) > PV_SHOWN:
            pv += ", ..."
        lines.append(f"{rank:>3}  {move.name:<{width}}  {move.visits:>9,}  {move.visits / total:>6.1%}  "
                     f"{move.value:>6.3f}  {_error_text(move.stderr):>6}  {_margin_text(move.margin):>7}  {pv}")
    comparison = best_two(info)
    if comparison is not None:
        lines.append(f"best two: {comparison.statement()}")
    if info.algorithm == "pimc":
        lines.append(PIMC_VALUE_NOTE)
    return "\n".join(lines)


# What PIMC's values are, said under its table (docs/engine-protocol.md says it at length).
PIMC_VALUE_NOTE = ("(pimc: a value is the move's average over the sampled worlds, each searched with its hidden "
                   "parts in view: optimistic when decisions follow the move)")


def rate_text(info: AnalysisInfo) -> str:
    nps = info.nps
    return "instant" if nps == float("inf") else f"{nps:,.0f}/s"


def json_record(info: AnalysisInfo, top: int | None = None, query_id: Any = None, stopped: bool = False,
                warnings: list[str] | None = None, during_search: bool = False) -> dict[str, Any]:
    """One analysis record in the manner of KataGo's analysis engine. Values are for the player to move,
    in [0, 1]; `order` is the rank (0 = best); `pv` is in move notation. `during_search`: a report of the
    statistics so far, with the final record still to come."""
    moves = info.moves[:top] if top else info.moves
    record: dict[str, Any] = {}
    if query_id is not None:
        record["id"] = query_id
    record["isDuringSearch"] = during_search
    record["moveInfos"] = [
        {"move": m.name, "action": m.action, "visits": m.visits, "value": round(m.value, 6),
         "valueStderr": _rounded(m.stderr), "scoreMargin": _rounded(m.margin),
         "scoreMarginStderr": _rounded(m.margin_stderr),
         "pv": m.pv_names or [m.name], "order": order, "available": m.available}
        for order, m in enumerate(moves)]
    record["rootInfo"] = {
        "currentPlayer": info.player, "visits": sum(m.visits for m in info.moves),
        "value": round(root_value(info), 6), "algorithm": info.algorithm, "iterations": info.iterations,
        "seconds": round(info.seconds, 6), "nodes": info.nodes}
    comparison = best_two(info)
    if comparison is not None:
        record["rootInfo"]["bestTwo"] = {
            "moves": [comparison.first.name, comparison.second.name],
            "difference": round(comparison.difference, 6), "stderr": _rounded(comparison.stderr),
            "separated": comparison.separated}
    if stopped:
        record["stopped"] = True
    if not info.moves:
        record["noResults"] = True
    if warnings:
        record["warnings"] = warnings
    return record


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def hidden_information_warning(state: cavemind.State, algorithm: str) -> str | None:
    """MCTS searches the true state, so on a game with hidden information it plays as if it saw everything."""
    if algorithm == "mcts" and state.game.module.HIDDEN_INFORMATION:
        return (f"mcts sees everything, hidden cards included, in this {state.game.name} position; "
                "use ismcts, mo-ismcts or pimc for an analysis from the player's own view")
    return None
