"""`cavemind engine`'s analyzeTurns (KataGo's field): a query over a game's moves answered once per listed turn,
each the answer a query with that many moves gets, with its turnNumber; a bad list is one error naming
analyzeTurns, and nothing of the query runs."""
import io
import json

import pytest
from test_cli_engine_schema import MESSAGE, check_answer

import cavemind
from cavemind import engine

GAME = {"game": "tictactoe", "moves": ["b2", "a1", "c3", "a3", "a2"], "limit": {"iterations": 150}}


def run(*messages):
    text = "".join(json.dumps(m) + "\n" for m in messages)
    out = io.StringIO()
    assert engine.Engine(io.StringIO(text), out).run() == 0
    return [check_answer(json.loads(line)) for line in out.getvalue().splitlines()]


def without_time(answer):
    """An answer without its timings (the rest is reproducible: one thread, a seed)."""
    return {**answer, "rootInfo": {k: v for k, v in answer["rootInfo"].items() if k != "seconds"}}


def test_each_turn_is_answered_as_a_query_of_that_many_moves_would_be():
    query = {"id": "whole", **GAME, "analyzeTurns": [4, 0, 2], "searchSeed": 3}
    assert MESSAGE.is_valid(query)
    answers = run(query)
    assert [a["turnNumber"] for a in answers] == [4, 0, 2]
    assert all(a["id"] == "whole" and not a["isDuringSearch"] for a in answers)
    for answer in answers:
        turn = answer.pop("turnNumber")
        [alone] = run({"id": "whole", **GAME, "moves": GAME["moves"][:turn], "searchSeed": 3})
        assert without_time(answer) == without_time(alone)
    assert [a["rootInfo"]["currentPlayer"] for a in answers] == [0, 0, 0]


def test_turns_count_the_moves_after_the_deal_seed_s_opening_and_the_game_may_end_after_them():
    query = {"id": 1, "game": "kuhn_poker", "dealSeed": 3, "moves": ["pass", "bet", "call"], "analyzeTurns": [1, 2],
             "limit": {"iterations": 100}}
    answers = run(query)
    assert [(a["turnNumber"], a["rootInfo"]["currentPlayer"]) for a in answers] == [(1, 1), (2, 0)]
    assert {m["move"] for m in answers[1]["moveInfos"]} == {"fold", "call"}


def test_reports_during_the_search_carry_the_turn_too():
    answers = run({"id": 2, **GAME, "limit": {"seconds": 0.3}, "analyzeTurns": [1], "reportDuringSearchEvery": 0.05})
    assert len(answers) >= 2 and all(a["turnNumber"] == 1 for a in answers)
    assert [a["isDuringSearch"] for a in answers][-1] is False


@pytest.mark.parametrize("turns, message", [
    ("1", 'analyzeTurns: expected a list of turns (numbers of moves played from the start), got "1"'),
    ([], "analyzeTurns: expected a list of turns (numbers of moves played from the start), got []"),
    ([0, -1], "analyzeTurns[1]: -1 is not a turn of these moves (an integer from 0 to 5, the number of moves played)"),
    ([6], "analyzeTurns[0]: 6 is not a turn of these moves (an integer from 0 to 5, the number of moves played)"),
    ([1.0], "analyzeTurns[0]: 1.0 is not a turn of these moves (an integer from 0 to 5, the number of moves played)"),
    ([True], "analyzeTurns[0]: true is not a turn of these moves (an integer from 0 to 5, the number of moves "
             "played)"),
    ([2, 3, 2], "analyzeTurns[2]: turn 2 is listed twice"),
])
def test_a_bad_list_is_one_error_naming_analyze_turns(turns, message):
    answers = run({"id": "bad", **GAME, "analyzeTurns": turns})
    assert answers == [{"error": message, "field": "analyzeTurns", "id": "bad"}]


def test_a_turn_with_nothing_to_analyse_stops_the_whole_query():
    won = ["a1", "b1", "a2", "b2", "a3"]
    [over] = run({"id": 1, "game": "tictactoe", "moves": won, "analyzeTurns": [1, 5]})
    assert over == {"error": "analyzeTurns[1]: nothing to analyse at turn 5: the game is over",
                    "field": "analyzeTurns", "id": 1}
    [chance] = run({"id": 2, "game": "kuhn_poker", "moves": ["deal J", "deal Q", "bet"], "analyzeTurns": [3, 1]})
    assert chance == {"error": "analyzeTurns[1]: nothing to analyse at turn 1: it is a chance event",
                      "field": "analyzeTurns", "id": 2}


def test_analyze_turns_needs_a_game_with_moves_and_a_bad_move_is_still_named_by_its_index():
    position = cavemind.load_game("tictactoe").new_initial_state().to_dict()
    [answer] = run({"id": 3, "position": position, "analyzeTurns": [0]})
    assert answer["field"] == "analyzeTurns" and "not a position" in answer["error"]
    [bad_move] = run({"id": 4, "game": "tictactoe", "moves": ["b2", "b2"], "analyzeTurns": [0]})
    assert bad_move["field"] == "moves[1]"
