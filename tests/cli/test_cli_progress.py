"""What the terminal shows while a search runs: a progress line on stderr, never on stdout."""
import io
import json
import subprocess
import sys

import cavemind
from cavemind.botspec import split_bot_specs
from cavemind.cli.output import search_line
from cavemind.play import Match, Terminal, play
from cavemind.progress import StatusLine, Thinking


def cavemind_cli(*args):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=120)


def test_analyse_progress_shows_iterations_rate_and_best_move_on_stderr_only():
    result = cavemind_cli("analyse", "--example", "tictactoe", "--algorithm", "mcts", "--seconds", 1.2,
                          "--progress", "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)                   # stdout is the one JSON record, nothing else
    assert not record["isDuringSearch"]
    line = result.stderr.splitlines()[-1]                # (text mode reads the '\r' rewrites as lines)
    assert line.startswith("searching: ") and " of 1.2, " in line and " iterations (" in line
    best = line.split(" best ")[1].split()[0]
    assert best in {"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"}


def test_analyse_is_silent_on_stderr_when_it_is_not_a_terminal():
    result = cavemind_cli("analyse", "--example", "tictactoe", "--seconds", 0.8)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("tictactoe: player")


def test_progress_and_report_records_share_one_stream():
    result = cavemind_cli("analyse", "--example", "tictactoe", "--seconds", 1.0, "--json", "--report-every", 0.3,
                          "--progress")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    # Reports at least 0.3 s apart (the progress line is refreshed more often) and the final record last.
    times = [r["rootInfo"]["seconds"] for r in records[:-1]]
    assert records[-1]["isDuringSearch"] is False and all(r["isDuringSearch"] for r in records[:-1])
    assert len(times) >= 1 and all(b - a >= 0.3 - 1e-6 for a, b in zip(times, times[1:]))
    assert "searching: " in result.stderr


def test_search_progress_line_is_rewritten_in_place():
    out = io.StringIO()
    progress = StatusLine(True, out)
    info = cavemind.analyse(cavemind.load_game("tictactoe").new_initial_state(), cavemind.Limit(iterations=500),
                            algorithm="mcts")
    info.seconds = 0.7
    progress.show(search_line(info, None))
    progress.close()
    text = out.getvalue()
    assert text.startswith("\rsearching: 0.7 s, 500 iterations (") and text.endswith("\n")
    assert f"best {info.best.name} {info.best.value:.3f}" in text
    assert search_line(info, 2.0).startswith("searching: 0.7 s of 2, ")
    info.seconds = 0.3
    assert search_line(info, None) is None               # a short search shows nothing


def test_thinking_is_shown_for_a_long_search_and_erased_after():
    out = io.StringIO()
    with Thinking("player 1 (ismcts) is thinking", True, file=out):
        cavemind.analyse(cavemind.load_game("kuhn_poker").new_initial_state(seed=1),
                         cavemind.Limit(seconds=0.8))
    text = out.getvalue()
    assert "\rplayer 1 (ismcts) is thinking: " in text
    assert text.endswith("\r") and text.rstrip("\r").endswith(" ")      # the line is blanked at the end
    quick = io.StringIO()
    with Thinking("player 1 (ismcts) is thinking", True, file=quick):
        pass
    assert quick.getvalue() == ""                        # a quick move leaves no trace


def test_play_shows_a_bot_thinking_on_stderr(capsys):
    game = cavemind.load_game("kuhn_poker")
    match = Match(cavemind.GameSession(game, split_bot_specs("ismcts:seconds=0.6,random"), deal_seed=3))
    shown = io.StringIO()
    assert play(match, Terminal(out=shown, interactive=False, progress=True)) == 0
    captured = capsys.readouterr()
    assert "player 0 (ismcts:seconds=0.6) is thinking: " in captured.err
    assert "is thinking" not in shown.getvalue() and "game over" in shown.getvalue()


def test_play_cli_keeps_the_indicator_off_a_pipe():
    result = cavemind_cli("play", "kuhn_poker", "--players", "ismcts:seconds=0.5,random", "--deal-seed", 1)
    assert result.returncode == 0, result.stderr
    assert "thinking" not in result.stderr and "game over" in result.stdout
    shown = cavemind_cli("play", "kuhn_poker", "--players", "ismcts:seconds=0.5,random", "--deal-seed", 1,
                         "--progress")
    assert "player 0 (ismcts:seconds=0.5) is thinking: " in shown.stderr
