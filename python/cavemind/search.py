"""Analysis: run one of the search algorithms on a state and read its statistics (chess.engine style)."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from cavemind import _core
from cavemind.errors import SearchError

ALGORITHMS = ("mcts", "ismcts", "mo-ismcts", "pimc")
StopFlag = _core.StopFlag


@dataclass(frozen=True)
class Limit:
    """How long to search: iterations in total (shared by the threads), seconds, or both (the first to
    run out ends the search). Memory caps each thread's tree; `threads` > 1 is root parallelism."""

    iterations: int | None = None
    seconds: float | None = None
    threads: int = 1
    memory_mb: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise SearchError("Limit needs iterations or seconds")
        if self.iterations is not None and (not isinstance(self.iterations, int) or self.iterations < 1):
            raise SearchError(f"Limit.iterations={self.iterations!r}: must be a positive integer")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float)) and self.seconds > 0):
            raise SearchError(f"Limit.seconds={self.seconds!r}: must be a positive number")
        if not isinstance(self.threads, int) or not 1 <= self.threads <= 256:
            raise SearchError(f"Limit.threads={self.threads!r}: must be an integer from 1 to 256")
        if self.memory_mb is not None and not self.memory_mb > 0:
            raise SearchError(f"Limit.memory_mb={self.memory_mb!r}: must be positive")

    def max_nodes(self) -> int:
        if self.memory_mb is None:
            return 0
        return max(16, int(self.memory_mb * 2**20 / _core.NODE_BYTES / self.threads))


@dataclass
class MoveInfo:
    """Statistics of one root action. `value` is the mean return for the player to move, in [0, 1];
    `available` counts the iterations in which the action was legal (ISMCTS); `pv` is the principal
    variation starting with this action."""

    action: int
    name: str
    visits: int
    value: float
    available: int
    pv: list[int] = field(default_factory=list)
    _root: object = field(default=None, repr=False, compare=False)

    @property
    def pv_names(self) -> list[str]:
        """The principal variation in notation, as far as it can be replayed on the searched state (a
        chance event or a hidden move ends it). Computed on demand: naming moves is slow next to search."""
        return _pv_names(self._root, self.pv) if self._root is not None else []


@dataclass
class AnalysisInfo:
    """The result of analyse(): moves best first (most visits; ties: value, then lower action id)."""

    player: int
    algorithm: str
    moves: list[MoveInfo]
    iterations: int
    seconds: float
    nodes: int

    @property
    def best(self) -> MoveInfo:
        return self.moves[0]

    @property
    def pv(self) -> list[int]:
        return self.moves[0].pv

    @property
    def nps(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else math.inf


def _pv_names(state, pv: list[int]) -> list[str]:
    """Names along the principal variation, as long as the moves can be replayed on the true state
    (chance and hidden moves in between end it)."""
    names, walk = [], state.clone()
    for action in pv:
        if walk.is_chance_node() or action not in walk.legal_actions():
            break
        names.append(walk.action_to_string(action))
        walk.apply(action)
    return names


def analyse(state, limit: Limit | None = None, *, algorithm: str = "ismcts", exploration: float = 0.7,
            rollout_depth: int | None = None, determinizations: int = 8, seed: int = 0,
            stop: StopFlag | None = None, on_progress: Callable[[AnalysisInfo], None] | None = None,
            progress_every: float = 1.0) -> AnalysisInfo:
    """Searches `state` (a decision node) and returns per-move statistics for the player to move.

    ISMCTS (the default), MO-ISMCTS and PIMC decide from the mover's information set only; MCTS searches
    the true state and so sees hidden information. One thread with a given seed is reproducible.
    `on_progress(info)` is called every `progress_every` seconds with the statistics so far (in the calling
    thread, while the search threads pause); it does not change the result."""
    limit = limit or Limit(iterations=1000)
    if algorithm not in ALGORITHMS:
        raise SearchError(f"algorithm {algorithm!r}: expected one of {', '.join(ALGORITHMS)}")
    if state.current_player() < 0:
        raise SearchError("analyse needs a decision node, not a chance node or a finished game")
    if not exploration >= 0:
        raise SearchError(f"exploration={exploration!r}: must be >= 0")
    if not 1 <= determinizations <= 64:
        raise SearchError(f"determinizations={determinizations!r}: must be 1..64")
    if on_progress is not None and not (isinstance(progress_every, (int, float)) and progress_every > 0):
        raise SearchError(f"progress_every={progress_every!r}: must be a positive number of seconds")
    root = state.clone()

    def report(raw: dict) -> None:
        on_progress(_analysis_info(raw, root, algorithm))

    raw = _core.search(
        state, algorithm, iterations=limit.iterations or 0, seconds=limit.seconds or 0.0,
        threads=limit.threads, max_nodes=limit.max_nodes(), exploration=exploration,
        rollout_depth=-1 if rollout_depth is None else rollout_depth, determinizations=determinizations,
        seed=seed, stop=stop, on_report=report if on_progress is not None else None,
        report_every=progress_every if on_progress is not None else 0.0)
    return _analysis_info(raw, root, algorithm)


def _analysis_info(raw: dict, root, algorithm: str) -> AnalysisInfo:
    """AnalysisInfo from the core's statistics dict; `root` is a copy of the position searched."""
    moves = []
    for action, (visits, total, available) in raw["moves"].items():
        pv = raw["pv"].get(action, [action])
        moves.append(MoveInfo(action=action, name=root.action_to_string(action), visits=visits,
                              value=total / visits if visits else 0.0, available=available, pv=pv, _root=root))
    moves.sort(key=lambda m: (-m.visits, -m.value, m.action))
    return AnalysisInfo(player=raw["player"], algorithm=algorithm, moves=moves, iterations=raw["iterations"],
                        seconds=raw["seconds"], nodes=raw["nodes"])
