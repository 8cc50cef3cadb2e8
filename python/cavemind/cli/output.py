"""What the commands show on the terminal besides their results: the progress lines on stderr, drawn only
where a person watches (stderr is a terminal, or --progress). The library's own displays stay with it: the
arena's ProgressBar (run_arena(progress=True)) and the 'is thinking' line of cavemind.play."""
from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

from cavemind.analysis_output import rate_text
from cavemind.search import AnalysisInfo

PROGRESS_EVERY = 0.25    # seconds between the statistics shown while a search runs in the terminal



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
        line = (f"searching: {info.seconds:.1f} s{budget}, {info.iterations:,} iterations ({rate_text(info)}), "
                f"best {best.name} {best.value:.3f}; Ctrl-C stops")
        # A line longer than the terminal would wrap, and '\r' would then rewrite only its last part.
        line = line[:shutil.get_terminal_size((100, 24)).columns - 1]
        print("\r" + line.ljust(self.width), end="", file=self.file or sys.stderr, flush=True)
        self.width = max(self.width, len(line))

    def close(self) -> None:
        if self.width:
            print(file=self.file or sys.stderr, flush=True)


class Progress:
    """A one-line progress display on stderr (only when it is a terminal, or when forced)."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.done, self.enabled, self.start = total, 0, enabled, time.monotonic()

    def step(self, label: str) -> None:
        if self.enabled:
            elapsed = time.monotonic() - self.start
            left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
            print(f"\r[{self.done + 1}/{self.total}] {label:<40} {elapsed:5.1f}s elapsed, ~{left:4.1f}s left",
                  end="", file=sys.stderr, flush=True)
        self.done += 1

    def close(self) -> None:
        if self.enabled:
            print(file=sys.stderr)

