"""Analysis: run one of the search algorithms on a state and read its statistics (chess.engine style)."""
from __future__ import annotations

import functools
import math
import os
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cavemind import _core
from cavemind.errors import CavemindError, SearchError
from cavemind.games import search_defaults
from cavemind.settings import BY_NAME, DEFAULT_ITERATIONS, LIMIT_FIELDS, MAX_THREADS, SearchSettings

if TYPE_CHECKING:      # for annotations only: cavemind.game is free to import this module
    from cavemind.game import Game, State

ALGORITHMS: tuple[str, ...] = BY_NAME["algorithm"].choices
ROLLOUT_POLICIES: tuple[str, ...] = BY_NAME["rollout_policy"].choices
StopFlag = _core.StopFlag
SearchTree = _core.SearchTree

# Bounds and defaults of the settings, read from their records (cavemind.settings; docs/settings.md); kept here
# under their old names.
__all__ = ["DEFAULT_ITERATIONS", "MAX_THREADS"]
MAX_ITERATIONS: int = _core.MAX_ITERATIONS
DEFAULT_DETERMINIZATIONS: int = BY_NAME["determinizations"].default


def _is_real(value: object) -> bool:
    """A finite int or float, not a bool (True is an int to Python, never a meaningful budget here)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class Limit:
    """How long to search: iterations in total (shared by the threads, at least one each), seconds, or both
    (the first to run out ends the search). Memory caps each thread's tree; `threads` > 1 is root
    parallelism. Every field is checked here, by its record in cavemind.settings (a Limit is immutable and can be
    pickled).

    :raises SearchError: neither `iterations` nor `seconds` is given, or a field is out of range (the message
        names the field)."""

    iterations: int | None = None
    """Search iterations in total, shared by the threads (each runs at least one): 1 to 2**31-1."""

    seconds: float | None = None
    """Wall-clock time in seconds, a positive finite number. With `iterations` too, the first to run out
    ends the search."""

    threads: int = 1
    """Search threads (root parallelism: one tree each, statistics summed): 1 to 256, at most
    `iterations`."""

    memory_mb: float | None = None
    """MB of tree nodes per thread; when full, the search goes on without adding nodes. None: a share of
    the machine's memory."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise SearchError("Limit needs iterations or seconds")
        for name in LIMIT_FIELDS:
            value = getattr(self, name)
            if value is not None or _LIMIT_DEFAULTS[name] is not None:    # (threads=None is no thread count)
                BY_NAME[name].check(value, owner="Limit.")
        # Each thread runs at least one iteration, so more threads than iterations would run more
        # iterations than asked: refused rather than silently exceeding the budget.
        if self.iterations is not None and self.threads > self.iterations:
            raise SearchError(f"Limit.threads={self.threads!r}: more threads than iterations "
                              f"({self.iterations}); each thread runs at least one iteration")

    def max_nodes(self) -> int:
        """The node cap per thread for memory_mb (0: none given, the core's default)."""
        if self.memory_mb is None:
            return 0
        return int(_core.max_nodes_per_thread(self.memory_mb, self.threads))

    def settings(self) -> dict[str, Any]:
        """The fields as search settings, by name."""
        return {name: getattr(self, name) for name in LIMIT_FIELDS}


_LIMIT_DEFAULTS = {name: spec.default for name, spec in Limit.__dataclass_fields__.items()}


def check_memory(limit: Limit | SearchSettings) -> None:
    """Refuses a memory limit the machine cannot give. An iteration budget needs no check: the core grows
    each tree on demand, up to memory_mb or, without one, a share of the machine's memory
    (_core.DEFAULT_MEMORY_SHARE), and then goes on searching without adding nodes."""
    total = physical_memory()
    if total is None or limit.memory_mb is None:
        return
    threads = limit.threads or 1
    if limit.memory_mb * 2**20 * threads > total:
        raise SearchError(f"Limit.memory_mb={limit.memory_mb:g}: {threads} thread(s) of that exceed this "
                          f"machine's memory ({total / 2**20:,.0f} MB)")


@dataclass
class MoveInfo:
    """Statistics of one root action (part of an AnalysisInfo; it can be pickled and deep-copied)."""

    action: int
    """The action id."""

    name: str
    """The action's notation at the searched position."""

    visits: int
    """Iterations that chose this action at the root."""

    value: float
    """The mean return for the player to move, in [0, 1] (for PIMC: averaged over the sampled worlds)."""

    available: int
    """Iterations in which the action was legal (ISMCTS: it differs between determinizations)."""

    stderr: float | None = None
    """The standard error of `value`: the spread of this search's returns through the action over the square
    root of their number (None below two). A search's returns are not independent draws (the tree learns as it
    goes), so this is the usual approximation, not an exact interval; it shrinks as the move is searched more."""

    margin: float | None = None
    """The mean score margin of the player to move over the best other player where this search's playouts
    through the action ended (the game's end, or the cut-off where the game's heuristic is read: the score
    then), in the game's points. Unlike `value` it still tells moves apart in a decided game."""

    margin_stderr: float | None = None
    """The standard error of `margin`, as `stderr` is of `value`."""

    pv: list[int] = field(default_factory=list)
    """The principal variation, starting with this action."""

    _root: State | None = field(default=None, repr=False, compare=False)

    @property
    def pv_names(self) -> list[str]:
        """The principal variation in notation, as far as it can be replayed on the searched state (a
        chance event or a hidden move ends it). Computed on demand: naming moves is slow next to search."""
        return _pv_names(self._root, self.pv) if self._root is not None else []


@dataclass
class AnalysisInfo:
    """The result of analyse(), or a report of the statistics so far (it can be pickled and deep-copied)."""

    player: int
    """The player to move at the searched position."""

    algorithm: str
    """The algorithm that searched: one of ALGORITHMS."""

    moves: list[MoveInfo]
    """Every root action, best first: most visits; ties: higher value, then lower action id."""

    iterations: int
    """Iterations run (all threads)."""

    seconds: float
    """Wall-clock time of the search."""

    nodes: int
    """Tree nodes allocated (all threads)."""

    final: bool = True
    """True for a search's result, False for a report of the statistics so far (analysis(),
    on_progress)."""

    stopped: bool = False
    """True when a stop request ended the search before its budget ran out."""

    @property
    def best(self) -> MoveInfo:
        """The most visited move (moves[0])."""
        return self.moves[0]

    @property
    def pv(self) -> list[int]:
        """The best move's principal variation."""
        return self.moves[0].pv

    @property
    def nps(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else math.inf


def _pv_names(state: State, pv: list[int]) -> list[str]:
    """Names along the principal variation, as long as the moves can be replayed on the true state
    (chance and hidden moves in between end it)."""
    names: list[str] = []
    walk = state.clone()
    for action in pv:
        if walk.is_chance_node() or action not in walk.legal_actions():
            break
        names.append(walk.action_to_string(action))
        walk.apply(action)
    return names


def analyse(state: State, limit: Limit | None = None, *, seed: int = 0, stop: StopFlag | None = None,
            on_progress: Callable[[AnalysisInfo], None] | None = None, progress_every: float = 1.0,
            tree: SearchTree | None = None, settings: SearchSettings | None = None,
            allowed_moves: Sequence[int | str] | None = None, **options: Any) -> AnalysisInfo:
    """Searches `state` (a decision node) and returns per-move statistics for the player to move.

    `options` are the search settings by their Python names (cavemind.settings declares them; docs/settings.md lists
    them): `algorithm` ("ismcts" by default, or "mcts", "mo-ismcts", "pimc"), `exploration`, `rollout_depth`,
    `rollout_policy`, `chance_branching`, `implicit_minimax`, `prior_weight`, `determinizations` and the advanced
    ones; `settings` (a SearchSettings) gives them at once, and `options` override it. An unset setting is the game's
    (cavemind.games.search_defaults) or its record's default.
    ISMCTS (the default), MO-ISMCTS and PIMC decide from the mover's information set only; MCTS searches
    the true state and so sees hidden information. One thread with a given seed is reproducible.
    `exploration` (the UCB constant c), `rollout_depth` (decisions before a rollout is cut off and the
    game's heuristic read; FULL_ROLLOUT = -1 plays to the end) and `rollout_policy` default to the game's
    settings; `rollout_policy` is "game" (the game's rollout policy, uniform
    where it has none), "uniform" (for comparisons), "mast" (Move-Average Sampling: mostly the legal move
    with the best mean return so far in this search, else the game's policy) or "nast" (as mast, with the
    means kept per move that came before: N-gram-Average Sampling); `chance_branching` K > 0 gives each
    outcome of a chance event with at most K outcomes a tree node of its own (closed loop, as the mover
    perceives the outcome; 0: every chance event open loop; MO-ISMCTS is always open loop); `implicit_minimax`
    alpha > 0 (2-player games; not MO-ISMCTS) has each tree node keep the heuristic's minimax value of its subtree
    as well, and scores a move by (1 - alpha) * its mean return + alpha * that value (implicit minimax backups,
    Lanctot et al. 2014; 0: off); `prior_weight` B > 0 reads the game's move priors (State.action_priors(), where
    the game has them): a move's exploration is scaled by 1 - B + B * its prior, and an untried move is expanded
    only when its prior leaves it room beside the tried ones (0: off); `determinizations` is the number of worlds
    PIMC samples; `seed` is the search
    seed. Without `limit` the search runs DEFAULT_ITERATIONS (1,000) iterations. The same settings under the same
    names in the CLI, the engine and bot specifications: docs/settings.md.
    `tree` (a SearchTree) reuses a tree between consecutive searches of one game: the search continues the tree
    kept there by the last one when the state's history leads on from that search's position and the tree has
    the position reached (MCTS and ISMCTS; otherwise it starts afresh), then keeps its own tree in it. Reuse needs
    the state's history: a state loaded from a position starts afresh.
    `allowed_moves` (legal moves by id or name) restricts the moves searched at the root, as a chess engine's
    "searchmoves": a move searched alone gets the whole budget (review measures the played and the best move so).
    Each move's `stderr` is its value's standard error and `margin` its mean score margin (MoveInfo).
    `on_progress(info)` is called every `progress_every` seconds with the statistics so far (in the calling
    thread, while the search threads pause); it does not change the result. analysis() yields the same
    reports as an iterator.

    A move's `value` is its mean return for the player to move. For ISMCTS, MO-ISMCTS and MCTS that is the
    mean over the move's visits. For PIMC it is the average over the sampled worlds of the move's value in
    each world, every world weighing the same (not its visits: a world's search visits a move most where it
    is good there). Each world is searched as if everything were visible, so when decisions follow the move
    this is optimistic (strategy fusion: later choices may use cards the player cannot see); with none
    following (Kuhn poker's call) it is the move's expected return over the sampled worlds.

    :raises SearchError: `state` is a chance node or finished, or an argument is out of range (the message
        names it)."""
    if on_progress is not None and not (_is_real(progress_every) and progress_every > 0):
        raise SearchError(f"progress_every={progress_every!r}: must be a positive number of seconds")
    root, resolved = _prepare(state, limit, settings, options, seed, stop)

    def report(raw: dict[str, Any]) -> None:
        assert on_progress is not None     # report is only passed to the core with on_progress
        on_progress(_analysis_info(raw, root, resolved.algorithm, final=False))

    if tree is not None and not isinstance(tree, SearchTree):
        raise SearchError(f"tree={tree!r}: expected a cavemind.SearchTree")
    allowed = _allowed_actions(state, allowed_moves, tree)
    raw = _core.search(state, resolved, seed, stop, on_report=report if on_progress is not None else None,
                       report_every=progress_every if on_progress is not None else 0.0, tree=tree,
                       history=state.history() if tree is not None else None, allowed_moves=allowed)
    return _analysis_info(raw, root, resolved.algorithm, stopped=_stopped_early(raw, resolved, stop))


def _allowed_actions(state: State, moves: Sequence[int | str] | None, tree: SearchTree | None) -> list[int] | None:
    """analyse()'s `allowed_moves` as legal action ids (SearchError naming a move that is not one)."""
    if moves is None:
        return None
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence) or not moves:
        raise SearchError(f"allowed_moves={moves!r}: expected a non-empty list of legal moves (ids or names)")
    if tree is not None:
        raise SearchError("allowed_moves: cannot continue a kept tree (tree=...), whose root has every move")
    legal = state.legal_actions()
    actions = []
    for move in moves:
        if isinstance(move, str):
            try:
                action = state.string_to_action(move)
            except CavemindError:
                raise SearchError(f"allowed_moves: {move!r} is not a legal move here") from None
        elif _is_int(move):
            action = int(move)
        else:
            raise SearchError(f"allowed_moves: {move!r} is neither a move id nor a name")
        if action not in legal:
            raise SearchError(f"allowed_moves: {move!r} is not a legal move here")
        actions.append(action)
    return actions


def search_settings(limit: Limit | None = None, settings: SearchSettings | None = None,
                    **options: Any) -> SearchSettings:
    """The SearchSettings of a Limit, a SearchSettings and settings by name (each checked by its record; the later
    ones win). The same arguments again give the same object without checking them again."""
    # (the key holds each value's type: True, 1 and 1.0 are equal to Python, not to the records)
    key = tuple((name, type(value), value) for name, value in options.items())
    try:
        return _settings_of(limit, settings, key)
    except TypeError:        # an unhashable value: checked (and refused) without the cache
        return _settings_of.__wrapped__(limit, settings, key)


@functools.lru_cache(maxsize=256)
def _settings_of(limit: Limit | None, settings: SearchSettings | None,
                 options: tuple[tuple[str, type, Any], ...]) -> SearchSettings:
    if limit is not None and not isinstance(limit, Limit):
        raise SearchError(f"limit={limit!r}: expected a cavemind.Limit")
    if settings is not None and not isinstance(settings, SearchSettings):
        raise SearchError(f"settings={settings!r}: expected a cavemind.SearchSettings")
    given = {**(limit.settings() if limit is not None else {}), **{name: value for name, _, value in options}}
    if settings is None:
        return SearchSettings(**given)
    return settings.replace(**given) if given else settings


def resolve(settings: SearchSettings, game: Game) -> SearchSettings:
    """`settings` with every unset one filled, for `game`: from the game's defaults (cavemind.games.search_defaults),
    the game's default heuristic variant and the records' defaults; checked against the game (the players that
    implicit minimax needs, the heuristic variants it has). Resolved once per settings, game and player count."""
    return _resolved(settings, game.name, game.num_players, game._capsule)


@functools.lru_cache(maxsize=256)
def _resolved(settings: SearchSettings, name: str, players: int, capsule: object) -> SearchSettings:
    table = _core.table_info(capsule)
    resolved = settings.resolved(search_defaults(name, players), table["default_heuristic_variant"])
    if resolved.implicit_minimax > 0 and players != 2:
        raise SearchError(f"implicit_minimax={resolved.implicit_minimax!r}: needs a 2-player game (this one has "
                          f"{players} players)")
    for kind in ("heuristic", "rollout", "prior"):     # each variant setting against the game's count of them
        variant, count = getattr(resolved, f"{kind}_variant"), table[f"{kind}_variants"]
        if variant >= count:
            raise SearchError(f"{kind}_variant={variant!r}: {name} has {kind} variants 0 to {count - 1}")
    return resolved


def _prepare(state: State, limit: Limit | None, settings: SearchSettings | None, options: dict[str, Any], seed: int,
             stop: StopFlag | None) -> tuple[State, SearchSettings]:
    """Checks analyse()'s arguments (SearchError naming the bad one) and returns a copy of the position and the
    resolved settings."""
    given = search_settings(limit, settings, **options)
    if state.current_player() < 0:
        raise SearchError("analyse needs a decision node, not a chance node or a finished game")
    if not _is_int(seed):
        raise SearchError(f"seed={seed!r}: must be an integer")
    if stop is not None and not isinstance(stop, StopFlag):
        raise SearchError(f"stop={stop!r}: expected a cavemind.StopFlag")
    check_memory(given)
    return state.clone(), resolve(given, state.game)


def _stopped_early(raw: dict[str, Any], settings: SearchSettings, stop: StopFlag | None) -> bool:
    """Whether a stop request, not the budget, ended the search (a request that came after the budget ran
    out changes nothing)."""
    if stop is None or not stop.is_set:
        return False
    iterations, seconds = settings.iterations, settings.seconds
    return not ((iterations and raw["iterations"] >= iterations) or (seconds and raw["seconds"] >= seconds))


DEFAULT_ANALYSIS_EVERY = 0.25     # seconds between the reports of analysis()


def analysis(state: State, limit: Limit | None = None, *, seed: int = 0, stop: StopFlag | None = None,
             progress_every: float = DEFAULT_ANALYSIS_EVERY, settings: SearchSettings | None = None,
             **options: Any) -> Analysis:
    """Starts analysing `state` in a background thread and returns an Analysis: iterate it for reports of
    the statistics so far (AnalysisInfo with final=False, about every `progress_every` seconds) and, last,
    the result (final=True), as python-chess's engine.analysis(). The arguments are analyse()'s, checked
    before the search starts; the result is what analyse() returns for them (the reports do not change it).

        with cavemind.analysis(state, cavemind.Limit(seconds=10)) as search:
            for info in search:
                print(info.iterations, info.best.name, info.final)
                if info.iterations > 50_000:
                    break          # leaving the block stops the search

    Leaving a `with` block, close(), or dropping the Analysis stops the search and ends its thread; stop()
    ends it early but still yields the result so far. An error in the search is raised by the iteration.
    A `stop` flag given is the one these set (clear it before using it for another search)."""
    if not (_is_real(progress_every) and progress_every > 0):
        raise SearchError(f"progress_every={progress_every!r}: must be a positive number of seconds")
    root, resolved = _prepare(state, limit, settings, options, seed, stop)
    return Analysis(state.clone(), root, resolved, seed, stop if stop is not None else StopFlag(), progress_every)


class _Channel:
    """What the search thread hands to the consumer: the latest report not yet taken (a newer one replaces
    it, so a slow reader never makes reports pile up), then the result or the error. The search thread
    holds this, never the Analysis, so that dropping the Analysis can stop the search."""

    def __init__(self) -> None:
        self.ready = threading.Condition()
        self.report: AnalysisInfo | None = None
        self.result: AnalysisInfo | None = None
        self.error: BaseException | None = None
        self.done = False


def _search_thread(state: State, root: State, settings: SearchSettings, seed: int, stop: StopFlag, every: float,
                   channel: _Channel) -> None:
    algorithm = settings.algorithm

    def report(raw: dict[str, Any]) -> None:
        info = _analysis_info(raw, root, algorithm, final=False)
        with channel.ready:
            channel.report = info
            channel.ready.notify_all()

    try:
        raw = _core.search(state, settings, seed, stop, on_report=report, report_every=every)
        result = _analysis_info(raw, root, algorithm, stopped=_stopped_early(raw, settings, stop))
        with channel.ready:
            channel.result = result
    except BaseException as error:     # raised again in the consumer's thread
        with channel.ready:
            channel.error = error
    finally:
        with channel.ready:
            channel.done = True
            channel.ready.notify_all()


class Analysis:
    """A running analysis (see analysis()): an iterator of AnalysisInfo reports ending with the result,
    and a context manager that stops the search when the block is left."""

    def __init__(self, state: State, root: State, settings: SearchSettings, seed: int, stop: StopFlag,
                 every: float) -> None:
        self._channel = _Channel()
        self._stop = stop
        self._finished = False          # the result (or the error) has been handed out, or close() called
        self.info: AnalysisInfo | None = None    # the last report or result handed out
        self._thread = threading.Thread(target=_search_thread, name="cavemind-analysis", daemon=True,
                                        args=(state, root, settings, seed, stop, every, self._channel))
        # Dropped without close() (a `for` loop left by break, outside a `with`): the search is stopped.
        self._finalizer = weakref.finalize(self, self._stop.set)
        self._thread.start()

    def __iter__(self) -> Iterator[AnalysisInfo]:
        return self

    def __next__(self) -> AnalysisInfo:
        if self._finished:
            raise StopIteration
        channel = self._channel
        with channel.ready:
            # A timeout keeps Ctrl-C responsive in the waiting thread.
            while channel.report is None and not channel.done:
                channel.ready.wait(0.1)
            info, channel.report = channel.report, None
            if info is None:
                self._finished = True
                if channel.error is not None:
                    raise channel.error
                info = channel.result
                assert info is not None    # the thread ended without an error, so it left the result
        self.info = info
        return info

    def stop(self) -> None:
        """Ends the search early; iterating goes on to the result so far (final=True, stopped=True)."""
        self._stop.set()

    def wait(self) -> AnalysisInfo:
        """Waits for the search to end (skipping the reports) and returns its result."""
        for info in self:
            if info.final:
                return info
        if self.info is None or not self.info.final:
            raise SearchError("the analysis was closed before it had a result")
        return self.info

    def close(self) -> None:
        """Stops the search and waits for its thread to end; nothing more is yielded."""
        self._stop.set()
        self._thread.join()
        self._finished = True

    @property
    def running(self) -> bool:
        """Whether the search thread is still running."""
        return self._thread.is_alive()

    def __enter__(self) -> Analysis:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _analysis_info(raw: dict[str, Any], root: State, algorithm: str, final: bool = True,
                   stopped: bool = False) -> AnalysisInfo:
    """AnalysisInfo from the core's statistics dict; `root` is a copy of the position searched."""
    moves = []
    for action, (visits, total, available, stderr, margin, margin_stderr) in raw["moves"].items():
        pv = raw["pv"].get(action, [action])
        moves.append(MoveInfo(action=action, name=root.action_to_string(action), visits=visits,
                              value=total / visits if visits else 0.0, available=available, stderr=stderr,
                              margin=margin, margin_stderr=margin_stderr, pv=pv, _root=root))
    moves.sort(key=lambda m: (-m.visits, -m.value, m.action))
    return AnalysisInfo(player=raw["player"], algorithm=algorithm, moves=moves, iterations=raw["iterations"],
                        seconds=raw["seconds"], nodes=raw["nodes"], final=final, stopped=stopped)
