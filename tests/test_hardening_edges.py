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


def test_engine_answers_a_budget_larger_than_memory_within_its_time_limit(monkeypatch):
    """The core grows the tree on demand (capped by a share of memory), so a budget whose whole tree
    would not fit is searched until the time limit instead of failing to allocate."""
    records = run_engine([{"id": "big", **TICTACTOE_QUERY, "limit": {"iterations": 2**31 - 1, "seconds": 0.2}},
                          {"id": "next", **TICTACTOE_QUERY}])
    assert answered(records, "big") and answered(records, "next")


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


# ---------------------------------------------------------------- limits and options

def cli(*argv):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", *argv], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("fields, named", [
    ({"iterations": True}, "Limit.iterations=True"), ({"iterations": 1.0}, "Limit.iterations=1.0"),
    ({"iterations": 2**31}, "Limit.iterations=2147483648"), ({"seconds": float("nan")}, "Limit.seconds=nan"),
    ({"seconds": float("inf")}, "Limit.seconds=inf"), ({"seconds": True}, "Limit.seconds=True"),
    ({"iterations": 100, "threads": True}, "Limit.threads=True"),
    ({"iterations": 100, "threads": 256}, "Limit.threads=256: more threads than iterations"),
    ({"iterations": 100, "memory_mb": "8"}, "Limit.memory_mb='8'"),
    ({"iterations": 100, "memory_mb": float("nan")}, "Limit.memory_mb=nan"),
    ({"iterations": 100, "memory_mb": float("inf")}, "Limit.memory_mb=inf"),
])
def test_limit_refuses_bad_fields_by_name(fields, named):
    with pytest.raises(cavemind.SearchError, match="^" + named.replace("(", r"\(").replace(".", r"\.")):
        cavemind.Limit(**fields)


def test_limit_threads_up_to_the_iterations_run_exactly_that_many():
    state = cavemind.load_game("tictactoe").new_initial_state()
    assert cavemind.analyse(state, cavemind.Limit(iterations=7, threads=7)).iterations == 7


@pytest.mark.parametrize("options, named", [
    ({"exploration": "x"}, "exploration='x'"), ({"exploration": float("nan")}, "exploration=nan"),
    ({"exploration": float("inf")}, "exploration=inf"), ({"rollout_depth": 1.5}, "rollout_depth=1.5"),
    ({"rollout_depth": True}, "rollout_depth=True"), ({"seed": 1.5}, "seed=1.5"), ({"seed": "1"}, "seed='1'"),
    ({"determinizations": 2.0}, "determinizations=2.0"), ({"limit": 100}, "limit=100"),
])
def test_analyse_refuses_bad_options_by_name(options, named):
    state = cavemind.load_game("tictactoe").new_initial_state()
    limit = options.pop("limit", cavemind.Limit(iterations=10))
    with pytest.raises(cavemind.SearchError, match="^" + named.replace(".", r"\.")):
        cavemind.analyse(state, limit, **options)


def test_analyse_refuses_only_a_memory_limit_larger_than_memory(monkeypatch):
    monkeypatch.setattr(search, "physical_memory", lambda: 2**30)
    state = cavemind.load_game("kuhn_poker", players=3).new_initial_state(seed=1)
    info = cavemind.analyse(state, cavemind.Limit(iterations=20_000_000, seconds=0.1), algorithm="mo-ismcts")
    assert 0 < info.iterations < 20_000_000
    with pytest.raises(cavemind.SearchError, match=r"Limit\.memory_mb=2048: 1 thread\(s\) of that exceed"):
        cavemind.analyse(state, cavemind.Limit(iterations=100, memory_mb=2048))


def test_bots_refuse_bad_options_when_built():
    with pytest.raises(cavemind.SearchError, match="rollout_depth=1.5"):
        cavemind.ISMCTSBot(rollout_depth=1.5)
    with pytest.raises(cavemind.SearchError, match="seed=1.5"):
        cavemind.RandomBot(seed=1.5)
    with pytest.raises(cavemind.SearchError, match="samples=0"):
        cavemind.HeuristicBot(samples=0)


@pytest.mark.parametrize("spec, message", [
    ("ismcts:c=nan", "c=nan is not a finite number"), ("mcts:seconds=inf", "seconds=inf is not a finite number"),
    ("ismcts:memory=nan", "memory=nan is not a finite number"),
    ("pimc:worlds=100", "determinizations=100: must be an integer from 1 to 64"),
    ("ismcts:iterations=100,threads=200", "more threads than iterations"),
])
def test_bot_specs_refuse_non_finite_and_out_of_range_values(spec, message):
    from cavemind.botspec import BotSpecError, parse_bot_spec

    with pytest.raises(BotSpecError, match=message):
        parse_bot_spec(spec).make()


def test_load_game_with_a_name_that_is_not_a_string():
    with pytest.raises(cavemind.UnknownGameError, match=r"unknown game \['honga'\]"):
        cavemind.load_game(["honga"])


def test_a_game_option_out_of_the_games_range_is_an_invalid_option():
    with pytest.raises(cavemind.InvalidOptionError, match="turn_limit"):
        cavemind.load_game("jaeger_und_spaeher", turn_limit=0)


def test_a_game_option_of_the_wrong_type_is_an_invalid_option():
    with pytest.raises(cavemind.InvalidOptionError, match="deck_fraction=None"):
        cavemind.load_game("dino_jagd", deck_fraction=None)


@pytest.mark.parametrize("argv, message", [
    (["bench", "tictactoe", "--seconds", "nan"], "argument --seconds: nan must be a positive number"),
    (["bench", "tictactoe", "--seconds", "inf"], "argument --seconds: inf must be a positive number"),
    (["bench", "tictactoe", "--threads", "0"], "argument --threads: 0 must be at least 1"),
    (["analyse", "--example", "tictactoe", "--iterations", "10000000000"],
     "argument --iterations: 10000000000 is more than 2,147,483,647"),
    (["analyse", "--example", "tictactoe", "--iterations", "100", "--threads", "200"],
     "--threads 200: more threads than iterations (100)"),
])
def test_cli_refuses_bad_budgets_with_exit_2(argv, message):
    result = cli(*argv)
    assert result.returncode == 2 and message in result.stderr and "internal error" not in result.stderr, result


# ---------------------------------------------------------------- cavemind play keeps games

from cavemind.play import Match, Terminal, play  # noqa: E402
from cavemind.botspec import split_bot_specs  # noqa: E402


def play_cli(*args, lines=(), cwd=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", "play", *map(str, args)], cwd=cwd, timeout=120,
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True)


def scripted(lines, interactive=False):
    """A Terminal reading `lines` (an exception instance is raised when reached), and what it printed."""
    answers, out = iter(lines), io.StringIO()

    def read(prompt):
        out.write(prompt)
        answer = next(answers, EOFError())
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return Terminal(read, out, interactive=interactive), out


def tictactoe_match():
    return Match(cavemind.GameSession(cavemind.load_game("tictactoe"), split_bot_specs("human,random"), deal_seed=1))


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path):
    result = play_cli("tictactoe", "--players", "human,random", "--deal-seed", 1, "--record", tmp_path / "end.json",
                      lines=[f"save {tmp_path}/no/such/dir/game.json", f"save {tmp_path}"] + ["1"] * 5)
    assert result.returncode == 0, result.stderr
    assert f"cannot save to {tmp_path}/no/such/dir/game.json: No such file or directory; the game goes on" \
        in result.stdout
    assert f"cannot save to {tmp_path}: Is a directory; the game goes on" in result.stdout
    assert json.loads((tmp_path / "end.json").read_text())["finished"]


def test_end_of_input_saves_the_game_where_it_says_and_it_resumes(tmp_path, monkeypatch):
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path / "home"))
    result = play_cli("tictactoe", "--seats", "human,random", "--deal-seed", 1, lines=["b2"], cwd=tmp_path)
    assert result.returncode == 2
    saved, record = sorted((tmp_path / "home" / "games").iterdir())   # the saved game, and its record next to it
    assert record.name == saved.name + "l" and cavemind.read_record(record).entries[0].name == "b2"
    assert f"the game is saved to {saved}; resume with: cavemind play --from {saved}" in result.stderr
    assert json.loads(saved.read_text())["moves"][0] == "b2"
    resumed = play_cli("--from", saved, lines=["1"] * 5, cwd=tmp_path)
    assert resumed.returncode == 0 and "game over" in resumed.stdout, resumed.stderr


def test_ctrl_c_at_the_prompt_saves_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path))
    match = tictactoe_match()
    terminal, out = scripted(["b2", KeyboardInterrupt()])
    assert play(match, terminal) == 130
    saved, record = sorted((tmp_path / "games").iterdir())
    assert record.name == saved.name + "l"
    assert f"interrupted: the game is saved to {saved}; resume with: cavemind play --from {saved}" \
        in out.getvalue()
    assert json.loads(saved.read_text())["moves"] == match.moves and match.moves[0] == "b2"


def test_unfinished_saves_never_overwrite(tmp_path, monkeypatch):
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path))
    match = tictactoe_match()
    first, second = match.save_in_games_folder(), match.save_in_games_folder()
    assert first != second
    assert {str(p) for p in (tmp_path / "games").iterdir()} == {first, second, first + "l", second + "l"}


def test_piped_input_is_never_taken_as_the_record_file_name(tmp_path):
    result = play_cli("tictactoe", "--players", "human,random", "--deal-seed", 1, lines=["1"] * 5 + ["stray"],
                      cwd=tmp_path)
    assert result.returncode == 0 and "game over" in result.stdout, result.stderr
    assert "save the game record to" not in result.stdout and list(tmp_path.iterdir()) == []


def test_save_does_not_overwrite_without_asking(tmp_path, monkeypatch):
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path / "home"))      # where 'quit' saves the game
    existing = tmp_path / "keep.json"
    existing.write_text("precious")
    # A script is refused (it would not expect a question)...
    terminal, out = scripted([f"save {existing}", "quit"])
    assert play(tictactoe_match(), terminal) == 1
    assert f"{existing} exists: not overwritten" in out.getvalue() and existing.read_text() == "precious"
    # ... a person is asked: no keeps the file, yes overwrites it.
    terminal, out = scripted([f"save {existing}", "n", f"save {existing}", "y", "quit"], interactive=True)
    assert play(tictactoe_match(), terminal) == 1
    assert out.getvalue().count(f"{existing} exists; overwrite it? [y/N]") == 2 and "not saved" in out.getvalue()
    assert json.loads(existing.read_text())["game"] == "tictactoe"


def test_a_person_is_asked_again_when_the_record_cannot_be_saved(tmp_path):
    target = tmp_path / "record.json"
    names, out = iter([str(tmp_path / "no" / "x.json"), str(target)]), io.StringIO()

    def read(prompt):   # the first legal move at each move prompt, then the file names
        out.write(prompt)
        return "1" if prompt.startswith("player") else next(names)

    assert play(tictactoe_match(), Terminal(read, out, interactive=True)) == 0
    assert "cannot save to " + str(tmp_path / "no" / "x.json") in out.getvalue()
    assert out.getvalue().count("save the game record to (Enter to skip): ") == 2
    assert json.loads(target.read_text())["finished"]


# ---------------------------------------------------------------- the arena's worker processes

import os  # noqa: E402
import signal  # noqa: E402
import time  # noqa: E402


def _children(pid):
    kids = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as file:
            kids += [int(k) for k in file.read().split()]
    return kids


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"    # a zombie has ended
    except FileNotFoundError:
        return False


def _wait_for(condition, seconds):
    """Polls `condition` for at most `seconds` (a bound against hanging, not a speed requirement)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal and /proc are Linux")
def test_arena_workers_die_with_a_killed_parent(tmp_path):
    out = tmp_path / "games.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "cavemind.cli", "arena", "tictactoe", "--bot",
                                "mcts:iterations=2000", "--bot", "random", "--games", "100000", "--jobs", "2",
                                "--out", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    children = []
    try:
        # Games in the file: the workers are up and playing.
        assert _wait_for(lambda: out.exists() and len(out.read_text().splitlines()) > 3, 120)
        children = _children(process.pid)
        assert len(children) >= 2           # two workers (and multiprocessing's resource tracker)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        assert _wait_for(lambda: not any(_alive(pid) for pid in children), 30), \
            [pid for pid in children if _alive(pid)]
    finally:
        for pid in [process.pid, *children]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait(timeout=30)


def test_an_unguarded_script_gets_the_real_reason_and_the_documented_snippet_runs(tmp_path):
    unguarded = ("from cavemind.arena import run_arena\n"
                 "run_arena('tictactoe', ['random', 'random'], games=4, jobs=2, progress=False)\n")
    (tmp_path / "unguarded.py").write_text(unguarded)
    result = subprocess.run([sys.executable, "unguarded.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 1
    assert "failed while starting, before playing any game" in result.stderr
    assert 'under `if __name__ == "__main__":`' in result.stderr and "unguarded.py" in result.stderr
    assert "out of memory" not in result.stderr

    # The Python snippet of docs/arena.md, run as a script (with fewer games), works.
    docs = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "arena.md")
    with open(docs, encoding="utf-8") as file:
        snippet = file.read().split("```python\n", 1)[1].split("```", 1)[0]
    assert 'if __name__ == "__main__":' in snippet
    (tmp_path / "snippet.py").write_text(snippet.replace("games=200", "games=4"))
    result = subprocess.run([sys.executable, "snippet.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert "ismcts:iterations=1000" in result.stdout


def test_infinite_numbers_are_refused_by_the_engine_and_the_arena():
    records = run_engine(['{"id": 1, "game": "tictactoe", "limit": {"seconds": 1e400}}'])
    assert records == [{"error": "not valid JSON: the number 1e400 is out of range", "field": None, "id": None}]
    from cavemind.arena import ArenaError, make_match, parse_sprt

    with pytest.raises(ArenaError, match="time_limit=inf: must be a positive finite number"):
        make_match("tictactoe", ["random", "random"], games=2, time_limit=float("inf"))
    with pytest.raises(ArenaError, match="finite numbers"):
        parse_sprt("-inf,inf")
