# Jäger und Späher: move notation (action_to_string) and the text board (render). Included by jaeger_und_spaeher.pyx.

def action_to_string(bytes data, action):
    cdef int a = action_id(action, NUM_ACTIONS, "jaeger_und_spaeher")
    cdef JState s = load(data)
    if A_PLAY <= a < A_TAKEBACK:
        return f"play {CHAR_NAMES[a - A_PLAY]}"
    if A_TAKEBACK <= a < A_SUNSET:
        return f"take back {_slot_name(&s, a - A_TAKEBACK)}"
    if a == A_SUNSET:
        return "sunset"
    if a == A_STOP:
        return "stop"
    if A_PLACE <= a < A_HOLY:
        return f"place {_slot_name(&s, a - A_PLACE)}"
    if A_HOLY <= a < A_COVER:
        return f"place {(a - A_HOLY) % 5 + 1} {_slot_name(&s, NNORM + (a - A_HOLY) // 5)}"
    if A_COVER <= a < A_CREATE:
        return f"cover {MATERIALS[a - A_COVER]}"
    if A_CREATE <= a < A_KEEP:
        return f"create {OBJ_NAMES[a - A_CREATE]}"
    if A_KEEP <= a < A_ROW:
        return f"keep {OBJ_NAMES[a - A_KEEP]}"
    if A_ROW <= a < A_PUTROW:
        return f"take row {ROW_NAMES[a - A_ROW]}"
    if A_PUTROW <= a < A_REVEAL_W:
        return f"put row {ROW_NAMES[a - A_PUTROW]}"
    if a == A_REVEAL_W:
        return "reveal wilderness"
    if a == A_REVEAL_H:
        return "reveal hunting ground"
    if A_SHORT <= a < A_KEEP_HIDDEN:
        return f"discard {_slot_name(&s, a - A_SHORT)}"
    if a == A_KEEP_HIDDEN:
        return "keep ?"
    if a == A_BONUS_TAKE:
        return "take bonus"
    if a == A_BONUS_DECLINE:
        return "decline bonus"
    if C_LOC <= a < C_OBJ:
        return f"reveal {LOC_NAMES[a - C_LOC]}"
    if C_OBJ <= a < C_OBJ_HIDDEN:
        return f"draw {OBJ_NAMES[a - C_OBJ]}"
    if a == C_OBJ_HIDDEN:
        return "draw ?"
    if C_SPECIAL <= a < C_HOLY:
        return f"lay out {CHAR_NAMES[a - C_SPECIAL]}"
    return f"lay out {FACE_NAMES[a - C_HOLY]}"


def render(bytes data, observer=None):
    doc = state_to_dict(data, observer)
    cdef JState s = load(data)
    lines = [f"Jäger und Späher ({VARIANTS[s.variant]}, holy places: {HOLY_MODES[s.holy_mode]}), turn {s.turn}, "
             + (f"over: {doc['winner']} wins" if s.terminal else f"player {s.to_move} to move ({doc['phase']})")]
    for p, pd in enumerate(doc["players"]):
        objs = pd["objects"]
        lines.append(f"player {p}{' (you)' if observer == p else ''}: {plural(pd['points'], 'point')}, {pd['hunger']} hunger, "
                     f"tribe card {pd['tribe_card']}, camp {pd['camp']}, reserve {pd['reserve']}")
        lines.append("  characters: " + (", ".join(f"{k} x{v}" for k, v in pd["characters"].items()) or "-"))
        lines.append("  objects: " + (f"{objs['hidden']} face down" if "hidden" in objs
                                     else ", ".join(f"{k} x{v}" for k, v in objs.items()) or "-")
                     + "; created: " + (", ".join(f"{k} x{v}" for k, v in pd["created"].items()) or "-"))
    for r, row in enumerate(doc["display"]):
        lines.append(f"row {ROW_NAMES[r]}: " + (" ".join(row) or "-"))
    for ld in doc["locations"]:
        c = LOC_NAMES.index(ld["card"])
        spaces = " ".join(("[" + MATERIALS[LOC_SP[c][k]] + "]") if k in ld["covered"] else MATERIALS[LOC_SP[c][k]]
                          for k in range(LOC_N[c]))
        lines.append(f"{ld['card']:>4}: {spaces}  members {ld['members'][0]}/{ld['members'][1]}")
    for hd in doc["holy_places"]:
        lines.append(f"holy {hd['place']}: members {hd['members'][0]}/{hd['members'][1]}")
    lines.append(f"object pile: {doc['object_pile'] if observer is not None else sum(doc['object_pile'].values())}"
                 + (f"; gathered: {doc['gathered']}" if doc["gathered"] else ""))
    if doc["queue"]:
        lines.append("pending: " + ", ".join(f"{op}({a},{b})" for op, a, b in doc["queue"]))
    return "\n".join(lines)
