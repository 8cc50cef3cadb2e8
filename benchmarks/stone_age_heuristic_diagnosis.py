"""Diagnosis of the Stone Age heuristic (the evaluation ISMCTS reads when a rollout is cut off).

    python benchmarks/stone_age_heuristic_diagnosis.py --games 40 --bots expert     # expert self-play
    python benchmarks/stone_age_heuristic_diagnosis.py --games 200 --bots random     # random self-play
    python benchmarks/stone_age_heuristic_diagnosis.py --variant 1 ...                   # the other heuristic

Three measurements, over seeded 2-player games:

1. Calibration: at every 10th decision, player 0's heuristic value against the game's result for player 0
   (binned: mean predicted vs mean result; Brier score; and how early the heuristic's favourite is the winner).
2. Purchases: at each first payment decision for a card or building where `decline` is legal, the heuristic
   lead (10 x logit of the value, i.e. the estimate's points over the best opponent) after paying in full
   (the expert's payment) against after declining. A heuristic that prefers declining a purchase the winning
   player makes rewards hoarding.
3. Hoarding: the lead the heuristic gives to 10 or 40 more resources of each kind at mid-game positions,
   against what they could buy in the rounds left (a player converts a handful of resources per round).
Also the logistic scale that would calibrate the heuristic's lead, by stage.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics

import cavemind
from cavemind.experts import ExpertBot


# the logistic scale of each heuristic variant (points of lead per unit of logit)
SCALE = {0: 10.0, 1: 25.0}
variant_in_use = None        # the heuristic variant read (None: the game's default, variant 1)
scale_in_use = SCALE[1]


def lead(state, player: int) -> float:
    """The heuristic's estimated lead in points (it is a logistic of the lead over the best opponent)."""
    h = min(max(state.heuristic(variant_in_use)[player], 1e-12), 1 - 1e-12)
    return scale_in_use * math.log(h / (1.0 - h))


def finish_payment(state, bot):
    """Plays the mover's payment steps (by the expert) until the card or building is paid for."""
    mover = state.current_player()
    phase = state.to_dict()["state"]["phase"]
    while (not state.is_terminal() and not state.is_chance_node() and state.current_player() == mover
           and state.to_dict()["state"]["phase"] == phase):
        action = bot.step(state)
        if state.action_to_string(action) == "decline":
            pay = [a for a in state.legal_actions() if state.action_to_string(a).startswith(("pay", "build"))]
            action = pay[0]
        state.apply(action)
    return state


def set_variant(game, variant):
    """Reads heuristic `variant` from here on (None: the game's default)."""
    global scale_in_use, variant_in_use
    if variant is not None:
        variant_in_use = variant
        scale_in_use = SCALE[variant]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", choices=("expert", "random"), default="expert", help="who plays the self-play games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", type=int, default=None, help="heuristic variant (0 old, 1 new)")
    args = parser.parse_args()
    game = cavemind.load_game("stone_age", players=2)
    set_variant(game, args.variant)
    bot = ExpertBot()
    rng = random.Random(args.seed)
    points = []           # (heuristic value of player 0, round, result of player 0)
    purchases = {"card": [], "building": []}   # lead after paying minus lead after declining
    hoard = {(r, n): [] for n in (10, 40) for r in ("wood", "clay", "stone", "gold")}
    hoard_rounds = []
    for g in range(args.games):
        state = game.new_initial_state(seed=args.seed * 100003 + g)
        samples = []
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(63)))
                continue
            doc = state.to_dict()["state"]
            decisions += 1
            if decisions % 10 == 0:
                samples.append((state.heuristic(variant_in_use)[0], doc["round"], rounds_left_of(doc)))
            names = [state.action_to_string(a) for a in state.legal_actions()]
            mover = state.current_player()
            if doc["phase"] in ("pay_card", "pay_building", "build_fixed") and "decline" in names \
                    and not any(doc["step"]["paid"]):
                declined = state.child(state.legal_actions()[names.index("decline")])
                paid = finish_payment(state.clone(), bot)
                kind = "card" if doc["phase"] == "pay_card" else "building"
                purchases[kind].append(lead(paid, mover) - lead(declined, mover))
            if decisions % 50 == 0 and 3 <= doc["round"] and not doc["step"]["end_triggered"]:
                base = lead(state, mover)
                full = state.to_dict()
                for r, amount in hoard:
                    richer = dict(full)
                    richer["state"] = dict(full["state"])
                    richer["state"]["players"] = [dict(p) for p in full["state"]["players"]]
                    richer["state"]["players"][mover][r] += amount
                    hoard[r, amount].append(lead(cavemind.state_from_json(richer), mover) - base)
                hoard_rounds.append(rounds_left_of(full["state"]))
            action = bot.step(state) if args.bots == "expert" else rng.choice(state.legal_actions())
            state.apply(action)
        result = state.returns()[0]
        points += [(h, rnd, result, left) for h, rnd, left in samples]
    report(points, purchases, hoard, hoard_rounds, args)


def rounds_left_of(doc: dict) -> float:
    shortest = min(stack["left"] for stack in doc["stacks"])
    return min(doc["deck"]["size"] / 3.0, shortest * 1.5 + 0.5)


def best_scale(chunk) -> int:
    """The logistic scale s (points) that minimises the Brier score of sigmoid(lead / s) on these positions,
    where lead is the heuristic's own estimate of the lead (recovered from its value at its own scale)."""
    def brier(scale):
        total = 0.0
        for h, y in chunk:
            h = min(max(h, 1e-12), 1 - 1e-12)
            p = 1.0 / (1.0 + math.exp(-scale_in_use * math.log(h / (1 - h)) / scale))
            total += (p - y) ** 2
        return total
    return min(range(5, 121, 5), key=brier)


def report(points, purchases, hoard, hoard_rounds, args) -> None:
    print(f"## {args.games} games, {args.bots} self-play, heuristic variant "
          f"{'default' if args.variant is None else args.variant}\n")
    brier = statistics.fmean((h - y) ** 2 for h, _, y, _ in points)
    print(f"Calibration: {len(points)} positions, Brier score {brier:.3f} "
          f"(always 0.5: 0.250); correct favourite by game stage:\n")
    print("| heuristic value of player 0 | positions | mean value | player 0's win rate |")
    print("|---|---:|---:|---:|")
    edges = [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0001]
    for lo, hi in zip(edges, edges[1:]):
        chunk = [(h, y) for h, _, y, _ in points if lo <= h < hi]
        if chunk:
            print(f"| [{lo:.1f}, {min(hi, 1):.1f}) | {len(chunk)} | {statistics.fmean(h for h, _ in chunk):.3f} | "
                  f"{statistics.fmean(y for _, y in chunk):.3f} |")
    print(f"\n| rounds | positions | favourite wins | Brier | best logistic scale of the lead (the heuristic's: "
          f"{scale_in_use:g}) |")
    print("|---|---:|---:|---:|---:|")
    for lo, hi in ((1, 4), (4, 8), (8, 12), (12, 99)):
        chunk = [(h, y) for h, rnd, y, _ in points if lo <= rnd < hi]
        if chunk:
            right = statistics.fmean((1.0 if (h > 0.5) == (y > 0.5) else 0.0) for h, y in chunk if h != 0.5)
            print(f"| {lo}-{hi - 1 if hi < 99 else 'end'} | {len(chunk)} | {right:.2f} | "
                  f"{statistics.fmean((h - y) ** 2 for h, y in chunk):.3f} | {best_scale(chunk)} |")
    print("\n| rounds left (heuristic's estimate) | positions | best logistic scale of the lead |")
    print("|---|---:|---:|")
    for lo, hi in ((0, 2), (2, 4), (4, 6), (6, 9), (9, 99)):
        chunk = [(h, y) for h, _, y, left in points if lo <= left < hi]
        if chunk:
            print(f"| {lo}-{hi if hi < 99 else 'more'} | {len(chunk)} | {best_scale(chunk)} |")
    print("\nPurchases (heuristic lead after paying in full minus after declining, in points):\n")
    print("| purchase | decisions | heuristic prefers declining | mean difference | median |")
    print("|---|---:|---:|---:|---:|")
    for kind, diffs in purchases.items():
        if diffs:
            worse = sum(1 for d in diffs if d < 0) / len(diffs)
            print(f"| {kind} | {len(diffs)} | {100 * worse:.0f}% | {statistics.fmean(diffs):+.1f} | "
                  f"{statistics.median(diffs):+.1f} |")
    if hoard_rounds:
        print(f"\nHoarding: +10 or +40 of a resource at {len(hoard_rounds)} positions from round 3 on "
              f"(median rounds left by the heuristic's own estimate {statistics.median(hoard_rounds):.1f}):\n")
        print("| resource | amount | building value | heuristic lead gained (mean) |")
        print("|---|---:|---:|---:|")
        values = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
        for (r, n), gains in hoard.items():
            print(f"| {r} | {n} | {values[r] * n} | {statistics.fmean(gains):+.1f} |")


if __name__ == "__main__":
    main()
