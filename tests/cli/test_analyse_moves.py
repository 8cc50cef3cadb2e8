"""`cavemind analyse POSITION --moves "..."`: the position after those moves is the one analysed; a bad move is
one error naming it and its place in the list."""
import json

import pytest

import cavemind
from cavemind import cli
from cavemind.analysis_output import document_text


def position_file(tmp_path, state, name="start.json"):
    path = tmp_path / name
    path.write_text(document_text(state.to_dict()))
    return str(path)


def analysed(args, capsys):
    assert cli.main(["analyse", *args, "--iterations", "300", "--json", "--search-seed", "4"]) == 0, \
        capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_position_after_the_moves_is_analysed(tmp_path, capsys):
    start = cavemind.load_game("tictactoe").new_initial_state()
    after = start.clone()
    after.apply("b2"), after.apply("a1")
    with_moves = analysed([position_file(tmp_path, start), "--moves", "b2 a1"], capsys)
    direct = analysed([position_file(tmp_path, after, "after.json")], capsys)
    assert with_moves["moveInfos"] == direct["moveInfos"]
    assert {m["move"] for m in with_moves["moveInfos"]} == {"a3", "b3", "c3", "a2", "c2", "b1", "c1"}
    by_id_and_case = analysed([position_file(tmp_path, start), "--moves", "B2, 6"], capsys)   # 6: a1's id
    assert by_id_and_case["moveInfos"] == direct["moveInfos"]


def test_chance_events_are_drawn_from_the_deal_seed_unless_named(tmp_path, capsys):
    game = cavemind.load_game("kuhn_poker")
    raw = position_file(tmp_path, game.new_initial_state())
    session = cavemind.GameSession(game, deal_seed=3)
    session.play_chance(), session.play_chance()
    session.play("bet")
    drawn = analysed([raw, "--moves", "bet", "--deal-seed", "3"], capsys)
    assert drawn["moveInfos"] == analysed([position_file(tmp_path, session.state, "session.json")], capsys)["moveInfos"]
    named = [position_file(tmp_path, game.new_initial_state()), "--moves", "deal K, deal J, bet"]
    assert analysed(named, capsys)["rootInfo"]["currentPlayer"] == 1


@pytest.mark.parametrize("moves, error", [
    ("b2 zz", "--moves: move 2 of 2, 'zz': 'zz' is not a legal move here; legal: a3, b3, c3, a2, c2, a1, b1, c1 "
              "(moves are separated by spaces, or by commas when names hold spaces)"),
    ("b2, a", "--moves: move 2 of 2, 'a': 'a' could be 3 moves: a3, a2, a1"),
    ("a1 b1 a2 b2 a3 c3", "--moves: move 6 of 6, 'c3': the game is over before it (moves are separated by spaces, "
                          "or by commas when names hold spaces)"),
    ("b2,,a1", "--moves: move 2 of 3 is empty (two commas in a row, or a comma at an end)"),
])
def test_a_bad_move_is_one_error_naming_it_and_its_place(tmp_path, capsys, moves, error):
    start = position_file(tmp_path, cavemind.load_game("tictactoe").new_initial_state())
    assert cli.main(["analyse", start, "--moves", moves]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"cavemind analyse: error: {error}\n" and captured.out == ""


def test_the_deal_seed_needs_moves(capsys):
    assert cli.main(["analyse", "--example", "kuhn_poker", "--deal-seed", "3"]) == 2
    assert "--deal-seed draws the chance events between --moves: give --moves too" in capsys.readouterr().err
