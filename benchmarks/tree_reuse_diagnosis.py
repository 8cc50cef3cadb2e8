"""Are the statistics a search reuses as good as fresh ones? Tree reuse measured against its own visits.

    python benchmarks/tree_reuse_diagnosis.py --game dino_jagd --games 4

Seeded games of an ISMCTS bot with tree reuse (seat 0, `--iterations` new iterations a move) against the same bot
without (seat 1). At each of seat 0's searches that reused a tree of R visits, the same position is searched
afresh with `--iterations` + R iterations (the same number of visits at the root), and once more with
`--reference` iterations as the reference. Reported, as in search_scaling.py: how often each picks the reference's
move (agreement) and the reference's value of its move below the reference's best (regret, in win probability
for the mover), mean over positions. A reused tree that helps has a regret near the fresh search's of as many
visits; one whose statistics mislead has a larger regret than a fresh search of its new iterations alone
(`--iterations`, reported too).
"""
from __future__ import annotations

import argparse
import random
import statistics

import cavemind


def regret(reference: cavemind.AnalysisInfo, action: int) -> float:
    values = {move.action: move.value for move in reference.moves}
    return reference.best.value - values.get(action, 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dino_jagd")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--reference", type=int, default=16000)
    parser.add_argument("--max-positions", type=int, default=80)
    args = parser.parse_args()
    game = cavemind.load_game(args.game, players=2)
    rows = {"reused": [], "fresh, as many visits": [], "fresh, the new iterations only": []}
    reused_visits = []
    rng = random.Random(0)
    for deal in range(args.games):
        state = game.new_initial_state(seed=deal)
        bots = [cavemind.ISMCTSBot(iterations=args.iterations, reuse_tree=True, seed=deal),
                cavemind.ISMCTSBot(iterations=args.iterations, seed=deal + 1000)]
        while not state.is_terminal() and len(reused_visits) < args.max_positions:
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            action = bots[player].step(state.clone())
            if player == 0 and bots[0].last_analysis is not None and bots[0].tree.reused_visits > 0:
                reused = bots[0].tree.reused_visits
                seed = rng.getrandbits(32)
                reference = cavemind.analyse(state, cavemind.Limit(iterations=args.reference), seed=seed)
                same = cavemind.analyse(state, cavemind.Limit(iterations=args.iterations + reused), seed=seed + 1)
                new_only = cavemind.analyse(state, cavemind.Limit(iterations=args.iterations), seed=seed + 2)
                for name, move in (("reused", action), ("fresh, as many visits", same.best.action),
                                   ("fresh, the new iterations only", new_only.best.action)):
                    rows[name].append((move == reference.best.action, regret(reference, move)))
                reused_visits.append(reused)
            state.apply(action)
    mean_reused = statistics.fmean(reused_visits)
    print(f"{args.game}: {len(reused_visits)} positions with a reused tree (mean {mean_reused:.0f} reused visits, "
          f"{args.iterations} new iterations; reference {args.reference})")
    print("| search | agreement with the reference | mean regret |")
    print("|---|---:|---:|")
    for name, results in rows.items():
        agreement, mean_regret = statistics.fmean(a for a, _ in results), statistics.fmean(r for _, r in results)
        print(f"| {name} | {agreement:.0%} | {mean_regret:.4f} |")


if __name__ == "__main__":
    main()
