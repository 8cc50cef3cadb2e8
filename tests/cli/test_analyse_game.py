"""`cavemind analyse GAME-FILE --all | --turns`: every (or each chosen) decision of a whole game analysed from its
mover's own view, as review searches it, one table or one KataGo-style JSON line each."""
import json

import pytest

import cavemind
from cavemind import cli
from cavemind.arena import run_arena
from cavemind.review import mover_view

ITERATIONS = ["--iterations", "120", "--search-seed", "7"]


def saved_game(tmp_path, game_name, moves, name="game.json"):
    """A saved game of `moves` (chance events named), as `cavemind play` writes it."""
    session = cavemind.GameSession(cavemind.load_game(game_name), ["random", "random"])
    for move in moves:
        session.play(move)
    path = tmp_path / name
    path.write_text(json.dumps(session.to_saved_game()))
    return str(path), session.to_record()


def json_lines(args, capsys):
    assert cli.main(["analyse", *args, *ITERATIONS, "--json"]) == 0, capsys.readouterr().err
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_all_analyses_every_decision_with_a_choice_from_the_mover_s_view(tmp_path, capsys):
    moves = ["b2", "a1", "c3", "a3", "a2", "c2", "b3", "b1", "c1"]
    path, record = saved_game(tmp_path, "tictactoe", moves)
    lines = json_lines([path, "--all"], capsys)
    assert [line["turnNumber"] for line in lines] == list(range(8))       # the last decision had one legal move
    assert [line["playedMove"] for line in lines] == moves[:8]
    for line, (index, entry, state) in zip(lines, record.decisions(), strict=False):
        expected = cavemind.analyse(mover_view(state, entry.mover, 7 + index), cavemind.Limit(iterations=120),
                                    seed=7 + index)
        assert [(m["move"], m["visits"]) for m in line["moveInfos"]] == [(m.name, m.visits) for m in expected.moves]
        assert line["rootInfo"]["currentPlayer"] == entry.mover and not line["isDuringSearch"]


@pytest.mark.parametrize("algorithm", ["ismcts", "mcts"])     # mcts would read the true cards if it were given them
def test_what_the_mover_could_not_see_is_never_used(tmp_path, capsys, algorithm):
    # Seat 0 holds the queen in both games; seat 1 the jack in one (calling wins), the king in the other.
    lines = []
    for theirs in ("J", "K"):
        path, _ = saved_game(tmp_path, "kuhn_poker", ["deal Q", f"deal {theirs}", "pass", "bet", "call"],
                             f"{theirs}.json")
        lines.append(json_lines([path, "--turns", "2,4", "--algorithm", algorithm], capsys))
    assert [line["turnNumber"] for line in lines[0]] == [2, 4]
    assert [line["moveInfos"] for line in lines[0]] == [line["moveInfos"] for line in lines[1]]


def test_turns_keep_their_order_and_the_text_has_a_header_per_decision(tmp_path, capsys):
    path, _ = saved_game(tmp_path, "tictactoe", ["b2", "a1", "c3", "a3"])
    assert cli.main(["analyse", path, "--turns", "3,1", *ITERATIONS]) == 0
    out = capsys.readouterr().out
    headers = [line for line in out.splitlines() if line.startswith("entry ")]
    assert headers == ["entry 3: player 1 (random) played a3", "entry 1: player 1 (random) played a1"]
    assert out.count("tictactoe: player 1 to move, ismcts, 120 iterations") == 2


def test_a_game_of_an_arena_results_file(tmp_path, capsys):
    out = tmp_path / "match.jsonl"
    run_arena("tictactoe", ["random", "heuristic"], games=2, out=str(out), progress=False)
    lines = json_lines([str(out), "--game", "2", "--turns", "0"], capsys)
    assert [line["turnNumber"] for line in lines] == [0] and lines[0]["moveInfos"]


@pytest.mark.parametrize("extra, error", [
    (["--turns", "9"], "--turns 9: the game has entries 0 to 4"),
    (["--turns", "0"], "--turns 0: entry 0 is a chance event (deal J), not a decision"),
    (["--all", "--turns", "2"], "--turns picks some decisions, --all takes every one: give one of them"),
    (["--all", "--observer", "1"], "--observer: not with --all, which analyses each decision of the game as its "
                                   "mover saw it"),
    (["--all", "--moves", "bet"], "--moves: not with --all, which analyses each decision of the game as its mover "
                                  "saw it"),
])
def test_bad_turns_and_flags_that_do_not_go_with_them_are_one_error(tmp_path, capsys, extra, error):
    path, _ = saved_game(tmp_path, "kuhn_poker", ["deal J", "deal K", "pass", "bet", "call"])
    assert cli.main(["analyse", path, *extra]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"cavemind analyse: error: {error}\n" and captured.out == ""


def test_a_position_is_not_a_whole_game(tmp_path, capsys):
    position = tmp_path / "position.json"
    position.write_text(json.dumps(cavemind.load_game("tictactoe").new_initial_state().to_dict()))
    assert cli.main(["analyse", str(position), "--all"]) == 2
    assert (f"--all: {position} is not a saved game, a game record or an arena results file"
            in capsys.readouterr().err)


def test_turn_lists_are_checked_when_read(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["analyse", "--example", "tictactoe", "--turns", "1,x"])
    assert exit_info.value.code == 2
    assert "argument --turns: 'x' is not an entry index" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["analyse", "--example", "tictactoe", "--turns", "2,2"])
    assert "argument --turns: entry 2 is listed twice" in capsys.readouterr().err
