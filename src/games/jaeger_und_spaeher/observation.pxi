# Jäger und Späher: the observation vector. Included by jaeger_und_spaeher.pyx.

def observation_size(dict params):
    return 2 * 8 + 2 * NCHAR + 3 * NCHAR + NOBJ + 2 * NOBJ + 3 + NSLOT * 12 + NFACE * NHOLY + 6 + NOPS + 1 + 1


def observation(bytes data, int player):
    """See README.md (observation layout). Everything is relative to `player` (own values first)."""
    cdef JState s = load(data)
    cdef int me = player, op = 1 - player, p, t, r, k, slot, c, m
    out = []
    for p in (me, op):
        out += [s.points[p] / 25.0, s.hunger[p] / 16.0, s.tribe[p] / 5.0, s.camp[p] / 5.0, s.reserve[p] / 5.0,
                float((s.bonus_done[p]) & 1), float((s.bonus_done[p] >> 1) & 1), float((s.bonus_done[p] >> 2) & 1)]
    for p in (me, op):
        out += [float(s.hand[p][t]) for t in range(NCHAR)]
    for r in range(3):
        row = [0.0] * NCHAR
        for k in range(s.row_len[r]):
            row[s.rows[r][k]] += 1.0 if k < s.row_len[r] - 1 else 10.0   # the free card weighs 10
        out += row
    out += [float(s.obj_hand[me][o]) for o in range(NOBJ)]
    for p in (me, op):
        out += [float(s.obj_created[p][o]) for o in range(NOBJ)]
    out += [float(sum(s.obj_hand[op][o] for o in range(NOBJ))), float(sum(s.obj_draw[o] for o in range(NOBJ))),
            float(sum(s.obj_disc_hidden[op][o] for o in range(NOBJ)))]
    for slot in range(NSLOT):
        c = s.loc_card[slot]
        v = [0.0] * 12
        if c != EMPTY:
            v[0] = 1.0
            if slot < NNORM:
                v[1] = float(kind_of(c))
                for k in range(LOC_N[c]):
                    if not (s.loc_cover[slot] >> k) & 1:
                        v[2 + LOC_SP[c][k]] += 1.0
            v[9] = float(s.loc_men[slot][me])
            v[10] = float(s.loc_men[slot][op])
            v[11] = float(s.locked[slot])
        out += v
    for slot in range(NNORM, NSLOT):
        out += [1.0 if s.loc_card[slot] == f else 0.0 for f in range(NFACE)]
    out += [1.0 if s.phase == k else 0.0 for k in range(6)]
    head = [0.0] * (NOPS + 1)
    if s.qlen:
        head[s.queue[0][0]] = 1.0
        head[NOPS] = float(s.queue[0][1])
    out += head
    out += [1.0 if s.to_move == me else 0.0]
    return out
