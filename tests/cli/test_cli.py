"""The command line: `cavemind games` and `cavemind bench`."""
import subprocess
import sys

from cavemind import cli


def test_games_lists_every_game_and_its_parameters(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "tictactoe:" in out and "kuhn_poker:" in out and "players (int in [2, 3], default 2)" in out


def test_bench_prints_a_table_for_one_game(capsys):
    assert cli.main(["bench", "kuhn_poker", "--seconds", "0.05", "--progress"]) == 0
    captured = capsys.readouterr()
    rows = [line for line in captured.out.splitlines() if line.startswith("| kuhn_poker")]
    assert len(rows) == 2                       # 2 and 3 players
    assert "[2/2]" in captured.err              # the progress display


def test_the_installed_command_runs():
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "bench", "tictactoe", "--seconds", "0.05"],
                            capture_output=True, text=True, check=True)
    assert "| tictactoe | 2 |" in result.stdout


def test_unknown_game_is_a_clear_error():
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "bench", "chess"], capture_output=True, text=True)
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_bench_fixed_playouts_and_rollout_depth(capsys):
    """--playouts times the same games every run (seeds 0 .. N-1); --rollout-depth is named in the header."""
    assert cli.main(["bench", "tictactoe", "--seconds", "0.05", "--playouts", "20", "--repeats", "2",
                     "--rollout-depth", "-1"]) == 0
    out = capsys.readouterr().out
    header, _, row = out.splitlines()[:3]
    assert "ns/step" in header and "full rollouts" in header
    cells = [c.strip() for c in row.strip("|").split("|")]
    steps_per_second, ns_per_step = float(cells[3].replace(",", "")), float(cells[4].replace(",", ""))
    assert abs(ns_per_step - 1e9 / steps_per_second) <= 0.1 * ns_per_step
    assert cli.main(["bench", "tictactoe", "--seconds", "0.05", "--rollout-depth", "3"]) == 0
    assert "rollouts cut at 3" in capsys.readouterr().out
    assert cli.main(["bench", "tictactoe", "--seconds", "0.05", "--rollout-policy", "mast"]) == 0
    assert "mast rollouts" in capsys.readouterr().out
