"""Bad input to every command: one clear line on stderr and exit code 2 (a JSON error in the engine), never a
traceback."""
import json
import subprocess
import sys

import pytest

KUHN = {"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K", "Q"], "history": ""}}


def cavemind_cli(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=60)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "truncated.json").write_text(json.dumps(KUHN)[:40])
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "bad_card.json").write_text(json.dumps({**KUHN, "state": {"cards": ["K", "Z"]}}))
    (tmp_path / "bad_game.json").write_text(json.dumps({**KUHN, "game": ["kuhn_poker"]}))
    (tmp_path / "finished.json").write_text(json.dumps({**KUHN, "state": {"cards": ["K", "Q"], "history": "bb"}}))
    (tmp_path / "ok.json").write_text(json.dumps(KUHN))
    record = {"game": "tictactoe", "players": 2, "seats": ["human", "random"], "deal_seed": 1, "moves": ["b2", "b2"]}
    (tmp_path / "illegal_record.json").write_text(json.dumps(record))
    (tmp_path / "bad_seats.json").write_text(json.dumps({**record, "moves": [], "seats": ["human", "alphabeta"]}))
    return tmp_path


@pytest.mark.parametrize("args, message", [
    (["show", "missing.json"], "missing.json: no such file"),
    (["show", "truncated.json"], "not valid JSON"),
    (["show", "list.json"], "expected a JSON object"),
    (["show", "bad_card.json"], "'Z'"),
    (["show", "bad_game.json"], "game: expected a game name"),
    (["show", "ok.json", "--as-player", "2"], "seats are 0 to 1"),
    (["show"], "give a position file"),
    (["new", "chess"], "unknown game 'chess'"),
    (["new", "kuhn_poker", "--option", "colour=red"], "unknown option 'colour'"),
    (["new", "kuhn_poker", "--option", "colour"], "is not KEY=VALUE"),
    (["new", "kuhn_poker", "--players", "7"], "players=7 must be one of"),
    (["new", "kuhn_poker", "--players", "two"], "'two' is not an integer"),
    (["new", "kuhn_poker", "--deal-seed", "-1"], "must be from 0"),
    (["new", "kuhn_poker", "--colour", "red"], "unrecognized arguments: --colour"),
    (["analyse", "missing.json"], "no such file"),
    (["analyse", "truncated.json"], "not valid JSON"),
    (["analyse", "finished.json"], "the game is over"),
    (["analyse", "ok.json", "--iterations", "0"], "must be at least 1"),
    (["analyse", "ok.json", "--seconds", "-2"], "must be a positive number"),
    (["analyse", "ok.json", "--algorithm", "minimax"], "invalid choice: 'minimax'"),
    (["analyse", "ok.json", "--threads", "1000"], "argument --threads: 1000 must be at most 256"),
    (["analyse", "ok.json", "--as-player", "5"], "seats are 0 to 1"),
    (["analyse", "--example", "chess"], "unknown game 'chess'"),
    (["examples", "chess"], "unknown game 'chess'"),
    (["play", "tictactoe", "--players", "human,alphabeta"], "unknown bot 'alphabeta'"),
    (["play", "tictactoe", "--players", "human,mcts:iterations=-5"], "iterations must be positive"),
    (["play", "tictactoe", "--players", "human"], "1 seat given; tictactoe is played by 2 players"),
    (["play", "chess", "--players", "human,random"], "unknown game 'chess'"),
    (["play", "tictactoe", "--seat", "2"], "--seat 2: seats are 0 to 1"),
    (["play", "--from", "missing.json"], "no such file"),
    (["play", "--from", "truncated.json"], "not valid JSON"),
    (["play", "--from", "ok.json"], "not a saved game"),
    (["play", "--from", "illegal_record.json"], "moves[1]: 'b2' is not legal in the saved game"),
    (["play", "--from", "bad_seats.json"], "unknown bot 'alphabeta'"),
    (["bogus"], "invalid choice: 'bogus'"),
])
def test_bad_input_gets_one_clear_line(files, args, message):
    result = cavemind_cli(*args, cwd=files)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert message in result.stderr
    assert result.stderr.startswith("cavemind")


@pytest.mark.parametrize("message, field, text", [
    ('{"id": 1, "game": "tictactoe", "limit": {"iterations": 1', None, "not valid JSON"),
    ('"just a string"', None, "expected a JSON object"),
    ({"game": "tictactoe"}, "id", "needs an id"),
    ({"id": [1], "game": "tictactoe"}, "id", "string or an integer"),
    ({"id": 1, "game": "chess"}, "game", "unknown game"),
    ({"id": 1, "game": "kuhn_poker", "options": {"colour": "red"}}, "options", "colour"),
    ({"id": 1, "game": "kuhn_poker", "players": 9}, "players", "players=9"),
    ({"id": 1, "game": "kuhn_poker", "seed": 1, "moves": ["raise"]}, "moves[0]", "'raise' is not a legal move"),
    ({"id": 1, "game": "kuhn_poker", "moves": "deal K"}, "moves", "list of moves"),
    ({"id": 1, "game": "kuhn_poker", "moves": ["deal K"]}, "moves", "chance event"),
    ({"id": 1, "game": "tictactoe", "limit": {"iterations": "many"}}, "limit.iterations", "expected an integer"),
    ({"id": 1, "game": "tictactoe", "limit": {"iterations": 0}}, "limit.iterations", "out of range"),
    ({"id": 1, "game": "tictactoe", "limit": {"seconds": -1}}, "limit.seconds", "-1 must be a positive number"),
    ({"id": 1, "game": "tictactoe", "limit": {"visits": 5}}, "limit.visits", "unknown field"),
    ({"id": 1, "game": "tictactoe", "limit": 5}, "limit", "expected an object"),
    ({"id": 1, "game": "tictactoe", "top": "3"}, "top", "expected an integer"),
    ({"id": 1, "game": "tictactoe", "asPlayer": 2}, "asPlayer", "out of range"),
    ({"id": 1, "game": "tictactoe", "algorithm": "minimax"}, "algorithm", "\"minimax\" must be one of \"mcts\""),
    ({"id": 1, "game": "tictactoe", "colour": "red"}, "colour", "unknown field"),
    ({"id": 1, "position": {**KUHN, "state": {"cards": ["K", "K"]}}}, "position", "twice"),
    ({"id": 1, "position": {**KUHN, "game": ["x"]}}, "position", "position"),
    ({"id": 1}, "position", "needs a position"),
    ({"id": 1, "action": "ponder"}, "action", "unknown action"),
])
def test_engine_answers_bad_input_with_a_json_error_and_keeps_running(message, field, text):
    line = message if isinstance(message, str) else json.dumps(message)
    good = json.dumps({"id": "after", "game": "tictactoe", "limit": {"iterations": 50}})
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "engine"], input=f"{line}\n{good}\n",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == ""
    error, after = [json.loads(out) for out in result.stdout.splitlines()]
    assert set(error) == {"error", "field", "id"} and error["field"] == field and text in error["error"]
    assert error["id"] == (message.get("id") if isinstance(message, dict) and field != "id" else None)
    assert after["id"] == "after" and after["isDuringSearch"] is False
