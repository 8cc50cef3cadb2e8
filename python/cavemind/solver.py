"""Exact values of small games: the proofs review uses where a search's estimate is not needed (cavemind.review).

Perfect information (ExactSolver):

A position of a 2-player game without hidden information is solved by depth-first expectimax (the mover takes
the best child for itself, a chance event the probability-weighted mean of its outcomes), with every position
solved kept by its bytes, so that transpositions are solved once. The result is the game-theoretic value: the
return each player gets with best play by both. A position whose game tree holds more positions than the
solver's budget is not solved (None), so a proof is only ever used where it is complete: tic-tac-toe from any
position (5,478 positions from the empty board), the end of a perfect-information game.

Hidden information (EquilibriumSolver): a 2-player zero-sum game whose whole tree is small (Kuhn poker: 58
positions) is solved for an approximate Nash equilibrium by CFR+ (Tammelin 2014; counterfactual regret
minimisation, Zinkevich et al. 2007), each player's information set keyed by their own view of the position. A
move's value is then its expected return against the equilibrium: over the positions the mover cannot tell apart,
weighed by how likely chance and the opponent's equilibrium play make each, with both playing the equilibrium
after it. That is "the value against the opponent's known strategy": exact up to the solver's convergence
(EQUILIBRIUM_ITERATIONS; in Kuhn poker its exploitability is then below 0.001 of a result).
"""
from __future__ import annotations

import json

from cavemind import _core
from cavemind.game import Game, State

DEFAULT_MAX_POSITIONS = 200_000
MAX_GAME_LENGTH = 64          # the solvers search depth first: a game that can run longer is not solved
EQUILIBRIUM_MAX_POSITIONS = 20_000
EQUILIBRIUM_ITERATIONS = 2_000


def _max_game_length(game: Game) -> int:
    """The most actions a game of `game` can take (the C table's bound)."""
    return int(_core.table_info(game._capsule)["max_game_length"])


class _TooLarge(Exception):
    """The position's game tree has more positions than the budget (internal: solve() returns None)."""


class ExactSolver:
    """Solves positions of one game; what it has solved is kept between calls (a review asks many positions of one
    game). Only 2-player games without hidden information can be solved: there a value is the same whatever the
    players know, and the best reply of a zero-sum opponent is unique in value."""

    def __init__(self, game: Game, max_positions: int = DEFAULT_MAX_POSITIONS):
        self.game = game
        self.max_positions = max_positions
        self.solvable = (game.num_players == 2 and not game.module.HIDDEN_INFORMATION
                         and _max_game_length(game) <= MAX_GAME_LENGTH)
        self._values: dict[bytes, tuple[float, ...]] = {}
        self._too_large: set[bytes] = set()

    def solve(self, state: State) -> tuple[float, ...] | None:
        """The game-theoretic returns of `state` (one per player, as State.returns()), or None when the game cannot
        be solved or the position's tree is larger than the budget."""
        if not self.solvable:
            return None
        key = state.to_bytes()
        if key in self._too_large:
            return None
        budget = [self.max_positions]
        try:
            return self._value(state.unmasked(), budget)
        except _TooLarge:
            self._too_large.add(key)
            return None

    def move_values(self, state: State, mover: int) -> dict[int, float] | None:
        """The exact value of every legal move at `state` for `mover`, or None when the position is not solved."""
        values = {}
        for action in state.legal_actions():
            solved = self.solve(state.child(action))
            if solved is None:
                return None
            values[action] = solved[mover]
        return values

    def _value(self, state: State, budget: list[int]) -> tuple[float, ...]:
        key = state.to_bytes()
        known = self._values.get(key)
        if known is not None:
            return known
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLarge
        if state.is_terminal():
            value = tuple(state.returns())
        elif state.is_chance_node():
            totals = [0.0] * self.game.num_players
            for outcome, probability in state.chance_outcomes():
                for player, player_value in enumerate(self._value(state.child(outcome), budget)):
                    totals[player] += probability * player_value
            value = tuple(totals)
        else:
            mover = state.current_player()
            best: tuple[float, ...] | None = None
            for action in state.legal_actions():
                child_value = self._value(state.child(action), budget)
                if best is None or child_value[mover] > best[mover]:
                    best = child_value
            assert best is not None       # a decision node has a legal move
            value = best
        self._values[key] = value
        return value


class _Node:
    """A position of the whole game tree the equilibrium solver holds."""

    __slots__ = ("children", "infoset", "player", "probabilities", "returns")

    def __init__(self) -> None:
        self.player = -1                       # the mover; -1 chance, -2 the end
        self.children: list[tuple[int, _Node]] = []
        self.probabilities: list[float] = []   # chance nodes: each outcome's
        self.infoset = ""                      # decision nodes: the mover's view, as text
        self.returns: tuple[float, ...] = ()


def infoset_key(state: State, player: int) -> str:
    """What `player` knows of `state`: their own view of the position, as canonical text."""
    return json.dumps(state.to_dict(observer=player)["state"], sort_keys=True)


class EquilibriumSolver:
    """An approximate Nash equilibrium of a small 2-player game with hidden information, and the value of each move
    against it (module docstring). Solved once, when first asked."""

    def __init__(self, game: Game, max_positions: int = EQUILIBRIUM_MAX_POSITIONS,
                 iterations: int = EQUILIBRIUM_ITERATIONS):
        self.game = game
        self.max_positions, self.iterations = max_positions, iterations
        self.solvable = (game.num_players == 2 and bool(game.module.HIDDEN_INFORMATION)
                         and _max_game_length(game) <= MAX_GAME_LENGTH)
        self._root: _Node | None = None
        self._regrets: dict[str, list[float]] = {}
        self._average: dict[str, list[float]] = {}
        self._nodes: dict[str, list[tuple[_Node, float]]] = {}   # infoset: (node, reach by chance and opponent)

    def move_values(self, state: State, mover: int) -> dict[int, float] | None:
        """The value of every legal move at `state` for `mover` against the equilibrium, or None when the game is
        too large to solve or `state` is not one of the game's positions from its start."""
        if not self._solve():
            return None
        members = self._nodes.get(infoset_key(state, mover))
        if not members:
            return None
        total = sum(weight for _, weight in members)
        if total <= 0:      # a position the equilibrium never reaches: every world weighs the same
            members, total = [(node, 1.0) for node, _ in members], float(len(members))
        values: dict[int, float] = {}
        for node, weight in members:
            for action, child in node.children:
                values[action] = values.get(action, 0.0) + weight * self._value(child)[mover] / total
        return values

    def strategy(self, state: State, player: int) -> dict[int, float] | None:
        """The equilibrium's probability of each move at `state` for `player` (None as move_values)."""
        if not self._solve():
            return None
        members = self._nodes.get(infoset_key(state, player))
        if not members:
            return None
        node = members[0][0]
        return dict(zip((a for a, _ in node.children), self._average_strategy(node), strict=True))

    # ---------------------------------------------------------------------------------------------- solving

    def _solve(self) -> bool:
        if not self.solvable:
            return False
        if self._root is None:
            budget = [self.max_positions]
            try:
                self._root = self._build(self.game.new_initial_state(), budget)
            except _TooLarge:
                self.solvable = False
                return False
            for iteration in range(1, self.iterations + 1):
                for player in (0, 1):
                    self._cfr(self._root, player, 1.0, 1.0, iteration)
            self._weigh(self._root, 1.0)
        return True

    def _build(self, state: State, budget: list[int]) -> _Node:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLarge
        node = _Node()
        if state.is_terminal():
            node.player, node.returns = -2, tuple(state.returns())
        elif state.is_chance_node():
            for outcome, probability in state.chance_outcomes():
                node.children.append((outcome, self._build(state.child(outcome), budget)))
                node.probabilities.append(probability)
        else:
            node.player = state.current_player()
            node.infoset = infoset_key(state, node.player)
            node.children = [(a, self._build(state.child(a), budget)) for a in state.legal_actions()]
            self._regrets.setdefault(node.infoset, [0.0] * len(node.children))
            self._average.setdefault(node.infoset, [0.0] * len(node.children))
        return node

    def _current_strategy(self, node: _Node) -> list[float]:
        regrets = self._regrets[node.infoset]
        positive = sum(regrets)      # (CFR+ keeps regrets at 0 or above)
        return [r / positive for r in regrets] if positive > 0 else [1.0 / len(regrets)] * len(regrets)

    def _average_strategy(self, node: _Node) -> list[float]:
        weights = self._average[node.infoset]
        total = sum(weights)
        return [w / total for w in weights] if total > 0 else [1.0 / len(weights)] * len(weights)

    def _cfr(self, node: _Node, updating: int, reach_self: float, reach_other: float, iteration: int) -> float:
        """CFR+ with alternating updates: the expected return of `updating` at `node`; `reach_other` includes
        chance."""
        if node.player == -2:
            return node.returns[updating]
        if node.player == -1:
            return sum(p * self._cfr(child, updating, reach_self, reach_other * p, iteration)
                       for p, (_, child) in zip(node.probabilities, node.children, strict=True))
        strategy = self._current_strategy(node)
        if node.player == updating:
            values = [self._cfr(child, updating, reach_self * p, reach_other, iteration)
                      for p, (_, child) in zip(strategy, node.children, strict=True)]
            expected = sum(p * v for p, v in zip(strategy, values, strict=True))
            regrets = self._regrets[node.infoset]
            for i, value in enumerate(values):
                regrets[i] = max(0.0, regrets[i] + reach_other * (value - expected))
            average = self._average[node.infoset]
            for i, p in enumerate(strategy):     # linear averaging, as CFR+ does
                average[i] += iteration * reach_self * p
            return expected
        return sum(p * self._cfr(child, updating, reach_self, reach_other * p, iteration)
                   for p, (_, child) in zip(strategy, node.children, strict=True))

    def _weigh(self, node: _Node, reach: float, by: tuple[float, float] = (1.0, 1.0)) -> None:
        """Records each decision node under its infoset with its reach by chance and the opponent (by[p] is the
        reach of everything but player p's own choices)."""
        if node.player == -2:
            return
        if node.player == -1:
            for p, (_, child) in zip(node.probabilities, node.children, strict=True):
                self._weigh(child, reach * p, (by[0] * p, by[1] * p))
            return
        self._nodes.setdefault(node.infoset, []).append((node, by[node.player]))
        for p, (_, child) in zip(self._average_strategy(node), node.children, strict=True):
            other = 1 - node.player
            self._weigh(child, reach * p, (by[0] * (p if other == 0 else 1.0), by[1] * (p if other == 1 else 1.0)))

    def _value(self, node: _Node) -> tuple[float, ...]:
        """Both players' expected returns at `node` when both play the equilibrium from there."""
        if node.player == -2:
            return node.returns
        weights = node.probabilities if node.player == -1 else self._average_strategy(node)
        totals = [0.0, 0.0]
        for p, (_, child) in zip(weights, node.children, strict=True):
            for player, value in enumerate(self._value(child)):
                totals[player] += p * value
        return tuple(totals)
