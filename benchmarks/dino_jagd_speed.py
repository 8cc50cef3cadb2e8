"""Dino Jagd speed figures: state size, random playout steps/s, ISMCTS iterations/s at the opening.

    python benchmarks/dino_jagd_speed.py
"""
import time

import cavemind


def main():
    for players in (2, 3, 4):
        game = cavemind.load_game("dino_jagd", players=players)
        steps, start, seed = 0, time.perf_counter(), 0
        while time.perf_counter() - start < 2.0:
            steps += game.new_initial_state().random_playout(seed)
            seed += 1
        rate = steps / (time.perf_counter() - start)
        state = game.new_initial_state(seed=1)
        info = cavemind.analyse(state, cavemind.Limit(iterations=2000), algorithm="ismcts", seed=1)
        cut = cavemind.analyse(state, cavemind.Limit(iterations=2000), algorithm="ismcts", seed=1, rollout_depth=40)
        print(f"{players} players: state {game.module.STATE_SIZE} bytes, random playouts {rate:,.0f} steps/s "
              f"({seed / (time.perf_counter() - start):.0f} games/s), ISMCTS at the opening "
              f"{info.iterations / info.seconds:,.0f} iterations/s full rollouts, "
              f"{cut.iterations / cut.seconds:,.0f} with rollouts cut at 40 steps")


if __name__ == "__main__":
    main()
