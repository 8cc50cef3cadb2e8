"""cavemind's search against OpenSpiel's bots playing the same cavemind game through the OpenSpiel adapter.

    python benchmarks/compare_openspiel_games.py            # a few minutes at most
    python benchmarks/compare_openspiel_games.py --quick    # rougher figures, well under a minute

For every registered game and player count (other options at their defaults), from the first decision of a
seeded deal, in one run on one machine:

- games with hidden information: cavemind ISMCTS against OpenSpiel's Python ``ISMCTSBot``;
- games of perfect information (OpenSpiel's ISMCTSBot refuses them): cavemind MCTS against OpenSpiel's Python
  ``MCTSBot`` (plain UCT, no solver), the same search on the true state.

OpenSpiel's bot drives the game through ``cavemind.interop.openspiel`` (``cavemind_<game>``), so both searches
see the same rules, the same position and the same returns in [0, 1]. Both get the same number of iterations
(OpenSpiel: simulations) per search, the same exploration constant (the adapter's returns span [0, 1] like
cavemind's, so OpenSpiel's uct_c = c) and uniformly random rollouts (OpenSpiel: RandomRolloutEvaluator with one
rollout). The iteration count per game is calibrated so that one OpenSpiel search takes about --seconds.

Each figure is the median over several searches of iterations / wall-clock seconds of the whole call. Needs
open_spiel (``pip install .[openspiel]``).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from importlib import metadata

import cavemind

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_openspiel import OtherProcesses, print_table  # noqa: E402

TARGET = 100.0
# At least this many iterations per search, so that cavemind's fixed cost per call (reading the root's
# statistics and naming its moves in Python) does not dominate on slow games.
MIN_ITERATIONS = 50


def median_rate(search, repeats: int, min_seconds: float = 0.0, warm_up: bool = True) -> float:
    """Median over at least `repeats` calls (more until `min_seconds` have passed) of iterations per second of
    wall-clock time; `search(i)` returns its iterations. One untimed call first warms caches."""
    if warm_up:
        search(-1)
    rates: list[float] = []
    began = time.perf_counter()
    i = 0
    while i < repeats or time.perf_counter() - began < min_seconds:
        start = time.perf_counter()
        iterations = search(i)
        rates.append(iterations / (time.perf_counter() - start))
        i += 1
    return statistics.median(rates)


def configurations() -> list[tuple[str, int]]:
    rows = []
    for name in cavemind.game_names():
        spec = cavemind.parameters_of(name)["players"]
        for players in spec.get("choices") or (spec["default"],):
            rows.append((name, players))
    return rows


def openspiel_search(game, state, iterations: int, uct_c: float, seed: int):
    """A function running one OpenSpiel search of `iterations` from `state`, and the bot's name."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c, iterations, random_state=rng)

        def search(i: int) -> int:
            bot.run_search(state)
            return iterations

        return search, "ISMCTSBot"
    bot = mcts.MCTSBot(game, uct_c, iterations, evaluator, solve=False, random_state=rng)

    def search(i: int) -> int:
        bot.mcts_search(state)
        return iterations

    return search, "MCTSBot"


def compare(name: str, players: int, seconds: float, repeats: int, c: float) -> list[str]:
    from cavemind.interop import openspiel as cos

    ours = cavemind.load_game(name, players=players).new_initial_state(seed=1)
    theirs = cos.from_cavemind(ours)
    game = theirs.get_game()
    uct_c = c * (game.max_utility() - game.min_utility())
    # Calibrate: iterations for about `seconds` of OpenSpiel search.
    probe, _ = openspiel_search(game, theirs, 50, uct_c, seed=0)
    probe(-1)  # warm-up
    start = time.perf_counter()
    probe(0)
    rate = 50 / (time.perf_counter() - start)
    wanted = rate * seconds
    iterations = int(min(50_000, max(MIN_ITERATIONS, round(wanted, 1 - len(str(int(wanted)))))))  # 2 digits
    search, bot_name = openspiel_search(game, theirs, iterations, uct_c, seed=1)
    # The probe warmed OpenSpiel's code up; long searches (slow games) are repeated less.
    their_rate = median_rate(search, repeats if iterations / rate < 2 * seconds else 2, warm_up=False)
    algorithm = "ismcts" if bot_name == "ISMCTSBot" else "mcts"
    limit = cavemind.Limit(iterations=iterations)

    def our_search(i: int) -> int:
        return cavemind.analyse(ours, limit, algorithm=algorithm, exploration=c, seed=1000 + i).iterations

    our_rate = median_rate(our_search, max(repeats, 5), min_seconds=0.2)
    ratio = our_rate / their_rate
    return [name, str(players), f"{algorithm.upper()} vs {bot_name}", f"{iterations:,}", f"{our_rate:,.0f}",
            f"{their_rate:,.0f}", f"{ratio:,.0f}x", f">= {TARGET:g}x",
            "yes" if ratio >= TARGET else f"NO ({ratio / TARGET:.0%} of target)"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short run: shorter searches, fewer repeats")
    parser.add_argument("--seconds", type=float, default=None,
                        help="about how long one OpenSpiel search runs (default 1.0; --quick 0.3)")
    parser.add_argument("--exploration", type=float, default=1.0,
                        help="the UCB constant on returns in [0, 1], for both libraries (default 1.0)")
    parser.add_argument("--games", nargs="*", default=None, help="only these games (default: every registered one)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.3 if args.quick else 1.0)
    repeats = 3 if args.quick else 5
    try:
        version = metadata.version("open_spiel")
        import pyspiel  # noqa: F401
    except (metadata.PackageNotFoundError, ImportError):
        print("open_spiel is not installed: `pip install .[openspiel]` (or `pip install open_spiel`).")
        return 1

    print(f"# cavemind {cavemind.__version__} against OpenSpiel on cavemind's games\n")
    print(f"- machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, open_spiel {version}")
    print(f"- OpenSpiel drives each game through cavemind.interop.openspiel; same iterations, exploration "
          f"c={args.exploration:g} on returns in [0, 1] for both, random rollouts; one thread")
    print(f"- iterations calibrated to about {seconds:g} s per OpenSpiel search; it/s = median over searches "
          f"of iterations / wall-clock seconds of the call\n")
    others = OtherProcesses()
    rows = [compare(name, players, seconds, repeats, args.exploration) for name, players in configurations()
            if args.games is None or name in args.games]
    print_table(["game", "players", "search", "iterations", "cavemind it/s", "OpenSpiel it/s", "ratio", "target",
                 "met"], rows)
    busy = others.cpus_busy()
    if busy is not None:
        print(f"Other processes kept {busy:.2f} CPUs busy on average during the run.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
