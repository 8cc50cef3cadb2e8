"""Why (or whether) more iterations play better: the diagnosis of search scaling, in any game.

    python benchmarks/search_scaling.py --game dino_jagd --positions 40
    python benchmarks/search_scaling.py --game stone_age --budgets 250,1000,4000 --reference 16000

Decision positions are taken from seeded games of the expert bot against itself (one every `--every` decisions,
only where there is a choice). At each, ISMCTS with the game's default settings searches with every budget and
`--seeds` search seeds, and twice with the reference budget (two seeds). Per budget it reports:

- agreement: how often the budget's move (the most visited) is the reference search's move;
- regret: the reference search's value of its own move minus its value of the budget's move (both in win
  probability for the mover, from the first reference search; 0 when they agree), mean over positions;
- the root's share of visits on its most visited move, and the root value of that move.

The second reference search (another seed) is the control: its agreement and regret against the first are what
search noise alone gives at the reference budget. When a 1x budget already agrees with the reference about as
often as two reference searches agree with each other, and its regret is a small fraction of a percent, the
decisions it gets wrong are ones that do not matter, and 4x the iterations cannot win much more often than 1x:
the game (with this evaluation) is saturated at that budget. A large regret at 1x that falls with budget is what
a search that scales looks like.

Also reported: how often one move took over 99% of the reference's visits, elsewhere the gap between its best and
second-best move (how much a decision can matter), and how well the game's heuristic (what a cut-off rollout
reads) predicts the mover's final result at these positions (the self-play games are played to their end): a
search optimises that estimate, so an estimate that predicts results poorly makes more search better at the wrong
thing.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import cavemind
from cavemind.experts import ExpertBot


def decision_positions(game: cavemind.Game, count: int, every: int,
                       seed: int) -> tuple[list[cavemind.State], list[tuple[float, float]]]:
    """`count` decision positions with at least two legal moves, one every `every` decisions of expert
    self-play; and for each, the game's heuristic value for the mover with the mover's final result (the games
    are played to the end)."""
    bot = ExpertBot()
    rng = random.Random(seed)
    positions: list[cavemind.State] = []
    calibration: list[tuple[float, float]] = []
    game_number = 0
    while len(positions) < count:
        state = game.new_initial_state(seed=seed * 1_000_003 + game_number)
        game_number += 1
        decisions = rng.randrange(every)      # a different phase of the cycle in each game
        taken: list[tuple[int, float]] = []   # (mover, heuristic value) of this game's positions
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(63)))
                continue
            decisions += 1
            if decisions % every == 0 and len(state.legal_actions()) >= 2 and len(positions) < count:
                positions.append(state.clone())
                taken.append((state.current_player(), state.heuristic()[state.current_player()]))
            state.apply(bot.step(state))
        calibration += [(value, state.returns()[mover]) for mover, value in taken]
    return positions, calibration


def calibration_report(pairs: list[tuple[float, float]]) -> str:
    """How well the heuristic (the value at a cut-off rollout) predicts the mover's result: Brier score
    against the constant 0.5, and the mean result by predicted value."""
    brier = statistics.fmean((v - r) ** 2 for v, r in pairs)
    baseline = statistics.fmean((0.5 - r) ** 2 for _, r in pairs)
    edges = (0.0, 0.3, 0.45, 0.55, 0.7, 1.0)
    bins = []
    for low, high in zip(edges, edges[1:]):
        inside = [(v, r) for v, r in pairs if low <= v < high or (high == 1.0 and v == 1.0)]
        if inside:
            bins.append(f"{low:.2f}-{high:.2f}: {len(inside)} positions, predicted "
                        f"{statistics.fmean(v for v, _ in inside):.2f}, won {statistics.fmean(r for _, r in inside):.2f}")
    return (f"heuristic against the mover's result: Brier score {brier:.3f} (0.5 everywhere: {baseline:.3f}); "
            + "; ".join(bins))


def search(state: cavemind.State, iterations: int, seed: int) -> cavemind.AnalysisInfo:
    return cavemind.analyse(state, cavemind.Limit(iterations=iterations), seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--every", type=int, default=7, help="take one position every N decisions")
    parser.add_argument("--budgets", default="250,1000,4000", help="iterations per search, comma-separated")
    parser.add_argument("--reference", type=int, default=16000, help="iterations of the reference searches")
    parser.add_argument("--seeds", type=int, default=2, help="search seeds per budget and position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the self-play games")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    game = cavemind.load_game(args.game, players=args.players)
    started = time.monotonic()
    positions, calibration = decision_positions(game, args.positions, args.every, args.seed)
    rows: dict[str, dict[str, list[float]]] = {}
    gaps: list[float | None] = []
    widths: list[int] = []
    for number, state in enumerate(positions):
        reference = search(state, args.reference, seed=10_000 + number)
        value = {m.action: m.value for m in reference.moves}
        best = reference.best.action
        ranked = sorted((m.value for m in reference.moves if m.visits >= 0.01 * args.reference), reverse=True)
        gaps.append(ranked[0] - ranked[1] if len(ranked) > 1 else None)   # None: one move took 99% of the visits
        widths.append(len(state.legal_actions()))
        runs = [(f"{b:,}", search(state, b, seed=s)) for b in budgets for s in range(args.seeds)]
        runs.append((f"{args.reference:,} (control)", search(state, args.reference, seed=20_000 + number)))
        for label, info in runs:
            row = rows.setdefault(label, {"agree": [], "regret": [], "share": [], "value": []})
            chosen = info.best.action
            row["agree"].append(float(chosen == best))
            row["regret"].append(max(0.0, value[best] - value.get(chosen, 0.0)) if chosen != best else 0.0)
            row["share"].append(info.best.visits / max(1, sum(m.visits for m in info.moves)))
            row["value"].append(info.best.value)
    minutes = (time.monotonic() - started) / 60
    print(f"{args.game}, {args.players} players, {len(positions)} positions from expert self-play (every "
          f"{args.every}th decision), ISMCTS with the game's default settings, reference {args.reference:,} "
          f"iterations; {minutes:.1f} minutes")
    contested = [g for g in gaps if g is not None]
    print(f"legal moves per position: median {statistics.median(widths):g}, max {max(widths)}; positions where one "
          f"move took over 99% of the reference's visits: {1 - len(contested) / len(gaps):.0%}; in the others, the "
          f"gap between the reference's best and second-best move (moves with >= 1% of visits): median "
          f"{statistics.median(contested) if contested else 0:.3f}, mean {statistics.fmean(contested) if contested else 0:.3f}, "
          f"share of all positions with a gap over 0.05: {sum(g > 0.05 for g in contested) / len(gaps):.0%}")
    print(calibration_report(calibration))
    print()
    print("| iterations | agreement with the reference move | mean regret (win probability) | visit share of the chosen move | its value |")
    print("|---|---:|---:|---:|---:|")
    for label, row in rows.items():
        print(f"| {label} | {statistics.fmean(row['agree']):.0%} | {statistics.fmean(row['regret']):.4f} | "
              f"{statistics.fmean(row['share']):.2f} | {statistics.fmean(row['value']):.3f} |")


if __name__ == "__main__":
    main()
