"""Checks shared by the games' Python edges (positions, notation): one definition each."""
from __future__ import annotations

import operator
from typing import Any


def action_id(action: Any, limit: int, game: str) -> int:
    """`action` as an int in 0..limit-1, else ValueError naming it: never an OverflowError from a C int or a
    read outside the game's tables."""
    try:
        value = operator.index(action)
    except TypeError:
        value = None
    if value is None or isinstance(action, bool) or not 0 <= value < limit:
        raise ValueError(f"action {action!r}: not an action id of {game} (0..{limit - 1})")
    return value
