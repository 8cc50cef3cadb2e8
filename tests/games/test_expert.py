"""The rule-based expert bots (cavemind.experts)."""
import json
import math
import random

import pytest

import cavemind
from cavemind.arena import play_game
from cavemind.botspec import parse_bot_spec
from cavemind.errors import InvalidOptionError, SearchError
from cavemind.experts import ExpertBot, expert_games


def _play_until(state, rng, predicate, limit=5000):
    """Random play (chance sampled) until a decision node satisfying predicate, or None."""
    for _ in range(limit):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
            continue
        if predicate(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def _game_against_random(name, seed, expert_seat):
    game = cavemind.load_game(name, players=2)
    state = game.new_initial_state(seed=seed)
    bot, rng = ExpertBot(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
            continue
        player = state.current_player()
        state.apply(bot.step(state) if player == expert_seat else rng.choice(state.legal_actions()))
    return state


def test_expert_spec_builds_an_expert_bot():
    bot = parse_bot_spec("expert:seed=3").make()
    assert isinstance(bot, ExpertBot)
    assert str(parse_bot_spec("expert")) == "expert"
    assert "stone_age" in expert_games()


def test_game_without_an_expert_is_a_clear_search_error():
    state = cavemind.load_game("tictactoe").new_initial_state()
    with pytest.raises(SearchError, match="no expert bot for the game 'tictactoe'.*stone_age"):
        ExpertBot().step(state)


def test_expert_refuses_a_chance_node():
    state = cavemind.load_game("stone_age").new_initial_state(seed=1)
    rng = random.Random(2)
    while not state.is_chance_node():
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(SearchError):
        ExpertBot().step(state)


def test_expert_plays_legal_moves_to_the_end_of_a_game():
    record = play_game({"game": "stone_age", "params": {"players": 3}, "specs": ["expert", "random", "expert"],
                        "bot_seeds": [1, 2, 3], "time_limit": None, "deal_seed": 11, "labels": ["e", "r", "e2"],
                        "table": 0, "deal": 0, "rotation": 0, "seats": [0, 1, 2]})
    assert record["forfeit"] is None
    assert record["length"] > 100


def test_expert_beats_random_play_clearly():
    wins = 0
    for deal in range(4):
        record = play_game({"game": "stone_age", "params": {"players": 2}, "specs": ["expert", "random"],
                            "bot_seeds": [0, deal], "time_limit": None, "deal_seed": deal, "labels": ["e", "r"],
                            "table": 0, "deal": deal, "rotation": 0, "seats": [0, 1]})
        assert record["forfeit"] is None
        wins += record["returns"][0]
        assert record["scores"][0] > record["scores"][1]
    assert wins == 4


def test_expert_buys_cards_and_buildings_and_keeps_people_fed():
    game = cavemind.load_game("stone_age", players=2)
    state = game.new_initial_state(seed=5)
    bot = ExpertBot()
    rng = random.Random(5)
    starved = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
            continue
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        if state.current_player() == 0 and state.action_to_string(action) == "starve":
            starved += 1
        state.apply(action)
    me = state.to_dict()["state"]["players"][0]
    assert me["buildings"] >= 3
    assert len(me["cards"]) >= 3
    assert starved == 0


def _hidden_card_position():
    """A 2-player position where player 1 holds a face-down card (the extra card, G05) and player 0 is to move."""
    game = cavemind.load_game("stone_age", players=2)
    for seed in range(400):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        found = _play_until(state, rng, lambda s: s.current_player() == 0
                            and s.to_dict(observer=0)["state"]["players"][1]["hidden_cards"] > 0)
        if found is not None:
            return found
    raise AssertionError("no position with a face-down card found")


def test_expert_decides_from_its_information_set_only():
    state = _hidden_card_position()
    bot = ExpertBot()
    # two worlds that differ only in what player 0 cannot see: the deck and player 1's face-down card
    worlds = [state.determinize(0, seed) for seed in range(12)]
    truths = {tuple(w.to_dict()["state"]["players"][1]["hidden_cards"]) for w in worlds}
    assert len(truths) > 1, "the determinizations should deal player 1 different face-down cards"
    choices = {bot.step(w) for w in worlds}
    assert choices == {bot.step(state)}
    # and along the rest of the round: each of player 0's decisions is the same in every world
    rng = random.Random(1)
    a, b = worlds[0], worlds[1]
    for _ in range(200):
        if a.is_terminal():
            break
        if a.is_chance_node():
            outcome = a.sample_chance(rng.getrandbits(63))
            if outcome not in [o for o, _ in b.chance_outcomes()]:
                break  # a card draw possible in one world only: the worlds part here
            a.apply(outcome)
            b.apply(outcome)
            continue
        if a.current_player() == 0:
            assert bot.step(a) == bot.step(b)
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)


# ------------------------------------------------------------------------- the Stone Age heuristic variants

def _lead(state, player, scale, variant=None):
    h = state.heuristic(variant)[player]
    return scale * math.log(h / (1.0 - h))


def _with_gold(state, player, extra):
    doc = state.to_dict()
    doc["state"]["players"][player]["gold"] += extra
    return cavemind.state_from_json(doc)


def _mid_game():
    game = cavemind.load_game("stone_age", players=2)
    state = game.new_initial_state(seed=9)
    bot, rng = ExpertBot(), random.Random(9)
    while state.is_chance_node() or state.to_dict()["state"]["round"] < 8 or state.current_player() != 0:
        state.apply(state.sample_chance(rng.getrandbits(63)) if state.is_chance_node() else bot.step(state))
    return game, state


def test_current_heuristic_values_resources_past_what_can_be_spent_at_one_point():
    game, state = _mid_game()
    base = _lead(state, 0, 25.0, variant=1)
    first = _lead(_with_gold(state, 0, 60), 0, 25.0, variant=1) - base
    second = _lead(_with_gold(state, 0, 120), 0, 25.0, variant=1) - base - first
    old_base = _lead(state, 0, 10.0, variant=0)  # (at its scale of 10 a lead past ~300 points rounds to 1.0)
    old_first = _lead(_with_gold(state, 0, 10), 0, 10.0, variant=0) - old_base
    old_second = _lead(_with_gold(state, 0, 20), 0, 10.0, variant=0) - old_base - old_first
    assert second == pytest.approx(60.0, abs=0.5)     # beyond what the rounds left can spend: 1 point each
    assert old_second == pytest.approx(old_first, rel=0.01) and old_second > 30.0  # the first heuristic: linear
    assert first > second


def test_heuristic_variant_is_checked_and_the_default_is_the_tables():
    _, state = _mid_game()
    assert state.heuristic() == state.heuristic(1) != state.heuristic(0)
    for bad in (2, -1, True, 1.0):
        with pytest.raises(InvalidOptionError, match="heuristic variant"):
            state.heuristic(bad)


# ----------------------------------------------------------------------------------- the Jäger und Späher expert

def _worlds_checked(game, seed, hidden_of, worlds, steps, stop_after=None):
    """Plays the expert (seat 0) against random play; at each of its decisions where `worlds` determinizations
    from its seat differ in what it cannot see (`hidden_of(world)`), asserts that it chooses the same in all of
    them as in the true state. Returns how many decisions were checked."""
    bot, rng = ExpertBot(), random.Random(seed)
    state = game.new_initial_state(seed=seed)
    checked = 0
    for _ in range(steps):
        if state.is_terminal() or (stop_after is not None and checked >= stop_after):
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
            continue
        player = state.current_player()
        if player == 0 and len(state.legal_actions()) > 1:
            views = [state.determinize(0, k) for k in range(worlds)]
            if len({hidden_of(w) for w in views}) > 1:
                assert {bot.step(w) for w in views} == {bot.step(state)}
                checked += 1
        state.apply(bot.step(state) if player == 0 else rng.choice(state.legal_actions()))
    return checked


def test_jaeger_und_spaeher_expert_is_registered():
    assert "jaeger_und_spaeher" in expert_games()


def _jus_game_against_random(seed, expert_seat):
    """A normal game of the expert against random play; returns the final state and the expert's sunsets
    as (characters in hand, hunger) before each."""
    game = cavemind.load_game("jaeger_und_spaeher")
    state = game.new_initial_state(seed=seed)
    bot, rng = ExpertBot(), random.Random(seed)
    sunsets = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
            continue
        if state.current_player() == expert_seat:
            action = bot.step(state)
            if state.action_to_string(action) == "sunset":
                me = state.to_dict()["state"]["players"][expert_seat]
                sunsets.append((sum(me["characters"].values()), me["hunger"]))
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    return state, sunsets


@pytest.mark.parametrize("seat", [0, 1])
def test_jaeger_und_spaeher_expert_beats_random_play_and_keeps_hunger_down(seat):
    state, sunsets = _jus_game_against_random(seat + 3, seat)
    assert state.returns()[seat] == 1.0
    assert state.scores()[seat] > state.scores()[1 - seat] + 5
    assert sunsets and all(hunger <= 3 for _, hunger in sunsets)  # hunger is kept down before scoring


def test_jaeger_und_spaeher_expert_takes_back_meat_when_hungry():
    game = cavemind.load_game("jaeger_und_spaeher")
    state = game.new_initial_state(seed=1)
    doc = state.to_dict()
    st = doc["state"]
    # player 0: hungry, a member on a hunting ground with meat, one on the tribe card, no characters left
    hunt = {"slot": 2, "card": "H2", "covered": [], "members": [1, 0], "locked": 0}
    st["locations"].append(hunt)
    me = st["players"][0]
    me.update(hunger=3, tribe_card=1, characters={})
    state = cavemind.state_from_json(doc)
    bot = ExpertBot()
    line = []
    while not state.is_chance_node() and state.current_player() == 0 and len(line) < 6:
        action = bot.step(state)
        line.append(state.action_to_string(action))
        state.apply(action)
    assert line[:3] == ["take back H2", "cover meat", "stop"]
    assert state.to_dict()["state"]["players"][0]["hunger"] == 2


def test_jaeger_und_spaeher_expert_decides_from_its_information_set_only():
    # worlds that differ in what player 0 cannot see: player 1's face-down objects and the object pile
    game = cavemind.load_game("jaeger_und_spaeher")
    hidden = lambda w: json.dumps(w.to_dict()["state"]["players"][1]["objects"], sort_keys=True)  # noqa: E731
    assert _worlds_checked(game, 4, hidden, worlds=4, steps=400) >= 5


# ------------------------------------------------------------------------------------------------ the Honga expert

@pytest.mark.parametrize("seat", [0, 1])
def test_honga_expert_beats_random_play(seat):
    assert "honga" in expert_games()
    state = _game_against_random("honga", seat + 7, seat)
    assert state.returns()[seat] == 1.0
    assert state.scores()[seat] >= 40 and state.scores()[seat] > state.scores()[1 - seat] + 15


def test_honga_expert_trades_when_a_card_is_affordable():
    game = cavemind.load_game("honga", players=2)
    state = game.new_initial_state(seed=2)
    rng = random.Random(2)
    bot = ExpertBot()
    # random play to player 0's action phase with a trade use on the disc
    found = _play_until(state, rng, lambda s: s.current_player() == 0 and "trade" in
                        s.to_dict()["state"]["turn_state"].get("uses", {}))
    assert found is not None
    doc = found.to_dict()
    me = doc["state"]["players"][0]
    me.update(fish=6, berry=6, mushroom=6)  # every face-up food-only card is affordable
    state = cavemind.state_from_json(doc)
    line = []
    while not state.is_chance_node() and state.current_player() == 0:
        action = bot.step(state)
        line.append(state.action_to_string(action))
        state.apply(action)
    assert any(name.startswith("trade") for name in line), line
    assert state.to_dict()["state"]["players"][0]["score"] > me["score"]


def test_honga_expert_decides_from_its_information_set_only():
    # worlds that differ in what player 0 cannot see: the bonus cards in player 1's hand and the pile
    game = cavemind.load_game("honga", players=2)
    hidden = lambda w: json.dumps(w.to_dict()["state"]["players"][1]["bonus"], sort_keys=True)  # noqa: E731
    assert _worlds_checked(game, 6, hidden, worlds=4, steps=3000, stop_after=6) >= 3


# ------------------------------------------------------------------------ the Dino Jagd and Prehistory experts

@pytest.mark.parametrize("name,seat", [("dino_jagd", 0), ("dino_jagd", 1), ("prehistory", 0), ("prehistory", 1)])
def test_expert_beats_random_play_in_dino_jagd_and_prehistory(name, seat):
    assert name in expert_games()
    state = _game_against_random(name, seat + 11, seat)
    assert state.returns()[seat] == 1.0
    assert state.scores()[seat] > state.scores()[1 - seat] + 10


def _hidden_hand(name, world, seat):
    st = world.to_dict()["state"]
    hand = st["players"][seat]["hand"] if name == "dino_jagd" else st["hand"][seat]
    return json.dumps(hand, sort_keys=True)


@pytest.mark.parametrize("name", ["dino_jagd", "prehistory"])
def test_dino_jagd_and_prehistory_experts_decide_from_their_information_set_only(name):
    # worlds that differ in what player 0 cannot see: player 1's secret cards (and the piles)
    game = cavemind.load_game(name, players=2)
    assert _worlds_checked(game, 8, lambda w: _hidden_hand(name, w, 1), worlds=3, steps=3000, stop_after=4) >= 2
