"""Iterations per second of cavemind against OpenSpiel, and of 2 search threads against 1, in one run.

    python benchmarks/compare_openspiel.py                       # under a minute
    python benchmarks/compare_openspiel.py --quick               # about 10 s, rougher figures
    python benchmarks/compare_openspiel.py --all-games           # every cavemind game, a few minutes at most
    python benchmarks/compare_openspiel.py --all-games --game honga --quick

1. Tic-tac-toe, opening position: cavemind MCTS against OpenSpiel's C++ MCTSBot.
2. Kuhn poker (2 players), first decision: cavemind ISMCTS against OpenSpiel's C++ ISMCTSBot, then against
   its Python ISMCTSBot.
   Both sides get the same number of iterations (OpenSpiel: simulations) per search, the same effective
   exploration constant (cavemind's c on returns in [0, 1] is OpenSpiel's uct_c = c x the width of its return
   range: 2c on tic-tac-toe's [-1, 1], 4c on Kuhn poker's chips in [-2, 2]) and random rollouts (OpenSpiel:
   RandomRolloutEvaluator with 1 rollout). The searches of each pair run in turn in this one process (the
   order alternating), so that a busy machine slows both alike; the figures are medians over those rounds.
3. Every registered game and player count: cavemind ISMCTS with 2 threads against 1 thread, each search
   running for a fixed time (root parallelism: each thread grows its own tree).

With --all-games, instead: every registered game (or each --game) and player count, other options at their
defaults, from the first decision of a seeded deal, with OpenSpiel's bot driving the cavemind game through
``cavemind.interop.openspiel`` (``cavemind_<game>``), so both searches see the same rules, position and returns
in [0, 1]: cavemind ISMCTS against OpenSpiel's Python ``ISMCTSBot`` on games with hidden information, cavemind
MCTS against OpenSpiel's Python ``MCTSBot`` (plain UCT, no solver) on games of perfect information (the
ISMCTSBot refuses them). Same iterations, the same exploration constant (uct_c = c: both see [0, 1]) and
random rollouts; the iteration count per game is calibrated so that one OpenSpiel search takes about --seconds.

Each figure is the median over several searches of iterations / wall-clock seconds of the whole call, timed
the same way for both libraries. open_spiel is optional (`pip install .[bench]`); without it only the
thread-scaling table is printed (and --all-games stops with a message).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from importlib import metadata

try:
    import resource
except ImportError:  # not on Windows: the CPU-contention note is then left out
    resource = None

import cavemind

# cavemind's returns are in [0, 1]; OpenSpiel's span a range of this width. UCB1 picks the same child when
# both the mean return and the constant are scaled by the same factor, so OpenSpiel's uct_c = c * width.
OPENSPIEL_RETURN_WIDTH = {
    "tic_tac_toe": 2.0,  # -1 / 0 / +1
    "kuhn_poker": 4.0,  # chips won, -2..+2; cavemind maps them linearly onto [0, 1]
}
TARGETS = {"tictactoe": 4.0, "kuhn_poker_cpp": 9.0, "kuhn_poker": 1.5, "threads": 1.7, "adapter": 100.0}
# --all-games: at least this many iterations per search, so that cavemind's fixed cost per call (reading the
# root's statistics and naming its moves in Python) does not dominate on slow games.
MIN_ITERATIONS = 50


def median_rate(search, repeats: int, min_seconds: float = 0.0, warm_up: bool = True) -> float:
    """Median over at least `repeats` calls (more until `min_seconds` have passed) of iterations / wall-clock
    seconds; `search(i)` returns its iterations. One untimed call first warms caches and lazy imports."""
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


def kuhn_states():
    """The same position for both libraries: player 0 holds the queen, player 1 the king, no bets yet."""
    import pyspiel

    ours = cavemind.load_game("kuhn_poker", players=2).new_initial_state()
    ours.apply("deal Q")
    ours.apply("deal K")
    theirs = pyspiel.load_game("kuhn_poker").new_initial_state()
    theirs.apply_action(1)  # OpenSpiel's cards: 0 = J, 1 = Q, 2 = K
    theirs.apply_action(2)
    return ours, theirs


def interleaved_rates(searches: dict[str, object], repeats: int, min_seconds: float = 0.0) -> dict[str, float]:
    """Median iterations / wall-clock second of each search in `searches` (name -> search(i) returning its
    iterations), timed in turn within one loop (one call of each per round, the first of each untimed), so that
    whatever else the machine runs slows every side alike."""
    for search in searches.values():
        search(-1)  # warm-up: caches, lazy imports
    rates: dict[str, list[float]] = {name: [] for name in searches}
    began = time.perf_counter()
    i = 0
    while i < repeats or time.perf_counter() - began < min_seconds:
        order = list(searches.items())
        if i % 2:
            order.reverse()  # neither side always runs right after the other
        for name, search in order:
            start = time.perf_counter()
            iterations = search(i)
            rates[name].append(iterations / (time.perf_counter() - start))
        i += 1
    return {name: statistics.median(values) for name, values in rates.items()}


def compare_openspiel(iterations_ttt: int, iterations_kuhn: int, repeats: int, c: float,
                      results: dict | None = None) -> list[list[str]]:
    """cavemind against OpenSpiel's bots at equal exploration (uct_c = c x the width of OpenSpiel's return range),
    each pair of searches interleaved in this one process. Fills `results` (if given) with the figures."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    rows = []

    # Tic-tac-toe: cavemind MCTS against the C++ MCTSBot (plain UCT: solve=False).
    uct_c = c * OPENSPIEL_RETURN_WIDTH["tic_tac_toe"]
    ttt = pyspiel.load_game("tic_tac_toe")
    bot = pyspiel.MCTSBot(ttt, pyspiel.RandomRolloutEvaluator(1, 0), uct_c, iterations_ttt, 4000, False, 0,
                          False)
    root = ttt.new_initial_state()
    our_ttt = cavemind.load_game("tictactoe").new_initial_state()
    limit = cavemind.Limit(iterations=iterations_ttt)
    rates = interleaved_rates({
        "cavemind": lambda i: cavemind.analyse(our_ttt, limit, algorithm="mcts", exploration=c,
                                               seed=1000 + i).iterations,
        "openspiel": lambda i: bot.mcts_search(root).explore_count}, repeats)
    rows.append(_comparison_row(f"tic-tac-toe MCTS, {iterations_ttt} it (OpenSpiel C++ MCTSBot, uct_c={uct_c:g})",
                                rates["cavemind"], rates["openspiel"], TARGETS["tictactoe"]))
    _record(results, "tictactoe_mcts_vs_cpp_MCTSBot", iterations_ttt, c, uct_c, rates, TARGETS["tictactoe"])

    # Kuhn poker: cavemind ISMCTS against the C++ ISMCTSBot (its C++ random-rollout evaluator), then against the
    # Python ISMCTSBot with the Python evaluator (pyspiel's C++ evaluator cannot be called from a Python bot).
    uct_c = c * OPENSPIEL_RETURN_WIDTH["kuhn_poker"]
    kuhn = pyspiel.load_game("kuhn_poker")
    ours_state, their_state = kuhn_states()
    limit = cavemind.Limit(iterations=iterations_kuhn)

    def our_kuhn(i: int) -> int:
        return cavemind.analyse(ours_state, limit, algorithm="ismcts", exploration=c, seed=1000 + i).iterations

    cpp_bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), uct_c, iterations_kuhn)

    def cpp_search(i: int) -> int:
        cpp_bot.step(their_state)  # (one search from scratch: the bot resets its tree on every step)
        return iterations_kuhn

    rng = np.random.RandomState(0)
    py_bot = ismcts.ISMCTSBot(kuhn, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), uct_c,
                              iterations_kuhn, random_state=rng)

    def python_search(i: int) -> int:
        py_bot.run_search(their_state)
        return iterations_kuhn

    for language, key, their_search, target in (("C++", "cpp", cpp_search, "kuhn_poker_cpp"),
                                                ("Python", "python", python_search, "kuhn_poker")):
        rates = interleaved_rates({"cavemind": our_kuhn, "openspiel": their_search}, repeats)
        rows.append(_comparison_row(f"Kuhn poker ISMCTS, {iterations_kuhn} it (OpenSpiel {language} ISMCTSBot, "
                                    f"uct_c={uct_c:g})", rates["cavemind"], rates["openspiel"], TARGETS[target]))
        _record(results, f"kuhn_poker_ismcts_vs_{key}_ISMCTSBot", iterations_kuhn, c, uct_c, rates, TARGETS[target])
    return rows


def _record(results: dict | None, key: str, iterations: int, c: float, uct_c: float, rates: dict[str, float],
            target: float) -> None:
    if results is not None:
        results[key] = {"iterations": iterations, "cavemind_c": c, "openspiel_uct_c": uct_c,
                        "cavemind_it_per_s": round(rates["cavemind"]), "openspiel_it_per_s": round(rates["openspiel"]),
                        "ratio": round(rates["cavemind"] / rates["openspiel"], 2), "target": target}


def thread_scaling(seconds: float, repeats: int, c: float) -> list[list[str]]:
    """ISMCTS from each registered game's opening, `seconds` per search, 1 thread and 2 threads in turn (so
    that anything else running on the machine slows both alike)."""
    rows = []
    for name in cavemind.game_names():
        for players in cavemind.game_info(name).player_counts:
            state = cavemind.load_game(name, players=players).new_initial_state(seed=1)
            cavemind.analyse(state, cavemind.Limit(seconds=seconds / 10), exploration=c)  # warm-up
            rates: dict[int, list[float]] = {1: [], 2: []}
            for i in range(repeats):
                for threads in (1, 2):
                    start = time.perf_counter()
                    info = cavemind.analyse(state, cavemind.Limit(seconds=seconds, threads=threads),
                                            algorithm="ismcts", exploration=c, seed=2000 + i)
                    rates[threads].append(info.iterations / (time.perf_counter() - start))
            one, two = statistics.median(rates[1]), statistics.median(rates[2])
            rows.append(_comparison_row(f"{name}, {players} players: 2 threads vs 1 (ISMCTS, {seconds:g} s)",
                                        two, one, TARGETS["threads"]))
    return rows


# --- --all-games: OpenSpiel's bots on cavemind's games through the adapter -------------------------------

def configurations(games: list[str] | None) -> list[tuple[str, int]]:
    """(game, player count) of every registered game, or of `games`."""
    rows = []
    for name in games or cavemind.game_names():
        for players in cavemind.game_info(name).player_counts:
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


def compare_adapter(name: str, players: int, seconds: float, repeats: int, c: float) -> list[str]:
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
    target = TARGETS["adapter"]
    return [name, str(players), f"{algorithm.upper()} vs {bot_name}", f"{iterations:,}", f"{our_rate:,.0f}",
            f"{their_rate:,.0f}", f"{ratio:,.0f}x", f">= {target:g}x",
            "yes" if ratio >= target else f"NO ({ratio / target:.0%} of target)"]


class OtherProcesses:
    """How much CPU the rest of the machine used while we ran (Linux: /proc/stat less our own CPU time)."""

    def __init__(self):
        self.start = self._sample()

    @staticmethod
    def _sample():
        if resource is None:
            return None
        try:
            with open("/proc/stat") as stat:
                fields = [int(x) for x in stat.readline().split()[1:9]]
        except (OSError, ValueError):
            return None
        user, nice, system, _idle, _iowait, irq, softirq, steal = fields
        machine = (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
        ours = resource.getrusage(resource.RUSAGE_SELF)
        return machine - ours.ru_utime - ours.ru_stime, time.monotonic()

    def cpus_busy(self) -> float | None:
        """Average number of CPUs that other processes kept busy since construction."""
        end = self._sample()
        if self.start is None or end is None:
            return None
        return max(0.0, (end[0] - self.start[0]) / (end[1] - self.start[1]))


def _comparison_row(label: str, ours: float, baseline: float, target: float) -> list[str]:
    ratio = ours / baseline
    return [label, f"{ours:,.0f}", f"{baseline:,.0f}", f"{ratio:.2f}x", f">= {target:g}x",
            "yes" if ratio >= target else f"NO ({ratio / target:.0%} of target)"]


def print_table(header: list[str], rows: list[list[str]]) -> None:
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()


def all_games(args: argparse.Namespace, open_spiel_version: str) -> int:
    """--all-games: OpenSpiel's Python bots against cavemind's search on every cavemind game."""
    seconds = args.seconds or (0.3 if args.quick else 1.0)
    repeats = 3 if args.quick else 5
    print(f"# cavemind {cavemind.__version__} against OpenSpiel on cavemind's games\n")
    print(f"- machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, open_spiel {open_spiel_version}")
    print(f"- OpenSpiel drives each game through cavemind.interop.openspiel; same iterations, exploration "
          f"c={args.exploration:g} on returns in [0, 1] for both, random rollouts; one thread")
    print(f"- iterations calibrated to about {seconds:g} s per OpenSpiel search; it/s = median over searches "
          f"of iterations / wall-clock seconds of the call\n")
    others = OtherProcesses()
    rows = [compare_adapter(name, players, seconds, repeats, args.exploration)
            for name, players in configurations(args.game)]
    print_table(["game", "players", "search", "iterations", "cavemind it/s", "OpenSpiel it/s", "ratio", "target",
                 "met"], rows)
    busy = others.cpus_busy()
    if busy is not None:
        print(f"Other processes kept {busy:.2f} CPUs busy on average during the run.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short run: smaller budgets, fewer repeats")
    parser.add_argument("--repeats", type=int, default=None,
                        help="rounds of interleaved searches per comparison (default 7; --quick 3)")
    parser.add_argument("--no-threads", action="store_true", help="leave out the thread-scaling table")
    parser.add_argument("--json", default=None, metavar="PATH",
                        help="also write the OpenSpiel comparison's figures to PATH as JSON (a summary)")
    parser.add_argument("--exploration", type=float, default=1.0,
                        help="cavemind's UCB constant on returns in [0, 1] (default 1.0)")
    parser.add_argument("--all-games", action="store_true",
                        help="compare on every cavemind game through the OpenSpiel adapter instead")
    parser.add_argument("--game", action="append", choices=cavemind.game_names(),
                        help="with --all-games: only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="with --all-games: about how long one OpenSpiel search runs (default 1.0; --quick 0.3)")
    args = parser.parse_args(argv)
    if (args.game or args.seconds) and not args.all_games:
        parser.error("--game and --seconds go with --all-games")

    try:
        open_spiel_version = metadata.version("open_spiel")
        import pyspiel  # noqa: F401
    except (metadata.PackageNotFoundError, ImportError):
        open_spiel_version = None
    if args.all_games:
        if open_spiel_version is None:
            print("open_spiel is not installed: `pip install .[openspiel]` (or `pip install open_spiel`).")
            return 1
        return all_games(args, open_spiel_version)
    if args.quick:
        ttt_iterations, kuhn_iterations, repeats, seconds = 5000, 1000, 3, 0.25
    else:
        ttt_iterations, kuhn_iterations, repeats, seconds = 20000, 5000, 7, 1.0
    if args.repeats:
        repeats = args.repeats

    print(f"# cavemind {cavemind.__version__} benchmarks\n")
    print(f"- machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}, open_spiel {open_spiel_version or 'not installed'}")
    others = OtherProcesses()
    print(f"- iterations/s = median over {repeats} rounds of iterations / wall-clock seconds of the call; in each "
          f"round the two sides search in turn")
    ttt_c = args.exploration * OPENSPIEL_RETURN_WIDTH["tic_tac_toe"]
    kuhn_c = args.exploration * OPENSPIEL_RETURN_WIDTH["kuhn_poker"]
    print(f"- exploration: cavemind c={args.exploration:g} on returns in [0, 1]; OpenSpiel uct_c = c x width of "
          f"its return range (tic-tac-toe [-1, 1]: {ttt_c:g}; Kuhn poker chips [-2, 2]: {kuhn_c:g}), which ranks "
          f"children identically\n")

    if open_spiel_version is None:
        print("open_spiel is not installed, so the OpenSpiel comparison is skipped "
              "(install it with `pip install open_spiel` or `pip install .[bench]`).\n")
    else:
        print("## cavemind against OpenSpiel (same iterations, same constant, random rollouts)\n")
        results: dict = {}
        rows = compare_openspiel(ttt_iterations, kuhn_iterations, repeats, args.exploration, results)
        print_table(["search", "cavemind it/s", "OpenSpiel it/s", "ratio", "target", "met"], rows)
        if args.json:
            import json
            summary = {"cavemind": cavemind.__version__, "open_spiel": open_spiel_version,
                       "machine": f"{platform.machine()}, {os.cpu_count()} CPUs", "repeats": repeats,
                       "comparisons": results}
            busy = others.cpus_busy()
            if busy is not None:
                summary["other_processes_cpus_busy"] = round(busy, 2)
            with open(args.json, "w") as out:
                json.dump(summary, out, indent=1)
                out.write("\n")

    if not args.no_threads:
        print("## cavemind: 2 threads against 1 thread\n")
        rows = thread_scaling(seconds, max(3, repeats // 2), args.exploration)
        print_table(["search", "2 threads it/s", "1 thread it/s", "ratio", "target", "met"], rows)
    busy = others.cpus_busy()
    if busy is not None:
        print(f"Other processes kept {busy:.2f} CPUs busy on average during the run.")
        if busy > 0.2:
            print("They competed with the benchmark: the figures, thread scaling above all, are lower than on an\n"
                  "idle machine. Rerun when it is idle.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
