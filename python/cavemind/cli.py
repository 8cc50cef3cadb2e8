"""The `cavemind` command: `cavemind games` lists the games, `cavemind bench` measures their speed."""
from __future__ import annotations

import argparse
import sys
import time

import cavemind
from cavemind.errors import CavemindError


def _describe_parameter(name: str, spec: dict) -> str:
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


def measure_search(game: cavemind.Game, seconds: float, algorithm: str, threads: int) -> float:
    """Search iterations per second from the opening (its first decision)."""
    state = game.new_initial_state(seed=1)
    info = cavemind.analyse(state, cavemind.Limit(seconds=seconds, threads=threads), algorithm=algorithm)
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
        steps, games = measure_playouts(game, args.seconds)
        nps = measure_search(game, args.seconds, args.algorithm, args.threads)
        rows.append((game.name, game.num_players, game.state_size, steps, games, nps))
    progress.close()
    print(f"| game | players | state bytes | playout steps/s | playouts/s | {args.algorithm} iterations/s "
          f"({args.threads} thread{'s' if args.threads > 1 else ''}) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, players, size, steps, games, nps in rows:
        print(f"| {name} | {players} | {size} | {steps:,.0f} | {games:,.0f} | {nps:,.0f} |")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cavemind", description=__doc__)
    parser.add_argument("--version", action="version", version=f"cavemind {cavemind.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    games = commands.add_parser("games", help="list the registered games and their parameters")
    games.set_defaults(run=command_games)
    bench = commands.add_parser("bench", help="random-playout and search speed per game")
    bench.add_argument("game", nargs="?", choices=cavemind.game_names(), help="one game (default: all)")
    bench.add_argument("--players", type=int, help="one player count (default: every count)")
    bench.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")
    bench.add_argument("--algorithm", choices=cavemind.ALGORITHMS, default="ismcts")
    bench.add_argument("--threads", type=int, default=1)
    bench.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    bench.set_defaults(run=command_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except CavemindError as error:
        print(f"cavemind: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
