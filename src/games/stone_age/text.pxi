# Stone Age: the notation (action_to_string, README.md "Action space and notation") and the readable board.

def action_to_string(bytes data, action):
    cdef State s
    cdef int k
    action = action_id(action, NUM_ACTIONS, "stone_age")
    s = load(data)
    a = action
    if A_PLACE <= a < A_COUNT:
        loc = a - A_PLACE
        k = max_people_for(&s, s.current, loc) if s.phase == PH_PLACE else 1
        if loc <= L_RIVER and k > 1:
            return f"place {LOCATIONS[loc]}"
        return f"place {max(k, 1)} {LOCATIONS[loc]}"
    if A_COUNT <= a < A_RESOLVE:
        return f"place {a - A_COUNT + 1} {LOCATIONS[s.loc] if s.loc < NUM_LOC else '?'}"
    if A_RESOLVE <= a < A_TOOL:
        return f"resolve {LOCATIONS[a - A_RESOLVE]}"
    if A_TOOL <= a < A_TOOL_CARD:
        return f"use tool {a - A_TOOL + 1}"
    if A_TOOL_CARD <= a < A_PAY:
        return f"use tool card {a - A_TOOL_CARD + 2}"
    if A_PAY <= a < A_TAKE:
        return f"pay {RESOURCES[a - A_PAY]}"
    if A_TAKE <= a < A_PICK:
        return f"take {RESOURCES[a - A_TAKE]}"
    if A_PICK <= a < A_STOP:
        return f"pick {a - A_PICK + 1}"
    fixed = {A_STOP: "stop", A_DECLINE: "decline", A_STARVE: "starve", A_BUILD: "build",
             A_BUILD_BONUS: "build +stone", A_BONUS_GOLD: "pay bonus gold", A_REWARD: "take reward",
             A_POINTS: "take 3 points", C_HIDDEN: "draw hidden card"}
    if a in fixed:
        return fixed[a]
    if C_SUM <= a < C_FACE:
        return f"roll {a - C_SUM + 1}"
    if C_FACE <= a < C_CARD:
        return f"die {a - C_FACE + 1}"
    if C_CARD <= a < C_ANIMAL:
        verb = "draw" if s.phase == PH_DRAW_HIDDEN else "reveal"
        return f"{verb} {CARD_TYPE_NAMES[a - C_CARD] if a - C_CARD < NUM_CARD_TYPES else '?'}"
    if C_ANIMAL <= a < C_BUILDING:
        return f"reveal {ANIMAL_NAMES[a - C_ANIMAL]}"
    if C_BUILDING <= a < C_HIDDEN:
        return f"reveal {BUILDING_NAMES[a - C_BUILDING] if a - C_BUILDING < NUM_BUILDING_TYPES else '?'}"
    if A_TAKE_KEPT <= a < NUM_ACTIONS:
        k = a - A_TAKE_KEPT
        return f"take kept {RESOURCES[KEPT_PAIR[k][0]]}+{RESOURCES[KEPT_PAIR[k][1]]}"
    return f"action {a}"


# Words for the board (the move notation keeps its own short names).
PHASE_TEXT = ("refill the display", "reveal", "place people", "how many people to place", "resolve locations",
              "roll the dice", "use tools", "pay for a card", "card bonus", "build", "pay for a building",
              "roll for the dice card", "pick a die", "draw a card face down", "choose resources", "roll for the animal",
              "animal reward", "feed the people", "game over")
MULTIPLIER_TEXT = {"farmer": ("farmer", "agriculture"), "tool_maker": ("tool maker", "tools"),
                   "hut_builder": ("hut builder", "buildings"), "shaman": ("shaman", "people")}


def card_top_text(card):
    """What a civilization card gives when bought (its top)."""
    top = card["top"]
    amount = top.get("amount")
    return {"food": f"{amount} food", "points": f"{amount} points", "resource": f"{amount} {top.get('resource')}",
            "agriculture": "agriculture +1", "tool": "a tool", "one_use_tool": f"a one-use tool of {top.get('value')}",
            "dice_bar": "a die for every player", "dice_resource": f"2 dice for {top.get('resource')}",
            "extra_card": "an extra card face down", "resources_of_choice": f"{amount or 2} resources of choice",
            }[top["effect"]]


def card_bottom_text(card):
    """How a civilization card scores at the end (its bottom): a culture symbol, or figures times a count."""
    if card.get("culture"):
        return f"culture {card['culture']}"
    figure, counts = MULTIPLIER_TEXT[card["multiplier"]]
    return f"{card['figures']} {figure}{'s' if card['figures'] > 1 else ''} x {counts}"


def card_text(card_id):
    """A card by what it gives, e.g. '5 food / culture healing [G01]' (the id is the one the moves use)."""
    card = CARD_INFO[CARD_IDS.index(card_id)]
    return f"{card_top_text(card)} / {card_bottom_text(card)} [{card_id}]"


def describe_building(int t):
    """A building type by its price in words and its points."""
    if BT_KINDS[t]:
        kinds = "1 kind" if BT_KINDS[t] == 1 else f"{BT_KINDS[t]} kinds"
        return f"{BT_COUNT[t]} resources of {kinds}, points = their value"
    if BT_MAX[t]:
        return f"1 to {BT_MAX[t]} resources of any kinds, points = their value"
    cost = ", ".join(f"{BT_COST[t][r]} {RESOURCES[r]}" for r in range(4) if BT_COST[t][r])
    return f"{cost} for {BT_POINTS[t]} points"


def _scoring_text(card_ids):
    """The bottoms of a player's cards, grouped: culture symbols, then figures by kind."""
    cultures = []
    figures = {}
    for cid in card_ids:
        card = CARD_INFO[CARD_IDS.index(cid)]
        if card.get("culture"):
            cultures.append(card["culture"])
        else:
            figures[card["multiplier"]] = figures.get(card["multiplier"], 0) + card["figures"]
    parts = ["culture " + ", ".join(cultures)] if cultures else []
    for m, k in figures.items():
        figure, counts = MULTIPLIER_TEXT[m]
        parts.append(f"{k} {figure}{'s' if k > 1 else ''} x {counts}")
    return "; ".join(parts) or "-"


DIE_REWARDS = "1 wood, 2 clay, 3 stone, 4 gold, 5 tool, 6 agriculture"


cdef str _step_text(State* s):
    """The step under way, in words, when it has numbers the player needs (dice, what is left to pay)."""
    cdef int r
    paid = ", ".join(f"{s.paid[r]} {RESOURCES[r]}" for r in range(4) if s.paid[r]) or "nothing"
    if s.phase == PH_TOOLS:
        return f"at {LOCATIONS[s.loc]}: dice total {s.dice_total}, +{s.tool_bonus} from tools"
    if s.phase == PH_PAY_CARD:
        return f"buying {LOCATIONS[s.loc]}: {plural(s.pay_left, 'resource')} still to pay (paid {paid})"
    if s.phase == PH_PAY_BUILDING:
        return f"paying for {LOCATIONS[s.loc]}: paid {paid}"
    if s.phase == PH_FEED_PAY:
        return f"feeding: {plural(s.pay_left, 'resource')} still to pay instead of food (paid {paid})"
    if s.phase == PH_CHOOSE:
        return f"{plural(s.choice_left, 'resource')} of choice still to take"
    if s.phase == PH_BAR_PICK:
        faces = ", ".join(str(f + 1) for f in range(6) for _ in range(s.bar[f]))
        return f"dice to pick from: {faces} (die rewards: {DIE_REWARDS})"
    return ""


def render(bytes data, observer=None):
    """The readable board."""
    doc = state_to_dict(data, observer)
    cdef State s = load(data)
    cdef int t
    lines = [f"Stone Age, round {doc['round']}, start player P{doc['start_player']}, {PHASE_TEXT[s.phase]}"
             + ("" if s.finished else f", P{doc['current_player']} to act"
                if current_player(&s) >= 0 else ", chance")]
    lines.append("civilization cards (price in resources: what the card gives / how it scores [card]):")
    for i, c in enumerate(doc["display"]):
        lines.append(f"  card{i + 1} ({plural(i + 1, 'resource')}): " + (card_text(c) if c else "-"))
    lines.append(f"deck: {plural(doc['deck']['size'], 'card')}" +
                 (f", animals in deck: {', '.join(doc['deck']['animals'])}" if doc['deck']['animals'] else ""))
    lines.append("buildings (top of each stack):")
    for i in range(s.num_players):
        t = s.stack_top[i]
        lines.append(f"  building{i + 1}: " + (describe_building(t) if t != NONE else "-")
                     + f" ({s.stack_count[i]} left)")
    if s.options & OPT_IGLOOS:
        lines.append("igloos: " + ", ".join(
            f"{IGLOO_NAMES[i]} ({', '.join(f'{IGLOO_COST[i][r]} {RESOURCES[r]}' for r in range(4) if IGLOO_COST[i][r])}"
            f" for {IGLOO_POINTS[i]} points){' built' if (s.igloos_built >> i) & 1 else ''}" for i in range(4)))
    if s.options & OPT_ANIMALS:
        lines.append(f"animal: {doc['animal'] or '-'}" + (f" (-{ANIMAL_DEDUCTION[s.animal]} pips)"
                                                       if s.animal != NONE else "")
                     + (f", waiting: {', '.join(doc['animals_waiting'])}" if doc["animals_waiting"] else ""))
    step = _step_text(&s)
    if step:
        lines.append("now: " + step)
    lines.append("tools: tile values, * = used this round")
    for q, p in enumerate(doc["players"]):
        tools = "/".join(f"{v}{'*' if u else ''}" for v, u in zip(p["tools"], p["tools_used"]) if v) or "-"
        hidden = p["hidden_cards"]
        hidden_text = (_scoring_text(hidden) if isinstance(hidden, list) else f"{hidden} unknown") if hidden else "-"
        lines.append(
            f"P{q}{' (start)' if q == doc['start_player'] else ''}: {p['score']} points, food {p['food']}, "
            f"wood {p['wood']}, clay {p['clay']}, stone {p['stone']}, gold {p['gold']}, "
            f"agriculture {p['agriculture']}, people {p['people']} ({p['available']} at home), tools {tools}"
            + (f", one-use tools {', '.join(map(str, p['one_use_tools']))}" if p["one_use_tools"] else "")
            + f", buildings {p['buildings']}" + (f", igloos {p['igloos']}" if p["igloos"] else "")
            + (f", on the animal {p['on_animal']}" if p["on_animal"] else ""))
        lines.append(f"    cards: {_scoring_text(p['cards'])}; face down: {hidden_text}")
        if p["placed"]:
            lines.append("    placed: " + ", ".join(f"{n} {l}" for l, n in p["placed"].items()))
    return "\n".join(lines)


def describe_card(card_id):
    """A short description of a card, e.g. 'G01 healing / 5 food' (the pictures split it into three lines)."""
    card = CARD_INFO[CARD_IDS.index(card_id)]
    top = card["top"]
    e = top["effect"]
    text = {"food": f"{top.get('amount')} food", "points": f"{top.get('amount')} points",
            "resource": f"{top.get('amount')} {top.get('resource')}", "agriculture": "agriculture",
            "tool": "tool", "one_use_tool": f"tool card {top.get('value')}", "dice_bar": "dice bar",
            "dice_resource": f"2 dice for {top.get('resource')}", "extra_card": "extra card",
            "resources_of_choice": "2 resources of choice"}[e]
    bottom = card.get("culture") or f"{card['multiplier']} x{card['figures']}"
    return f"{card_id} {bottom} / {text}"
