"""Property-based fuzzing (Hypothesis) of everything a user types besides positions: game options, search
limits and settings, action ids and seats, and engine lines. Each input must either work or raise the specific
cavemind error; the engine must answer every line that has an id, queries and session actions alike, with an
answer its schema (docs/engine-protocol.schema.json) describes, and keep answering."""
import dataclasses
import io
import json
import os
from pathlib import Path

import jsonschema
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cavemind
from cavemind import engine
from cavemind.errors import CavemindError

# CAVEMIND_FUZZ_EXAMPLES raises the budget for a long campaign (docs/reliability.md)
EXAMPLES = int(os.environ.get("CAVEMIND_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 300),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@FUZZ
@given(name=st.sampled_from(cavemind.game_names()), data=st.data())
def test_game_options_work_or_are_invalid_options(name, data):
    spec = cavemind.parameters_of(name)
    key = data.draw(st.sampled_from(sorted(spec) + ["unknown_option"]))
    value = data.draw(json_values)
    try:
        game = cavemind.load_game(name, **{key: value})
    except CavemindError:
        return
    state = game.new_initial_state(seed=1)          # an accepted configuration must play
    assert state.random_playout(seed=2) > 0 or state.is_terminal()


@FUZZ
@given(iterations=st.one_of(st.none(), st.integers(-5, 3000), scalars), seconds=st.one_of(st.none(), scalars),
       threads=st.one_of(st.integers(-2, 4), scalars), memory_mb=st.one_of(st.none(), scalars))
def test_limits_work_or_are_search_errors(iterations, seconds, threads, memory_mb):
    try:
        limit = cavemind.Limit(iterations=iterations, seconds=seconds, threads=threads, memory_mb=memory_mb)
    except CavemindError:
        return
    # an accepted limit must search: with at most 0.05 s, so that a large budget stays cheap here
    limit = dataclasses.replace(limit, seconds=min(limit.seconds or 0.05, 0.05))
    state = cavemind.load_game("tictactoe").new_initial_state()
    try:
        info = cavemind.analyse(state, limit)
    except CavemindError:       # e.g. a memory limit beyond this machine's memory
        return
    assert info.moves


@FUZZ
@given(algorithm=st.one_of(st.sampled_from(cavemind.ALGORITHMS), scalars), exploration=scalars,
       rollout_depth=st.one_of(st.none(), st.integers(-3, 50), scalars),
       determinizations=st.one_of(st.integers(-2, 70), scalars), seed=scalars)
def test_search_settings_work_or_are_search_errors(algorithm, exploration, rollout_depth, determinizations, seed):
    state = cavemind.load_game("kuhn_poker").new_initial_state(seed=1)
    try:
        info = cavemind.analyse(state, cavemind.Limit(iterations=30), algorithm=algorithm, exploration=exploration,
                                rollout_depth=rollout_depth, determinizations=determinizations, seed=seed)
    except CavemindError:
        return
    assert info.best.action in state.legal_actions()


@FUZZ
@given(name=st.sampled_from(cavemind.game_names()), action=st.one_of(st.integers(), scalars),
       seat=st.one_of(st.integers(), scalars))
def test_action_ids_and_seats_work_or_raise_cavemind_errors(name, action, seat):
    state = cavemind.load_game(name).new_initial_state(seed=4)
    before = state.clone()
    for call in (lambda: state.action_to_string(action), lambda: state.observed_action(action, seat),
                 lambda: state.determinize(seat), lambda: state.infoset_hash(seat), lambda: state.observation(seat),
                 lambda: state.to_dict(observer=seat), lambda: state.render(seat)):
        try:
            call()
        except CavemindError:
            pass
        assert state == before
    try:
        state.apply(action)
    except CavemindError:
        assert state == before


SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "engine-protocol.schema.json").read_text())
ENGINE_ANSWER = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/answer"})
VALID_QUERY = {"game": "tictactoe", "moves": ["b2"], "limit": {"iterations": 30}}
query_fields = st.fixed_dictionaries({}, optional={
    "position": json_values, "game": st.one_of(st.sampled_from(cavemind.game_names()), scalars),
    "players": scalars, "options": json_values, "seed": scalars, "moves": json_values,
    "limit": st.one_of(json_values, st.fixed_dictionaries({}, optional={
        "iterations": st.one_of(st.integers(-2, 60), scalars), "seconds": scalars, "threads": scalars})),
    "algorithm": st.one_of(st.sampled_from(cavemind.ALGORITHMS), scalars), "asPlayer": scalars, "top": scalars,
    "searchSeed": scalars, "reportDuringSearchEvery": scalars, "action": scalars, "stopId": scalars,
    "analyzeTurns": st.one_of(json_values, st.lists(st.one_of(st.integers(-2, 10), scalars), max_size=4))})
# Session actions: game 1 (tic-tac-toe or Kuhn poker) is open when they are read, so a well-formed one can act.
session_actions = st.one_of(st.sampled_from(engine.SESSION_ACTIONS), scalars)
session_fields = st.fixed_dictionaries({"action": session_actions}, optional={
    "session": st.one_of(st.integers(-1, 3), scalars), "move": st.one_of(st.integers(-2, 10), scalars,
                                                                          st.sampled_from(["a", "b2", "bet", "p"])),
    "seat": st.one_of(st.integers(-1, 3), scalars), "observer": st.one_of(st.integers(-1, 3), scalars),
    "format": st.one_of(st.sampled_from(["json", "text", "svg"]), scalars), "apply": scalars,
    "game": st.one_of(st.sampled_from(cavemind.game_names()), scalars), "options": json_values, "players": scalars,
    "dealSeed": scalars, "limit": st.one_of(json_values, st.fixed_dictionaries({}, optional={
        "iterations": st.one_of(st.integers(-2, 60), scalars),
        "seconds": st.one_of(st.none(), st.booleans(), st.floats(-1, 0.05), st.text(max_size=4))})),
    "algorithm": st.one_of(st.sampled_from(cavemind.ALGORITHMS), scalars), "top": scalars, "searchSeed": scalars,
    # (valid levels kept low: level 10 alone searches a second)
    "level": st.one_of(st.integers(-1, 3), st.integers(11, 12), scalars)})
engine_lines = st.one_of(
    query_fields.map(lambda q: json.dumps({"id": "fuzz", **q})),
    session_fields.map(lambda a: json.dumps({"id": "fuzz", **a})),
    json_values.map(json.dumps),
    st.text(max_size=40),
    st.integers(1, 3000).map(lambda n: "[" * n),
    st.integers(1, 3000).map(lambda n: '{"a":' * n),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns=st.one_of(json_values, st.lists(st.one_of(st.integers(-2, 5), scalars), max_size=5)),
       moves=st.sampled_from([[], ["b2"], ["b2", "a1", "c3"], ["a1", "b1", "a2", "b2", "a3"]]))
def test_engine_analyze_turns_answers_every_turn_or_one_error_naming_it(turns, moves):
    """analyzeTurns of any value: one analysis per listed turn, in order, each with its turnNumber, or exactly one
    error naming analyzeTurns (no internal error), every answer one the schema describes."""
    query = {"id": "turns", "game": "tictactoe", "moves": moves, "limit": {"iterations": 20}, "analyzeTurns": turns}
    try:
        line = json.dumps(query, allow_nan=False)
    except ValueError:          # infinity or NaN: not JSON at all (the test above sends such lines)
        assume(False)
    out = io.StringIO()
    assert engine.Engine(io.StringIO(line + "\n"), out).run() == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    for record in records:
        ENGINE_ANSWER.validate(record)
    if "error" in records[0]:
        assert len(records) == 1 and records[0]["field"] == "analyzeTurns", records
    else:
        assert [r["turnNumber"] for r in records] == turns and all(r["moveInfos"] for r in records)


@settings(max_examples=EXAMPLES + 50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["tictactoe", "kuhn_poker"]), lines=st.lists(engine_lines, min_size=1, max_size=4))
def test_engine_answers_every_line_and_keeps_answering(game, lines):
    """Every line gets an answer the protocol's schema describes, none an internal error, and a valid query
    after them is still answered."""
    lines = [json.dumps({"id": "open", "action": "new_game", "game": game}), *lines]
    text = "".join(line.replace("\n", " ") + "\n" for line in lines)
    text += json.dumps({"id": "last", **VALID_QUERY}) + "\n"
    out = io.StringIO()
    assert engine.Engine(io.StringIO(text), out).run() == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert not any("internal error" in str(r.get("error", "")) for r in records), records
    for record in records:
        ENGINE_ANSWER.validate(record)
    assert [r for r in records if r.get("id") == "last" and "moveInfos" in r and not r.get("isDuringSearch")]
    # every input line got at least one answer (an error, an acknowledgement or an analysis)
    assert len(records) >= len([line for line in lines if line.strip()]) + 1 or any(
        '"action": "terminate"' in line for line in lines)
