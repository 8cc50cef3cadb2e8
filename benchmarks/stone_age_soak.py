"""Stone Age soak test: N seeded uniformly random games per player count (and option set), every invariant
checked after every step in C by the module's check_state definition (no negative stock; all 36 civilization cards and all 28 building tiles
conserved; people, agriculture and tools within their caps; placed people never more than owned; a legal
action at every decision). Prints games/s and steps/s, and the state size.

    python benchmarks/stone_age_soak.py                  # 10,000 games per player count, every option set
    python benchmarks/stone_age_soak.py --games 500      # what the slow-marked CI test runs

It also measures ISMCTS iterations/s at the opening for 2, 3 and 4 players (full random rollouts, and rollouts
cut off after 40 steps with the heuristic); --no-search skips that.
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time

from cavemind.games import stone_age

OPTIONS = ("winter_is_hard", "wild_animals", "igloos", "choice_at_once")


def soak(players: int, options: dict, games: int, seed: int) -> dict:
    params = {"players": players, **options}
    start = time.perf_counter()
    steps, rounds, longest, failure, wins = stone_age.random_playouts(params, games, seed, True)
    elapsed = time.perf_counter() - start
    return {"players": players, "options": options, "games": games, "steps": steps, "rounds": rounds,
            "longest": longest, "failure": failure, "wins": wins, "seconds": elapsed}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count and option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--base-only", action="store_true", help="only the base game (no variant, no expansions)")
    parser.add_argument("--no-search", dest="search", action="store_false", help="skip the ISMCTS measurement")
    parser.add_argument("--iterations", type=int, default=5000, help="ISMCTS iterations for the measurement")
    args = parser.parse_args(argv)
    print(f"state size: {stone_age.state_size()} bytes")
    option_sets = [dict(zip(OPTIONS, values)) for values in itertools.product((False, True), repeat=len(OPTIONS))]
    if args.base_only:
        option_sets = option_sets[:1]
    failed = False
    for players in (int(p) for p in args.players.split(",")):
        for k, options in enumerate(option_sets):
            r = soak(players, options, args.games, args.seed * 1000 + players * 10 + k)
            on = "+".join(name for name, value in options.items() if value) or "base"
            status = "OK" if r["failure"] is None else f"FAILED: {r['failure']}"
            print(f"{players}p {on:38s} {r['games']} games, {r['games'] / r['seconds']:8.0f} games/s, "
                  f"{r['steps'] / r['seconds'] / 1e6:5.2f} M steps/s, {r['steps'] / r['games']:6.0f} steps and "
                  f"{r['rounds'] / r['games']:4.1f} rounds/game, longest {r['longest']}  {status}", flush=True)
            failed = failed or r["failure"] is not None
    if args.search:
        import cavemind

        for players in (int(p) for p in args.players.split(",")):
            state = cavemind.load_game("stone_age", players=players).new_initial_state(seed=1)
            rates = []
            for depth in (None, 40):
                info = cavemind.analyse(state, cavemind.Limit(iterations=args.iterations), algorithm="ismcts",
                                        rollout_depth=depth, seed=1)
                rates.append(f"{info.nps:,.0f} it/s ({'full rollouts' if depth is None else 'cut off at 40'})")
            print(f"{players}p ISMCTS at the opening, {args.iterations} iterations: " + ", ".join(rates))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
