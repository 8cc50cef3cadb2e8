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


def render(bytes data, observer=None):
    """The readable board."""
    doc = state_to_dict(data, observer)
    cdef State s = load(data)
    lines = [f"Stone Age, round {doc['round']}, start player {doc['start_player']}, phase {doc['phase']}"
             + ("" if s.finished else f", player {doc['current_player']} to act"
                if current_player(&s) >= 0 else ", chance")]
    cards = []
    for i, c in enumerate(doc["display"]):
        cards.append(f"card{i + 1} (cost {i + 1}): " + (describe_card(c) if c else "-"))
    lines.append("Display: " + " | ".join(cards))
    lines.append(f"Deck: {plural(doc['deck']['size'], 'card')}" +
                 (f", animals in deck: {', '.join(doc['deck']['animals'])}" if doc['deck']['animals'] else ""))
    lines.append("Buildings: " + " | ".join(f"building{i + 1}: {st['top'] or '-'} ({st['left']} left)"
                                          for i, st in enumerate(doc["stacks"])))
    if s.options & OPT_IGLOOS:
        lines.append("Igloos: " + ", ".join(
            f"{IGLOO_NAMES[i]} ({_cost_name({RESOURCES[r]: IGLOO_COST[i][r] for r in range(4)})}, "
            f"{IGLOO_POINTS[i]} pts){' built' if (s.igloos_built >> i) & 1 else ''}" for i in range(4)))
    if s.options & OPT_ANIMALS:
        lines.append(f"Animal: {doc['animal'] or '-'}" + (f" (-{ANIMAL_DEDUCTION[s.animal]} pips)"
                                                       if s.animal != NONE else "")
                     + (f", waiting: {', '.join(doc['animals_waiting'])}" if doc["animals_waiting"] else ""))
    for q, p in enumerate(doc["players"]):
        tools = "/".join(f"{v}{'*' if u else ''}" for v, u in zip(p["tools"], p["tools_used"]) if v) or "-"
        hidden = p["hidden_cards"]
        hidden_text = (", ".join(hidden) if isinstance(hidden, list) else f"{hidden} unknown") if hidden else "-"
        lines.append(
            f"P{q}{' (start)' if q == doc['start_player'] else ''}: score {p['score']}, food {p['food']}, "
            f"wood {p['wood']} clay {p['clay']} stone {p['stone']} gold {p['gold']}, "
            f"agriculture {p['agriculture']}, people {p['people']} ({p['available']} home), tools {tools}"
            + (f", tool cards {p['one_use_tools']}" if p["one_use_tools"] else "")
            + f", buildings {p['buildings']}" + (f", igloos {p['igloos']}" if p["igloos"] else "")
            + (f", on animal {p['on_animal']}" if p["on_animal"] else ""))
        lines.append(f"    cards: {', '.join(p['cards']) or '-'}; face down: {hidden_text}")
        if p["placed"]:
            lines.append("    placed: " + ", ".join(f"{n} {l}" for l, n in p["placed"].items()))
    return "\n".join(lines)


def describe_card(card_id):
    """A short description of a card, e.g. 'G01 healing / 5 food'."""
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
