"""A rule-based Stone Age player, after the usual strategy advice for the base game:

- value every placement in points: a person on a resource location is worth its expected yield (3.5 pips per
  die, divided by the location's divisor, tools rounding up to the next multiple), a resource is worth what it
  buys (a building pays its resources' values in points) discounted while there is time to spend it;
- agriculture, people (the hut) and tools early: their worth is what they produce over the rounds left;
- buildings whenever they are affordable; civilization cards when their bottom fits the engine (a new culture
  symbol, or a multiplier of what we have: farmers x agriculture, tool makers x tools, hut builders x
  buildings, shamans x people) and the top is worth the price;
- feeding is always covered: hunting is valued by the food still missing for the next feeding;
- in 2-player games a single spot the opponent wants is worth part of its value to them (blocking);
- tools only to reach the next multiple of the divisor, with the smallest set of tools that does it.

It reads only `view` (the state as the mover sees it), the legal actions and their notation.
"""
from __future__ import annotations

import itertools
import json
import math
import re
from functools import lru_cache
from importlib import resources
from typing import Any

RESOURCES = ("wood", "clay", "stone", "gold")
VALUE = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
DIVISOR = {"hunt": 2, "forest": 3, "claypit": 4, "quarry": 5, "river": 6}
RESOURCE_AT = {"forest": "wood", "claypit": "clay", "quarry": "stone", "river": "gold"}
# the order in which our placed people are resolved: tools and agriculture first (usable this round), then
# income, then buildings and cards (paid with that income)
RESOLVE_ORDER = ("toolmaker", "field", "hut", "river", "quarry", "claypit", "forest", "hunt", "animal",
                 "building1", "building2", "building3", "building4", "igloo1", "igloo2", "igloo3", "igloo4",
                 "card1", "card2", "card3", "card4")
# dice bar faces: 1 wood, 2 clay, 3 stone, 4 gold, 5 tool, 6 agriculture
BAR_FACE = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}
PERSON_POINTS = 3.0          # what a person placed on resources earns in a round (the opportunity cost)
FOOD_SHORT_POINTS = 3.0      # a food that avoids paying resources or the -10 at the next feeding


@lru_cache(maxsize=1)
def cards() -> dict[str, dict[str, Any]]:
    text = resources.files("cavemind").joinpath("data/stone_age/cards.json").read_text()
    return {card["id"]: card for card in json.loads(text)["cards"]}


# ------------------------------------------------------------------------------------------------ the position

class Me:
    """What the policy needs about one player, read from the view."""

    def __init__(self, view: dict[str, Any], seat: int):
        state = view["state"]
        p = state["players"][seat]
        self.seat = seat
        self.p = p
        self.people: int = p["people"]
        self.available: int = p["available"]
        self.agriculture: int = p["agriculture"]
        self.food: int = p["food"]
        self.stock: dict[str, int] = {r: p[r] for r in RESOURCES}
        self.tool_value: int = sum(p["tools"])
        self.free_tools: list[int] = [v for v, used in zip(p["tools"], p["tools_used"], strict=False) if v and not used]
        self.one_use: list[int] = list(p["one_use_tools"])
        own = list(p["cards"]) + (list(p["hidden_cards"]) if isinstance(p["hidden_cards"], list) else [])
        self.cards = [cards()[c] for c in own]
        self.buildings: int = p["buildings"]
        self.placed: dict[str, int] = dict(p["placed"])
        self.multipliers = {"farmer": 0, "tool_maker": 0, "hut_builder": 0, "shaman": 0}
        self.symbols: dict[str, int] = {}
        for card in self.cards:
            if "multiplier" in card:
                self.multipliers[card["multiplier"]] += card["figures"]
            else:
                self.symbols[card["culture"]] = self.symbols.get(card["culture"], 0) + 1


def rounds_left(state: dict[str, Any]) -> float:
    """Rounds still to play after this one, as the game's own estimate: the deck runs out at about three
    cards a round, a building stack at about two tiles every three rounds."""
    if state["step"]["end_triggered"]:
        return 0.0
    shortest: int = min(stack["left"] for stack in state["stacks"])
    deck: int = state["deck"]["size"]
    return max(0.0, min(deck / 3.0, shortest * 1.5 + 0.5) - 1.0)


def resource_points(resource: str, future: float) -> float:
    """A resource in hand: its building value while there is time to spend it, 1 point at the end."""
    spend = min(1.0, future / 3.0) * 0.75
    return 1.0 + (VALUE[resource] - 1) * spend


def committed(me: Me, state: dict[str, Any]) -> dict[str, int]:
    """Resources our placed people on buildings and cards will take at resolution (cards: the cheapest)."""
    need = dict.fromkeys(RESOURCES, 0)
    count = 0
    for loc in me.placed:
        if loc.startswith("building"):
            cost = building_cost(state["stacks"][int(loc[-1]) - 1]["top"])
            if isinstance(cost, dict):
                for r, n in cost.items():
                    need[r] += n
            elif cost is not None:
                count += cost[0]
        elif loc.startswith("card"):
            count += int(loc[-1])
    left = {r: me.stock[r] - need[r] for r in RESOURCES}
    for r in RESOURCES:
        take = min(max(left[r], 0), count)
        need[r] += take
        count -= take
    return need


def spare(me: Me, state: dict[str, Any]) -> dict[str, int]:
    need = committed(me, state)
    return {r: max(0, me.stock[r] - need[r]) for r in RESOURCES}


def building_cost(top: str | None) -> dict[str, int] | tuple[int, int] | None:
    """A fixed cost as {resource: n}; (count, kinds) for 'n of k kinds'; (1, 0) for '1 to 7 of any'."""
    if not top:
        return None
    if top == "1to7any":
        return (1, 0)
    m = re.fullmatch(r"(\d)of(\d)kinds?", top)
    if m:
        return (int(m.group(1)), int(m.group(2)))
    return {r: int(n) for n, r in re.findall(r"(\d)(wood|clay|stone|gold)", top)}


def best_variable_payment(stock: dict[str, int], count: int, kinds: int) -> dict[str, int] | None:
    """The most valuable payment of exactly `count` resources of exactly `kinds` kinds (kinds 0: 1 to 7 of
    any), or None. Points are the paid resources' values, so the dearest resources go first."""
    if kinds == 0:
        pay, left = dict.fromkeys(RESOURCES, 0), 7
        for r in reversed(RESOURCES):
            pay[r] = min(stock[r], left)
            left -= pay[r]
        return pay if sum(pay.values()) else None
    best, best_value = None, -1
    for chosen in itertools.combinations([r for r in RESOURCES if stock[r] > 0], kinds):
        pay = {r: (1 if r in chosen else 0) for r in RESOURCES}
        left = count - kinds
        for r in sorted(chosen, key=lambda r: VALUE[r], reverse=True):
            extra = min(stock[r] - 1, left)
            pay[r] += extra
            left -= extra
        if left == 0:
            value = sum(VALUE[r] * n for r, n in pay.items())
            if value > best_value:
                best, best_value = pay, value
    return best


def building_worth(me: Me, state: dict[str, Any], top: str, stock: dict[str, int], future: float) -> float:
    """Points a building brings over keeping its resources, or a negative value if we cannot pay it."""
    cost = building_cost(top)
    pay: dict[str, int] | None
    if isinstance(cost, dict):
        if any(stock[r] < n for r, n in cost.items()):
            return -1.0
        pay = cost
    else:
        pay = best_variable_payment(stock, *cost) if cost else None
        if pay is None:
            return -1.0
    points = sum(VALUE[r] * n for r, n in pay.items())
    kept = sum(resource_points(r, future) * n for r, n in pay.items())
    # a building is points now; resources are worth their value only if a later building takes them
    return points - 0.5 * kept + me.multipliers["hut_builder"] + 2.0


def projected(me: Me, what: str, future: float) -> float:
    if what == "farmer":
        return min(10.0, me.agriculture + 0.3 * future)
    if what == "tool_maker":
        return min(12.0, me.tool_value + 0.3 * future)
    if what == "hut_builder":
        return me.buildings + 0.6 * future
    return min(10.0, me.people + 0.2 * future)


def card_worth(me: Me, card_id: str, future: float) -> float:
    """What a civilization card brings: its bottom at the final scoring and its top effect now."""
    card = cards()[card_id]
    bottom: float
    value: float
    if "multiplier" in card:
        bottom = card["figures"] * projected(me, card["multiplier"], future)
    else:
        symbol = card["culture"]
        if symbol not in me.symbols:
            bottom = 2 * len(me.symbols) + 1 + 1.0
        else:
            second = sum(1 for n in me.symbols.values() if n >= 2)
            bottom = 2 * second + 1 if me.symbols[symbol] == 1 else 1.0
    top = card["top"]
    effect = top["effect"]
    if effect == "food":
        value = 0.5 * top["amount"]
    elif effect == "resource":
        value = top["amount"] * resource_points(top["resource"], future)
    elif effect == "points":
        value = top["amount"]
    elif effect == "agriculture":
        value = 1.5 * future if me.agriculture < 10 else 0.0
    elif effect == "tool":
        value = 0.8 * future if me.tool_value < 12 else 0.0
    elif effect == "one_use_tool":
        value = 0.8 * top["value"]
    elif effect == "dice_bar":
        value = 4.0
    elif effect == "extra_card":
        value = 5.0
    elif effect == "dice_resource":
        value = (7.0 + 0.5 * me.tool_value) / VALUE[top["resource"]] * resource_points(top["resource"], future)
    else:  # resources_of_choice
        value = top["amount"] * resource_points("gold", future)
    return bottom + value


def card_price(stock: dict[str, int], cost: int, future: float) -> float | None:
    """The cheapest way to pay `cost` resources, in points, or None if we cannot."""
    if sum(stock.values()) < cost:
        return None
    price, left = 0.0, cost
    for r in RESOURCES:
        take = min(stock[r], left)
        price += take * resource_points(r, future)
        left -= take
    return price


def food_missing(me: Me) -> float:
    """Food still missing at the next feeding, counting the expected yield of people already hunting."""
    income = me.agriculture + me.food + 1.75 * me.placed.get("hunt", 0)
    return me.people + (1 if "hut" in me.placed else 0) - income


def hunt_worth(me: Me, n: int, future: float) -> float:
    food = (3.5 * n + 0.5 * min(me.tool_value, 1)) / 2.0
    missing = max(0.0, food_missing(me))
    urgent = min(food, missing)
    return FOOD_SHORT_POINTS * urgent + 0.6 * (food - urgent)


def resource_worth(me: Me, loc: str, n: int, future: float, wanted: dict[str, float]) -> float:
    d = DIVISOR[loc]
    tools = sum(me.free_tools) + sum(me.one_use)
    units = max(0.0, (3.5 * n - (d - 1) / 2.0 + min(tools, d - 1) * 0.7) / d)
    r = RESOURCE_AT[loc]
    return units * resource_points(r, future) * wanted.get(r, 1.0)


def wanted_resources(me: Me, state: dict[str, Any]) -> dict[str, float]:
    """Resources that the visible fixed-cost buildings ask for and we lack are worth a little more."""
    want = dict.fromkeys(RESOURCES, 1.0)
    for stack in state["stacks"]:
        cost = building_cost(stack["top"])
        if isinstance(cost, dict):
            for r, n in cost.items():
                if me.stock[r] < n:
                    want[r] = 1.2
    return want


def spot_worth(me: Me, state: dict[str, Any], loc: str, n: int, future: float) -> float:
    """The points we expect from putting n people on loc this round (before the people's opportunity cost)."""
    stock = spare(me, state)
    if loc == "hunt":
        return hunt_worth(me, n, future)
    if loc in RESOURCE_AT:
        return resource_worth(me, loc, n, future, wanted_resources(me, state))
    if loc == "field":
        return (1.5 * future + me.multipliers["farmer"]) if me.agriculture < 10 else 0.0
    if loc == "hut":
        return (2.2 * future + me.multipliers["shaman"] - 1.0) if me.people < 10 else 0.0
    if loc == "toolmaker":
        if me.tool_value >= 12:
            return 0.0
        per_round = 0.8 if me.tool_value < 6 else 0.3
        return per_round * future + me.multipliers["tool_maker"] + 0.5
    if loc.startswith("card"):
        card = state["display"][int(loc[-1]) - 1]
        price = card_price(stock, int(loc[-1]), future) if card else None
        if price is None:
            return 0.0
        return card_worth(me, card, future) - price
    if loc.startswith("building"):
        top = state["stacks"][int(loc[-1]) - 1]["top"]
        worth = building_worth(me, state, top, stock, future) if top else -1.0
        return max(worth, 0.0)
    return 0.0  # igloos and animals: outside the base game this policy is tuned for


SINGLE_SPOTS = ("toolmaker", "hut", "field", "card1", "card2", "card3", "card4",
                "building1", "building2", "building3", "building4")


def parse_place(name: str) -> tuple[int | None, str]:
    parts = name.split()
    if len(parts) == 3:
        return int(parts[1]), parts[2]
    return None, parts[1]


def place_score(view: dict[str, Any], me: Me, opponents: list[Me], loc: str, n: int | None, future: float,
                open_spots: list[str]) -> tuple[float, int]:
    """Net points of a placement (worth minus the people's opportunity cost, plus blocking) and its count."""
    state = view["state"]
    if n is None:  # a location with a free count: choose it
        cap = min(me.available, 7)
        if loc == "hunt":
            missing = max(0.0, food_missing(me))
            best_n = max(1, min(me.available, math.ceil(missing / 1.75 + 0.3)))
        else:
            reserve = sum(2 if s == "hut" else 1 for s in open_spots
                          if spot_worth(me, state, s, 2 if s == "hut" else 1, future) > PERSON_POINTS * 1.2)
            best_n = max(1, min(cap, me.available - reserve))
        n = best_n
    score = spot_worth(me, state, loc, n, future) - PERSON_POINTS * n
    if loc in SINGLE_SPOTS and len(view["state"]["players"]) == 2:
        for other in opponents:
            if other.available >= (2 if loc == "hut" else 1):
                score += 0.4 * max(0.0, spot_worth(other, state, loc, 2 if loc == "hut" else 1, future)
                                   - PERSON_POINTS * (2 if loc == "hut" else 1))
    return score, n


def choose_placement(view: dict[str, Any], names: list[str]) -> int:
    state = view["state"]
    seat = state["current_player"]
    me = Me(view, seat)
    opponents = [Me(view, q) for q in range(len(state["players"])) if q != seat]
    future = rounds_left(state)
    options = [parse_place(name) for name in names]
    if state["phase"] == "place_count":
        loc = options[0][1]
        _, want = place_score(view, me, opponents, loc, None, future, [])
        counts = [n for n, _ in options if n is not None]  # (every count action names its count)
        return min(range(len(counts)), key=lambda i: abs(counts[i] - want))
    open_spots = [loc for _, loc in options if loc in SINGLE_SPOTS]
    best, best_score = 0, -math.inf
    for i, (n, loc) in enumerate(options):
        score, _ = place_score(view, me, opponents, loc, n, future, [s for s in open_spots if s != loc])
        if score > best_score + 1e-9:
            best, best_score = i, score
    return best


# ------------------------------------------------------------------------------------------------ sub-decisions

def choose_tools(view: dict[str, Any], names: list[str]) -> int:
    """The smallest set of free tools that reaches the next multiple of the divisor; play its largest tool."""
    state = view["state"]
    step = state["step"]
    loc = step["loc"]
    if loc in DIVISOR:
        d = DIVISOR[loc]
    else:  # a 2-dice card: the resource of the card being carried out
        card = cards().get(step["card"] or "", {})
        d = VALUE.get(card.get("top", {}).get("resource", "wood"), 3)
    total = step["dice_total"] + step["tool_bonus"]
    needed = d - total % d
    offered = []  # (value, is card, index)
    for i, name in enumerate(names):
        m = re.fullmatch(r"use tool (card )?(\d)", name)
        if m:
            offered.append((int(m.group(2)), bool(m.group(1)), i))
    me = Me(view, state["current_player"])
    pool = [(v, False) for v in me.free_tools] + [(v, True) for v in me.one_use]
    best, best_cost = None, math.inf
    for k in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, k):
            value = sum(v for v, _ in combo)
            if value < needed:
                continue
            cost = value + sum(3 for _, card in combo if card)  # a one-use card is gone for good
            if cost < best_cost:
                best, best_cost = combo, cost
    stop = names.index("stop") if "stop" in names else 0
    if best is None or (loc == "hunt" and food_missing(me) <= 0):
        return stop
    top = max(best, key=lambda t: (t[0], not t[1]))
    for value, is_card, i in offered:
        if value == top[0] and is_card == top[1]:
            return i
    return stop


def choose_payment(view: dict[str, Any], names: list[str]) -> int:
    state = view["state"]
    step = state["step"]
    me = Me(view, state["current_player"])
    future = rounds_left(state)
    loc = step["loc"]
    pays = {name.split()[1]: i for i, name in enumerate(names) if name.startswith("pay ") and name != "pay bonus gold"}
    if state["phase"] == "pay_card":
        if "decline" in names and not any(step["paid"]):
            card = step["card"] or state["display"][int(loc[-1]) - 1]
            price = card_price(me.stock, int(loc[-1]), future)
            if price is None or card_worth(me, card, future) - price < 0:
                return names.index("decline")
        for r in RESOURCES:  # cards cost a number of resources: the cheapest go
            if r in pays:
                return pays[r]
    if state["phase"] == "pay_building":
        top = state["stacks"][int(loc[-1]) - 1]["top"] if loc.startswith("building") else None
        cost = building_cost(top)
        paid = dict(zip(RESOURCES, step["paid"], strict=False))
        if isinstance(cost, tuple):
            have = {r: me.stock[r] + paid[r] for r in RESOURCES}
            target = best_variable_payment(have, *cost)
            if target is not None:
                for r in RESOURCES:
                    if r in pays and paid[r] < target[r]:
                        return pays[r]
                if "build" in names:
                    return names.index("build")
        for r in RESOURCES:
            if r in pays:
                return pays[r]
        if "build" in names:
            return names.index("build")
    if state["phase"] == "feed_pay":
        if "starve" in names and not any(step["paid"]):
            gap = step["pay_left"]
            price = card_price(me.stock, gap, future)
            if price is None or price > 10.0:
                return names.index("starve")
        for r in RESOURCES:
            if r in pays:
                return pays[r]
    return 0


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    """The Stone Age expert's choice: an index into `actions` (whose notation is `names`)."""
    state = view["state"]
    phase = state["phase"]
    if phase in ("place", "place_count"):
        return choose_placement(view, names)
    if phase == "resolve":
        locs = [name.split()[1] for name in names]
        return min(range(len(locs)), key=lambda i: RESOLVE_ORDER.index(locs[i]) if locs[i] in RESOLVE_ORDER else 99)
    if phase == "tools":
        return choose_tools(view, names)
    if phase in ("pay_card", "pay_building", "feed_pay"):
        return choose_payment(view, names)
    me = Me(view, state["current_player"])
    future = rounds_left(state)
    if phase == "bar_pick":
        def worth(name: str) -> float:
            what = BAR_FACE[int(name.split()[1])]
            if what == "agriculture":
                return 1.5 * future if me.agriculture < 10 else 0.0
            if what == "tool":
                return 0.8 * future + me.multipliers["tool_maker"] if me.tool_value < 12 else 0.0
            return resource_points(what, future)
        return max(range(len(names)), key=lambda i: worth(names[i]))
    if phase == "choose":
        want = wanted_resources(me, state)
        return max(range(len(names)),
                   key=lambda i: resource_points(names[i].split()[1], future) * want[names[i].split()[1]])
    if phase == "build_fixed":
        if "build +stone" in names and spare(me, state)["stone"] > 1:
            return names.index("build +stone")
        return names.index("build") if "build" in names else 0
    if phase == "card_bonus":
        return names.index("pay bonus gold") if "pay bonus gold" in names else 0
    if phase == "animal_reward":
        face = state["step"]["animal_face"]
        if face in (5, 6) and future > 4 and "take reward" in names:
            return names.index("take reward")
        return names.index("take 3 points") if "take 3 points" in names else 0
    return 0
