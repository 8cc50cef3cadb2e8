"""cavemind.inputs: files read with one-line errors, and the one nesting limit (64 levels) kept by every reader
of JSON input: positions (a text or a parsed dict), game records, saved games, arena results and the files the
command line names, as the engine keeps it for its lines. Deep documents are refused with the reader's own
error, never a RecursionError (issue 35: 10 of 1,640 mutated positions raised one)."""
import gzip
import json

import pytest

import cavemind
from cavemind import cli
from cavemind.arena import ArenaError, read_results
from cavemind.errors import InvalidPositionError, InvalidRecordError
from cavemind.inputs import MAX_NESTING, check_nesting, load_json, nesting_depth, read_text_file, too_deep
from cavemind.play import PlayError, load_session
from cavemind.records import looks_like_record, parse_record

DEEP = 100_000          # far beyond the JSON parser's stack


def nested(levels, inner="1"):
    return "[" * levels + inner + "]" * levels


def tictactoe_position():
    return cavemind.load_game("tictactoe").new_initial_state().to_dict()


@pytest.mark.parametrize("text, depth", [
    ("1", 0), ("[]", 0), (nested(MAX_NESTING), 0), (nested(MAX_NESTING + 1), MAX_NESTING + 1),
    ('{"a": ' * 70 + "1" + "}" * 70, 70), (json.dumps({"s": "[" * 500}), 1), (json.dumps(["[" * 500]), 1),
])
def test_nesting_depth_counts_brackets_outside_strings(text, depth):
    assert nesting_depth(text) == depth


def test_too_deep_walks_a_parsed_document_without_recursion_and_stops_at_a_cycle():
    assert not too_deep(json.loads(nested(MAX_NESTING)))
    assert too_deep(json.loads(nested(MAX_NESTING + 1)))
    assert not too_deep({"a": [1, {"b": []}], "c": "x"}) and not too_deep(7)
    loop = {"state": {}}
    loop["state"]["self"] = loop                # a Python dict that contains itself: too deep, not endless
    assert too_deep(loop)
    wide = [[]] * 10_000                        # the same child many times is walked once per level
    assert not too_deep([wide] * 60)


def test_load_json_refuses_deep_and_invalid_text_with_the_readers_error():
    assert load_json('{"a": [1]}', InvalidRecordError, "x") == {"a": [1]}
    with pytest.raises(InvalidRecordError, match=r"^f: nested too deeply \(more than 64 levels\)$"):
        load_json(nested(DEEP), InvalidRecordError, "f")
    with pytest.raises(InvalidRecordError, match=r"^f: not valid JSON \(Expecting value: line 1 column 1"):
        load_json("oops", InvalidRecordError, "f")
    with pytest.raises(InvalidRecordError, match=r"^f: not valid JSON \(Expecting value\)$"):
        load_json("oops", InvalidRecordError, "f", locate=False)
    with pytest.raises(PlayError, match="nested too deeply"):
        check_nesting(json.loads(nested(MAX_NESTING + 1)), PlayError, "saved game")


def test_read_text_file_names_the_path_and_the_reason(tmp_path):
    (tmp_path / "ok.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00")
    assert read_text_file(tmp_path / "ok.txt", InvalidRecordError) == "hello"
    for name, reason in (("missing", "no such file"), ("binary", "not a text file"),
                         (".", "is a directory, not a record")):
        with pytest.raises(InvalidRecordError, match=reason):
            read_text_file(tmp_path / name, InvalidRecordError, "record")


def test_read_text_file_decompresses_gzip_data_whatever_its_name(tmp_path):
    (tmp_path / "record.jsonl").write_bytes(gzip.compress(b"hello\n"))
    assert read_text_file(tmp_path / "record.jsonl", InvalidRecordError) == "hello\n"
    (tmp_path / "cut.gz").write_bytes(gzip.compress(b"hello" * 100)[:20])
    with pytest.raises(InvalidRecordError, match=r"cut\.gz: broken compressed data"):
        read_text_file(tmp_path / "cut.gz", InvalidRecordError, "record")


def test_a_deep_position_is_an_invalid_position_as_text_and_as_a_dict():
    text = json.dumps(tictactoe_position())[:-1] + ', "state": ' + nested(DEEP) + "}"
    with pytest.raises(InvalidPositionError, match=r"^position: nested too deeply \(more than 64 levels\)$"):
        cavemind.state_from_json(text)
    doc = tictactoe_position()
    doc["state"]["board"] = json.loads(nested(MAX_NESTING))    # parsed: deep, but within Python's stack
    with pytest.raises(InvalidPositionError, match=r"^position: nested too deeply"):
        cavemind.state_from_json(doc)
    with pytest.raises(InvalidPositionError, match=r"^position: nested too deeply"):
        cavemind.load_game("tictactoe").state_from_json(doc)
    doc["state"]["board"] = json.loads(nested(MAX_NESTING - 3))      # 64 levels with the position's own three
    with pytest.raises(InvalidPositionError, match="board: expected 3 strings"):
        cavemind.state_from_json(doc)


def test_a_position_that_contains_itself_is_refused():
    doc = tictactoe_position()
    doc["state"]["board"] = doc
    with pytest.raises(InvalidPositionError, match="nested too deeply"):
        cavemind.state_from_json(doc)


def record_text():
    from cavemind.records import RecordBuilder

    game = cavemind.load_game("tictactoe")
    builder = RecordBuilder(game, ["random", "random"])
    state = game.new_initial_state()
    builder.add(state, 4)
    state.apply(4)
    return builder.record(state).text()


def test_a_deep_record_line_names_the_line():
    lines = record_text().splitlines()
    lines.insert(1, nested(DEEP))
    with pytest.raises(InvalidRecordError, match=r"^r\.jsonl: line 2: nested too deeply \(more than 64 levels\)$"):
        parse_record("\n".join(lines), "r.jsonl")
    assert not looks_like_record(nested(DEEP))
    assert looks_like_record(record_text())


def test_a_deep_saved_game_is_a_play_error():
    with pytest.raises(PlayError, match=r"^game\.json: nested too deeply"):
        load_session('{"game": "tictactoe", "moves": ' + nested(DEEP) + "}", "game.json")


def test_a_deep_arena_results_line_is_an_arena_error(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text(nested(DEEP) + "\n", encoding="utf-8")
    with pytest.raises(ArenaError, match=r"results\.jsonl:1: nested too deeply"):
        read_results(str(path))
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(ArenaError, match=r"results\.jsonl:1: not a JSON line of an arena results file"):
        read_results(str(path))


@pytest.mark.parametrize("command", [["show"], ["analyse", "--iterations", "10"], ["play", "--from"]])
def test_a_deep_file_on_the_command_line_is_one_error_line(command, tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"game": "tictactoe", "format": 2, "state": ' + nested(DEEP) + "}", encoding="utf-8")
    assert cli.main([*command, str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "nested too deeply (more than 64 levels)" in err and "\n" not in err, err
