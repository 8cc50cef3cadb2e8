"""Reading what users hand in: a text file, and JSON no deeper than MAX_NESTING levels.

Every reader of user input (positions, game records, saved games, the files the command line names and the
engine's lines) goes through these, so that a missing file, a binary file or a hostile document gets the
reader's own error with one line naming the reason, never an OSError, a UnicodeDecodeError or a
RecursionError from the parser's stack.
"""
from __future__ import annotations

import gzip
import itertools
import json
import os
import re
from typing import Any

from cavemind.errors import CavemindError

# A position, a record line or an engine message is a few levels deep (a position's state nests about six);
# the limit keeps one hostile document from exhausting the JSON parser's stack, or ours.
MAX_NESTING = 64
TOO_DEEP = f"nested too deeply (more than {MAX_NESTING} levels)"
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_CONTAINERS = (dict, list, tuple)
_SCALARS = frozenset({str, int, float, bool, type(None)})


GZIP_MAGIC = b"\x1f\x8b"      # the first bytes of gzip data


def is_compressed(path: str | os.PathLike[str]) -> bool:
    """Whether the file at `path` is gzip data (whatever its name); False when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(2) == GZIP_MAGIC
    except OSError:
        return False                     # read_text_file says why it cannot be read


def read_text_file(path: str | os.PathLike[str], error: type[CavemindError], what: str = "file") -> str:
    """The text (UTF-8) of the file at `path`, decompressed when it is gzip data (the results files kept in
    benchmarks/results, a compressed record). A missing or unreadable file, a directory, binary data or broken
    compressed data raises `error` with one line naming the path and the reason (`what`: the kind of file
    expected, as in 'is a directory, not a record'), never a bare OSError or UnicodeDecodeError."""
    try:
        if is_compressed(path):
            with gzip.open(path, "rt", encoding="utf-8") as compressed:
                return compressed.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not a {what}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file") from None
    except (EOFError, gzip.BadGzipFile) as failure:
        raise error(f"{path}: broken compressed data ({failure or 'cut short'})") from None
    except OSError as failure:
        raise error(f"{path}: {failure.strerror or failure}") from None


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (brackets inside strings do not count); 0 without
    looking further when the text has at most MAX_NESTING brackets, which is every sensible document."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return 0
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))       # the running sum, in C: no loop here
    return max(itertools.accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def too_deep(value: Any) -> bool:
    """Whether the lists and dicts of an already parsed document nest more than MAX_NESTING levels (a list or
    a dict is one level, as a bracket is in nesting_depth). Walked level by level without recursion, each
    container once per level, and only down to the limit, so a document that contains itself is too deep
    rather than endless."""
    level = [value] if isinstance(value, _CONTAINERS) else []
    for _ in range(MAX_NESTING):
        inside: dict[int, Any] = {}
        for node in level:
            children = node.values() if isinstance(node, dict) else node
            if _SCALARS.issuperset(map(type, children)):
                continue                # a list of numbers, say: no container in it, found without a loop
            for child in children:
                if isinstance(child, _CONTAINERS):
                    inside[id(child)] = child
        if not inside:
            return False
        level = list(inside.values())
    return True


def check_nesting(value: Any, error: type[CavemindError], where: str) -> None:
    """Raises `error` ("{where}: nested too deeply (more than 64 levels)") when `value`, a JSON text or an
    already parsed document, nests more than MAX_NESTING levels."""
    deep = nesting_depth(value) > MAX_NESTING if isinstance(value, str) else too_deep(value)
    if deep:
        raise error(f"{where}: {TOO_DEEP}")


def load_json(text: str, error: type[CavemindError], where: str, locate: bool = True) -> Any:
    """json.loads(text) within the nesting limit: a text nested more than MAX_NESTING levels, checked before the
    parser could run out of stack, and invalid JSON raise `error` naming `where` ("{where}: not valid JSON
    (...)"). `locate`: the parser's reason says the line and column; a reader of JSON lines, which names the
    line itself, passes False to give the reason alone."""
    check_nesting(text, error, where)
    try:
        return json.loads(text)
    except RecursionError:      # a fallback: the depth check above comes first
        raise error(f"{where}: {TOO_DEEP}") from None
    except json.JSONDecodeError as failure:
        raise error(f"{where}: not valid JSON ({failure if locate else failure.msg})") from None
