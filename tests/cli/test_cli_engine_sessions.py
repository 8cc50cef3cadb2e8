"""`cavemind engine`'s session actions: a game started, played, undone, shown and searched through JSON lines,
and every bad field answered by one error naming it, the game unchanged."""
import io
import json
import subprocess
import sys
import time

import pytest
from test_cli_engine_schema import check_answer

from cavemind import engine


def run(*messages):
    """The engine's answers to `messages`, in order (each message gets exactly one answer here)."""
    text = "".join((m if isinstance(m, str) else json.dumps(m)) + "\n" for m in messages)
    out = io.StringIO()
    assert engine.Engine(io.StringIO(text), out).run() == 0
    return [check_answer(json.loads(line)) for line in out.getvalue().splitlines()]


NEW_TTT = {"id": "n", "action": "new_game", "game": "tictactoe"}


def test_legal_moves_of_a_fresh_game_without_a_session():
    [answer] = run({"id": 1, "action": "legal_moves", "game": "tictactoe"})
    assert answer["id"] == 1 and answer["toMove"] == 0
    assert [m["name"] for m in answer["legalMoves"]] == ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    assert [m["action"] for m in answer["legalMoves"]] == list(range(9))
    [poker] = run({"id": 2, "action": "legal_moves", "game": "kuhn_poker", "dealSeed": 2})
    assert [m["name"] for m in poker["legalMoves"]] == ["pass", "bet"]     # the deal was drawn first


def test_a_whole_game_played_by_name_prefix_and_id_with_undo():
    answers = run(NEW_TTT, {"id": 1, "action": "play", "session": 1, "move": "b2"},
                  {"id": 2, "action": "play", "session": 1, "move": 0},
                  {"id": 3, "action": "play", "session": 1, "move": " C1 "},
                  {"id": 4, "action": "undo", "session": 1},
                  {"id": 5, "action": "undo", "session": 1, "seat": 0},
                  {"id": 6, "action": "legal_moves", "session": 1},
                  {"id": 7, "action": "position", "session": 1, "format": "text"},
                  {"id": 8, "action": "close_game", "session": 1})
    new, b2, a3, c1, undo_last, undo_x, legal, text, closed = answers
    assert new["session"] == 1 and new["ply"] == 0 and new["toMove"] == 0 and new["game"] == "tictactoe"
    assert (b2["move"], b2["moveAction"], b2["toMove"]) == ("b2", 4, 1)
    assert a3["move"] == "a3" and c1["move"] == "c1" and c1["ply"] == 3
    assert undo_last["undone"] == ["c1"] and undo_x["undone"] == ["b2", "a3"] and undo_x["ply"] == 0
    assert len(legal["legalMoves"]) == 9
    assert text["format"] == "text" and isinstance(text["position"], str) and "X" not in text["position"]
    assert closed == {"id": 8, "action": "close_game", "session": 1, "closed": True}


def test_a_finished_game_reports_its_returns():
    moves = ["a1", "a2", "b1", "b2", "c1"]
    answers = run(NEW_TTT, *({"id": i, "action": "play", "session": 1, "move": m} for i, m in enumerate(moves)))
    assert answers[-1]["finished"] is True and answers[-1]["toMove"] is None and answers[-1]["returns"] == [1.0, 0.0]
    [*_, after] = run(NEW_TTT, *({"id": i, "action": "play", "session": 1, "move": m} for i, m in enumerate(moves)),
                      {"id": "x", "action": "play", "session": 1, "move": "c3"})
    assert after["field"] == "move" and "over" in after["error"]


def test_position_in_json_text_and_svg_from_a_seat_or_whole():
    answers = run({"id": "n", "action": "new_game", "game": "kuhn_poker", "dealSeed": 3},
                  {"id": 1, "action": "position", "session": 1},
                  {"id": 2, "action": "position", "session": 1, "observer": 0},
                  {"id": 3, "action": "position", "session": 1, "format": "text", "observer": 1},
                  {"id": 4, "action": "position", "session": 1, "format": "svg", "observer": 0})
    new, whole, seat0, text1, svg0 = answers
    assert new["played"] == ["deal Q", "deal K"] and new["ply"] == 2
    assert whole["position"]["state"]["cards"] == ["Q", "K"] and whole["observer"] is None
    assert seat0["position"]["state"]["cards"] == ["Q", "?"] and seat0["position"]["observer"] == 0
    assert "card ?" in text1["position"] and "card K" in text1["position"]
    assert svg0["position"].startswith("<svg") and svg0["format"] == "svg"


def test_ai_move_searches_the_movers_view_and_applies_on_request():
    search = {"limit": {"iterations": 300}, "searchSeed": 1}
    answers = run({"id": "n", "action": "new_game", "game": "kuhn_poker", "dealSeed": 3},
                  {"id": 1, "action": "play", "session": 1, "move": "bet"},
                  {"id": 2, "action": "ai_move", "session": 1, "top": 1, **search},
                  {"id": 3, "action": "ai_move", "session": 1, "apply": True, "algorithm": "pimc", **search})
    _, _, advice, played = answers
    assert advice["applied"] is False and advice["ply"] == 3 and len(advice["moveInfos"]) == 1
    assert advice["move"] == "call" and advice["rootInfo"]["currentPlayer"] == 1   # seat 1 holds the king
    assert advice["rootInfo"]["iterations"] == 300
    assert played["applied"] is True and played["finished"] is True and played["move"] == "call"


def test_ai_move_does_not_peek_at_the_hidden_card():
    """Seat 0 holds the queen: with the jack or the king across, its view is the same, so the search (same seed,
    same budget) must be the same, whatever the card it cannot see."""
    views = {}
    for seed in range(40):
        _, ai = run({"id": "n", "action": "new_game", "game": "kuhn_poker", "dealSeed": seed},
                    {"id": "a", "action": "ai_move", "session": 1, "limit": {"iterations": 200}})
        cards = run({"id": "n", "action": "new_game", "game": "kuhn_poker", "dealSeed": seed},
                    {"id": "w", "action": "position", "session": 1})[1]["position"]["state"]["cards"]
        views.setdefault(cards[0], {})[cards[1]] = ai["moveInfos"]
    seat0_queen = views.get("Q", {})
    assert len(seat0_queen) == 2, "two seeds that deal seat 0 the queen against different cards"
    first, second = seat0_queen.values()
    assert [(m["move"], m["visits"]) for m in first] == [(m["move"], m["visits"]) for m in second]


def test_stop_ends_an_ai_move_search_with_its_best_move():
    process = subprocess.Popen([sys.executable, "-m", "cavemind.cli", "engine"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    for message in (NEW_TTT, {"id": "slow", "action": "ai_move", "session": 1, "limit": {"seconds": 60},
                              "apply": True}):
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
    assert check_answer(json.loads(process.stdout.readline()))["session"] == 1
    time.sleep(0.5)
    started = time.monotonic()
    process.stdin.write(json.dumps({"id": "s", "action": "stop", "stopId": "slow"}) + "\n")
    process.stdin.flush()
    replies = sorted([check_answer(json.loads(process.stdout.readline())) for _ in range(2)],
                     key=lambda r: r["action"])
    assert time.monotonic() - started < 10
    found, ack = replies
    assert ack == {"id": "s", "action": "stop", "stopped": ["slow"]}
    assert found["stopped"] is True and found["applied"] is True and found["ply"] == 1
    process.stdin.write(json.dumps({"id": "t", "action": "terminate"}) + "\n")
    process.stdin.flush()
    assert json.loads(process.stdout.readline()) == {"id": "t", "action": "terminate"}
    assert process.wait(timeout=10) == 0


def test_session_actions_and_queries_run_in_order():
    answers = run(NEW_TTT, {"id": "q", "game": "tictactoe", "moves": ["b2"], "limit": {"iterations": 50}},
                  {"id": 1, "action": "play", "session": 1, "move": "b2"})
    assert [a["id"] for a in answers] == ["n", "q", 1]


BAD = [  # (message after a tic-tac-toe game 1 is open, the field named)
    ({"action": "new_game"}, "game"),
    ({"action": "new_game", "game": "chess"}, "game"),
    ({"action": "new_game", "game": "tictactoe", "players": 5}, "players"),
    ({"action": "new_game", "game": "tictactoe", "options": []}, "options"),
    ({"action": "new_game", "game": "kuhn_poker", "dealSeed": -1}, "dealSeed"),
    ({"action": "new_game", "game": "tictactoe", "moves": ["b2"]}, "moves"),
    ({"action": "legal_moves"}, "game"),
    ({"action": "legal_moves", "session": 1, "game": "tictactoe"}, "game"),
    ({"action": "legal_moves", "session": 9}, "session"),
    ({"action": "play", "move": "b2"}, "session"),
    ({"action": "play", "session": "one", "move": "b2"}, "session"),
    ({"action": "play", "session": 0, "move": "b2"}, "session"),
    ({"action": "play", "session": 1}, "move"),
    ({"action": "play", "session": 1, "move": "b"}, "move"),
    ({"action": "play", "session": 1, "move": "z9"}, "move"),
    ({"action": "play", "session": 1, "move": 9}, "move"),
    ({"action": "play", "session": 1, "move": [1]}, "move"),
    ({"action": "play", "session": 1, "move": True}, "move"),
    ({"action": "undo", "session": 1}, "session"),
    ({"action": "undo", "session": 1, "seat": 2}, "seat"),
    ({"action": "position", "session": 1, "format": "png"}, "format"),
    ({"action": "position", "session": 1, "observer": 2}, "observer"),
    ({"action": "position", "session": 1, "observer": "0"}, "observer"),
    ({"action": "ai_move", "session": 1, "limit": {"iterations": 0}}, "limit.iterations"),
    ({"action": "ai_move", "session": 1, "algorithm": "minimax"}, "algorithm"),
    ({"action": "ai_move", "session": 1, "rolloutDepth": "deep"}, "rolloutDepth"),
    ({"action": "ai_move", "session": 1, "apply": 1}, "apply"),
    ({"action": "ai_move", "session": 1, "top": 0}, "top"),
    ({"action": "ai_move", "session": 1, "searchSeed": -1}, "searchSeed"),
    ({"action": "ai_move", "session": 1, "observer": 0}, "observer"),
    ({"action": "close_game", "session": 2}, "session"),
    ({"action": "close_game"}, "session"),
]


@pytest.mark.parametrize("message, field", BAD, ids=[f"{m['action']}-{f}" for m, f in BAD])
def test_every_bad_field_answers_one_error_naming_it_and_changes_nothing(message, field):
    before = {"id": "before", "action": "position", "session": 1}
    after = {**before, "id": "after"}
    answers = {a["id"]: a for a in run(NEW_TTT, before, {"id": "bad", **message}, after)}
    assert len(answers) == 4          # (an error found on reading may come before the answers queued earlier)
    error = answers["bad"]
    assert error["field"] == field and set(error) <= {"error", "field", "id", "candidates"}
    assert answers["after"]["position"] == answers["before"]["position"]
    assert answers["after"]["ply"] == answers["before"]["ply"]


def test_an_ambiguous_prefix_lists_the_candidates():
    [_, error] = run(NEW_TTT, {"id": 1, "action": "play", "session": 1, "move": "b"})
    assert error["candidates"] == ["b3", "b2", "b1"] and "b3, b2, b1" in error["error"]


def test_at_most_max_sessions_games_are_open(monkeypatch):
    monkeypatch.setattr(engine, "MAX_SESSIONS", 2)
    answers = run(NEW_TTT, NEW_TTT, NEW_TTT, {"id": "c", "action": "close_game", "session": 2}, NEW_TTT)
    assert [a.get("session") for a in answers] == [1, 2, None, 2, 3]
    assert answers[2]["field"] == "action" and "close_game" in answers[2]["error"]
