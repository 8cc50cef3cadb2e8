"""What Prehistory's cut-off heuristic variants say against the expert's evaluation and the final result.

    python benchmarks/prehistory_heuristic_diagnosis.py --games 4 --bot ismcts:iterations=1000

Plays `--games` seat-rotated 2-player games of the expert against `--bot` and, at every `--every`-th decision,
reads for seat 0: the lead each heuristic variant implies (variant 0: (h - 0.5) x 60 points, cut off at +-30;
variants 1 and 2: the logit of h times their scale, 10 or 20 points), the expert's lead in expected final points
(`cavemind.experts.prehistory.evaluate`), and the final-scoring lead now (variant 0 before its cut-off); and
how far apart the last two are (what is still to come, which variant 0 leaves out). At the end
of the game each reading is compared with seat 0's final margin: by round, the mean reading, the mean final
margin, the correlation, and how often the reading's sign names the winner. A cut-off heuristic that values the
position as if the game ended now reads about the same for a seat far ahead on the fishing track as for one
that is not, though the track pays again in every summer left.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics

import cavemind
from cavemind.arena import derive_seed
from cavemind.botspec import parse_bot_spec
from cavemind.experts.prehistory import _lead_now, _tables, evaluate
from cavemind.testing import bot_decisions

SCALES = {1: 10.0, 2: 20.0}


def lead_of(h: float, variant: int) -> float:
    if variant == 0:
        return (h - 0.5) * 60.0
    h = min(max(h, 1e-12), 1 - 1e-12)
    return SCALES[variant] * math.log(h / (1 - h))


def play(game, bot_spec: str, seed: int, expert_seat: int, every: int) -> list[tuple[int, list[float], float]]:
    rng = random.Random(seed)
    bots = [parse_bot_spec(bot_spec).make(rng.getrandbits(63)) for _ in range(2)]
    bots[expert_seat] = parse_bot_spec("expert").make(rng.getrandbits(63))
    state = game.new_initial_state(seed=seed)
    variants = [0, 1, 2]
    taken = []
    for decision, position in bot_decisions(state, bots, seed):
        if decision % every == 0:
            raw = position.to_bytes()
            now = _lead_now(position, raw, 0, 1, 2, _tables()["off"])
            readings = [lead_of(position.heuristic(v)[0], v) for v in variants] + [evaluate(position, 0), now]
            taken.append((raw[1], readings, 0.0))
    scores = state.scores()
    margin = scores[0] - scores[1]
    return [(rnd, readings, margin) for rnd, readings, _ in taken]


def corr(xs: list[float], ys: list[float]) -> float:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return float("nan")
    return statistics.correlation(xs, ys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--bot", default="ismcts:iterations=1000")
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    game = cavemind.load_game("prehistory", players=2)
    rows = []
    for g in range(args.games):
        got = play(game, args.bot, derive_seed(args.seed, g), g % 2, args.every)
        print(f"game {g}: expert seat {g % 2}, seat 0's final margin {got[-1][2]:+.0f}", flush=True)
        rows += got
    names = ["variant 0 (lead now, cut at 30)", "variant 1 (expected, s=10)", "variant 2 (expected, s=20)",
             "expert evaluate", "final scoring now (uncut)"]
    print(f"{len(rows)} positions from {args.games} games of the expert against {args.bot}")
    print("| round | positions | mean final margin | " + " | ".join(f"{n}: mean / corr / sign" for n in names) + " |")
    print("|---|---:|---:|" + "---:|" * len(names))
    for rnd in range(5):
        sel = [r for r in rows if r[0] == rnd]
        if not sel:
            continue
        margins = [r[2] for r in sel]
        cells = []
        for i in range(len(names)):
            xs = [r[1][i] for r in sel]
            sign = sum(1 for x, m in zip(xs, margins, strict=True) if (x > 0) == (m > 0)) / len(sel)
            cells.append(f"{statistics.mean(xs):+.1f} / {corr(xs, margins):.2f} / {sign:.2f}")
        print(f"| {rnd + 1} | {len(sel)} | {statistics.mean(margins):+.1f} | " + " | ".join(cells) + " |")
    print("What is still to come (the expert's lead minus the final scoring's lead now), by round: mean |gap| points")
    for rnd in range(5):
        gaps = [abs(r[1][3] - r[1][4]) for r in rows if r[0] == rnd]
        if gaps:
            print(f"round {rnd + 1}: {statistics.mean(gaps):.1f} (max {max(gaps):.1f})")


if __name__ == "__main__":
    main()
