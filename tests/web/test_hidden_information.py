"""Hidden information stays hidden: whole 2-player games of each of the five games played through the HTTP
interface (the human seat driven by random legal moves, the other seat the random bot), and every payload the
browser received checked against the true state the server holds.

What is hidden is read from the server's own session at each step: the strings of the true position (card names,
tiles) in the parts where the full position and the human seat's view differ, less every string the seat's view
shows anyway. None of them may appear in a payload as a word. The detector is shown to work: on the same states,
the face-up picture would have given them away. And the move list must name each event exactly as the seat
perceived it (State.observed_action), checked by replaying the history independently of the server.
"""
from __future__ import annotations

import json
import random
import re

import pytest

import cavemind
from cavemind.botspec import parse_bot_spec

GAMES = ("stone_age", "honga", "jaeger_und_spaeher", "dino_jagd", "prehistory")
HUMAN = 0
MAX_REQUESTS = 3000
# Random moves make a game of Jäger und Späher last some 2,000 decisions a seat; the person there plays as the
# expert bot would (chosen from the seat's own view, among the legal moves the page was sent).
PERSON = {"jaeger_und_spaeher": "expert"}


def strings(value):
    """Every string in a JSON value, keys included (Honga keeps a hand of bonus cards as {name: count})."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def differing(full, view):
    """The parts of the full position where the seat's view differs from it."""
    if isinstance(full, dict) and isinstance(view, dict):
        for key, value in full.items():
            if key not in view:
                yield value
            else:
                yield from differing(value, view[key])
    elif isinstance(full, list) and isinstance(view, list) and len(full) == len(view):
        for a, b in zip(full, view):
            yield from differing(a, b)
    elif full != view:
        yield full


def card_counts(part, name_of):
    """The card ids of a hand kept as counts per card (Prehistory: a list with a count at each card's index)."""
    if isinstance(part, list) and part and all(isinstance(n, int) and not isinstance(n, bool) for n in part):
        return {name_of(index) for index, count in enumerate(part) if count > 0}
    if isinstance(part, list):
        return {name for item in part for name in card_counts(item, name_of)}
    return set()


def ceremony_label(name_of):
    def label(index):
        ident, _, rest = name_of(index).partition(":")
        return f"{ident} ({rest.rpartition('/')[2]})"
    return label


def hidden_strings(state, seat, known=frozenset()):
    """The strings of the true state that `seat` cannot see: in the parts where its view differs from the true
    position, nowhere in its view, and never in what it perceived of the game so far (`known`: a card type once
    drawn is no secret, only which cards are where)."""
    full, view = state.to_dict(), state.to_dict(observer=seat)
    parts = list(differing(full["state"], view["state"]))
    hidden = {s for part in parts for s in strings(part)}
    name_of = getattr(state.game.module, "_card_name", None)
    if name_of is not None:        # "c30:fishing-3/v2": the board writes "c30 (v2)" on the card
        hidden |= {ident for part in parts for ident in card_counts(part, ceremony_label(name_of))}
    return hidden - set(strings(view)) - known


def leaked(hidden, payload_text):
    """The hidden strings that appear in a payload as a whole word (or a run of whole words)."""
    return {s for s in hidden if re.search(r"(?<![A-Za-z0-9_-])" + re.escape(s) + r"(?![A-Za-z0-9_-])", payload_text)}


class Perception:
    """The game's events named as `seat` perceived them, replayed here from the raw start, independently of the
    server's log: the names and the words in them are what the seat knows from the course of the game."""

    def __init__(self, game, seat, start=None):
        self.state = game.new_initial_state() if start is None else start
        self.seat, self.names, self.words = seat, [], set()

    def follow(self, history):
        for action in history[len(self.names):]:
            name = self.state.action_to_string(self.state.observed_action(action, self.seat))
            self.names.append(name)
            self.words |= {name, *name.split()}
            self.state.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_no_payload_holds_a_hidden_part_of_the_true_state(client, store, name):
    rng = random.Random(GAMES.index(name))
    person = parse_bot_spec(PERSON[name]).make(seed=1) if name in PERSON else None
    answer = client.post("/api/games", json={"game": name, "players": 2, "seats": ["human", "random"],
                                             "dealSeed": 11})
    assert answer.status_code == 201, answer.text
    game_id = answer.json()["id"]
    session = store.get(game_id).session
    perceived = Perception(session.game, HUMAN)
    checked_hidden, would_have_leaked, requests = set(), set(), 0
    while True:
        view = answer.json()
        state = session.state
        perceived.follow(state.history())
        assert [e["name"] for e in view["log"]] == perceived.names
        hidden = hidden_strings(state, HUMAN, perceived.words)
        checked_hidden |= hidden
        assert leaked(hidden, answer.text) == set(), f"{name}, ply {session.ply}: hidden parts in a payload"
        if requests % 10 == 0:          # the detector would catch the unmasked position
            would_have_leaked |= leaked(hidden, state.to_svg() + json.dumps(state.to_dict()))
        if view["finished"]:
            break
        requests += 1
        assert requests < MAX_REQUESTS, f"{name}: no end after {MAX_REQUESTS} requests"
        if view["aiToMove"]:
            answer = client.post(f"/api/games/{game_id}/ai-move")
        else:
            assert view["viewer"] == HUMAN and view["legalMoves"]
            legal = [move["action"] for move in view["legalMoves"]]
            action = person.step(session.view(HUMAN)) if person is not None else rng.choice(legal)
            assert action in legal
            answer = client.post(f"/api/games/{game_id}/play", json={"move": action})
        assert answer.status_code == 200, answer.text
        if rng.random() < 0.1:          # the other payloads a seat may ask for along the way
            now = session.state
            perceived.follow(now.history())
            hidden = hidden_strings(now, HUMAN, perceived.words)
            for extra in (client.get(f"/api/games/{game_id}"), client.get(f"/api/games/{game_id}/position")):
                assert extra.status_code == 200
                assert leaked(hidden, extra.text) == set()
            for refused in (client.get(f"/api/games/{game_id}/record"),
                            client.post(f"/api/games/{game_id}/review", json={}),
                            client.get(f"/api/games/{game_id}/position-at?ply=0")):
                assert refused.status_code == 409 and set(refused.json()) == {"error", "field"}
    assert checked_hidden, f"{name}: nothing was ever hidden: the test checked nothing"
    assert would_have_leaked, f"{name}: the detector never fired on the unmasked position"
    print(name, requests, "requests;", len(checked_hidden), "hidden strings, e.g.", sorted(checked_hidden)[:8])
    assert json.loads(answer.text)["returns"]


def watched_ai_move(client, game_id):
    """A bot's move over the WebSocket, watched as it thinks: every message's text and the last one."""
    texts = []
    with client.websocket_connect(f"/api/games/{game_id}/analysis") as socket:
        socket.send_json({"action": "ai-move", "top": 8})
        while True:
            texts.append(socket.receive_text())
            doc = json.loads(texts[-1])
            if doc["type"] in ("played", "error"):
                return texts, doc


@pytest.mark.parametrize("start", ["new game", "uploaded view"])
@pytest.mark.parametrize("name", GAMES)
def test_watching_a_bot_think_shows_nothing_hidden(client, store, name, start):
    """The first decisions of a game against a searching bot, every bot move watched over the WebSocket: no
    message names a hidden part of the true state, from a new game and from a position uploaded from the human
    seat's view (whose unseen parts the server sampled: they are the true state there)."""
    rng = random.Random(GAMES.index(name))
    seats = ["human", "ismcts:seconds=0.3"]
    if start == "new game":
        answer = client.post("/api/games", json={"game": name, "players": 2, "seats": seats, "dealSeed": 4})
    else:
        state = cavemind.load_game(name, players=2).new_initial_state(seed=4)
        while len(state.history()) < 30 or state.current_player() != HUMAN:
            state.apply(state.sample_chance(rng.getrandbits(31)) if state.current_player() < 0
                        else rng.choice(state.legal_actions()))
        answer = client.post(f"/api/games/load?seats={','.join(seats)}&dealSeed=4",
                             content=json.dumps(state.to_dict(observer=HUMAN)))
    assert answer.status_code == 201, answer.text
    game_id = answer.json()["id"]
    session = store.get(game_id).session
    perceived = Perception(session.game, HUMAN, session.to_record().initial_state())
    payloads, watched, thoughts = [answer.text], 0, 0
    for _ in range(60):
        view = json.loads(payloads[-1])
        state = session.state
        perceived.follow(state.history())
        hidden = hidden_strings(state, HUMAN, perceived.words)
        assert all(leaked(hidden, text) == set() for text in payloads), f"{name}: hidden parts in a payload"
        if view["finished"] or watched == 4:
            break
        if view["aiToMove"]:
            payloads, last = watched_ai_move(client, game_id)
            assert last["type"] == "played", last
            thoughts += sum(json.loads(text)["type"] == "thinking" for text in payloads)
            payloads.append(json.dumps(last["view"]))       # the next screen, which came with "played"
            watched += 1
        else:
            answer = client.post(f"/api/games/{game_id}/play",
                                 json={"move": rng.choice(view["legalMoves"])["action"]})
            assert answer.status_code == 200, answer.text
            payloads = [answer.text]
    assert watched == 4 and thoughts, f"{name}: the bot moved {watched} times, thinking {thoughts} times"
