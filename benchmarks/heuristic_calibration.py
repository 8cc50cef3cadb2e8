"""How well a game's cut-off heuristic predicts results, per heuristic variant, on the search's own games.

    python benchmarks/heuristic_calibration.py --game honga --games 150

Plays `--games` games of ISMCTS (`--bot`, default 250 iterations with the game's settings) against itself, 2
players, and at every `--every`-th decision reads the heuristic of each variant the game's module offers
(`State.heuristic(variant)`; Stone Age, Honga, Jäger und Späher and Dino Jagd have two) for the player to move; at
the end of the game each reading is scored against that player's result (1 win, 0 loss, ties shared). Prints the
Brier score (mean squared error; 0.25 is a coin that always says 0.5) of each variant, over all positions and by the
stage of the game (the quarter of the game's decisions the position falls in). A search optimises what its cut-off
reads, so a heuristic that predicts results poorly makes more search better at the wrong thing
(docs/research/2026-12-01-search-scaling-in-every-game-what-more-iterations-buy.md)."""
from __future__ import annotations

import argparse
import random

import cavemind
from cavemind import _core
from cavemind.arena import derive_seed
from cavemind.botspec import SEARCH_BOTS, BotSpec, parse_bot_spec
from cavemind.testing import bot_decisions


def variants_of(game) -> list[int]:
    """The heuristic variants the game's table offers."""
    return list(range(_core.table_info(game._capsule)["heuristic_variants"]))


def readings(game, bot_spec: str, seed: int, every: int, variants: list[int]) -> list[tuple[float, list[float], float]]:
    """(stage in [0, 1), heuristic of the mover per variant, mover's result) at every `every`-th decision; the bots
    search with the newest variant."""
    rng = random.Random(seed)
    spec = parse_bot_spec(bot_spec)
    spec = BotSpec(spec.kind, {**spec.options, "heuristic_variant": variants[-1]}) if spec.kind in SEARCH_BOTS else spec
    bots = [spec.make(rng.getrandbits(63)) for _ in range(2)]
    state = game.new_initial_state(seed=seed)
    taken, decisions = [], 0
    for number, position in bot_decisions(state, bots, seed):
        decisions = number + 1
        if number % every == 0:
            mover = position.current_player()
            taken.append((number, mover, [position.heuristic(v)[mover] for v in variants]))
    result = state.returns()
    return [(k / decisions, values, result[mover]) for k, mover, values in taken]


def brier(rows: list[tuple[float, list[float], float]], variant_index: int) -> float:
    """Mean squared error of one variant's readings against the results."""
    return sum((r[1][variant_index] - r[2]) ** 2 for r in rows) / max(1, len(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--bot", default="ismcts:iterations=250", help="the bot of both seats (a bot specification)")
    parser.add_argument("--every", type=int, default=5, help="read the heuristic at every N-th decision")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = cavemind.load_game(args.game, players=2)
    variants = variants_of(game)
    rows = []
    for g in range(args.games):
        rows += readings(game, args.bot, derive_seed(args.seed, g), args.every, variants)
    print(f"{args.game}: {len(rows)} positions from {args.games} games of {args.bot} against itself "
          f"(every {args.every}th decision)")
    print("| variant | Brier | 1st quarter | 2nd | 3rd | 4th |")
    print("|---|---:|---:|---:|---:|---:|")
    for i, v in enumerate(variants):
        quarters = [brier([r for r in rows if q / 4 <= r[0] < (q + 1) / 4], i) for q in range(4)]
        print(f"| {v} | {brier(rows, i):.4f} | " + " | ".join(f"{b:.4f}" for b in quarters) + " |")


if __name__ == "__main__":
    main()
