"""Library errors name Python parameters (`out=`, `records=`, `sprt=`, `seats=`); the command line shows the same
errors in the flags its user typed (issue 35)."""
import json

import pytest

import cavemind
from cavemind import cli
from cavemind.arena import ArenaError, parse_sprt, run_arena
from cavemind.botspec import split_bot_specs
from cavemind.cli import arena as arena_cli
from cavemind.cli.parameter_flags import PARAMETER_FLAGS, command_message, flag_message
from cavemind.play import PlayError, load_session
from cavemind.session import SessionError

ARENA = PARAMETER_FLAGS["arena"]


@pytest.mark.parametrize("message, shown", [
    ("out='x': is a directory", "--out 'x': is a directory"),
    ("sprt='fast': expected ELO0,ELO1", "--sprt 'fast': expected ELO0,ELO1"),
    ("bot_specs[1]='nobot': unknown bot 'nobot'", "--bot 'nobot': unknown bot 'nobot'"),
    ("scheduler= needs Dask", "--scheduler needs Dask"),
    ("options: give the player count with players=, not as a game option",
     "options: give the player count with --players, not as a game option"),
    ("tictactoe: option players=3 must be one of [2]", "tictactoe: option --players 3 must be one of [2]"),
    ("time_limit=0: must be positive", "--time-limit 0: must be positive"),
    # inside a value (a bot specification) a setting keeps its own spelling
    ("bot_specs[0]='ismcts:seed=x': seed: expected an integer", "--bot 'ismcts:seed=x': seed: expected an integer"),
    ("records==out", "records==out"),          # not keyword syntax
    ("the outcome=1", "the outcome=1"),        # a longer word that ends in a parameter's name
])
def test_flag_message_writes_parameters_as_flags(message, shown):
    assert flag_message(message, ARENA) == shown


def test_a_command_without_flags_for_the_library_leaves_messages_alone():
    assert command_message("new", "kuhn_poker: option players=7 must be one of [2, 3, 4]") == \
        "kuhn_poker: option players=7 must be one of [2, 3, 4]"
    assert command_message("play", "seats= gives 3 seats for a 2-player game") == \
        "--seats gives 3 seats for a 2-player game"


@pytest.mark.parametrize("kwargs, message", [
    (dict(out="."), "out='.': is a directory, not a results file"),
    (dict(bot_specs=["random", "nobot"]), "bot_specs[1]='nobot': unknown bot 'nobot'"),
    (dict(options={"players": 2}), "options: give the player count with players=, not as a game option"),
    (dict(time_limit=0), "time_limit=0: must be a positive finite number of seconds"),
    (dict(sprt="fast"), "sprt='fast': expected ELO0,ELO1"),
])
def test_the_arena_library_names_its_parameters(kwargs, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = {"game_name": "tictactoe", "bot_specs": ["random", "heuristic"], "games": 2, "progress": False, **kwargs}
    with pytest.raises(ArenaError) as refused:
        run_arena(**args)
    assert str(refused.value).startswith(message) and "--" not in str(refused.value)


def test_an_unwritable_records_directory_names_the_parameter(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ArenaError, match=r"^records='.*file/sub': "):
        run_arena("tictactoe", ["random", "heuristic"], games=2, progress=False, records=str(blocker / "sub"))
    with pytest.raises(ArenaError, match=r"^sprt='0,x': "):
        parse_sprt("0,x")


@pytest.mark.parametrize("argv, shown", [
    (["--out", "."], "--out '.': is a directory, not a results file"),
    (["--sprt", "fast"], "--sprt 'fast': expected ELO0,ELO1"),
    (["--time-limit", "0"], "--time-limit 0.0: must be a positive finite number of seconds"),
    (["--option", "players=3"], "options: give the player count with --players, not as a game option"),
])
def test_the_arena_command_shows_its_flags(argv, shown, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["tictactoe", "--bot", "random", "--bot", "random", "--games", "2", *argv]
    assert cli.main(["arena", *argv]) == 2
    assert f"cavemind arena: error: {shown}" in capsys.readouterr().err
    assert arena_cli.main(argv) == 2
    assert f"cavemind: error: {shown}" in capsys.readouterr().err


def test_the_arena_command_names_the_bad_bot_by_its_flag(capsys):
    argv = ["arena", "tictactoe", "--bot", "random", "--bot", "nobot", "--games", "2"]
    assert cli.main(argv) == 2
    assert "cavemind arena: error: --bot 'nobot': unknown bot 'nobot'" in capsys.readouterr().err


def test_the_play_library_names_its_parameters_and_the_command_its_flags(tmp_path, capsys):
    game = cavemind.load_game("tictactoe")
    with pytest.raises(SessionError, match=r"^seats= gives 1 seat for a 2-player game$"):
        cavemind.GameSession(game, split_bot_specs("human"))
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps({"game": "tictactoe", "players": 2, "seats": ["random", "random"],
                                 "moves": ["b2"]}), encoding="utf-8")
    with pytest.raises(PlayError, match=r"^move=2: s\.json has entries 0 to 1$"):
        load_session(saved.read_text(), "s.json", move=2)
    assert cli.main(["play", "--from", str(saved), "--move", "2"]) == 2
    assert f"cavemind play: error: --move 2: {saved} has entries 0 to 1" in capsys.readouterr().err
    assert cli.main(["play", "--from", str(saved), "--seats", "random"]) == 2
    assert "cavemind play: error: --seats gives 1 seat for a 2-player game" in capsys.readouterr().err
    record = tmp_path / "game.jsonl"
    session = cavemind.GameSession(game, split_bot_specs("random,random"))
    session.play("b2")
    session.to_record().write(str(record))
    assert cli.main(["play", "--from", str(record), "--move", "5"]) == 2
    assert f"cavemind play: error: --move 5: {record} has entries 0 to 1" in capsys.readouterr().err
