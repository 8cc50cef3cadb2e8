"""A position with a field its format does not have is refused, at every level of every game's position and in
the header, naming the key and its path (with a suggestion when a known name is close), instead of loading the
misspelt field as its default (issue 35). Format 1's old names still load where the game maps them."""
import json

import pytest

import cavemind
from cavemind.testing import walk

STRANGER = "zz_not_a_field"


def sample_positions(game, count=3, seed=11):
    """Positions met along a seeded random game (start, middle, end), written whole and from each seat."""
    states = list(walk(game.new_initial_state(), seed))
    picks = [states[0], states[len(states) // 2], states[-1]][:count]
    docs = []
    for state in picks:
        docs.append(state.to_dict())
        docs.extend(state.to_dict(observer=seat) for seat in range(game.num_players))
    return docs


def objects_in(node, path=()):
    """(path, object) for every JSON object inside `node`, itself included."""
    found = [(path, node)] if isinstance(node, dict) else []
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in children:
        found += objects_in(value, (*path, key))
    return found


def spelled(path):
    """A path as the error messages write it: players[1].food."""
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


def at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def test_every_object_of_every_position_refuses_an_unknown_key(game):
    """Each JSON object inside the state (players, decks, steps, maps of names to counts) gets a key no game has:
    the load must fail with InvalidPositionError naming the object's path and the key."""
    tried = 0
    for doc in sample_positions(game):
        for path, _ in objects_in(doc["state"]):
            changed = json.loads(json.dumps(doc))
            at(changed["state"], path)[STRANGER] = 1
            with pytest.raises(cavemind.InvalidPositionError) as refused:
                cavemind.state_from_json(changed)
            where = spelled(("state", *path))
            assert where in str(refused.value) and STRANGER in str(refused.value), str(refused.value)
            tried += 1
    assert tried > 0


def test_a_misspelt_field_is_refused_with_the_name_it_resembles(game):
    """Every field of every object of the state, spelt without its last letter, is refused; where the object
    is one of named fields (not a map of names to counts), the message suggests the right name."""
    suggested = 0
    for doc in sample_positions(game, count=2):
        for path, fields in objects_in(doc["state"]):
            for key in fields:
                if len(key) < 3:
                    continue
                changed = json.loads(json.dumps(doc))
                target = at(changed["state"], path)
                target[key[:-1]] = target.pop(key)
                with pytest.raises(cavemind.InvalidPositionError) as refused:
                    cavemind.state_from_json(changed)
                message = str(refused.value)
                assert key[:-1] in message, message
                if "unknown field" in message:
                    where = spelled(("state", *path, key[:-1]))
                    assert f'{where}: unknown field (did you mean "{key}"?)' in message, message
                    suggested += 1
    assert suggested > 0


def test_the_example_of_the_issue():
    doc = cavemind.load_game("stone_age", players=2).new_initial_state(seed=1).to_dict()
    doc["state"]["players"][1]["fod"] = doc["state"]["players"][1].pop("food")
    with pytest.raises(cavemind.InvalidPositionError) as refused:
        cavemind.state_from_json(doc)
    assert str(refused.value) == 'stone_age position: state.players[1].fod: unknown field (did you mean "food"?)'


@pytest.mark.parametrize("rename, message", [
    (("format", "formt"), 'formt: unknown field (did you mean "format"?)'),
    (("to_move", "to_mvoe"), 'to_mvoe: unknown field (did you mean "to_move"?)'),
    ((None, "comment"), "comment: unknown field"),
])
def test_the_position_header_refuses_unknown_keys(rename, message):
    doc = cavemind.load_game("tictactoe").new_initial_state().to_dict()
    old, new = rename
    doc[new] = doc.pop(old) if old is not None else "a note"
    with pytest.raises(cavemind.InvalidPositionError) as refused:
        cavemind.state_from_json(json.dumps(doc))
    assert str(refused.value) == message


def test_an_odd_key_is_shown_safely():
    doc = cavemind.load_game("kuhn_poker").new_initial_state(seed=2).to_dict()
    doc["state"]["no such field, and a long one: " + "x" * 100] = 1
    with pytest.raises(cavemind.InvalidPositionError) as refused:
        cavemind.state_from_json(doc)
    assert str(refused.value).startswith('kuhn_poker position: state["no such field, and a long one: ')
    assert str(refused.value).endswith('xxx...]: unknown field')


def test_every_field_a_position_writes_loads_back(game):
    """The known fields are exactly those state_to_dict writes: nothing written is refused (the round trip),
    whole and from each seat."""
    for doc in sample_positions(game):
        assert cavemind.state_from_json(doc).to_dict(doc.get("observer")) == doc


def test_format_1_names_still_load_where_the_game_maps_them():
    state = cavemind.load_game("prehistory", players=3).new_initial_state(seed=5)
    doc = state.to_dict()
    module = state.game.module
    old_names = {new: old for old, new in module.FORMAT_1_NAMES.items()}
    old_state = {old_names.get(key, key): value for key, value in doc["state"].items()}
    for name, names in module.NAMED_FIELDS.items():   # format 1 wrote the C codes of the named fields
        old_state[old_names.get(name, name)] = list(names).index(doc["state"][name])
    old = {"game": "prehistory", "format": 1, "players": 3, "options": {}, "state": old_state}
    assert cavemind.state_from_json(old).to_dict() == doc
    old_state["rond"] = old_state.pop("round")
    with pytest.raises(cavemind.InvalidPositionError, match=r'state\.rond: unknown field \(did you mean "round"\?\)'):
        cavemind.state_from_json(old)


def test_a_format_1_position_of_a_game_without_old_names_loads():
    doc = {"game": "kuhn_poker", "format": 1, "players": 2, "state": {"cards": ["K", "Q"], "history": "p"}}
    assert cavemind.state_from_json(doc).to_dict()["state"] == doc["state"]
    doc["state"]["histroy"] = doc["state"].pop("history")
    with pytest.raises(cavemind.InvalidPositionError, match='histroy: unknown field \\(did you mean "history"\\?\\)'):
        cavemind.state_from_json(doc)
