"""A depth-first search of the mover's own turn, shared by the experts that plan a turn of small decisions.

The search starts from a state rebuilt from the mover's own view, follows the mover's decisions to the end of
the turn (the other player to move, the game over, or a position the caller marks as the turn's end) and
scores each end with the caller's evaluation. A decision of another player inside the turn (a reaction to our
move) is either followed with the caller's model of it (`reply`) or ends the plan there. Chance events inside
the turn are averaged over a few outcomes drawn by a fixed seed, so the same information set always gives the same plan.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


class TurnPlanner:
    """Best value of the mover's own turn from a state; `evaluate(state)` scores a position for `me`,
    `turn_over(state)` (optional) says that a position ends the plan, `reply(state)` (optional) gives the
    action another player is expected to take inside our turn (None: the plan ends there)."""

    def __init__(self, me: int, evaluate: Callable[[State], float], nodes: int = 1500, samples: int = 3,
                 turn_over: Callable[[State], bool] | None = None, reply: Callable[[State], int | None] | None = None,
                 moves: Callable[[State], list[int]] | None = None, per_root: bool = False):
        self.me = me
        self.evaluate = evaluate
        self.limit = nodes
        self.samples = samples
        self.turn_over = turn_over
        self.reply = reply
        self.moves = moves          # moves(state) -> the actions worth searching below the root (None: all)
        self.per_root = per_root    # each root action gets its share of the node budget (wide roots)
        self.memo: dict[bytes, float] = {}
        self.nodes = 0
        self.rng = random.Random(0)

    def value(self, state: State) -> float:
        key = state.to_bytes()
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if state.is_terminal() or self.nodes > self.limit or (self.turn_over is not None and self.turn_over(state)):
            result = self.evaluate(state)
        elif state.is_chance_node():
            result = chance_value(state, self.samples, self.rng, self.value)
        elif state.current_player() != self.me:
            action = self.reply(state) if self.reply is not None else None
            result = self.evaluate(state) if action is None else self.value(state.child(action))
        else:
            actions = (self.moves(state) if self.moves is not None else None) or state.legal_actions()
            result = max(self.value(state.child(a)) for a in actions)
        self.memo[key] = result
        return result

    def best(self, state: State, actions: list[int]) -> int:
        """Index of the action with the best planned value (the first of equals)."""
        if not self.per_root:
            scores = [self.value(state.child(a)) for a in actions]
        else:
            share = max(8, self.limit // len(actions))
            scores = []
            for a in actions:
                self.nodes, self.limit = 0, share
                scores.append(self.value(state.child(a)))
        return max(range(len(actions)), key=lambda i: scores[i])


def chance_value(state: State, samples: int, rng: random.Random, value: Callable[[State], float]) -> float:
    """A chance node's value: the mean of `value` over its outcomes by their probabilities, or over `samples` of
    them drawn by those probabilities where there are more."""
    outcomes = state.chance_outcomes()
    if len(outcomes) > samples:
        picked = rng.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes], k=samples)
        outcomes = [(o, 1.0) for o in picked]
    total = sum(w for _, w in outcomes)
    return sum(w * value(state.child(o)) for o, w in outcomes) / total
