"""`cavemind new`, `show`, `examples` and `analyse`, run as a user would: in a subprocess."""
import json
import signal
import subprocess
import sys
import time

import pytest

import cavemind

GAMES = cavemind.game_names()
HIDDEN = [name for name in GAMES if cavemind.games.game_module(name).HIDDEN_INFORMATION]


def cavemind_cli(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=60)


@pytest.mark.parametrize("name", GAMES)
def test_new_then_show_round_trips(name, tmp_path):
    path = tmp_path / "start.json"
    result = cavemind_cli("new", name, "--deal-seed", 3, "-o", path)
    assert result.returncode == 0, result.stderr
    expected = cavemind.load_game(name).new_initial_state(seed=3)
    assert cavemind.state_from_json(path.read_text()) == expected
    shown = cavemind_cli("show", path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(expected.render())
    assert "to move" in shown.stdout.splitlines()[-1]


@pytest.mark.parametrize("name", GAMES)
def test_seat_view_shows_only_what_that_seat_sees(name):
    full = cavemind.load_game(name).new_initial_state(seed=5)
    written = cavemind_cli("new", name, "--deal-seed", 5, "--observer", 0)
    assert json.loads(written.stdout)["observer"] == 0
    shown = cavemind_cli("show", "-", stdin=written.stdout)      # '-' reads standard input
    assert shown.returncode == 0, shown.stderr
    assert full.render(observer=0) in shown.stdout
    from_full = cavemind_cli("show", "-", "--as-player", 0, stdin=full.to_json())
    assert full.render(observer=0) in from_full.stdout


def test_every_game_ships_an_example_and_examples_lists_them():
    listing = cavemind_cli("examples")
    assert listing.returncode == 0
    for name in GAMES:
        assert f"cavemind analyse --example {name}" in listing.stdout
        printed = cavemind_cli("examples", name)
        assert cavemind.state_from_json(printed.stdout).current_player() >= 0   # something to analyse


@pytest.mark.parametrize("name", GAMES)
def test_analyse_table(name):
    result = cavemind_cli("analyse", "--example", name, "--iterations", 300, "--top", 3)
    assert result.returncode == 0, result.stderr
    header, columns, *rows = result.stdout.splitlines()
    assert header.startswith(f"{name}: player ") and "300 iterations" in header
    assert columns.split()[:7] == ["#", "move", "visits", "share", "value", "±", "se"]
    comparison = [row for row in rows if row.startswith("best two: ")]
    rows = [row for row in rows if row[:3].strip().isdigit()]
    assert 1 <= len(rows) <= 3 and rows[0].split()[0] == "1"
    assert len(comparison) == (1 if len(rows) > 1 else 0)


@pytest.mark.parametrize("name", GAMES)
def test_analyse_json_is_one_final_katago_style_record(name):
    result = cavemind_cli("analyse", "--example", name, "--iterations", 400, "--json", "--search-seed", 2)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["isDuringSearch"] for r in records] == [False]
    record = records[0]
    infos = record["moveInfos"]
    assert [m["order"] for m in infos] == list(range(len(infos)))
    assert [m["visits"] for m in infos] == sorted((m["visits"] for m in infos), reverse=True)
    assert all(0.0 <= m["value"] <= 1.0 and m["pv"][0] == m["move"] for m in infos)
    assert record["rootInfo"]["visits"] == sum(m["visits"] for m in infos) == 400
    again = json.loads(cavemind_cli("analyse", "--example", name, "--iterations", 400, "--json",
                                    "--search-seed", 2).stdout)
    assert again["moveInfos"] == infos                      # one thread and a seed: reproducible


def test_analyse_reports_during_the_search_then_ends_with_the_final_record():
    result = cavemind_cli("analyse", "--example", "tictactoe", "--seconds", 0.6, "--json", "--report-every", 0.1)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) >= 3 and [r["isDuringSearch"] for r in records] == [True] * (len(records) - 1) + [False]
    visits = [r["rootInfo"]["visits"] for r in records]
    assert visits == sorted(visits) and visits[0] > 0


def test_report_every_needs_json():
    result = cavemind_cli("analyse", "--example", "tictactoe", "--report-every", 0.1)
    assert result.returncode != 0 and "--json" in result.stderr and result.stdout == ""


def test_analyse_reads_standard_input_and_takes_the_algorithm_and_threads():
    position = cavemind.load_game("tictactoe").state_from_dict({"board": ["XX.", "OO.", "..."]}).to_json()
    for algorithm in cavemind.ALGORITHMS:
        result = cavemind_cli("analyse", "-", "--algorithm", algorithm, "--threads", 2, "--iterations", 3000,
                              "--json", stdin=position)
        assert json.loads(result.stdout)["moveInfos"][0]["move"] == "c3", result.stderr


@pytest.mark.parametrize("name", HIDDEN)
def test_mcts_on_hidden_information_warns_that_it_sees_everything(name):
    result = cavemind_cli("analyse", "--example", name, "--algorithm", "mcts", "--iterations", 200)
    assert result.returncode == 0
    assert result.stderr.startswith("warning: mcts sees everything")
    quiet = cavemind_cli("analyse", "--example", name, "--iterations", 200)
    assert "warning" not in quiet.stderr


@pytest.mark.parametrize("name", HIDDEN)
def test_as_player_hides_what_that_seat_cannot_see(name):
    full = cavemind.load_game(name).new_initial_state(seed=9)
    mover = full.current_player()
    result = cavemind_cli("analyse", "-", "--as-player", mover, "--iterations", 200, "--json", stdin=full.to_json())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rootInfo"]["currentPlayer"] == mover


def test_ctrl_c_returns_the_best_so_far():
    # The child gets the default SIGINT disposition even where the test run itself ignores SIGINT (a run
    # started in the background by a non-interactive shell does), or Python would keep ignoring Ctrl-C.
    process = subprocess.Popen([sys.executable, "-m", "cavemind.cli", "analyse", "--example", "tictactoe",
                                "--seconds", "60", "--progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Interrupt only once the search is running (the progress display has started), however loaded the machine.
    seen = ""
    deadline = time.monotonic() + 60
    while "searching:" not in seen and time.monotonic() < deadline:
        char = process.stderr.read(1)
        if not char:
            break
        seen += char
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    err = seen + err
    assert process.returncode == 0, err
    assert "stopped early" in out.splitlines()[0] and out.splitlines()[2].split()[0] == "1"
    assert "searching:" in err and "Traceback" not in err
