"""The arena: fair matches between bots, recorded game by game, in one process, a process pool or on Dask.

    >>> from cavemind.arena import run_arena
    >>> result = run_arena("tictactoe", ["ismcts:iterations=200", "random"], games=4, progress=False)
    >>> len(result.games), result.bots
    (4, ['ismcts:iterations=200', 'random'])

Fairness. Game `d` of a match is a *deal* with its own seed; every deal is played once per seat rotation of
the line-up, so the luck of the deal and the order of play cancel out. The opening chance events come from
`game.new_initial_state(seed=deal_seed)` and every later chance event `k` from a seed derived from
(deal seed, k), so the rotations of a deal see the same cards and dice as long as play allows. With
`chance_streams="seat"` (duplicate deals) every chance event after the first decision is drawn instead from the
stream of the seat that made the last decision, its `j`-th from (deal seed, seat, j): a seat's dice stay the
seat's whatever the other seats did before, so the bots of a rotated pair each play the same dice from the same
seat and the dice's luck cancels in the pair far more than with one stream (docs/arena.md). Bots are
seeded from (match seed, deal, table, rotation, seat). Nothing depends on the backend or the order in which
games finish, so the same seeds give the same games in-process, in processes and on a Dask cluster.

Line-ups. With as many bots as players, the bots form one table. Give a bot twice to seat it twice
(`["ismcts", "random", "random"]` in a 3-player game: identical specifications are one bot). With
more bots than players, every combination of `players` bots is a table (a round robin); `games` counts the
games of each table and is rounded up to whole deals (a multiple of the number of rotations).

Reliability. Results are appended to a JSON-lines file as each game ends (a header line first), flushed and
synced; an arena started again with the same file and settings plays only the games that are missing. A bot
that raises, returns an illegal move or exceeds `time_limit` seconds on a move forfeits that game: it gets
return 0 and the others share 1. (The limit is checked when the move returns: a bot that never returns is
not interrupted.)
"""
from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import json
import math
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from cavemind.bots import Bot
from cavemind.botspec import BotSpecError, parse_bot_spec
from cavemind.errors import CavemindError
from cavemind.game import CHANCE, load_game
from cavemind.games import game_info
from cavemind.inputs import check_nesting, read_text_file
from cavemind.progress import StatusLine, elapsed_and_left
from cavemind.records import RecordBuilder

if TYPE_CHECKING:  # imported when used: the arena's command line starts without them
    from multiprocessing.synchronize import Event

    from cavemind.ratings import SPRT, PentanomialSPRT

# Format 2 names the seeds match_seed (the header) and deal_seed (a game line); format 1 called both "seed", and
# parse_results still reads it so.
RESULTS_FORMAT = 2
OLD_SEED_KEYS = {"arena": ("seed", "match_seed"), "game": ("seed", "deal_seed")}
CHANCE_STREAMS = ("shared", "seat")   # one chance stream for a game, or one per seat (duplicate deals)
_SEAT_STREAM = 0x5EA7                 # keeps the seats' streams apart from the shared one
HEADER_DEFAULTS = {"chance_streams": "shared"}   # a header key left out when it has its default
DASK_CONNECT_TIMEOUT = "10s"
_MASK = (1 << 64) - 1


class ArenaError(CavemindError, ValueError):
    """An arena that cannot run: bad arguments, a results file of another match, a missing optional extra."""


# ----------------------------------------------------------------------------------------------- seeds

def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def derive_seed(*parts: int) -> int:
    """A 31-bit seed mixed from integers. Small, because game.new_initial_state shifts the seed left by 16
    bits and the core takes 64-bit seeds; plain Python so that every machine derives the same seeds."""
    h = 0
    for part in parts:
        h = _splitmix64(h ^ (part & _MASK))
    return h >> 33


# ----------------------------------------------------------------------------------------------- one game

def play_game(task: dict[str, Any]) -> dict[str, Any]:
    """Plays one game described by a task dict (see Match.tasks) and returns its result record.

    A top-level function of plain dicts, so that process pools and Dask workers can pickle it."""
    game = load_game(task["game"], **task["params"])
    bots = [make_bot(spec, seed) for spec, seed in zip(task["specs"], task["bot_seeds"], strict=True)]
    time_limit = task["time_limit"]
    state = game.new_initial_state(seed=task["deal_seed"])
    builder = None
    if task.get("records"):
        builder = RecordBuilder(game, task["labels"], deal_seed=task["deal_seed"], source="cavemind arena",
                                deal=task["deal"], table=task["table"], rotation=task["rotation"],
                                bot_seeds=task["bot_seeds"])
        builder.add_history(state)        # the opening chance events new_initial_state sampled
    moves: list[list[Any]] = []
    thinking = [0.0] * game.num_players
    forfeit = None
    chance_events = 0
    seat_events = [0] * game.num_players     # with chance_streams "seat": the events drawn from each seat's stream
    last_mover: int | None = None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            if task.get("chance_streams") == "seat" and last_mover is not None:
                seed = derive_seed(task["deal_seed"], _SEAT_STREAM, last_mover, seat_events[last_mover])
                seat_events[last_mover] += 1
            else:
                seed = derive_seed(task["deal_seed"], chance_events)
            outcome = state.sample_chance(seed)
            chance_events += 1
            moves.append([-1, state.action_to_string(outcome), 0.0])
            if builder is not None:
                builder.add(state, outcome)
            state.apply(outcome)
            continue
        start = time.perf_counter()
        action: int | None = None
        try:
            action = bots[player].step(state.clone())  # a clone: a bot must not be able to alter the game
            reason = None
        except Exception as error:  # any failure of the bot is its forfeit, never the end of the run
            reason = f"raised {type(error).__name__}: {error}"
        elapsed = time.perf_counter() - start
        thinking[player] += elapsed
        if reason is None and time_limit is not None and elapsed > time_limit:
            reason = f"took {elapsed:.3f}s for a move, over the limit of {time_limit}s"
        if reason is None and (isinstance(action, bool) or action not in state.legal_actions()):
            reason = f"played the illegal action {action!r}"
        if reason is not None or action is None:   # (action is None only with a reason)
            forfeit = {"seat": player, "bot": task["labels"][player], "reason": reason}
            break
        moves.append([player, state.action_to_string(action), round(elapsed, 6)])
        if builder is not None:
            searched = getattr(bots[player], "last_analysis", None)   # a searching bot's evaluation
            builder.add(state, action, seconds=elapsed, analysis=searched)
        state.apply(action)
        last_mover = player
    if forfeit is None:
        returns = list(state.returns())
    else:  # the forfeiting seat loses; the others share the win
        others = game.num_players - 1
        returns = [0.0 if seat == forfeit["seat"] else 1.0 / others for seat in range(game.num_players)]
    if builder is not None:
        builder.record(state, forfeit, returns).write(os.path.join(task["records"], record_name(task)))
    return {"type": "game", "table": task["table"], "deal": task["deal"], "rotation": task["rotation"],
            "deal_seed": task["deal_seed"], "seats": task["seats"], "bots": task["labels"], "returns": returns,
            "scores": list(state.scores()), "forfeit": forfeit, "length": len(moves),
            "seconds": [round(t, 6) for t in thinking], "moves": moves}


BotEntry = str | Bot | Callable[[int], Bot]
"""A seat of an arena: a bot specification, a Bot instance, or a factory called with the bot's seed."""


def make_bot(entry: BotEntry, seed: int) -> Bot:
    """The bot of one seat for one game: a specification is built with the game's bot seed, a factory is
    called with it (so its games are reproducible), an instance is used as it is (it keeps its own state
    from game to game)."""
    if isinstance(entry, str):
        return parse_bot_spec(entry).make(seed)
    if isinstance(entry, Bot):
        return entry
    bot = entry(seed)
    if not isinstance(bot, Bot):
        raise ArenaError(f"the bot factory {_label_of(entry)} returned {bot!r}, not a cavemind.Bot")
    return bot


def _label_of(entry: BotEntry) -> str:
    """How a Bot instance or a factory is named in results and reports."""
    if isinstance(entry, Bot):
        return str(getattr(entry, "name", None) or type(entry).__name__)
    return str(getattr(entry, "__qualname__", None) or getattr(entry, "__name__", None) or type(entry).__name__)


def record_name(task: dict[str, Any]) -> str:
    """The file name of a game's record in the records= directory: deal, table and seat rotation."""
    return f"game-d{task['deal']:05d}-t{task['table']}-r{task['rotation']}.jsonl"


def game_key(record: dict[str, Any]) -> tuple[int, int, int]:
    """Identifies a game within its match: (deal, table, rotation); also the canonical order of results."""
    return record["deal"], record["table"], record["rotation"]


# ----------------------------------------------------------------------------------------------- the match

def _rotations(lineup: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct cyclic shifts of a line-up: every bot sits in every seat equally often."""
    shifts = [lineup[r:] + lineup[:r] for r in range(len(lineup))]
    return list(dict.fromkeys(shifts))


@dataclass
class Match:
    """A validated arena configuration: the game, the distinct bots, the tables and their rotations."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]                       # distinct labels: canonical bot specifications, or the names of
                                          # the Bot instances and factories given
    lineup: list[int]                     # the bots as given, as indices into `bots`
    games: int                            # games per table, before rounding up to whole deals
    seed: int = 0
    time_limit: float | None = None
    chance_streams: str = "shared"        # CHANCE_STREAMS: "seat" for duplicate deals
    objects: dict[str, Any] = field(default_factory=dict)   # label -> the Bot instance or factory behind it
    tables: list[tuple[int, ...]] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.lineup) == self.players:
            tables = [tuple(self.lineup)]
        else:
            tables = list(dict.fromkeys(itertools.combinations(self.lineup, self.players)))
        self.tables = tables

    @property
    def deals(self) -> int:
        """Deals per table: enough for `games` games in the table with the most rotations."""
        most = max(len(_rotations(t)) for t in self.tables)
        return math.ceil(self.games / most)

    @property
    def total_games(self) -> int:
        return self.deals * sum(len(_rotations(t)) for t in self.tables)

    def header(self) -> dict[str, Any]:
        """The results file's first line; `chance_streams` only where it is not the shared stream, so that the
        files of earlier matches are this one's too."""
        header = {"type": "arena", "format": RESULTS_FORMAT, "game": self.game, "players": self.players,
                  "options": self.options, "bots": self.bots, "match_seed": self.seed, "time_limit": self.time_limit}
        if self.chance_streams != HEADER_DEFAULTS["chance_streams"]:
            header["chance_streams"] = self.chance_streams
        return header

    def tasks(self, deals: Iterable[int] | None = None) -> Iterator[dict[str, Any]]:
        """Every game of the match, deal by deal (so a sequential test can stop after a whole deal)."""
        params = {"players": self.players, **self.options}
        for deal in range(self.deals) if deals is None else deals:
            deal_seed = derive_seed(self.seed, deal)
            for table, lineup in enumerate(self.tables):
                for rotation, seats in enumerate(_rotations(lineup)):
                    yield {"game": self.game, "params": params, "table": table, "deal": deal,
                           "rotation": rotation, "deal_seed": deal_seed, "seats": list(seats),
                           "specs": [self.objects.get(self.bots[b], self.bots[b]) for b in seats],
                           "labels": [self.bots[b] for b in seats],
                           "bot_seeds": [derive_seed(self.seed, deal, table, rotation, s)
                                         for s in range(len(seats))],
                           "time_limit": self.time_limit, "chance_streams": self.chance_streams}

    def keys_of_deal(self, deal: int) -> list[tuple[int, int, int]]:
        return [(deal, t, r) for t, lineup in enumerate(self.tables) for r in range(len(_rotations(lineup)))]


def make_match(game_name: str, bot_specs: list[BotEntry], games: int, players: int | None = None,
               options: dict[str, Any] | None = None, seed: int = 0,
               time_limit: float | None = None, chance_streams: str = "shared") -> Match:
    """Validates the arguments of an arena and returns its Match; every problem is an ArenaError (or the
    game's own InvalidOptionError / UnknownGameError) with a one-line message."""
    options = dict(options or {})
    if "players" in options:
        raise ArenaError("options: give the player count with players=, not as a game option")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArenaError(f"games={games!r}: must be a positive integer")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ArenaError(f"seed={seed!r}: must be a non-negative integer")
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool)
                                       and math.isfinite(time_limit) and time_limit > 0):
        raise ArenaError(f"time_limit={time_limit!r}: must be a positive finite number of seconds")
    if chance_streams not in CHANCE_STREAMS:
        raise ArenaError(f"chance_streams={chance_streams!r}: must be one of {', '.join(CHANCE_STREAMS)}")
    if len(bot_specs) < 2:
        raise ArenaError(f"an arena needs at least 2 bots, got {len(bot_specs)}")
    labels: list[str] = []
    objects: dict[str, Any] = {}
    spec_labels = set()
    for text in bot_specs:
        if isinstance(text, str):
            with contextlib.suppress(BotSpecError):
                spec_labels.add(str(parse_bot_spec(text)))
    for index, text in enumerate(bot_specs):
        if not isinstance(text, str):
            if not isinstance(text, Bot) and not callable(text):
                raise ArenaError(f"bot {text!r}: expected a bot specification, a cavemind.Bot or a factory "
                                 "called with a seed that returns one")
            if not isinstance(text, Bot):
                make_bot(text, 0)   # a factory that does not give a Bot fails now, not in every game
            # the same object seated twice is one bot; two different objects with one name are two
            label = next((known for known, obj in objects.items() if obj is text), None)
            if label is None:
                label = base = _label_of(text)
                count = 1
                while label in objects or label in spec_labels:
                    count += 1
                    label = f"{base}#{count}"
                objects[label] = text
            labels.append(label)
            continue
        try:
            spec = parse_bot_spec(text)
        except BotSpecError as error:
            raise ArenaError(f"bot_specs[{index}]={text!r}: {error}") from None
        if spec.kind == "human":
            raise ArenaError("the arena plays bots only; 'human' cannot take a seat")
        spec.make(0)  # builds once, so that a bad setting fails now rather than as a forfeit in every game
        labels.append(str(spec))
    bots = list(dict.fromkeys(labels))
    if players is None:
        counts = game_info(game_name).player_counts
        players = len(labels) if len(labels) in counts else load_game(game_name).num_players
    game = load_game(game_name, players=players, **options)  # validates the count and the options
    if len(labels) < game.num_players:
        raise ArenaError(f"{game_name} with {game.num_players} players needs at least {game.num_players} bots, "
                         f"got {len(labels)} (list a bot twice to seat it twice)")
    return Match(game=game_name, players=game.num_players, options=game.options, bots=bots,
                 lineup=[bots.index(label) for label in labels], games=games, seed=seed, time_limit=time_limit,
                 chance_streams=chance_streams, objects=objects)


# ----------------------------------------------------------------------------------------------- results file

def read_results(path: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and the game records of a results file (`.jsonl`, or `.jsonl.gz` compressed). A last line
    cut off by an interruption is ignored (and removed by the next run); a game recorded twice counts once."""
    if not os.path.exists(path):
        return None, []
    return parse_results(read_text_file(path, ArenaError, "results file"), path)


def parse_results(text: str, path: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and the game records of the text of a results file (read_results); errors name `path`."""
    header, games, seen = None, [], set()
    for number, line in enumerate(text.splitlines(True), 1):
        if not line.endswith("\n"):
            break  # the interrupted last write
        check_nesting(line, ArenaError, f"{path}:{number}")
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            record = None
        if not isinstance(record, dict):
            raise ArenaError(f"{path}:{number}: not a JSON line of an arena results file")
        record = _with_named_seed(record)
        if record.get("type") == "arena" and header is None:
            header = record
        elif record.get("type") == "game" and game_key(record) not in seen:
            seen.add(game_key(record))
            games.append(record)
    if games and header is None:
        raise ArenaError(f"{path}: no arena header line; it is not an arena results file")
    return header, games


def _with_named_seed(record: dict[str, Any]) -> dict[str, Any]:
    """A line of a format 1 results file with its "seed" under the name format 2 gives it (match_seed in the
    header, deal_seed in a game line); other lines as they are."""
    kind = record.get("type")
    if kind not in OLD_SEED_KEYS:
        return record
    old, new = OLD_SEED_KEYS[kind]
    if old not in record or new in record:
        return record
    return {(new if key == old else key): value for key, value in record.items()}


class _ResultsFile:
    """Appends one JSON line per game, flushed and synced so that a crash loses at most the game in play."""

    def __init__(self, path: str, match: Match):
        header, _ = read_results(path)
        wanted = match.header()
        if header is not None:
            for key in ("game", "players", "options", "bots", "match_seed", "time_limit", "chance_streams"):
                held, want = header.get(key, HEADER_DEFAULTS.get(key)), wanted.get(key, HEADER_DEFAULTS.get(key))
                if held != want:
                    raise ArenaError(f"{path} holds another match ({key} {held!r}, not {want!r});"
                                     " use another results file")
        self._truncate_partial_line(path)
        # kept open for the whole match (one line per game) and closed by close()
        self.handle = open(path, "a", encoding="utf-8")  # noqa: SIM115
        if header is None:
            self.write(wanted)

    @staticmethod
    def _truncate_partial_line(path: str) -> None:
        if not os.path.exists(path):
            return
        with open(path, "rb+") as handle:
            data = handle.read()
            if data and not data.endswith(b"\n"):
                handle.truncate(data.rfind(b"\n") + 1)

    def write(self, record: dict[str, Any]) -> None:
        self.handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def close(self) -> None:
        self.handle.close()


# ----------------------------------------------------------------------------------------------- progress

def games_line(done: int, total: int, played: int, elapsed: float) -> str:
    """`[#####.....] 37/120 games  1m02s elapsed, ~1m45s left`: the time left is estimated from the `played`
    games finished in this run (a resumed match has the others from its results file)."""
    filled = int(30 * done / max(total, 1))
    bar = "#" * filled + "." * (30 - filled)
    return f"[{bar}] {done}/{total} games  {elapsed_and_left(elapsed, played, total - done)}"


# ----------------------------------------------------------------------------------------------- backends

class _Future(Protocol):
    """A game submitted to a backend; result() is its result record."""

    def result(self) -> dict[str, Any]: ...


class _Backend(Protocol):
    """Where games are played. `pending` holds the futures this backend returned: their type is the
    backend's (its own, a concurrent.futures.Future, a Dask future), hence set[Any]."""

    window: int   # games submitted ahead

    def submit(self, task: dict[str, Any]) -> _Future: ...

    def wait(self, pending: set[Any]) -> Iterable[_Future]: ...

    def cancel(self, pending: set[Any]) -> None: ...

    def close(self) -> None: ...


class _InProcess:
    """Runs each game when it is submitted; the 'future' is the result itself."""

    window = 1

    def submit(self, task: dict[str, Any]) -> _Done:
        return _Done(play_game(task))

    @staticmethod
    def wait(pending: set[Any]) -> set[_Done]:
        return set(pending)

    def cancel(self, pending: set[Any]) -> None:
        pass

    def close(self) -> None:
        pass


class _Done:
    def __init__(self, value: dict[str, Any]):
        self.value = value

    def result(self) -> dict[str, Any]:
        return self.value


PR_SET_PDEATHSIG = 1   # from <linux/prctl.h>


def _worker_start(parent: int, started: Event) -> None:
    """Runs first in each worker process. On Linux the worker asks the kernel to kill it when the parent
    dies (prctl PR_SET_PDEATHSIG), so a killed arena leaves no workers behind; the parent-pid check covers a
    parent that died before the request. Then it reports that it started: a worker that dies before this
    line failed while starting, which with spawned workers means while importing the main script."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        # without prctl (another libc) the parent-pid check below remains
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)
    started.set()


class _ProcessPool:
    """K worker processes on this machine. Spawned (not forked), so that no thread state of the parent,
    such as a Dask client, is copied into them. A spawned worker imports the parent's main module first."""

    def __init__(self, jobs: int):
        context = multiprocessing.get_context("spawn")
        self.started = context.Event()
        self.pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_start,
                                                           initargs=(os.getpid(), self.started))
        self.window = 2 * jobs  # a few queued games per worker keep it busy; fewer waste work after an SPRT stop

    def broken_message(self) -> str:
        """Why the pool broke, as far as the parent can tell."""
        if not self.started.is_set():
            script = getattr(sys.modules.get("__main__"), "__file__", None)
            where = f" ({script})" if script else ""
            return ("the worker processes failed while starting, before playing any game. Workers are started "
                    f"with the spawn method and first import the main script{where}: a script that runs the "
                    "arena with jobs > 1 must do so under `if __name__ == \"__main__\":` (see docs/arena.md), "
                    "and must import without errors")
        return ("a worker process died (out of memory, or a crash in compiled code); the games finished so far "
                "are in the results file: run again to resume")

    def submit(self, task: dict[str, Any]) -> concurrent.futures.Future[dict[str, Any]]:
        return self.pool.submit(play_game, task)

    @staticmethod
    def wait(pending: set[Any]) -> set[concurrent.futures.Future[dict[str, Any]]]:
        return concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED).done

    def cancel(self, pending: set[Any]) -> None:
        for future in pending:
            future.cancel()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class _Dask:
    """A Dask distributed cluster: `scheduler` is an address such as tcp://host:8786 or a Client. Workers
    need cavemind installed (the same version, for the same results)."""

    def __init__(self, scheduler: object):  # an address or a distributed.Client (checked here)
        try:
            import distributed
        except ImportError:
            raise ArenaError("scheduler= needs Dask: pip install 'cavemind[distributed]'") from None
        self.distributed = distributed
        if isinstance(scheduler, distributed.Client):
            self.client, self.own = scheduler, False
        else:
            try:
                self.client, self.own = distributed.Client(scheduler, timeout=DASK_CONNECT_TIMEOUT), True
            except (OSError, TimeoutError, ValueError) as error:
                raise ArenaError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None
        self.window = 2 * max(1, sum(self.client.nthreads().values()))

    def submit(self, task: dict[str, Any]) -> _Future:
        future: _Future = self.client.submit(play_game, task, pure=False)
        return future

    def wait(self, pending: set[Any]) -> Iterable[_Future]:
        done: set[_Future] = self.distributed.wait(list(pending), return_when="FIRST_COMPLETED").done
        return done

    def cancel(self, pending: set[Any]) -> None:
        if pending:
            self.client.cancel(list(pending))

    def close(self) -> None:
        if self.own:
            self.client.close()


def _check_picklable(objects: dict[str, Any]) -> None:
    """Worker processes and Dask receive each game's bots by pickling; say which one cannot go, and why."""
    for label, obj in objects.items():
        try:
            pickle.dumps(obj)
        except Exception as error:
            raise ArenaError(f"bot {label!r} cannot be sent to worker processes ({type(error).__name__}: "
                             f"{error}): play it with jobs=1, or give a bot specification, or a picklable "
                             "Bot or factory (a class or function defined at module level)") from None


def _backend(jobs: int, scheduler: object) -> _Backend:
    if scheduler is not None:
        return _Dask(scheduler)
    if jobs > 1:
        return _ProcessPool(jobs)
    return _InProcess()


# ----------------------------------------------------------------------------------------------- running

@dataclass
class ArenaResult:
    """What an arena produced: the match and its games in canonical order (deal, table, rotation), the
    results read back from the file included; `sprt` holds the sequential test when one was run."""

    match: Match
    games: list[dict[str, Any]]
    sprt: SPRT | PentanomialSPRT | None = None
    stopped_early: bool = False

    @property
    def bots(self) -> list[str]:
        return self.match.bots


def run_arena(game_name: str, bot_specs: list[BotEntry], games: int, players: int | None = None,
              options: dict[str, Any] | None = None, jobs: int = 1, seed: int = 0, out: str | None = None,
              scheduler: object = None, progress: bool | None = None, time_limit: float | None = None,
              sprt: str | SPRT | PentanomialSPRT | None = None, on_game: Callable[[dict[str, Any]], None] | None = None,
              records: str | None = None, chance_streams: str = "shared") -> ArenaResult:
    """Plays a match and returns its ArenaResult.

    game_name, players, options: the game (players defaults to the number of bots when the game allows it).
    bot_specs: the bots: specifications such as "ismcts:iterations=1000" (see cavemind.botspec), Bot instances
        (a user's own bot, an OpenSpiel bot through cavemind.interop) or factories called with the bot's seed
        for each game. Instances and factories run in this process with jobs=1; with worker processes or Dask
        they must be picklable (a module-level class or function), or the arena says why it cannot send them.
    games: games per table, rounded up to whole deals (every deal is played in every seat rotation).
    jobs: worker processes on this machine; scheduler: a Dask address or distributed.Client instead.
    out: a JSON-lines file, appended game by game; if it already holds games of this match, only the
        missing ones are played. progress: a progress bar on stderr (None: only when it is a terminal).
    time_limit: seconds per move; a slower move forfeits the game (so does a bot that raises).
    sprt: a sequential test for exactly 2 bots: "ELO0,ELO1[,ALPHA[,BETA]]" (the paired pentanomial test when
        every deal is a pair of games, as in a 2-player game; else Wald's test on single results), or a
        cavemind.ratings.PentanomialSPRT or SPRT. The match stops after the first whole deal at which the test
        decides (so the decision does not depend on the backend).
    on_game: called with each new result record as it arrives (in completion order).
    records: a directory; each game played writes its game record there (docs/records.md), one file per
        game named after its deal, table and rotation (record_name).
    chance_streams: "shared" (one stream of chance events per game) or "seat" (each seat's own stream after the
        first decision: duplicate deals, where the rotations of a deal share each seat's dice; the module's
        docstring).
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ArenaError(f"jobs={jobs!r}: must be a positive integer")
    match = make_match(game_name, bot_specs, games, players, options, seed, time_limit, chance_streams)
    if match.objects and (jobs > 1 or scheduler is not None):
        _check_picklable(match.objects)
    if sprt is not None and len(match.bots) != 2:
        raise ArenaError(f"a sequential test compares 2 bots, got {len(match.bots)} distinct bots")
    if isinstance(sprt, str):
        sprt = parse_sprt(sprt, paired=_deals_are_pairs(match))
    if getattr(sprt, "model", None) == "pentanomial" and not _deals_are_pairs(match):
        raise ArenaError(f"the paired (pentanomial) SPRT needs deals of 2 games; a deal of this match has "
                         f"{len(match.keys_of_deal(0))} games with {match.players} players: use the SPRT on "
                         "single results (ratings.SPRT)")
    if out is not None and os.path.isdir(out):
        raise ArenaError(f"out={out!r}: is a directory, not a results file")
    results: dict[tuple[int, int, int], dict[str, Any]] = {}
    writer = None
    if out is not None:
        writer = _ResultsFile(out, match)
        for record in read_results(out)[1]:
            if record["deal"] < match.deals:
                results[game_key(record)] = record
    if records is not None:
        try:
            os.makedirs(records, exist_ok=True)
        except OSError as error:
            raise ArenaError(f"records={records!r}: {error.strerror}") from None
    todo = (dict(task, records=records) for task in match.tasks() if game_key(task) not in results)
    resumed = len(results)
    bar = StatusLine(progress, every=0.1)

    def show_games() -> None:
        bar.show(games_line(len(results), match.total_games, len(results) - resumed, bar.elapsed))

    show_games()
    sequential = _SequentialTest(match, sprt) if sprt is not None else None
    stopped = sequential is not None and sequential.advance(results)
    backend = _backend(jobs, scheduler) if not stopped else None
    pending: set[Any] = set()
    try:
        while backend is not None and not stopped:
            for task in itertools.islice(todo, backend.window - len(pending)):
                pending.add(backend.submit(task))
            if not pending:
                break
            for future in backend.wait(pending):
                pending.discard(future)
                record = future.result()
                results[game_key(record)] = record
                if writer is not None:
                    writer.write(record)
                if on_game is not None:
                    on_game(record)
                show_games()
            if sequential is not None and sequential.advance(results):
                stopped = True
        if backend is not None:
            backend.cancel(pending)
    except concurrent.futures.process.BrokenProcessPool:
        if not isinstance(backend, _ProcessPool):  # not our pool: a bot's own, say
            raise
        raise ArenaError(backend.broken_message()) from None
    finally:
        if backend is not None:
            backend.close()
        if writer is not None:
            writer.close()
        bar.close()
    games_played = [results[key] for key in sorted(results)]
    if sequential is not None:
        games_played = [g for g in games_played if g["deal"] < sequential.deal]
    return ArenaResult(match, games_played, sprt, stopped_early=stopped and len(results) < match.total_games)


def _deals_are_pairs(match: Match) -> bool:
    """Whether every deal is 2 games of 2 seats: a pair of seat-rotated games, one result each."""
    return match.players == 2 and len(match.keys_of_deal(0)) == 2


class _SequentialTest:
    """Feeds an SPRT whole deals in deal order, so that where it stops does not depend on which game
    finished first. `deal` is the first deal not yet fed."""

    def __init__(self, match: Match, sprt: SPRT | PentanomialSPRT):
        self.match, self.sprt, self.deal = match, sprt, 0

    def advance(self, results: dict[tuple[int, int, int], dict[str, Any]]) -> bool:
        from cavemind.ratings import pairwise_outcomes

        while self.sprt.decision is None and self.deal < self.match.deals:
            keys = self.match.keys_of_deal(self.deal)
            if not all(key in results for key in keys):
                break
            # with 2 bots every pair is (bot 0, bot 1): the score is A's
            self.sprt.update_deal([score for _, _, _, score in pairwise_outcomes([results[key] for key in keys])])
            self.deal += 1
        return self.sprt.decision is not None


def parse_sprt(text: str, paired: bool = True) -> SPRT | PentanomialSPRT:
    """'ELO0,ELO1[,ALPHA[,BETA]]', e.g. '0,50' or '0,50,0.05,0.05', as a ratings.PentanomialSPRT (paired: the
    deals are pairs of games) or a ratings.SPRT on single results."""
    from cavemind.ratings import SPRT, PentanomialSPRT

    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if not 2 <= len(values) <= 4 or not all(map(math.isfinite, values)):
        raise ArenaError(f"sprt={text!r}: expected ELO0,ELO1[,ALPHA[,BETA]] (finite numbers) such as 0,50")
    try:
        return (PentanomialSPRT if paired else SPRT)(*values)
    except ValueError as error:
        raise ArenaError(f"sprt={text!r}: {error}") from None
