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


PHASE_TEXT = ("play a character, take back or sunset", "take back members", "cover a space",
              "shortage: discard a location", "carry out the instructions", "chance")
LOCATION_LEGEND = ("locations: W = wilderness, H = hunting ground; the raw materials of its spaces, "
                   "[covered] spaces in brackets; members of player 0/player 1")


def _words(name):
    """A card or object name as words: 'great_hunter' -> 'great hunter'."""
    return name.replace("_", " ")


def _holy_place_text(int f):
    """What a holy place gives its members and when (the trigger and the effect of cards.json)."""
    when = ("at sunset", "at the first take-back of a turn", "when an object is created",
            "when a character is played")[FACE_TRIG[f]]
    what = ("one hunger tile fewer", f"1 {MATERIALS[FACE_MAT[f]]}", "1 point", "draw an object",
            "return a hunger tile")[FACE_EFF[f]]
    return f"{when}: {what}"


def _counted(counts):
    return ", ".join(_words(k) + (f" x{v}" if v > 1 else "") for k, v in counts.items()) or "-"


def _step_text(int op, int a, int b):
    """One pending step of the turn as an instruction in words."""
    if op == OP_REVEAL_WILD:
        return "reveal a wilderness card"
    if op == OP_REVEAL_HUNT:
        return "reveal a hunting ground card"
    if op == OP_REVEAL_CHOICE:
        return "reveal a wilderness or a hunting ground card"
    if op == OP_PLACE:
        where = FILTER_NAMES[b].replace(" (object)", "")
        where = "any location" if where == "any" else (
            "the revealed location" if where == "revealed" else f"a {where}")
        return f"place up to {plural(a, 'member')} on {where}"
    if op == OP_DRAW:
        return "draw an object" if a == 255 else f"player {a} draws an object"
    if op == OP_CAMP:
        return "move a member from the camp to the tribe card"
    if op == OP_TAKE_HUNGER:
        return "take a hunger tile" + (" unless you have none" if a == 1 else "")
    if op == OP_RETURN_HUNGER:
        return f"return {plural(a, 'hunger tile')}"
    if op == OP_TAKE_CHAR:
        return f"take {plural(a, 'character')} from the end of a row"
    if op == OP_PUTROW:
        return f"put the {_words(CHAR_NAMES[a])} at the end of the shortest row"
    if op == OP_KEEP:
        return "keep one object face down, discard the rest"
    if op == OP_SUNSET_TAKE:
        return f"sunset: take characters from the rows ({a} taken so far)"
    if op == OP_REFILL:
        return "reveal a wilderness card if none is face up"
    if op == OP_FINISH:
        return "end of the turn"
    if op == OP_SETUP_SPECIAL:
        return f"lay out a special character in row {ROW_NAMES[a]}"
    if op == OP_SETUP_HOLY:
        return "lay out a holy place"
    if op == OP_BACK:
        return "back to the turn" if a == 1 else "back to taking back"
    if op == OP_POINT:
        return f"gain {plural(a, 'point')}"
    if op == OP_BONUS:
        return f"bonus space: take or decline the bonus ({plural(a, 'point')} still to move)"
    if op == OP_SUNSET_HUNGER:
        return f"sunset: take {plural(a, 'hunger tile')}"
    return "-"


def render(bytes data, observer=None):
    doc = state_to_dict(data, observer)
    cdef JState s = load(data)
    cdef int k
    lines = [f"Jäger und Späher ({VARIANTS[s.variant]}, holy places: {HOLY_MODES[s.holy_mode]}), turn {s.turn}, "
             + (f"over: {doc['winner']} wins" if s.terminal else f"player {s.to_move} to move ({PHASE_TEXT[s.phase]})")]
    for p, pd in enumerate(doc["players"]):
        objs = pd["objects"]
        lines.append(f"player {p}{' (you)' if observer == p else ''}: {plural(pd['points'], 'point')}, "
                     f"{plural(pd['hunger'], 'hunger tile')}, members: {pd['tribe_card']} on the tribe card, "
                     f"{pd['camp']} in the camp, {pd['reserve']} in the reserve")
        lines.append("  characters: " + _counted(pd["characters"]))
        lines.append("  objects: " + ((f"{objs['hidden']} face down" if objs["hidden"] else "-") if "hidden" in objs else _counted(objs))
                     + "; created: " + _counted(pd["created"]))
    for r, row in enumerate(doc["display"]):
        lines.append(f"row {ROW_NAMES[r]}: " + (", ".join(_words(c) for c in row) or "-"))
    if doc["locations"]:
        lines.append(LOCATION_LEGEND)
    for ld in doc["locations"]:
        c = LOC_NAMES.index(ld["card"])
        spaces = " ".join(("[" + MATERIALS[LOC_SP[c][k]] + "]") if k in ld["covered"] else MATERIALS[LOC_SP[c][k]]
                          for k in range(LOC_N[c]))
        lines.append(f"{ld['card']:>4}: {spaces}  members {ld['members'][0]}/{ld['members'][1]}")
    for hd in doc["holy_places"]:
        lines.append(f"holy place {_words(hd['place'])} ({_holy_place_text(FACE_NAMES.index(hd['place']))}): "
                     f"members {hd['members'][0]}/{hd['members'][1]}")
    pile = doc["object_pile"]
    lines.append(f"object pile: {plural(pile if isinstance(pile, int) else sum(pile.values()), 'object')}"
                 + (f"; gathered this turn: {_counted(doc['gathered'])}" if doc["gathered"] else ""))
    if s.qlen:
        lines.append("to do, in order: " + "; ".join(_step_text(s.queue[k][0], s.queue[k][1], s.queue[k][2])
                                                     for k in range(s.qlen)))
    return "\n".join(lines)
