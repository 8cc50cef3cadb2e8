"""Game records (docs/records.md): State.history()/pop(), writing, reading, replaying, show/play from a record."""
import io
import json
import subprocess
import sys

import pytest

import cavemind
from cavemind import cli
from cavemind.arena import run_arena
from cavemind.botspec import split_bot_specs
from cavemind.play import Match, Terminal, play
from cavemind.records import RecordBuilder, parse_record, replay


# ------------------------------------------------------------------------------------------ history and pop

def test_history_lists_applied_actions_and_pop_restores_the_exact_bytes():
    state = cavemind.load_game("tictactoe").new_initial_state()
    snapshots = [state.to_bytes()]
    for move in ("b2", "a1", "c3"):
        state.apply(move)
        snapshots.append(state.to_bytes())
    assert state.history() == [4, 6, 2]      # a1 is the bottom left corner
    for expected_action, before in zip((2, 6, 4), reversed(snapshots[:-1])):
        assert state.pop() == expected_action
        assert state.to_bytes() == before
    assert state.history() == []
    with pytest.raises(cavemind.EmptyHistoryError, match="no action to take back"):
        state.pop()
    assert state.to_bytes() == snapshots[0]


def test_chance_outcomes_of_the_deal_are_in_the_history_and_replay_to_the_same_state():
    game = cavemind.load_game("stone_age")
    state = game.new_initial_state(seed=11)
    assert state.history(), "the deal's chance events are applied actions too"
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply(action)
    assert replayed == state


def test_clone_and_child_keep_the_history_independently():
    state = cavemind.load_game("tictactoe").new_initial_state()
    state.apply("b2")
    copy = state.clone()
    child = state.child("a1")
    assert copy.history() == [4] and child.history() == [4, 6] and state.history() == [4]
    copy.apply("c3")
    assert state.history() == [4]
    assert child.pop() == 6 and child == state


def test_an_illegal_move_leaves_the_history_unchanged():
    state = cavemind.load_game("tictactoe").new_initial_state()
    state.apply("b2")
    with pytest.raises(cavemind.IllegalActionError):
        state.apply("b2")
    assert state.history() == [4]


def test_determinize_and_loaded_positions_start_with_an_empty_history():
    game = cavemind.load_game("kuhn_poker")
    state = game.new_initial_state(seed=3)
    assert state.determinize(0, 1).history() == []
    assert cavemind.state_from_json(state.to_json()).history() == []
    state.random_playout(seed=1)
    assert state.history() == [] and state.is_terminal()


# ------------------------------------------------------------------------------------------ a recorded game

class Watching(cavemind.Bot):
    """Plays as the bot it wraps and remembers every state it was asked to move in."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    @property
    def last_analysis(self):
        return self.inner.last_analysis

    def step(self, state):
        self.seen.append(state.clone())
        return self.inner.step(state)


def play_bots(tmp_path, game_name="kuhn_poker", seats="ismcts:iterations=40,random", seed=5):
    game = cavemind.load_game(game_name)
    match = Match(cavemind.GameSession(game, split_bot_specs(seats), deal_seed=seed))
    seen = []
    match.bots = {seat: Watching(bot, seen) for seat, bot in match.bots.items()}
    out = io.StringIO()
    path = tmp_path / "game.json"
    assert play(match, Terminal(read=lambda prompt: "", out=out, interactive=False), str(path)) == 0
    return match, seen, tmp_path / "game.jsonl"


def test_play_writes_a_record_that_replays_to_every_state_seen_during_play(tmp_path):
    match, seen, path = play_bots(tmp_path, "stone_age", "ismcts:iterations=20,random", seed=2)
    record = cavemind.read_record(path)
    assert record.header["game"] == "stone_age" and record.seats == ["ismcts:iterations=20", "random"]
    assert record.header["deal_seed"] == 2 and record.header["date"]
    decisions = [index for index, entry in enumerate(record.entries) if not entry.is_chance]
    assert len(decisions) == len(seen)
    for index, state in zip(decisions, seen):     # a bot sees its own view: the true state with what it cannot see
        mover = record.entries[index].mover      # sampled afresh (GameSession.ai_move)
        assert record.state_at(index).to_dict(observer=mover) == state.to_dict(observer=mover)
    assert record.state_at() == match.state and record.state_at().is_terminal()
    assert record.result["finished"] and record.result["returns"] == match.state.returns()
    # the searching seat's decisions carry its evaluation; every decision its time
    searched = [e for e in record.entries if e.mover == 0 and e.search is not None]
    assert searched and all(e.search["iterations"] == 20 for e in searched)
    assert all(e.seconds is not None and e.seconds >= 0 for e in record.entries if not e.is_chance)
    best = searched[0].search["alternatives"][0]
    assert set(best) == {"action", "name", "visits", "value"} and 0 <= best["value"] <= 1
    # the saved game next to it holds the same moves
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["moves"] == [e.name for e in record.entries]


def test_a_record_written_and_read_back_is_the_same(tmp_path):
    _, _, path = play_bots(tmp_path)
    record = cavemind.read_record(path)
    again = parse_record(record.text(), "copy")
    assert again.header == record.header and again.entries == record.entries and again.result == record.result
    assert path.read_text() == record.text()


def test_the_arena_writes_one_record_per_game(tmp_path):
    result = run_arena("kuhn_poker", ["ismcts:iterations=30", "random"], games=2, progress=False,
                       records=str(tmp_path / "records"))
    files = sorted((tmp_path / "records").iterdir())
    assert len(files) == len(result.games) == 2
    for path, game in zip(files, result.games):
        record = cavemind.read_record(path)
        assert record.header["rotation"] == game["rotation"] and record.seats == game["bots"]
        assert [e.name for e in record.entries if not e.is_chance] == [m[1] for m in game["moves"] if m[0] >= 0]
        assert record.result["returns"] == game["returns"] and record.state_at().is_terminal()


def test_arena_records_from_the_command_line(tmp_path, capsys):
    code = cli.main(["arena", "tictactoe", "--bot", "random", "--bot", "heuristic", "--games", "2",
                     "--records", str(tmp_path)])
    assert code == 0
    assert len([cavemind.read_record(p) for p in tmp_path.iterdir()]) == 2


def test_show_prints_the_position_after_n_entries(tmp_path, capsys):
    _, _, path = play_bots(tmp_path)
    record = cavemind.read_record(path)
    for n in (0, 2, len(record)):
        assert cli.main(["show", str(path), "--move", str(n)]) == 0
        assert capsys.readouterr().out.startswith(record.state_at(n).render())
    assert cli.main(["show", str(path), "--move", str(len(record) + 1)]) == 2
    assert f"has entries 0 to {len(record)}" in capsys.readouterr().err


def test_move_is_refused_for_a_plain_position(tmp_path, capsys):
    assert cli.main(["show", "--example", "tictactoe", "--move", "1"]) == 2
    assert "is a position, not a saved game, a game record or an arena results file" in capsys.readouterr().err


def test_play_continues_from_a_record_and_keeps_its_entries(tmp_path):
    _, _, path = play_bots(tmp_path, "tictactoe", "ismcts:iterations=30,random", seed=1)
    record = cavemind.read_record(path)
    again = tmp_path / "again.jsonl"
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "play", "--from", str(path), "--move", "3",
                             "--record", str(again)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    continued = cavemind.read_record(again)
    assert continued.entries[:3] == record.entries[:3]          # times and evaluations kept
    assert continued.state_at().is_terminal() and continued.seats == record.seats


def test_play_move_without_a_record_is_refused(tmp_path):
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "play", "tictactoe", "--players",
                             "random,random", "--move", "2"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--move N needs --from FILE" in result.stderr


# ------------------------------------------------------------------------------------------ malformed records

def tictactoe_lines():
    game = cavemind.load_game("tictactoe")
    builder = RecordBuilder(game, ["random", "random"], deal_seed=None)
    state = game.new_initial_state()
    for move in ("b2", "a1", "c3"):
        builder.add(state, state.string_to_action(move), seconds=0.5)
        state.apply(move)
    return [json.dumps(doc) for doc in builder.record(state).lines()]


def changed(line_index, **fields):
    lines = tictactoe_lines()
    doc = json.loads(lines[line_index])
    for key, value in fields.items():
        if value is None:
            doc.pop(key)
        else:
            doc[key] = value
    lines[line_index] = json.dumps(doc)
    return "\n".join(lines)


@pytest.mark.parametrize("text, where", [
    ("", "empty file"),
    ("\n".join(tictactoe_lines()[:2] + ["{oops"] + tictactoe_lines()[2:]), "line 3: not valid JSON"),
    ("\n".join(tictactoe_lines()[:1] + ["[1, 2]"]), "line 2: expected a JSON object"),
    (changed(0, format="pgn"), "line 1: format"),
    (changed(0, version=2), "line 1: version"),
    (changed(0, game=None), "line 1: game: missing"),
    (changed(0, game="chess"), "line 1: game"),
    (changed(0, players="two"), "line 1: players"),
    (changed(0, seats=["random"]), "line 1: seats"),
    (changed(0, options={"nope": 1}), "line 1: game"),
    (changed(2, action=4), "line 3: action"),
    (changed(2, action="a1"), "line 3: action"),
    (changed(2, mover=0), "line 3: mover"),
    (changed(2, mover="nobody"), "line 3: mover"),
    (changed(2, name="b3"), "line 3: name"),
    (changed(2, ply=7), "line 3: ply"),
    (changed(2, seconds=-1), "line 3: seconds"),
    (changed(2, search={"algorithm": "ismcts"}), "line 3: search.iterations"),
    (changed(2, search={"algorithm": "ismcts", "iterations": 5, "value": 0.5, "alternatives": [{}]}),
     "line 3: search.alternatives[0]"),
    (changed(2, type="comment"), "line 3: type"),
    (changed(4, finished=True), "line 5: finished"),
    (changed(4, scores=[1]), "line 5: scores"),
    ("\n".join(tictactoe_lines()[:2] + tictactoe_lines()[4:] + tictactoe_lines()[2:4]), "line 3: type"),
])
def test_a_malformed_record_names_the_line_and_the_field(text, where):
    with pytest.raises(cavemind.InvalidRecordError) as raised:
        parse_record(text, "bad.jsonl")
    assert str(raised.value).startswith(f"bad.jsonl: {where}"), str(raised.value)


def test_a_record_cut_off_before_its_result_still_reads():
    record = parse_record("\n".join(tictactoe_lines()[:3]), "cut")
    assert len(record) == 2 and record.result is None


def test_bad_records_on_the_command_line_are_one_line_errors(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(changed(2, action=4))
    assert cli.main(["show", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "line 3: action: 4 is not legal here" in err
    assert cli.main(["review", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(cavemind.InvalidRecordError, match="state_at|move 99"):
        parse_record("\n".join(tictactoe_lines()), "ok").state_at(99)


def test_replay_plays_a_move_list_and_names_the_bad_move():
    game = cavemind.load_game("tictactoe")
    assert replay(game, ["b2", 0]).history() == [4, 0]
    with pytest.raises(cavemind.InvalidPositionError, match=r"^moves\[1\]: 'b2' is not a legal move"):
        replay(game, ["b2", "b2"])
    with pytest.raises(cavemind.InvalidPositionError, match=r"^moves\[0\]: True is not a move"):
        replay(game, [True])
    with pytest.raises(cavemind.InvalidPositionError, match="^moves: expected a list"):
        replay(game, "b2")


def test_the_engine_does_not_import_the_terminal_game():
    """replay lives with the records (issue 35): the engine, a program's interface, needs nothing of play."""
    code = "import sys, cavemind.engine; print('cavemind.play' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
