"""How an analysis is shown: a table for people, KataGo-style JSON records for programs.

Shared by `cavemind analyse`, the hint in `cavemind play` and `cavemind engine`, so the three always agree.
"""
from __future__ import annotations

import json
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

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
             f"in {info.seconds:.2f} s ({_rate(info)}){note}"]
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


def _rate(info: AnalysisInfo) -> str:
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


PROGRESS_EVERY = 0.25    # seconds between the statistics shown while a search runs in the terminal


def analyse_interruptibly(state: cavemind.State, limit: cavemind.Limit,
                          on_report: Callable[[AnalysisInfo], None] | None = None,
                          report_every: float = PROGRESS_EVERY, **options: Any) -> tuple[AnalysisInfo, bool]:
    """Runs the search in a thread (cavemind.analysis) so that Ctrl-C ends it early with the best result so
    far. `on_report(info)` gets the statistics so far about every `report_every` seconds. Returns the
    analysis and whether it was stopped early.

    In the main thread, Ctrl-C is caught by a SIGINT handler that only sets the stop flag: a KeyboardInterrupt
    raised inside a wait on a lock can leave the lock held, after which the main thread waits on itself
    forever (seen as a hang after Ctrl-C on a loaded machine)."""
    stop = cavemind.StopFlag()
    interrupted = threading.Event()

    def on_sigint(signum: int, frame: Any) -> None:
        stop.set()
        interrupted.set()

    # A process started with SIGINT ignored (a background job) keeps ignoring it.
    own_handler = (threading.current_thread() is threading.main_thread()
                   and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)
    previous = signal.signal(signal.SIGINT, on_sigint) if own_handler else None
    result = None
    try:
        with cavemind.analysis(state, limit, stop=stop, progress_every=report_every, **options) as search:
            while result is None:
                try:
                    info = next(search)
                except KeyboardInterrupt:   # only outside the main thread's handler
                    stop.set()
                    interrupted.set()
                    continue
                if info.final:
                    result = info
                elif on_report is not None:
                    on_report(info)
    finally:
        if own_handler and previous is not None:
            signal.signal(signal.SIGINT, previous)
    return result, interrupted.is_set()


class SearchProgress:
    """One line on stderr, rewritten as a long search runs: time, iterations, rate and the best move so far,
    so that a user knows it is alive (and that Ctrl-C stops it). Shown from half a second on."""

    def __init__(self, enabled: bool, seconds: float | None = None, file: TextIO | None = None):
        self.enabled, self.seconds, self.file = enabled, seconds, file
        self.width = 0     # of the line shown, to blank a longer previous one

    def __call__(self, info: AnalysisInfo) -> None:
        if not self.enabled or info.seconds < 0.5 or not info.moves:
            return
        budget = f" of {self.seconds:g}" if self.seconds else ""
        best = info.best
        line = (f"searching: {info.seconds:.1f} s{budget}, {info.iterations:,} iterations ({_rate(info)}), "
                f"best {best.name} {best.value:.3f}; Ctrl-C stops")
        # A line longer than the terminal would wrap, and '\r' would then rewrite only its last part.
        line = line[:shutil.get_terminal_size((100, 24)).columns - 1]
        print("\r" + line.ljust(self.width), end="", file=self.file or sys.stderr, flush=True)
        self.width = max(self.width, len(line))

    def close(self) -> None:
        if self.width:
            print(file=self.file or sys.stderr, flush=True)


class Thinking:
    """'player 1 (ismcts) is thinking: 2.4 s' (the text given, then the time) on stderr while a bot searches, in
    a context manager; shown only after a short delay (a quick move leaves no trace) and erased at the end."""

    DELAY = 0.3

    def __init__(self, text: str, enabled: bool, file: TextIO | None = None):
        self.text, self.enabled, self.file = text, enabled, file
        self.done = threading.Event()
        self.width = 0
        self.thread: threading.Thread | None = None

    def _show(self) -> None:
        start = time.monotonic()
        if self.done.wait(self.DELAY):
            return
        out = self.file or sys.stderr
        while not self.done.is_set():
            line = f"{self.text}: {time.monotonic() - start:.1f} s"
            print("\r" + line.ljust(self.width), end="", file=out, flush=True)
            self.width = max(self.width, len(line))
            self.done.wait(0.2)
        print("\r" + " " * self.width + "\r", end="", file=out, flush=True)

    def __enter__(self) -> Thinking:
        if self.enabled:
            self.thread = threading.Thread(target=self._show, name="cavemind-thinking", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.done.set()
        if self.thread is not None:
            self.thread.join()
