# Jäger und Späher: JSON positions: state_to_dict (whole or as a player sees it), state_from_dict with
# its validation, and check_state; the location names they share with the notation. Included by jaeger_und_spaeher.pyx.

cdef list _u8(const uint8_t* a, int n):
    return [a[i] for i in range(n)]


def _counts(arr):
    return {OBJ_NAMES[o]: int(arr[o]) for o in range(NOBJ) if arr[o]}


cdef str _slot_name(JState* s, int slot):
    if slot >= NNORM:
        f = s.loc_card[slot]
        return FACE_NAMES[f] if f != EMPTY else f"holy{slot - NNORM}"
    c = s.loc_card[slot]
    return LOC_NAMES[c] if c != EMPTY else f"slot{slot}"


def state_to_dict(bytes data, observer=None):
    cdef JState s = load(data)
    cdef int p, slot, k, r
    players = []
    for p in range(2):
        hidden = observer is not None and observer != p
        players.append({
            "points": s.points[p], "hunger": s.hunger[p], "tribe_card": s.tribe[p], "camp": s.camp[p],
            "reserve": s.reserve[p],
            "bonus_spaces_passed": [sp for b, sp in enumerate((9, 14, 18)) if (s.bonus_done[p] >> b) & 1],
            "characters": {CHAR_NAMES[t]: int(s.hand[p][t]) for t in range(NCHAR) if s.hand[p][t]},
            "objects": {"hidden": sum(s.obj_hand[p][o] for o in range(NOBJ))} if hidden else _counts(_u8(s.obj_hand[p], NOBJ)),
            "created": _counts(_u8(s.obj_created[p], NOBJ)),
            "discarded_face_down": ({"hidden": sum(s.obj_disc_hidden[p][o] for o in range(NOBJ))} if hidden
                                    else _counts(_u8(s.obj_disc_hidden[p], NOBJ))),
        })
    locations = []
    for slot in range(NNORM):
        if s.loc_card[slot] != EMPTY:
            locations.append({"slot": slot, "card": LOC_NAMES[s.loc_card[slot]],
                              "covered": [k for k in range(LOC_N[s.loc_card[slot]]) if (s.loc_cover[slot] >> k) & 1],
                              "members": [s.loc_men[slot][0], s.loc_men[slot][1]], "locked": s.locked[slot]})
    holy = []
    for slot in range(NNORM, NSLOT):
        if s.loc_card[slot] != EMPTY:
            holy.append({"slot": slot - NNORM, "place": FACE_NAMES[s.loc_card[slot]],
                         "members": [s.loc_men[slot][0], s.loc_men[slot][1]], "locked": s.locked[slot]})
    return {
        "to_move": s.to_move, "turn": s.turn, "phase": PHASE_NAMES[s.phase],
        "terminal": bool(s.terminal), "winner": (["player 0", "player 1", "shared"][s.winner] if s.terminal else None),
        "final_turn": bool(s.final_turn),
        "players": players,
        "display": [[CHAR_NAMES[s.rows[r][k]] for k in range(s.row_len[r])] for r in range(3)],
        "locations": locations, "holy_places": holy,
        "location_discards": [LOC_NAMES[c] for c in range(NLOC) if (s.loc_disc >> c) & 1],
        "objects_discarded_face_up": _counts(_u8(s.obj_disc_open, NOBJ)),
        "object_pile": (sum(s.obj_draw[o] for o in range(NOBJ)) if observer is not None else _counts(_u8(s.obj_draw, NOBJ))),
        "gathered": {MATERIALS[m]: int(s.pool[m]) for m in range(NMAT) if s.pool[m]},
        "took_back": bool(s.took_back),
        "current_slot": None if s.cur_slot == EMPTY else s.cur_slot,
        "revealed_slot": None if s.revealed_slot == EMPTY else s.revealed_slot,
        "queue": [[OP_NAMES[s.queue[k][0]], s.queue[k][1], s.queue[k][2]] for k in range(s.qlen)],
    }


def _int(doc, key, lo, hi, where=None):
    name = where or key
    if key not in doc:
        raise ValueError(f"{name}: missing")
    v = doc[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: expected an integer {lo}..{hi}, got {v!r}")
    return v


def _bool(doc, key):
    v = doc.get(key, False)
    if not isinstance(v, bool):
        raise ValueError(f"{key}: expected true or false")
    return v


def _member_pair(men):
    """[player 0, player 1] member counts, each an integer 0..5 (they go into byte fields)."""
    return (isinstance(men, list) and len(men) == 2
            and all(not isinstance(x, bool) and isinstance(x, int) and 0 <= x <= MEMBERS for x in men))


def _named_counts(value, names, where):
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected an object of name: count")
    out = [0] * len(names)
    for k, v in value.items():
        if k not in names:
            raise ValueError(f"{where}: unknown name {k!r}")
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 40:
            raise ValueError(f"{where}.{k}: expected a count")
        out[names.index(k)] = v
    return out


def check_state(bytes data, params=None):
    """None when `data` is a Jäger und Späher state the rules allow, otherwise "field: reason". With the
    game's `params`, the options stored in the state (variant, Holy Places, turn limit) must match them:
    the table's maximum game length comes from the turn limit."""
    cdef char msg[200]
    cdef JState s
    if len(data) != sizeof(JState):
        return f"state: expected {sizeof(JState)} bytes, got {len(data)}"
    memcpy(&s, <const char*>data, sizeof(JState))
    if check(&s, msg, sizeof(msg)):
        return msg.decode()
    if params is not None:
        options = (VARIANTS[s.variant], HOLY_MODES[s.holy_mode], s.turn_limit)
        wanted = (params.get("variant", "normal"), params.get("holy_places", "none"),
                  params.get("turn_limit", TURN_LIMIT))
        for name, have, want in zip(("variant", "holy_places", "turn_limit"), options, wanted):
            if have != want:
                return f"{name}: the state has {have!r}, the game {want!r}"
    return None


def state_from_dict(dict params, dict doc):
    _check_params(params)
    cdef JState s
    cdef char msg[200]
    cdef int p, o, k, r, slot
    base_state(&s, params)
    s.to_move = _int(doc, "to_move", 0, 1)
    s.turn = _int(doc, "turn", 0, 5000)
    phase = doc.get("phase")
    if phase not in PHASE_NAMES:
        raise ValueError(f"phase: expected one of {PHASE_NAMES}")
    s.phase = PHASE_NAMES.index(phase)
    s.terminal = _bool(doc, "terminal")
    winner = doc.get("winner")
    if s.terminal:
        if winner not in ("player 0", "player 1", "shared"):
            raise ValueError("winner: expected 'player 0', 'player 1' or 'shared' at the end")
        s.winner = ["player 0", "player 1", "shared"].index(winner)
    s.final_turn = _bool(doc, "final_turn")
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(x, dict) for x in players):
        raise ValueError("players: expected a list of 2 objects")
    hidden_hand = [None, None]
    hidden_disc = [None, None]
    for p, pd in enumerate(players):
        w = f"players[{p}]"
        s.points[p] = _int(pd, "points", 0, TARGET + 1, w + ".points")
        s.hunger[p] = _int(pd, "hunger", 0, HUNGER_TILES, w + ".hunger")
        s.tribe[p] = _int(pd, "tribe_card", 0, MEMBERS, w + ".tribe_card")
        s.camp[p] = _int(pd, "camp", 0, MEMBERS, w + ".camp")
        s.reserve[p] = _int(pd, "reserve", 0, MEMBERS, w + ".reserve")
        passed = pd.get("bonus_spaces_passed", [])
        if not isinstance(passed, list) or any(x not in (9, 14, 18) for x in passed):
            raise ValueError(f"{w}.bonus_spaces_passed: expected a list of 9, 14, 18")
        s.bonus_done[p] = sum(1 << (9, 14, 18).index(x) for x in set(passed))
        for t, n in enumerate(_named_counts(pd.get("characters", {}), CHAR_NAMES, w + ".characters")):
            s.hand[p][t] = n
        objs = pd.get("objects", {})
        if isinstance(objs, dict) and set(objs) == {"hidden"}:
            hidden_hand[p] = _int(objs, "hidden", 0, 31, w + ".objects.hidden")
            for o in range(NOBJ):
                s.obj_hand[p][o] = 0
        else:
            for o, n in enumerate(_named_counts(objs, OBJ_NAMES, w + ".objects")):
                s.obj_hand[p][o] = n
        for o, n in enumerate(_named_counts(pd.get("created", {}), OBJ_NAMES, w + ".created")):
            s.obj_created[p][o] = n
        disc = pd.get("discarded_face_down", {})
        if isinstance(disc, dict) and set(disc) == {"hidden"}:
            hidden_disc[p] = _int(disc, "hidden", 0, 31, w + ".discarded_face_down.hidden")
        else:
            for o, n in enumerate(_named_counts(disc, OBJ_NAMES, w + ".discarded_face_down")):
                s.obj_disc_hidden[p][o] = n
    display = doc.get("display")
    if not isinstance(display, list) or len(display) != 3:
        raise ValueError("display: expected 3 rows")
    memset(s.rows, 0, sizeof(s.rows))
    for r, row in enumerate(display):
        if not isinstance(row, list) or len(row) > 24 or any(c not in CHAR_NAMES for c in row):
            raise ValueError(f"display[{r}]: expected a list of character names")
        s.row_len[r] = len(row)
        for k, c in enumerate(row):
            s.rows[r][k] = CHAR_NAMES.index(c)
    used = set()
    locs = doc.get("locations", [])
    if not isinstance(locs, list):
        raise ValueError("locations: expected a list")
    for i, ld in enumerate(locs):
        w = f"locations[{i}]"
        if not isinstance(ld, dict):
            raise ValueError(f"{w}: expected an object")
        slot = _int(ld, "slot", 0, NNORM - 1, w + ".slot")
        card = ld.get("card")
        if not isinstance(card, str) or card not in LOC_NAMES or card in used or s.loc_card[slot] != EMPTY:
            raise ValueError(f"{w}.card: unknown, repeated or slot already used")
        used.add(card)
        c = LOC_NAMES.index(card)
        s.loc_card[slot] = c
        covered = ld.get("covered", [])
        if not isinstance(covered, list) or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < LOC_N[c]
                                                for x in covered):
            raise ValueError(f"{w}.covered: expected space indices")
        s.loc_cover[slot] = sum(1 << x for x in set(covered))
        if s.loc_cover[slot] == full_mask(c):
            raise ValueError(f"{w}.covered: a fully covered location is discarded")
        men = ld.get("members")
        if not _member_pair(men) or sum(men) > 3:
            raise ValueError(f"{w}.members: expected [player 0, player 1], at most 3 in all")
        s.loc_men[slot][0], s.loc_men[slot][1] = men
        s.locked[slot] = _int(ld, "locked", 0, 3, w + ".locked")
    holy = doc.get("holy_places", [])
    if not isinstance(holy, list):
        raise ValueError("holy_places: expected a list")
    for i, hd in enumerate(holy):
        w = f"holy_places[{i}]"
        if not isinstance(hd, dict):
            raise ValueError(f"{w}: expected an object")
        slot = NNORM + _int(hd, "slot", 0, NHOLY - 1, w + ".slot")
        if not isinstance(hd.get("place"), str) or hd["place"] not in FACE_NAMES or s.loc_card[slot] != EMPTY:
            raise ValueError(f"{w}.place: unknown place or slot already used")
        s.loc_card[slot] = FACE_NAMES.index(hd["place"])
        men = hd.get("members")
        if not _member_pair(men) or min(men) > 0:
            raise ValueError(f"{w}.members: expected [player 0, player 1], members of one player only")
        s.loc_men[slot][0], s.loc_men[slot][1] = men
        s.locked[slot] = _int(hd, "locked", 0, 5, w + ".locked")
    disc = doc.get("location_discards", [])
    if not isinstance(disc, list) or any(not isinstance(c, str) or c not in LOC_NAMES or c in used for c in disc):
        raise ValueError("location_discards: expected names of location cards not face up")
    s.loc_disc = 0
    for c in disc:
        s.loc_disc |= (<uint64_t>1) << LOC_NAMES.index(c)
    s.loc_draw = 0
    for c in range(NLOC):
        if LOC_NAMES[c] not in used and not (s.loc_disc >> c) & 1:
            s.loc_draw |= (<uint64_t>1) << c
    for o, n in enumerate(_named_counts(doc.get("objects_discarded_face_up", {}), OBJ_NAMES, "objects_discarded_face_up")):
        s.obj_disc_open[o] = n
    pile = doc.get("object_pile", {})
    pile_count = None
    memset(s.obj_draw, 0, sizeof(s.obj_draw))
    if isinstance(pile, int) and not isinstance(pile, bool):
        pile_count = pile
    else:
        for o, n in enumerate(_named_counts(pile, OBJ_NAMES, "object_pile")):
            s.obj_draw[o] = n
    # fill what the position leaves hidden from the unseen objects, in type order (callers determinize)
    unseen = []
    for o in range(NOBJ):
        known = (s.obj_hand[0][o] + s.obj_hand[1][o] + s.obj_created[0][o] + s.obj_created[1][o] + s.obj_disc_open[o]
                 + s.obj_disc_hidden[0][o] + s.obj_disc_hidden[1][o] + (s.obj_draw[o] if pile_count is None else 0))
        if known > OBJ_COPIES[o]:
            raise ValueError(f"objects: more {OBJ_NAMES[o]} than the {OBJ_COPIES[o]} in the game")
        unseen += [o] * (OBJ_COPIES[o] - known)
    need = [(hidden_hand[p], p, 0) for p in range(2) if hidden_hand[p] is not None]
    need += [(hidden_disc[p], p, 1) for p in range(2) if hidden_disc[p] is not None]
    if pile_count is not None:
        need.append((pile_count, 0, 2))
    if sum(n for n, _, _ in need) != len(unseen):
        raise ValueError(f"objects: the counts do not add up to the 31 objects ({len(unseen)} unaccounted for)")
    for n, p, where in need:
        for o in unseen[:n]:
            if where == 0:
                s.obj_hand[p][o] += 1
            elif where == 1:
                s.obj_disc_hidden[p][o] += 1
            else:
                s.obj_draw[o] += 1
        unseen = unseen[n:]
    for p in range(2):
        total = s.tribe[p] + s.camp[p] + s.reserve[p] + sum(s.loc_men[slot][p] for slot in range(NSLOT))
        if total != MEMBERS:
            raise ValueError(f"players[{p}]: {total} tribe members in all, expected {MEMBERS}")
    if s.hunger[0] + s.hunger[1] > HUNGER_TILES:
        raise ValueError("hunger: more than the 16 hunger tiles")
    for m, n in enumerate(_named_counts(doc.get("gathered", {}), MATERIALS, "gathered")):
        s.pool[m] = n
    s.took_back = _bool(doc, "took_back")
    for key in ("current_slot", "revealed_slot"):
        v = doc.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < NNORM):
            raise ValueError(f"{key}: expected null or a slot 0..{NNORM - 1}")
    s.cur_slot = EMPTY if doc.get("current_slot") is None else doc["current_slot"]
    s.revealed_slot = EMPTY if doc.get("revealed_slot") is None else doc["revealed_slot"]
    if s.phase == P_COVER and (s.cur_slot == EMPTY or s.loc_card[s.cur_slot] == EMPTY):
        raise ValueError("current_slot: the cover phase needs a face-up location")
    queue = doc.get("queue", [])
    if not isinstance(queue, list) or len(queue) > QMAX:
        raise ValueError(f"queue: expected a list of at most {QMAX} [op, a, b]")
    for k, item in enumerate(queue):
        if (not isinstance(item, list) or len(item) != 3 or item[0] not in OP_NAMES[1:]
                or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 255 for x in item[1:])):
            raise ValueError(f"queue[{k}]: expected [operation name, int, int]")
        s.queue[k][0] = OP_NAMES.index(item[0])
        s.queue[k][1] = item[1]
        s.queue[k][2] = item[2]
    s.qlen = len(queue)
    if not s.terminal and s.phase in (P_OP, P_CHANCE) and s.qlen == 0:
        raise ValueError("queue: an instruction or chance phase needs a queued operation")
    # every rule invariant, including that a decision or a chance event is available
    if check(&s, msg, sizeof(msg)):
        raise ValueError(msg.decode())
    return dump(&s)


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef JState s = load(data)
    return PHASE_NAMES[s.phase]
