"""Dice hunt's registration record: a game defined only under tests/ (dice_hunt.pyx, compiled at test time by
tests/test_newgame.py), registered through the same record as the built-in games and nothing else: its picture
(picture.py) and expert (expert.py) are named in the record, its test hooks are in this module."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cavemind.games import GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:
    from cavemind.game import State

NAME = "dice_hunt"
COMPILED = "_dice_hunt"     # the compiled module's name, built into a folder on sys.path


def position_invariants(state: State) -> int | None:
    """Every seat's points fit the turns it played (2 for a rest, 1-6 for a hunt); returns the number of cards
    dealt and yet to deal, which a game keeps."""
    doc = state.to_dict()["state"]
    for seat, points in enumerate(doc["points"]):
        turns = doc["round"] + (1 if seat < doc["turn_of"] else 0)
        assert turns <= points <= 6 * turns, f"player {seat}: {points} points after {turns} turns"
    assert sum(1 for card in doc["cards"] if card is not None) <= state.num_players, "cards"
    return len(doc["cards"])


def ended(state: State) -> str | None:
    """The rules' end: every round played."""
    rounds = compiled_module(NAME).ROUNDS
    return None if state.to_dict()["state"]["round"] == rounds else f"the game ended before round {rounds}"


GAME = GameInfo(
    COMPILED,
    SearchDefaults(exploration=0.5),
    expert="newgame.expert:choose",
    drawer="newgame.picture:draw",
    gallery=(GalleryView({"players": 3}, observer=1, order=90), GalleryView(order=91)),
    invariants=position_invariants,
    soak=SoakPlan({"players": (2, 3)}, turns="round", ended=ended),
)
