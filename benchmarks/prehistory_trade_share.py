"""How much of a Prehistory search goes to rotations and discards (docs/research/2026-12-07-prehistory-move-priors.md):
at positions of a results file's 2-player games where a rotation (of a pricing tile or the weather tile) or a discard
is legal, one search with `prior_weight` 0 and one with 1 (the game's other defaults); prints the share of the
root's visits those moves took and how often one of them was the most visited move.

    python benchmarks/prehistory_trade_share.py RESULTS.jsonl [--games 10] [--every 7] [--iterations 1000]
"""
import argparse
import gzip
import json
import statistics

import cavemind

ROTATIONS_AND_DISCARDS = set(range(214, 227)) | set(range(239, 251))   # prehistory.pxd: A_ROT..A_WEATHER, discards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", help="an arena results file of 2-player Prehistory games (.jsonl or .jsonl.gz)")
    parser.add_argument("--games", type=int, default=10, help="the first N games of the file")
    parser.add_argument("--every", type=int, default=7, help="every K-th entry of a game's move list")
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    game = cavemind.load_game("prehistory", players=2)
    with (gzip.open if args.results.endswith(".gz") else open)(args.results, "rt", encoding="utf-8") as results:
        lines = [json.loads(line) for line in results]
    games = [line for line in lines if line.get("type") == "game"][:args.games]
    shares: dict[int, list[float]] = {0: [], 1: []}
    played: dict[int, int] = {0: 0, 1: 0}
    for record in games:
        state = game.new_initial_state(seed=record["deal_seed"])
        for index, (seat, name, _seconds) in enumerate(record["moves"]):
            legal = state.legal_actions() if seat >= 0 else []
            if index % args.every == 0 and len(legal) > 1 and set(legal) & ROTATIONS_AND_DISCARDS:
                for weight in (0, 1):
                    info = cavemind.analyse(state, cavemind.Limit(iterations=args.iterations), seed=index,
                                            prior_weight=weight)
                    total = sum(m.visits for m in info.moves)
                    shares[weight].append(sum(m.visits for m in info.moves if m.action in ROTATIONS_AND_DISCARDS)
                                          / total)
                    played[weight] += info.best.action in ROTATIONS_AND_DISCARDS
            state.apply(state.string_to_action(name))
    positions = len(shares[0])
    print(f"{positions} positions of {len(games)} games, {args.iterations} iterations a search")
    for weight in (0, 1):
        print(f"prior_weight={weight}: rotations' and discards' share of the root's visits: mean "
              f"{statistics.mean(shares[weight]):.3f}, median {statistics.median(shares[weight]):.3f}; the most "
              f"visited move one of them at {played[weight]} of {positions} positions")


if __name__ == "__main__":
    main()
