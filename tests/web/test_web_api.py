"""The JSON API of `cavemind serve` (cavemind.web.app), route by route, with bad input for each: a 4xx JSON answer
naming the field, and the game unchanged."""
from __future__ import annotations

import json
import time

import pytest

from cavemind.web.requests import MAX_BODY_BYTES


def new_tictactoe(client, seats=("human", "human"), seed=0):
    answer = client.post("/api/games", json={"game": "tictactoe", "seats": list(seats), "dealSeed": seed})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_index_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<script type=\"module\" src=\"/static/app.js\">" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_catalogue_lists_every_game_with_its_parameters(client):
    doc = client.get("/api/catalogue").json()
    names = [g["name"] for g in doc["games"]]
    assert {"stone_age", "honga", "jaeger_und_spaeher", "dino_jagd", "prehistory", "tictactoe"} <= set(names)
    stone_age = next(g for g in doc["games"] if g["name"] == "stone_age")
    assert stone_age["parameters"]["players"]["type"] == "int"
    assert "random" in doc["botPresets"]


def test_new_game_shows_the_human_seat_its_board_and_moves(client):
    view = new_tictactoe(client, ("human", "random"))
    assert view["viewer"] == 0 and view["toMove"] == 0 and not view["aiToMove"]
    assert view["board"].startswith("<svg") and len(view["legalMoves"]) == 9
    assert {"action", "name"} == set(view["legalMoves"][0])


@pytest.mark.parametrize("body, field", [
    ({"seats": ["human", "human"]}, "game"),
    ({"game": "chess"}, "game"),
    ({"game": "tictactoe", "players": "two"}, "players"),
    ({"game": "tictactoe", "players": 5}, "players"),
    ({"game": "tictactoe", "options": []}, "options"),
    ({"game": "stone_age", "players": 2, "options": {"players": 3}}, "players"),
    ({"game": "stone_age", "options": {"igloos": "maybe"}}, "options"),
    ({"game": "stone_age", "options": {"no_such_option": 1}}, "options"),
    ({"game": "tictactoe", "seats": "human"}, "seats"),
    ({"game": "tictactoe", "seats": ["human"]}, "seats"),
    ({"game": "tictactoe", "seats": ["human", "alphazero"]}, "seats[1]"),
    ({"game": "tictactoe", "seats": ["human", "ismcts:seconds=3600"]}, "seats[1]"),
    ({"game": "tictactoe", "seats": ["human", "ismcts:threads=4096"]}, "seats[1]"),
    ({"game": "tictactoe", "seats": ["human", "expert"]}, "seats[1]"),
    ({"game": "tictactoe", "dealSeed": -1}, "dealSeed"),
    ({"game": "tictactoe", "colour": "red"}, "colour"),
])
def test_a_bad_new_game_names_its_field(client, store, body, field):
    answer = client.post("/api/games", json=body)
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.json()["field"] == field and answer.json()["error"]
    assert len(store) == 0


@pytest.mark.parametrize("body", ["not json", "[1, 2]", "[" * 100 + "]" * 100, "\"text\""])
def test_a_body_that_is_no_json_object_is_refused(client, body):
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["field"] == "body"


def test_play_by_name_and_by_id(client):
    game = new_tictactoe(client, ("human", "random"))["id"]
    view = client.post(f"/api/games/{game}/play", json={"move": "b2"}).json()
    assert view["log"][-1] == {"ply": 0, "mover": 0, "name": "b2", "words": "b2"}
    view = client.post(f"/api/games/{game}/ai-move").json()
    free = [m for m in view["legalMoves"]]
    view = client.post(f"/api/games/{game}/play", json={"move": free[0]["action"]}).json()
    assert view["log"][-1]["name"] == free[0]["name"]
    view = client.post(f"/api/games/{game}/ai-move").json()
    name = view["legalMoves"][0]["name"]                       # "a1": the prefix "a" may be ambiguous, "a1 " not
    view = client.post(f"/api/games/{game}/play", json={"move": name.upper() + " "}).json()
    assert view["log"][4]["name"] == name


def test_the_log_says_in_words_what_a_code_names(client):
    """A chance outcome named by a code (Honga's discs, trade cards) comes with its words: what the log and the
    chance pictures show a person; its name stays the notation."""
    answer = client.post("/api/games", json={"game": "honga", "players": 3, "seats": ["human", "random", "random"],
                                             "dealSeed": 3})
    view = answer.json()
    discs = [event for event in view["log"] if event["name"].startswith("disc G")]
    assert discs and all(event["words"].startswith(event["name"] + ": a grey ") for event in discs)
    assert any(event["words"] == "disc G27[1120]: a grey 1-1-2-0 disc" for event in discs)


@pytest.mark.parametrize("body, status, field", [
    ({}, 400, "move"),
    ({"move": "z9"}, 400, "move"),
    ({"move": "a"}, 400, "move"),                # a prefix of a1, a2 and a3
    ({"move": 99}, 400, "move"),
    ({"move": True}, 400, "move"),
    ({"move": ["b2"]}, 400, "move"),
    ({"move": "b2", "seat": 1}, 409, "seat"),
    ({"move": "b2", "seat": 7}, 400, "seat"),
    ({"move": "b2", "extra": 1}, 400, "extra"),
])
def test_a_bad_move_names_its_field_and_changes_nothing(client, body, status, field):
    game = new_tictactoe(client)["id"]
    before = client.get(f"/api/games/{game}").json()
    answer = client.post(f"/api/games/{game}/play", json=body)
    assert answer.status_code == status and answer.json()["field"] == field, answer.text
    assert client.get(f"/api/games/{game}").json() == before


def test_an_unknown_game_is_404(client):
    for method, path in (("GET", "/api/games/nope"), ("POST", "/api/games/nope/play"),
                         ("POST", "/api/games/nope/undo"), ("GET", "/api/games/nope/record"),
                         ("DELETE", "/api/games/nope")):
        answer = client.request(method, path, json={"move": "b2"} if path.endswith("play") else None)
        assert answer.status_code == 404 and answer.json()["field"] == "game", (method, path)


def test_unknown_addresses_and_methods_get_json_errors(client):
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/nothing").json()["error"]
    answer = client.put("/api/games")
    assert answer.status_code == 405 and "PUT" in answer.json()["error"]


def test_the_bot_moves_only_when_asked_and_only_for_its_seat(client):
    view = new_tictactoe(client, ("human", "random"))
    game = view["id"]
    answer = client.post(f"/api/games/{game}/ai-move")
    assert answer.status_code == 409 and "human seat" in answer.json()["error"]
    view = client.post(f"/api/games/{game}/play", json={"move": "b2"}).json()
    assert view["aiToMove"] and view["legalMoves"] == [] and view["viewer"] == 0
    answer = client.post(f"/api/games/{game}/play", json={"move": "a1"})
    assert answer.status_code == 409 and "bot" in answer.json()["error"]
    view = client.post(f"/api/games/{game}/ai-move").json()
    assert view["toMove"] == 0 and len(view["log"]) == 2 and len(view["legalMoves"]) == 7


def test_undo_takes_back_the_humans_last_decision_and_the_bots_answer(client):
    game = new_tictactoe(client, ("human", "random"))["id"]
    client.post(f"/api/games/{game}/play", json={"move": "b2"})
    client.post(f"/api/games/{game}/ai-move")
    view = client.post(f"/api/games/{game}/undo").json()
    assert view["log"] == [] and view["toMove"] == 0
    answer = client.post(f"/api/games/{game}/undo")
    assert answer.status_code == 409 and "no decision" in answer.json()["error"]


def test_hot_seat_passes_the_device_between_two_humans(client):
    game = new_tictactoe(client, ("human", "human"))["id"]
    answer = client.post(f"/api/games/{game}/play", json={"move": "b2", "seat": 0}).json()
    assert answer["passTo"] == 1 and "board" not in answer and "legalMoves" not in answer
    view = client.get(f"/api/games/{game}?seat=1").json()
    assert view["viewer"] == 1 and len(view["legalMoves"]) == 8


def test_a_bot_seats_view_is_never_shown(client):
    game = new_tictactoe(client, ("human", "random"))["id"]
    answer = client.get(f"/api/games/{game}?seat=1")
    assert answer.status_code == 403 and answer.json()["field"] == "seat"
    assert client.get(f"/api/games/{game}?seat=x").json()["field"] == "seat"
    assert client.get(f"/api/games/{game}/position?seat=1").status_code == 403


def test_record_of_a_game_without_hidden_parts_and_loading_it_back(client):
    game = new_tictactoe(client, ("human", "human"), seed=3)["id"]
    for move in ("b2", "a1", "c3"):
        client.post(f"/api/games/{game}/play", json={"move": move})
    answer = client.get(f"/api/games/{game}/record")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    saved = answer.json()
    assert saved["moves"] == ["b2", "a1", "c3"] and saved["deal_seed"] == 3
    loaded = client.post("/api/games/load", content=json.dumps(saved))
    assert loaded.status_code == 201, loaded.text
    view = loaded.json()
    assert view["id"] != game and [e["name"] for e in view["log"]] == ["b2", "a1", "c3"] and view["toMove"] == 1
    assert client.post("/api/games/load?seats=human,random", content=json.dumps(saved)).json()["seats"] == \
        ["human", "random"]


def test_the_record_of_a_game_in_progress_with_hidden_cards_is_refused(client):
    view = client.post("/api/games", json={"game": "kuhn_poker", "seats": ["human", "random"]}).json()
    answer = client.get(f"/api/games/{view['id']}/record")
    assert answer.status_code == 409 and "hidden" in answer.json()["error"]
    position = client.get(f"/api/games/{view['id']}/position").json()
    assert position["observer"] == 0


@pytest.mark.parametrize("body, query, field", [
    ("not a file", "", "body"),
    (json.dumps({"game": "tictactoe", "moves": ["b2", "b2"], "seats": ["human", "human"]}), "", "body"),
    (json.dumps({"game": "tictactoe", "format": 2, "players": 2, "to_move": 0, "phase": "play",
                 "finished": False, "state": {}}), "", "body"),
    (json.dumps({"game": "tictactoe", "moves": ["b2"], "seats": ["human", "human"]}), "?seats=human", "seats"),
    (json.dumps({"game": "tictactoe", "moves": ["b2"], "seats": ["human", "human"]}), "?seats=human,gnubg",
     "seats[1]"),
])
def test_a_bad_upload_is_refused_and_opens_no_game(client, store, body, query, field):
    answer = client.post(f"/api/games/load{query}", content=body)
    assert 400 <= answer.status_code < 500 and answer.json()["field"] == field, answer.text
    assert len(store) == 0


def test_an_upload_past_the_size_limit_is_refused_unread(client, store):
    answer = client.post("/api/games/load", content=b" " * (MAX_BODY_BYTES + 1))
    assert answer.status_code == 413 and answer.json()["field"] == "body"
    assert len(store) == 0


def test_review_of_a_finished_game_and_its_positions(client):
    game = new_tictactoe(client, ("human", "human"))["id"]
    for move in ("b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"):
        client.post(f"/api/games/{game}/play", json={"move": move})
    assert client.get(f"/api/games/{game}").json()["finished"]
    answer = client.post(f"/api/games/{game}/review", json={"iterations": 50})
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc["graph"].startswith("<svg") and doc["review"]["moves"]
    assert {"entry", "played", "best", "flag", "best_line"} <= set(doc["review"]["moves"][0])
    position = client.get(f"/api/games/{game}/position-at?ply=1").json()
    assert position["ply"] == 1 and position["board"].startswith("<svg")
    assert client.get(f"/api/games/{game}/position-at?ply=99").json()["field"] == "ply"
    assert client.get(f"/api/games/{game}/position-at").json()["field"] == "ply"
    assert client.post(f"/api/games/{game}/review", json={"iterations": 10**9}).json()["field"] == "iterations"


def test_review_and_earlier_positions_wait_for_the_end_of_a_game_with_hidden_cards(client):
    view = client.post("/api/games", json={"game": "kuhn_poker", "seats": ["human", "random"]}).json()
    assert client.post(f"/api/games/{view['id']}/review", json={}).status_code == 409
    assert client.get(f"/api/games/{view['id']}/position-at?ply=0").status_code == 409


def test_games_are_isolated_and_bounded(client, store):
    first = new_tictactoe(client)["id"]
    second = new_tictactoe(client)["id"]
    client.post(f"/api/games/{first}/play", json={"move": "b2"})
    assert client.get(f"/api/games/{second}").json()["log"] == []
    for _ in range(store.limit):
        new_tictactoe(client)
    assert len(store) == store.limit
    assert client.get(f"/api/games/{first}").status_code == 404      # the least recently used was dropped


def test_close_a_game(client, store):
    game = new_tictactoe(client)["id"]
    assert client.delete(f"/api/games/{game}").json() == {"closed": True}
    assert len(store) == 0


def test_live_analysis_streams_reports_and_stops(client):
    view = client.post("/api/games", json={"game": "stone_age", "players": 2, "seats": ["human", "random"]}).json()
    with client.websocket_connect(f"/api/games/{view['id']}/analysis") as socket:
        socket.send_json({"action": "dance"})
        assert socket.receive_json()["field"] == "action"
        socket.send_json({"action": "start", "seconds": 0, "top": 3})
        assert socket.receive_json()["field"] == "seconds"
        socket.send_json({"action": "start", "seconds": 20, "top": 3})
        report = socket.receive_json()
        assert report["type"] == "report" and len(report["moveInfos"]) <= 3
        assert {"move", "visits", "value", "valueStderr", "pv"} <= set(report["moveInfos"][0])
        socket.send_json({"action": "stop"})
        while (doc := socket.receive_json())["type"] == "report":
            pass
        assert doc["type"] == "final" and doc["stopped"] and doc["rootInfo"]["seconds"] < 10


def test_analysis_of_an_unknown_game_or_a_bots_turn_is_refused(client):
    with client.websocket_connect("/api/games/nope/analysis") as socket:
        assert socket.receive_json()["field"] == "game"
    game = new_tictactoe(client, ("human", "random"))["id"]
    client.post(f"/api/games/{game}/play", json={"move": "b2"})
    with client.websocket_connect(f"/api/games/{game}/analysis") as socket:
        socket.send_json({"action": "start", "seconds": 1})
        answer = socket.receive_json()
        assert answer["type"] == "error" and answer["field"] == "action"


def test_a_bug_still_gets_a_json_answer(store, monkeypatch):
    from starlette.testclient import TestClient

    import cavemind.web.app as web_app
    import cavemind.web.views as web_views

    def broken(game, seat):
        raise RuntimeError("drawing failed")
    monkeypatch.setattr(web_views, "seat_view", broken)
    with TestClient(web_app.create_app(store), raise_server_exceptions=False) as client:
        answer = client.post("/api/games", json={"game": "tictactoe"})
    assert answer.status_code == 500 and "drawing failed" in answer.json()["error"]


def test_analyses_at_once_are_bounded_and_a_closed_socket_frees_its_place(client, monkeypatch):
    import cavemind.web.analysis as live

    monkeypatch.setattr(live, "_running", live.threading.BoundedSemaphore(1))
    view = client.post("/api/games", json={"game": "stone_age", "players": 2, "seats": ["human", "random"]}).json()
    path = f"/api/games/{view['id']}/analysis"
    with client.websocket_connect(path) as first:
        first.send_json({"action": "start", "seconds": 30})
        assert first.receive_json()["type"] == "report"
        with client.websocket_connect(path) as second:
            second.send_json({"action": "start", "seconds": 30})
            refused = second.receive_json()
            assert refused["type"] == "error" and "analyses are running" in refused["error"]
    with client.websocket_connect(path) as third:       # the first page closed: its search ends soon after
        for _ in range(50):
            third.send_json({"action": "start", "seconds": 0.2})
            if (doc := third.receive_json())["type"] != "error":
                break
            time.sleep(0.1)
        while doc["type"] == "report":
            doc = third.receive_json()
        assert doc["type"] == "final"


def test_an_analysis_frees_the_place_it_took_even_when_the_servers_places_are_replaced(client, monkeypatch):
    """A search gives back the place it took, not whatever the module holds when it ends (a test's monkeypatch
    undone under a running search made the server's semaphore be released too many times)."""
    import cavemind.web.analysis as live

    taken, later = live.threading.BoundedSemaphore(1), live.threading.BoundedSemaphore(1)
    later.acquire()
    monkeypatch.setattr(live, "_running", taken)
    view = client.post("/api/games", json={"game": "stone_age", "players": 2, "seats": ["human", "random"]}).json()
    with client.websocket_connect(f"/api/games/{view['id']}/analysis") as socket:
        socket.send_json({"action": "start", "seconds": 0.3})
        assert socket.receive_json()["type"] == "report"
        monkeypatch.setattr(live, "_running", later)
        while (doc := socket.receive_json())["type"] == "report":
            pass
        assert doc["type"] == "final"
    for _ in range(100):
        if taken.acquire(blocking=False):
            break
        time.sleep(0.01)
    else:
        raise AssertionError("the search did not give its place back")
    assert not later.acquire(blocking=False)


def test_hot_seat_passes_the_device_after_a_bots_move_between_two_people(client):
    view = client.post("/api/games", json={"game": "kuhn_poker", "players": 3,
                                           "seats": ["human", "random", "human"]}).json()
    game = view["id"]
    assert view["viewer"] == 0 and view["toMove"] == 0
    view = client.post(f"/api/games/{game}/play", json={"move": view["legalMoves"][0]["action"]}).json()
    assert view["aiToMove"] and view["viewer"] == 0 and "passTo" not in view       # the bot's turn: same screen
    view = client.post(f"/api/games/{game}/ai-move").json()
    assert view["passTo"] == 2 and "board" not in view and "log" not in view     # seat 2 is next: hand over
    view = client.get(f"/api/games/{game}?seat=2").json()
    assert view["viewer"] == 2 and view["legalMoves"]
    view = client.post(f"/api/games/{game}/undo").json()      # seat 0's decision taken back: hand back to seat 0
    assert view["passTo"] == 0 and "board" not in view
