"""Every command that reads a game (review, show and analyse with --move, play --from) takes every kind of file
that holds one: a saved game, a game record, an arena results file (plain or gzip-compressed) with --game N; a
position, or a file of the wrong kind, gets one line saying what the file is and what to pass (issue 36,
point 9)."""
import gzip
import json
from pathlib import Path

import pytest

import cavemind
from cavemind import cli
from cavemind.arena import run_arena
from cavemind.game_files import ARENA_RESULTS, GAME_RECORD, POSITION, SAVED_GAME, file_kind, read_game_file

MOVE = 3        # the entry the position commands step to: after the deal and one decision


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """One Kuhn poker game as a saved game and a record, a 4-game arena results file (plain and compressed), and a
    position: {name: path}."""
    folder = tmp_path_factory.mktemp("kinds")
    session = cavemind.GameSession(cavemind.load_game("kuhn_poker"), ["random", "random"], deal_seed=5)
    while not session.is_over():
        session.play_chance() if session.state.is_chance_node() else session.ai_move()
    (folder / "saved.json").write_text(json.dumps(session.to_saved_game(), indent=2), encoding="utf-8")
    session.to_record().write(str(folder / "record.jsonl"))
    run_arena("kuhn_poker", ["random", "ismcts:iterations=30"], games=4, out=str(folder / "results.jsonl"),
              progress=False)
    (folder / "results.jsonl.gz").write_bytes(gzip.compress((folder / "results.jsonl").read_bytes()))
    (folder / "position.json").write_text(json.dumps(session.state.to_dict()), encoding="utf-8")
    return {path.name: str(path) for path in folder.iterdir()}


def arena_games(path):
    lines = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["type"] == "game"]


def fill(text, files):
    """`text` with each {file name} written as that file's path."""
    for name, path in files.items():
        text = text.replace("{" + name + "}", path)
    return text


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_each_kind_is_told_by_its_content(files):
    kinds = {name: file_kind(Path(path).read_text(encoding="utf-8")) for name, path in files.items()
             if not name.endswith(".gz")}
    assert kinds == {"saved.json": SAVED_GAME, "record.jsonl": GAME_RECORD, "results.jsonl": ARENA_RESULTS,
                     "position.json": POSITION}


def test_every_kind_reads_as_the_same_game(files):
    saved, record = read_game_file(files["saved.json"]), read_game_file(files["record.jsonl"])
    assert [e.name for e in saved.entries] == [e.name for e in record.entries]
    assert saved.state_at() == record.state_at() and saved.header["deal_seed"] == 5
    games = arena_games(files["results.jsonl"])
    for number, line in enumerate(games, 1):
        for name in ("results.jsonl", "results.jsonl.gz"):
            game = read_game_file(files[name], number)
            assert game.seats == line["bots"] and game.result["returns"] == line["returns"]
            # the opening deal comes from the game's deal seed, the rest are its moves, in order
            assert [e.name for e in game.entries][-len(line["moves"]):] == [m[1] for m in line["moves"]]
            assert game.state_at().is_terminal() and game.state_at().scores() == line["scores"]


# (file, the extra flags it needs): every kind of whole game
GAME_FILES = [("saved.json", []), ("record.jsonl", []), ("results.jsonl", ["--game", 2]),
              ("results.jsonl.gz", ["--game", 2])]


@pytest.mark.parametrize("name, extra", GAME_FILES)
def test_show_and_analyse_step_to_a_move_of_every_kind(files, capsys, name, extra):
    number = extra[1] if extra else None
    expected = read_game_file(files[name], number).state_at(MOVE)
    code, out, err = run(capsys, "show", files[name], *extra, "--move", MOVE)
    assert code == 0, err
    assert out.startswith(expected.render())
    code, out, err = run(capsys, "analyse", files[name], *extra, "--move", MOVE, "--iterations", 50, "--json")
    assert code == 0, err
    assert json.loads(out)["rootInfo"]["currentPlayer"] == expected.current_player()


@pytest.mark.parametrize("name, extra", GAME_FILES)
def test_review_reads_every_kind(files, capsys, name, extra):
    code, out, err = run(capsys, "review", files[name], *extra, "--iterations", 30, "--json")
    assert code == 0, err
    reviewed = json.loads(out)
    game = read_game_file(files[name], extra[1] if extra else None)
    assert reviewed["game"] == "kuhn_poker"
    decisions = [i for i, _, before in game.decisions() if len(before.legal_actions()) > 1]
    assert [move["entry"] for move in reviewed["moves"]] == decisions


@pytest.mark.parametrize("name, extra", GAME_FILES)
def test_play_resumes_every_kind_from_a_move(files, capsys, monkeypatch, tmp_path, name, extra):
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path))
    out_file = tmp_path / "again.jsonl"
    code, _, err = run(capsys, "play", "--from", files[name], *extra, "--move", MOVE, "--seats", "random,random",
                         "--record", out_file)
    assert code == 0, err
    again = cavemind.read_record(str(out_file))
    original = read_game_file(files[name], extra[1] if extra else None)
    assert [e.name for e in again.entries][:MOVE] == [e.name for e in original.entries][:MOVE]
    assert again.state_at().is_terminal()


@pytest.mark.parametrize("argv", [
    ["review", "{results.jsonl}"], ["show", "{results.jsonl}"], ["analyse", "{results.jsonl.gz}"],
    ["play", "--from", "{results.jsonl}"]])
def test_an_arena_results_file_without_game_asks_for_one(files, capsys, argv):
    code, _, err = run(capsys, *[fill(a, files) for a in argv])
    name = argv[-1].strip("{}")
    assert code == 2
    assert err.strip().endswith(f"{files[name]} is an arena results file with 4 games; choose one of them with "
                                "--game N (1 to 4)"), err


@pytest.mark.parametrize("argv, message", [
    (["review", "{position.json}"], "{position.json} is a kuhn_poker position, not a saved game, a game record or "
                                    "an arena results file: this needs a whole game"),
    (["play", "--from", "{position.json}"], "{position.json} is a kuhn_poker position, not a saved game"),
    (["show", "{position.json}", "--move", "1"], "--move 1: {position.json} is a position, not a saved game, a "
                                                 "game record or an arena results file: --move needs a whole game"),
    (["analyse", "{position.json}", "--game", "1"], "--game 1: {position.json} is a position"),
    (["review", "{saved.json}", "--game", "2"], "--game 2: {saved.json} is a saved game, which holds one game; "
                                                "--game chooses among the games of an arena results file"),
    (["play", "--from", "{record.jsonl}", "--game", "1"], "--game 1: {record.jsonl} is a game record, which holds "
                                                          "one game"),
    (["review", "{results.jsonl}", "--game", "5"], "--game 5: {results.jsonl} has 4 games (1 to 4)"),
    (["show", "{results.jsonl}", "--game", "1", "--move", "40"], "--move 40: {results.jsonl} game 1 has entries 0 "
                                                                 "to "),
    (["show", "{saved.json}", "--move", "40"], "--move 40: {saved.json} has entries 0 to "),
    (["play", "tictactoe", "--game", "2"], "--game N needs --from FILE"),
])
def test_the_wrong_kind_says_what_it_is_and_what_to_pass(files, capsys, argv, message):
    code, _, err = run(capsys, *[fill(a, files) for a in argv])
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert fill(message, files) in err


def test_a_file_of_no_kind_says_what_was_expected(tmp_path, capsys):
    other = tmp_path / "list.json"
    other.write_text("[1, 2]", encoding="utf-8")
    code, _, err = run(capsys, "review", other)
    assert code == 2 and (f"{other}: not a saved game, a game record or an arena results file (nor a position)"
                          in err)


def test_a_saved_game_naming_no_seats_reviews_and_asks_for_seats_to_resume(tmp_path, capsys):
    query = tmp_path / "query.json"
    query.write_text(json.dumps({"game": "tictactoe", "moves": ["b2", "a1"]}), encoding="utf-8")
    assert read_game_file(str(query)).seats == ["unknown", "unknown"]
    code, out, err = run(capsys, "show", query)
    assert code == 0 and "player 0 to move" in out
    code, _, err = run(capsys, "play", "--from", query)
    assert code == 2 and "seat 0 is 'unknown', not human or a bot specification; give the seats with --seats" in err


def test_the_library_names_its_parameters(files):
    with pytest.raises(cavemind.InvalidRecordError, match=r"4 games; choose one of them with game=N \(1 to 4\)$"):
        read_game_file(files["results.jsonl"])
    with pytest.raises(cavemind.InvalidRecordError, match=r"^game=2: .*saved\.json is a saved game"):
        read_game_file(files["saved.json"], 2)
    with pytest.raises(cavemind.InvalidRecordError, match=r"^move=99: .*record\.jsonl has entries 0 to \d+$"):
        read_game_file(files["record.jsonl"], move=99)


def test_an_arena_game_that_does_not_replay_names_the_game_and_the_move(files, tmp_path):
    lines = Path(files["results.jsonl"]).read_text(encoding="utf-8").splitlines()
    game = json.loads(lines[2])
    seat = next(m[0] for m in game["moves"] if m[0] >= 0)
    game["moves"] = [[seat, "fly away", 0.0] if m[0] >= 0 else m for m in game["moves"]]
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([lines[0], lines[1], json.dumps(game)]) + "\n", encoding="utf-8")
    with pytest.raises(cavemind.InvalidRecordError, match=r"tampered\.jsonl game 2: moves\[\d+\]: 'fly away' is "
                                                          r"not legal here"):
        read_game_file(str(tampered), 2)
    assert read_game_file(str(tampered), 1).state_at().is_terminal()       # the other game still reads
