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


def render(bytes data, observer=None):
    cdef HongaState s = load(data)
    doc = state_to_dict(data, observer)
    n = s.num_players
    lines = []
    status = "finished" if s.finished else f"turn {s.turn}, player {s.to_move} to move ({doc['phase']})"
    lines.append(f"Honga, {n} players, end at {THRESHOLD[n]} points{' (end triggered)' if s.end_triggered else ''}: {status}")
    grid = [FIELD_NAMES.index(c) for c in DATA["board_grid"]["cells"]]
    lines.append("board: " + " | ".join(" ".join(f"{FIELD_NAMES[grid[r * 3 + c]]:>8}" for c in range(3)) for r in range(3)))
    lines.append("round fields (top disc): " + ", ".join(
        f"{ROUND_NAMES[i]} {_disc_text(s.field_top[i])}" for i in range(4)))
    lines.append(f"Honga: {'on his field' if s.honga < 0 else 'with player ' + str(s.honga)}; "
                 f"tusk: {'on the mammoth field' if s.tusk < 0 else 'player ' + str(s.tusk)}")
    lines.append("herd (newest first): " + (" ".join(str(x) for x in doc["herd"]) or "empty")
                 + f"  [room for {HERD_SIZE[n]}]")
    slots = []
    for i in range(3):
        c = s.trade_slot[i]
        if c == NO_DISC:
            slots.append(f"{i + 1}: -")
        else:
            t = [TRADE_COST[c][j] for j in range(5)]
            slots.append(f"{i + 1}: #{c} {t[0]}f {t[1]}b {t[2]}m {t[3]}M -> {t[4]} pts")
    lines.append("trade: " + "; ".join(slots) + f"  (pile {len(doc['trade_pile'])})")
    lines.append(f"bonus pile: {plural(bonus_total(s.bonus_pile), 'card')}, discard: {doc['bonus_discard'] or '-'}")
    for i in range(n):
        pl = doc["players"][i]
        lines.append(
            f"{'>' if i == s.to_move and not s.finished else ' '}P{i}: {pl['score']:>3} pts | fish {pl['fish']} berry "
            f"{pl['berry']} mushroom {pl['mushroom']} water {pl['water']} | mammoths board {pl['board_mammoths']} "
            f"depot {pl['depot_mammoths']} | step {pl['mountain']} | disc {_disc_text(s.waiting_disc[i])} | "
            f"bonus {pl['bonus'] or '-'} fresh {pl['bonus_fresh'] or '-'}")
    if s.phase == PH_ACT:
        ts = doc["turn_state"]
        lines.append(f"this turn: disc {_disc_text(s.cur_disc)} on {ts['field']}/{ts['rotation']}, hands left "
                     f"{ts['uses'] or '-'}, bonus cards played {s.cards_played}/2"
                     + (", sated" if s.sated else "") + (", extra disc" if s.extra_disc else ""))
    return "\n".join(lines)
