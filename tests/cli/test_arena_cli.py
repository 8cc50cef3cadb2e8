"""The `arena` subcommand: argument parsing, the report and plot files, one-line errors."""
import argparse

import pytest

from cavemind.cli import arena
from cavemind.cli.arguments import use_new_flags


def run(argv):
    parser = argparse.ArgumentParser(prog="cavemind")
    arena.add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    use_new_flags(args)
    return args.run(args)


def test_arena_command_writes_results_report_and_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out, report, plot = tmp_path / "r.jsonl", tmp_path / "r.md", tmp_path / "r.png"
    code = run(["arena", "tictactoe", "--bot", "mcts:iterations=100", "--bot", "random", "--games", "6",
                "--out", str(out), "--report", str(report), "--plot", str(plot), "--bootstrap", "20"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "| `mcts:iterations=100` | 6 |" in printed and "Elo" in printed
    assert report.read_text().strip() == printed.strip()
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(out.read_text().splitlines()) == 7  # header + 6 games


def test_arena_command_with_options_players_and_sprt(capsys):
    code = run(["arena", "kuhn_poker", "--bot", "ismcts:iterations=30", "--bot", "random", "--bot", "random",
                "--players", "3", "--games", "3", "--bootstrap", "0"])
    assert code == 0 and "3 players" in capsys.readouterr().out
    assert run(["arena", "tictactoe", "--bot", "mcts:iterations=200", "--bot", "random", "--games", "200",
                "--sprt", "0,200", "--bootstrap", "0"]) == 0
    printed = capsys.readouterr().out
    assert "Paired (pentanomial) SPRT elo0=0 elo1=200" in printed and "accepted H1" in printed
    assert "LLR" in printed and "game pairs" in printed


def test_sprt_in_a_3_player_game_is_on_single_results(capsys):
    # 3 rotations per deal: not pairs of games, so Wald's test on the pairwise results
    assert run(["arena", "kuhn_poker", "--bot", "ismcts:iterations=30", "--bot", "random", "--bot", "random",
                "--players", "3", "--games", "3", "--bootstrap", "0", "--sprt", "0,50"]) == 0
    printed = capsys.readouterr().out
    assert "SPRT elo0=0 elo1=50" in printed and "Paired" not in printed and "pairwise results" in printed


def test_arena_help_prints_a_plain_percent_sign(capsys):
    with pytest.raises(SystemExit):
        arena.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "95% intervals" in text and "%%" not in text


@pytest.mark.parametrize("argv, message", [
    (["--bot", "random", "--games", "2"], "at least 2 bots"),
    (["--bot", "random", "--bot", "nobot", "--games", "2"], "unknown bot 'nobot'"),
    (["--bot", "random", "--bot", "random", "--games", "2", "--option", "oops"], "expected KEY=VALUE"),
    (["--bot", "random", "--bot", "random", "--games", "2", "--sprt", "fast"], "expected ELO0,ELO1"),
    (["--bot", "random", "--bot", "random", "--games", "2", "--sprt", "50,0"], "must be greater"),
    (["--bot", "random", "--bot", "random", "--games", "-1"], "--games -1: must be a positive integer"),
])
def test_bad_arguments_print_one_line_and_exit_2(argv, message, capsys):
    assert arena.main(["tictactoe", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cavemind: error:") and message in err and "\n" not in err


def test_unknown_game_is_rejected_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_info:
        arena.main(["chess", "--bot", "random", "--bot", "random", "--games", "2"])
    assert exit_info.value.code == 2 and "invalid choice" in capsys.readouterr().err
