# Prehistory: the rules in C, nogil and without Python objects: map geometry, the seasons, scoring,
# the contract functions of mcts/game_api.pxd, the legal-state check behind check_state and the
# GameTable; then the module's Python entry to them (bytes <-> PHState, make_table, initial_state).
# Included by prehistory.pyx after data.pxi.

cdef extern from *:
    """
    static inline int ph_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int ph_ctz64(uint64_t x) noexcept nogil

# ---- geometry ----

cdef inline int ntiles(const PHState* s) noexcept nogil:
    return 5 * s.num_players


cdef inline bint exists(const PHState* s, int sp) noexcept nogil:
    if sp < 0 or sp >= NSP:
        return False
    if sp < NCOLS:
        return sp == START_SPACE
    return ((sp // NCOLS) - 1) * 2 + (sp % NCOLS) // 4 < ntiles(s)


cdef inline int slot_of(int sp) noexcept nogil:
    return ((sp // NCOLS) - 1) * 2 + (sp % NCOLS) // 4


cdef inline int feature(const PHState* s, int sp) noexcept nogil:
    if sp == START_SPACE:
        return F_START
    cdef int t = s.map_tile[slot_of(sp)]
    if t >= NMAPT:
        return F_PLAIN
    return MAP_FEAT[t][sp % 4]


cdef inline int terrain(const PHState* s, int sp) noexcept nogil:
    if sp == START_SPACE:
        return 3
    cdef int t = s.map_tile[slot_of(sp)]
    if t >= NMAPT:
        return 3
    return MAP_TERR[t][sp % 4]


cdef inline int nbr(const PHState* s, int sp, int d) noexcept nogil:
    cdef int n = NBR[sp][d]
    if n >= 0 and exists(s, n):
        return n
    return -1

# ---- small helpers ----

cdef inline int colour_at(const PHState* s, int slot, int pos) noexcept nogil:
    return PR_COL[s.price_tile[slot]][(pos + s.price_rot[slot]) % 6]


cdef inline int move_value(const PHState* s, int colour) noexcept nogil:
    cdef int d, t = s.price_tile[6]
    for d in range(6):
        if PR_COL[t][(d + s.price_rot[6]) % 6] == colour:
            return PR_MOVE[t][(d + s.price_rot[6]) % 6]
    return 1


cdef inline int total_res(const PHState* s, int p) noexcept nogil:
    cdef int c, t = 0
    for c in range(NCOL):
        t += s.res[p][c]
    return t


cdef inline void add_dev(PHState* s, int p, int n) noexcept nogil:
    cdef int v = s.dev[p] + n
    s.dev[p] = 250 if v > 250 else v


cdef inline void add_res(PHState* s, int p, int c) noexcept nogil:
    if s.res[p][c] < 250:
        s.res[p][c] += 1


cdef inline void add_mk(PHState* s, int p, int c) noexcept nogil:
    if s.mk[p][c] < 250:
        s.mk[p][c] += 1


cdef inline void give(PHState* s, int p, int code) noexcept nogil:
    if code < 6:
        add_res(s, p, code)
    elif code < 12:
        add_mk(s, p, code - 6)
    elif code == 12:
        add_dev(s, p, 1)


cdef inline int actor(const PHState* s) noexcept nogil:
    if s.phase == PH_PICK or s.phase == PH_SUMMER:
        return s.order[s.num_players - 1 - s.turn]
    return s.order[s.turn]


cdef inline bint foot_free(const PHState* s, int k) noexcept nogil:
    return s.foot[k][0] == 0 or s.foot[k][1] == 0


cdef inline int own_count(const PHState* s, int sp, int p) noexcept nogil:
    if sp == START_SPACE:
        return s.st_count[p]
    if s.mowner[sp] == p + 1:
        return s.mcount[sp]
    return 0


cdef inline int own_untired(const PHState* s, int sp, int p) noexcept nogil:
    if sp == START_SPACE:
        return s.st_count[p] - s.st_tired[p]
    if s.mowner[sp] == p + 1:
        return s.mcount[sp] - s.mtired[sp]
    return 0


cdef void add_member(PHState* s, int sp, int p, bint tired) noexcept nogil:
    if sp == START_SPACE:
        s.st_count[p] += 1
        if tired:
            s.st_tired[p] += 1
        return
    s.mowner[sp] = p + 1
    s.mcount[sp] += 1
    if tired:
        s.mtired[sp] += 1


cdef void remove_member(PHState* s, int sp, int p, bint tired) noexcept nogil:
    if sp == START_SPACE:
        s.st_count[p] -= 1
        if tired and s.st_tired[p] > 0:
            s.st_tired[p] -= 1
        if s.st_tired[p] > s.st_count[p]:
            s.st_tired[p] = s.st_count[p]
        return
    s.mcount[sp] -= 1
    if tired and s.mtired[sp] > 0:
        s.mtired[sp] -= 1
    if s.mtired[sp] > s.mcount[sp]:
        s.mtired[sp] = s.mcount[sp]
    if s.mcount[sp] == 0:
        s.mowner[sp] = 0


cdef bint stoppable(const PHState* s, int sp, int p, int origin) noexcept nogil:
    cdef int q, tot = 0
    if sp < 0 or sp == origin:
        return False
    if sp == START_SPACE:
        for q in range(s.num_players):
            tot += s.st_count[q]
        return tot == 0
    return s.mcount[sp] == 0 and (s.camp[sp] == 0 or s.camp[sp] == p + 1)


cdef bint reach_stop(const PHState* s, int start, int budget, int p, int origin) noexcept nogil:
    """True if a space where the member may stop lies within `budget` steps of `start` (`start` itself
    included). A breadth-first search over the map: a member passes through any space, occupied or not
    ("may move tribe members through spaces occupied by another player's camps or tribe members, but may not
    stop there"), so the path may cross any number of occupied spaces in a row."""
    cdef uint8_t seen[NSP]
    cdef int queue[NSP]
    cdef int head = 0, tail = 0, level_end, depth = 0, sp, d, n
    if start < 0:
        return False
    memset(seen, 0, NSP)
    seen[start] = 1
    queue[tail] = start
    tail += 1
    while head < tail:
        level_end = tail
        while head < level_end:
            sp = queue[head]
            head += 1
            if stoppable(s, sp, p, origin):
                return True
            if depth < budget:
                for d in range(6):
                    n = nbr(s, sp, d)
                    if n >= 0 and not seen[n]:
                        seen[n] = 1
                        queue[tail] = n
                        tail += 1
        depth += 1
    return False


cdef inline bint step_ok(const PHState* s, int to, int mp_after, int p, int origin) noexcept nogil:
    """A step is offered only if the member can still end its move legally from there (no dead ends)."""
    return to >= 0 and mp_after >= 0 and reach_stop(s, to, mp_after, p, origin)


cdef int area_members(const PHState* s, int sp, int p) noexcept nogil:
    cdef int d, n, t = own_count(s, sp, p)
    for d in range(6):
        n = nbr(s, sp, d)
        if n >= 0:
            t += own_count(s, n, p)
    return t

# ---- gains ----

cdef void gain_gather(PHState* s, int p, int kind) noexcept nogil:
    cdef int t = kind // 2, u
    s.gath[p][t] += 1
    if kind % 2:
        add_dev(s, p, 1)
    u = GPAIR[t]
    if s.gath[p][t] <= s.gath[p][u]:
        add_mk(s, p, PAIR_RW[t // 2][0])
        add_mk(s, p, PAIR_RW[t // 2][1])


cdef void gain_fish(PHState* s, int p, int kind) noexcept nogil:
    s.fish[p][kind] += 1
    cdef int v = s.fishpos[p] + kind % 3 + 1
    s.fishpos[p] = 20 if v > 20 else v


cdef void gain_hunt(PHState* s, int p, int card) noexcept nogil:
    cdef int c, k
    s.hunt[p][card] = 1
    if H_ANIMAL[card]:
        s.vp[p] += H_VP[card]
        return
    for c in range(NHC):
        if s.hunt[p][c] and not H_ANIMAL[c] and H_SPEC[c] == H_SPEC[card]:
            for k in range(2):
                if H_RW[c][k] != 255:
                    give(s, p, H_RW[c][k])


cdef void gain_paint(PHState* s, int p, int cell) noexcept nogil:
    cdef int r = cell // 3, c = cell % 3
    s.paint[p] |= 1 << cell
    if c > 0 and s.paint[p] & (1 << (cell - 1)):
        give(s, p, ROW_RW[r])
    if c < 2 and s.paint[p] & (1 << (cell + 1)):
        give(s, p, ROW_RW[r])
    if r > 0 and s.paint[p] & (1 << (cell - 3)):
        give(s, p, COL_RW[c])
    if r < 2 and s.paint[p] & (1 << (cell + 3)):
        give(s, p, COL_RW[c])


cdef void ceremony_track(PHState* s, int p) noexcept nogil:
    cdef int i, pos = -1
    for i in range(s.cer_len):
        if s.cer_track[i] == p:
            pos = i
    if pos < 0:
        s.cer_track[s.cer_len] = p
        s.cer_len += 1
    elif pos > 0:
        s.cer_track[pos] = s.cer_track[pos - 1]
        s.cer_track[pos - 1] = p
    s.cer_count[p] += 1


cdef void gain_cer(PHState* s, int p, int card) noexcept nogil:
    cdef int i
    for i in range(5):
        if s.cer_disp[i] == card + 1:
            s.cer_disp[i] = 0
    s.hand[p][card] += 1
    add_dev(s, p, C_DEV[C_VALUE[card]])
    ceremony_track(s, p)

# ---- chance: what is drawn next ----


cdef inline int first_refill_slot(const uint8_t* pile, int kinds, const uint8_t* slots, int num_slots) noexcept nogil:
    """The first empty display slot while the pile behind it still has cards, else -1."""
    cdef int c, i
    for i in range(num_slots):          # the short display first: it is usually full
        if slots[i] == 0:
            for c in range(kinds):
                if pile[c]:
                    return i
            return -1
    return -1


cdef int fill_target(const PHState* s, int* index) noexcept nogil:
    cdef int i, n = s.num_players, c
    if s.phase != PH_FILL:
        return T_NONE
    for i in range(7):
        if s.price_tile[i] == NEED:
            index[0] = i
            return T_PRICE
    if s.stack_len < 4:
        index[0] = 7 + s.stack_len
        return T_PRICE
    if s.seats_drawn < n:
        index[0] = s.seats_drawn
        return T_SEAT
    for i in range(n):
        if s.weather[i] == NEED:
            index[0] = i
            return T_WEATHER
    cdef const uint8_t* hit = <const uint8_t*>memchr(s.map_tile, NEED, ntiles(s))
    if hit != NULL:
        index[0] = hit - s.map_tile
        return T_MAP
    hit = <const uint8_t*>memchr(s.tok, NEED, NSP)
    if hit != NULL:
        i = hit - s.tok
        index[0] = i
        c = feature(s, i)
        if c == F_GATHER:
            return T_TOKEN_G
        if c == F_FISH:
            return T_TOKEN_F
        return T_TOKEN_A
    index[0] = first_refill_slot(s.gather_pile, NGK, s.gather_slot, 6)
    if index[0] >= 0:
        return T_GATHER
    index[0] = first_refill_slot(s.fish_pile, NFK, s.fish_slot, 6)
    if index[0] >= 0:
        return T_FISH
    index[0] = first_refill_slot(s.hunt_pile, NHC, s.hunt_disp, 5)
    if index[0] >= 0:
        return T_HUNT
    index[0] = first_refill_slot(s.cer_pile, NCC, s.cer_disp, 5)
    if index[0] >= 0:
        return T_CER
    return T_NONE


cdef const uint8_t* pool_of(const PHState* s, int target, int* size) noexcept nogil:
    if target == T_PRICE:
        size[0] = NPRICE
        return s.price_pool
    if target == T_SEAT:
        size[0] = MAXP
        return s.seat_pool
    if target == T_WEATHER:
        size[0] = NWEATHER
        return s.weather_pool
    if target == T_MAP:
        size[0] = NMAPT
        return s.map_pool
    if target == T_TOKEN_G or target == T_GATHER:
        size[0] = NGK
        return s.gather_pile
    if target == T_TOKEN_F or target == T_FISH:
        size[0] = NFK
        return s.fish_pile
    if target == T_TOKEN_A:
        size[0] = 3
        return s.animal_pool
    if target == T_HUNT:
        size[0] = NHC
        return s.hunt_pile
    size[0] = NCC
    return s.cer_pile

# ---- phase flow ----

cdef void place_pillar_cubes(PHState* s) noexcept nogil:
    cdef int k, c, tot
    for k in range(6):
        tot = 0
        for c in range(NCOL):
            tot += s.top[k][c]
        if tot == 0:
            s.top[k][colour_at(s, 6, k)] = 1


cdef void enter_spring(PHState* s) noexcept nogil:
    cdef int p, c
    for p in range(s.num_players):
        s.wrot[p] = (s.wrot[p] + 1) % 4
        for c in range(NCOL):
            s.res[p][c] += W_RES[s.weather[p]][s.wrot[p]][c]
        s.done[p] = 0
    s.phase = PH_SPRING
    s.sub = SUB_MAIN
    s.turn = 0


cdef void leave_fill(PHState* s) noexcept nogil:
    cdef int idx
    if fill_target(s, &idx) != T_NONE:
        return
    if s.after_fill == PH_START:
        place_pillar_cubes(s)
        s.phase = PH_START
        s.sub = SUB_MAIN
        s.turn = 0
    else:
        enter_spring(s)


cdef void start_summer(PHState* s) noexcept nogil:
    cdef int k, i, c
    for k in range(6):
        for i in range(2):
            if s.foot[k][i]:
                s.top[k][s.foot[k][i] - 1] += 1
                s.foot[k][i] = 0
    s.phase = PH_PICK
    s.turn = 0
    s.sub = SUB_MAIN


cdef void fishing_income(PHState* s) noexcept nogil:
    cdef int p, i, best
    for p in range(s.num_players):
        best = -1
        for i in range(5):
            if s.fishpos[p] >= FT_AT[i]:
                best = i
        if best >= 0:
            s.vp[p] += FT_VP[best]
            add_dev(s, p, FT_DEV[best])


cdef void winter(PHState* s) noexcept nogil:
    cdef int i, p, k, n = s.num_players
    cdef uint8_t neworder[MAXP]
    cdef uint8_t used[MAXP]
    s.round += 1
    for i in range(5):
        s.hunt_disp[i] = 0
        if s.cer_disp[i]:
            s.cer_discard[s.cer_disp[i] - 1] += 1
            s.cer_disp[i] = 0
    s.price_tile[6] = s.stack[s.round - 1]
    s.price_rot[6] = PR_HL[s.price_tile[6]]
    place_pillar_cubes(s)
    memset(used, 0, sizeof(used))
    k = 0
    for i in range(s.cer_len):
        neworder[k] = s.cer_track[i]
        used[s.cer_track[i]] = 1
        k += 1
    for i in range(n):
        if not used[s.order[i]]:
            neworder[k] = s.order[i]
            k += 1
    for i in range(n):
        s.order[i] = neworder[i]
        s.cer_count[i] = 0
        s.cer_track[i] = 0
    s.cer_len = 0
    s.phase = PH_FILL
    s.after_fill = PH_SPRING
    leave_fill(s)


cdef void end_autumn(PHState* s) noexcept nogil:
    cdef int i
    for i in range(NSP):
        s.mtired[i] = 0
    for i in range(MAXP):
        s.st_tired[i] = 0
    if s.round == 4:
        s.phase = PH_FINAL
        s.turn = 0
        s.sub = SUB_MAIN
    else:
        winter(s)


cdef void next_turn(PHState* s) noexcept nogil:
    cdef int k, t, n = s.num_players
    s.sub = SUB_MAIN
    if s.phase == PH_SPRING:
        for k in range(1, n + 1):
            t = (s.turn + k) % n
            if not s.done[s.order[t]]:
                s.turn = t
                return
        start_summer(s)
        return
    s.turn += 1
    if s.turn < n:
        if s.phase == PH_AUTUMN:
            s.mp = 0
        return
    s.turn = 0
    if s.phase == PH_START:
        enter_spring(s)
    elif s.phase == PH_PICK:
        s.phase = PH_SUMMER
        s.summer_action = 0
    elif s.phase == PH_SUMMER:
        s.summer_action += 1
        if s.summer_action == 6:
            fishing_income(s)
            s.phase = PH_AUTUMN
            s.mp = 0
    elif s.phase == PH_AUTUMN:
        end_autumn(s)
    elif s.phase == PH_FINAL:
        final_scoring(s)
        s.phase = PH_END


cdef void finish_action(PHState* s) noexcept nogil:
    if s.p_spring:
        s.sub = SUB_FOOT
    else:
        next_turn(s)

# ---- final scoring ----

cdef int popcount(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


cdef int animals_of(const PHState* s, int p, int sp) noexcept nogil:
    cdef int c, n = s.animal_tok[p][sp]
    for c in range(NHC):
        if s.hunt[p][c] and H_ANIMAL[c] and H_SPEC[c] == sp:
            n += 1
    return n


cdef int animal_vp_of(const PHState* s, int p, int sp) noexcept nogil:
    cdef int c, n = s.animal_tok[p][sp]
    for c in range(NHC):
        if s.hunt[p][c] and H_ANIMAL[c] and H_SPEC[c] == sp:
            n += H_VP[c]
    return n


cdef int prints_of(const PHState* s, int p, int sp) noexcept nogil:
    cdef int c, n = 0
    for c in range(NHC):
        if s.hunt[p][c] and not H_ANIMAL[c] and H_SPEC[c] == sp:
            n += 1
    return n


cdef int rows_complete(const PHState* s, int p) noexcept nogil:
    cdef int r, n = 0
    for r in range(3):
        if (s.paint[p] >> (3 * r)) & 7 == 7:
            n += 1
    return n


cdef int card_points(const PHState* s, int p, int card) noexcept nogil:
    cdef int k = C_KIND[card], a = C_PARAM[card], i, n, m
    if k == 0:
        return C_VP[card] if (s.paint[p] & C_MASK[card]) == C_MASK[card] else 0
    if k == 1:
        n = 0
        if a == 0:
            for i in range(3):
                m = s.gath[p][2 * i]
                if s.gath[p][2 * i + 1] < m:
                    m = s.gath[p][2 * i + 1]
                n += 3 * m
        else:
            for i in range(NGT):
                n += 5 * (s.gath[p][i] // 3)
        return n
    if k == 2:
        return s.fish[p][3 * a] + s.fish[p][3 * a + 1] + s.fish[p][3 * a + 2]
    if k == 3:
        m = 99
        for i in range(3):
            n = s.fish[p][3 * i] + s.fish[p][3 * i + 1] + s.fish[p][3 * i + 2]
            if n < m:
                m = n
        return 3 * m
    if k == 4:
        return 6 if s.fishpos[p] >= 15 else 0
    if k == 5:
        return animals_of(s, p, a)
    if k == 6:
        return prints_of(s, p, a)
    if k == 7:
        n = 0
        for i in range(NSP):
            if i != START_SPACE and s.mowner[i] == p + 1 and terrain(s, i) == a:
                n += s.mcount[i]
        return n
    if k == 8:
        return popcount(s.camps_used[p])
    if k == 9:
        return 2 * s.megaA[p]
    if k == 10:
        return 2 * s.avail[p]
    if k == 11:
        return s.dev[p] // 2
    if k == 12:
        n = 0
        for i in range(NCC):
            n += s.hand[p][i]
        return n
    if k == 13:
        n = 0
        for i in range(NGT):
            n += s.gath[p][i]
        return n // 2
    if k == 14:
        return 2 * rows_complete(s, p)
    if k == 15:
        return s.fishpos[p] // 3
    if k == 16:
        m = 99
        for i in range(3):
            n = animals_of(s, p, i)
            if n < m:
                m = n
        return 5 * m
    return 0


cdef int ceremony_points(const PHState* s, int p) noexcept nogil:
    cdef int c, total = 0, best = 0, v, doubles = 0
    for c in range(NCC):
        if s.hand[p][c]:
            if C_KIND[c] == 17:
                doubles += s.hand[p][c]
                continue
            v = card_points(s, p, c)
            total += v * s.hand[p][c]
            if v > best:
                best = v
    return total + doubles * best


cdef void megalith_points(const PHState* s, int* out) noexcept nogil:
    cdef int sp, f, d, q, a, n = s.num_players, first, second, nf, ns
    cdef int units[MAXP]
    cdef int spaces[MAXP]
    for sp in range(NSP):
        if sp == START_SPACE or not exists(s, sp):
            continue
        f = feature(s, sp)
        if f != F_MEGA_B and f != F_MEGA_C:
            continue
        for q in range(MAXP):
            units[q] = 0
            spaces[q] = 0
        for d in range(7):
            a = sp if d == 6 else nbr(s, sp, d)
            if a < 0 or a == START_SPACE:
                continue
            if s.camp[a]:
                spaces[s.camp[a] - 1] += 1
                units[s.camp[a] - 1] += 2
            elif s.mowner[a]:
                spaces[s.mowner[a] - 1] += 1
                units[s.mowner[a] - 1] += 1
        if f == F_MEGA_B:
            for q in range(n):
                out[q] += spaces[q]
            continue
        first = 0
        for q in range(n):
            if units[q] > first:
                first = units[q]
        if first == 0:
            continue
        nf = 0
        for q in range(n):
            if units[q] == first:
                nf += 1
        for q in range(n):
            if units[q] == first:
                out[q] += 5 // nf
        if nf > 1:
            continue
        second = 0
        for q in range(n):
            if units[q] < first and units[q] > second:
                second = units[q]
        if second == 0:
            continue
        ns = 0
        for q in range(n):
            if units[q] == second:
                ns += 1
        for q in range(n):
            if units[q] == second:
                out[q] += 2 // ns


cdef void final_scoring(PHState* s) noexcept nogil:
    cdef int p, c, sp, t, add[MAXP]
    for p in range(MAXP):
        add[p] = 0
    megalith_points(s, add)
    for p in range(s.num_players):
        for c in range(NCOL):
            add_dev(s, p, s.res[p][c] + s.mk[p][c])
            s.res[p][c] = 0
            s.mk[p][c] = 0
        add[p] += ceremony_points(s, p)          # uses the development points before they turn into VP
        add[p] += s.dev[p] // 3
        for t in range(NGT):
            add[p] += SET_PTS[s.gath[p][t] if s.gath[p][t] < 5 else 5]
        for t in range(3):
            add[p] += ROW_PTS[popcount((s.paint[p] >> (3 * t)) & 7)]
        add[p] += 2 * s.megaA[p]
        for sp in range(3):
            add[p] += animal_vp_of(s, p, sp) * prints_of(s, p, sp)
        s.vp[p] += add[p]

# ---- the GameTable functions ----

cdef int current_player(const void* v) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    if s.phase == PH_END:
        return TERMINAL
    if s.phase == PH_FILL:
        return CHANCE
    return actor(s)


cdef bint can_paint_spring(const PHState* s, int p, int cell, const int* colours, int tot) noexcept nogil:
    """colours[pos]: colour_at(s, 0, pos); tot: total_res(s, p)."""
    cdef int left[NCOL]
    cdef int c, k
    for c in range(NCOL):
        left[c] = s.res[p][c]
    for k in range(P_NSYM[cell]):
        c = colours[P_SYM[cell][k]]
        left[c] -= 1
        if left[c] < 0:
            return False
    return tot >= P_NSYM[cell] + 1


cdef int side_affordable(const PHState* s, int p, int slot, int first) noexcept nogil:
    cdef int k, n = 0
    for k in range(3):
        if s.res[p][colour_at(s, slot, first + k)] > 0:
            n += 1
    return n


cdef int free_fire_affordable(const PHState* s, int p) noexcept nogil:
    cdef int t, n = 0
    for t in range(6):
        if t != s.shaman[p][0] and t != s.shaman[p][1] and t != s.shaman[p][2]:
            if s.res[p][colour_at(s, 2, t)] > 0:
                n += 1
    return n


cdef inline uint64_t cer_disp_set(const PHState* s) noexcept nogil:
    """Bit c for each ceremony card c on display."""
    cdef int i
    cdef uint64_t m = 0
    for i in range(5):
        if s.cer_disp[i]:
            m |= <uint64_t>1 << (s.cer_disp[i] - 1)
    return m


cdef int board_items(const PHState* s, int p, int k, bint spring, int* out, int n) noexcept nogil:
    """Legal ways to perform board action k (ids appended in ascending order)."""
    cdef int i, v, tot = total_res(s, p), c, m
    cdef uint64_t cards
    cdef int colours[6]
    if k == 0:
        if spring:
            for i in range(6):
                colours[i] = colour_at(s, 0, i)
        for i in range(NPAINT):
            if s.paint[p] & (1 << i):
                continue
            if (spring and can_paint_spring(s, p, i, colours, tot)) or (not spring and s.mk[p][0] >= P_NSYM[i]):
                out[n] = A_PAINT + i
                n += 1
    elif k == 1:
        for i in range(6):
            if s.gather_slot[i] == 0:
                continue
            if spring:
                c = colour_at(s, 1, i)
                if s.res[p][c] >= 1 and tot >= 2:
                    out[n] = A_GATHER + i
                    n += 1
            elif s.mk[p][1] >= 2:
                out[n] = A_GATHER + i
                n += 1
    elif k == 2:
        if spring:
            m = free_fire_affordable(s, p)
        cards = cer_disp_set(s)
        while cards:                    # ascending card ids
            i = ph_ctz64(cards)
            cards &= cards - 1
            v = C_VALUE[i]
            if (spring and m >= v and tot >= v + 1) or (not spring and s.mk[p][2] >= v):
                out[n] = A_CER + i
                n += 1
    elif k == 3:
        if spring:
            m = side_affordable(s, p, 3, 3)
        for i in range(6):
            if s.fish_slot[i] == 0:
                continue
            v = (s.fish_slot[i] - 1) % 3 + 1
            if (spring and m >= v and tot >= v + 1) or (not spring and s.mk[p][3] >= v):
                out[n] = A_FISH + i
                n += 1
    elif k == 4:
        if spring:
            m = side_affordable(s, p, 4, 0)
        for i in range(5):
            if s.hunt_disp[i] == 0:
                continue
            v = H_COST[s.hunt_disp[i] - 1]
            if (spring and m >= v and tot >= v + 1) or (not spring and s.mk[p][4] >= v):
                out[n] = A_HUNT + i
                n += 1
    else:
        if s.avail[p] == 0:
            return n
        if spring:
            # 1 resource: 1 member. 2 resources: "a maximum of 3", so 2 or 3 members (fewer than the
            # maximum matters for the ceremony card scoring members left on the player board; 1 member for 2
            # resources is not offered: it equals `migrate 1` after discarding the second resource).
            if s.res[p][colour_at(s, 5, 0)] >= 1 and tot >= 2:
                out[n] = A_MIGN + 1
                n += 1
            m = 3 if s.avail[p] > 3 else s.avail[p]
            if s.res[p][colour_at(s, 5, 0)] >= 1 and s.res[p][colour_at(s, 5, 1)] >= 1 and tot >= 3:
                for i in range(2, m + 1):
                    out[n] = A_MIGN + i
                    n += 1
        else:
            # one white marker per member, no maximum but the tent
            for i in range(1, s.avail[p] + 1):
                if s.mk[p][5] >= i:
                    out[n] = A_MIGN + i
                    n += 1
    return n


cdef int dev_actions(const PHState* s, int p, int* out, int n) noexcept nogil:
    cdef int i, c
    if s.dev[p] >= 1:
        for i in range(12):
            out[n] = A_ROT + i
            n += 1
        out[n] = A_WEATHER
        n += 1
    if s.dev[p] >= 2:
        for c in range(NCOL):
            out[n] = A_BUYRES + c
            n += 1
    if s.dev[p] >= 3:
        for c in range(NCOL):
            out[n] = A_BUYMK + c
            n += 1
    for c in range(NCOL):
        if s.res[p][c]:
            out[n] = A_DISCRES + c
            n += 1
    for c in range(NCOL):
        if s.mk[p][c]:
            out[n] = A_DISCMK + c
            n += 1
    return n


cdef bint can_select(const PHState* s, int p, int sp) noexcept nogil:
    cdef int d
    if s.mp < 1 or own_untired(s, sp, p) <= 0:
        return False
    for d in range(6):
        if step_ok(s, nbr(s, sp, d), s.mp - 1, p, sp):
            return True
    return False


cdef bint can_build(const PHState* s, int p, int sp, int c) noexcept nogil:
    if s.camps_used[p] & (1 << c):
        return False
    return area_members(s, sp, p) >= CB[c]


cdef int legal_actions(const void* v, int* out) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int n = 0, p, k, i, c, d, t, sp
    if s.phase == PH_FILL or s.phase == PH_END:
        return 0
    p = actor(s)
    if s.phase == PH_START:
        for i in range(8):
            out[n] = A_START + i
            n += 1
        return n
    if s.phase == PH_PICK:
        for k in range(6):
            t = 0
            for c in range(NCOL):
                t += s.top[k][c]
            if t:
                out[n] = A_PILLAR + k
                n += 1
        return n
    if s.sub == SUB_PAYD:
        for c in range(NCOL):
            for k in range(3):
                if colour_at(s, s.p_action, s.p_item + k) == c and not (s.p_mask & (1 << c)) and s.res[p][c]:
                    out[n] = A_PAYC + c
                    n += 1
        return n
    if s.sub == SUB_FOOT:
        for c in range(NCOL):
            if s.res[p][c]:
                out[n] = A_PAYC + c
                n += 1
        return n
    if s.sub == SUB_SHAMAN:
        for i in range(6):
            for k in range(3):
                if s.shaman[p][k] == i and not (s.p_mask & (1 << k)):
                    for t in range(6):
                        if (s.p_item >> t) & 1:
                            continue
                        if t == s.shaman[p][0] or t == s.shaman[p][1] or t == s.shaman[p][2]:
                            continue
                        if s.res[p][colour_at(s, 2, t)]:
                            out[n] = A_SHAMAN + i * 6 + t
                            n += 1
        return n
    if s.sub == SUB_DEST:
        for sp in range(NSP):
            if sp == START_SPACE or (s.camp[sp] == p + 1):
                out[n] = A_DEST + sp
                n += 1
        return n
    if s.sub == SUB_MOVING:
        for d in range(6):
            if step_ok(s, nbr(s, s.mv_pos, d), s.mp - 1, p, s.mv_origin) and s.mp >= 1:
                out[n] = A_STEP + d
                n += 1
        if stoppable(s, s.mv_pos, p, s.mv_origin):
            out[n] = A_STOP
            n += 1
        return n
    if s.sub == SUB_BUILD:
        for c in range(NCAMP):
            if can_build(s, p, s.build_space, c):
                out[n] = A_BUILD + c
                n += 1
        out[n] = A_NOBUILD
        n += 1
        return n
    if s.sub == SUB_SETTLE:
        for sp in range(NSP):
            if own_count(s, sp, p) <= 0:
                continue
            if sp == s.build_space:
                out[n] = A_SETTLE + sp
                n += 1
                continue
            for d in range(6):
                if nbr(s, s.build_space, d) == sp:
                    out[n] = A_SETTLE + sp
                    n += 1
                    break
        return n
    # SUB_MAIN
    out[n] = A_PASS
    n += 1
    if s.phase == PH_AUTUMN:
        for c in range(NCOL):
            if s.res[p][c] and s.mp < 60:
                out[n] = A_PAYC + c
                n += 1
        for c in range(NCOL):
            if s.mk[p][c] and s.mp < 60:
                out[n] = A_PAYM + c
                n += 1
        # "A player at any time during his turn may use any number of development points": autumn too
        n = dev_actions(s, p, out, n)
        if s.dev[p] >= 1 and s.mp < 60:
            out[n] = A_DEVMOVE
            n += 1
        if s.mp >= 1:                   # can_select() needs a movement point and an untired member there
            for sp in range(NSP):
                if own_untired(s, sp, p) > 0 and exists(s, sp) and can_select(s, p, sp):
                    out[n] = A_SELECT + sp
                    n += 1
        return n
    if s.phase == PH_SPRING:
        for k in range(6):
            if foot_free(s, k):
                n = board_items(s, p, k, True, out, n)
    elif s.phase == PH_SUMMER:
        n = board_items(s, p, s.summer_action, False, out, n)
    else:
        for k in range(6):
            n = board_items(s, p, k, False, out, n)
    return dev_actions(s, p, out, n)


cdef void apply_chance(PHState* s, int a) noexcept nogil:
    cdef int idx, i, k, sp, f, size
    cdef int t = fill_target(s, &idx)
    cdef uint8_t* pool = <uint8_t*>pool_of(s, t, &size)
    i = a - A_CHANCE
    pool[i] -= 1
    if t == T_PRICE:
        if idx < 7:
            s.price_tile[idx] = i
            s.price_rot[idx] = PR_HL[i]
        else:
            s.stack[s.stack_len] = i
            s.stack_len += 1
    elif t == T_SEAT:
        s.order[s.seats_drawn] = i
        s.seats_drawn += 1
    elif t == T_WEATHER:
        s.weather[idx] = i
    elif t == T_MAP:
        s.map_tile[idx] = i
        for k in range(4):
            sp = NCOLS * (1 + idx // 2) + 4 * (idx % 2) + k
            f = MAP_FEAT[i][k]
            if f == F_GATHER or f == F_FISH or f == F_ANIMAL:
                s.tok[sp] = NEED
            elif f == F_MEGA_A:
                s.tok[sp] = TOK_MEGA
    elif t == T_TOKEN_G:
        s.tok[idx] = TOK_G + i
    elif t == T_TOKEN_F:
        s.tok[idx] = TOK_F + i
    elif t == T_TOKEN_A:
        s.tok[idx] = TOK_A + i
    elif t == T_GATHER:
        s.gather_slot[idx] = i + 1
    elif t == T_FISH:
        s.fish_slot[idx] = i + 1
    elif t == T_HUNT:
        s.hunt_disp[idx] = i + 1
    else:
        s.cer_disp[idx] = i + 1
    leave_fill(s)


cdef void do_item(PHState* s, int p, int a) noexcept nogil:
    """Performs the board action item `a` (choice already legal), in spring or summer form."""
    cdef bint spring = s.phase == PH_SPRING
    cdef int i, c, v
    s.p_spring = spring
    if a < A_GATHER:
        i = a - A_PAINT
        s.p_action = 0
        if spring:
            for c in range(P_NSYM[i]):
                s.res[p][colour_at(s, 0, P_SYM[i][c])] -= 1
        else:
            s.mk[p][0] -= P_NSYM[i]
        add_dev(s, p, P_NSYM[i])
        gain_paint(s, p, i)
        finish_action(s)
    elif a < A_CER:
        i = a - A_GATHER
        s.p_action = 1
        if spring:
            s.res[p][colour_at(s, 1, i)] -= 1
            add_dev(s, p, 1)
        else:
            s.mk[p][1] -= 2
            add_dev(s, p, 2)
        c = s.gather_slot[i] - 1
        s.gather_slot[i] = 0
        gain_gather(s, p, c)
        finish_action(s)
    elif a < A_FISH:
        i = a - A_CER
        v = C_VALUE[i]
        s.p_action = 2
        gain_cer(s, p, i)
        if spring:
            s.sub = SUB_SHAMAN
            s.p_left = v
            s.p_mask = 0
            s.p_item = (1 << s.shaman[p][0]) | (1 << s.shaman[p][1]) | (1 << s.shaman[p][2])
        else:
            s.mk[p][2] -= v
            add_dev(s, p, v)
            finish_action(s)
    elif a < A_HUNT:
        i = a - A_FISH
        v = (s.fish_slot[i] - 1) % 3 + 1
        s.p_action = 3
        if spring:
            s.sub = SUB_PAYD
            s.p_left = v
            s.p_mask = 0
            s.p_item = 3
            s.build_space = i
        else:
            s.mk[p][3] -= v
            add_dev(s, p, v)
            c = s.fish_slot[i] - 1
            s.fish_slot[i] = 0
            gain_fish(s, p, c)
            finish_action(s)
    elif a < A_MIGN:
        i = a - A_HUNT
        v = H_COST[s.hunt_disp[i] - 1]
        s.p_action = 4
        if spring:
            s.sub = SUB_PAYD
            s.p_left = v
            s.p_mask = 0
            s.p_item = 0
            s.build_space = i
        else:
            s.mk[p][4] -= v
            add_dev(s, p, v)
            c = s.hunt_disp[i] - 1
            s.hunt_disp[i] = 0
            gain_hunt(s, p, c)
            finish_action(s)
    else:
        v = a - A_MIGN
        s.p_action = 5
        if spring:
            s.res[p][colour_at(s, 5, 0)] -= 1
            add_dev(s, p, 1)
            if v >= 2:
                s.res[p][colour_at(s, 5, 1)] -= 1
                add_dev(s, p, 1)
        else:
            s.mk[p][5] -= v
            add_dev(s, p, v)
        s.p_left = v
        s.sub = SUB_DEST


cdef void do_stop(PHState* s, int p) noexcept nogil:
    cdef int sp = s.mv_pos, f, t, c
    add_member(s, sp, p, True)
    s.sub = SUB_MAIN
    if sp == START_SPACE:
        return
    t = s.tok[sp]
    if t:
        s.tok[sp] = 0
        if t < TOK_F:
            gain_gather(s, p, t - TOK_G)
        elif t < TOK_A:
            gain_fish(s, p, t - TOK_F)
        elif t < TOK_MEGA:
            s.animal_tok[p][t - TOK_A] += 1
            s.vp[p] += 1
        else:
            s.megaA[p] += 1
    f = feature(s, sp)
    if F_MARKER <= f < F_MARKER + 6:
        add_mk(s, p, f - F_MARKER)
    if f == F_CAMP and s.camp[sp] == 0:
        for c in range(NCAMP):
            if can_build(s, p, sp, c):
                s.sub = SUB_BUILD
                s.build_space = sp
                return


cdef void apply_action(void* v, int a) noexcept nogil:
    cdef PHState* s = <PHState*>v
    cdef int p, k, c, i, t, sp
    if s.phase == PH_FILL:
        apply_chance(s, a)
        return
    p = actor(s)
    if s.phase == PH_START:
        i = a - A_START
        s.wrot[p] = i // 2
        for k in range(3):
            s.shaman[p][k] = FIRE[i % 2][k]
        next_turn(s)
        return
    if s.phase == PH_PICK:
        k = a - A_PILLAR
        for c in range(NCOL):
            t = s.mk[p][c] + s.top[k][c]
            s.mk[p][c] = 250 if t > 250 else t
            s.top[k][c] = 0
        next_turn(s)
        return
    if s.sub == SUB_PAYD:
        c = a - A_PAYC
        s.res[p][c] -= 1
        add_dev(s, p, 1)
        s.p_mask |= 1 << c
        s.p_left -= 1
        if s.p_left == 0:
            i = s.build_space
            if s.p_action == 3:
                c = s.fish_slot[i] - 1
                s.fish_slot[i] = 0
                gain_fish(s, p, c)
            else:
                c = s.hunt_disp[i] - 1
                s.hunt_disp[i] = 0
                gain_hunt(s, p, c)
            s.sub = SUB_FOOT
        return
    if s.sub == SUB_FOOT:
        c = a - A_PAYC
        s.res[p][c] -= 1
        k = s.p_action
        if s.foot[k][0] == 0:
            s.foot[k][0] = c + 1
        else:
            s.foot[k][1] = c + 1
        next_turn(s)
        return
    if s.sub == SUB_SHAMAN:
        i = (a - A_SHAMAN) // 6
        t = (a - A_SHAMAN) % 6
        for k in range(3):
            if s.shaman[p][k] == i and not (s.p_mask & (1 << k)):
                s.shaman[p][k] = t
                s.p_mask |= 1 << k
                break
        s.res[p][colour_at(s, 2, t)] -= 1
        add_dev(s, p, 1)
        s.p_left -= 1
        if s.p_left == 0:
            s.sub = SUB_FOOT
        return
    if s.sub == SUB_DEST:
        sp = a - A_DEST
        k = s.p_left if s.p_left <= s.avail[p] else s.avail[p]
        for i in range(k):
            add_member(s, sp, p, False)
        s.avail[p] -= k
        finish_action(s)
        return
    if s.sub == SUB_MOVING:
        if a == A_STOP:
            do_stop(s, p)
        else:
            s.mp -= 1
            s.mv_pos = nbr(s, s.mv_pos, a - A_STEP)
        return
    if s.sub == SUB_BUILD:
        if a == A_NOBUILD:
            s.sub = SUB_MAIN
            return
        c = a - A_BUILD
        sp = s.build_space
        s.camp[sp] = p + 1
        s.camps_used[p] |= 1 << c
        s.vp[p] += CV[c]
        add_dev(s, p, CD[c])
        s.members[p] += 1
        s.avail[p] += 1
        s.p_left = CS[c]
        s.sub = SUB_SETTLE if CS[c] > 0 else SUB_MAIN
        return
    if s.sub == SUB_SETTLE:
        sp = a - A_SETTLE
        remove_member(s, sp, p, True)
        s.avail[p] += 1
        s.p_left -= 1
        if s.p_left == 0:
            s.sub = SUB_MAIN
        return
    # SUB_MAIN
    if a == A_PASS:
        if s.phase == PH_SPRING:
            s.done[p] = 1
        next_turn(s)
        return
    if a < A_DEST:
        do_item(s, p, a)
        return
    if s.phase == PH_AUTUMN and a < A_ROT:
        if a < A_PAYM:
            c = a - A_PAYC
            s.res[p][c] -= 1
            add_dev(s, p, 1)
            s.mp += move_value(s, c)
        else:
            c = a - A_PAYM
            s.mk[p][c] -= 1
            add_dev(s, p, 1)
            s.mp += move_value(s, c)
        return
    if a == A_DEVMOVE:
        s.dev[p] -= 1
        s.mp += 1
        return
    if a >= A_SELECT:
        sp = a - A_SELECT
        remove_member(s, sp, p, False)
        s.mv_pos = sp
        s.mv_origin = sp
        s.sub = SUB_MOVING
        return
    if a < A_WEATHER:
        k = (a - A_ROT) // 2
        s.dev[p] -= 1
        s.price_rot[k] = (s.price_rot[k] + (1 if (a - A_ROT) % 2 == 0 else 5)) % 6
    elif a == A_WEATHER:
        s.dev[p] -= 1
        s.wrot[p] = (s.wrot[p] + 1) % 4
    elif a < A_BUYMK:
        s.dev[p] -= 2
        add_res(s, p, a - A_BUYRES)
    elif a < A_DISCRES:
        s.dev[p] -= 3
        add_mk(s, p, a - A_BUYMK)
    elif a < A_DISCMK:
        s.res[p][a - A_DISCRES] -= 1
        add_dev(s, p, 1)
    else:
        s.mk[p][a - A_DISCMK] -= 1
        add_dev(s, p, 1)


cdef int chance_outcomes(const void* v, int* out, double* probs) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int idx, size, i, n = 0, tot = 0
    cdef int t = fill_target(s, &idx)
    if t == T_NONE:
        return 0
    cdef const uint8_t* pool = pool_of(s, t, &size)
    for i in range(size):
        tot += pool[i]
    for i in range(size):
        if pool[i]:
            out[n] = A_CHANCE + i
            probs[n] = <double>pool[i] / tot
            n += 1
    return n


cdef int sample_chance(const void* v, Rng* rng) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int idx, size, i, tot = 0, pick
    cdef int t = fill_target(s, &idx)
    cdef const uint8_t* pool = pool_of(s, t, &size)
    for i in range(size):
        tot += pool[i]
    pick = rng_below(rng, tot)
    for i in range(size):
        if pick < pool[i]:
            return A_CHANCE + i
        pick -= pool[i]
    return -1


cdef void final_scores(const PHState* s, double* out) noexcept nogil:
    cdef int p
    for p in range(s.num_players):
        out[p] = s.vp[p]


cdef void scores(const void* v, double* out) noexcept nogil:
    final_scores(<const PHState*>v, out)


cdef void returns(const void* v, double* out) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int p, n = s.num_players, best = -1000000, key, winners = 0
    cdef int keys[MAXP]
    for p in range(n):
        keys[p] = s.vp[p] * 16 + popcount(s.camps_used[p])
        if keys[p] > best:
            best = keys[p]
    for p in range(n):
        if keys[p] == best:
            winners += 1
    for p in range(n):
        out[p] = 1.0 / winners if keys[p] == best else 0.0


cdef void heuristic(const void* v, double* out) noexcept nogil:
    cdef PHState c
    memcpy(&c, v, sizeof(PHState))
    cdef int p, q, n = c.num_players
    cdef double est[MAXP]
    cdef double other, h
    if c.phase != PH_END:
        final_scoring(&c)
    for p in range(n):
        est[p] = c.vp[p]
    for p in range(n):
        other = -1e9
        for q in range(n):
            if q != p and est[q] > other:
                other = est[q]
        h = 0.5 + (est[p] - other) / 60.0
        out[p] = 0.0 if h < 0.0 else (1.0 if h > 1.0 else h)


cdef void canonical(const PHState* s, int observer, PHState* c, int* counts) noexcept nogil:
    """The observer's view: other seats' ceremony cards merged into the draw pile; their counts per value
    go to counts[q * 4 + value]."""
    cdef int q, i
    if c != s:
        memcpy(c, s, sizeof(PHState))
    for i in range(MAXP * 4):
        counts[i] = 0
    for q in range(s.num_players):
        if q == observer:
            continue
        for i in range(NCC):
            if c.hand[q][i]:
                counts[q * 4 + C_VALUE[i]] += c.hand[q][i]
                c.cer_pile[i] += c.hand[q][i]
                c.hand[q][i] = 0


cdef uint64_t infoset_hash(const void* v, int player) noexcept nogil:
    cdef PHState c
    cdef int counts[MAXP * 4]
    cdef int i
    canonical(<const PHState*>v, player, &c, counts)
    cdef const uint8_t* b = <const uint8_t*>&c
    cdef uint64_t h = 1469598103934665603ULL
    for i in range(sizeof(PHState)):
        h = (h ^ b[i]) * 1099511628211ULL
    for i in range(MAXP * 4):
        h = (h ^ <uint64_t>(counts[i] + 0x100)) * 1099511628211ULL
    return h


cdef void determinize(void* v, int observer, Rng* rng) noexcept nogil:
    """Deals the other seats' ceremony cards again, value by value, from every card of that value the
    observer has not seen (the draw pile and those hands), in canonical (card id) order."""
    cdef PHState* s = <PHState*>v
    cdef int counts[MAXP * 4]
    cdef uint8_t pool[NCC]    # every ceremony card exists once (check_state enforces it at load)
    cdef int val, i, k, size, q, j, tmp
    canonical(s, observer, s, counts)
    for val in range(1, 4):
        size = 0
        for i in range(NCC):
            if C_VALUE[i] == val:
                for k in range(s.cer_pile[i]):
                    if size < NCC:
                        pool[size] = i
                        size += 1
        for i in range(size - 1, 0, -1):
            j = rng_below(rng, i + 1)
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        k = 0
        for q in range(s.num_players):
            for i in range(counts[q * 4 + val]):
                if k >= size:
                    break
                s.hand[q][pool[k]] += 1
                s.cer_pile[pool[k]] -= 1
                k += 1


cdef int observed_action(const void* v, int a, int player) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    if A_CER <= a < A_FISH and s.phase != PH_FILL and actor(s) != player:
        return A_CERHIDDEN + C_VALUE[a - A_CER] - 1
    return a


cdef int rollout_action(const void* v, Rng* rng) noexcept nogil:
    """Rollout policy: uniform over the legal actions, except that development-point trades (rotations,
    buying, discarding) are left out when anything else is legal, and a pass is chosen only one time in
    four when a real action is available."""
    cdef int acts[NUM_ACTIONS]
    cdef int keep[NUM_ACTIONS]
    cdef int n = legal_actions(v, acts), k = 0, i, has_pass = 0
    for i in range(n):
        if A_ROT <= acts[i] < A_DEVMOVE:
            continue
        if acts[i] == A_PASS:
            has_pass = 1
            continue
        keep[k] = acts[i]
        k += 1
    if k == 0:
        return acts[0] if has_pass else acts[rng_below(rng, n)]
    if has_pass and rng_below(rng, 4) == 0:
        return A_PASS
    return keep[rng_below(rng, k)]


# ---- legal states (check_state): one C definition of what the rules allow ----

cdef enum:
    MSG_LEN = 200
    MP_MAX = 62            # movement points: paid only below 60, one payment adds at most 3


cdef bint any_set(const uint8_t* b, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if b[i]:
            return True
    return False


cdef int seat_fields_clear(const PHState* s, int p, char* m) noexcept nogil:
    """Seats beyond the player count hold nothing (their fields stay as initial_state left them)."""
    cdef const char* name = NULL
    if s.order[p] or s.done[p] or s.seat_pool[p]:
        name = "order/done/seat_pool"
    elif any_set(s.res[p], NCOL) or any_set(s.mk[p], NCOL) or any_set(s.gath[p], NGT):
        name = "res/mk/gath"
    elif any_set(s.fish[p], NFK) or any_set(s.hunt[p], NHC) or any_set(s.hand[p], NCC):
        name = "fish/hunt/hand"
    elif s.vp[p] or s.dev[p] or s.fishpos[p] or s.weather[p] or s.wrot[p] or s.paint[p]:
        name = "vp/dev/fishpos/weather/wrot/paint"
    elif any_set(s.shaman[p], 3) or any_set(s.animal_tok[p], 3) or s.megaA[p] or s.avail[p]:
        name = "shaman/animal_tok/megaA/avail"
    elif s.members[p] or s.camps_used[p] or s.cer_count[p] or s.st_count[p] or s.st_tired[p]:
        name = "members/camps_used/cer_count/st_count/st_tired"
    if name != NULL:
        snprintf(m, MSG_LEN, "%s: seat %d is not in a %d-player game, its entries must be 0", name, p,
                 <int>s.num_players)
        return 1
    return 0


cdef int check(const PHState* s, char* m) noexcept nogil:
    """0 when the rules allow *s, else 1 with "field: reason" in m. Reads only in range, on any bytes."""
    cdef int n = s.num_players, i, j, k, p, q, c, t, sp, f, tot, need, setup, moving
    cdef int cnt[NSP]
    cdef int acts[NUM_ACTIONS]
    cdef double probs[NUM_ACTIONS]
    if n < 2 or n > MAXP:
        snprintf(m, MSG_LEN, "num_players: %d, expected 2..4", n)
        return 1
    if s.phase > PH_END:
        snprintf(m, MSG_LEN, "phase: %d is not a phase (0..%d)", <int>s.phase, <int>PH_END)
        return 1
    if s.sub > SUB_SETTLE:
        snprintf(m, MSG_LEN, "sub: %d is not a sub-decision (0..%d)", <int>s.sub, <int>SUB_SETTLE)
        return 1
    if s.round > 4:
        snprintf(m, MSG_LEN, "round: %d, expected 0..4", <int>s.round)
        return 1
    if s.turn >= n:
        snprintf(m, MSG_LEN, "turn: %d, expected 0..%d", <int>s.turn, n - 1)
        return 1
    if s.summer_action > 6 or (s.phase == PH_SUMMER and s.summer_action > 5):
        snprintf(m, MSG_LEN, "summer_action: %d, expected 0..5 in summer, 6 after it", <int>s.summer_action)
        return 1
    if s.after_fill != PH_START and s.after_fill != PH_SPRING:
        snprintf(m, MSG_LEN, "after_fill: %d, expected 1 (start) or 2 (spring)", <int>s.after_fill)
        return 1
    if (s.round >= 1) != (s.after_fill == PH_SPRING):
        snprintf(m, MSG_LEN, "after_fill: %d does not fit round %d", <int>s.after_fill, <int>s.round)
        return 1
    setup = s.phase == PH_FILL and s.after_fill == PH_START
    if s.stack_len > 4 or (not setup and s.stack_len != 4):
        snprintf(m, MSG_LEN, "stack_len: %d, expected 4 after the setup (0..4 during it)", <int>s.stack_len)
        return 1
    if s.seats_drawn > n or (not setup and s.seats_drawn != n):
        snprintf(m, MSG_LEN, "seats_drawn: %d, expected %d after the setup", <int>s.seats_drawn, n)
        return 1
    for p in range(n, MAXP):
        if seat_fields_clear(s, p, m):
            return 1
    # turn order: drawn seats distinct; the seat pool holds exactly the undrawn ones
    for i in range(MAXP):
        cnt[i] = 0
    for i in range(n):
        if s.order[i] >= n:
            snprintf(m, MSG_LEN, "order[%d]: %d is not a seat", i, <int>s.order[i])
            return 1
        if s.done[i] > 1:
            snprintf(m, MSG_LEN, "done[%d]: %d, expected 0 or 1", i, <int>s.done[i])
            return 1
        if i < s.seats_drawn:
            cnt[s.order[i]] += 1
    for i in range(s.seats_drawn):
        if cnt[s.order[i]] > 1:
            snprintf(m, MSG_LEN, "order[%d]: seat %d appears twice", i, <int>s.order[i])
            return 1
    for q in range(n):
        if s.seat_pool[q] + cnt[q] != 1:
            snprintf(m, MSG_LEN, "seat_pool[%d]: %d, but seat %d was drawn %d times", q, <int>s.seat_pool[q], q,
                     cnt[q])
            return 1
    # pricing tiles: each of the 12 once in the pool, on a slot or in the stack; the first central tile leaves
    # the game at the first winter, from then on the central tile is the stack tile of the round
    for i in range(NPRICE):
        cnt[i] = 0
    for i in range(7):
        if s.price_rot[i] >= 6:
            snprintf(m, MSG_LEN, "price_rot[%d]: %d, expected 0..5", i, <int>s.price_rot[i])
            return 1
        if s.price_tile[i] == NEED:
            if not setup or s.stack_len:
                snprintf(m, MSG_LEN, "price_tile[%d]: not drawn, but the setup is over", i)
                return 1
        elif s.price_tile[i] >= NPRICE:
            snprintf(m, MSG_LEN, "price_tile[%d]: %d, expected 0..%d", i, <int>s.price_tile[i], NPRICE - 1)
            return 1
        elif i < 6 or s.round == 0:
            cnt[s.price_tile[i]] += 1
    for i in range(4):
        if s.stack[i] >= NPRICE or (i >= s.stack_len and s.stack[i]):
            snprintf(m, MSG_LEN, "stack[%d]: %d, expected a tile 0..%d (0 while not drawn)", i, <int>s.stack[i],
                     NPRICE - 1)
            return 1
        if i < s.stack_len:
            cnt[s.stack[i]] += 1
    if s.round >= 1 and s.price_tile[6] != s.stack[s.round - 1]:
        snprintf(m, MSG_LEN, "price_tile[6]: %d, but the central tile of round %d is stack[%d] = %d",
                 <int>s.price_tile[6], s.round + 1, s.round - 1, <int>s.stack[s.round - 1])
        return 1
    tot = 0
    for i in range(NPRICE):
        tot += s.price_pool[i] + cnt[i]
        if s.price_pool[i] + cnt[i] > 1:
            snprintf(m, MSG_LEN, "price_pool[%d]: pricing tile %d is counted %d times, it exists once", i, i,
                     s.price_pool[i] + cnt[i])
            return 1
    if tot != NPRICE - (1 if s.round >= 1 else 0):
        snprintf(m, MSG_LEN, "price_pool: %d pricing tiles in the pool, on slots and in the stack, expected %d", tot,
                 NPRICE - (1 if s.round >= 1 else 0))
        return 1
    # weather tiles
    for i in range(NWEATHER):
        cnt[i] = 0
    for p in range(n):
        if s.wrot[p] >= 4:
            snprintf(m, MSG_LEN, "wrot[%d]: %d, expected 0..3", p, <int>s.wrot[p])
            return 1
        if s.weather[p] == NEED:
            if not setup:
                snprintf(m, MSG_LEN, "weather[%d]: not dealt, but the setup is over", p)
                return 1
        elif s.weather[p] >= NWEATHER:
            snprintf(m, MSG_LEN, "weather[%d]: %d, expected 0..%d", p, <int>s.weather[p], NWEATHER - 1)
            return 1
        else:
            cnt[s.weather[p]] += 1
    for i in range(NWEATHER):
        if s.weather_pool[i] + cnt[i] != 1:
            snprintf(m, MSG_LEN, "weather_pool[%d]: weather tile %d is counted %d times, expected once", i, i,
                     s.weather_pool[i] + cnt[i])
            return 1
    # map tiles: the first 5 per player slots hold a tile (or await one during the setup), the rest none
    for i in range(NMAPT):
        cnt[i] = 0
    for i in range(NMAPT):
        if i >= ntiles(s):
            if s.map_tile[i] != NEED:
                snprintf(m, MSG_LEN, "map_tile[%d]: a %d-player map has %d tiles, this slot must be empty (255)", i,
                         n, ntiles(s))
                return 1
        elif s.map_tile[i] == NEED:
            if not setup:
                snprintf(m, MSG_LEN, "map_tile[%d]: not drawn, but the setup is over", i)
                return 1
        elif s.map_tile[i] >= NMAPT:
            snprintf(m, MSG_LEN, "map_tile[%d]: %d, expected 0..%d", i, <int>s.map_tile[i], NMAPT - 1)
            return 1
        else:
            cnt[s.map_tile[i]] += 1
    for i in range(NMAPT):
        if s.map_pool[i] + cnt[i] != 1:
            snprintf(m, MSG_LEN, "map_pool[%d]: map tile %d is counted %d times, expected once", i, i,
                     s.map_pool[i] + cnt[i])
            return 1
    # spaces: tokens fit the space's symbol; members and campsites only where they can be
    need = 0
    for sp in range(NSP):
        if not exists(s, sp) or sp == START_SPACE:
            if s.tok[sp] or s.mowner[sp] or s.mcount[sp] or s.mtired[sp] or s.camp[sp]:
                snprintf(m, MSG_LEN, "tok/mowner/mcount/mtired/camp[%d]: space r%dc%d is %s, it holds nothing", sp,
                         sp // NCOLS, sp % NCOLS, "the starter space (see st_count)" if sp == START_SPACE
                         else "not on this map")
                return 1
            continue
        f = feature(s, sp)
        t = s.tok[sp]
        if t == 0:
            pass
        elif t == NEED:
            if not setup or (f != F_GATHER and f != F_FISH and f != F_ANIMAL):
                snprintf(m, MSG_LEN, "tok[%d]: awaits a token, but %s", sp,
                         "the setup is over" if not setup else "the space has no token symbol")
                return 1
        elif not ((f == F_GATHER and TOK_G <= t < TOK_F) or (f == F_FISH and TOK_F <= t < TOK_A)
                  or (f == F_ANIMAL and TOK_A <= t < TOK_MEGA) or (f == F_MEGA_A and t == TOK_MEGA)):
            snprintf(m, MSG_LEN, "tok[%d]: token %d does not fit the symbol of space r%dc%d", sp, t, sp // NCOLS,
                     sp % NCOLS)
            return 1
        if f == F_MEGA_A:
            need += 1
        if s.mowner[sp] > n:
            snprintf(m, MSG_LEN, "mowner[%d]: %d, expected 0 or a seat + 1 (1..%d)", sp, <int>s.mowner[sp], n)
            return 1
        if (s.mowner[sp] == 0) != (s.mcount[sp] == 0) or s.mcount[sp] > 10 or s.mtired[sp] > s.mcount[sp]:
            snprintf(m, MSG_LEN, "mcount[%d]: %d members (%d tired) of owner %d do not fit together", sp,
                     <int>s.mcount[sp], <int>s.mtired[sp], <int>s.mowner[sp])
            return 1
        if s.camp[sp] > n or (s.camp[sp] and f != F_CAMP):
            snprintf(m, MSG_LEN, "camp[%d]: %d, a campsite needs a campsite space and a seat + 1", sp,
                     <int>s.camp[sp])
            return 1
        if s.camp[sp] and s.mowner[sp] and s.mowner[sp] != s.camp[sp]:
            snprintf(m, MSG_LEN, "mowner[%d]: seat %d stands in the campsite of seat %d", sp, s.mowner[sp] - 1,
                     s.camp[sp] - 1)
            return 1
    # megaliths A: each one still lies on its space or was taken
    tot = 0
    for sp in range(NSP):
        if s.tok[sp] == TOK_MEGA:
            tot += 1
    for p in range(n):
        tot += s.megaA[p]
    if tot != need:
        snprintf(m, MSG_LEN, "megaA: %d megaliths A on the map and taken, the map shows %d", tot, need)
        return 1
    # players
    moving = s.phase == PH_AUTUMN and s.sub == SUB_MOVING
    for p in range(n):
        if s.st_tired[p] > s.st_count[p]:
            snprintf(m, MSG_LEN, "st_tired[%d]: %d tired of %d on the starter space", p, <int>s.st_tired[p],
                     <int>s.st_count[p])
            return 1
        if s.camps_used[p] >= (1 << NCAMP):
            snprintf(m, MSG_LEN, "camps_used[%d]: %d, there are %d campsites", p, <int>s.camps_used[p], NCAMP)
            return 1
        tot = 0
        k = s.st_count[p]
        for sp in range(NSP):
            if s.camp[sp] == p + 1:
                tot += 1
            if s.mowner[sp] == p + 1:
                k += s.mcount[sp]
        if tot != popcount(s.camps_used[p]):
            snprintf(m, MSG_LEN, "camps_used[%d]: %d campsites built, %d on the map", p, popcount(s.camps_used[p]),
                     tot)
            return 1
        if s.members[p] != 3 + tot:
            snprintf(m, MSG_LEN, "members[%d]: %d, expected 3 + %d campsites", p, <int>s.members[p], tot)
            return 1
        if k + s.avail[p] + (1 if moving and actor(s) == p else 0) != s.members[p]:
            snprintf(m, MSG_LEN, "avail[%d]: %d in the tent + %d on the map is not %d members", p, <int>s.avail[p],
                     k, <int>s.members[p])
            return 1
        for k in range(3):
            if s.shaman[p][k] >= 6:
                snprintf(m, MSG_LEN, "shaman[%d][%d]: %d, expected a fire position 0..5", p, k,
                         <int>s.shaman[p][k])
                return 1
        if (s.shaman[p][0] or s.shaman[p][1] or s.shaman[p][2]) and (s.shaman[p][0] == s.shaman[p][1]
                or s.shaman[p][0] == s.shaman[p][2] or s.shaman[p][1] == s.shaman[p][2]):
            snprintf(m, MSG_LEN, "shaman[%d]: two shamans on one fire position", p)
            return 1
        if s.paint[p] >= 512:
            snprintf(m, MSG_LEN, "paint[%d]: %d, a painting has 9 sections (< 512)", p, <int>s.paint[p])
            return 1
        if s.fishpos[p] > 20:
            snprintf(m, MSG_LEN, "fishpos[%d]: %d, the fishing track ends at 20", p, <int>s.fishpos[p])
            return 1
        if s.vp[p] < 0:
            snprintf(m, MSG_LEN, "vp[%d]: %d, victory points are never negative", p, <int>s.vp[p])
            return 1
        for c in range(NHC):
            if s.hunt[p][c] > 1:
                snprintf(m, MSG_LEN, "hunt[%d][%d]: %d, each hunting card exists once", p, c, <int>s.hunt[p][c])
                return 1
    # the ceremony track: the seats that performed a ceremony this round, each once
    if s.cer_len > n:
        snprintf(m, MSG_LEN, "cer_len: %d, expected 0..%d", <int>s.cer_len, n)
        return 1
    for q in range(MAXP):
        cnt[q] = 0
    for i in range(MAXP):
        if i >= s.cer_len:
            if s.cer_track[i]:
                snprintf(m, MSG_LEN, "cer_track[%d]: %d beyond cer_len %d, expected 0", i, <int>s.cer_track[i],
                         <int>s.cer_len)
                return 1
        elif s.cer_track[i] >= n or cnt[s.cer_track[i]]:
            snprintf(m, MSG_LEN, "cer_track[%d]: %d, expected a seat not already on the track", i,
                     <int>s.cer_track[i])
            return 1
        else:
            cnt[s.cer_track[i]] = 1
    for p in range(n):
        if (s.cer_count[p] > 0) != (cnt[p] == 1):
            snprintf(m, MSG_LEN, "cer_count[%d]: %d ceremonies this round, but seat %d is %son the track", p,
                     <int>s.cer_count[p], p, "" if cnt[p] else "not ")
            return 1
    # display slots and footings
    for i in range(6):
        if s.gather_slot[i] > NGK:
            snprintf(m, MSG_LEN, "gather_slot[%d]: %d, expected 0 or a kind + 1 (1..%d)", i, <int>s.gather_slot[i],
                     NGK)
            return 1
        if s.fish_slot[i] > NFK:
            snprintf(m, MSG_LEN, "fish_slot[%d]: %d, expected 0 or a kind + 1 (1..%d)", i, <int>s.fish_slot[i], NFK)
            return 1
        if s.foot[i][0] > NCOL or s.foot[i][1] > NCOL or (s.foot[i][1] and not s.foot[i][0]):
            snprintf(m, MSG_LEN, "foot[%d]: %d %d, expected colours + 1 (0 empty), the first filled first", i,
                     <int>s.foot[i][0], <int>s.foot[i][1])
            return 1
    for i in range(5):
        if s.hunt_disp[i] > NHC:
            snprintf(m, MSG_LEN, "hunt_disp[%d]: %d, expected 0 or a card + 1 (1..%d)", i, <int>s.hunt_disp[i], NHC)
            return 1
        if s.cer_disp[i] > NCC:
            snprintf(m, MSG_LEN, "cer_disp[%d]: %d, expected 0 or a card + 1 (1..%d)", i, <int>s.cer_disp[i], NCC)
            return 1
    # conservation: every gathering tile, fish, animal, hunting and ceremony card is in exactly one place
    for t in range(NGT):
        tot = 0
        for k in range(2 * t, 2 * t + 2):
            j = s.gather_pile[k]
            for i in range(6):
                j += s.gather_slot[i] == k + 1
            for sp in range(NSP):
                j += s.tok[sp] == TOK_G + k
            if j > (2 if k % 2 else 3):
                snprintf(m, MSG_LEN, "gather_pile[%d]: %d tiles of gathering kind %d, %d exist", k, j, k,
                         2 if k % 2 else 3)
                return 1
            tot += j
        for p in range(n):
            tot += s.gath[p][t]
        if tot != 5:
            snprintf(m, MSG_LEN, "gath: %d gathering tiles of type %d in all places, 5 exist", tot, t)
            return 1
    for k in range(NFK):
        j = s.fish_pile[k]
        for i in range(6):
            j += s.fish_slot[i] == k + 1
        for sp in range(NSP):
            j += s.tok[sp] == TOK_F + k
        for p in range(n):
            j += s.fish[p][k]
        if j != (4 if k % 3 == 0 else 3):
            snprintf(m, MSG_LEN, "fish_pile[%d]: %d fish of kind %d in all places, %d exist", k, j, k,
                     4 if k % 3 == 0 else 3)
            return 1
    for k in range(3):
        j = s.animal_pool[k]
        for sp in range(NSP):
            j += s.tok[sp] == TOK_A + k
        for p in range(n):
            j += s.animal_tok[p][k]
        if j != 2:
            snprintf(m, MSG_LEN, "animal_pool[%d]: %d map animals of species %d in all places, 2 exist", k, j, k)
            return 1
    for c in range(NHC):
        j = s.hunt_pile[c]
        for i in range(5):
            j += s.hunt_disp[i] == c + 1
        for p in range(n):
            j += s.hunt[p][c]
        if j > 1:
            snprintf(m, MSG_LEN, "hunt_pile[%d]: hunting card %d is in %d places, it exists once", c, c, j)
            return 1
    for c in range(NCC):
        j = s.cer_pile[c] + s.cer_discard[c]
        for i in range(5):
            j += s.cer_disp[i] == c + 1
        for p in range(n):
            j += s.hand[p][c]
        if j != 1:
            if s.cer_pile[c] > 1:
                snprintf(m, MSG_LEN, "cer_pile[%d]: %d ceremony cards, at most 1 exists", c, <int>s.cer_pile[c])
            else:
                snprintf(m, MSG_LEN, "hand: ceremony card %d is in %d places (pile, display, discard, hands), "
                         "it exists once", c, j)
            return 1
    # the pending sub-decision
    if s.p_action >= 6 or s.p_spring > 1:
        snprintf(m, MSG_LEN, "p_action: %d (p_spring %d), expected an action 0..5 and a flag", <int>s.p_action,
                 <int>s.p_spring)
        return 1
    if s.mp > MP_MAX:
        snprintf(m, MSG_LEN, "mp: %d movement points, at most %d", <int>s.mp, <int>MP_MAX)
        return 1
    if s.mv_pos >= NSP or s.mv_origin >= NSP or s.build_space >= NSP:
        snprintf(m, MSG_LEN, "mv_pos/mv_origin/build_space: %d/%d/%d, expected spaces 0..%d", <int>s.mv_pos,
                 <int>s.mv_origin, <int>s.build_space, NSP - 1)
        return 1
    if s.sub != SUB_MAIN:
        if s.sub <= SUB_FOOT and s.phase != PH_SPRING and not (s.sub == SUB_DEST and (s.phase == PH_SUMMER
                                                                                       or s.phase == PH_FINAL)):
            snprintf(m, MSG_LEN, "sub: sub-decision %d cannot be pending in phase %d", <int>s.sub, <int>s.phase)
            return 1
        if s.sub > SUB_FOOT and s.phase != PH_AUTUMN:
            snprintf(m, MSG_LEN, "sub: sub-decision %d is an autumn one, the phase is %d", <int>s.sub, <int>s.phase)
            return 1
    if s.sub == SUB_PAYD:
        if not ((s.p_action == 3 and s.build_space < 6 and s.fish_slot[s.build_space % 6])
                or (s.p_action == 4 and s.build_space < 5 and s.hunt_disp[s.build_space % 5])) or s.p_left == 0:
            snprintf(m, MSG_LEN, "build_space: %d is not the display slot of a pending fishing/hunting payment",
                     <int>s.build_space)
            return 1
    elif s.sub == SUB_SHAMAN:
        if s.p_action != 2 or s.p_left == 0 or s.p_left > 3 or s.p_mask >= 8:
            snprintf(m, MSG_LEN, "p_left: %d shaman moves pending (action %d, mask %d) do not fit a ceremony",
                     <int>s.p_left, <int>s.p_action, <int>s.p_mask)
            return 1
    elif s.sub == SUB_FOOT:
        if not foot_free(s, s.p_action):
            snprintf(m, MSG_LEN, "p_action: footing of action %d pending, but both footings are taken",
                     <int>s.p_action)
            return 1
    elif s.sub == SUB_DEST:
        # spring: at most 3 members; summer and the final action: one white marker each, at most the tent
        if s.p_action != 5 or s.p_left == 0 or s.p_left > s.avail[actor(s)] or (s.p_spring and s.p_left > 3):
            snprintf(m, MSG_LEN, "p_left: %d migrating members pending, expected 1..%d (the tent%s)",
                     <int>s.p_left, <int>s.avail[actor(s)], " or 3 in spring" if s.p_spring else "")
            return 1
    elif s.sub == SUB_MOVING:
        if not exists(s, s.mv_pos) or not exists(s, s.mv_origin):
            snprintf(m, MSG_LEN, "mv_pos: %d (from %d) is not a space of this map", <int>s.mv_pos,
                     <int>s.mv_origin)
            return 1
    elif s.sub == SUB_BUILD:
        if not exists(s, s.build_space) or feature(s, s.build_space) != F_CAMP or s.camp[s.build_space]:
            snprintf(m, MSG_LEN, "build_space: %d is not a free campsite space", <int>s.build_space)
            return 1
    elif s.sub == SUB_SETTLE:
        if not exists(s, s.build_space) or s.camp[s.build_space] != actor(s) + 1 or s.p_left == 0:
            snprintf(m, MSG_LEN, "build_space: %d is not the campsite just built by the player to move",
                     <int>s.build_space)
            return 1
    # a chance node has an outcome, a decision a legal action
    p = current_player(s)
    if p == CHANCE and chance_outcomes(s, acts, probs) == 0:
        snprintf(m, MSG_LEN, "phase: a draw is pending but nothing is left to draw")
        return 1
    if p >= 0 and legal_actions(s, acts) == 0:
        snprintf(m, MSG_LEN, "sub: seat %d is to move but has no legal action", p)
        return 1
    return 0


# ---- the GameTable, and the module's Python entry to the rules ----

cdef GameTable TABLES[3]


cdef void fill_table(GameTable* t, int players) noexcept:
    t.name = "prehistory"
    t.num_players = players
    t.state_size = sizeof(PHState)
    t.max_actions = NUM_ACTIONS
    t.max_chance_outcomes = NCC
    t.max_game_length = 60000
    t.data = NULL
    t.current_player = current_player
    t.legal_actions = legal_actions
    t.apply_action = apply_action
    t.chance_outcomes = chance_outcomes
    t.sample_chance = sample_chance
    t.returns = returns
    t.scores = scores
    t.heuristic = heuristic
    t.determinize = determinize
    t.infoset_hash = infoset_hash
    t.observed_action = observed_action
    t.rollout_action = rollout_action


fill_table(&TABLES[0], 2)
fill_table(&TABLES[1], 3)
fill_table(&TABLES[2], 4)


cdef PHState load(bytes data):
    cdef PHState s
    memcpy(&s, <const char*>data, sizeof(s))
    return s


cdef bytes dump(PHState* s):
    return (<char*>s)[:sizeof(PHState)]


def make_table(dict params):
    return PyCapsule_New(&TABLES[params["players"] - 2], b"cavemind.GameTable", NULL)


def initial_state(dict params):
    cdef PHState s
    cdef int i, n = params["players"]
    memset(&s, 0, sizeof(s))
    s.num_players = n
    s.phase = PH_FILL
    s.after_fill = PH_START
    for i in range(7):
        s.price_tile[i] = NEED
    for i in range(NPRICE):
        s.price_pool[i] = 1
    for i in range(NMAPT):
        s.map_tile[i] = NEED
        s.map_pool[i] = 1
    for i in range(3):
        s.animal_pool[i] = 2
    for i in range(NWEATHER):
        s.weather_pool[i] = 1
    for i in range(NGK):
        s.gather_pile[i] = 2 if i % 2 else 3
    for i in range(NFK):
        s.fish_pile[i] = 4 if i % 3 == 0 else 3
    for i in range(NHC):
        s.hunt_pile[i] = 1
    for i in range(NCC):
        s.cer_pile[i] = 1
    for i in range(n):
        s.seat_pool[i] = 1
        s.weather[i] = NEED
        s.avail[i] = 2
        s.members[i] = 3
        s.st_count[i] = 1
        s.order[i] = i
    return dump(&s)
