"""The Python API: loading games, options, actions by name, positions and their errors."""
import json

import pytest

import cavemind


def test_registry_lists_every_game_with_parameters():
    assert {"tictactoe", "kuhn_poker"} <= set(cavemind.game_names())
    for name in cavemind.game_names():
        assert "players" in cavemind.parameters_of(name)


def test_unknown_game_and_options_get_specific_errors():
    with pytest.raises(cavemind.UnknownGameError, match="nonsense"):
        cavemind.load_game("nonsense")
    with pytest.raises(cavemind.InvalidOptionError, match="colour"):
        cavemind.load_game("kuhn_poker", colour="red")
    with pytest.raises(cavemind.InvalidOptionError, match="players"):
        cavemind.load_game("kuhn_poker", players=5)
    with pytest.raises(cavemind.InvalidOptionError, match="players"):
        cavemind.load_game("kuhn_poker", players="many")


def test_options_given_as_strings_are_parsed():
    assert cavemind.load_game("kuhn_poker", players="3").num_players == 3


def test_actions_by_name_and_illegal_ones():
    state = cavemind.load_game("tictactoe").new_initial_state()
    state.apply("b2")
    assert state.legal_action_strings()[0] == "a3"
    before = state.clone()
    with pytest.raises(cavemind.IllegalActionError, match="b2"):
        state.apply("b2")
    with pytest.raises(cavemind.IllegalActionError):
        state.apply(4)
    with pytest.raises(cavemind.IllegalActionError):
        state.apply(True)
    assert state == before


def test_chance_nodes_can_be_fed_the_real_outcome():
    state = cavemind.load_game("kuhn_poker").new_initial_state()
    assert state.is_chance_node()
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    state.apply("deal K")
    state.apply("deal J")
    assert state.current_player() == 0
    assert state.to_dict()["state"]["cards"] == ["K", "J"]


def test_returns_before_the_end_and_bad_players_raise():
    state = cavemind.load_game("kuhn_poker").new_initial_state(seed=1)
    with pytest.raises(cavemind.GameNotOverError):
        state.returns()
    with pytest.raises(cavemind.InvalidPlayerError):
        state.determinize(2)
    with pytest.raises(cavemind.InvalidPlayerError):
        state.infoset_hash(-1)


def test_kuhn_returns_reflect_chips():
    game = cavemind.load_game("kuhn_poker")
    state = game.state_from_dict({"cards": ["K", "J"], "history": "bb"})
    assert state.is_terminal()
    assert state.scores() == [2.0, -2.0]
    assert state.returns() == [1.0, 0.0]


def test_seat_view_hides_other_cards():
    state = cavemind.load_game("kuhn_poker", players=3).new_initial_state(seed=4)
    doc = state.to_dict(observer=1)
    assert doc["observer"] == 1
    assert doc["state"]["cards"][0] == "?" and doc["state"]["cards"][2] == "?"
    assert doc["state"]["cards"][1] in "JQKA"


@pytest.mark.parametrize("doc, field", [
    ("{not json", "JSON"),
    ("[]", "object"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2}', "state"),
    ('{"game": "kuhn_poker", "format": 9, "players": 2, "state": {}}', "format"),
    ('{"game": "chess", "format": 1, "players": 2, "state": {}}', "chess"),
    ('{"game": ["x"], "format": 1, "players": 2, "state": {}}', "game"),
    ('{"game": "kuhn_poker", "format": 1, "players": 4, "state": {}}', "players"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K"]}}', "cards"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K", "K"]}}', "twice"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K", "Z"]}}', "Z"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K", "Q"], "history": "bbb"}}', "over"),
    ('{"game": "kuhn_poker", "format": 1, "players": 2, "observer": 7, "state": {"cards": ["K", "Q"]}}', "observer"),
    ('{"game": "tictactoe", "format": 1, "players": 2, "state": {"board": ["XXX", "OO.", "O.."]}}', "winner"),
    ('{"game": "kuhn_poker", "format": true, "players": 2, "state": {}}', "format"),
    ('{"game": "kuhn_poker", "format": 2, "players": 2, "phase": "deal", "finished": false, "state": {}}', "to_move"),
])
def test_malformed_positions_name_the_problem(doc, field):
    with pytest.raises(cavemind.InvalidPositionError, match=field):
        cavemind.state_from_json(doc)


def test_a_position_starts_with_the_header_every_game_shares():
    # src/games/README.md, "Positions": to_move, phase and finished, in the same shape in every game
    state = cavemind.load_game("kuhn_poker").new_initial_state()
    header = {k: v for k, v in state.to_dict().items() if k != "state"}
    assert header == {"game": "kuhn_poker", "format": 2, "players": 2, "options": {},
                      "to_move": "chance", "phase": "deal", "finished": False}
    for name in ("deal K", "deal Q", "pass", "pass"):
        state.apply(state.string_to_action(name))
    doc = state.to_dict()
    assert (doc["to_move"], doc["phase"], doc["finished"]) == (None, "showdown", True)
    assert state.phase() == "showdown"


@pytest.mark.parametrize("field, wrong", [("to_move", 1), ("to_move", "chance"), ("to_move", False),
                                          ("phase", "deal"), ("finished", True), ("finished", 0)])
def test_a_header_that_disagrees_with_its_state_is_refused(field, wrong):
    state = cavemind.load_game("kuhn_poker").new_initial_state(seed=3)       # player 0 to bet
    doc = state.to_dict()
    doc[field] = wrong
    with pytest.raises(cavemind.InvalidPositionError, match=f"^{field}: the position says"):
        cavemind.state_from_json(doc)


def test_format_1_positions_are_still_read():
    doc = {"game": "tictactoe", "format": 1, "players": 2, "options": {},
           "state": {"board": ["X..", ".O.", "..."], "to_move": 0}}
    state = cavemind.state_from_json(doc)
    assert state.to_dict()["format"] == 2
    assert state.to_dict()["state"] == doc["state"]
    assert state.to_dict()["to_move"] == 0


def test_position_from_a_seat_samples_the_hidden_cards():
    game = cavemind.load_game("kuhn_poker")
    doc = {"game": "kuhn_poker", "format": 1, "players": 2, "observer": 0,
           "state": {"cards": ["Q", "?"], "history": "p"}}
    hands = {cavemind.state_from_json(json.dumps(doc), seed=s).unmasked().to_dict()["state"]["cards"][1]
             for s in range(20)}
    assert hands == {"J", "K"}
    assert game.state_from_json(doc).current_player() == 1


def test_game_repr_and_state_repr():
    game = cavemind.load_game("kuhn_poker", players=3)
    assert repr(game) == "load_game('kuhn_poker', players=3)"
    assert "chance" in repr(game.new_initial_state())


def test_any_integer_is_a_valid_seed():
    game = cavemind.load_game("kuhn_poker")
    for seed in (-5, 0, 2**70):
        state = game.new_initial_state(seed=seed)
        assert state.current_player() == 0
        state.determinize(0, seed=seed)
        cavemind.analyse(state, cavemind.Limit(iterations=10), seed=seed)


# ---------------------------------------------------------------- pickling and copying (multiprocessing, notebooks)

def _played(name, moves, seed=3, **params):
    """A state of `name` after `moves` seeded random actions (chance outcomes included), with its history."""
    import random

    state = cavemind.load_game(name, **params).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()) if not state.is_chance_node()
                    else state.sample_chance(rng.getrandbits(32)))
    return state


@pytest.mark.parametrize("name", cavemind.game_names())
def test_state_pickles_and_deep_copies_with_its_history(name):
    import copy
    import pickle

    state = _played(name, 12)
    assert state.history()
    for restored in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert type(restored) is cavemind.State
        assert restored == state and restored is not state
        assert restored.game == state.game
        assert restored.history() == state.history()
        assert restored.to_json() == state.to_json()
        # the undo steps came along: popping walks back through the same states
        walk = state.clone()
        while walk.history():
            assert restored.pop() == walk.pop()
            assert restored == walk
    # a copy is independent of the original
    other = copy.deepcopy(state)
    if not other.is_terminal():
        other.apply(other.legal_actions()[0] if not other.is_chance_node() else other.sample_chance(1))
        assert other != state and len(other.history()) == len(state.history()) + 1


def test_game_pickles_by_name_and_parameters():
    import copy
    import pickle

    game = cavemind.load_game("stone_age", players=3)
    restored = pickle.loads(pickle.dumps(game))
    assert restored == game and restored.params == game.params and restored.num_players == 3
    assert restored.new_initial_state(seed=5) == game.new_initial_state(seed=5)
    assert copy.deepcopy(game) is game and copy.copy(game) is game   # a Game never changes


def test_analysis_info_limit_and_moves_pickle():
    import copy
    import pickle

    state = cavemind.load_game("tictactoe").new_initial_state()
    limit = cavemind.Limit(iterations=300, threads=1)
    info = cavemind.analyse(state, limit, algorithm="mcts", seed=4)
    assert pickle.loads(pickle.dumps(limit)) == limit == copy.deepcopy(limit)
    for restored in (pickle.loads(pickle.dumps(info)), copy.deepcopy(info)):
        assert restored == info
        assert restored.best == info.best and restored.best.pv_names == info.best.pv_names
        assert [m.name for m in restored.moves] == [m.name for m in info.moves]


def _legal_count_and_history(state):
    return len(state.legal_actions()), state.history(), state.to_bytes()


def test_states_cross_a_spawn_process_pool():
    import multiprocessing

    states = [_played("kuhn_poker", 2, seed=1), _played("honga", 15, seed=2)]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        results = pool.map(_legal_count_and_history, states)
    assert results == [_legal_count_and_history(s) for s in states]


def test_every_game_module_has_the_game_module_protocol():
    from cavemind.games import GameModule, game_module

    for name in cavemind.game_names():
        module = game_module(name)
        assert isinstance(module, GameModule), name      # every protocol member is present
        assert module.NAME == name and "players" in module.PARAMETERS


def test_game_info_says_what_the_module_declares():
    # one GameInfo per game: the registry's record, its facts read from the game module
    for name in cavemind.game_names():
        info = cavemind.game_info(name)
        game = cavemind.load_game(name)
        assert info.name == name and info.description and info.parameters == cavemind.parameters_of(name)
        assert game.num_players in info.player_counts == tuple(sorted(info.player_counts))
        assert info.hidden_information == bool(game.module.HIDDEN_INFORMATION)
        assert info.chance == game.new_initial_state().is_chance_node() or name == "tictactoe"
        assert info.search.for_players(game.num_players) == cavemind.search_defaults(name, game.num_players)
    assert cavemind.game_info("tictactoe").chance is False and cavemind.game_info("kuhn_poker").chance is True
    with pytest.raises(cavemind.UnknownGameError):
        cavemind.game_info("chess")
