"""A search the user can stop: Ctrl-C ends it early with the best result so far (shared by `analyse`, for one
position or for every decision of a game)."""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any

import cavemind
from cavemind.cli.output import PROGRESS_EVERY
from cavemind.search import AnalysisInfo
from cavemind.settings import SearchSettings


def analyse_interruptibly(state: cavemind.State, settings: SearchSettings,
                          on_report: Callable[[AnalysisInfo], None] | None = None,
                          report_every: float = PROGRESS_EVERY, seed: int = 0) -> tuple[AnalysisInfo, bool]:
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
        with cavemind.analysis(state, settings=settings, seed=seed, stop=stop, progress_every=report_every) as search:
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
