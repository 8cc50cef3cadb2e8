"""`cavemind bench`: random-playout and search speed per game, as a Markdown table."""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import cavemind
from cavemind.cli.arguments import positive_float, positive_int, setting_value
from cavemind.cli.output import status_line
from cavemind.progress import elapsed_and_left
from cavemind.search import ROLLOUT_POLICIES
from cavemind.settings import BY_NAME


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
                   rollout_depth: int | None = None, rollout_policy: str | None = None) -> float:
    """Search iterations per second from the opening (its first decision); rollout_depth None: the game's."""
    state = game.new_initial_state(seed=1)
    info = cavemind.analyse(state, cavemind.Limit(seconds=seconds, threads=threads), algorithm=algorithm,
                            rollout_depth=rollout_depth, rollout_policy=rollout_policy)
    return info.nps


def command_bench(args: argparse.Namespace) -> int:
    names = [args.game] if args.game else cavemind.game_names()
    configs = []
    for name in names:
        counts = [args.players] if args.players else list(cavemind.game_info(name).player_counts)
        configs += [cavemind.load_game(name, players=n) for n in counts]
    progress = status_line(args)
    rows = []
    for done, game in enumerate(configs):
        # The step under way: `[3/12] honga 4 players   0m05s elapsed, ~0m20s left`.
        label = f"{game.name} {game.num_players} players"
        progress.show(f"[{done + 1}/{len(configs)}] {label:<40} "
                      f"{elapsed_and_left(progress.elapsed, done, len(configs) - done)}")
        if args.playouts:
            steps, games = measure_fixed_playouts(game, args.playouts, args.repeats)
        else:
            steps, games = measure_playouts(game, args.seconds)
        nps = measure_search(game, args.seconds, args.algorithm, args.threads, args.rollout_depth,
                             args.rollout_policy)
        rows.append((game.name, game.num_players, game.state_size, steps, games, nps))
    progress.close()
    depth = {None: "the game's rollout depth", -1: "full rollouts"}.get(args.rollout_depth,
                                                                       f"rollouts cut at {args.rollout_depth}")
    policy = "" if args.rollout_policy is None else f", {args.rollout_policy} rollouts"
    print(f"| game | players | state bytes | playout steps/s | ns/step | playouts/s | {args.algorithm} "
          f"iterations/s ({args.threads} thread{'s' if args.threads > 1 else ''}, {depth}{policy}) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, players, size, steps, games, nps in rows:
        print(f"| {name} | {players} | {size} | {steps:,.0f} | {1e9 / steps:,.1f} | {games:,.0f} | {nps:,.0f} |")
    return 0


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    bench = commands.add_parser("bench", help="random-playout and search speed per game")
    bench.add_argument("game", nargs="?", choices=cavemind.game_names(), help="one game (default: all)")
    bench.add_argument("--players", type=positive_int, help="one player count (default: every count)")
    bench.add_argument("--seconds", type=positive_float, default=1.0, help="time per measurement (default 1)")
    bench.add_argument("--algorithm", choices=cavemind.ALGORITHMS, default="ismcts")
    bench.add_argument("--threads", type=setting_value(BY_NAME["threads"]), default=1)
    bench.add_argument("--rollout-depth", type=setting_value(BY_NAME["rollout_depth"]), metavar="D",
                       help="the search's rollouts cut off after D steps (-1: to the end; default: the game's)")
    bench.add_argument("--rollout-policy", choices=ROLLOUT_POLICIES,
                       help="the search's rollout policy (default: the game's)")
    bench.add_argument("--playouts", type=positive_int, metavar="N", help="time exactly N playouts (seeds 0 .. "
                       "N-1: the same games under every build) instead of --seconds of them")
    bench.add_argument("--repeats", type=positive_int, default=1, metavar="R",
                       help="with --playouts: the median of R timings (default 1)")
    bench.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    bench.set_defaults(run=command_bench)
