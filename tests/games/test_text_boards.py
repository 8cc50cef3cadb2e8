"""The readable text boards (str(state), state.render(observer)) in every game and configuration: words a
player reads, not internals, and a seat's board shows only what that seat can see."""
import re

import pytest
from conftest import walk

# What the boards must not show: Python reprs, identifiers, codes whose meaning is nowhere on the board.
FORBIDDEN = {
    "a Python dict": re.compile(r"[{}]|'\w+': |\"\w+\": "),
    "a Python list": re.compile(r"\[\]|\[(?:'|\"|-?\d+, )"),   # Dino Jagd's [0123] (who is there) is not one
    "a snake_case identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a Honga disc code": re.compile(r"\b[GR]\d+\[\d+\]"),
    "a Stone Age building code": re.compile(r"\b\d+of\d+kinds?\b|\b\d+to\d+any\b|\b\d+(?:wood|clay|stone|gold)\b"),
    "a row of digits (counts without names)": re.compile(r"\d{6,}"),
}
# Stone Age card ids (G01, F3, S5, ...) appear only in brackets, after what the card gives.
BARE_CARD_ID = re.compile(r"(?<!\[)\b(?:G\d\d|[FTBS]\d)\b(?!\])")


def _positions(game, seed, count=6):
    """About `count` states spread along one seeded random playout, the start and the end included."""
    states = list(walk(game.new_initial_state(), seed))
    stride = max(1, len(states) // count)
    return [*states[::stride], states[-1]]


def _problems(name, text):
    found = [f"{what}: {m.group(0)!r}" for what, rx in FORBIDDEN.items() for m in [rx.search(text)] if m]
    if name == "stone_age":
        m = BARE_CARD_ID.search(text)
        if m:
            found.append(f"a bare card id: {m.group(0)!r}")
    return found


def _views(game, state):
    yield None, str(state)
    for seat in range(game.num_players):
        yield seat, state.render(seat)


@pytest.mark.parametrize("seed", (3, 11))
def test_boards_show_words_not_internals(game, seed):
    for state in _positions(game, seed):
        for seat, text in _views(game, state):
            problems = _problems(game.name, text)
            assert not problems, f"{game.name}, seat {seat}: {problems}\n{text}"


def test_a_seats_board_does_not_change_when_its_hidden_parts_are_dealt_again(game):
    if not game.module.HIDDEN_INFORMATION:
        pytest.skip("nothing hidden in this game")
    for state in _positions(game, seed=5, count=8):
        for seat in range(game.num_players):
            board = state.render(seat)
            for deal in (1, 2, 3):
                again = state.determinize(seat, deal)
                assert again.render(seat) == board, f"{game.name}: seat {seat}'s board shows a hidden part"


def test_the_patterns_catch_what_they_forbid():
    """The checks above can fail: each pattern finds the internals the boards used to print."""
    old = {"a Python dict": "hands left {'forest': 1, 'trade': 1}",
           "a Python list": "discard: [3, 4]",
           "a snake_case identifier": "pending: put_in_row(0,0)",
           "a Honga disc code": "disc G27[1120]",
           "a Stone Age building code": "building2: 4of4kinds (3 left)",
           "a row of digits (counts without names)": "res 000000 markers 000000"}
    for what, text in old.items():
        assert f"{what}:" in " ".join(_problems("honga", text)), what
    assert _problems("stone_age", "card1 (cost 1): G10 time / dice bar")
    assert not _problems("stone_age", "card1 (1 resource): 5 food / culture healing [G01]")
