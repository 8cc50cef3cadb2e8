# Jäger und Späher: JSON positions: state_to_dict (whole or as a player sees it), state_from_dict with
# its validation, and check_state; the location names they share with the notation. Included by jaeger_und_spaeher.pyx.

from cavemind.games.fields import (
    boolean, counts, field, in_range, int_list, integer, known_fields, one_of, shown, typed)

# The fields of each object of a position, as state_to_dict writes them: loading refuses any other (README.md);
# the objects of counts are keyed by character, object and material names, checked as names.
STATE_FIELDS = ("to_move", "turn", "phase", "terminal", "winner", "final_turn", "players", "display", "locations",
                "holy_places", "location_discards", "objects_discarded_face_up", "object_pile", "gathered",
                "took_back", "current_slot", "revealed_slot", "queue")
PLAYER_FIELDS = ("points", "hunger", "tribe_card", "camp", "reserve", "bonus_spaces_passed", "characters", "objects",
                 "created", "discarded_face_down")
LOCATION_FIELDS = ("slot", "card", "covered", "members", "locked")
HOLY_PLACE_FIELDS = ("slot", "place", "members", "locked")

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


def _members(value, path):
    """[player 0, player 1] member counts, each 0..MEMBERS (they go into byte fields)."""
    return int_list(value, 0, MEMBERS, path, length=2)


def check_state(bytes data, params=None):
    """None when `data` is a Jäger und Späher state the rules allow, otherwise "field: reason". With the
    game's `params`, the options stored in the state (variant, Holy Places, turn limit) must match them:
    the table's maximum game length comes from the turn limit."""
    error = state_error(data, sizeof(JState), check)
    if error is not None or params is None:
        return error
    cdef JState s = load(data)
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
    known_fields(doc, STATE_FIELDS)
    base_state(&s, params)
    s.to_move = integer(doc, "to_move", 0, 1)
    s.turn = integer(doc, "turn", 0, 5000)
    s.phase = one_of(PHASE_NAMES, field(doc, "phase"), "phase")
    s.terminal = boolean(doc, "terminal", default=False)
    if s.terminal:
        s.winner = one_of(("player 0", "player 1", "shared"), doc.get("winner"), "winner")
    s.final_turn = boolean(doc, "final_turn", default=False)
    players = field(doc, "players", kind=list)
    if len(players) != 2:
        raise ValueError(f"players: expected 2 entries, got {len(players)}")
    hidden_hand = [None, None]
    hidden_disc = [None, None]
    for p, pd in enumerate(players):
        w = f"players[{p}]"
        typed(pd, dict, w)
        known_fields(pd, PLAYER_FIELDS, w)
        s.points[p] = integer(pd, "points", 0, TARGET + 1, w + ".points")
        s.hunger[p] = integer(pd, "hunger", 0, HUNGER_TILES, w + ".hunger")
        s.tribe[p] = integer(pd, "tribe_card", 0, MEMBERS, w + ".tribe_card")
        s.camp[p] = integer(pd, "camp", 0, MEMBERS, w + ".camp")
        s.reserve[p] = integer(pd, "reserve", 0, MEMBERS, w + ".reserve")
        passed = typed(pd.get("bonus_spaces_passed", []), list, w + ".bonus_spaces_passed")
        s.bonus_done[p] = 0
        for x in passed:
            s.bonus_done[p] |= 1 << one_of((9, 14, 18), x, w + ".bonus_spaces_passed")
        for t, n in enumerate(counts(pd.get("characters", {}), CHAR_NAMES, 40, w + ".characters")):
            s.hand[p][t] = n
        objs = pd.get("objects", {})
        if isinstance(objs, dict) and "hidden" in objs:        # a seat's view: only how many
            known_fields(objs, ("hidden",), w + ".objects")
            hidden_hand[p] = integer(objs, "hidden", 0, 31, w + ".objects.hidden")
            for o in range(NOBJ):
                s.obj_hand[p][o] = 0
        else:
            for o, n in enumerate(counts(objs, OBJ_NAMES, 40, w + ".objects")):
                s.obj_hand[p][o] = n
        for o, n in enumerate(counts(pd.get("created", {}), OBJ_NAMES, 40, w + ".created")):
            s.obj_created[p][o] = n
        disc = pd.get("discarded_face_down", {})
        if isinstance(disc, dict) and "hidden" in disc:
            known_fields(disc, ("hidden",), w + ".discarded_face_down")
            hidden_disc[p] = integer(disc, "hidden", 0, 31, w + ".discarded_face_down.hidden")
        else:
            for o, n in enumerate(counts(disc, OBJ_NAMES, 40, w + ".discarded_face_down")):
                s.obj_disc_hidden[p][o] = n
    display = field(doc, "display", kind=list)
    if len(display) != 3:
        raise ValueError(f"display: expected 3 rows, got {len(display)}")
    memset(s.rows, 0, sizeof(s.rows))
    for r, row in enumerate(display):
        typed(row, list, f"display[{r}]")
        if len(row) > 24:
            raise ValueError(f"display[{r}]: at most 24 entries, got {len(row)}")
        s.row_len[r] = len(row)
        for k, c in enumerate(row):
            s.rows[r][k] = one_of(CHAR_NAMES, c, f"display[{r}][{k}]")
    used = set()
    for i, ld in enumerate(field(doc, "locations", default=[], kind=list)):
        w = f"locations[{i}]"
        typed(ld, dict, w)
        known_fields(ld, LOCATION_FIELDS, w)
        slot = integer(ld, "slot", 0, NNORM - 1, w + ".slot")
        c = one_of(LOC_NAMES, field(ld, "card", w + ".card"), w + ".card")
        if c in used or s.loc_card[slot] != EMPTY:
            raise ValueError(f"{w}.card: repeated or slot already used")
        used.add(c)
        s.loc_card[slot] = c
        covered = int_list(ld.get("covered", []), 0, LOC_N[c] - 1, w + ".covered")      # space indices
        s.loc_cover[slot] = sum(1 << x for x in set(covered))
        if s.loc_cover[slot] == full_mask(c):
            raise ValueError(f"{w}.covered: a fully covered location is discarded")
        men = _members(ld.get("members"), w + ".members")
        if sum(men) > 3:
            raise ValueError(f"{w}.members: at most 3 in all")
        s.loc_men[slot][0], s.loc_men[slot][1] = men
        s.locked[slot] = integer(ld, "locked", 0, 3, w + ".locked")
    for i, hd in enumerate(field(doc, "holy_places", default=[], kind=list)):
        w = f"holy_places[{i}]"
        typed(hd, dict, w)
        known_fields(hd, HOLY_PLACE_FIELDS, w)
        slot = NNORM + integer(hd, "slot", 0, NHOLY - 1, w + ".slot")
        place = one_of(FACE_NAMES, field(hd, "place", w + ".place"), w + ".place")
        if s.loc_card[slot] != EMPTY:
            raise ValueError(f"{w}.place: slot already used")
        s.loc_card[slot] = place
        men = _members(hd.get("members"), w + ".members")
        if min(men) > 0:
            raise ValueError(f"{w}.members: members of one player only")
        s.loc_men[slot][0], s.loc_men[slot][1] = men
        s.locked[slot] = integer(hd, "locked", 0, 5, w + ".locked")
    s.loc_disc = 0
    for k, name in enumerate(field(doc, "location_discards", default=[], kind=list)):
        c = one_of(LOC_NAMES, name, f"location_discards[{k}]")
        if c in used:
            raise ValueError(f"location_discards[{k}]: {name} is face up")
        s.loc_disc |= (<uint64_t>1) << c
    s.loc_draw = 0
    for c in range(NLOC):
        if c not in used and not (s.loc_disc >> c) & 1:
            s.loc_draw |= (<uint64_t>1) << c
    for o, n in enumerate(counts(doc.get("objects_discarded_face_up", {}), OBJ_NAMES, 40, "objects_discarded_face_up")):
        s.obj_disc_open[o] = n
    pile = doc.get("object_pile", {})
    pile_count = None
    memset(s.obj_draw, 0, sizeof(s.obj_draw))
    if isinstance(pile, int) and not isinstance(pile, bool):
        pile_count = in_range(pile, 0, 31, "object_pile")
    else:
        for o, n in enumerate(counts(pile, OBJ_NAMES, 40, "object_pile")):
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
    for m, n in enumerate(counts(doc.get("gathered", {}), MATERIALS, 40, "gathered")):
        s.pool[m] = n
    s.took_back = boolean(doc, "took_back", default=False)
    s.cur_slot = integer(doc, "current_slot", 0, NNORM - 1, default=EMPTY, none=EMPTY)
    s.revealed_slot = integer(doc, "revealed_slot", 0, NNORM - 1, default=EMPTY, none=EMPTY)
    if s.phase == P_COVER and (s.cur_slot == EMPTY or s.loc_card[s.cur_slot] == EMPTY):
        raise ValueError("current_slot: the cover phase needs a face-up location")
    queue = field(doc, "queue", default=[], kind=list)
    if len(queue) > QMAX:
        raise ValueError(f"queue: at most {QMAX} entries, got {len(queue)}")
    for k, item in enumerate(queue):
        if not isinstance(item, list) or len(item) != 3:
            raise ValueError(f"queue[{k}]: expected [operation name, int, int], got {shown(item)}")
        s.queue[k][0] = 1 + one_of(OP_NAMES[1:], item[0], f"queue[{k}][0]")
        s.queue[k][1] = in_range(item[1], 0, 255, f"queue[{k}][1]")
        s.queue[k][2] = in_range(item[2], 0, 255, f"queue[{k}][2]")
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
