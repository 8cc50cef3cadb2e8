"""A Prehistory expert: a plan of the whole own turn, scored in expected final points.

The strategy, from the rulebook's scoring. A position is worth, for each player, the points the final scoring
would give now (the game's own final-scoring routine, read through `heuristic` one pair of players at a time
with the victory points shifted so the lead is never cut off at +-30: paintings rows 1/3/6 and gathering sets
1/3/5/8/12, whose growing steps already reward the next section or tile of a started row or set, ceremony
cards, animals x footprints, megaliths and campsites, development points / 3) plus what is still to come:
- fishing income: the fishing track's reward (victory points and development points / 3) once for every end of
  summer still to come, so a fish caught early is worth its track steps several times over;
- weather income: the resources the weather tile will pay in the springs still to come (`WEATHER_CUBE` each, so
  `rotate weather` is taken when it skips a poor spring);
- cubes (resources and action markers) in stock: `CUBE` beyond the third of a point they make at the end while
  two rounds of actions are left, falling with the rounds to nothing after the final action (kept low, so a
  cube is worth less than what an action turns it into); development points likewise (`DEV`);
- members, by the autumns left: on the map (campsites and megaliths within reach), on the starter space, in
  the tent (they can migrate);
- ceremony cards: `CARD` each beyond what their conditions give now, while rounds are left (a condition
  usually grows).
The expert maximizes its expected final points minus the best other player's (terminal: 1000 for a win plus
the margin). There is no explicit blocking: taking what the other player needs shows only through this lead.

A turn is a chain of decisions of one player (choose an action, pay colour by colour, put the footing; or pay
for movement, select a member, step, stop, build, settle), so the expert searches that chain to its end with
`PrehistoryPlanner` (cavemind/experts/prehistory_plan.py): up to `NODES` positions a decision, shared by the
first decisions that are not development-point trades, each trade (rotate, buy, discard) given `TRADE_NODES`
positions and never searched below the first decision. Where the budget runs out in the middle of an action
(a payment, shaman moves, the footing, a member's move), the action is finished greedily before it is scored,
so no plan is credited with a gain whose price is still unpaid. Below the first decision an autumn payment is
narrowed to the cheapest cube (the one giving the most movement points, an action marker before a resource,
the colour held most before others) or a development point. It plans on a state rebuilt from its own view
(`state.to_dict(observer=me)`: the other player's face-down ceremony cards dealt by a fixed seed from the cards
it has not seen, keeping their known values), so the same information set always gives the same action.
"""
from __future__ import annotations

import importlib
import struct
from typing import TYPE_CHECKING, Any

from cavemind.experts.prehistory_plan import PrehistoryPlanner

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

NODES = 3000          # positions searched per decision
TRADE_NODES = 100     # positions searched below a development-point trade at the first decision
CUBE = 0.3            # a cube's worth beyond its final third of a point, while two rounds of actions are left
DEV = 0.2             # a development point's worth beyond its final third (two buy a resource)
WEATHER_CUBE = 0.3    # a resource the weather tile will pay in a spring to come
MEMBER_MAP = 0.5      # a member on the map (not on the starter space), per autumn left (campsites, megaliths)
MEMBER_START = 0.3    # a member on the starter space, per autumn left
MEMBER_TENT = 0.2     # a member in the tent, per autumn left (it can migrate)
CARD = 0.6            # a ceremony card beyond what its condition gives now, while rounds are left
DEV_TRADES = ("rotate", "buy ", "discard ")

# phases (src/games/prehistory/prehistory.pxd)
PH_FILL, PH_START, PH_SPRING, PH_PICK, PH_SUMMER, PH_AUTUMN, PH_FINAL, PH_END = range(8)
# how much of the current round's actions is still ahead, by phase
ROUND_LEFT = {PH_START: 1.0, PH_SPRING: 1.0, PH_PICK: 0.6, PH_SUMMER: 0.5, PH_AUTUMN: 0.3, PH_FINAL: 0.1,
              PH_END: 0.0}

_TABLES: dict[str, Any] = {}


def _tables() -> dict[str, Any]:
    """Field offsets and component data of the compiled game module, read once."""
    if not _TABLES:
        module = importlib.import_module("cavemind.games._prehistory")   # the compiled game (untyped)
        data = module.DATA
        offsets = dict(module._OFFSETS)
        _TABLES.update(
            off=offsets,
            weather=[[len(rot) for rot in tile] for tile in data["weather_tiles"]],
            track=[(int(at), int(vp), int(dev)) for at, vp, dev in data["fishing"]["track"]],
        )
    return _TABLES


def _fishing_income(track: list[tuple[int, int, int]], position: int) -> float:
    best = 0.0
    for at, vp, dev in track:
        if position >= at:
            best = vp + dev / 3.0
    return best


def _lead_now(state: State, raw: bytes, me: int, other: int, players: int, off: dict[str, int]) -> float:
    """Final scoring now: me's points minus other's, never cut off (the heuristic saturates at +-30, so the
    victory points are set to shift the difference into its range; a third player's are set out of the way)."""
    from cavemind.game import State as StateClass

    base = off["victory_points"]
    vps = struct.unpack_from("<4h", raw, base)
    diff = vps[me] - vps[other]
    buf = bytearray(raw)
    shift = 0
    for _ in range(6):
        points = [-3000] * 4
        points[me], points[other] = shift, 0
        struct.pack_into("<4h", buf, base, *points)
        h = StateClass(state.game, bytes(buf)).heuristic()[me]
        if 0.0 < h < 1.0:
            return float(diff + (h - 0.5) * 60.0 - shift)
        shift += -50 if h >= 1.0 else 50
    return float(diff + (h - 0.5) * 60.0 - shift)


def _future(raw: bytes, p: int, t: float, springs: int, summers: int, autumns: float, tables: dict[str, Any]) -> float:
    """What player p can still expect beyond the final scoring as it stands now."""
    off = tables["off"]
    cubes = sum(raw[off["resources"] + 6 * p: off["resources"] + 6 * p + 6]) \
        + sum(raw[off["action_markers"] + 6 * p: off["action_markers"] + 6 * p + 6])
    dev = raw[off["development"] + p]
    use = min(1.0, t / 2.0)
    value = CUBE * use * cubes + DEV * use * dev
    value += summers * _fishing_income(tables["track"], raw[off["fishing_track"] + p])
    tile, rotation = raw[off["weather_tile"] + p], raw[off["weather_rotation"] + p]
    if tile < len(tables["weather"]):
        rots = tables["weather"][tile]
        value += WEATHER_CUBE * sum(rots[(rotation + k) % 4] for k in range(1, springs + 1))
    if autumns > 0:
        owner = off["member_owner"]
        count = off["member_count"]
        on_map = sum(raw[count + sp] for sp in range(88) if raw[owner + sp] == p + 1 and sp != 4)
        at_start = raw[off["starter_members"] + p]
        tent = raw[off["available_members"] + p]
        value += autumns * (MEMBER_MAP * on_map + MEMBER_START * at_start + MEMBER_TENT * tent)
    cards = sum(raw[off["hand"] + 34 * p: off["hand"] + 34 * p + 34])
    value += CARD * use * cards
    return float(value)


def evaluate(state: State, me: int) -> float:
    """Expected final points of `me` minus those of the best other player (terminal: 1000 for a win)."""
    if state.is_terminal():
        scores = state.scores()
        margin = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        r = state.returns()[me]
        return float((1000.0 if r == 1.0 else 0.0 if r > 0 else -1000.0) + margin)
    tables = _tables()
    off = tables["off"]
    raw = state.to_bytes()
    players, rnd, phase = raw[0], raw[1], raw[2]
    if phase == PH_FILL:
        phase = raw[off["after_fill"]]
        if phase == PH_SPRING and rnd > 0:    # a winter's draws: the spring is still ahead
            phase = PH_START
    rounds_after = 4 - rnd
    t = rounds_after + ROUND_LEFT.get(phase, 0.0)
    springs = rounds_after + (1 if phase == PH_START else 0)
    summers = rounds_after + (1 if phase <= PH_SUMMER else 0)
    autumns = rounds_after + (1.0 if phase < PH_AUTUMN else 0.5 if phase == PH_AUTUMN else 0.0)
    mine = _future(raw, me, t, springs, summers, autumns, tables)
    worst = None
    for q in range(players):
        if q == me:
            continue
        v = _lead_now(state, raw, me, q, players, off) + mine - _future(raw, q, t, springs, summers, autumns, tables)
        worst = v if worst is None else min(worst, v)
    return 0.0 if worst is None else worst


def _unfinished(state: State) -> bool:
    """An action under way: a sub-decision pending (paying, shamans, destination, footing, a member's move,
    building, settling)."""
    return bool(state.to_bytes()[_tables()["off"]["pending_decision"]] != 0)


def _is_trade(state: State, action: int) -> bool:
    return state.action_to_string(action).startswith(DEV_TRADES)


def _moves(state: State) -> list[int]:
    """Below the first decision: no development-point trades, and an autumn payment narrowed to the cheapest
    cube (most movement points, a marker before a resource, the colour held most) or a development point."""
    off = _tables()["off"]
    out: list[int] = []
    best: tuple[int, int, int] | None = None
    best_action = -1
    raw = state.to_bytes()
    me = state.current_player()
    for a in state.legal_actions():
        name = state.action_to_string(a)
        if name.startswith(DEV_TRADES):
            continue
        if name.startswith("move ") and name != "move dev":
            parts = name.split()
            colour = ["grey", "red", "yellow", "blue", "brown", "white"].index(parts[1])
            marker = len(parts) > 2
            held = raw[(off["action_markers"] if marker else off["resources"]) + 6 * me + colour]
            gain = state.child(a).to_bytes()[off["movement_points"]] - raw[off["movement_points"]]
            key = (gain, 1 if marker else 0, held)
            if best is None or key > best:
                best, best_action = key, a
            continue
        out.append(a)
    if best_action >= 0:
        out.append(best_action)
    return out


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    from cavemind.game import state_from_json

    me = view["observer"]
    state = state_from_json(view)  # the other seats' ceremony cards dealt with the fixed seed 0
    planner = PrehistoryPlanner(me, lambda s: evaluate(s, me), nodes=NODES, moves=_moves, is_trade=_is_trade,
                                trade_nodes=TRADE_NODES, unfinished=_unfinished)
    return planner.best(state, actions)
