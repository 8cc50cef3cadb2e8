"""cavemind.GameSession: moves by id, name or unique prefix; the chance stream of the deal seed; undo; the AI's
move from its own view; the saved game and the game record round trips."""
import doctest
import json
import random

import pytest

import cavemind
from cavemind import CHANCE, AmbiguousMoveError, GameSession, IllegalActionError
from cavemind.records import parse_record
from cavemind.session import SessionError, chance_seed


def tictactoe(seats=None):
    return GameSession(cavemind.load_game("tictactoe"), seats)


def snapshot(session):
    """Everything a refused request must leave as it was."""
    return session.state.to_bytes(), session.state.history(), session.entries


def first_moves_to_a_dice_roll(session):
    """Plays the first legal move at every decision and the stream's outcome at every chance event, until a
    decision of seat 0 that a chance event follows at once; returns the ply of that decision."""
    while True:
        if session.to_move == CHANCE:
            session.play_chance()
            continue
        mover = session.to_move
        session.play(session.legal_moves()[0].action)
        if mover == 0 and session.to_move == CHANCE and session.ply > 10:
            return session.ply - 1


def test_the_module_example_runs():
    assert doctest.testmod(cavemind.session).failed == 0


def test_a_move_is_an_id_an_exact_name_or_a_unique_prefix_in_any_case():
    session = tictactoe()
    assert session.play("B2").name == "b2"                       # an exact name, in another case
    assert session.play(session.parse_move("  A3 ")).name == "a3"   # spaces around do not matter
    assert session.play(8).name == "c1"                          # an action id
    kuhn = GameSession(cavemind.load_game("kuhn_poker"), deal_seed=4)
    kuhn.play_chance(), kuhn.play_chance()
    assert kuhn.play("B").name == "bet" and kuhn.play("ca").name == "call"


def names_that_start_other_names(rng_seed=0, plies=300):
    """(session, short name, its longer legal names) at the first decision found, in a random game of any
    game, where a legal move's name is the start of other legal moves' names (Jäger und Späher: place h1,
    place h10, ...)."""
    rng = random.Random(rng_seed)
    for name in cavemind.game_names():
        session = GameSession(cavemind.load_game(name), deal_seed=rng_seed)
        for _ in range(plies):
            if session.is_over():
                break
            if session.to_move == CHANCE:
                session.play_chance()
                continue
            names = [move.name for move in session.legal_moves()]
            for short in names:
                longer = [n for n in names if n != short and n.lower().startswith(short.lower())]
                if longer:
                    return session, short, longer
            session.play(rng.choice(session.legal_moves()).action)
    raise AssertionError("no game has a move whose name starts another's")


def test_an_exact_name_wins_over_the_longer_names_it_starts():
    session, short, longer = names_that_start_other_names()
    chosen = session.parse_move(short.upper())
    assert session.state.action_to_string(chosen) == short
    with pytest.raises(AmbiguousMoveError) as refused:
        session.parse_move(short[:-1])
    assert {short, *longer} <= set(refused.value.candidates)


def test_an_ambiguous_prefix_lists_the_candidates_and_changes_nothing():
    session = tictactoe()
    before = snapshot(session)
    with pytest.raises(AmbiguousMoveError) as refused:
        session.play("b")
    assert sorted(refused.value.candidates) == ["b1", "b2", "b3"]
    assert "'b' could be 3 moves: b3, b2, b1" in str(refused.value)
    assert isinstance(refused.value, IllegalActionError) and snapshot(session) == before


@pytest.mark.parametrize("move, message", [
    ("z9", "'z9' is not a legal move here; legal: a3, b3"),
    ("", "an empty move"),
    (99, "action 99 is not legal here"),
    (True, "expected an action id"),
    (2.0, "expected an action id"),
])
def test_an_unknown_or_illegal_move_is_refused_by_name_and_changes_nothing(move, message):
    session = tictactoe()
    session.play("c3")
    before = snapshot(session)
    with pytest.raises(IllegalActionError, match=message.replace("(", r"\(")):
        session.play(move)
    with pytest.raises(IllegalActionError, match="action 2 is not legal here"):     # c3, taken
        session.play(2)
    assert snapshot(session) == before


def test_seats_must_fit_the_game():
    with pytest.raises(SessionError, match="seats= gives 3 seats for a 2-player game"):
        tictactoe(["human", "random", "random"])
    with pytest.raises(cavemind.CavemindError, match="unknown bot 'alphabeta'"):
        tictactoe(["human", "alphabeta"])
    assert tictactoe().humans == [0, 1] and tictactoe(["random", "human"]).humans == [1]


# Chance outcomes (ply, action id) that `cavemind play` drew before GameSession existed, playing the first legal
# move at every decision: a game saved then and resumed now draws the same dice.
DRAWN_BY_PLAY = {
    ("kuhn_poker", 4): [(0, 4), (1, 3)],
    ("stone_age", 7): [(0, 148), (1, 156), (2, 163), (3, 149), (4, 188), (5, 194), (22, 81), (24, 85), (26, 85),
                       (30, 85)],
    ("dino_jagd", 3): [(0, 1337), (1, 1381), (2, 1372), (3, 1386), (4, 1378), (5, 1309), (6, 1326), (7, 1354),
                       (8, 1304), (23, 1379)],
}


@pytest.mark.parametrize("name, deal_seed", DRAWN_BY_PLAY)
def test_the_chance_stream_is_the_one_play_has_always_drawn(name, deal_seed):
    session = GameSession(cavemind.load_game(name), deal_seed=deal_seed)
    drawn = []
    while len(drawn) < len(DRAWN_BY_PLAY[name, deal_seed]):
        if session.to_move == CHANCE:
            assert session.chance_outcome() == session.state.sample_chance(chance_seed(deal_seed, session.ply))
            drawn.append((session.ply, session.play_chance().action))
        else:
            session.play(session.legal_moves()[0].action)
    assert drawn == DRAWN_BY_PLAY[name, deal_seed]


def test_undo_goes_back_to_the_seats_last_decision_and_the_dice_repeat():
    session = GameSession(cavemind.load_game("stone_age"), ["human", "random"], deal_seed=1)
    decision = first_moves_to_a_dice_roll(session)
    move = session.entries[decision]
    session.play_chance()
    dice = session.entries[decision + 1:]
    while session.to_move != 0:                       # the other seat's moves and more chance, up to seat 0
        session.ai_move() if session.to_move == 1 else session.play_chance()
    before_undo, at_decision = session.ply, session.to_record().state_at(decision)
    taken = session.undo(0)
    assert [e.action for e in taken[:1 + len(dice)]] == [move.action] + [d.action for d in dice]
    assert len(taken) == before_undo - decision and session.ply == decision and session.to_move == 0
    assert session.state == at_decision and session.entries == session.to_record().entries[:decision]
    session.play(move.action)                         # the same move again: the same dice, not a re-roll
    for die in dice:
        assert session.play_chance().action == die.action


def test_undo_without_a_decision_to_take_back_changes_nothing():
    session = GameSession(cavemind.load_game("kuhn_poker"), deal_seed=2)
    session.play_chance(), session.play_chance()
    before = snapshot(session)
    for seat in (0, 1, None):
        with pytest.raises(cavemind.EmptyHistoryError, match="no decision to take back"):
            session.undo(seat)
    with pytest.raises(cavemind.InvalidPlayerError, match="seats are 0 to 1"):
        session.undo(2)
    assert snapshot(session) == before
    session.play("pass"), session.play("bet")
    assert [e.name for e in session.undo()] == ["bet"] and [e.name for e in session.undo(0)] == ["pass"]


def test_the_ai_decides_from_its_own_view_alone():
    # Seat 0 holds the jack in both games; seat 1 the queen in one, the king in the other: one information set.
    views = []
    for theirs in ("Q", "K"):
        session = GameSession.from_record({"game": "kuhn_poker", "seats": ["ismcts", "random"], "deal_seed": 3,
                                           "moves": ["deal J", f"deal {theirs}"]})
        views.append(session.view(0).to_dict())
        # mcts would search the true state if it were given it: the same answer in both proves it was not
        for spec in ("mcts:iterations=300,seed=9", "ismcts:iterations=300,seed=9", None):
            entry = session.ai_move(spec)
            views.append((entry.action, entry.search))
            session.undo()
    assert views[:4] == views[4:]
    assert views[1][1]["iterations"] == 300          # it searched, and its evaluation is the record's


def test_the_ai_is_asked_only_for_a_decision_of_a_seat_it_can_play():
    session = GameSession(cavemind.load_game("kuhn_poker"), ["human", "random"])
    with pytest.raises(cavemind.SearchError, match="not a chance event"):
        session.ai_move("random")
    session.play_chance(), session.play_chance()
    with pytest.raises(SessionError, match="seat 0 is a human seat"):
        session.ai_move()
    assert session.ai_move(cavemind.RandomBot(seed=1)).mover == 0


def test_a_game_record_round_trips_with_its_times_and_evaluations():
    session = GameSession(cavemind.load_game("stone_age"), ["ismcts:iterations=20", "random"], deal_seed=5,
                          source="a test")
    for _ in range(60):
        session.play_chance() if session.to_move == CHANCE else session.ai_move()
    record = parse_record(session.to_record().text(), "r.jsonl")
    again = GameSession.from_record(record)
    assert again.state == session.state and again.entries == record.entries     # (seconds rounded in the file)
    assert again.to_record().text() == session.to_record().text()      # the header too: date, source, seed
    assert again.deal_seed == 5 and [str(s) for s in again.seats] == ["ismcts:iterations=20", "random"]
    assert any(e.search is not None for e in again.entries)
    # going on, the resumed game draws what the first would have
    while session.to_move != CHANCE:
        session.ai_move("random"), again.ai_move("random")
    assert again.play_chance() == session.play_chance()


def test_a_saved_game_round_trips_and_can_take_other_seats():
    session = GameSession(cavemind.load_game("kuhn_poker", players=3), ["human", "random", "heuristic"], deal_seed=8)
    for _ in range(5):
        session.play_chance() if session.to_move == CHANCE else session.ai_move("random")
    doc = json.loads(json.dumps(session.to_saved_game()))
    assert doc["deal_seed"] == 8 and "seed" not in doc and doc["players"] == 3 and not doc["finished"]
    again = GameSession.from_record(doc)
    assert again.state == session.state and again.moves == session.moves and again.deal_seed == 8
    assert cavemind.state_from_json(doc["position"]) == session.state
    other = GameSession.from_record(doc, seats=["random"] * 3, deal_seed=9)
    assert other.humans == [] and other.deal_seed == 9 and other.to_saved_game()["seats"] == ["random"] * 3


def test_a_game_saved_before_deal_seed_had_its_name_still_loads_with_its_seed():
    old = {"game": "kuhn_poker", "seats": ["human", "random"], "seed": 6, "moves": ["deal J", "deal K"]}
    session = GameSession.from_record(old)
    assert session.deal_seed == 6 and session.to_saved_game()["deal_seed"] == 6


@pytest.mark.parametrize("doc, message", [
    ({"game": "tictactoe", "seats": ["human", "human"], "moves": ["b2", "b2"]},
     r"moves\[1\]: 'b2' is not legal in the saved game"),
    ({"game": "tictactoe", "seats": ["human", "human"], "moves": "b2"}, "moves: expected a list of move strings"),
    ({"game": "tictactoe", "seats": ["human", "human"], "moves": [], "deal_seed": -1},
     "deal_seed: expected an integer >= 0"),
    ({"game": "tictactoe", "seats": ["human", "human"], "moves": [], "seed": -1}, "seed: expected an integer >= 0"),
    ({"game": "tictactoe", "seats": ["human", "human"], "moves": [], "seed": 1, "deal_seed": 1},
     "seed: the old name of deal_seed; give only deal_seed"),
    ({"game": "tictactoe", "moves": []}, "the saved game names no seats"),
    ({"game": "tictactoe"}, "not a saved game"),
])
def test_a_bad_saved_game_is_refused_by_field(doc, message):
    with pytest.raises(cavemind.InvalidRecordError, match=message):
        GameSession.from_record(doc)


def test_a_session_set_up_from_a_seats_view_replays_from_its_record_and_saved_game():
    """A game set up from a position (the record's `start`): the view's unseen parts sampled by the start's seed,
    the same again when the record or the saved game is read back; the view stays a view."""
    from cavemind.game_files import parse_game_file

    game = cavemind.load_game("kuhn_poker", players=3)
    state = game.new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply(state.sample_chance(7))
    state.apply("pass")
    start = {"position": state.to_dict(observer=1), "seed": 4}
    session = GameSession(game, ["random", "human", "random"], deal_seed=4, start=start)
    assert session.state.view_of == 1 and session.ply == 0
    assert session.state.to_dict(observer=1)["state"] == start["position"]["state"]
    while not session.is_over():
        if session.to_move == 1:
            session.play(session.legal_moves()[0].action)
        else:
            session.ai_move()
    record = session.to_record()
    assert record.header["start"] == start and record.state_at(0).view_of == 1
    assert parse_record(record.text()).state_at() == session.state
    assert parse_game_file(json.dumps(session.to_saved_game()), "saved").state_at() == session.state


@pytest.mark.parametrize("start, message", [
    ({"position": {"game": "kuhn_poker"}}, "start.position: position: missing field 'format'"),
    ({"position": {}, "seed": -1}, "start.seed"),
    ({"seed": 1}, "start: expected an object"),
    ("kuhn", "start: expected an object"),
])
def test_a_bad_start_is_refused_naming_its_field(start, message):
    with pytest.raises(cavemind.InvalidPositionError, match=message.replace("(", r"\(")):
        GameSession(cavemind.load_game("kuhn_poker"), start=start)


def test_a_start_of_another_game_is_refused():
    position = cavemind.load_game("tictactoe").new_initial_state().to_dict()
    with pytest.raises(cavemind.InvalidPositionError, match="start.position: position: it is a"):
        GameSession(cavemind.load_game("kuhn_poker"), start={"position": position, "seed": 0})
