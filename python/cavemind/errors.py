"""The exceptions cavemind raises. Every one derives from CavemindError, so one except clause catches all.
read_text_file turns the ways reading a file can fail into one of them."""
from __future__ import annotations

import os


class CavemindError(Exception):
    """Base class of every cavemind error."""


class UnknownGameError(CavemindError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(CavemindError, ValueError):
    """An unknown game parameter, or a value of the wrong type or outside its choices."""


class IllegalActionError(CavemindError, ValueError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


class InvalidPlayerError(CavemindError, ValueError):
    """A player index outside 0..players-1."""


class NotChanceNodeError(CavemindError, ValueError):
    """A chance-only operation on a decision node or a finished game."""


class GameNotOverError(CavemindError, ValueError):
    """returns() asked of a game that has not ended."""


class InvalidPositionError(CavemindError, ValueError):
    """A malformed JSON position; the message names the field and the reason."""


class SearchError(CavemindError, ValueError):
    """A search that cannot run: a chance node or a finished game at the root, or a bad limit."""


class EmptyHistoryError(CavemindError, IndexError):
    """State.pop() with no action to take back."""


class InvalidRecordError(CavemindError, ValueError):
    """A malformed game record; the message names the file, the line and the field."""


def read_text_file(path: str | os.PathLike[str], error: type[CavemindError], what: str = "file") -> str:
    """The text (UTF-8) of the file at `path`. A missing or unreadable file, a directory or binary data raises
    `error` with one line naming the path and the reason (`what`: the kind of file expected, as in
    'is a directory, not a record'), never a bare OSError or UnicodeDecodeError."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not a {what}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file") from None
    except OSError as failure:
        raise error(f"{path}: {failure.strerror}") from None
