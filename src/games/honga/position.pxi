# Honga: the state as bytes (load, state_size), positions as JSON-ready dicts (state_to_dict, state_from_dict
# with its field validation) and check_state for Python.

cdef HongaState load(bytes data) except *:
    cdef HongaState s
    if data is None or len(data) != sizeof(HongaState):
        raise ValueError(f"state: expected {sizeof(HongaState)} bytes")
    memcpy(&s, <const char*>data, sizeof(s))
    return s


def state_size():
    return sizeof(HongaState)


cdef dict _kinds(const uint8_t* counts):
    return {KIND_NAMES[k]: counts[k] for k in range(NUM_KINDS) if counts[k]}


def state_to_dict(bytes data, observer=None):
    cdef HongaState s = load(data)
    n = s.num_players
    hide = observer is not None and pending_hidden(&s, observer)
    pile = s.disc_pile
    if hide:
        for i in range(s.n_pending):
            pile |= <uint64_t>1 << s.pending[i]
    players = []
    for i in range(n):
        pl = {
            "score": s.score[i],
            "fish": s.res[i][0], "berry": s.res[i][1], "mushroom": s.res[i][2], "water": s.res[i][3],
            "board_mammoths": s.board_mammoths[i], "depot_mammoths": s.depot_mammoths[i],
            "mountain": s.mountain[i],
            "disc": None if s.waiting_disc[i] == NO_DISC else s.waiting_disc[i],
            "last_placed": s.last_placed[i],
        }
        if observer is None:
            pl["bonus"] = _kinds(s.bonus_known[i])
            pl["bonus_fresh"] = _kinds(s.bonus_fresh[i])
        else:
            pl["bonus"] = _kinds(s.bonus_known[i]) if i == observer else bonus_total(s.bonus_known[i])
            pl["bonus_fresh"] = bonus_total(s.bonus_fresh[i])
        players.append(pl)
    doc = {
        "to_move": s.to_move, "phase": PHASE_NAMES[s.phase], "turn": s.turn,
        "finished": bool(s.finished), "end_triggered": bool(s.end_triggered), "setup_discs": s.setup_discs,
        "players": players,
        "herd": [s.herd[i] for i in range(s.herd_len)],
        "tusk": None if s.tusk < 0 else s.tusk, "honga": None if s.honga < 0 else s.honga,
        "stamp": s.stamp,
        "disc_pile": [d for d in range(NUM_DISCS) if (pile >> d) & 1],
        "disc_under": {colour: [[d if observer is None or s.under_by[d] == observer else None, s.under_by[d]]
                                for d in sorted((d for d in range(lo, hi) if s.under_pos[d]), key=lambda d: s.under_pos[d])]
                       for colour, lo, hi in (("grey", 0, NUM_GREY), ("red", NUM_GREY, NUM_DISCS))},
        "field_top": [None if s.field_top[i] == NO_DISC else s.field_top[i] for i in range(4)],
        "trade_slots": [None if s.trade_slot[i] == NO_DISC else s.trade_slot[i] for i in range(3)],
        "trade_pile": [c for c in range(NUM_TRADE) if (s.trade_pile >> c) & 1],
        "bonus_pile": _kinds(s.bonus_pile) if observer is None else bonus_total(s.bonus_pile),
        "bonus_discard": _kinds(s.bonus_discard),
        "bonus_played": _kinds(s.bonus_played),
        "turn_state": {
            "field": ROUND_NAMES[s.cur_field], "rotation": s.cur_rot,
            "disc": None if s.cur_disc == NO_DISC else s.cur_disc,
            "uses": {FIELD_NAMES[f]: s.uses[f] for f in range(NUM_FIELDS) if s.uses[f]},
            "cards_played": s.cards_played, "sated": bool(s.sated), "extra_disc": bool(s.extra_disc),
            "pending_bonus_draws": s.pend_bonus, "refill_trade": bool(s.pend_trade),
            "pending_disc_draws": s.pend_disc, "draw_red": bool(s.draw_red),
            "drawn_discs": [None if hide else s.pending[i] for i in range(s.n_pending)],
            "top_reached": bool(s.top_reached),
            "payment": None if s.phase != PH_PAY else {
                "for": PAY_NAMES[s.pay_kind],
                "owe": {RES_NAMES[r]: s.owe[r] for r in range(3) if s.owe[r]},
                "owe_any": s.owe_any, "owe_mammoths": s.owe_mam,
                "last_paid": None if s.pay_key == 255 else ("any" if s.pay_key == 3 else RES_NAMES[s.pay_key]),
                "last_rank": s.pay_floor, "swap": bool(s.pay_swap), "slot": s.pay_slot, "points": s.pay_points,
                "herd_below": s.mam_floor, "herd_given": bool(s.mam_herd)},
        },
    }
    return doc


def _int(doc, key, lo, hi, where=None):
    name = where or key
    if key not in doc:
        raise ValueError(f"{name}: missing")
    v = doc[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: expected an integer in {lo}..{hi}, got {v!r}")
    return v


def _bool(doc, key, where=None):
    v = doc.get(key, False)
    if not isinstance(v, bool):
        raise ValueError(f"{where or key}: expected true or false")
    return v


def _opt_id(v, hi, name):
    if v is None:
        return NO_DISC
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < hi:
        raise ValueError(f"{name}: expected null or an integer in 0..{hi - 1}, got {v!r}")
    return v


def _kind_counts(v, name):
    """A {kind: count} dict, or an int (a count of unknown kinds: returned as None, total)."""
    if isinstance(v, int) and not isinstance(v, bool):
        if not 0 <= v <= NUM_BONUS:
            raise ValueError(f"{name}: a count must be in 0..{NUM_BONUS}")
        return None, v
    if not isinstance(v, dict):
        raise ValueError(f"{name}: expected a {{kind: count}} object or a count")
    counts = [0] * NUM_KINDS
    for k, c in v.items():
        if k not in KIND_NAMES:
            raise ValueError(f"{name}: unknown bonus kind {k!r}")
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= NUM_BONUS:
            raise ValueError(f"{name}: count of {k} must be an integer in 0..{NUM_BONUS}")
        counts[KIND_NAMES.index(k)] = c
    return counts, sum(counts)


def _id_list(v, hi, name, maxlen=None):
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < hi for x in v):
        raise ValueError(f"{name}: expected a list of integers in 0..{hi - 1}")
    if len(set(v)) != len(v):
        raise ValueError(f"{name}: an id appears twice")
    if maxlen is not None and len(v) > maxlen:
        raise ValueError(f"{name}: at most {maxlen} entries")
    return v


def state_from_dict(dict params, dict doc):
    cdef HongaState s
    n = params["players"]
    s = fresh_state(n)
    memset(s.bonus_pile, 0, NUM_KINDS)
    if not isinstance(doc, dict):
        raise ValueError("state: expected an object")
    s.to_move = _int(doc, "to_move", 0, n - 1)
    ph = doc.get("phase")
    if ph not in PHASE_NAMES:
        raise ValueError(f"phase: expected one of {list(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(ph)
    s.turn = _int(doc, "turn", 0, MAX_TURNS)
    s.finished = _bool(doc, "finished")
    s.end_triggered = _bool(doc, "end_triggered")
    s.setup_discs = _int(doc, "setup_discs", 0, n)
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise ValueError(f"players: expected a list of {n} objects")
    unknown = []          # (place, count) to fill from the unseen pool
    known_total = [0] * NUM_KINDS
    for i, pl in enumerate(players):
        w = f"players[{i}]"
        if not isinstance(pl, dict):
            raise ValueError(f"{w}: expected an object")
        s.score[i] = _int(pl, "score", -1000, 10000, w + ".score")
        for r, name in enumerate(RES_NAMES):
            s.res[i][r] = _int(pl, name, 0, RES_STORE, f"{w}.{name}")
        s.board_mammoths[i] = _int(pl, "board_mammoths", 0, 6, w + ".board_mammoths")
        s.depot_mammoths[i] = _int(pl, "depot_mammoths", 0, 6, w + ".depot_mammoths")
        s.mountain[i] = _int(pl, "mountain", 0, MOUNTAIN_TOP - 1, w + ".mountain")
        s.waiting_disc[i] = _opt_id(pl.get("disc"), NUM_DISCS, w + ".disc")
        s.last_placed[i] = _int(pl, "last_placed", 0, 65535, w + ".last_placed")
        for key, target in (("bonus", 0), ("bonus_fresh", 1)):
            counts, total = _kind_counts(pl.get(key, {}), f"{w}.{key}")
            if counts is None:
                unknown.append((i, target, total))
            else:
                for k in range(NUM_KINDS):
                    if target == 0:
                        s.bonus_known[i][k] = counts[k]
                    else:
                        s.bonus_fresh[i][k] = counts[k]
                    known_total[k] += counts[k]
    herd = doc.get("herd")
    if not isinstance(herd, list) or len(herd) > HERD_SIZE[n] or any(
            isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n for x in herd):
        raise ValueError(f"herd: expected a list of at most {HERD_SIZE[n]} seats, newest first")
    s.herd_len = len(herd)
    for i, x in enumerate(herd):
        s.herd[i] = x
    for i in range(n):
        if s.board_mammoths[i] + s.depot_mammoths[i] + herd.count(i) != MAMMOTHS_PER_PLAYER:
            raise ValueError(f"players[{i}].depot_mammoths: board + depot + herd must be {MAMMOTHS_PER_PLAYER}")
    s.tusk = -1 if doc.get("tusk") is None else _int(doc, "tusk", 0, n - 1)
    s.honga = -1 if doc.get("honga") is None else _int(doc, "honga", 0, n - 1)
    s.stamp = _int(doc, "stamp", 0, 65535)
    pile = _id_list(doc.get("disc_pile"), NUM_DISCS, "disc_pile")
    s.disc_pile = 0
    for d in pile:
        s.disc_pile |= <uint64_t>1 << d
    ft = doc.get("field_top")
    if not isinstance(ft, list) or len(ft) != 4:
        raise ValueError("field_top: expected 4 entries")
    for i in range(4):
        s.field_top[i] = _opt_id(ft[i], NUM_DISCS, "field_top")
    slots = doc.get("trade_slots")
    if not isinstance(slots, list) or len(slots) != 3:
        raise ValueError("trade_slots: expected 3 entries")
    for i in range(3):
        s.trade_slot[i] = _opt_id(slots[i], NUM_TRADE, "trade_slots")
    if len(set(c for c in slots if c is not None)) != len([c for c in slots if c is not None]):
        raise ValueError("trade_slots: a trade card lies face up twice")
    tp = _id_list(doc.get("trade_pile"), NUM_TRADE, "trade_pile")
    if any(c in tp for c in slots if c is not None):
        raise ValueError("trade_pile: a face-up trade card cannot also be in the pile")
    s.trade_pile = 0
    for c in tp:
        s.trade_pile |= <uint32_t>1 << c
    counts, total = _kind_counts(doc.get("bonus_pile", 0), "bonus_pile")
    if counts is None:
        unknown.append((-1, 0, total))
    else:
        for k in range(NUM_KINDS):
            s.bonus_pile[k] = counts[k]
            known_total[k] += counts[k]
    for key in ("bonus_discard", "bonus_played"):
        counts, total = _kind_counts(doc.get(key, {}), key)
        if counts is None:
            raise ValueError(f"{key}: the kinds are public, expected a {{kind: count}} object")
        for k in range(NUM_KINDS):
            if key == "bonus_discard":
                s.bonus_discard[k] = counts[k]
            else:
                s.bonus_played[k] = counts[k]
            known_total[k] += counts[k]
    spare = []
    for k in range(NUM_KINDS):
        if known_total[k] > BONUS_COUNT[k]:
            raise ValueError(f"bonus_pile: more {KIND_NAMES[k]} cards than the {BONUS_COUNT[k]} in the game")
        spare += [k] * (BONUS_COUNT[k] - known_total[k])
    if sum(t for _, _, t in unknown) != len(spare):
        raise ValueError(f"bonus_pile: the bonus cards must add up to {NUM_BONUS}")
    for place, target, total in unknown:
        for _ in range(total):
            k = spare.pop(0)
            if place < 0:
                s.bonus_pile[k] += 1
            elif target == 0:
                s.bonus_known[place][k] += 1
            else:
                s.bonus_fresh[place][k] += 1
    ts = doc.get("turn_state")
    if not isinstance(ts, dict):
        raise ValueError("turn_state: expected an object")
    if ts.get("field") not in ROUND_NAMES:
        raise ValueError(f"turn_state.field: expected one of {list(ROUND_NAMES)}")
    s.cur_field = ROUND_NAMES.index(ts["field"])
    s.cur_rot = _int(ts, "rotation", 0, 3, "turn_state.rotation")
    s.cur_disc = _opt_id(ts.get("disc"), NUM_DISCS, "turn_state.disc")
    uses = ts.get("uses", {})
    if not isinstance(uses, dict) or any(k not in FIELD_NAMES for k in uses):
        raise ValueError("turn_state.uses: expected a {field: hands} object")
    for k, v in uses.items():
        s.uses[FIELD_NAMES.index(k)] = _int(uses, k, 0, 20, "turn_state.uses")
    s.cards_played = _int(ts, "cards_played", 0, 2, "turn_state.cards_played")
    s.sated = _bool(ts, "sated", "turn_state.sated")
    s.extra_disc = _bool(ts, "extra_disc", "turn_state.extra_disc")
    s.pend_bonus = _int(ts, "pending_bonus_draws", 0, 20, "turn_state.pending_bonus_draws")
    s.pend_trade = _bool(ts, "refill_trade", "turn_state.refill_trade")
    s.pend_disc = _int(ts, "pending_disc_draws", 0, 5, "turn_state.pending_disc_draws")
    s.draw_red = _bool(ts, "draw_red", "turn_state.draw_red")
    s.top_reached = _bool(ts, "top_reached", "turn_state.top_reached")
    pay = ts.get("payment")
    if pay is not None:
        if not isinstance(pay, dict) or pay.get("for") not in PAY_NAMES[1:]:
            raise ValueError(f"turn_state.payment.for: expected one of {list(PAY_NAMES[1:])}")
        s.pay_kind = PAY_NAMES.index(pay["for"])
        owe = pay.get("owe", {})
        if not isinstance(owe, dict) or any(k not in RES_NAMES[:3] for k in owe):
            raise ValueError("turn_state.payment.owe: expected a {fish/berry/mushroom: count} object")
        for r in range(3):
            s.owe[r] = _int(owe, RES_NAMES[r], 0, 3, "turn_state.payment.owe") if RES_NAMES[r] in owe else 0
        s.owe_any = _int(pay, "owe_any", 0, 3, "turn_state.payment.owe_any")
        s.owe_mam = _int(pay, "owe_mammoths", 0, 2, "turn_state.payment.owe_mammoths")
        last = pay.get("last_paid")
        if last is not None and last not in ("fish", "berry", "mushroom", "any"):
            raise ValueError("turn_state.payment.last_paid: expected null, fish, berry, mushroom or any")
        s.pay_key = 255 if last is None else (3 if last == "any" else RES_NAMES.index(last))
        s.pay_floor = _int(pay, "last_rank", 0, 3, "turn_state.payment.last_rank")
        s.pay_swap = _bool(pay, "swap", "turn_state.payment.swap")
        s.pay_slot = _int(pay, "slot", 0, 2, "turn_state.payment.slot")
        s.pay_points = _int(pay, "points", 0, 20, "turn_state.payment.points")
        s.mam_floor = _int(pay, "herd_below", 0, HERD_SIZE[n], "turn_state.payment.herd_below")
        s.mam_herd = _bool(pay, "herd_given", "turn_state.payment.herd_given")
    drawn = ts.get("drawn_discs", [])
    if not isinstance(drawn, list) or len(drawn) > 2:
        raise ValueError("turn_state.drawn_discs: expected a list of at most 2 discs")
    # discs a seat view does not identify (null) are filled with the lowest unassigned pile discs of the
    # colour drawn; the seat's determinize re-deals them anyway
    pile_set = set(pile)
    known = [d for d in drawn if d is not None]
    _id_list(known, NUM_DISCS, "turn_state.drawn_discs", 2)
    unders = doc.get("disc_under", {"grey": [], "red": []})
    if not isinstance(unders, dict) or set(unders) - {"grey", "red"}:
        raise ValueError("disc_under: expected {grey: [[disc, owner], ...], red: [...]}")
    plan = []
    for colour, lo, hi in (("grey", 0, NUM_GREY), ("red", NUM_GREY, NUM_DISCS)):
        lst = unders.get(colour, [])
        if not isinstance(lst, list) or len(lst) > hi - lo:
            raise ValueError(f"disc_under.{colour}: expected a list of [disc, owner] pairs")
        for pos, e in enumerate(lst):
            if not isinstance(e, list) or len(e) != 2:
                raise ValueError(f"disc_under.{colour}[{pos}]: expected [disc or null, owner]")
            d = e[0]
            if d is not None:
                d = _opt_id(d, NUM_DISCS, f"disc_under.{colour}[{pos}]")
                if not lo <= d < hi or d not in pile_set:
                    raise ValueError(f"disc_under.{colour}[{pos}]: disc {d} is not a {colour} disc in the pile")
            owner = e[1]
            if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < n:
                raise ValueError(f"disc_under.{colour}[{pos}]: the owner must be a seat")
            plan.append((d, owner, pos + 1, lo, hi))
    taken = set(known) | {d for d, _, _, _, _ in plan if d is not None}
    def spare(lo, hi, name):
        for d in sorted(pile_set):
            if lo <= d < hi and d not in taken:
                taken.add(d)
                return d
        raise ValueError(f"{name}: no unseen disc of that colour is left for it")
    for d, owner, pos, lo, hi in plan:
        if d is None:
            d = spare(lo, hi, "disc_under")
        if s.under_pos[d]:
            raise ValueError(f"disc_under: disc {d} is under the pile twice")
        s.under_pos[d] = pos
        s.under_by[d] = owner
    lo, hi = (int(NUM_GREY), int(NUM_DISCS)) if s.draw_red else (0, int(NUM_GREY))
    drawn = [spare(lo, hi, "turn_state.drawn_discs") if d is None else d for d in drawn]
    for d in drawn:
        if d in pile_set and d not in known:
            s.disc_pile &= ~(<uint64_t>1 << d)
            pile = [x for x in pile if x != d]
    s.n_pending = len(drawn)
    for i, d in enumerate(drawn):
        s.pending[i] = d
    held = [s.waiting_disc[i] for i in range(n) if s.waiting_disc[i] != NO_DISC] + drawn
    if len(set(held)) != len(held) or any(d in pile for d in held):
        raise ValueError("disc_pile: a disc held by a player cannot be in the pile or held twice")
    if s.phase == PH_PLACE and s.waiting_disc[s.to_move] == NO_DISC and not s.finished:
        raise ValueError("players: the player to move must hold a disc")
    if s.phase == PH_KEEP and s.n_pending != 2:
        raise ValueError("turn_state.drawn_discs: the keep decision needs two drawn discs")
    return (<char*>&s)[:sizeof(s)]


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    cdef char msg[MSG_CAP]
    if len(data) != sizeof(HongaState):
        return f"state: {len(data)} bytes, expected {sizeof(HongaState)}"
    if check_honga(<const HongaState*><const char*>data, msg):
        return msg.decode("utf-8", "replace")
    return None


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef HongaState s = load(data)
    return PHASE_NAMES[s.phase]
