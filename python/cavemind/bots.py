"""Bots: objects with step(state) -> action, for play, arenas and tests."""
from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING

from cavemind.errors import SearchError
from cavemind.search import AnalysisInfo, Limit, SearchTree, analyse, check_search_options

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


class Bot(abc.ABC):
    """A player. step() returns the action to play at a decision node of the bot's seat."""

    name = "bot"
    # a searching bot sets it to the AnalysisInfo of its last step (game records)
    last_analysis: AnalysisInfo | None = None

    @abc.abstractmethod
    def step(self, state: State) -> int:
        """The action to play in `state`, chosen from the mover's information set."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class RandomBot(Bot):
    """Uniformly random legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(_seed(seed))

    def step(self, state: State) -> int:
        _require_decision(state)
        return self._rng.choice(state.legal_actions())


class HeuristicBot(Bot):
    """Greedy one-step look-ahead on the game's heuristic: plays the action whose resulting state (after
    sampling any chance events that follow, `samples` times) gives the mover the best estimate.
    Ties are broken at random. It reads only the mover's information set: each evaluation runs on a
    determinization from the mover's view."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 4):
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise SearchError(f"samples={samples!r}: must be a positive integer")
        self._rng = random.Random(_seed(seed))
        self.samples = samples

    def step(self, state: State) -> int:
        _require_decision(state)
        player = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores = {a: 0.0 for a in actions}
        for _ in range(self.samples):
            view = state.determinize(player, self._rng.getrandbits(63))
            for action in actions:
                after = view.child(action)
                while after.is_chance_node():
                    after.apply(after.sample_chance(self._rng.getrandbits(63)))
                scores[action] += after.heuristic()[player]
        best = max(scores.values())
        return self._rng.choice([a for a in actions if scores[a] >= best - 1e-12])


class SearchBot(Bot):
    """A bot that runs analyse() with one algorithm and plays its best move."""

    algorithm = "ismcts"

    def __init__(self, iterations: int | None = 1000, seconds: float | None = None, threads: int = 1,
                 exploration: float | None = None, rollout_depth: int | None = None, determinizations: int = 8,
                 memory_mb: float | None = None, rollout_policy: str | None = None,
                 chance_branching: int | None = None, implicit_minimax: float | None = None,
                 reuse_tree: bool = False, seed: int | None = 0):
        self.limit = Limit(iterations=iterations, seconds=seconds, threads=threads, memory_mb=memory_mb)
        check_search_options(exploration, rollout_depth, determinizations, rollout_policy, chance_branching,
                             implicit_minimax)
        if reuse_tree not in (False, True):   # (0 and 1 too: bot specifications give integers)
            raise SearchError(f"reuse_tree={reuse_tree!r}: must be True or False (1 or 0)")
        # Tree reuse: each search continues the subtree of the position the game reached since the last one.
        self.tree = SearchTree() if reuse_tree else None
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.chance_branching = chance_branching
        self.implicit_minimax = implicit_minimax
        self.rollout_depth = rollout_depth
        self.determinizations = determinizations
        self._rng = random.Random(_seed(seed))
        self.name = self.algorithm
        self.last_analysis: AnalysisInfo | None = None   # behind the last step (None if it did not search)

    def step(self, state: State) -> int:
        _require_decision(state)
        actions = state.legal_actions()
        self.last_analysis = None
        if len(actions) == 1:
            return actions[0]
        info = analyse(state, self.limit, algorithm=self.algorithm, exploration=self.exploration,
                       rollout_depth=self.rollout_depth, determinizations=self.determinizations,
                       rollout_policy=self.rollout_policy, chance_branching=self.chance_branching,
                       implicit_minimax=self.implicit_minimax, seed=self._rng.getrandbits(63), tree=self.tree)
        self.last_analysis = info
        return info.best.action

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.limit}>"


class MCTSBot(SearchBot):
    """UCT on the true state: it sees hidden information (a 'cheating' upper bound in such games)."""

    algorithm = "mcts"


class ISMCTSBot(SearchBot):
    """Single-observer ISMCTS: decides from its own information set only."""

    algorithm = "ismcts"


class MOISMCTSBot(SearchBot):
    """Multi-observer ISMCTS: one tree per player, for games with hidden opponent moves."""

    algorithm = "mo-ismcts"


class PIMCBot(SearchBot):
    """Determinized UCT over several sampled worlds, votes summed."""

    algorithm = "pimc"


def _seed(seed: int | None) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SearchError(f"seed={seed!r}: must be an integer or None")
    return seed


def _require_decision(state: State) -> None:
    if state.current_player() < 0:
        raise SearchError("a bot moves only at a decision node")
