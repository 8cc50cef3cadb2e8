"""How an analysis is shown: a table for people, KataGo-style JSON records for programs.

Shared by `cavemind analyse`, the hint in `cavemind play` and `cavemind engine`, so the three always agree.
"""
from __future__ import annotations

import json
from typing import Any

import cavemind
from cavemind.search import AnalysisInfo

PV_SHOWN = 8     # moves of the principal variation in the table; the JSON record has them all


def document_text(doc: dict[str, Any]) -> str:
    """A JSON object with one top-level field per line: positions and records stay readable and diff well."""
    fields = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in doc.items())
    return "{\n" + fields + "\n}\n"


def root_value(info: AnalysisInfo) -> float:
    """The mean value of the root for the player to move: the children's values weighted by their visits."""
    visits = sum(m.visits for m in info.moves)
    return sum(m.value * m.visits for m in info.moves) / visits if visits else 0.0


def format_table(info: AnalysisInfo, game_name: str, top: int | None = None, stopped: bool = False) -> str:
    """Candidate moves ranked by visits, with their value for the player to move and the principal variation."""
    moves = info.moves[:top] if top else info.moves
    total = sum(m.visits for m in info.moves) or 1
    note = ", stopped early" if stopped else ""
    lines = [f"{game_name}: player {info.player} to move, {info.algorithm}, {info.iterations:,} iterations "
             f"in {info.seconds:.2f} s ({rate_text(info)}){note}"]
    if not moves:
        lines.append("no move was searched (the search stopped before its first iteration)")
        return "\n".join(lines)
    width = max(4, *(len(m.name) for m in moves))
    lines.append(f"{'#':>3}  {'move':<{width}}  {'visits':>9}  {'share':>6}  {'value':>6}  pv")
    for rank, move in enumerate(moves, 1):
        # Notation may contain spaces ("place 1 field"), so moves are separated by commas.
        names = move.pv_names
        pv = ", ".join(names[:PV_SHOWN]) or move.name
        if len(names) > PV_SHOWN:
            pv += ", ..."
        lines.append(f"{rank:>3}  {move.name:<{width}}  {move.visits:>9,}  {move.visits / total:>6.1%}  "
                     f"{move.value:>6.3f}  {pv}")
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
         "pv": m.pv_names or [m.name], "order": order, "available": m.available}
        for order, m in enumerate(moves)]
    record["rootInfo"] = {
        "currentPlayer": info.player, "visits": sum(m.visits for m in info.moves),
        "value": round(root_value(info), 6), "algorithm": info.algorithm, "iterations": info.iterations,
        "seconds": round(info.seconds, 6), "nodes": info.nodes}
    if stopped:
        record["stopped"] = True
    if not info.moves:
        record["noResults"] = True
    if warnings:
        record["warnings"] = warnings
    return record


def hidden_information_warning(state: cavemind.State, algorithm: str) -> str | None:
    """MCTS searches the true state, so on a game with hidden information it plays as if it saw everything."""
    if algorithm == "mcts" and state.game.module.HIDDEN_INFORMATION:
        return (f"mcts sees everything, hidden cards included, in this {state.game.name} position; "
                "use ismcts, mo-ismcts or pimc for an analysis from the player's own view")
    return None
