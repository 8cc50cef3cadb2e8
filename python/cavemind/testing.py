"""Test harness shared by the test suite and the benchmark scripts: seeded random playouts, the
survival check of a state, playthrough files, soaks (each game's plan and position invariants are in its
record, `GameInfo`), and a seeded mutation fuzzer over JSON positions.

The fuzzer takes real positions (states along seeded random playouts, written as JSON from every seat
and from none), changes one to three values at a time (types, ranges, lengths, unknown names,
contradictions between fields) and loads the result. A load must either raise InvalidPositionError or
give a state that survives everything a user can do with it (`survive`); a load that accepts a field the
fuzzer invented (UNKNOWN_FIELD) has ignored it, and fails. Every case is reproducible
from (game, configuration, seed, case index). `run_isolated` runs a batch in a child process so that a
crash in compiled code is reported as a finding instead of ending the run.
"""
from __future__ import annotations

import base64
import copy
import json
import os
import pickle
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import cavemind
from cavemind.arena import derive_seed
from cavemind.errors import CavemindError, InvalidPositionError
from cavemind.games import SoakPlan, game_info, register

SURVIVAL_ITERATIONS = 8       # each algorithm's search budget on an accepted position
MAX_PLAYOUT_CHECKS = 2_000    # states of the survival playout on which check_state is run
INTERESTING_INTS = (-2**63, -2**31, -256, -1, 0, 1, 2, 7, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31,
                    2**63, 10**30)
# The one key the fuzzer invents: no position of any game has it, so a load that accepts a document holding it
# has let an unknown field through (counted as a failure).
UNKNOWN_FIELD = "unknown_field"
ACCEPTED_UNKNOWN_FIELD = "accepted a position with the unknown field"
ODD_VALUES: tuple[object, ...] = (None, True, False, 1.5, float("nan"), float("inf"), "", "x", "zzz unknown", [], {},
                                  [1, 2], {UNKNOWN_FIELD: 1})


def random_action(state: cavemind.State, rng: random.Random) -> int:
    """The next action of a seeded random game: a chance outcome sampled by the game (with a seed drawn from
    `rng`), or a legal move chosen uniformly."""
    if state.is_chance_node():
        return state.sample_chance(rng.getrandbits(63))
    return rng.choice(state.legal_actions())


def first_decision(name: str, players: int = 2, seed: int = 1) -> cavemind.State:
    """Game `name`'s first decision in the deal `seed`, every chance event before it resolved by its first
    outcome: the same position in every run, for comparing searches (two builds, two settings)."""
    state = cavemind.load_game(name, players=players).new_initial_state(seed=seed)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    return state


def walk(state: cavemind.State, seed: int, max_steps: int | None = None) -> Iterator[cavemind.State]:
    """The states of one seeded uniformly random playout from `state`, the start and the end included."""
    rng = random.Random(seed)
    state = state.clone()
    yield state.clone()
    steps = 0
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        steps += 1
        if max_steps is not None and steps >= max_steps:
            return
        yield state.clone()


def play_random(state: cavemind.State, seed: int, max_steps: int | None = None) -> tuple[cavemind.State, int]:
    """Where one seeded uniformly random playout from `state` ends (after `max_steps` steps at most), and the
    number of steps it took; the same game as walk()."""
    rng = random.Random(seed)
    state = state.clone()
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply(random_action(state, rng))
        steps += 1
    return state, steps


def bot_decisions(state: cavemind.State, bots: list[Any], seed: int) -> Iterator[tuple[int, cavemind.State]]:
    """Plays `state` to its end with `bots` (one per seat, each with a `step(state)`), the chance outcomes drawn
    from `seed` as the arena draws them; yields (the decision's number, the state) before each decision, for
    reading the position (the state must not be changed)."""
    chance = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(derive_seed(seed, chance)))
            chance += 1
            continue
        yield decisions, state
        state.apply(bots[state.current_player()].step(state.clone()))
        decisions += 1


def sampled_positions(state: cavemind.State, seed: int, rate: float) -> list[dict[str, Any]]:
    """The `state` objects of positions met along one seeded random playout from `state`, each kept with
    probability `rate`: material for mutation tests."""
    rng = random.Random(seed)
    state = state.clone()
    kept = []
    while not state.is_terminal():
        if rng.random() < rate:
            kept.append(state.to_dict()["state"])
        state.apply(random_action(state, rng))
    return kept


def random_states(game: cavemind.Game, count: int, seed: int) -> list[cavemind.State]:
    """About `count` states spread along seeded random playouts of `game` (start and end included)."""
    states: list[cavemind.State] = []
    playout = 0
    while len(states) < count:
        line = list(walk(game.new_initial_state(), seed * 7919 + playout))
        stride = max(1, len(line) // 6)
        states.extend([*line[::stride], line[-1]])
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
    again = game.state_from_json(state.unmasked().to_json())
    assert again == state, "JSON round trip changed the state"
    if state.view_of is not None:       # a view writes only what its seat sees: loading samples the rest afresh
        view = game.state_from_json(state.to_json())
        assert view.view_of == state.view_of and view.to_dict() == state.to_dict(), "JSON round trip changed the view"
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


# --- soak plans and position invariants ------------------------------------------------------------------
# Each game's check_state (in C) is the one definition of a legal state. A game's record may add position
# invariants (GameInfo.invariants): a few conservation laws restated from the JSON position, so that a mistake in the
# position code or in check_state itself shows up too. Each asserts and returns a count that must stay the same
# through a game (or None). Its soak plan (GameInfo.soak) says what a soak plays and checks beyond that.

def check_position_invariants(state: cavemind.State) -> int | None:
    """The JSON-level invariants of the state's game, from its record (none for the reference games)."""
    check = game_info(state.game.name).invariants
    return check(state) if check else None


def soak_plan(name: str) -> SoakPlan:
    """The game's soak plan; a game without one (the reference games) is soaked at each player count."""
    info = game_info(name)
    return info.soak if info.soak is not None else SoakPlan({"players": info.player_counts})


def soak_turn_cap(game: cavemind.Game, plan: SoakPlan) -> int | None:
    """The turn cap of the plan in the configuration of `game`: the option the plan names or, when the game has
    no option of that name, the compiled module's constant of that name (read from C, never copied)."""
    if plan.turn_cap is None:
        return None
    if plan.turn_cap in game.params:
        return int(game.params[plan.turn_cap])
    return int(getattr(game.module, plan.turn_cap))


@dataclass
class SoakStats:
    """What one soak of one configuration saw. `failure` names the first broken check (and its game)."""

    games: int = 0
    steps: int = 0
    longest: int = 0           # steps of the longest game
    turns: int = 0             # turns (or rounds) summed over the games
    most_turns: int = 0        # of a game the rules ended
    capped: int = 0            # games the turn cap ended
    best_at_cap: float = 0.0   # the highest score in a game the cap ended
    peaks: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    failure: str | None = None


def _end_checks(state: cavemind.State, plan: SoakPlan, cap: int | None, stats: SoakStats, steps: int) -> None:
    game = state.game
    assert state.is_terminal(), "the game is not over"
    assert steps <= game.max_game_length, f"{steps} steps, over max_game_length {game.max_game_length}"
    problem = state.check_state()
    assert problem is None, problem
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9 and all(0.0 <= r <= 1.0 for r in returns), f"returns {returns}"
    check_position_invariants(state)
    turns = state.to_dict()["state"][plan.turns] if plan.turns else 0
    stats.turns += turns
    if cap is not None and turns >= cap:
        assert plan.cap_may_end, f"the turn cap of {cap} ended a game the rules would continue"
        stats.capped += 1
        stats.best_at_cap = max(stats.best_at_cap, max(state.scores()))
    else:
        stats.most_turns = max(stats.most_turns, turns)
        problem = plan.ended(state) if plan.ended else None
        assert problem is None, problem


def _peaks(state: cavemind.State, spans: dict[str, tuple[int, int]], peaks: dict[str, int]) -> None:
    raw = state.to_bytes()
    for name, (low, high) in spans.items():
        peaks[name] = max(peaks[name], max(raw[low:high]))


def soak(game: cavemind.Game, games: int, seed: int = 0, loop: str | None = None, invariants_every: int = 53
         ) -> SoakStats:
    """Plays `games` seeded uniformly random games of `game` (game i from seed + i) and checks each.

    loop "python": every step in Python, check_state after every step, the position invariants every
    `invariants_every` steps where they hold during a game (with their conserved count) and at the end, the
    peaks of the plan's fields
    after every step. loop "c": each game in C (the module's own loop checking every step where the plan
    has one, else State.random_playout), the checks at the end only. Stops at the first failure."""
    plan = soak_plan(game.name)
    loop = loop or plan.loop
    cap = soak_turn_cap(game, plan)
    fields_ = {f[0]: f for f in getattr(game.module, "LAYOUT", ())}
    spans = {name: (fields_[name][3], fields_[name][3] + fields_[name][4]) for name in plan.peaks}
    stats = SoakStats(peaks=dict.fromkeys(plan.peaks, 0))
    started = time.perf_counter()
    if loop == "c" and plan.c_soak is not None:
        steps, rounds, longest, failure, _wins = plan.c_soak(game.params, games, seed)
        stats.games, stats.steps, stats.turns, stats.longest, stats.failure = games, steps, rounds, longest, failure
        stats.seconds = time.perf_counter() - started
        return stats
    number, step = seed, 0
    try:
        for number in range(seed, seed + games):
            state = game.new_initial_state()
            if loop == "c":
                step = state.random_playout(number)
            else:
                rng, step, conserved = random.Random(number), 0, None
                while not state.is_terminal():
                    state.apply(random_action(state, rng))
                    step += 1
                    problem = state.check_state()
                    assert problem is None, problem
                    if plan.invariants_during and step % invariants_every == 0:
                        count = check_position_invariants(state)
                        conserved = count if conserved is None else conserved
                        assert count == conserved, f"a conserved count went from {conserved} to {count}"
                    if spans:
                        _peaks(state, spans, stats.peaks)
                count = check_position_invariants(state)
                assert conserved is None or count == conserved, f"a conserved count went from {conserved} to {count}"
            if spans:
                _peaks(state, spans, stats.peaks)
            _end_checks(state, plan, cap, stats, step)
            stats.games += 1
            stats.steps += step
            stats.longest = max(stats.longest, step)
    except AssertionError as error:
        stats.failure = f"game {number}, step {step}: {error}"
    over = [f"{name} reached {stats.peaks[name]} (cap {limit})" for name, limit in plan.peaks.items()
            if stats.peaks[name] >= limit]
    if over and stats.failure is None:
        stats.failure = "an engine cap was reached: " + ", ".join(over)
    stats.seconds = time.perf_counter() - started
    return stats


# --- playthroughs --------------------------------------------------------------------------------------

PLAYTHROUGH_SEED = 1


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _actions(state: cavemind.State, actions: list[int]) -> str:
    return _json({str(a): state.action_to_string(a) for a in actions})


# The position JSON is written at every this many states (and at the end): every state would make a board game's
# file megabytes long, while the moves, legal moves and chance outcomes of every state already pin the rules down.
PLAYTHROUGH_POSITION_EVERY = 20


def playthrough(name: str, seed: int = PLAYTHROUGH_SEED) -> str:
    """The text of one seeded random 2-player game of `name`, after OpenSpiel's playthrough files: per state
    the player to move, the legal moves (id: name) or the chance outcomes (id: name, probability), the
    position as JSON (every PLAYTHROUGH_POSITION_EVERY states), then the action taken; at the end the scores
    and returns; the options besides 2 players are the record's `playthrough_options`. Any change in the rules,
    the move names or the position format changes the text."""
    params: dict[str, Any] = dict(game_info(name).playthrough_options)
    if "players" in cavemind.parameters_of(name):
        params["players"] = 2
    game = cavemind.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = [f"game: {name}", f"parameters: {_json(game.params)}", f"seed: {seed}",
             "moves: random.Random(seed) draws each chance seed (63 bits, for state.sample_chance) and picks "
             "each decision uniformly among the legal moves", f"position format: {state.to_dict()['format']}"]
    number = 0
    while True:
        lines += ["", f"# State {number}"]
        if number % PLAYTHROUGH_POSITION_EVERY == 0 or state.is_terminal():
            lines.append(f"position: {_json(state.to_dict()['state'])}")
        if state.is_terminal():
            lines += ["player: terminal", f"scores: {_json(state.scores())}", f"returns: {_json(state.returns())}"]
            return "\n".join(lines) + "\n"
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            named = {str(a): [state.action_to_string(a), p] for a, p in outcomes}
            lines += ["player: chance", f"chance outcomes: {_json(named)}"]
        else:
            lines += [f"player: {state.current_player()}",
                      f"legal moves: {_actions(state, state.legal_actions())}"]
        action = random_action(state, rng)
        lines.append(f"action: {action} {_json(state.action_to_string(action))}")
        state.apply(action)
        number += 1


def playthrough_path(directory: str, name: str) -> str:
    return os.path.join(directory, f"{name}.txt")


def write_playthroughs(directory: str, games: list[str] | None = None) -> list[str]:
    """Writes the playthrough file of every game (or of `games`) into `directory`; returns the paths."""
    os.makedirs(directory, exist_ok=True)
    paths = []
    for name in games or cavemind.game_names():
        path = playthrough_path(directory, name)
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(playthrough(name))
        paths.append(path)
    return paths


# --- mutation of positions ---------------------------------------------------------------------------

def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value in a JSON document (containers included, the root excluded)."""
    found: list[tuple[Any, ...]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((*path, key))
            found.extend(_leaves(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((*path, index))
            found.extend(_leaves(value, (*path, index)))
    return found


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
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
        options = ["", value + "x", value.upper(), "none", "-1", "0", *strings[:20]]
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
        fields = copy.deepcopy(value)
        if fields and rng.random() < 0.5:
            del fields[rng.choice(list(fields))]
        elif rng.random() < 0.5:
            fields[UNKNOWN_FIELD] = rng.choice(INTERESTING_INTS)
        else:
            return _odd(rng)
        return fields
    return copy.deepcopy(rng.choice(INTERESTING_INTS + ODD_VALUES))


def _invented_field(doc: Any, path: str = "position") -> str | None:
    """The path of the first UNKNOWN_FIELD key in `doc`, or None: a loader that accepts it ignores a field."""
    if isinstance(doc, dict):
        if UNKNOWN_FIELD in doc:
            return f"{path}.{UNKNOWN_FIELD}"
        found = (_invented_field(value, f"{path}.{key}") for key, value in doc.items())
    elif isinstance(doc, list):
        found = (_invented_field(value, f"{path}[{index}]") for index, value in enumerate(doc))
    else:
        return None
    return next((where for where in found if where is not None), None)


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
        observer = rng.choice([None, *list(range(game.num_players))])
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
    rejection_kinds: Counter[Any] = field(default_factory=Counter)
    unknown_fields: int = 0     # failures that are positions accepted with a field the fuzzer invented

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "params": self.params, "tried": self.tried, "rejected": self.rejected,
                "accepted": self.accepted, "survived": self.survived, "unknown_fields": self.unknown_fields,
                "failures": self.failures}


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
    unknown = _invented_field(doc)
    if unknown is not None:
        return "failed", f"{ACCEPTED_UNKNOWN_FIELD} {unknown} | {text[:2000]}"
    try:
        survive(state, seed=index, search=search)
    except CavemindError as error:
        return "failed", f"accepted position then raised {type(error).__name__}: {error} | {text[:2000]}"
    except Exception as error:
        return "failed", f"accepted position failed: {type(error).__name__}: {error} | {text[:2000]}"
    return "survived", ""


def fuzz_positions(name: str, params: dict[str, Any], cases: int, seed: int = 0, start: int = 0,
                   search: bool = True,
                   on_case: Callable[[int, str], None] | None = None) -> FuzzReport:
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
    new child. The child gets the game's record (pickled: its functions by reference) and this process's module
    path, so that a game registered by hand (cavemind.games.register) is found there too."""
    report = FuzzReport(name, dict(params))
    record = base64.b64encode(pickle.dumps(game_info(name))).decode("ascii")
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path))
    start, end = 0, cases
    while start < end:
        # a case takes milliseconds; a batch far over its share has hung
        limit = timeout if timeout is not None else 30.0 + 0.25 * (end - start)
        command = [sys.executable, "-m", "cavemind.testing", "fuzz-batch", name, json.dumps(params), str(seed),
                   str(start), str(end - start), "1" if search else "0", record]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit, env=environment)
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
        report.unknown_fields += message.startswith(ACCEPTED_UNKNOWN_FIELD)


def _fuzz_batch(argv: list[str]) -> None:
    """The child side of run_isolated: one JSON line per case, flushed, so that a crash loses nothing."""
    name, params, seed, start, cases, search, record = argv
    register(pickle.loads(base64.b64decode(record)), replace=True)
    game = cavemind.load_game(name, **json.loads(params))
    seeds = seed_positions(game, 24, int(seed))
    for index in range(int(start), int(start) + int(cases)):
        outcome, message = fuzz_case(game, seeds, int(seed), index, search == "1")
        print(json.dumps({"case": index, "outcome": outcome, "message": message}), flush=True)


def main(argv: list[str] | None = None) -> int:
    """`python -m cavemind.testing playthroughs DIRECTORY [--game GAME ...]` rewrites the playthrough files
    (tests/playthroughs in the repository); `fuzz-batch` is run_isolated's child process."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["fuzz-batch"]:
        _fuzz_batch(argv[1:])
        return 0
    import argparse

    parser = argparse.ArgumentParser(prog="python -m cavemind.testing", description=main.__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    write = commands.add_parser("playthroughs", help="write the playthrough file of each game")
    write.add_argument("directory", help="where the files go (tests/playthroughs in the repository)")
    write.add_argument("--game", action="append", choices=cavemind.game_names(),
                       help="only this game (repeatable; default: every registered game)")
    args = parser.parse_args(argv)
    for path in write_playthroughs(args.directory, args.game):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
