"""Shared helpers: every registered game in every configuration the contract suite covers."""
import itertools

import pytest

import cavemind


def configurations(name):
    """Every player count times every combination of the options that have a finite set of values
    (booleans and options with choices); other options stay at their default."""
    spec = cavemind.parameters_of(name)
    varied = {key: (False, True) if s["type"] is bool else tuple(s["choices"])
              for key, s in spec.items() if key != "players" and (s["type"] is bool or s.get("choices"))}
    for players in spec["players"].get("choices") or (spec["players"]["default"],):
        for values in itertools.product(*varied.values()):
            yield {"players": players, **dict(zip(varied, values))}


def config_id(name, params):
    return name + "-" + "-".join(f"{k}={v}" for k, v in params.items())


ALL_CONFIGS = [(name, params) for name in cavemind.game_names() for params in configurations(name)]


@pytest.fixture(params=ALL_CONFIGS, ids=[config_id(*c) for c in ALL_CONFIGS])
def game(request):
    name, params = request.param
    return cavemind.load_game(name, **params)


def walk(state, seed, max_steps=None):
    """Yields the states of one seeded random playout, the start and the end included."""
    import random

    rng = random.Random(seed)
    yield state.clone()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if max_steps is not None and steps >= max_steps:
            return
        yield state.clone()
