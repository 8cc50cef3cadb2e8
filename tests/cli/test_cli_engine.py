"""`cavemind engine`: a JSON-lines session with several queries, errors, a stop and a terminate."""
import json
import subprocess
import sys
import time

from test_cli_engine_schema import check_answer

KUHN_SEAT_1 = {"game": "kuhn_poker", "format": 1, "players": 2, "observer": 1,
               "state": {"cards": ["?", "Q"], "history": "b"}}


def engine():
    return subprocess.Popen([sys.executable, "-m", "cavemind.cli", "engine"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)


def send(process, message):
    process.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
    process.stdin.flush()


def answer(process):
    return check_answer(json.loads(process.stdout.readline()))


def test_a_session_with_queries_errors_stop_and_terminate():
    process = engine()
    send(process, {"id": "v", "action": "query_version"})
    version = answer(process)
    assert version["id"] == "v" and version["protocol"] == 1 and "tictactoe" in version["games"]

    send(process, {"id": 1, "game": "tictactoe", "moves": ["b2", "a1"], "limit": {"iterations": 500}, "top": 2})
    first = answer(process)
    assert first["id"] == 1 and first["isDuringSearch"] is False and len(first["moveInfos"]) == 2
    assert first["rootInfo"]["visits"] == 500 and first["rootInfo"]["currentPlayer"] == 0

    send(process, {"id": "k", "position": KUHN_SEAT_1, "limit": {"iterations": 300, "threads": 2},
                   "algorithm": "pimc", "searchSeed": 4})
    second = answer(process)
    assert second["id"] == "k" and {m["move"] for m in second["moveInfos"]} == {"fold", "call"}

    send(process, {"id": "m", "position": KUHN_SEAT_1, "algorithm": "mcts", "limit": {"iterations": 100}})
    assert "sees everything" in answer(process)["warnings"][0]

    # Bad input: an error naming the field, and the engine keeps running.
    send(process, {"id": 2, "game": "tictactoe", "moves": ["b2", "b2"]})
    assert answer(process) == {"error": "moves[1]: 'b2' is not a legal move here; legal: a3, b3, c3, a2, c2, a1, "
                                        "b1, c1", "field": "moves[1]", "id": 2}

    send(process, {"id": "long", "game": "kuhn_poker", "dealSeed": 1, "moves": ["bet"], "limit": {"seconds": 60}})
    time.sleep(0.5)
    started = time.monotonic()
    send(process, {"id": "s", "action": "stop", "stopId": "long"})
    replies = [answer(process), answer(process)]
    assert time.monotonic() - started < 10
    ack, stopped = sorted(replies, key=lambda r: "action" not in r)
    assert ack == {"id": "s", "action": "stop", "stopped": ["long"]}
    assert stopped["id"] == "long" and stopped["stopped"] and stopped["rootInfo"]["visits"] > 0

    send(process, {"id": "t", "action": "terminate"})
    assert answer(process) == {"id": "t", "action": "terminate"}
    assert process.wait(timeout=10) == 0
    assert process.stdout.read() == "" and process.stderr.read() == ""


def test_terminate_ends_a_running_search_with_its_final_record():
    process = engine()
    send(process, {"id": "slow", "game": "tictactoe", "limit": {"seconds": 60}})
    time.sleep(0.5)
    send(process, {"id": "bye", "action": "terminate"})
    record, ack = answer(process), answer(process)
    assert record["id"] == "slow" and record["isDuringSearch"] is False and record["stopped"]
    assert ack == {"id": "bye", "action": "terminate"}
    assert process.wait(timeout=10) == 0


def test_reports_during_the_search_then_the_final_record():
    process = engine()
    send(process, {"id": "r", "game": "tictactoe", "limit": {"seconds": 0.6}, "reportDuringSearchEvery": 0.1})
    records = [answer(process)]
    while records[-1]["isDuringSearch"]:
        records.append(answer(process))
    assert len(records) >= 3 and all(r["id"] == "r" for r in records)
    visits = [r["rootInfo"]["visits"] for r in records]
    assert visits == sorted(visits)
    send(process, {"id": "bad", "game": "tictactoe", "reportDuringSearchEvery": 0})
    error = answer(process)
    assert error["id"] == "bad" and error["field"] == "reportDuringSearchEvery"
    send(process, {"id": "bye", "action": "terminate"})
    assert answer(process)["action"] == "terminate" and process.wait(timeout=10) == 0


def test_end_of_input_finishes_the_queued_queries():
    lines = [{"id": i, "game": "tictactoe", "limit": {"iterations": 100}} for i in range(3)]
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "engine"], capture_output=True, text=True,
                            input="".join(json.dumps(line) + "\n" for line in lines), timeout=60)
    assert result.returncode == 0
    assert [check_answer(json.loads(line))["id"] for line in result.stdout.splitlines()] == [0, 1, 2]
