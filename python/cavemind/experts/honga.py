"""A Honga expert: a plan of the whole own turn, scored with a hand-written evaluation.

The strategy, from the rulebook and the game's arithmetic:
- keep the cave fed: food (fish, berry, mushroom) is what trades and mammoths are paid with, and what Honga
  eats; the first units of each kind are worth most, water a little (two replace one food);
- keep Honga away: while he is with us he eats a unit every turn, so a hand on his field (which keeps him
  where he is) is worth it when he is elsewhere, and a chase card when he is with us;
- trade for points whenever a face-up card is affordable and pays more than its food is worth to us;
- climb the mountain: a step is worth its share of the 5 points at the top, at least the step's own value
  (what it pays when the other player tops first);
- lure mammoths: a mammoth in the herd or on our board pays for the rich mammoth trade cards, and the most
  mammoths in the herd hold the tusk, which draws the red (five-hand) discs.

A turn is a chain of small decisions of one player (place the disc, then each hand's use and bonus cards in
any order, then end), so the expert searches that chain to its end with `TurnPlanner` and picks the first
decision of the best chain. It plans on a state built from its own view (`state.to_dict(observer=me)`, the
unseen bonus cards dealt by a fixed seed), so the same information set always gives the same action. It reads
the view defensively (`.get` with defaults), so that small changes of the rules' fields do not break it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from cavemind.experts.turn_planner import TurnPlanner

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

FOODS = ("fish", "berry", "mushroom")
FOOD = (1.0, 1.0, 0.9, 0.8, 0.6, 0.4, 0.3, 0.2, 0.1)  # the k-th unit of one food (what trades pay, per unit)
WATER = (0.45, 0.45, 0.4, 0.35, 0.3, 0.2, 0.1, 0.1, 0.1)
EMPTY_CAVE = 1.0       # no food at all: Honga's next meal is a mammoth, and nothing is ready to trade
MAMMOTH = (2.6, 2.3, 1.6, 1.0, 0.6, 0.4)  # the k-th mammoth we own outside the depot (board or herd)
TUSK = 2.2             # the red disc: one more hand every turn
HONGA = 1.8            # he eats a unit at each of our turns until somebody else neglects him
MOUNTAIN = (0.0, 1.2, 2.3, 3.3, 4.2)  # our step: its share of the 5 points at the top
BONUS = 1.4            # a bonus card in hand (known or not yet seen)
AFFORD = 0.15          # per point of the best face-up trade we could pay now (a plan for the next turn)
OPPONENT = 0.6         # the other players' evaluation counts against ours with this weight
NODES = 1200


@lru_cache(maxsize=1)
def trade_cards() -> list[list[int]]:
    """Trade cards as [fish, berry, mushroom, mammoths, points]; [] if the data cannot be read."""
    try:
        text = resources.files("cavemind").joinpath("data/honga/honga.json").read_text()
        return [list(card) for card in json.loads(text)["trade_cards"]]
    except (OSError, KeyError, ValueError):
        return []


def _count(x: dict[str, int] | int | None) -> int:
    """A hand of bonus cards: a dict of kinds (our own) or a count (another player's)."""
    if isinstance(x, dict):
        return sum(x.values())
    return int(x or 0)


def _affordable(pl: dict[str, Any], herd_own: int, slots: list[int | None] | None) -> float:
    """Points of the best face-up trade card we could pay now (2 water replace one food)."""
    cards = trade_cards()
    best = 0
    for card_id in slots or []:
        if card_id is None or not 0 <= card_id < len(cards):
            continue
        need = cards[card_id]
        missing = sum(max(0, n - pl.get(f, 0)) for f, n in zip(FOODS, need[:3], strict=False))
        if 2 * missing > pl.get("water", 0):
            continue
        if need[3] > pl.get("board_mammoths", 0) + herd_own:
            continue
        best = max(best, need[4])
    return best


def player_value(state: dict[str, Any], p: int) -> float:
    pl = state["players"][p]
    value = float(pl.get("score", 0))
    for f in FOODS:
        value += sum(FOOD[: min(pl.get(f, 0), len(FOOD))])
    value += sum(WATER[: min(pl.get("water", 0), len(WATER))])
    if not any(pl.get(f, 0) for f in (*FOODS, "water")):
        value -= EMPTY_CAVE
    herd_own = sum(1 for owner in state.get("herd", []) if owner == p)
    value += sum(MAMMOTH[: min(pl.get("board_mammoths", 0) + herd_own, len(MAMMOTH))])
    if state.get("tusk") == p:
        value += TUSK
    if state.get("honga") == p:
        value -= HONGA
    step = pl.get("mountain", 0)
    value += MOUNTAIN[min(max(step, 0), len(MOUNTAIN) - 1)]
    value += BONUS * (_count(pl.get("bonus")) + _count(pl.get("bonus_fresh")))
    value += AFFORD * _affordable(pl, herd_own, state.get("trade_slots"))
    return value


def evaluate_doc(doc: dict[str, Any], me: int) -> float:
    state = doc["state"]
    n = len(state["players"])
    if state.get("finished"):
        scores: list[float] = [pl.get("score", 0) for pl in state["players"]]
        best = max(scores)
        if scores[me] == best:
            return 1000.0 + scores[me] - max([s for i, s in enumerate(scores) if i != me] or [0])
        return -1000.0 + scores[me] - best
    mine = player_value(state, me)
    others = max(player_value(state, p) for p in range(n) if p != me)
    return mine - OPPONENT * others


def _turn_over(state: State) -> bool:
    """The draws after `end` (refill, next disc) belong to the turn's end, not to its plan."""
    if not state.is_chance_node():
        return False
    ts = state.to_dict()["state"]
    return ts.get("phase") == "draws" and not ts.get("turn_state", {}).get("extra_disc", False)


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    from cavemind.game import state_from_json

    me = view["state"]["to_move"]
    state = state_from_json(view)  # the unseen bonus cards dealt with the fixed seed 0
    planner = TurnPlanner(me, lambda s: evaluate_doc(s.to_dict(observer=me), me), nodes=NODES, samples=1,
                          turn_over=_turn_over)
    return planner.best(state, actions)
