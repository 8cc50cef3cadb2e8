"""Bots: objects with step(state) -> action, for play, arenas and tests."""
from __future__ import annotations

import abc
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cavemind.errors import SearchError
from cavemind.games import bot_defaults
from cavemind.levels import choose, level_temperature, with_level_budget
from cavemind.search import AnalysisInfo, Limit, MoveInfo, SearchTree, StopFlag, analyse, resolve, search_settings
from cavemind.settings import BY_NAME, FIELDS, LIMIT_FIELDS, SearchSettings

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


class PassiveBot(Bot):
    """Does as little as it can: ends its turn or passes where that is legal, else plays its first legal move. The
    opponent of the no-stall tests (a search far ahead of it must still bring the game to its end)."""

    name = "passive"
    ENDING = ("end turn", "end", "pass", "finish", "done", "stop")

    def __init__(self, seed: int | None = None):
        del seed        # (it draws nothing)

    def step(self, state: State) -> int:
        _require_decision(state)
        actions = state.legal_actions()
        for action in actions:
            if state.action_to_string(action).lower().startswith(self.ENDING):
                return action
        return actions[0]


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
    """A bot that runs analyse() with one algorithm and plays its best move. It takes the search settings by
    their Python names (`iterations`, `seconds`, `threads`, `memory_mb`, `exploration`, ...: cavemind.settings,
    docs/settings.md), each checked once here; an unset one is the game's or its record's default (1,000
    iterations unless seconds are given; a bot's own defaults, cavemind.games.bot_defaults, before the game's).
    `level` (1 to 10, cavemind.levels) sets the budget unless one is given
    and, below level 8, draws the move among the good ones; `reuse_tree` continues the last search's tree; `seed`
    seeds its searches. The settings read back as attributes (`bot.exploration`; None: unset)."""

    algorithm = "ismcts"

    def __init__(self, *, reuse_tree: bool = False, seed: int | None = 0, settings: SearchSettings | None = None,
                 level: int | None = None, **options: Any):
        if "algorithm" in options:
            raise SearchError(f"algorithm={options['algorithm']!r}: a bot's algorithm is its class "
                              f"({type(self).__name__}: {self.algorithm})")
        self.level = None if level is None else BY_NAME["level"].check(level)
        self.temperature = 0.0 if self.level is None else level_temperature(self.level)
        self.settings = with_level_budget(search_settings(None, settings, algorithm=self.algorithm, **options),
                                          self.level)
        self.limit = Limit(**{name: value for name, value in self.settings.resolved().given().items()
                              if name in LIMIT_FIELDS})
        # Tree reuse: each search continues the subtree of the position the game reached since the last one.
        self.tree = SearchTree() if BY_NAME["reuse_tree"].check(reuse_tree) else None
        self._rng = random.Random(_seed(seed))
        self.name = self.algorithm
        self.last_analysis: AnalysisInfo | None = None   # behind the last step (None if it did not search)

    def __getattr__(self, name: str) -> Any:
        """A search setting as given (None: unset, the game's or the record's default)."""
        if name in FIELDS:
            return getattr(self.__dict__["settings"], name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def step(self, state: State, *, on_progress: Callable[[AnalysisInfo], None] | None = None,
             stop: StopFlag | None = None, progress_every: float = 0.25) -> int:
        """The move for `state`. `on_progress(info)` is shown the search's statistics every `progress_every`
        seconds (a person watching it think); setting `stop` ends the search early and plays its choice so far
        ("move now")."""
        _require_decision(state)
        actions = state.legal_actions()
        self.last_analysis = None
        if len(actions) == 1:
            return actions[0]
        settings = self.settings.over(bot_defaults(state.game.name))
        seed = self._rng.getrandbits(63)
        info = analyse(state, settings=settings, seed=seed, tree=self.tree, stop=stop,
                       on_progress=on_progress, progress_every=progress_every)
        self.last_analysis = info
        if not info.moves:
            return info.best.action
        return played_move(state, info, settings, seed, self.temperature, self._rng).action

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.limit}>"


WINNING = 0.9               # a bot whose best move is worth this much finishes the game (where its search hurries)
LOST = 0.05                 # ... and one whose best move is worth at most this much has lost it, bar a blunder
FINISHING_TOLERANCE = 0.05  # ... and may give up this much of it to finish the game (0.01 left 3-player stalls)
CONCEDING_TOLERANCE = 0.01  # a bot that has lost gives up at most this much of its chance to let the game end
AT_ONCE = 4                 # a win within this many decisions, in nearly every playout, finishes the game now
AT_ONCE_VISITS = 16         # ... read from a mean of at least this many playouts


def played_move(state: State, info: AnalysisInfo, settings: SearchSettings, seed: int, temperature: float,
                rng: random.Random) -> MoveInfo:
    """The move a bot plays after its search `info` of `state` with `settings` (seeded by `seed`): the finishing
    move where the bot hurries and has won or lost (finishing_move), else the level's choice among the good moves
    (cavemind.levels.choose with `temperature`: the most visited at 0). The bots' and the engine's one rule."""
    resolved = resolve(settings, state.game)
    finishing = None
    if resolved.length_discount > 0:
        finishing = finishing_move(state, info, seed, resolved.length_discount,
                                   resolved.rollout_variant if resolved.rollout_policy == "game" else None)
    return finishing if finishing is not None else choose(info.moves, temperature, rng)


def finishing_move(state: State, info: AnalysisInfo, seed: int, discount: float,
                   policy_variant: int | None = 0) -> MoveInfo | None:
    """In a game the search finds won (its best move's value at least WINNING): a move whose value says it wins
    within AT_ONCE decisions (the length discount `discount` leaves 0.5 + 0.5 (1 - discount) ** AT_ONCE), the
    best such; else the move the game's rollout policy plays (it hunts, builds, scores: it moves the game on)
    where the search values it within FINISHING_TOLERANCE of the best; else None. Why: once every move wins, the
    values differ by the discount's few thousandths, far below the exploration term of the search's selection,
    so its visits spread evenly over waiting and finishing, and a wide subtree's mean (a move after which many
    moves prolong the game) reads as slower than waiting: Dino Jagd's winner ended turn after turn until the
    safety cap. With three players a smaller tolerance (0.01) still stalled: the two players behind delay their
    losses, and the leader valued waiting 0.024 above travelling to the last creature, whose hunt they could
    spoil, so all three ended turn after turn. The policy reads a world sampled from the mover's view, never the
    state's hidden parts. The rule starts at WINNING (0.9), where the search's own length discount starts, not at
    0.95 (until issue 36's third step): in 4-player Dino Jagd against three passive players the bot, 16
    points to none, valued every move about 0.94 (its model of the rivals spoils its hunts) and ended turn after
    turn for 900 turns. The policy (its variant `policy_variant`) is followed only where the search's own
    rollouts follow it (None: they do not, and the bot plays for points instead: scoring_move): Jäger und Späher's
    search rolls out with MAST, and its game policy, followed by a won bot, scored 1 point in 4,009 moves against
    the passive bot (the game ends at 24 points). In a game the search finds lost: conceding_move."""
    best = info.moves[0]
    if best.value <= LOST:
        return conceding_move(info)
    if best.value < WINNING:
        return None
    at_once = 0.5 + 0.5 * (1.0 - discount) ** AT_ONCE
    quick = [move for move in info.moves if move.visits >= AT_ONCE_VISITS and move.value >= at_once]
    if quick:
        return max(quick, key=lambda move: move.value)
    if policy_variant is None:
        return scoring_move(info)
    world = state.determinize(state.current_player(), seed)
    policy = world.rollout_action(seed, policy_variant)
    for move in info.moves:
        if move.action == policy and move.visits > 0 and move.value >= best.value - FINISHING_TOLERANCE:
            return move
    return None


def scoring_move(info: AnalysisInfo) -> MoveInfo | None:
    """In a won game whose search does not roll out with the game's policy: the move with the highest mean score
    margin among those within FINISHING_TOLERANCE of the best, each read from at least AT_ONCE_VISITS playouts,
    or None. Why: where the search cuts its playouts off with an evaluation, a lead far beyond what it needs reads
    as the same win after every move, and nothing in the values moves the game on; a winner that plays for points
    does. Jäger und Späher ends only when a player reaches 24: its won bot, picking among equal values, stayed
    between 12 and 22 points for 500 turns against the passive bot (hunger takes back what a careless turn
    scores)."""
    near = [move for move in info.moves if move.margin is not None and move.visits >= AT_ONCE_VISITS
            and move.value >= info.moves[0].value - FINISHING_TOLERANCE]
    return max(near, key=lambda move: move.margin or 0.0) if near else None


def conceding_move(info: AnalysisInfo) -> MoveInfo | None:
    """In a game the search finds lost (its best move's value at most LOST): the move it values lowest
    among those within CONCEDING_TOLERANCE of the best, each read from at least AT_ONCE_VISITS playouts, or None.
    With the length discount a loss is worth more the later it comes, so the lowest is the move that lets the game
    end soonest: a player who has lost stops holding the game up. Why: in 3-player Dino Jagd the player far
    behind spoiled the leader's hunt of the last creature (Stoerfeld, Fehlschuss) turn after turn, 7,024 moves to
    the safety cap, each spoiling move a few thousandths "better" than letting the hunt go on."""
    near = [move for move in info.moves
            if move.visits >= AT_ONCE_VISITS and move.value >= info.moves[0].value - CONCEDING_TOLERANCE]
    return min(near, key=lambda move: move.value) if near else None


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
