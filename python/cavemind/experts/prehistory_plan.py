"""The Prehistory expert's turn search: a depth-first search of the mover's own turn (a copy of the shared
`TurnPlanner`, changed for Prehistory's long turns: the node budget goes to the moves that are not
development-point trades first, each trade only looks a few positions deep, and the caller may narrow the
moves searched below the first decision, e.g. to the cheapest payment).

The search starts from a state rebuilt from the mover's own view, follows the mover's decisions to the end of
the turn (another player to move, or the game over) and scores each end with the caller's evaluation. Chance
events inside the turn are averaged over a few outcomes drawn by a fixed seed, so the same information set
always gives the same plan.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from cavemind.experts.turn_planner import chance_value

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


class PrehistoryPlanner:
    """Best value of the mover's own turn from a state; `evaluate(state)` scores a position for `me`;
    `moves(state)` gives the actions searched below the first decision (empty: all legal ones);
    `is_trade(state, action)` marks the first decisions that get only `trade_nodes` positions each; where the
    budget runs out inside an action (`unfinished(state)`), the action is finished greedily before scoring."""

    def __init__(self, me: int, evaluate: Callable[[State], float], nodes: int,
                 moves: Callable[[State], list[int]], is_trade: Callable[[State, int], bool],
                 trade_nodes: int = 40, samples: int = 2, unfinished: Callable[[State], bool] | None = None):
        self.me = me
        self.evaluate = evaluate
        self.total = nodes
        self.limit = nodes
        self.samples = samples
        self.moves = moves
        self.is_trade = is_trade
        self.trade_nodes = trade_nodes
        self.unfinished = unfinished  # unfinished(state): an action is under way (finished greedily at a cut)
        self.memo: dict[bytes, float] = {}
        self.nodes = 0
        self.cut = 0           # positions scored before the turn's end because the budget ran out
        self.rng = random.Random(0)

    def value(self, state: State) -> float:
        key = state.to_bytes()
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        cut = self.cut
        if state.is_terminal():
            result = self.evaluate(state)
        elif self.nodes > self.limit:
            self.cut += 1
            return self.evaluate(self.finish(state))
        elif state.is_chance_node():
            result = chance_value(state, self.samples, self.rng, self.value)
        elif state.current_player() != self.me:
            result = self.evaluate(state)
        else:
            actions = self.moves(state) or state.legal_actions()
            result = max(self.value(state.child(a)) for a in actions)
        if self.cut == cut:     # only a value searched to the turn's end is kept (a cut-off one may be shallow)
            self.memo[key] = result
        return result

    def finish(self, state: State) -> State:
        """The budget ran out: an action under way (paying, moving shamans, the footing, a member's move) is
        finished greedily, each step the child of the best score, so no plan is scored with its gain taken and
        its price not yet paid."""
        steps = 0
        while (self.unfinished is not None and steps < 30 and not state.is_terminal() and not state.is_chance_node()
               and state.current_player() == self.me and self.unfinished(state)):
            state = max((state.child(a) for a in state.legal_actions()), key=self.evaluate)
            steps += 1
        return state

    def best(self, state: State, actions: list[int]) -> int:
        """Index of the action with the best planned value (the first of equals)."""
        trades = [self.is_trade(state, a) for a in actions]
        main = sum(1 for t in trades if not t)
        share = max(8, (self.total - self.trade_nodes * (len(actions) - main)) // max(1, main))
        scores = [0.0] * len(actions)
        for i in sorted(range(len(actions)), key=lambda i: trades[i]):   # the main moves first
            self.nodes, self.limit = 0, (self.trade_nodes if trades[i] else share)
            scores[i] = self.value(state.child(actions[i]))
        return max(range(len(actions)), key=lambda i: scores[i])
