"""Playing strength levels, 1 (a beginner) to 10 (the strongest, about a second a move): what each level means.

A level sets two things of a search bot (cavemind.bots.SearchBot, bot specifications `ismcts:level=3`, `cavemind
play --level`, the engine's `level`):
- the budget: 2 ** (level - 10) seconds a move, from 1 s at level 10 down to 2 ms at level 1, each level half the
  time of the next (a search budget given beside the level replaces it);
- below level 8, how it chooses: not always the most visited move, but a move drawn among the good ones, those
  the search tried at least GOOD_SHARE as often as its best, with a probability proportional to
  exp((value - best value) / temperature). The temperature grows as the level falls, so a weak level plays the
  second- or third-best move often, and a clearly bad one almost never: a weaker person, not random blunders.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cavemind.search import MoveInfo
from cavemind.settings import BY_NAME, SearchSettings

LEVELS = range(1, 11)
TOP_LEVEL = 10
GOOD_SHARE = 0.05          # a move the search tried less often than this share of its best's is not a candidate
TEMPERATURE = {1: 0.10, 2: 0.08, 3: 0.065, 4: 0.05, 5: 0.035, 6: 0.02, 7: 0.01}   # in value units; 8-10: none


def level_seconds(level: int) -> float:
    """The search time a move of `level` (1 to 10) takes."""
    return 2.0 ** (level - TOP_LEVEL)


def with_level_budget(settings: SearchSettings, level: int | None) -> SearchSettings:
    """`settings` with `level`'s search time when they give no budget of their own (unchanged without a level).
    The level is checked by its setting record (SearchError naming it)."""
    if level is None or settings.iterations is not None or settings.seconds is not None:
        return settings
    return settings.replace(seconds=level_seconds(BY_NAME["level"].check(level)))


def level_temperature(level: int) -> float:
    """The temperature of `level`'s choice among good moves (0: always the most visited)."""
    return TEMPERATURE.get(level, 0.0)


def choose(moves: Sequence[MoveInfo], temperature: float, rng: random.Random) -> MoveInfo:
    """A move of an analysis drawn as a level chooses (the module's docstring); the first, most visited move when
    the temperature is 0."""
    best = moves[0]
    if temperature <= 0 or len(moves) < 2:
        return best
    good = [m for m in moves if m.visits > 0 and m.visits >= GOOD_SHARE * best.visits]
    top = max(m.value for m in good)
    weights = [math.exp((m.value - top) / temperature) for m in good]
    return rng.choices(good, weights=weights)[0]
