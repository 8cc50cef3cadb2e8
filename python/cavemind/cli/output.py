"""What the commands show on the terminal besides their results: their progress lines on stderr, drawn with
the library's one display (cavemind.progress.StatusLine) only where a person watches (stderr is a terminal,
or --progress)."""
from __future__ import annotations

import argparse

from cavemind.analysis_output import rate_text
from cavemind.progress import StatusLine
from cavemind.search import AnalysisInfo

PROGRESS_EVERY = 0.25    # seconds between the statistics shown while a search runs in the terminal


def status_line(args: argparse.Namespace, every: float = 0.0) -> StatusLine:
    """The command's status line on stderr: shown when stderr is a terminal, or always with --progress."""
    return StatusLine(True if args.progress else None, every=every)


def search_line(info: AnalysisInfo, seconds: float | None) -> str | None:
    """`searching: 3.1 s of 10, 1,234,567 iterations (398,000/s), best b1 0.505; Ctrl-C stops`: what a long
    search has done so far (`seconds`: its time budget, if any), so that a user knows it is alive and that
    Ctrl-C stops it. None in the first half second (a short search shows nothing) or before any move."""
    if info.seconds < 0.5 or not info.moves:
        return None
    budget = f" of {seconds:g}" if seconds else ""
    best = info.best
    return (f"searching: {info.seconds:.1f} s{budget}, {info.iterations:,} iterations ({rate_text(info)}), "
            f"best {best.name} {best.value:.3f}; Ctrl-C stops")
