"""A Prehistory expert: a plan of the whole own turn, scored by the final scoring as it would stand now plus a
hand-written worth of what is still to be used.

The strategy, from the rulebook's scoring:
- every point source (paintings, gathering sets, ceremony cards, fishing, animals x footprints, megaliths and
  campsites, development points / 3) is counted as the final scoring would count it if the game ended now
  (the game's own final-scoring routine, read through `heuristic`), so an action that completes a row, a set
  or a pair is seen at once;
- resources and action markers are worth more than the third of a point they make at the end while there are
  rounds left to spend them (each buys a step of an action); development points likewise;
- members on the map (not in the tent) work for the megaliths and campsites.

A turn is a chain of decisions of one player (choose an action, pay colour by colour, put the footing; or
select a member, step, stop, build, settle), so the expert searches that chain to its end with `TurnPlanner`
(each first decision its share of the positions; development-point trades only as first decisions) and picks
the first decision of the best chain. It plans on a state rebuilt from its own view
(`state.to_dict(observer=me)`: the other player's face-down ceremony cards dealt by a fixed seed from the
cards it has not seen, keeping their known values), so the same information set always gives the same action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cavemind.experts.turn_planner import TurnPlanner

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

ROUNDS = 5
RESOURCE = 0.45       # a resource (cube) in stock, at the start of the game; falls to 1/3 (its final worth)
MARKER = 0.4          # an action marker
DEV = 0.15            # a development point beyond its final third of a point
MEMBER_OUT = 0.4      # a member on the map rather than in the tent
OPPONENT = 1.0        # the lead counts: the final-scoring estimate is a difference
NODES = 150
DEV_TRADES = ("rotate", "buy ", "discard ")


def _rest(state: dict[str, Any], p: int) -> float:
    """What the players' stock is worth beyond what the final scoring already gives it."""
    rounds_left = max(0, ROUNDS - 1 - int(state.get("round", 0)))
    share = rounds_left / (ROUNDS - 1)
    resources: int = sum(state.get("resources", [[0] * 6] * 4)[p])
    markers: int = sum(state.get("action_markers", [[0] * 6] * 4)[p])
    development = int(state.get("development", [0] * 4)[p])
    out = 0.0
    members, available = state.get("members"), state.get("available_members")
    if members is not None and available is not None:
        out = MEMBER_OUT * max(0, members[p] - available[p])
    return share * (RESOURCE * resources + MARKER * markers + DEV * development + out)


def evaluate(state_obj: State, me: int) -> float:
    if state_obj.is_terminal():
        scores = state_obj.scores()
        margin = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        r = state_obj.returns()[me]
        return (1000.0 if r == 1.0 else 0.0 if r > 0 else -1000.0) + margin
    h = state_obj.heuristic()[me]
    lead = (h - 0.5) * 60.0  # the game's final-scoring-now lead over the best other player (saturates at 30)
    doc = state_obj.to_dict(observer=me)["state"]
    players = int(doc.get("num_players", 2))
    mine = _rest(doc, me)
    others = max(_rest(doc, p) for p in range(players) if p != me)
    return lead + mine - OPPONENT * others


def _no_dev_trades(state: State) -> list[int]:
    """Below the first decision, development-point trades are left out (they multiply the plan's width)."""
    return [a for a in state.legal_actions() if not state.action_to_string(a).startswith(DEV_TRADES)]


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    from cavemind.game import state_from_json

    me = view["observer"]
    state = state_from_json(view)  # the other seats' ceremony cards dealt with the fixed seed 0
    planner = TurnPlanner(me, lambda s: evaluate(s, me), nodes=NODES, samples=2, moves=_no_dev_trades,
                          per_root=True)
    return planner.best(state, actions)
