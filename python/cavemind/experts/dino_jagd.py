"""A Dino Jagd expert: hunting trips planned through the own turn, placements chosen by what they open up.

The strategy, from the rulebook and the designed hunt tables:
- points come only from captures (and bonus cards kept in hand), so a turn's 10 energy should go into the
  creatures with the best chance of capture per energy: small, harmless herbivores are safe points, big
  carnivores attack or wreck the camp;
- place the dealt creatures where we can reach them this turn and the other player cannot cheaply next turn:
  into our own period (or next to it), away from the rival's period, and on top of a creature the rival would
  like to hunt;
- play Superschocker / Glückstreffer (and Zielfernrohr) on our own hunt when they turn a miss or an escape into
  a capture; keep cards that help against the rival;
- end the turn where the next turn's hunting is close.

The hunting phase is searched to the end of the turn with `TurnPlanner` (dice averaged over all six faces, the
rival assumed to pass in our reaction windows), each end scored by points, cards in hand and what the rival
can reach next turn. A placement is scored one creature at a time by that same evaluation. The expert plans
on a state rebuilt from its own view (`state.to_dict(observer=me)`, hidden cards dealt by a fixed seed), so the
same information set always gives the same action.
"""
from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from cavemind.experts.turn_planner import TurnPlanner

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

PERIODS = ("T", "EJ", "LJ", "EK", "LK")
JURASSIC = {"EJ", "LJ"}
# a card in hand, in points (the bonus cards are scored exactly, see hand_points)
CARD = {"Superschocker": 1.2, "Glueckstreffer": 1.2, "Stoersender": 0.9, "Fehlschuss": 0.9, "Zeitschleife": 0.8,
        "Aussterben": 0.6, "Kein Aussterben": 0.2}
FACE_UP = {"Zielfernrohr": 1.0, "Stoerfeld": 0.6, "Faehrtenleserin": 2.0, "Zeitpilot": 1.0, "Tieraerztin": 1.5}
HIDDEN_CARD = 1.0      # a card in the rival's hand, unseen
RIVAL_REACH = 0.7      # share of what the rival can hunt next turn that counts against us
OWN_REACH = 0.25       # what we can hunt at our next turn (after the rival's)
REACH_NOW = 0.9        # what we can still hunt this turn (at a position the plan did not finish)
NODES = 500


@lru_cache(maxsize=1)
def creatures() -> dict[str, dict[str, Any]]:
    text = resources.files("cavemind").joinpath("data/dino_jagd/dino_jagd.json").read_text()
    return {c["name"]: c for c in json.loads(text)["creatures"]}


def _names(x: dict[str, int] | list[str] | None) -> list[str]:
    if isinstance(x, dict):
        return [k for k, n in x.items() for _ in range(int(n))]
    return list(x or [])


@cache
def capture_odds(name: str, modifier: int) -> tuple[float, float]:
    """(chance that repeated tries capture it, expected energy spent) with `modifier` on every roll; a miss
    costs 1 and allows another try (we assume we try again)."""
    creature = creatures()[name]
    table = creature.get("hunt", "MMMMMM")
    faces = [table[min(5, max(0, d + modifier))] for d in range(6)]
    c, m = faces.count("C") / 6.0, faces.count("M") / 6.0
    if m >= 1.0:
        return 0.0, 1.0
    p = c / (1.0 - m)
    return p, p * creature.get("cost", 1) + m / (1.0 - m)


def reach(state: dict[str, Any], p: int, energy: int, now: bool) -> float:
    """Expected points player p can hunt in one period reached from where he stands with `energy`: the
    topmost creatures there, best chance per energy first."""
    pl = state["players"][p]
    face_up = _names(pl.get("face_up"))
    modifier = 1 if "Faehrtenleserin" in face_up else 0
    cheaper_trip = "Zeitpilot" in face_up
    cheaper_home = 1 if "Tieraerztin" in face_up else 0
    here = PERIODS.index(pl["period"]) if pl.get("period") in PERIODS else 2
    info = creatures()
    best = 0.0
    for q, code in enumerate(PERIODS):
        trip = abs(q - here)
        if trip and cheaper_trip:
            trip = max(1, trip - 1)
        budget = energy - trip
        if budget <= 0:
            continue
        options = []
        for space in state["hunting_area"].get(code, []):
            if space and space[-1] in info:
                c = info[space[-1]]
                odds, spent = capture_odds(space[-1], modifier)
                spent = max(1.0, spent - cheaper_home * odds)
                if c.get("cost", 1) - cheaper_home <= budget:
                    options.append((odds * c.get("points", 1), spent))
        options.sort(key=lambda o: -o[0] / o[1])
        total, left = 0.0, float(budget)
        for worth, spent in options:
            if spent <= left:
                total += worth
                left -= spent
        best = max(best, total)
    return best


def hand_points(state: dict[str, Any], p: int) -> float:
    """Points of the bonus cards in hand (exact for our hand) plus the worth of the other cards."""
    pl = state["players"][p]
    if "hand" not in pl:
        hidden: float = HIDDEN_CARD * pl.get("hand_count", 0)
        return hidden
    info = creatures()
    caught = [info[n] for n in pl.get("captured", []) if n in info]
    value = 0.0
    for card in _names(pl["hand"]):
        if card == "Fleischfresser-Praemie":
            value += sum(1 for c in caught if c.get("carnivore"))
        elif card == "Jura-Praemie":
            value += sum(1 for c in caught if JURASSIC & set(c.get("periods", [])))
        else:
            value += CARD.get(card, 0.5)
    return value


def evaluate_doc(doc: dict[str, Any], me: int) -> float:
    state = doc["state"]
    players = state["players"]
    if state.get("phase") == "over":
        scores: list[float] = [pl.get("captured_points", 0) + hand_points(state, i) for i, pl in enumerate(players)]
        margin = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        return (1000.0 if margin > 0 else -1000.0 if margin < 0 else 0.0) + margin
    rival = max((i for i in range(len(players)) if i != me),
                key=lambda i: players[i].get("captured_points", 0))
    value = 0.0
    for i, pl in enumerate(players):
        v = pl.get("captured_points", 0) + hand_points(state, i)
        v += sum(FACE_UP.get(n, 0.5) for n in _names(pl.get("face_up")))
        value += v if i == me else -v if i == rival else 0.0
    if state.get("turn_player") == me and state.get("phase") in ("hunt", "place"):
        value += REACH_NOW * reach(state, me, players[me].get("energy", 0), True)
        value -= 0.5 * RIVAL_REACH * reach(state, rival, 10, False)  # what we leave him
    else:
        value -= RIVAL_REACH * reach(state, rival, 10, False)
        value += OWN_REACH * reach(state, me, 10, False)
    return value


def _rival_passes(state: State) -> int | None:
    """Our model of the rival in our reaction windows: he passes (his cards are unknown to us)."""
    for a in state.legal_actions():
        if state.action_to_string(a) == "pass":
            return a
    return None


def _turn_over(state: State) -> bool:
    """The next turn's start (special draw, die for the creatures) is not part of our plan."""
    if not state.is_chance_node():
        return False
    doc = state.to_dict()["state"]
    return doc.get("phase") in ("turn-start", "turn-draw", "turn-roll", "deal")


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    from cavemind.game import state_from_json

    st = view["state"]
    me = view["observer"] if view.get("observer") is not None else st["turn_player"]
    state = state_from_json(view)  # hidden cards dealt with the fixed seed 0

    def evaluate(s: State) -> float:
        return evaluate_doc(s.to_dict(observer=me), me)

    if st.get("phase") != "place" or st.get("turn_player") != me:
        planner = TurnPlanner(me, evaluate, nodes=NODES, samples=6, turn_over=_turn_over, reply=_rival_passes)
        return planner.best(state, actions)
    # placing: one creature at a time, each placement scored by what it opens up for us and for the rival
    scores = [evaluate(state.child(a)) for a in actions]
    return max(range(len(actions)), key=lambda i: scores[i])
