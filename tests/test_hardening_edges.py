"""Adversarial input at the edges: the engine protocol, search limits and options, `cavemind play`, the arena.
Each test is a regression test for a defect found by trying to break cavemind from the outside."""
import io
import json
import subprocess
import sys

import pytest

import cavemind
from cavemind import engine, search

TICTACTOE_QUERY = {"game": "tictactoe", "moves": ["b2"], "limit": {"iterations": 50}}


def run_engine(lines, monkeypatch=None):
    """Runs an in-process engine over `lines` (strings or messages) to the end of input; the records."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    out = io.StringIO()
    assert engine.Engine(io.StringIO(text), out).run() == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def answered(records, query_id):
    return [r for r in records if r.get("id") == query_id and "moveInfos" in r]


# ---------------------------------------------------------------- the engine

def test_engine_survives_deeply_nested_json_and_answers_the_next_query():
    records = run_engine(["[" * 100_000, {"id": "after", **TICTACTOE_QUERY}])
    assert records[0] == {"error": "JSON nested too deeply (more than 64 levels)", "field": None, "id": None}
    assert answered(records, "after")


def test_engine_nesting_in_strings_does_not_count_and_moderate_nesting_is_fine():
    deep_string = {"id": "s", **TICTACTOE_QUERY, "moves": ["[" * 500]}   # brackets inside a string
    records = run_engine([deep_string, {"id": "n", "options": [[[[1]]]], "game": "tictactoe"}])
    assert records[0]["id"] == "s" and records[0]["field"] == "moves[0]"
    assert records[1] == {"error": "options: expected an object", "field": "options", "id": "n"}


def test_engine_deep_nesting_in_a_subprocess_does_not_end_the_engine():
    process = subprocess.run([sys.executable, "-m", "cavemind.cli", "engine"], capture_output=True, text=True,
                             input="[" * 100_000 + "\n" + json.dumps({"id": 1, **TICTACTOE_QUERY}) + "\n",
                             timeout=120)
    records = [json.loads(line) for line in process.stdout.splitlines()]
    assert process.returncode == 0 and process.stderr == ""
    assert records[0]["error"].startswith("JSON nested too deeply") and answered(records, 1)


@pytest.mark.parametrize("iterations", [10**20, 10**10, 2**31])
def test_engine_refuses_iteration_budgets_beyond_the_maximum_and_keeps_answering(iterations):
    records = run_engine([{"id": "big", **TICTACTOE_QUERY, "limit": {"iterations": iterations}},
                          {"id": "next", **TICTACTOE_QUERY}])
    assert records[0] == {"error": f"limit.iterations: {iterations} is out of range (must be from 1 to "
                                   f"{2**31 - 1})", "field": "limit.iterations", "id": "big"}
    assert answered(records, "next")


def test_engine_refuses_a_budget_whose_tree_does_not_fit_in_memory(monkeypatch):
    monkeypatch.setattr(search, "physical_memory", lambda: 2**30)        # a machine with 1 GB
    records = run_engine([{"id": "big", **TICTACTOE_QUERY, "limit": {"iterations": 100_000_000}},
                          {"id": "next", **TICTACTOE_QUERY}])
    error = records[0]
    assert error["id"] == "big" and error["field"] == "limit.iterations"
    assert "3,052 MB" in error["error"] and "1,024 MB" in error["error"], error
    assert answered(records, "next")


def test_engine_search_thread_failure_is_reported_and_the_next_query_answered(monkeypatch):
    real = cavemind.analyse
    calls = []

    def failing_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("could not allocate the search tree")
        return real(*args, **kwargs)

    monkeypatch.setattr(cavemind, "analyse", failing_once)
    records = run_engine([{"id": "a", **TICTACTOE_QUERY}, {"id": "b", **TICTACTOE_QUERY}])
    assert records[0] == {"error": "search failed (MemoryError: could not allocate the search tree)",
                          "field": None, "id": "a"}
    assert answered(records, "b")


def test_engine_line_limits_and_non_numbers():
    records = run_engine(["x" * (engine.MAX_LINE_CHARS + 10),
                          '{"id": 1, "game": "tictactoe", "limit": {"seconds": NaN}}',
                          '{"id": 2, "game": "tictactoe", "limit": {"seconds": Infinity}}',
                          '{"id": 3, "game": "tictactoe", "limit": {"iterations": ' + "9" * 5000 + "}}",
                          {"id": 4, **TICTACTOE_QUERY, "limit": {"iterations": 100, "threads": 200}},
                          {"id": 5, **TICTACTOE_QUERY, "limit": {"iterations": True}},
                          {"id": "ok", **TICTACTOE_QUERY}])
    assert records[0]["error"] == "line too long (more than 1,000,000 characters)"
    assert records[1]["error"] == "not valid JSON: NaN is not a JSON number"
    assert records[2]["error"] == "not valid JSON: Infinity is not a JSON number"
    assert records[3]["error"].startswith("not valid JSON: Exceeds the limit")
    assert records[4]["field"] == "limit.threads" and "must not exceed iterations" in records[4]["error"]
    assert records[5]["field"] == "limit.iterations" and "expected an integer" in records[5]["error"]
    assert answered(records, "ok") and len(records) == 7
