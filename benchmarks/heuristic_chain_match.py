"""HeuristicBot with a look-ahead through the mover's own forced decisions (`chain`) against the plain one-step
HeuristicBot, seat-rotated 2-player games (every deal in both seat orders with the same chance seeds).

    python benchmarks/heuristic_chain_match.py --game stone_age --chain 8 --deals 20

Prints each game and the chained bot's win rate with its Wilson 95% interval.
"""
from __future__ import annotations

import argparse

import cavemind
from cavemind.arena import derive_seed
from cavemind.ratings import wilson_interval


def play(game, bots, seed: int) -> list[float]:
    state = game.new_initial_state(seed=seed)
    chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(derive_seed(seed, chance)))
            chance += 1
            continue
        state.apply(bots[state.current_player()].step(state.clone()))
    return list(state.returns()), list(state.scores())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="stone_age")
    parser.add_argument("--chain", type=int, default=8)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    game = cavemind.load_game(args.game, players=2)
    total, n = 0.0, 0
    for deal in range(args.deals):
        for seat in (0, 1):
            chained = cavemind.HeuristicBot(seed=derive_seed(1, deal, seat), chain=args.chain)
            plain = cavemind.HeuristicBot(seed=derive_seed(2, deal, seat))
            bots = [chained, plain] if seat == 0 else [plain, chained]
            returns, scores = play(game, bots, derive_seed(0, deal))
            total += returns[seat]
            n += 1
            print(f"deal {deal} chained seat {seat}: {returns[seat]} scores {scores}", flush=True)
    low, high = wilson_interval(total / n, n)
    print(f"heuristic chain={args.chain} vs heuristic on {args.game}: {total:g}/{n} = {100 * total / n:.1f}% "
          f"[{100 * low:.1f}, {100 * high:.1f}]")


if __name__ == "__main__":
    main()
