"""Hardening of the reference games (tic-tac-toe, Kuhn poker): check_state, loader checks and action ids.
Each defect found by adversarial testing has a regression test here."""
import itertools
import random
import re

import pytest

import cavemind
from cavemind.testing import random_action

TTT = cavemind.load_game("tictactoe")
KUHN = {n: cavemind.load_game("kuhn_poker", players=n) for n in (2, 3)}


def random_states(game, seed):
    """Every state of one seeded random playout, the start and the end included."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state.clone()
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        yield state.clone()


# ---------------------------------------------------------------- action ids
@pytest.mark.parametrize("game", [TTT, KUHN[2], KUHN[3]], ids=["tictactoe", "kuhn2", "kuhn3"])
@pytest.mark.parametrize("action", [-1, 2**30, 2**31, 2**70, -2**70, "3", 1.0, None, True])
def test_action_to_string_rejects_ids_out_of_range(game, action):
    """Regression: tic-tac-toe action_to_string(2**30) crashed and (-1) gave garbage."""
    data = game.new_initial_state().to_bytes()
    with pytest.raises(ValueError, match="action"):
        game.module.action_to_string(data, action)


@pytest.mark.parametrize("game", [TTT, KUHN[2]], ids=["tictactoe", "kuhn2"])
def test_action_to_string_rejects_the_first_id_past_the_end(game):
    data = game.new_initial_state().to_bytes()
    last = game.max_actions - 1
    assert game.module.action_to_string(data, last)
    with pytest.raises(ValueError, match=str(last + 1)):
        game.module.action_to_string(data, last + 1)


def test_action_names_unchanged():
    data = TTT.new_initial_state().to_bytes()
    assert [TTT.module.action_to_string(data, a) for a in range(9)] == \
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    data = KUHN[3].new_initial_state().to_bytes()
    assert [KUHN[3].module.action_to_string(data, a) for a in range(7)] == \
        ["pass", "bet", "deal J", "deal Q", "deal K", "deal A", "deal ?"]


@pytest.mark.parametrize("game", [TTT, KUHN[2]], ids=["tictactoe", "kuhn2"])
def test_wrong_size_state_is_refused(game):
    data = game.new_initial_state().to_bytes()
    assert "bytes" in game.module.check_state(data[:-1])
    with pytest.raises(ValueError, match="bytes"):
        game.module.action_to_string(data[:-1], 0)


# ---------------------------------------------------------------- Kuhn poker cards
@pytest.mark.parametrize("card", ["", "QK", "JQK", "q", " Q", "A", 1, ["Q"]])
def test_kuhn_rejects_strings_that_are_not_cards(card):
    """Regression: "" and "QK" were accepted as cards (substrings of "JQK"). "A" exists only with 3 players."""
    with pytest.raises(cavemind.InvalidPositionError, match="cards"):
        KUHN[2].state_from_dict({"cards": [card, "?"], "history": ""})


def test_kuhn_accepts_real_cards():
    state = KUHN[3].state_from_dict({"cards": ["A", "J", "?"], "history": "pb"})
    assert state.to_dict()["state"]["cards"][:2] == ["A", "J"]
    assert KUHN[3].module.check_state(state.to_bytes()) is None


# ---------------------------------------------------------------- Kuhn poker check_state
KUHN_OFFSETS = {"num_players": 0, "dealt": 1, "cards": 2, "history_length": 5, "history": 6, "first_bettor": 11,
                "in_pot": 12, "to_move": 15, "finished": 16}


def kuhn_mutated(data, field, value, index=0):
    raw = bytearray(data)
    raw[KUHN_OFFSETS[field] + index] = value & 0xFF
    return bytes(raw)


def test_kuhn_layout_matches_the_offsets_used_here():
    data = KUHN[3].state_from_dict({"cards": ["K", "Q", "J"], "history": "pb"}).to_bytes()
    assert len(data) == 17
    assert data[KUHN_OFFSETS["num_players"]] == 3 and data[KUHN_OFFSETS["dealt"]] == 3
    assert list(data[2:5]) == [2, 1, 0] and data[KUHN_OFFSETS["history_length"]] == 2
    assert data[KUHN_OFFSETS["first_bettor"]] == 1 and list(data[12:15]) == [1, 2, 1]


@pytest.mark.parametrize("field,value,index,message", [
    ("num_players", 4, 0, "players"),
    ("num_players", 0, 0, "players"),
    ("dealt", 4, 0, "cards"),
    ("cards", 7, 1, r"cards\[1\]"),
    ("cards", 2, 1, r"cards\[1\]"),                   # the card of player 0 again
    ("cards", 0, 2, r"cards\[2\]"),                   # a card in a seat beyond the players
    ("history_length", 4, 0, "history"),
    ("history", 2, 0, r"history\[0\]"),
    ("first_bettor", 0, 0, "history"),
    ("in_pot", 9, 0, r"in_pot\[0\]"),
    ("to_move", 0, 0, "to_move"),
    ("finished", 1, 0, "finished"),
])
def test_kuhn_check_state_names_the_wrong_field(field, value, index, message):
    data = KUHN[2].state_from_dict({"cards": ["K", "Q"], "history": "p"}).to_bytes()
    assert KUHN[2].module.check_state(data) is None
    assert re.match(message, KUHN[2].module.check_state(kuhn_mutated(data, field, value, index)))


def test_kuhn_check_state_refuses_betting_after_the_end():
    data = bytearray(KUHN[2].state_from_dict({"cards": ["K", "Q"], "history": "pp"}).to_bytes())
    data[KUHN_OFFSETS["history_length"]] = 3                 # a third decision after both passed
    assert "hand is over" in KUHN[2].module.check_state(bytes(data))


@pytest.mark.parametrize("players", [2, 3])
def test_kuhn_random_playouts_and_determinizations_pass_check_state(players):
    game = KUHN[players]
    for seed in range(300):
        for state in random_states(game, seed):
            assert game.module.check_state(state.to_bytes()) is None
            for p in range(players):
                world = state.determinize(p, seed)
                assert game.module.check_state(world.to_bytes()) is None


# ---------------------------------------------------------------- tic-tac-toe check_state
# TicTacToeState: cells[9], (pad), uint16 marked[2] at 10, int8 to_move at 14, winner at 15, uint8 moves at 16.
def ttt_bytes(board, to_move=None, winner=None, moves=None):
    """Raw state bytes for a board of 9 '.XO' characters, with optional overrides (no consistency checks)."""
    cells = [".XO".index(ch) for ch in board]
    marked = [sum(1 << c for c in range(9) if cells[c] == p + 1) for p in range(2)]
    x, o = cells.count(1), cells.count(2)
    raw = bytearray(18)
    raw[0:9] = bytes(cells)
    raw[10:12] = marked[0].to_bytes(2, "little")
    raw[12:14] = marked[1].to_bytes(2, "little")
    raw[14] = (0 if x == o else 1) if to_move is None else to_move & 0xFF
    raw[15] = -1 & 0xFF if winner is None else winner & 0xFF
    raw[16] = x + o if moves is None else moves
    return bytes(raw)


def test_ttt_layout_matches_the_bytes_built_here():
    state = TTT.state_from_dict({"board": ["XO.", ".X.", "..."]})
    assert state.to_bytes() == ttt_bytes("XO..X....")
    state = TTT.state_from_dict({"board": ["XXX", "OO.", "..."]})
    assert state.to_bytes() == ttt_bytes("XXXOO....", winner=0)


@pytest.mark.parametrize("raw,message", [
    (bytes([3]) + ttt_bytes(".........")[1:], "board: cell 0"),
    (ttt_bytes("X........")[:10] + bytes(8), "board: the bitboard"),
    (ttt_bytes("XX.......", to_move=1), "board: 2 X and 0 O"),
    (ttt_bytes("O........", to_move=1), "board: 0 X and 1 O"),
    (ttt_bytes("XO.......", to_move=1), "to_move"),
    (ttt_bytes("X........", to_move=7), "to_move"),
    (ttt_bytes("XO.......", moves=5), "moves"),
    (ttt_bytes("XXXOO....", winner=-1), "winner"),
    (ttt_bytes("XX.OO....", winner=0), "winner"),
    (ttt_bytes("XXXOOO...", winner=0), "board: both players have a line"),
    (ttt_bytes("XXXOO.O..", winner=0), "board: player 0 has a line but the other player moved after it"),
    (ttt_bytes("XOXXOOOXX", winner=-1), "winner"),          # a full board without a line is a draw (2)
])
def test_ttt_check_state_names_the_wrong_field(raw, message):
    assert TTT.module.check_state(raw).startswith(message)


def test_ttt_check_state_refuses_a_move_after_the_win():
    """Play after a win: X completed the top row, then O marked a cell anyway."""
    won = TTT.state_from_dict({"board": ["XXX", "OO.", "..."]})
    assert won.is_terminal() and TTT.module.check_state(won.to_bytes()) is None
    assert "moved after" in TTT.module.check_state(ttt_bytes("XXXOO.O..", winner=0))


def test_ttt_random_playouts_pass_check_state_and_every_board_bytes_is_safe():
    for seed in range(300):
        for state in random_states(TTT, seed):
            assert TTT.module.check_state(state.to_bytes()) is None
            assert TTT.module.check_state(state.determinize(seed % 2, seed).to_bytes()) is None
    rng = random.Random(5)
    for _ in range(2000):                                    # any bytes of the right size can be checked
        message = TTT.module.check_state(bytes(rng.getrandbits(8) for _ in range(18)))
        assert message is None or ": " in message


def test_ttt_check_state_agrees_with_the_loader_on_every_board():
    """All 3^9 boards: the loader accepts exactly the boards check_state accepts."""
    for cells in itertools.product(".XO", repeat=9):
        board = "".join(cells)
        try:
            data = TTT.state_from_dict({"board": [board[0:3], board[3:6], board[6:9]]}).to_bytes()
        except cavemind.InvalidPositionError:
            data = None
        if data is None:
            # a refused board: no winner value makes it legal
            for winner in (-1, 0, 1, 2):
                assert TTT.module.check_state(ttt_bytes(board, winner=winner)) is not None, board
        else:
            assert TTT.module.check_state(data) is None, board
