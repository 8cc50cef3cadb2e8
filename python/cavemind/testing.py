"""Test harness shared by the test suite and the benchmark scripts: seeded random playouts, the
survival check of a state, and a seeded mutation fuzzer over JSON positions.

The fuzzer takes real positions (states along seeded random playouts, written as JSON from every seat
and from none), changes one to three values at a time (types, ranges, lengths, unknown names,
contradictions between fields) and loads the result. A load must either raise InvalidPositionError or
give a state that survives everything a user can do with it (`survive`). Every case is reproducible
from (game, configuration, seed, case index). `run_isolated` runs a batch in a child process so that a
crash in compiled code is reported as a finding instead of ending the run.
"""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import cavemind
from cavemind.errors import CavemindError, InvalidPositionError

SURVIVAL_ITERATIONS = 8       # each algorithm's search budget on an accepted position
MAX_PLAYOUT_CHECKS = 2_000    # states of the survival playout on which check_state is run
INTERESTING_INTS = (-2**63, -2**31, -256, -1, 0, 1, 2, 7, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31,
                    2**63, 10**30)
ODD_VALUES = (None, True, False, 1.5, float("nan"), float("inf"), "", "x", "zzz unknown", [], {}, [1, 2], {"a": 1})


def walk(state: cavemind.State, seed: int, max_steps: int | None = None) -> Iterator[cavemind.State]:
    """The states of one seeded uniformly random playout from `state`, the start and the end included."""
    rng = random.Random(seed)
    state = state.clone()
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


def random_states(game: cavemind.Game, count: int, seed: int) -> list[cavemind.State]:
    """About `count` states spread along seeded random playouts of `game` (start and end included)."""
    states: list[cavemind.State] = []
    playout = 0
    while len(states) < count:
        line = list(walk(game.new_initial_state(), seed * 7919 + playout))
        stride = max(1, len(line) // 6)
        states.extend(line[::stride] + [line[-1]])
        playout += 1
    return states[:count]


def check_random_games(game: cavemind.Game, games: int, seed: int = 0, determinize_every: int = 5) -> None:
    """Plays `games` seeded random games and asserts that every state, and every seat's determinization of
    every `determinize_every`-th state, is one the rules allow (the game's check_state)."""
    for number in range(seed, seed + games):
        for step, state in enumerate(walk(game.new_initial_state(), number)):
            problem = state.check_state()
            assert problem is None, f"game {number}, step {step}: {problem}"
            if step % determinize_every == 0:
                for seat in range(game.num_players):
                    problem = state.determinize(seat, seed=step).check_state()
                    assert problem is None, f"game {number}, step {step}, determinize({seat}): {problem}"


def survive(state: cavemind.State, seed: int = 0, search: bool = True) -> None:
    """Everything a user can do with a state: legal moves and their names, rendering from every seat, JSON
    round trips, determinize (whose results must be legal states), observations, a short search with each
    algorithm, and a random playout to the end with the legal-state check along the way. Raises
    AssertionError (or whatever the library raised) on the first failure."""
    game = state.game
    problem = state.check_state()
    assert problem is None, f"illegal state accepted: {problem}"
    for action in state.legal_actions():
        assert isinstance(state.action_to_string(action), str)
    assert isinstance(state.render(), str)
    again = game.state_from_json(state.to_json())
    assert again == state, "JSON round trip changed the state"
    for seat in range(game.num_players):
        assert isinstance(state.render(seat), str)
        assert len(state.observation(seat)) == game.observation_size
        world = state.determinize(seat, seed + seat)
        problem = world.check_state()
        assert problem is None, f"determinize({seat}) dealt an illegal state: {problem}"
        assert world.infoset_hash(seat) == state.infoset_hash(seat), f"determinize({seat}) changed seat {seat}'s view"
        cavemind.state_from_json(state.to_json(observer=seat), seed=seed)
    if search and state.current_player() >= 0:
        for algorithm in cavemind.ALGORITHMS:
            info = cavemind.analyse(state, cavemind.Limit(iterations=SURVIVAL_ITERATIONS), algorithm=algorithm,
                                    determinizations=3, seed=seed)
            assert info.moves and info.best.action in state.legal_actions()
    for step, after in enumerate(walk(state, seed)):
        if step < MAX_PLAYOUT_CHECKS:
            problem = after.check_state()
            assert problem is None, f"a legal move led to an illegal state after {step} steps: {problem}"
    if after.is_terminal():
        assert all(0.0 <= r <= 1.0 for r in after.returns())


# --- mutation of positions ---------------------------------------------------------------------------

def _leaves(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths to every value in a JSON document (containers included, the root excluded)."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append(path + (key,))
            found.extend(_leaves(value, path + (key,)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append(path + (index,))
            found.extend(_leaves(value, path + (index,)))
    return found


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _odd(rng: random.Random) -> Any:
    """A value of a surprising type: a fresh copy, since a later mutation may change it in place."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _mutated_value(rng: random.Random, value: Any, donors: list[Any]) -> Any:
    """A replacement for `value`: near it, at a type boundary, of another type, or taken from elsewhere in
    the same position (which makes cross-field contradictions)."""
    roll = rng.random()
    if roll < 0.15 and donors:
        return copy.deepcopy(rng.choice(donors))
    if isinstance(value, bool):
        return rng.choice([not value, 0, 1, 2, None])
    if isinstance(value, int):
        choices = [value + 1, value - 1, value + rng.randint(2, 40), -value - 1, value * 2 + 1,
                   rng.choice(INTERESTING_INTS), rng.randint(-3, 300)]
        return rng.choice(choices) if rng.random() < 0.85 else _odd(rng)
    if isinstance(value, float):
        return rng.choice([value + 1, -value, 1e300, float("nan"), 0.0, 2, None])
    if isinstance(value, str):
        strings = [d for d in donors if isinstance(d, str)]
        options = ["", value + "x", value.upper(), "none", "-1", "0"] + strings[:20]
        return rng.choice(options) if rng.random() < 0.85 else _odd(rng)
    if isinstance(value, list):
        mutated = copy.deepcopy(value)
        what = rng.randrange(6)
        if what == 0 and mutated:
            mutated.pop(rng.randrange(len(mutated)))
        elif what == 1 and mutated:
            mutated.append(copy.deepcopy(rng.choice(mutated)))
        elif what == 2:
            mutated = []
        elif what == 3 and mutated:
            mutated.extend(copy.deepcopy(mutated))
        elif what == 4 and len(mutated) > 1:
            rng.shuffle(mutated)
        else:
            return _odd(rng)
        return mutated
    if isinstance(value, dict):
        mutated = copy.deepcopy(value)
        if mutated and rng.random() < 0.5:
            del mutated[rng.choice(list(mutated))]
        elif rng.random() < 0.5:
            mutated["unknown_field"] = rng.choice(INTERESTING_INTS)
        else:
            return _odd(rng)
        return mutated
    return copy.deepcopy(rng.choice(INTERESTING_INTS + ODD_VALUES))


def mutate_position(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of the position `doc` with one to three values changed (mostly inside "state", sometimes the
    header: game, format, players, options, observer)."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if rng.random() < 0.1:
            key = rng.choice(["game", "format", "players", "options", "observer", "state"])
            doc[key] = _mutated_value(rng, doc.get(key, 0), [])
            continue
        paths = _leaves(doc.get("state"), ("state",)) if isinstance(doc.get("state"), dict) else []
        if not paths:
            continue
        donors = [_get(doc, p) for p in rng.sample(paths, min(len(paths), 30))]
        path = rng.choice(paths)
        _set(doc, path, _mutated_value(rng, _get(doc, path), donors))
    return doc


def fuzz_configurations(games: list[str] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Every player count of every game (or of `games`), with each boolean or multiple-choice option
    switched on in turn: the configurations the fuzzer covers."""
    found = []
    for name in games or cavemind.game_names():
        spec = cavemind.parameters_of(name)
        players = spec["players"].get("choices") or (spec["players"]["default"],)
        for count in players:
            found.append((name, {"players": count}))
        for key, option in spec.items():
            if key == "players":
                continue
            values = (True,) if option["type"] is bool else tuple(
                v for v in option.get("choices") or () if v != option["default"])
            for value in values:
                found.append((name, {"players": spec["players"]["default"], key: value}))
    return found


def seed_positions(game: cavemind.Game, count: int, seed: int) -> list[dict[str, Any]]:
    """Real positions of `game`: states along random playouts, written from no seat and from each seat."""
    rng = random.Random(seed)
    docs = []
    for state in random_states(game, count, seed):
        observer = rng.choice([None] + list(range(game.num_players)))
        docs.append(state.to_dict(observer))
    return docs


@dataclass
class FuzzReport:
    """Counts of one fuzzing run, and the cases that failed (each reproducible from its case index)."""

    game: str
    params: dict[str, Any]
    tried: int = 0
    rejected: int = 0
    accepted: int = 0
    survived: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)
    rejection_kinds: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "params": self.params, "tried": self.tried, "rejected": self.rejected,
                "accepted": self.accepted, "survived": self.survived, "failures": self.failures}


def fuzz_case(game: cavemind.Game, seeds: list[dict[str, Any]], seed: int, index: int, search: bool = True
              ) -> tuple[str, str]:
    """Runs case `index`: ("rejected", message), ("survived", "") or ("failed", what went wrong)."""
    rng = random.Random(f"{seed}:{index}")
    doc = mutate_position(rng.choice(seeds), rng)
    text = json.dumps(doc)
    try:
        state = cavemind.state_from_json(text, seed=index)
    except InvalidPositionError as error:
        return "rejected", str(error)
    except Exception as error:  # anything but the position error is a finding
        return "failed", f"load raised {type(error).__name__}: {error} | {text[:2000]}"
    try:
        survive(state, seed=index, search=search)
    except CavemindError as error:
        return "failed", f"accepted position then raised {type(error).__name__}: {error} | {text[:2000]}"
    except Exception as error:
        return "failed", f"accepted position failed: {type(error).__name__}: {error} | {text[:2000]}"
    return "survived", ""


def fuzz_positions(name: str, params: dict[str, Any], cases: int, seed: int = 0, start: int = 0,
                   search: bool = True, on_case=None) -> FuzzReport:
    """Mutated positions of one game configuration, cases start .. start+cases-1, in this process."""
    game = cavemind.load_game(name, **params)
    seeds = seed_positions(game, 24, seed)
    report = FuzzReport(name, dict(params))
    for index in range(start, start + cases):
        outcome, message = fuzz_case(game, seeds, seed, index, search)
        _count(report, index, outcome, message)
        if on_case is not None:
            on_case(index, outcome)
    return report


def run_isolated(name: str, params: dict[str, Any], cases: int, seed: int = 0, search: bool = True,
                 timeout: float | None = None) -> FuzzReport:
    """fuzz_positions in a child process that prints one line per case. A crash (signal, abort) or a hang
    is recorded as a failure of the case that was running, and the batch goes on from the next case in a
    new child."""
    report = FuzzReport(name, dict(params))
    start, end = 0, cases
    while start < end:
        # a case takes milliseconds; a batch far over its share has hung
        limit = timeout if timeout is not None else 30.0 + 0.25 * (end - start)
        command = [sys.executable, "-m", "cavemind.testing", name, json.dumps(params), str(seed), str(start),
                   str(end - start), "1" if search else "0"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
            output, what = done.stdout, None if done.returncode == 0 else (
                f"the process crashed (exit {done.returncode}): {done.stderr[-300:]}")
        except subprocess.TimeoutExpired as expired:
            raw = expired.stdout or b""
            output, what = raw.decode() if isinstance(raw, bytes) else raw, f"the process hung ({limit:.0f} s)"
        next_case = start
        for line in output.splitlines():
            record = json.loads(line)
            next_case = record["case"] + 1
            _count(report, record["case"], record["outcome"], record["message"])
        if what is None and next_case >= end:
            break
        if next_case >= end:  # every case answered, then the process died: memory corrupted earlier
            report.failures.append({"case": f"{start}..{end - 1}", "error": f"after the last case, {what}"})
            break
        _count(report, next_case, "failed", what or "the process ended early")
        start = next_case + 1
    return report


def _count(report: FuzzReport, case: int, outcome: str, message: str) -> None:
    report.tried += 1
    if outcome == "rejected":
        report.rejected += 1
        report.rejection_kinds[":".join(message.split(":")[:2])[:80]] += 1
        return
    report.accepted += 1
    if outcome == "survived":
        report.survived += 1
    else:
        report.failures.append({"case": case, "error": message})


def _child_main(argv: list[str]) -> None:
    """The child side of run_isolated: one JSON line per case, flushed, so that a crash loses nothing."""
    name, params, seed, start, cases, search = argv
    game = cavemind.load_game(name, **json.loads(params))
    seeds = seed_positions(game, 24, int(seed))
    for index in range(int(start), int(start) + int(cases)):
        outcome, message = fuzz_case(game, seeds, int(seed), index, search == "1")
        print(json.dumps({"case": index, "outcome": outcome, "message": message}), flush=True)


if __name__ == "__main__":
    _child_main(sys.argv[1:])
