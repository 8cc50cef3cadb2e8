# Dino Jagd: the observation vector. Included by dino_jagd.pyx.

OBS_PER_CARD = 8
OBS_PER_PLAYER = 1 + NUM_PERIODS + 1 + 1 + 1 + (NUM_SPECIAL_TYPES - FIRST_FACE_UP)


def observation_size(dict params):
    return (NUM_CREATURES * OBS_PER_CARD + MAX_DJ_PLAYERS * OBS_PER_PLAYER + 2 * NUM_SPECIAL_TYPES + 1
            + len(PHASE_NAMES) + 6 + 1 + 3 + (NUM_PERIODS + 1) + 2 * MAX_DJ_PLAYERS + 3)


def observation(bytes data, int player):
    cdef DinoState s = load(data)
    n = s.num_players
    tops = _tops(data)
    out = []
    for c in range(NUM_CREATURES):
        l = s.loc[c]
        rel = (l - LOC_CAPTURED - player) % n if l >= LOC_CAPTURED else -1
        out += [float(l == LOC_UNSEEN), float(l == LOC_TOP), float(l == LOC_PENDING), float(l == LOC_AREA),
                float(c in tops), float(l == LOC_DISCARD), float(rel == 0), float(rel > 0)]
    for r in range(MAX_DJ_PLAYERS):
        if r >= n:
            out += [0.0] * OBS_PER_PLAYER
            continue
        i = (player + r) % n
        pts = sum(CR_POINTS[c] for c in range(NUM_CREATURES) if s.loc[c] == LOC_CAPTURED + i)
        out += [s.energy[i] / 10.0] + [float(s.pos[i] == q) for q in range(NUM_PERIODS)]
        out += [hand_count(&s, i) / 10.0, float(s.started[i]), pts / 50.0]
        out += [float(s.face_up[i][t]) for t in range(FIRST_FACE_UP, NUM_SPECIAL_TYPES)]
    out += [float(s.hand[player][t]) for t in range(NUM_SPECIAL_TYPES)]
    out += [float(s.sp_discard[t]) for t in range(NUM_SPECIAL_TYPES)]
    out += [deck_total(&s) / 31.0]
    out += [float(s.phase == k) for k in range(len(PHASE_NAMES))]
    out += [float(s.die == k + 1) for k in range(6)]
    out += [s.mods / 4.0] + [float(s.override == k) for k in (R_NONE, R_CAPTURE, R_MISS)]
    out += [float(s.marker == q) for q in range(NUM_PERIODS)] + [float(s.marker == NONE)]
    out += [float((s.current - player) % n == r) for r in range(MAX_DJ_PLAYERS)]
    out += [float((s.window_pos - player) % n == r and s.phase == PH_WINDOW) for r in range(MAX_DJ_PLAYERS)]
    out += [s.deck_below / 78.0, s.to_deal / 6.0, s.turns / float(MAX_TURNS)]
    return out
