"""Shared helpers: every registered game in every configuration the contract suite covers, and the benchmark
scripts loaded as modules for the tests of their functions."""
import importlib.util
import itertools
from pathlib import Path

import pytest

import cavemind
from cavemind.testing import walk  # noqa: F401  (the tests import it from here)

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name):
    """A script of benchmarks/ (not a package) as a module, for the tests of its functions."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


@pytest.fixture(autouse=True, scope="session")
def games_folder_of_the_tests(tmp_path_factory):
    """`cavemind play` saves every game left unfinished in the games folder ($CAVEMIND_HOME/games): in the tests,
    a temporary one, never the home folder of whoever runs them (a test may set its own)."""
    import os
    previous = os.environ.get("CAVEMIND_HOME")
    os.environ["CAVEMIND_HOME"] = str(tmp_path_factory.mktemp("cavemind_home"))
    yield
    if previous is None:
        os.environ.pop("CAVEMIND_HOME", None)
    else:
        os.environ["CAVEMIND_HOME"] = previous
