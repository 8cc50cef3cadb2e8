"""The `cavemind` command: positions, analysis, play against the AI and an engine protocol.

    cavemind games | new | show | examples | analyse | play | review | engine | bench | arena

Every command works for every registered game. Bad input gets a one-line error and exit code 2.
The search settings have the same names as in Python and the engine: see docs/settings.md.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from importlib import resources
from typing import TYPE_CHECKING, Any, NoReturn

import cavemind
from cavemind import arena, review
from cavemind.analysis_output import (
    PROGRESS_EVERY,
    SearchProgress,
    analyse_interruptibly,
    document_text,
    format_table,
    hidden_information_warning,
    json_record,
)
from cavemind.botspec import BotSpec, BotSpecError, parse_bot_spec, split_bot_specs
from cavemind.errors import CavemindError
from cavemind.records import looks_like_record, parse_record
from cavemind.search import DEFAULT_DETERMINIZATIONS, DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_THREADS, ROLLOUT_POLICIES

if TYPE_CHECKING:      # for annotations only (importlib.resources.abc is Python 3.11+)
    from importlib.abc import Traversable

# Old flags that still work under their new names: (command, old flag, new flag). They are hidden from --help,
# and using one prints a note on stderr. --seed names the search seed everywhere it is kept.
DEPRECATED_FLAGS = [
    ("new", "--as-player", "--observer"), ("show", "--as-player", "--observer"),
    ("analyse", "--as-player", "--observer"), ("new", "--seed", "--deal-seed"), ("play", "--seed", "--deal-seed"),
]


class CommandError(CavemindError, ValueError):
    """Bad command-line input that is not about a game itself: a missing file, conflicting arguments."""


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: argparse would print the whole usage block first."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def iteration_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_ITERATIONS:
        raise argparse.ArgumentTypeError(f"{text} is more than {MAX_ITERATIONS:,} (2**31-1: the "
                                         "search counts visits in 32 bits); use --seconds for longer searches")
    return value


def thread_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_THREADS:
        raise argparse.ArgumentTypeError(f"{text} must be at most {MAX_THREADS}")
    return value


def move_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of moves") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must be 0 or more")
    return value


def seat_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is not a seat (seats count from 0)")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a positive number")
    return value


def seed_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= value < 2**47:   # new_initial_state shifts the seed by 16 bits into a 63-bit value
        raise argparse.ArgumentTypeError(f"{text} must be from 0 to 2**47-1")
    return value


def exploration_value(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a finite number >= 0")
    return value


def rollout_depth_value(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not -1 <= value <= 2**31 - 1:
        raise argparse.ArgumentTypeError(f"{text} must be -1 (play to the end) or an integer from 0 to 2**31-1")
    return value


def determinization_count(text: str) -> int:
    value = positive_int(text)
    if value > 64:
        raise argparse.ArgumentTypeError(f"{text} must be at most 64")
    return value


def search_spec(text: str) -> BotSpec:
    """A search in the bot specification language, for play's hints."""
    try:
        spec = parse_bot_spec(text)
        spec.search_settings()
    except BotSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return spec


def key_value(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


# ---------------------------------------------------------------- positions and files

def read_text(path: str) -> str:
    """The contents of a file, or of standard input for '-'; errors are one line."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a text file") from None
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None


def example_path(name: str) -> Traversable:
    return resources.files("cavemind") / "data" / "examples" / f"{name}.json"


def example_text(name: str) -> str:
    if name not in cavemind.game_names():
        raise cavemind.UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(cavemind.game_names())}")
    path = example_path(name)
    if not path.is_file():
        raise CommandError(f"no example position ships for {name} yet")
    return path.read_text(encoding="utf-8")


def load_position(args: argparse.Namespace, seed: int = 0) -> tuple[dict[str, Any], cavemind.State]:
    """The position named on the command line (a file, '-' for stdin, or --example GAME): its JSON document
    and the state. A saved game (from `cavemind play`) is accepted too: its current position is used."""
    if (args.position is None) == (args.example is None):
        raise CommandError("give a position file (or '-' for standard input), or --example GAME")
    source = args.position or f"the {args.example} example"
    text = read_text(args.position) if args.position else example_text(args.example)
    if args.position and looks_like_record(text):
        return record_position(text, source, args.move)
    if args.move is not None:
        raise CommandError(f"--move: {source} is a position, not a game record (docs/records.md)")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"{source}: not valid JSON ({error})") from None
    if isinstance(doc, dict) and isinstance(doc.get("position"), dict) and "moves" in doc:
        doc = doc["position"]
    if isinstance(doc, dict) and "game" in doc and not isinstance(doc["game"], str):
        raise CommandError(f"{source}: game: expected a game name, got {json.dumps(doc['game'])}")
    try:
        return doc, cavemind.state_from_json(doc, seed=seed)
    except CavemindError as error:
        raise CommandError(f"{source}: {error}") from None


def record_position(text: str, source: str, move: int | None) -> tuple[dict[str, Any], cavemind.State]:
    """The position after `move` entries of a game record (all of them by default), as load_position gives."""
    record = parse_record(text, source)
    if move is not None and move > len(record):
        raise CommandError(f"--move {move}: {source} has entries 0 to {len(record)}")
    state = record.state_at(move)
    return state.to_dict(), state


def view_of(args: argparse.Namespace, doc: dict[str, Any], state: cavemind.State) -> int | None:
    """The seat whose view is shown or searched: --observer, else the seat the position was written from."""
    observer = doc.get("observer")
    if args.observer is None:
        return observer
    if args.observer >= state.game.num_players:
        raise CommandError(f"--observer {args.observer}: seats are 0 to {state.game.num_players - 1}")
    if observer is not None and args.observer != observer:
        # What the other seat holds was never written down, only sampled: showing it would be made up.
        raise CommandError(f"--observer {args.observer}: this position is written from seat {observer}'s view "
                           f"and knows only what seat {observer} sees")
    return args.observer


def describe_turn(state: cavemind.State, observer: int | None) -> str:
    """Who is to move, and the legal moves when the viewer may know them."""
    if state.is_terminal():
        scores = ", ".join(f"{s:g}" for s in state.scores())
        returns = ", ".join(f"{r:g}" for r in state.returns())
        return f"game over: scores {scores}; results {returns}"
    if state.is_chance_node():
        return "next: a chance event"
    player = state.current_player()
    if observer is not None and observer != player:
        return f"player {player} to move"          # their options could reveal what they hold
    return f"player {player} to move; legal: {', '.join(state.legal_action_strings())}"


# ---------------------------------------------------------------- commands

def _describe_parameter(name: str, spec: dict[str, Any]) -> str:
    kind = spec["type"].__name__
    choices = f" in {list(spec['choices'])}" if spec.get("choices") is not None else ""
    help_text = f"  {spec['help']}" if spec.get("help") else ""
    return f"    {name} ({kind}{choices}, default {spec['default']!r}){help_text}"


def command_games(args: argparse.Namespace) -> int:
    for name in cavemind.game_names():
        module = cavemind.games.game_module(name)
        print(f"{name}: {module.DESCRIPTION}")
        for key, spec in cavemind.parameters_of(name).items():
            print(_describe_parameter(key, spec))
    return 0


def game_from_args(name: str, players: int | None, options: list[tuple[str, str]]) -> cavemind.Game:
    params: dict[str, Any] = {}
    for key, value in options or []:
        if key == "players":
            raise CommandError("give the player count with --players, not --option")
        if key in params:
            raise CommandError(f"--option {key} given twice")
        params[key] = value
    if players is not None:
        params["players"] = players
    return cavemind.load_game(name, **params)


def command_new(args: argparse.Namespace) -> int:
    game = game_from_args(args.game, args.players, args.option)
    # Without --deal-seed the deal is shuffled afresh, like opening a new box.
    seed = args.deal_seed if args.deal_seed is not None else random.randrange(2**32)
    state = game.new_initial_state(seed=seed)
    if args.observer is not None and args.observer >= game.num_players:
        raise CommandError(f"--observer {args.observer}: seats are 0 to {game.num_players - 1}")
    text = document_text(state.to_dict(observer=args.observer))
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise CommandError(f"{args.output}: {error.strerror}") from None
    else:
        sys.stdout.write(text)
    return 0


def command_show(args: argparse.Namespace) -> int:
    doc, state = load_position(args)
    observer = view_of(args, doc, state)
    if args.svg or args.png:
        write_pictures(state, observer, args.svg, args.png)
    if observer is not None:
        print(f"{state.game.name}, as seen by player {observer}")
    print(state.render(observer=observer))
    print(describe_turn(state, observer))
    return 0


def write_pictures(state: cavemind.State, observer: int | None, svg_path: str | None, png_path: str | None) -> None:
    """The picture of the position as an SVG file and/or, when cairosvg is installed, a PNG file."""
    if png_path:
        try:
            import cairosvg
        except ImportError:
            raise CommandError("--png needs the cairosvg package (pip install cairosvg); --svg needs nothing") from None
    picture = state.to_svg(observer=observer)
    try:
        if svg_path:
            with open(svg_path, "w", encoding="utf-8") as file:
                file.write(picture)
        if png_path:
            cairosvg.svg2png(bytestring=picture.encode("utf-8"), write_to=png_path)
    except OSError as error:
        raise CommandError(f"{error.filename}: {error.strerror}") from None


def command_examples(args: argparse.Namespace) -> int:
    if args.game:
        sys.stdout.write(example_text(args.game))
        return 0
    for name in cavemind.game_names():
        if example_path(name).is_file():
            print(f"{name:<12}  cavemind analyse --example {name}")
        else:
            print(f"{name:<12}  (no example position yet)")
    return 0


def command_analyse(args: argparse.Namespace) -> int:
    doc, state = load_position(args, seed=args.seed)
    viewer = view_of(args, doc, state)
    if args.observer is not None:
        state = state.determinize(args.observer, args.seed)     # what that seat cannot see is resampled
    if state.is_terminal():
        raise CommandError("the game is over: nothing to analyse")
    if state.is_chance_node():
        raise CommandError("the position is at a chance event; give its outcome first "
                           f"({', '.join(state.legal_action_strings()[:6])}...)")
    warnings = []
    warning = hidden_information_warning(state, args.algorithm)
    if warning:
        warnings.append(warning)
        print(f"warning: {warning}", file=sys.stderr)
    mover = state.current_player()
    if viewer is not None and viewer != mover and state.game.module.HIDDEN_INFORMATION:
        print(f"note: player {mover} is to move but the position is seen by player {viewer}: what player "
              f"{mover} holds is a guess sampled from player {viewer}'s view", file=sys.stderr)
    iterations = args.iterations or (None if args.seconds else DEFAULT_ITERATIONS)
    if iterations is not None and args.threads > iterations:
        raise CommandError(f"--threads {args.threads}: more threads than iterations ({iterations}); each thread "
                           "runs at least one iteration")
    limit = cavemind.Limit(iterations=iterations, seconds=args.seconds, threads=args.threads,
                           memory_mb=args.memory_mb)
    # Unset: None, which analyse() reads as the game's default (cavemind.search_defaults).
    options = {"exploration": args.exploration, "rollout_depth": args.rollout_depth,
               "rollout_policy": args.rollout_policy,
               "determinizations": args.determinizations or DEFAULT_DETERMINIZATIONS}
    # The progress line (stderr) and the --report-every records (stdout) read the same stream of reports.
    progress = SearchProgress(sys.stderr.isatty() or args.progress, args.seconds)
    every = PROGRESS_EVERY
    if args.report_every is not None:
        if not args.json:
            raise CommandError("--report-every writes JSON records during the search: add --json")
        every = min(every, args.report_every) if progress.enabled else args.report_every
    last_record = 0.0

    def report(so_far: cavemind.AnalysisInfo) -> None:
        nonlocal last_record
        progress(so_far)
        if args.report_every is not None and so_far.seconds >= last_record + args.report_every - 1e-9:
            last_record = so_far.seconds
            print(json.dumps(json_record(so_far, args.top, warnings=warnings, during_search=True)), flush=True)

    try:
        info, stopped = analyse_interruptibly(state, limit, on_report=report, report_every=every,
                                              algorithm=args.algorithm, seed=args.seed, **options)
    finally:
        progress.close()
    if args.json:
        print(json.dumps(json_record(info, args.top, stopped=stopped, warnings=warnings)))
    else:
        print(format_table(info, state.game.name, args.top, stopped=stopped))
    return 0


def command_play(args: argparse.Namespace) -> int:
    from cavemind.play import Match, PlayError, Terminal, load_record, play

    moves, seed = [], args.deal_seed
    if args.move is not None and not args.from_file:
        raise CommandError("--move needs --from RECORD (a game record)")
    if args.from_file:
        if args.game:
            raise CommandError("give a game or --from FILE, not both")
        record = load_record(read_text(args.from_file), args.from_file, args.move)
        if not args.players and "seats" not in record:
            raise CommandError(f"{args.from_file}: the record names no seats; give --players")
        seats = split_bot_specs(args.players or ",".join(record["seats"]))
        game = cavemind.load_game(record["game"], players=record.get("players", len(seats)),
                                  **record.get("options", {}))
        moves = record["moves"]
        seed = record.get("seed", 0) if seed is None else seed
    else:
        if not args.game:
            raise CommandError("give a game to play (see cavemind games), or --from FILE")
        if not args.players:
            raise CommandError("give the seats with --players, e.g. --players human,ismcts:iterations=2000")
        seats = split_bot_specs(args.players)
        counts = cavemind.parameters_of(args.game)["players"].get("choices")
        if counts and len(seats) not in counts:
            raise CommandError(f"--players: {len(seats)} seat{'s' * (len(seats) != 1)} given; {args.game} is "
                               f"played by {' or '.join(map(str, counts))} players")
        game = game_from_args(args.game, len(seats), args.option)
    match = Match(game, seats, seed=random.randrange(2**32) if seed is None else seed, moves=moves,
                  hint=args.hint, entries=record.get("entries") if args.from_file else None)
    if match.state.is_terminal():
        raise PlayError("that game is already over")
    return play(match, Terminal(progress=sys.stderr.isatty() or args.progress), args.record)


def command_engine(args: argparse.Namespace) -> int:
    from cavemind import engine

    return engine.main()


class Progress:
    """A one-line progress display on stderr (only when it is a terminal, or when forced)."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.done, self.enabled, self.start = total, 0, enabled, time.monotonic()

    def step(self, label: str) -> None:
        if self.enabled:
            elapsed = time.monotonic() - self.start
            left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
            print(f"\r[{self.done + 1}/{self.total}] {label:<40} {elapsed:5.1f}s elapsed, ~{left:4.1f}s left",
                  end="", file=sys.stderr, flush=True)
        self.done += 1

    def close(self) -> None:
        if self.enabled:
            print(file=sys.stderr)


def measure_playouts(game: cavemind.Game, seconds: float) -> tuple[float, float]:
    """Random-playout steps per second and games per second, for about `seconds`."""
    steps = games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        steps += state.random_playout(seed=games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed, games / elapsed


def measure_fixed_playouts(game: cavemind.Game, playouts: int, repeats: int) -> tuple[float, float]:
    """Steps per second and games per second of exactly `playouts` random playouts (seeds 0 .. playouts-1, so
    every build plays the same games), the median of `repeats` timings."""
    states = [game.new_initial_state() for _ in range(playouts)]
    timings = []
    for _ in range(repeats):
        fresh = [state.clone() for state in states]   # made outside the timing
        start = time.perf_counter()
        steps = sum(state.random_playout(seed) for seed, state in enumerate(fresh))
        timings.append(time.perf_counter() - start)
    elapsed = statistics.median(timings)
    return steps / elapsed, playouts / elapsed


def measure_search(game: cavemind.Game, seconds: float, algorithm: str, threads: int,
                   rollout_depth: int | None = None) -> float:
    """Search iterations per second from the opening (its first decision); rollout_depth None: the game's."""
    state = game.new_initial_state(seed=1)
    info = cavemind.analyse(state, cavemind.Limit(seconds=seconds, threads=threads), algorithm=algorithm,
                            rollout_depth=rollout_depth)
    return info.nps


def command_bench(args: argparse.Namespace) -> int:
    names = [args.game] if args.game else cavemind.game_names()
    configs = []
    for name in names:
        choices = cavemind.parameters_of(name)["players"].get("choices") or (None,)
        counts = [args.players] if args.players else list(choices)
        configs += [cavemind.load_game(name, players=n) for n in counts]
    progress = Progress(len(configs), enabled=sys.stderr.isatty() or args.progress)
    rows = []
    for game in configs:
        progress.step(f"{game.name} {game.num_players} players")
        if args.playouts:
            steps, games = measure_fixed_playouts(game, args.playouts, args.repeats)
        else:
            steps, games = measure_playouts(game, args.seconds)
        nps = measure_search(game, args.seconds, args.algorithm, args.threads, args.rollout_depth)
        rows.append((game.name, game.num_players, game.state_size, steps, games, nps))
    progress.close()
    depth = {None: "the game's rollout depth", -1: "full rollouts"}.get(args.rollout_depth,
                                                                       f"rollouts cut at {args.rollout_depth}")
    print(f"| game | players | state bytes | playout steps/s | ns/step | playouts/s | {args.algorithm} "
          f"iterations/s ({args.threads} thread{'s' if args.threads > 1 else ''}, {depth}) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, players, size, steps, games, nps in rows:
        print(f"| {name} | {players} | {size} | {steps:,.0f} | {1e9 / steps:,.1f} | {games:,.0f} | {nps:,.0f} |")
    return 0


# ---------------------------------------------------------------- the parser

def _position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("position", nargs="?", metavar="POSITION",
                         help="a JSON position file, or - to read it from standard input")
    command.add_argument("--example", metavar="GAME", help="use the example position that ships for GAME")
    command.add_argument("--move", type=move_number, metavar="N",
                         help="POSITION is a game record: use the position after its first N entries "
                              "(default: the last)")
    command.add_argument("--observer", type=seat_number, metavar="P",
                         help="only what seat P can see (seats count from 0)")
    _deprecated(command, "--as-player", type=seat_number)


def _deprecated(command: argparse.ArgumentParser, flag: str, **kwargs) -> None:
    """An old flag, hidden from --help; main() moves its value to the new flag (see DEPRECATED_FLAGS)."""
    command.add_argument(flag, dest="old_" + flag.lstrip("-").replace("-", "_"), help=argparse.SUPPRESS, **kwargs)


def _search_arguments(command: argparse.ArgumentParser) -> None:
    """The search settings, named as the keywords of cavemind.analyse (docs/settings.md)."""
    command.add_argument("--iterations", type=iteration_count, metavar="N",
                         help=f"search iterations (default {DEFAULT_ITERATIONS:,} unless --seconds is given)")
    command.add_argument("--seconds", type=positive_float, metavar="T",
                         help="search for at most T seconds (with --iterations: the first to run out ends "
                              "the search)")
    command.add_argument("--threads", type=thread_count, default=1, metavar="K",
                         help="root-parallel search threads (default 1)")
    command.add_argument("--memory-mb", type=positive_float, metavar="MB",
                         help="cap each thread's tree at MB megabytes (default: half the machine's memory, shared "
                              "by the threads)")
    command.add_argument("--algorithm", choices=cavemind.ALGORITHMS, default="ismcts",
                         help="ismcts (default), mo-ismcts and pimc decide from the mover's view; mcts sees "
                              "everything")
    command.add_argument("--exploration", type=exploration_value, metavar="C",
                         help="the UCB exploration constant (default: the game's)")
    command.add_argument("--rollout-depth", type=rollout_depth_value, metavar="D",
                         help="decisions before a rollout stops and the game's heuristic is read; -1 plays to "
                              "the end (default: the game's)")
    command.add_argument("--rollout-policy", choices=ROLLOUT_POLICIES, default="game",
                         help="rollouts beyond the tree: the game's policy (default; uniform where it has none) "
                              "or uniform")
    command.add_argument("--determinizations", type=determinization_count, metavar="W",
                         help=f"worlds sampled by pimc, 1 to 64 (default {DEFAULT_DETERMINIZATIONS})")
    command.add_argument("--seed", type=seed_number, default=0, metavar="S",
                         help="seed of the search and of sampling hidden parts (default 0)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cavemind", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"cavemind {cavemind.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the registered games and their parameters")
    games.set_defaults(run=command_games)

    new = commands.add_parser("new", help="write a starting position as JSON",
                              description="Write the starting position of GAME as JSON (to standard output).")
    new.add_argument("game", metavar="GAME", help="a registered game (see cavemind games)")
    new.add_argument("--players", type=positive_int, metavar="N", help="number of players (default: the game's)")
    new.add_argument("--option", action="append", type=key_value, metavar="KEY=VALUE",
                     help="a game option (repeatable; see cavemind games)")
    new.add_argument("--deal-seed", type=seed_number, metavar="S",
                     help="seed of the opening chance events such as the deal (default: random)")
    new.add_argument("--observer", type=seat_number, metavar="P",
                     help="write the position as seat P sees it, hidden parts left out")
    _deprecated(new, "--seed", type=seed_number)
    _deprecated(new, "--as-player", type=seat_number)
    new.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    new.set_defaults(run=command_new)

    show = commands.add_parser("show", help="print the readable board of a position",
                               description="Print the readable board of a position.")
    _position_arguments(show)
    show.add_argument("--svg", metavar="FILE", help="also write the picture of the position as an SVG file")
    show.add_argument("--png", metavar="FILE", help="also write the picture as a PNG file (needs cairosvg)")
    show.set_defaults(run=command_show)

    examples = commands.add_parser("examples", help="list the example positions that ship with cavemind",
                                   description="List the example positions; with GAME, print that one.")
    examples.add_argument("game", nargs="?", metavar="GAME", help="print the example position of GAME")
    examples.set_defaults(run=command_examples)

    analyse = commands.add_parser(
        "analyse", aliases=["analyze"], help="rank the candidate moves of a position",
        description="Search a position and rank the candidate moves by visits, with their value (mean result "
                    "in [0, 1] for the player to move) and principal variation. Long searches show progress "
                    "on stderr; Ctrl-C stops the search and prints the best result so far.")
    _position_arguments(analyse)
    _search_arguments(analyse)
    analyse.add_argument("--top", type=positive_int, metavar="K", help="show only the K best moves")
    analyse.add_argument("--json", action="store_true", help="one JSON record (KataGo analysis style)")
    analyse.add_argument("--report-every", type=positive_float, metavar="T",
                         help="with --json: also a record of the statistics so far every T seconds, "
                              "with \"isDuringSearch\": true")
    analyse.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    analyse.set_defaults(run=command_analyse)

    play = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play GAME in the terminal. A human seat sees only what it may see and types a move "
                    "number or its notation, 'hint', 'save FILE', 'board' or 'quit'.")
    play.add_argument("game", nargs="?", metavar="GAME", help="a registered game (see cavemind games)")
    play.add_argument("--players", metavar="SEATS",
                      help="one seat per player: human, random, heuristic, mcts:..., ismcts:iterations=2000,... ")
    play.add_argument("--option", action="append", type=key_value, metavar="KEY=VALUE", help="a game option")
    play.add_argument("--deal-seed", type=seed_number, metavar="S",
                      help="seed of the chance events (the deal, the dice) and of the bots (default: random)")
    play.add_argument("--hint", type=search_spec, default=parse_bot_spec("ismcts"), metavar="SEARCH",
                      help="the search behind 'hint', in the bot language, e.g. ismcts:iterations=5000,"
                           "rollout_depth=10 or pimc:determinizations=16 (default ismcts: 1,000 iterations, "
                           "the game's settings)")
    _deprecated(play, "--seed", type=seed_number)
    play.add_argument("--from", dest="from_file", metavar="FILE", help="resume a game saved with 'save FILE'")
    play.add_argument("--move", type=move_number, metavar="N",
                      help="with --from RECORD: continue from the position after the record's first N entries")
    play.add_argument("--record", metavar="FILE", help="save the finished game to FILE and its game record "
                                                        "(docs/records.md) next to it; FILE.jsonl: the record only")
    play.add_argument("--progress", action="store_true",
                      help="show that a bot is thinking even when stderr is not a terminal")
    play.set_defaults(run=command_play)

    engine = commands.add_parser("engine", help="JSON-lines analysis protocol on stdin/stdout",
                                 description="JSON-lines analysis protocol on stdin/stdout; see "
                                             "docs/engine-protocol.md.")
    engine.set_defaults(run=command_engine)

    bench = commands.add_parser("bench", help="random-playout and search speed per game")
    bench.add_argument("game", nargs="?", choices=cavemind.game_names(), help="one game (default: all)")
    bench.add_argument("--players", type=positive_int, help="one player count (default: every count)")
    bench.add_argument("--seconds", type=positive_float, default=1.0, help="time per measurement (default 1)")
    bench.add_argument("--algorithm", choices=cavemind.ALGORITHMS, default="ismcts")
    bench.add_argument("--threads", type=thread_count, default=1)
    bench.add_argument("--rollout-depth", type=rollout_depth_value, metavar="D",
                       help="the search's rollouts cut off after D steps (-1: to the end; default: the game's)")
    bench.add_argument("--playouts", type=positive_int, metavar="N", help="time exactly N playouts (seeds 0 .. "
                       "N-1: the same games under every build) instead of --seconds of them")
    bench.add_argument("--repeats", type=positive_int, default=1, metavar="R",
                       help="with --playouts: the median of R timings (default 1)")
    bench.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    bench.set_defaults(run=command_bench)
    arena.add_parser(commands)
    review.add_parser(commands)
    return parser


def use_new_flags(args: argparse.Namespace) -> list[str]:
    """Moves the values of deprecated flags to their new names; returns a note for each one used."""
    notes = []
    command = "analyse" if args.command == "analyze" else args.command
    for where, old, new in DEPRECATED_FLAGS:
        old_dest, new_dest = "old_" + old.lstrip("-").replace("-", "_"), new.lstrip("-").replace("-", "_")
        if where != command or getattr(args, old_dest, None) is None:
            continue
        if getattr(args, new_dest) is not None:
            raise CommandError(f"{old} is the old name of {new}: give only {new}")
        setattr(args, new_dest, getattr(args, old_dest))
        notes.append(f"note: {old} is deprecated here, use {new} (docs/settings.md)")
    return notes


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        notes = use_new_flags(args)
        code = args.run(args)
        # After the run, so that bad input still gets exactly one line.
        for note in notes:
            print(f"cavemind {args.command}: {note}", file=sys.stderr)
        return code
    except CavemindError as error:
        print(f"cavemind {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:          # `cavemind ... | head` closed the pipe; nothing left to say
        return 1
    except Exception as error:       # a bug: still one line, but say it is ours
        print(f"cavemind {args.command}: internal error ({type(error).__name__}: {error}); please report it",
              file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
