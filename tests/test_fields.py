"""The shared field validators of the games' positions (cavemind.games.fields): one wording, the field's path in
every error, no other exception type for any input."""
import pytest

from cavemind.games.fields import boolean, counts, field, in_range, int_list, integer, one_of, shown, typed


def refused(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


def test_integer_checks_presence_type_and_range():
    doc = {"turn": 3, "flag": True, "text": "3", "null": None}
    assert integer(doc, "turn", 0, 5) == 3
    refused(lambda: integer(doc, "round", 0, 5), "round: missing")
    refused(lambda: integer(doc, "turn", 4, 5, "state.turn"), "state.turn: 3 is out of range (must be from 4 to 5)")
    refused(lambda: integer(doc, "flag", 0, 5), "flag: expected an integer, got true")
    refused(lambda: integer(doc, "text", 0, 5), 'text: expected an integer, got "3"')
    refused(lambda: integer(doc, "null", 0, 5), "null: expected an integer, got null")


def test_integer_default_and_null():
    assert integer({}, "to_deal", 0, 6, default=0) == 0
    assert integer({"tusk": None}, "tusk", 0, 4, none=-1) == -1
    assert integer({}, "tusk", 0, 4, default=-1, none=-1) == -1
    refused(lambda: integer({"tusk": "x"}, "tusk", 0, 4, none=-1), 'tusk: expected an integer or null, got "x"')


def test_a_huge_number_is_refused_without_printing_it():
    refused(lambda: in_range(10 ** 5000, 0, 9, "stamp"), "stamp: a huge number is out of range (must be from 0 to 9)")
    assert len(shown("x" * 500)) <= 40 and shown([1]) == "a list" and shown({}) == "an object"


def test_boolean():
    assert boolean({"finished": False}, "finished") is False
    assert boolean({}, "finished", default=True) is True
    refused(lambda: boolean({"finished": 1}, "finished", "step.finished"),
            "step.finished: expected true or false, got 1")
    refused(lambda: boolean({}, "finished"), "finished: missing")


def test_one_of_gives_the_index_and_matches_only_the_same_type():
    assert one_of(("place", "act"), "act", "phase") == 1
    assert one_of(("place", "act"), None, "phase", none=255) == 255
    refused(lambda: one_of(("place", "act"), "dance", "phase"), 'phase: "dance" is not one of: place, act')
    refused(lambda: one_of((9, 14, 18), True, "passed"), "passed: true is not one of: 9, 14, 18")
    refused(lambda: one_of(tuple(f"c{i}" for i in range(40)), "x", "display[0]"),
            'display[0]: "x" is not a known name')
    refused(lambda: one_of(("a",), ["a"], "k"), "k: a list is not one of: a")


def test_int_list_names_the_entry():
    assert int_list([0, 4, 2], 0, 4, "tools", length=3) == [0, 4, 2]
    refused(lambda: int_list([0, 5, 2], 0, 4, "tools"), "tools[1]: 5 is out of range (must be from 0 to 4)")
    refused(lambda: int_list([0, 1], 0, 4, "tools", length=3), "tools: expected 3 entries, got 2")
    refused(lambda: int_list([0, 1, 2], 0, 4, "drawn", max_length=2), "drawn: at most 2 entries, got 3")
    refused(lambda: int_list([3, 1, 3], 0, 4, "pile", distinct=True), "pile: 3 is listed twice")
    refused(lambda: int_list("012", 0, 4, "tools"), 'tools: expected a list, got "012"')


def test_counts_and_typed_fields():
    assert counts({"berry": 2}, ("fish", "berry"), 3, "owe") == [0, 2]
    refused(lambda: counts({"berry": 4}, ("fish", "berry"), 3, "owe"),
            "owe.berry: 4 is out of range (must be from 0 to 3)")
    refused(lambda: counts({"salt": 1}, ("fish", "berry"), 3, "owe"), 'owe: "salt" is not one of: fish, berry')
    refused(lambda: counts([], ("fish",), 3, "owe"), "owe: expected an object of name: count, got a list")
    assert field({"deck": {}}, "deck", kind=dict) == {}
    assert field({}, "animals", default=[], kind=list) == []
    refused(lambda: field({"deck": []}, "deck", kind=dict), "deck: expected an object, got a list")
    refused(lambda: typed(3, str, "hunt.target"), "hunt.target: expected a string, got 3")
