# Honga: the notation (action_to_string, README.md "Action space and notation") and the readable board.

def _disc_text(int d):
    if d == NO_DISC:
        return "-"
    return ("R" if d >= NUM_GREY else "G") + str(d) + "[" + "".join(str(DISC_H[d][q]) for q in range(4)) + "]"


def action_to_string(bytes data, action):
    cdef HongaState s
    cdef uint8_t u[NUM_FIELDS]
    action = action_id(action, NUM_ACTIONS, "honga")
    s = load(data)
    if action < A_GATHER:
        f, r = divmod(action - A_PLACE, 4)
        d = s.waiting_disc[s.to_move]
        if d == NO_DISC:
            return f"place {ROUND_NAMES[f]}/{r}"
        compute_uses(d, f, r, u)
        hands = ",".join(f"{FIELD_NAMES[i]}{u[i]}" for i in range(NUM_FIELDS) if u[i])
        return f"place {ROUND_NAMES[f]}/{r} ({hands})"
    if action < A_LURE:
        return FIELD_NAMES[action - A_GATHER]
    if action == A_LURE:
        return "mammoth"
    if action < A_CLIMB:
        return "mammoth sated-" + RES_NAMES[action - A_LURE_SATED]
    if action == A_CLIMB:
        return "mountain"
    if action < B_2VP:
        slot, mods = divmod(action - A_TRADE, 4)
        c = s.trade_slot[slot]
        extra = ("+good" if mods & 1 else "") + ("+swap" if mods & 2 else "")
        return f"trade {slot + 1}" + (f" #{c}" if c != NO_DISC else "") + extra
    if action == B_2VP:
        return "bonus two-points"
    if action == B_CHASE:
        return "bonus chase-honga"
    if action < B_LH_LUCKY:
        return "bonus lucky-hand " + FIELD_NAMES[action - B_LUCKY]
    if action < B_LH_CHASE:
        return "bonus lucky-or-honga " + FIELD_NAMES[action - B_LH_LUCKY]
    if action == B_LH_CHASE:
        return "bonus lucky-or-honga chase"
    if action == B_EXTRA:
        return "bonus extra-disc"
    if action == B_SATED:
        return "bonus sated-mammoths"
    if action == B_CM_CLIMB:
        return "bonus caveman-or-honga climb"
    if action == B_CM_CHASE:
        return "bonus caveman-or-honga chase"
    if action < A_END:
        return f"bonus bought-points {action - B_BUY + 1}"
    if action == A_END:
        return "end"
    if action < C_DISC:
        i = action - A_KEEP
        return f"keep {_disc_text(s.pending[i]) if i < s.n_pending else i}"
    if action < C_TRADE:
        return "disc " + _disc_text(action - C_DISC)
    if action < C_BONUS:
        c = action - C_TRADE
        t = [TRADE_COST[c][j] for j in range(5)]
        return f"trade-card #{c} ({t[0]}f{t[1]}b{t[2]}m{t[3]}M={t[4]})"
    if action < C_BONUS_HIDDEN:
        return "bonus-card " + KIND_NAMES[action - C_BONUS]
    if action == C_BONUS_HIDDEN:
        return "bonus-card ?"
    if action < P_BOARD_MAMMOTH:
        g = action - P_GIVE
        return "pay 2 water" if g == 3 else "pay " + RES_NAMES[g]
    if action == P_BOARD_MAMMOTH:
        return "pay board-mammoth"
    if action < C_DISC_HIDDEN:
        return f"pay herd-mammoth {action - P_HERD_MAMMOTH + 1}"
    return "disc ?"


# The bonus cards by the rulebook's names ("3b. Playing bonus cards"), in the order of KIND_NAMES.
BONUS_TITLES = ("good trade", "2 victory points", "chase Honga away", "lucky hand", "extra action disc",
                "lucky hand or Honga", "swap mushrooms and berries", "sated mammoths", "caveman or Honga",
                "bought victory points")
RES_PLURALS = ("fish", "berries", "mushrooms", "water")
PHASE_TEXT = ("place the action disc", "carry out actions", "keep one of two discs", "chance draws", "pay")
PAY_TEXT = (None, "luring a mammoth", "a trade", "bought victory points")
DISC_LEGEND = ("discs: colour, then the hands on its four quarters clockwise (placing turns the disc: "
               "place NW/0..3); a red disc has five hands")


def disc_hands(int d):
    """A disc by its hands, e.g. 'grey 2-1-1-0' (the id in the move notation is not shown)."""
    if d == NO_DISC:
        return "-"
    return ("red " if d >= NUM_GREY else "grey ") + "-".join(str(DISC_H[d][q]) for q in range(4))


def _bonus_text(v):
    """Bonus cards: by name when known, else a count of face-down cards."""
    if isinstance(v, int):
        return f"{v} face down" if v else "-"
    return ", ".join(BONUS_TITLES[KIND_NAMES.index(k)] + (f" x{c}" if c > 1 else "") for k, c in v.items()) or "-"


def _counts_text(pairs):
    return ", ".join(f"{c} {name}" for name, c in pairs if c) or "nothing"


def trade_card_text(int c):
    t = [TRADE_COST[c][j] for j in range(5)]
    cost = _counts_text((("fish", t[0]), ("berry" if t[1] == 1 else "berries", t[1]),
                         ("mushroom" if t[2] == 1 else "mushrooms", t[2]), ("mammoth" if t[3] == 1 else "mammoths", t[3])))
    return f"[#{c}] {cost} for {t[4]} points"


def render(bytes data, observer=None):
    cdef HongaState s = load(data)
    doc = state_to_dict(data, observer)
    n = s.num_players
    lines = []
    status = "finished" if s.finished else f"turn {s.turn}, P{s.to_move} to move ({PHASE_TEXT[s.phase]})"
    lines.append(f"Honga, {n} players, the game ends at {THRESHOLD[n]} points"
                 f"{' (end reached, the round is played out)' if s.end_triggered else ''}: {status}")
    grid = [FIELD_NAMES.index(c) for c in DATA["board_grid"]["cells"]]
    lines.append("board (the round fields NW, NE, SW, SE lie between the action fields):")
    for r in range(3):
        lines.append(("  " + " ".join(f"{FIELD_NAMES[grid[r * 3 + c]]:^9}" for c in range(3))).rstrip())
        if r < 2:
            lines.append(f"  {'':5}{ROUND_NAMES[0 if r == 0 else 3]:^9}{ROUND_NAMES[1 if r == 0 else 2]:^10}".rstrip())
    lines.append(DISC_LEGEND)
    lines.append("round fields (top disc): " + ", ".join(
        f"{ROUND_NAMES[i]} {disc_hands(s.field_top[i])}" for i in range(4)))
    lines.append(f"Honga: {'on the Honga field' if s.honga < 0 else 'with P' + str(s.honga)}; "
                 f"mammoth tooth: {'on the mammoth field' if s.tusk < 0 else 'with P' + str(s.tusk)}")
    lines.append("mammoth herd (newest first): " + (", ".join(f"P{x}" for x in doc["herd"]) or "empty")
                 + f" (room for {HERD_SIZE[n]})")
    slots = []
    for i in range(3):
        c = s.trade_slot[i]
        slots.append(f"{i + 1}: " + ("-" if c == NO_DISC else trade_card_text(c)))
    lines.append("trade cards: " + "; ".join(slots) + f" (pile {len(doc['trade_pile'])})")
    lines.append(f"bonus pile: {plural(bonus_total(s.bonus_pile), 'card')}; used: {_bonus_text(doc['bonus_discard'])}")
    piles = []
    for colour, lo, hi in (("grey", 0, NUM_GREY), ("red", NUM_GREY, NUM_DISCS)):
        left = sum(1 for d in range(lo, hi) if (s.disc_pile >> d) & 1)   # a public count in every view
        under = ", ".join(f"P{owner}'s " + ("?" if d is None else disc_hands(d)) for d, owner in doc["disc_under"][colour])
        piles.append(f"{left} {colour}" + (f" (face down under it: {under})" if under else ""))
    lines.append("disc piles: " + ", ".join(piles))
    for i in range(n):
        pl = doc["players"][i]
        lines.append(
            f"{'>' if i == s.to_move and not s.finished else ' '}P{i}: {plural(pl['score'], 'point'):>10} | fish {pl['fish']}, "
            f"berries {pl['berry']}, mushrooms {pl['mushroom']}, water {pl['water']} | mammoths: "
            f"{pl['board_mammoths']} on the player board, {pl['depot_mammoths']} on the discard board | "
            f"caveman on step {pl['mountain']} | next disc {disc_hands(s.waiting_disc[i])}")
        lines.append(f"     bonus cards: {_bonus_text(pl['bonus'])}; new (usable next turn): "
                     f"{_bonus_text(pl['bonus_fresh'])}")
    if s.phase in (PH_ACT, PH_PAY):
        ts = doc["turn_state"]
        hands = _counts_text((FIELD_NAMES[f], s.uses[f]) for f in range(NUM_FIELDS))
        lines.append(f"this turn: {disc_hands(s.cur_disc)} on {ts['field']} turned {ts['rotation']}; hands left: "
                     f"{hands}; bonus cards played {s.cards_played} of 2"
                     + (", sated mammoths" if s.sated else "") + (", extra action disc" if s.extra_disc else ""))
    if s.phase == PH_PAY:
        owed = [f"{s.owe[r]} {RES_NAMES[r] if s.owe[r] == 1 else RES_PLURALS[r]}" for r in range(3) if s.owe[r]]
        if s.owe_any:
            owed.append(f"{plural(s.owe_any, 'resource')} of your choice")
        if s.owe_mam:
            owed.append(plural(s.owe_mam, "mammoth"))
        lines.append(f"paying for {PAY_TEXT[s.pay_kind]}: still owed {', '.join(owed) or 'nothing'}"
                     + (" (berries and mushrooms may be swapped)" if s.pay_swap else ""))
    if s.phase == PH_KEEP:
        drawn = doc["turn_state"]["drawn_discs"]
        lines.append("extra action disc, keep one of: "
                     + ", ".join(f"{j}: " + ("?" if d is None else disc_hands(d)) for j, d in enumerate(drawn)))
    return "\n".join(lines)
