"""The one progress display: a status line on stderr, redrawn in place while long work runs.

Every display uses it: the arena's games bar (run_arena(progress=True), `cavemind arena`), the 'is thinking'
line of cavemind.play (Thinking), and the commands' lines (analyse's live search, bench's steps, review's
entries). It is shown only where a person watches (the stream is a terminal) unless forced, so that a pipe
or a log file never fills with '\\r' rewrites.
"""
from __future__ import annotations

import math
import shutil
import sys
import threading
import time
from typing import Any, TextIO


class StatusLine:
    """One line on `stream` (stderr by default), rewritten in place with '\\r'. `enabled` None: only when the
    stream is a terminal. `every`: seconds at least between two redraws (a line given sooner waits, and
    close() draws it), so that fast updates cost no terminal time. `elapsed` counts from the creation."""

    def __init__(self, enabled: bool | None = None, stream: TextIO | None = None, every: float = 0.0):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.every = every
        self.start = time.monotonic()
        self.last = -math.inf       # when the line was last drawn
        self.width = 0              # of the longest line drawn since the last erase, to blank it
        self.pending: str | None = None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def show(self, line: str) -> None:
        """Shows `line` now, or at the next redraw when the last one was less than `every` seconds ago."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < self.every:
            self.pending = line
            return
        self.last, self.pending = now, None
        # A line longer than the terminal would wrap, and '\r' would then rewrite only its last part.
        line = line[:shutil.get_terminal_size((100, 24)).columns - 1]
        self._write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))

    def erase(self) -> None:
        """Blanks the line and leaves the cursor at its start: the display leaves no trace."""
        if self.width:
            self._write("\r" + " " * self.width + "\r")
        self.width, self.pending = 0, None

    def close(self) -> None:
        """Draws the line still waiting, if any (where the work ended), and ends the line."""
        if self.pending is not None:
            self.last = -math.inf
            self.show(self.pending)
        if self.width:
            self._write("\n")
        self.width = 0

    def _write(self, text: str) -> None:
        print(text, end="", file=self.stream, flush=True)


def clock(seconds: float) -> str:
    """'1m02s', or '2h05m' from an hour on."""
    whole = int(seconds)
    if whole >= 3600:
        return f"{whole // 3600}h{whole // 60 % 60:02d}m"
    return f"{whole // 60}m{whole % 60:02d}s"


def elapsed_and_left(elapsed: float, done: int, remaining: int) -> str:
    """'1m02s elapsed, ~1m45s left': the time left extrapolated from the `done` items that took `elapsed`
    ('estimating' before the first is done)."""
    left = f"~{clock(elapsed / done * remaining)} left" if done else "estimating"
    return f"{clock(elapsed)} elapsed, {left}"


class Thinking:
    """'player 1 (ismcts) is thinking: 2.4 s' (the text given, then the time) on a status line while a bot
    searches, in a context manager; shown only after a short delay (a quick move leaves no trace), redrawn
    by a thread of its own (the search holds the caller) and erased at the end."""

    DELAY = 0.3      # seconds before the line appears
    EVERY = 0.2      # seconds between redraws

    def __init__(self, text: str, enabled: bool | None = None, file: TextIO | None = None):
        self.text = text
        self.line = StatusLine(enabled, file)
        self.done = threading.Event()
        self.thread: threading.Thread | None = None

    def _show(self) -> None:
        if self.done.wait(self.DELAY):
            return
        while not self.done.is_set():
            self.line.show(f"{self.text}: {self.line.elapsed:.1f} s")
            self.done.wait(self.EVERY)
        self.line.erase()

    def __enter__(self) -> Thinking:
        if self.line.enabled:
            self.thread = threading.Thread(target=self._show, name="cavemind-thinking", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.done.set()
        if self.thread is not None:
            self.thread.join()
