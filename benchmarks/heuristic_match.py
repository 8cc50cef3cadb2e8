"""Seat-rotated 2-player matches between bots that differ in the heuristic variant they search with (the search
setting heuristic_variant: Stone Age, Honga, Jäger und Späher and Dino Jagd have two) or in an experiment's setting
of the search (any game): the weight of the score margin in the backed-up value (margin_weight).

    python benchmarks/heuristic_match.py --game stone_age --a "ismcts:iterations=1000,depth=40@1" \\
        --b "ismcts:iterations=1000,depth=40@0" --deals 10 --out benchmarks/results/stone_age_v1_vs_v0.jsonl

A bot is a bot specification (see cavemind.botspec) with `@` and any of, separated by `/`: the heuristic variant
(0: the game's first heuristic, 1: the next; default: the game's default variant), `margin=W` (the margin weight,
default 0), `widening=A` (the progressive-widening exponent, default 0: off), `chance=K` (closed-loop chance nodes
for events with at most K outcomes); e.g. `ismcts:iterations=1000@0/margin=0.3`. These are search settings like the
others (`ismcts:iterations=1000,variant=0,margin=0.3` says the same; the `@` form is kept for the earlier results
files), carried by each bot's own searches. Stone Age's commit 6241149 also had its heuristic experiments 2 and 3.
(The rollout policy is a search setting too: `ismcts:iterations=1000,policy=uniform`.) Every deal is played in both
seat orders with the same chance seed. Results are JSON lines, one per game; an existing --out file is resumed
(games already in it are skipped). The summary prints at the end, and benchmarks/summarize.py writes it beside --out
(`<name>.summary.json`).
"""
from __future__ import annotations

import argparse
import json
import os
import random

import cavemind
from cavemind.arena import derive_seed
from cavemind.botspec import parse_bot_spec
from cavemind.ratings import wilson_interval


def parse(text: str):
    """'SPEC@VARIANT/margin=W/chance=K/widening=A' (each part optional) as a bot specification: the parts after
    `@` are its settings heuristic_variant, margin_weight, chance_branching and widening."""
    spec, _, extra = text.partition("@")
    settings = [token if "=" in token else f"variant={token}" for token in filter(None, extra.split("/"))]
    if settings:
        spec += ("," if ":" in spec else ":") + ",".join(settings)
    return parse_bot_spec(spec)


def play(game, bots, seed: int) -> dict:
    state = game.new_initial_state(seed=seed)
    chance_events = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            state.apply(state.sample_chance(derive_seed(seed, chance_events)))
            chance_events += 1
            continue
        state.apply(bots[player].step(state.clone()))
    result = {"returns": list(state.returns()), "scores": list(state.scores())}
    if game.name == "stone_age":    # what the Stone Age diagnosis followed: what a player built and kept
        doc = state.to_dict()["state"]
        result.update({"cards": [len(p["cards"]) for p in doc["players"]],
                       "buildings": [p["buildings"] for p in doc["players"]],
                       "resources": [sum(p[r] for r in ("wood", "clay", "stone", "gold")) for p in doc["players"]],
                       "rounds": doc["round"]})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="stone_age", help="stone_age (default), honga, or any game for the margin")
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--deals", type=int, default=10, help="deals; each is played in both seat orders")
    parser.add_argument("--match-seed", "--seed", dest="seed", type=int, default=0,
                        help="seed of the match: the deals and the bots derive from it (--seed: its old name)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    game = cavemind.load_game(args.game, players=2)
    spec_a, spec_b = parse(args.a), parse(args.b)
    done = {}
    if os.path.exists(args.out):
        with open(args.out) as f:
            for line in f:
                if line.strip():
                    record = json.loads(line)
                    done[record["deal"], record["a_seat"]] = record
    with open(args.out, "a") as out:
        for deal in range(args.deals):
            seed = derive_seed(args.seed, deal)
            for a_seat in (0, 1):
                if (deal, a_seat) in done:
                    continue
                rng = random.Random(derive_seed(args.seed, deal, a_seat))
                specs = [spec_a, spec_b] if a_seat == 0 else [spec_b, spec_a]
                bots = [spec.make(rng.getrandbits(63)) for spec in specs]
                result = play(game, bots, seed)
                record = {"deal": deal, "a_seat": a_seat, "a": args.a, "b": args.b, "seed": seed, **result}
                out.write(json.dumps(record) + "\n")
                out.flush()
                done[deal, a_seat] = record
    records = [r for r in done.values() if r["deal"] < args.deals]
    wins = sum(r["returns"][r["a_seat"]] for r in records)
    lo, hi = wilson_interval(wins / max(1, len(records)), len(records))
    margin = sum(r["scores"][r["a_seat"]] - r["scores"][1 - r["a_seat"]] for r in records) / max(1, len(records))
    def mean(key, seat_of):
        return sum(r[key][seat_of(r)] for r in records) / max(1, len(records))
    line = (f"{args.a} vs {args.b}: {len(records)} games, A wins {wins:g} = {100 * wins / max(1, len(records)):.1f}% "
            f"[{100 * lo:.1f}, {100 * hi:.1f}], mean margin {margin:+.1f}; mean score A "
            f"{mean('scores', lambda r: r['a_seat']):.1f} B {mean('scores', lambda r: 1 - r['a_seat']):.1f}")
    for key, what in (("cards", "cards"), ("buildings", "buildings"), ("resources", "resources left")):
        if records and key in records[0]:
            line += (f"; {what} A {mean(key, lambda r: r['a_seat']):.1f} B {mean(key, lambda r: 1 - r['a_seat']):.1f}")
    print(line)
    from summarize import current_commit, run_command, write_summary  # benchmarks/, on the path of a script
    write_summary(args.out, command=run_command(), commit=current_commit())


if __name__ == "__main__":
    main()
