# Dino Jagd: move notation (action_to_string) and the text board (render). Included by dino_jagd.pyx.

REACTION_NAMES = ["Superschocker", "Stoersender", "Fehlschuss", "Glueckstreffer", "Zielfernrohr", "Stoerfeld"]


def action_to_string(bytes data, action):
    a = action_id(action, NUM_ACTIONS, "dino_jagd")
    cdef DinoState s = load(data)
    if A_PLACE <= a < A_TRAVEL:
        c, k = divmod(a - A_PLACE, NUM_SLOTS)
        return f"place {CREATURE_NAMES[c]} {_slot_name(k)}"
    if a < A_HUNT:
        return f"travel {PERIOD_CODES[a - A_TRAVEL]}"
    if a < A_END:
        c = _tops(data)[a - A_HUNT]
        name = CREATURE_NAMES[c] if c != NONE else "?"
        return f"hunt {name} {_slot_name(a - A_HUNT)}"
    if a == A_END:
        return "end turn"
    if a < A_KEIN_AUSSTERBEN:
        return f"Aussterben {PERIOD_CODES[a - A_AUSSTERBEN]}"
    if a < A_ZEITSCHLEIFE:
        return f"Kein Aussterben {PERIOD_CODES[a - A_KEIN_AUSSTERBEN]}"
    if a < A_PASS:
        return f"Zeitschleife {CREATURE_NAMES[a - A_ZEITSCHLEIFE]}"
    if a == A_PASS:
        return "pass"
    if a < C_DIE:
        return REACTION_NAMES[a - A_REACT]
    if a < C_REVEAL:
        return f"roll {a - C_DIE + 1}"
    if a < C_SPECIAL:
        return f"reveal {CREATURE_NAMES[a - C_REVEAL]}"
    if a < C_SPECIAL_HIDDEN:
        return f"draw {SPECIAL_NAMES[a - C_SPECIAL]}"
    if a == C_SPECIAL_HIDDEN:
        return "draw ?"
    if a < NUM_ACTIONS:
        return f"first player {a - C_FIRST}"
    return f"action {a}"


def render(bytes data, observer=None):
    doc = state_to_dict(data, observer)
    cdef DinoState s = load(data)
    lines = [f"Dino Jagd, {s.num_players} players, turn {s.turns}, phase {doc['phase']}, "
             f"player {s.current} to play"
             + (f", seen from player {observer}" if observer is not None else "")]
    lines.append(f"play deck: top {doc['play_deck']['top'] or '-'}, {s.deck_below} below; "
                 f"Kein Aussterben marker: {doc['kein_aussterben_marker'] or '-'}")
    lines.append("periods: [the players whose hunter is there], then the three spaces, each a stack from the bottom up "
                 "(the last creature, on top, can be hunted)")
    for q, code in enumerate(PERIOD_CODES):
        spaces = ["/".join(stack) if stack else "." for stack in doc["hunting_area"][code]]
        here = "".join(str(i) for i in range(s.num_players) if s.pos[i] == q)
        lines.append(f"  {code:<2} {PERIOD_NAMES[q]:<17} [{here:<4}] " + " | ".join(spaces))
    if doc["to_place"]:
        lines.append("to place: " + ", ".join(doc["to_place"]))
    for i, p in enumerate(doc["players"]):
        hand = ", ".join(p["hand"]) if "hand" in p else plural(p['hand_count'], "secret card")
        lines.append(f"player {i}: energy {p['energy']}, in {p['period']}, {plural(p['captured_points'], 'point')} "
                     f"({plural(len(p['captured']), 'creature')}: {', '.join(p['captured']) or '-'}); "
                     f"face up: {', '.join(p['face_up']) or '-'}; hand: {hand or '-'}")
    if "hunt" in doc:
        h = doc["hunt"]
        lines.append(f"hunt: {h['target']} in {h['space']}, die {h['die']}, modifier {h['modifier']:+d}, "
                     f"override {h['override'] or '-'}")
    lines.append(f"dinosaur discards seen: {', '.join(doc['dinosaur_discards_seen']) or '-'}")
    return "\n".join(lines)
