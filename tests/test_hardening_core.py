"""Hardening of the game-independent boundary: action ids, seats, seeds and search budgets coming from
Python are checked before any C array is indexed (regressions of the hardening issue)."""
import subprocess
import sys
import textwrap

import pytest

import cavemind
from cavemind.errors import IllegalActionError, InvalidOptionError, InvalidPlayerError
from cavemind.games import game_names

BAD_IDS = [-1, -1000, 2**30, 2**31, 2**64, 2**100, True, 1.5, "1", None]


def decision_state(name):
    state = cavemind.load_game(name).new_initial_state(seed=3)
    assert state.current_player() >= 0
    return state


@pytest.mark.parametrize("name", game_names())
def test_out_of_range_action_ids_are_illegal_actions(name):
    state = decision_state(name)
    before = state.to_bytes()
    for bad in BAD_IDS:
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        with pytest.raises(IllegalActionError):
            state.child(bad)
        if not isinstance(bad, str):
            with pytest.raises(IllegalActionError):
                state.action_to_string(bad)
            with pytest.raises(IllegalActionError):
                state.observed_action(bad, 0)
    assert state.to_bytes() == before


@pytest.mark.parametrize("name", game_names())
def test_bad_seats_and_seeds_are_named(name):
    state = decision_state(name)
    for bad in [-1, state.num_players, 2**70, True, 1.5, "0"]:
        with pytest.raises(InvalidPlayerError):
            state.determinize(bad)
        with pytest.raises(InvalidPlayerError):
            state.infoset_hash(bad)
        with pytest.raises(InvalidPlayerError):
            state.observed_action(state.legal_actions()[0], bad)
    with pytest.raises(InvalidOptionError):
        state.determinize(0, seed=1.5)
    assert state.determinize(0, seed=2**200).num_players == state.num_players  # big ints are fine seeds


def test_pimc_with_many_worlds_in_every_game():
    """PIMC kept one path length per player but indexed it by tree: 9-19 worlds corrupted the worker,
    20 or more crashed. Runs in a subprocess so that a regression is reported, not fatal."""
    script = textwrap.dedent("""
        import cavemind
        from cavemind.games import game_names
        for name in game_names():
            state = cavemind.load_game(name).new_initial_state(seed=5)
            for worlds in (9, 16, 20, 32, 64):
                info = cavemind.analyse(state, cavemind.Limit(iterations=300), algorithm="pimc",
                                        determinizations=worlds, seed=worlds)
                assert info.iterations == 300, (name, worlds, info.iterations)
                assert sum(m.visits for m in info.moves) <= 300
                assert set(m.action for m in info.moves) <= set(state.legal_actions())
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"


def test_threads_never_exceed_the_iteration_budget():
    """Limit refuses more threads than iterations; the core, called directly, runs no more than asked."""
    state = decision_state("tictactoe")
    with pytest.raises(cavemind.SearchError, match="more threads than iterations"):
        cavemind.Limit(iterations=3, threads=8)
    # SearchSettings refuses it too, so the core is handed the values it copies (core_values) directly
    settings = cavemind.SearchSettings(iterations=3).resolved()
    unchecked = type("Unchecked", (), {"core_values": {**settings.core_values, "threads": 8}})()
    raw = cavemind._core.search(state, unchecked, 0)
    assert raw["iterations"] == 3


def test_a_huge_iteration_budget_is_not_allocated_up_front():
    """The tree grows on demand: the largest budget with a time limit searches and returns instead of
    failing to allocate 2**31 nodes before starting."""
    state = decision_state("stone_age")
    info = cavemind.analyse(state, cavemind.Limit(iterations=2**31 - 1, seconds=0.2), rollout_depth=10)
    assert 0 < info.iterations < 2**31 - 1


def test_a_position_seen_from_a_boolean_seat_is_an_invalid_position():
    """Found by the fuzzer: "observer": true passed the seat check (bool is an int) and failed later with
    InvalidPlayerError instead of naming the field."""
    doc = cavemind.load_game("tictactoe").new_initial_state().to_dict(observer=0)
    doc["observer"] = True
    with pytest.raises(cavemind.InvalidPositionError, match="observer"):
        cavemind.state_from_json(doc)


def test_the_issue_prehistory_position_is_refused_by_the_api_the_cli_and_the_engine(tmp_path):
    """The headline defect: a 3-player Prehistory position with ceremony_pile[0] = 201 seen from seat 0 crashed
    determinize (SIGSEGV / malloc abort) through the API, `cavemind show/analyse` and the engine."""
    import json

    doc = cavemind.load_game("prehistory", players=3).new_initial_state(seed=1).to_dict()
    doc["state"]["ceremony_pile"][0] = 201
    doc["observer"] = 0
    with pytest.raises(cavemind.InvalidPositionError, match=r"ceremony_pile\[0\]"):
        cavemind.state_from_json(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    for command in (["show", str(path)], ["analyse", str(path), "--iterations", "10"]):
        done = subprocess.run([sys.executable, "-m", "cavemind", *command], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 2 and "ceremony_pile[0]" in done.stderr, done.stderr
    lines = json.dumps({"id": 1, "position": doc}) + "\n" + json.dumps(
        {"id": 2, "game": "tictactoe", "limit": {"iterations": 10}}) + "\n"
    done = subprocess.run([sys.executable, "-m", "cavemind", "engine"], input=lines, capture_output=True,
                          text=True, timeout=120)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert records[0]["id"] == 1 and "ceremony_pile[0]" in records[0]["error"]
    assert any(r.get("id") == 2 and "moveInfos" in r for r in records[1:])
