"""Prehistory speed figures: state size, random playout steps/s, ISMCTS iterations/s at the opening.

    python benchmarks/prehistory_speed.py
"""
import random
import time

import cavemind


def playout_steps_per_second(players, games=200):
    game = cavemind.load_game("prehistory", players=players)
    steps = 0
    t0 = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.getrandbits(63)))
            else:
                state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - t0), steps / games


def opening(players, seed=1):
    game = cavemind.load_game("prehistory", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng.getrandbits(63)))
    return state


if __name__ == "__main__":
    game = cavemind.load_game("prehistory", players=2)
    print(f"state size: {len(game.new_initial_state().to_bytes())} bytes")
    for players in (2, 3, 4):
        rate, length = playout_steps_per_second(players)
        state = opening(players)
        info = cavemind.analyse(state, cavemind.Limit(iterations=2000), algorithm="ismcts", seed=1)
        print(f"{players} players: random playouts {rate:,.0f} steps/s (python loop, {length:.0f} steps/game); "
              f"ISMCTS at the opening {info.nps:,.0f} iterations/s")
