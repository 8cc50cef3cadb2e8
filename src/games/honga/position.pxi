# Honga: the state as bytes (load), positions as JSON-ready dicts (state_to_dict, state_from_dict
# with its field validation) and check_state for Python.

from cavemind.games.fields import boolean, counts, field, in_range, int_list, integer, known_fields, one_of, typed

# The fields of each object of a position, as state_to_dict writes them: loading refuses any other (README.md);
# the objects of counts are keyed by kind, field and resource names, checked as names.
STATE_FIELDS = ("to_move", "phase", "turn", "finished", "end_triggered", "setup_discs", "players", "herd", "tusk",
                "honga", "stamp", "disc_pile", "disc_under", "field_top", "trade_slots", "trade_pile", "bonus_pile",
                "bonus_discard", "bonus_played", "turn_state")
PLAYER_FIELDS = ("score", *RES_NAMES, "board_mammoths", "depot_mammoths", "mountain", "disc", "last_placed", "bonus",
                 "bonus_fresh")
TURN_FIELDS = ("field", "rotation", "disc", "uses", "cards_played", "sated", "extra_disc", "pending_bonus_draws",
               "refill_trade", "pending_disc_draws", "draw_red", "drawn_discs", "top_reached", "payment")
PAYMENT_FIELDS = ("for", "owe", "owe_any", "owe_mammoths", "last_paid", "last_rank", "swap", "slot", "points",
                  "herd_below", "herd_given")

cdef HongaState load(bytes data) except *:
    cdef HongaState s
    load_state(&s, sizeof(s), data)
    return s


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


def _kind_counts(v, name):
    """A {kind: count} object, or an int (a count of unknown kinds: returned as None, total)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return None, in_range(v, 0, NUM_BONUS, name)
    found = counts(v, KIND_NAMES, NUM_BONUS, name)
    return found, sum(found)


def state_from_dict(dict params, dict doc):
    cdef HongaState s
    n = params["players"]
    s = fresh_state(n)
    memset(s.bonus_pile, 0, NUM_KINDS)
    if not isinstance(doc, dict):
        raise ValueError("state: expected an object")
    known_fields(doc, STATE_FIELDS)
    s.to_move = integer(doc, "to_move", 0, n - 1)
    s.phase = one_of(PHASE_NAMES, field(doc, "phase"), "phase")
    s.turn = integer(doc, "turn", 0, MAX_TURNS)
    s.finished = boolean(doc, "finished", default=False)
    s.end_triggered = boolean(doc, "end_triggered", default=False)
    s.setup_discs = integer(doc, "setup_discs", 0, n)
    players = field(doc, "players", kind=list)
    if len(players) != n:
        raise ValueError(f"players: expected {n} entries, got {len(players)}")
    unknown = []          # (place, count) to fill from the unseen pool
    known_total = [0] * NUM_KINDS
    for i, pl in enumerate(players):
        w = f"players[{i}]"
        typed(pl, dict, w)
        known_fields(pl, PLAYER_FIELDS, w)
        s.score[i] = integer(pl, "score", -1000, 10000, w + ".score")
        for r, name in enumerate(RES_NAMES):
            s.res[i][r] = integer(pl, name, 0, RES_STORE, f"{w}.{name}")
        s.board_mammoths[i] = integer(pl, "board_mammoths", 0, 6, w + ".board_mammoths")
        s.depot_mammoths[i] = integer(pl, "depot_mammoths", 0, 6, w + ".depot_mammoths")
        s.mountain[i] = integer(pl, "mountain", 0, MOUNTAIN_TOP - 1, w + ".mountain")
        s.waiting_disc[i] = in_range(pl.get("disc"), 0, NUM_DISCS - 1, w + ".disc", none=NO_DISC)
        s.last_placed[i] = integer(pl, "last_placed", 0, 65535, w + ".last_placed")
        for key, target in (("bonus", 0), ("bonus_fresh", 1)):
            kinds, total = _kind_counts(pl.get(key, {}), f"{w}.{key}")
            if kinds is None:
                unknown.append((i, target, total))
            else:
                for k in range(NUM_KINDS):
                    if target == 0:
                        s.bonus_known[i][k] = kinds[k]
                    else:
                        s.bonus_fresh[i][k] = kinds[k]
                    known_total[k] += kinds[k]
    herd = int_list(field(doc, "herd"), 0, n - 1, "herd", max_length=HERD_SIZE[n])     # seats, newest first
    s.herd_len = len(herd)
    for i, x in enumerate(herd):
        s.herd[i] = x
    for i in range(n):
        if s.board_mammoths[i] + s.depot_mammoths[i] + herd.count(i) != MAMMOTHS_PER_PLAYER:
            raise ValueError(f"players[{i}].depot_mammoths: board + depot + herd must be {MAMMOTHS_PER_PLAYER}")
    s.tusk = integer(doc, "tusk", 0, n - 1, default=-1, none=-1)
    s.honga = integer(doc, "honga", 0, n - 1, default=-1, none=-1)
    s.stamp = integer(doc, "stamp", 0, 65535)
    pile = int_list(field(doc, "disc_pile"), 0, NUM_DISCS - 1, "disc_pile", distinct=True)
    s.disc_pile = 0
    for d in pile:
        s.disc_pile |= <uint64_t>1 << d
    ft = field(doc, "field_top", kind=list)
    if len(ft) != 4:
        raise ValueError(f"field_top: expected 4 entries, got {len(ft)}")
    for i in range(4):
        s.field_top[i] = in_range(ft[i], 0, NUM_DISCS - 1, f"field_top[{i}]", none=NO_DISC)
    slots = field(doc, "trade_slots", kind=list)
    if len(slots) != 3:
        raise ValueError(f"trade_slots: expected 3 entries, got {len(slots)}")
    for i in range(3):
        s.trade_slot[i] = in_range(slots[i], 0, NUM_TRADE - 1, f"trade_slots[{i}]", none=NO_DISC)
    if len(set(c for c in slots if c is not None)) != len([c for c in slots if c is not None]):
        raise ValueError("trade_slots: a trade card lies face up twice")
    tp = int_list(field(doc, "trade_pile"), 0, NUM_TRADE - 1, "trade_pile", distinct=True)
    if any(c in tp for c in slots if c is not None):
        raise ValueError("trade_pile: a face-up trade card cannot also be in the pile")
    s.trade_pile = 0
    for c in tp:
        s.trade_pile |= <uint32_t>1 << c
    kinds, total = _kind_counts(doc.get("bonus_pile", 0), "bonus_pile")
    if kinds is None:
        unknown.append((-1, 0, total))
    else:
        for k in range(NUM_KINDS):
            s.bonus_pile[k] = kinds[k]
            known_total[k] += kinds[k]
    for key in ("bonus_discard", "bonus_played"):
        kinds, total = _kind_counts(doc.get(key, {}), key)
        if kinds is None:
            raise ValueError(f"{key}: the kinds are public, expected a {{kind: count}} object")
        for k in range(NUM_KINDS):
            if key == "bonus_discard":
                s.bonus_discard[k] = kinds[k]
            else:
                s.bonus_played[k] = kinds[k]
            known_total[k] += kinds[k]
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
    ts = field(doc, "turn_state", kind=dict)
    known_fields(ts, TURN_FIELDS, "turn_state")
    s.cur_field = one_of(ROUND_NAMES, field(ts, "field", "turn_state.field"), "turn_state.field")
    s.cur_rot = integer(ts, "rotation", 0, 3, "turn_state.rotation")
    s.cur_disc = in_range(ts.get("disc"), 0, NUM_DISCS - 1, "turn_state.disc", none=NO_DISC)
    for f, hands in enumerate(counts(ts.get("uses", {}), FIELD_NAMES, 20, "turn_state.uses")):
        s.uses[f] = hands
    s.cards_played = integer(ts, "cards_played", 0, 2, "turn_state.cards_played")
    s.sated = boolean(ts, "sated", "turn_state.sated", default=False)
    s.extra_disc = boolean(ts, "extra_disc", "turn_state.extra_disc", default=False)
    s.pend_bonus = integer(ts, "pending_bonus_draws", 0, 20, "turn_state.pending_bonus_draws")
    s.pend_trade = boolean(ts, "refill_trade", "turn_state.refill_trade", default=False)
    s.pend_disc = integer(ts, "pending_disc_draws", 0, 5, "turn_state.pending_disc_draws")
    s.draw_red = boolean(ts, "draw_red", "turn_state.draw_red", default=False)
    s.top_reached = boolean(ts, "top_reached", "turn_state.top_reached", default=False)
    pay = ts.get("payment")
    if pay is not None:
        w = "turn_state.payment"
        typed(pay, dict, w)
        known_fields(pay, PAYMENT_FIELDS, w)
        s.pay_kind = 1 + one_of(PAY_NAMES[1:], field(pay, "for", w + ".for"), w + ".for")
        for r, owed in enumerate(counts(pay.get("owe", {}), RES_NAMES[:3], 3, w + ".owe")):
            s.owe[r] = owed
        s.owe_any = integer(pay, "owe_any", 0, 3, w + ".owe_any")
        s.owe_mam = integer(pay, "owe_mammoths", 0, 2, w + ".owe_mammoths")
        # the resource last paid (as RES_NAMES counts them) or any; null before the first payment
        s.pay_key = one_of(("fish", "berry", "mushroom", "any"), pay.get("last_paid"), w + ".last_paid", none=255)
        s.pay_floor = integer(pay, "last_rank", 0, 3, w + ".last_rank")
        s.pay_swap = boolean(pay, "swap", w + ".swap", default=False)
        s.pay_slot = integer(pay, "slot", 0, 2, w + ".slot")
        s.pay_points = integer(pay, "points", 0, 20, w + ".points")
        s.mam_floor = integer(pay, "herd_below", 0, HERD_SIZE[n], w + ".herd_below")
        s.mam_herd = boolean(pay, "herd_given", w + ".herd_given", default=False)
    drawn = field(ts, "drawn_discs", "turn_state.drawn_discs", default=[], kind=list)
    if len(drawn) > 2:
        raise ValueError(f"turn_state.drawn_discs: at most 2 entries, got {len(drawn)}")
    # discs a seat view does not identify (null) are filled with the lowest unassigned pile discs of the
    # colour drawn; the seat's determinize re-deals them anyway
    pile_set = set(pile)
    known = [d for d in drawn if d is not None]
    int_list(known, 0, NUM_DISCS - 1, "turn_state.drawn_discs", distinct=True)
    unders = doc.get("disc_under", {"grey": [], "red": []})
    if not isinstance(unders, dict):
        raise ValueError("disc_under: expected {grey: [[disc, owner], ...], red: [...]}")
    known_fields(unders, ("grey", "red"), "disc_under")
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
                d = in_range(d, 0, NUM_DISCS - 1, f"disc_under.{colour}[{pos}][0]")
                if not lo <= d < hi or d not in pile_set:
                    raise ValueError(f"disc_under.{colour}[{pos}]: disc {d} is not a {colour} disc in the pile")
            owner = in_range(e[1], 0, n - 1, f"disc_under.{colour}[{pos}][1]")   # a seat
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
    return state_error(data, sizeof(HongaState), check_honga)


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef HongaState s = load(data)
    return PHASE_NAMES[s.phase]
