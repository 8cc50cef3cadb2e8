"""The web page's rule for clicking the board (python/cavemind/web/static/app.js, markBoardTargets), in Python for
the tests of the pictures' click targets: an element whose class attribute is `<kind> <target> ...`, kind one of
PLACE_KINDS, is clickable for the legal moves whose names (lower-cased, split at whitespace) hold the target as a
word, or the target's parts between "-" as consecutive words. A click plays the move when only one matches, and
otherwise marks the matching moves in the list."""
from __future__ import annotations

import re
from pathlib import Path

import cavemind

APP_JS = Path(cavemind.__file__).parent / "web" / "static" / "app.js"


def place_kinds() -> list[str]:
    """The kinds of places the page knows, read from the page itself so that the two cannot drift apart."""
    found = re.search(r"const PLACE_KINDS = \[([^\]]*)\]", APP_JS.read_text(encoding="utf-8"))
    assert found, "PLACE_KINDS not found in app.js"
    return re.findall(r"\"([^\"]+)\"", found.group(1))


PLACE_KINDS = place_kinds()


def word_runs(move: str) -> set[tuple[str, ...]]:
    """Every run of consecutive words of a move's name: the targets the page would match it with, as words."""
    words = move.lower().split()
    return {tuple(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}


def target_runs(target: str) -> set[tuple[str, ...]]:
    """The runs of move words a target stands for: the target as one word, or its parts between "-" in a row."""
    return {(target.lower(),), tuple(target.lower().split("-"))}


def matches(target: str, move: str) -> bool:
    return bool(target_runs(target) & word_runs(move))
