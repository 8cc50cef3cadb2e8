"""Watching a bot think during its own move (the WebSocket's "ai-move"): its search streamed where the person's
view shows everything the bot's does, only "thinking" where the bot holds something hidden, and "stop" making it
play its choice so far (docs/web.md, "Watch the AI think")."""
from __future__ import annotations

import cavemind
from cavemind.session import GameSession
from cavemind.web.sessions import WebGame
from cavemind.web.views import thinking_shown


def receive_until_played(socket):
    """The messages up to and including "played" (or an error)."""
    messages = []
    while True:
        messages.append(socket.receive_json())
        if messages[-1]["type"] in ("played", "error"):
            return messages


def test_a_bot_without_secrets_is_watched_as_it_thinks_and_stop_makes_it_move(client, store):
    view = client.post("/api/games", json={"game": "tictactoe", "seats": ["human", "ismcts:seconds=20"]}).json()
    view = client.post(f"/api/games/{view['id']}/play", json={"move": "b2"}).json()
    assert view["aiToMove"]
    with client.websocket_connect(f"/api/games/{view['id']}/analysis") as socket:
        socket.send_json({"action": "ai-move", "top": 3})
        thinking = socket.receive_json()
        assert thinking["type"] == "thinking" and thinking["seat"] == 1 and not thinking["hidden"]
        assert 1 <= len(thinking["moveInfos"]) <= 3
        assert {"move", "visits", "value", "valueStderr", "pv"} <= set(thinking["moveInfos"][0])
        socket.send_json({"action": "ai-move"})                 # one search at a time
        assert socket.receive_json()["field"] == "action"
        socket.send_json({"action": "stop"})                   # "move now": far before its 20 seconds
        messages = receive_until_played(socket)
    played = messages[-1]
    assert played["type"] == "played" and played["seat"] == 1
    after = played["view"]
    assert after["ply"] == 2 and after["toMove"] == 0 and after["viewer"] == 0 and len(after["legalMoves"]) == 7
    assert store.get(view["id"]).session.entries[-1].seconds < 15


def test_a_bot_holding_a_hidden_card_is_only_said_to_think(client, store):
    view = client.post("/api/games", json={"game": "kuhn_poker", "seats": ["ismcts:seconds=0.6", "human"],
                                           "dealSeed": 3}).json()
    assert view["aiToMove"] and view["viewer"] == 1
    own_card = store.get(view["id"]).session.state.to_dict(observer=0)
    with client.websocket_connect(f"/api/games/{view['id']}/analysis") as socket:
        socket.send_json({"action": "ai-move"})
        messages = receive_until_played(socket)
    thinking = [m for m in messages if m["type"] == "thinking"]
    assert thinking and all(m["hidden"] and set(m) == {"type", "seat", "hidden", "seconds"} for m in thinking)
    assert messages[-1]["type"] == "played" and messages[-1]["view"]["viewer"] == 1
    assert own_card["state"] != store.get(view["id"]).session.state.to_dict(observer=1)["state"]


def test_ai_move_is_refused_when_a_person_is_to_move(client):
    view = client.post("/api/games", json={"game": "tictactoe", "seats": ["human", "random"]}).json()
    with client.websocket_connect(f"/api/games/{view['id']}/analysis") as socket:
        socket.send_json({"action": "ai-move"})
        answer = socket.receive_json()
        assert answer["type"] == "error" and answer["field"] == "action"
        socket.send_json({"action": "ai-move", "top": 0})
        assert socket.receive_json()["field"] == "top"
    assert client.get(f"/api/games/{view['id']}").json()["ply"] == 0


def web_game(name, seats, moves=0, **options):
    """A game of the web application, `moves` random-free steps in (the first legal move, chance by the seed)."""
    session = GameSession(cavemind.load_game(name, **options), seats, deal_seed=5)
    game = WebGame("test", session)
    game.play_chance()
    for _ in range(moves):
        game.play(session.legal_moves()[0].action)
        game.play_chance()
    return game


def test_thinking_is_shown_exactly_when_the_bot_sees_nothing_the_person_does_not():
    # Stone Age's opening: the decks are hidden from both seats alike; nobody holds a face-down card yet.
    assert thinking_shown(web_game("stone_age", ["human", "random"], players=2), 1, 0)
    # Kuhn poker: the bot's own card is hidden from the person.
    assert not thinking_shown(web_game("kuhn_poker", ["human", "random"]), 1, 0)
    # Jäger und Späher: a hand of cards from the start.
    assert not thinking_shown(web_game("jaeger_und_spaeher", ["human", "random"]), 1, 0)
    # Tic-tac-toe hides nothing; a game between bots shows nothing of a game that hides something.
    assert thinking_shown(web_game("tictactoe", ["human", "random"]), 1, 0)
    assert not thinking_shown(web_game("kuhn_poker", ["random", "random"]), 1, None)
