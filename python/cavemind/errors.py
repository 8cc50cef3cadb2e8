"""The exceptions cavemind raises. Every one derives from CavemindError, so one except clause catches all."""
from __future__ import annotations


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



class AmbiguousMoveError(IllegalActionError):
    """A move typed as a prefix that several legal moves' names start with; `candidates` lists those names.
    Nothing is played."""

    def __init__(self, message: str, candidates: list[str] | None = None):
        super().__init__(message)
        self.candidates = list(candidates or [])
