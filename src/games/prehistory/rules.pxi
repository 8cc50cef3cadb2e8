# Prehistory: the rules in C, nogil and without Python objects: map geometry, the seasons, scoring,
# the contract functions of mcts/game_api.pxd, the legal-state check behind check_state and the
# GameTable; then the module's Python entry to them (bytes <-> PHState, make_table, initial_state).
# Included by prehistory.pyx after data.pxi.

cdef extern from *:
    """
    static inline int ph_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int ph_popcount(unsigned int x) { return __builtin_popcount(x); }
    /* the number of bits of a 6-bit set, without a libgcc call where the target has no popcnt instruction */
    static const unsigned char ph_pop6[64] = {
        0,1,1,2,1,2,2,3,1,2,2,3,2,3,3,4,1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,
        1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6};
    static inline int ph_popcount6(unsigned int x) { return ph_pop6[x & 63]; }

    /* Draw piles as 8-byte words. Every pile byte counts at most 4 items (check_state), so the 8 bytes of a
       word sum without carries into the top byte of w * 0x0101..01, in either byte order. */
    static inline unsigned long long ph_load8(const unsigned char* p) {
        unsigned long long w;
        __builtin_memcpy(&w, p, 8);
        return w;
    }
    static inline int ph_sum8(const unsigned char* p) {
        return (int)((ph_load8(p) * 0x0101010101010101ULL) >> 56);
    }
    /* Whether any of the n >= 8 bytes is nonzero (the last word overlaps the one before). */
    static inline int ph_any_nonzero(const unsigned char* p, int n) {
        unsigned long long acc = ph_load8(p + n - 8);
        for (int i = 0; i + 8 < n; i += 8) acc |= ph_load8(p + i);
        return acc != 0;
    }
    /* The first i < n <= 8 with p[i] == v, else -1. Reads 8 bytes: callers pass arrays of the state that
       other fields follow. On little-endian targets one word: bytes equal to v become zero bytes, and the
       lowest set bit of the zero-byte test marks the first of them (its false positives lie only above a
       true zero byte). */
    static inline int ph_find8(const unsigned char* p, int n, unsigned char v) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        unsigned long long w = ph_load8(p) ^ (0x0101010101010101ULL * v);
        unsigned long long z = (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
        if (n < 8) z &= (1ULL << (8 * n)) - 1;
        return z ? __builtin_ctzll(z) >> 3 : -1;
    #else
        for (int i = 0; i < n; i++) if (p[i] == v) return i;
        return -1;
    #endif
    }
    /* Bit i for each nonzero p[i], i < 6. Reads 8 bytes, like ph_find8. On little-endian targets one word:
       bit 7 of each byte is set when the byte is nonzero (its low 7 bits plus 0x7F carry into bit 7, no further),
       and one multiply gathers those bits into the top byte. */
    static inline int ph_nonzero6(const unsigned char* p) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        unsigned long long w = ph_load8(p);
        unsigned long long t = (((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w) & 0x8080808080808080ULL;
        return (int)((t * 0x0002040810204081ULL) >> 56) & 63;
    #else
        int m = 0;
        for (int i = 0; i < 6; i++) m |= (p[i] != 0) << i;
        return m;
    #endif
    }
    /* The sum of n bytes. */
    static inline int ph_byte_sum(const unsigned char* p, int n) {
        int i = 0, t = 0;
        for (; i + 8 <= n; i += 8) t += ph_sum8(p + i);
        for (; i < n; i++) t += p[i];
        return t;
    }
    /* The index i where the running sum of the n bytes first exceeds pick (-1 if it never does): whole words
       are skipped while their sum is at most what is left of pick, then the bytes of the word are walked. */
    static inline int ph_pick(const unsigned char* p, int n, int pick) {
        int i = 0, w;
        for (; i + 8 <= n; i += 8) {
            w = ph_sum8(p + i);
            if (pick < w) break;
            pick -= w;
        }
        for (; i < n; i++) {
            if (pick < p[i]) return i;
            pick -= p[i];
        }
        return -1;
    }
    """
    int ph_ctz64(uint64_t x) noexcept nogil
    int ph_popcount(unsigned int x) noexcept nogil
    int ph_popcount6(unsigned int x) noexcept nogil
    bint ph_any_nonzero(const uint8_t* p, int n) noexcept nogil
    int ph_byte_sum(const uint8_t* p, int n) noexcept nogil
    int ph_pick(const uint8_t* p, int n, int pick) noexcept nogil
    int ph_find8(const uint8_t* p, int n, uint8_t v) noexcept nogil
    int ph_nonzero6(const uint8_t* p) noexcept nogil

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

# The pricing tiles' colours and movement values written out twice, so that position + rotation (both 0..5,
# check_state holds rotations below 6) indexes them without a modulo: colour_at is on every spring step.
cdef uint8_t PR_COL2[NPRICE][12]
cdef uint8_t PR_MOVE2[NPRICE][12]
# PR_COLSET[tile][rotation][positions]: the set of colours (bit c) shown at a set of price positions (bit pos).
# Each pricing tile shows every colour once (checked below), so "one resource of each colour at these
# positions" is a subset test against the colours the player holds, and counting the positions whose colour
# the player holds is a popcount: the spring legal actions need no per-position loops.
cdef uint8_t PR_COLSET[NPRICE][6][64]
# PR_POSSET[tile][rotation][colours]: the other way round, the positions showing a set of colours.
cdef uint8_t PR_POSSET[NPRICE][6][64]
# PAINT_OK[tile][rotation][colours]: the painting sections (bit cell) whose symbols' colours are all in the set.
cdef uint16_t PAINT_OK[NPRICE][6][64]
cdef uint16_t NSYM_AT_MOST[4]       # the sections (bit cell) with at most k symbols
cdef uint8_t P_POS[NPAINT]          # the price positions (bit pos) of a painting section's symbols
cdef uint8_t FISH_VALUE[NFK + 1]    # the value 1..3 of the fish in a fishing slot (kind + 1)
cdef uint8_t HUNT_COST[NHC + 1]     # the cost of the hunting card in a display slot (card + 1)
cdef int DISCARD_IDS[2][64][6]      # for a set of colours (bit c): A_DISCRES (A_DISCMK) + c of each, ascending


cdef void fill_rule_tables() except *:
    """The tables above, from the component data (data.pxi, loaded before this runs), and the properties of
    those data that the tables and board_items rely on."""
    cdef int t, k, r, ps, pos, seen
    for k in range(NPAINT):
        P_POS[k] = 0
        for pos in range(P_NSYM[k]):
            P_POS[k] |= 1 << P_SYM[k][pos]
        if P_NSYM[k] < 1 or P_NSYM[k] > 3 or ph_popcount(P_POS[k]) != P_NSYM[k]:
            raise RuntimeError(f"prehistory components: painting section {k} needs 1..3 distinct price positions")
    for r in range(4):
        NSYM_AT_MOST[r] = 0
        for k in range(NPAINT):
            if P_NSYM[k] <= r:
                NSYM_AT_MOST[r] |= 1 << k
    for k in range(1, NFK + 1):
        FISH_VALUE[k] = (k - 1) % 3 + 1
    for ps in range(64):
        r = 0
        for k in range(6):
            DISCARD_IDS[0][ps][k] = 0
            DISCARD_IDS[1][ps][k] = 0
            if ps & (1 << k):
                DISCARD_IDS[0][ps][r] = A_DISCRES + k
                DISCARD_IDS[1][ps][r] = A_DISCMK + k
                r += 1
    # every price is at least 1 (board_items offers nothing in spring below 2 resources)
    HUNT_COST[0] = 0
    for k in range(NHC):
        HUNT_COST[k + 1] = H_COST[k]
        if H_COST[k] < 1:
            raise RuntimeError(f"prehistory components: hunting card {k} costs nothing")
    for k in range(NCC):
        if C_VALUE[k] < 1 or C_VALUE[k] > 3:
            raise RuntimeError(f"prehistory components: ceremony card {k} has value {C_VALUE[k]}, expected 1..3")
    for t in range(NPRICE):
        seen = 0
        for k in range(6):
            if PR_COL[t][k] < NCOL:
                seen |= 1 << PR_COL[t][k]
        if seen != 63:
            raise RuntimeError(f"prehistory components: pricing tile {t} does not show each of the 6 colours once")
        for k in range(12):
            PR_COL2[t][k] = PR_COL[t][k % 6]
            PR_MOVE2[t][k] = PR_MOVE[t][k % 6]
        for r in range(6):
            for ps in range(64):
                PR_COLSET[t][r][ps] = 0
                for pos in range(6):
                    if ps & (1 << pos):
                        PR_COLSET[t][r][ps] |= 1 << PR_COL2[t][pos + r]
            for ps in range(64):
                PR_POSSET[t][r][PR_COLSET[t][r][ps]] = ps
            for ps in range(64):
                PAINT_OK[t][r][ps] = 0
                for k in range(NPAINT):
                    if (PR_POSSET[t][r][ps] & P_POS[k]) == P_POS[k]:
                        PAINT_OK[t][r][ps] |= 1 << k


fill_rule_tables()


cdef inline int colour_set(const PHState* s, int slot, int positions) noexcept nogil:
    """The colours (bit c) at the given price positions (bit pos) of an action slot's pricing tile."""
    return PR_COLSET[s.pricing_tile[slot]][s.pricing_rotation[slot]][positions]


cdef inline int position_set(const PHState* s, int slot, int colours) noexcept nogil:
    """The price positions (bit pos) of an action slot's pricing tile showing the given colours (bit c)."""
    return PR_POSSET[s.pricing_tile[slot]][s.pricing_rotation[slot]][colours]


cdef inline int bits_at_most(int x, int limit) noexcept nogil:
    return limit if x > limit else x


cdef inline int append_bits(int* out, int n, int base, unsigned int bits) noexcept nogil:
    """Appends base + i for each bit i of `bits`, in ascending order."""
    while bits:
        out[n] = base + ph_ctz64(bits)
        n += 1
        bits &= bits - 1
    return n


cdef inline int colour_at(const PHState* s, int slot, int pos) noexcept nogil:
    return PR_COL2[s.pricing_tile[slot]][pos + s.pricing_rotation[slot]]


cdef inline int move_value(const PHState* s, int colour) noexcept nogil:
    cdef int d, t = s.pricing_tile[6], r = s.pricing_rotation[6]
    for d in range(6):
        if PR_COL2[t][d + r] == colour:
            return PR_MOVE2[t][d + r]
    return 1


cdef inline int total_res(const PHState* s, int p) noexcept nogil:
    cdef int c, t = 0
    for c in range(NCOL):
        t += s.resources[p][c]
    return t


cdef inline void add_dev(PHState* s, int p, int n) noexcept nogil:
    cdef int v = s.development[p] + n
    s.development[p] = 250 if v > 250 else v


cdef inline void add_res(PHState* s, int p, int c) noexcept nogil:
    if s.resources[p][c] < 250:
        s.resources[p][c] += 1


cdef inline void add_mk(PHState* s, int p, int c) noexcept nogil:
    if s.action_markers[p][c] < 250:
        s.action_markers[p][c] += 1


cdef inline void give(PHState* s, int p, int code) noexcept nogil:
    if code < 6:
        add_res(s, p, code)
    elif code < 12:
        add_mk(s, p, code - 6)
    elif code == 12:
        add_dev(s, p, 1)


cdef inline int actor(const PHState* s) noexcept nogil:
    if s.phase == PH_PICK or s.phase == PH_SUMMER:
        return s.turn_order[s.num_players - 1 - s.turn]
    return s.turn_order[s.turn]


cdef inline bint foot_free(const PHState* s, int k) noexcept nogil:
    return s.footings[k][0] == 0 or s.footings[k][1] == 0


cdef inline int own_count(const PHState* s, int sp, int p) noexcept nogil:
    if sp == START_SPACE:
        return s.starter_members[p]
    if s.member_owner[sp] == p + 1:
        return s.member_count[sp]
    return 0


cdef inline int own_untired(const PHState* s, int sp, int p) noexcept nogil:
    if sp == START_SPACE:
        return s.starter_members[p] - s.starter_tired[p]
    if s.member_owner[sp] == p + 1:
        return s.member_count[sp] - s.members_tired[sp]
    return 0


cdef void add_member(PHState* s, int sp, int p, bint tired) noexcept nogil:
    if sp == START_SPACE:
        s.starter_members[p] += 1
        if tired:
            s.starter_tired[p] += 1
        return
    s.member_owner[sp] = p + 1
    s.member_count[sp] += 1
    if tired:
        s.members_tired[sp] += 1


cdef void remove_member(PHState* s, int sp, int p, bint tired) noexcept nogil:
    if sp == START_SPACE:
        s.starter_members[p] -= 1
        if tired and s.starter_tired[p] > 0:
            s.starter_tired[p] -= 1
        if s.starter_tired[p] > s.starter_members[p]:
            s.starter_tired[p] = s.starter_members[p]
        return
    s.member_count[sp] -= 1
    if tired and s.members_tired[sp] > 0:
        s.members_tired[sp] -= 1
    if s.members_tired[sp] > s.member_count[sp]:
        s.members_tired[sp] = s.member_count[sp]
    if s.member_count[sp] == 0:
        s.member_owner[sp] = 0


cdef bint stoppable(const PHState* s, int sp, int p, int origin) noexcept nogil:
    cdef int q, tot = 0
    if sp < 0 or sp == origin:
        return False
    if sp == START_SPACE:
        for q in range(s.num_players):
            tot += s.starter_members[q]
        return tot == 0
    return s.member_count[sp] == 0 and (s.campsite_owner[sp] == 0 or s.campsite_owner[sp] == p + 1)


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
    s.gathered[p][t] += 1
    if kind % 2:
        add_dev(s, p, 1)
    u = GPAIR[t]
    if s.gathered[p][t] <= s.gathered[p][u]:
        add_mk(s, p, PAIR_RW[t // 2][0])
        add_mk(s, p, PAIR_RW[t // 2][1])


cdef void gain_fish(PHState* s, int p, int kind) noexcept nogil:
    s.fish[p][kind] += 1
    cdef int v = s.fishing_track[p] + kind % 3 + 1
    s.fishing_track[p] = 20 if v > 20 else v


cdef void gain_hunt(PHState* s, int p, int card) noexcept nogil:
    cdef int c, k
    s.hunting_cards[p][card] = 1
    if H_ANIMAL[card]:
        s.victory_points[p] += H_VP[card]
        return
    for c in range(NHC):
        if s.hunting_cards[p][c] and not H_ANIMAL[c] and H_SPEC[c] == H_SPEC[card]:
            for k in range(2):
                if H_RW[c][k] != 255:
                    give(s, p, H_RW[c][k])


cdef void gain_paint(PHState* s, int p, int cell) noexcept nogil:
    cdef int r = cell // 3, c = cell % 3
    s.painted_sections[p] |= 1 << cell
    if c > 0 and s.painted_sections[p] & (1 << (cell - 1)):
        give(s, p, ROW_RW[r])
    if c < 2 and s.painted_sections[p] & (1 << (cell + 1)):
        give(s, p, ROW_RW[r])
    if r > 0 and s.painted_sections[p] & (1 << (cell - 3)):
        give(s, p, COL_RW[c])
    if r < 2 and s.painted_sections[p] & (1 << (cell + 3)):
        give(s, p, COL_RW[c])


cdef void ceremony_track(PHState* s, int p) noexcept nogil:
    cdef int i, pos = -1
    for i in range(s.ceremony_track_length):
        if s.ceremony_track[i] == p:
            pos = i
    if pos < 0:
        s.ceremony_track[s.ceremony_track_length] = p
        s.ceremony_track_length += 1
    elif pos > 0:
        s.ceremony_track[pos] = s.ceremony_track[pos - 1]
        s.ceremony_track[pos - 1] = p
    s.ceremonies_performed[p] += 1


cdef void gain_cer(PHState* s, int p, int card) noexcept nogil:
    cdef int i
    for i in range(5):
        if s.ceremony_display[i] == card + 1:
            s.ceremony_display[i] = 0
    s.hand[p][card] += 1
    add_dev(s, p, C_DEV[C_VALUE[card]])
    ceremony_track(s, p)

# ---- chance: what is drawn next ----


cdef inline int first_refill_slot(const uint8_t* pile, int kinds, const uint8_t* slots, int num_slots) noexcept nogil:
    """The first empty display slot while the pile behind it still has cards, else -1 (kinds >= 8)."""
    cdef int i = ph_find8(slots, num_slots, 0)
    return i if i >= 0 and ph_any_nonzero(pile, kinds) else -1


cdef int fill_target(const PHState* s, int* index) noexcept nogil:
    cdef int i, n = s.num_players, c
    cdef const uint8_t* hit
    if s.phase != PH_FILL:
        return T_NONE
    # Pricing tiles, seats, weather and map tiles and their tokens are drawn only in the setup (after_fill
    # PH_START): from the first winter on, check_state holds them all drawn, and the refills below are all
    # that a winter draws.
    if s.after_fill == PH_START:
        i = ph_find8(s.pricing_tile, 7, NEED)
        if i >= 0:
            index[0] = i
            return T_PRICE
        if s.pricing_stack_length < 4:
            index[0] = 7 + s.pricing_stack_length
            return T_PRICE
        if s.seats_drawn < n:
            index[0] = s.seats_drawn
            return T_SEAT
        i = ph_find8(s.weather_tile, n, NEED)
        if i >= 0:
            index[0] = i
            return T_WEATHER
        hit = <const uint8_t*>memchr(s.map_tile, NEED, ntiles(s))
        if hit != NULL:
            index[0] = hit - s.map_tile
            return T_MAP
        hit = <const uint8_t*>memchr(s.space_token, NEED, NSP)
        if hit != NULL:
            i = hit - s.space_token
            index[0] = i
            c = feature(s, i)
            if c == F_GATHER:
                return T_TOKEN_G
            if c == F_FISH:
                return T_TOKEN_F
            return T_TOKEN_A
    index[0] = first_refill_slot(s.gathering_pile, NGK, s.gathering_slot, 6)
    if index[0] >= 0:
        return T_GATHER
    index[0] = first_refill_slot(s.fish_pile, NFK, s.fishing_slot, 6)
    if index[0] >= 0:
        return T_FISH
    index[0] = first_refill_slot(s.hunting_pile, NHC, s.hunting_display, 5)
    if index[0] >= 0:
        return T_HUNT
    index[0] = first_refill_slot(s.ceremony_pile, NCC, s.ceremony_display, 5)
    if index[0] >= 0:
        return T_CER
    return T_NONE


cdef const uint8_t* pool_of(const PHState* s, int target, int* size) noexcept nogil:
    if target == T_PRICE:
        size[0] = NPRICE
        return s.pricing_pool
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
        return s.gathering_pile
    if target == T_TOKEN_F or target == T_FISH:
        size[0] = NFK
        return s.fish_pile
    if target == T_TOKEN_A:
        size[0] = 3
        return s.animal_pool
    if target == T_HUNT:
        size[0] = NHC
        return s.hunting_pile
    size[0] = NCC
    return s.ceremony_pile

# ---- phase flow ----

cdef void place_pillar_cubes(PHState* s) noexcept nogil:
    cdef int k, c, tot
    for k in range(6):
        tot = 0
        for c in range(NCOL):
            tot += s.pillar_cubes[k][c]
        if tot == 0:
            s.pillar_cubes[k][colour_at(s, 6, k)] = 1


cdef void enter_spring(PHState* s) noexcept nogil:
    cdef int p, c
    for p in range(s.num_players):
        s.weather_rotation[p] = (s.weather_rotation[p] + 1) % 4
        for c in range(NCOL):
            s.resources[p][c] += W_RES[s.weather_tile[p]][s.weather_rotation[p]][c]
        s.done[p] = 0
    s.phase = PH_SPRING
    s.pending_decision = SUB_MAIN
    s.turn = 0


cdef void leave_fill(PHState* s) noexcept nogil:
    cdef int idx
    if fill_target(s, &idx) != T_NONE:
        return
    if s.after_fill == PH_START:
        place_pillar_cubes(s)
        s.phase = PH_START
        s.pending_decision = SUB_MAIN
        s.turn = 0
    else:
        enter_spring(s)


cdef void start_summer(PHState* s) noexcept nogil:
    cdef int k, i, c
    for k in range(6):
        for i in range(2):
            if s.footings[k][i]:
                s.pillar_cubes[k][s.footings[k][i] - 1] += 1
                s.footings[k][i] = 0
    s.phase = PH_PICK
    s.turn = 0
    s.pending_decision = SUB_MAIN


cdef void fishing_income(PHState* s) noexcept nogil:
    cdef int p, i, best
    for p in range(s.num_players):
        best = -1
        for i in range(5):
            if s.fishing_track[p] >= FT_AT[i]:
                best = i
        if best >= 0:
            s.victory_points[p] += FT_VP[best]
            add_dev(s, p, FT_DEV[best])


cdef void winter(PHState* s) noexcept nogil:
    cdef int i, p, k, n = s.num_players
    cdef uint8_t neworder[MAXP]
    cdef uint8_t used[MAXP]
    s.round += 1
    for i in range(5):
        s.hunting_display[i] = 0
        if s.ceremony_display[i]:
            s.ceremony_discard[s.ceremony_display[i] - 1] += 1
            s.ceremony_display[i] = 0
    s.pricing_tile[6] = s.pricing_stack[s.round - 1]
    s.pricing_rotation[6] = PR_HL[s.pricing_tile[6]]
    place_pillar_cubes(s)
    memset(used, 0, sizeof(used))
    k = 0
    for i in range(s.ceremony_track_length):
        neworder[k] = s.ceremony_track[i]
        used[s.ceremony_track[i]] = 1
        k += 1
    for i in range(n):
        if not used[s.turn_order[i]]:
            neworder[k] = s.turn_order[i]
            k += 1
    for i in range(n):
        s.turn_order[i] = neworder[i]
        s.ceremonies_performed[i] = 0
        s.ceremony_track[i] = 0
    s.ceremony_track_length = 0
    s.phase = PH_FILL
    s.after_fill = PH_SPRING
    leave_fill(s)


cdef void end_autumn(PHState* s) noexcept nogil:
    cdef int i
    for i in range(NSP):
        s.members_tired[i] = 0
    for i in range(MAXP):
        s.starter_tired[i] = 0
    if s.round == 4:
        s.phase = PH_FINAL
        s.turn = 0
        s.pending_decision = SUB_MAIN
    else:
        winter(s)


cdef void next_turn(PHState* s) noexcept nogil:
    cdef int k, t, n = s.num_players
    s.pending_decision = SUB_MAIN
    if s.phase == PH_SPRING:
        for k in range(1, n + 1):
            t = (s.turn + k) % n
            if not s.done[s.turn_order[t]]:
                s.turn = t
                return
        start_summer(s)
        return
    s.turn += 1
    if s.turn < n:
        if s.phase == PH_AUTUMN:
            s.movement_points = 0
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
            s.movement_points = 0
    elif s.phase == PH_AUTUMN:
        end_autumn(s)
    elif s.phase == PH_FINAL:
        final_scoring(s)
        s.phase = PH_END


cdef void finish_action(PHState* s) noexcept nogil:
    if s.pending_spring:
        s.pending_decision = SUB_FOOT
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
    cdef int c, n = s.animal_tokens[p][sp]
    for c in range(NHC):
        if s.hunting_cards[p][c] and H_ANIMAL[c] and H_SPEC[c] == sp:
            n += 1
    return n


cdef int animal_vp_of(const PHState* s, int p, int sp) noexcept nogil:
    cdef int c, n = s.animal_tokens[p][sp]
    for c in range(NHC):
        if s.hunting_cards[p][c] and H_ANIMAL[c] and H_SPEC[c] == sp:
            n += H_VP[c]
    return n


cdef int prints_of(const PHState* s, int p, int sp) noexcept nogil:
    cdef int c, n = 0
    for c in range(NHC):
        if s.hunting_cards[p][c] and not H_ANIMAL[c] and H_SPEC[c] == sp:
            n += 1
    return n


cdef int rows_complete(const PHState* s, int p) noexcept nogil:
    cdef int r, n = 0
    for r in range(3):
        if (s.painted_sections[p] >> (3 * r)) & 7 == 7:
            n += 1
    return n


cdef int card_points(const PHState* s, int p, int card) noexcept nogil:
    cdef int k = C_KIND[card], a = C_PARAM[card], i, n, m
    if k == 0:
        return C_VP[card] if (s.painted_sections[p] & C_MASK[card]) == C_MASK[card] else 0
    if k == 1:
        n = 0
        if a == 0:
            for i in range(3):
                m = s.gathered[p][2 * i]
                if s.gathered[p][2 * i + 1] < m:
                    m = s.gathered[p][2 * i + 1]
                n += 3 * m
        else:
            for i in range(NGT):
                n += 5 * (s.gathered[p][i] // 3)
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
        return 6 if s.fishing_track[p] >= 15 else 0
    if k == 5:
        return animals_of(s, p, a)
    if k == 6:
        return prints_of(s, p, a)
    if k == 7:
        n = 0
        for i in range(NSP):
            if i != START_SPACE and s.member_owner[i] == p + 1 and terrain(s, i) == a:
                n += s.member_count[i]
        return n
    if k == 8:
        return popcount(s.campsites_built[p])
    if k == 9:
        return 2 * s.megalith_a[p]
    if k == 10:
        return 2 * s.available_members[p]
    if k == 11:
        return s.development[p] // 2
    if k == 12:
        n = 0
        for i in range(NCC):
            n += s.hand[p][i]
        return n
    if k == 13:
        n = 0
        for i in range(NGT):
            n += s.gathered[p][i]
        return n // 2
    if k == 14:
        return 2 * rows_complete(s, p)
    if k == 15:
        return s.fishing_track[p] // 3
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
            if s.campsite_owner[a]:
                spaces[s.campsite_owner[a] - 1] += 1
                units[s.campsite_owner[a] - 1] += 2
            elif s.member_owner[a]:
                spaces[s.member_owner[a] - 1] += 1
                units[s.member_owner[a] - 1] += 1
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
            add_dev(s, p, s.resources[p][c] + s.action_markers[p][c])
            s.resources[p][c] = 0
            s.action_markers[p][c] = 0
        add[p] += ceremony_points(s, p)          # uses the development points before they turn into VP
        add[p] += s.development[p] // 3
        for t in range(NGT):
            add[p] += SET_PTS[s.gathered[p][t] if s.gathered[p][t] < 5 else 5]
        for t in range(3):
            add[p] += ROW_PTS[popcount((s.painted_sections[p] >> (3 * t)) & 7)]
        add[p] += 2 * s.megalith_a[p]
        for sp in range(3):
            add[p] += animal_vp_of(s, p, sp) * prints_of(s, p, sp)
        s.victory_points[p] += add[p]

# ---- the GameTable functions ----

cdef int current_player(const void* v) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    if s.phase == PH_END:
        return TERMINAL
    if s.phase == PH_FILL:
        return CHANCE
    return actor(s)


cdef inline int held_colours(const PHState* s, int p) noexcept nogil:
    """The colours (bit c) of which seat p holds at least one resource."""
    return ph_nonzero6(s.resources[p])


cdef inline uint64_t cer_disp_set(const PHState* s) noexcept nogil:
    """Bit c for each ceremony card c on display."""
    cdef int i
    cdef uint64_t m = 0
    for i in range(5):
        if s.ceremony_display[i]:
            m |= <uint64_t>1 << (s.ceremony_display[i] - 1)
    return m


cdef inline int cost_items(const uint8_t* display, int num_slots, const uint8_t* value, int afford, int base,
                           int* out, int n) noexcept nogil:
    """The display slots holding something of value (value[display[i]]) at most `afford`."""
    cdef int i, d
    for i in range(num_slots):
        d = display[i]
        if d and value[d] <= afford:
            out[n] = base + i
            n += 1
    return n


cdef int board_items(const PHState* s, int p, int k, bint spring, int held, int tot, int* out, int n) noexcept nogil:
    """Legal ways to perform board action k (ids appended in ascending order), paid in resources (spring:
    held = held_colours(s, p), tot = total_res(s, p), at least 2) or action markers (summer, final action).
    Values are read into locals first: out is an int array the compiler must assume may alias the state."""
    cdef int i, v, m = s.action_markers[p][k], afford
    cdef uint64_t cards
    if k == 0:
        if spring:
            # one resource of each symbol's colour (distinct positions, hence distinct colours) and one more
            v = PAINT_OK[s.pricing_tile[0]][s.pricing_rotation[0]][held] & NSYM_AT_MOST[bits_at_most(tot - 1, 3)]
        else:
            v = NSYM_AT_MOST[bits_at_most(m, 3)]
        return append_bits(out, n, A_PAINT, v & ~s.painted_sections[p] & ((1 << NPAINT) - 1))
    if k == 1:
        v = ph_nonzero6(s.gathering_slot)          # the filled slots
        if spring:
            v &= position_set(s, 1, held)           # one resource of the slot's colour (and one more)
        elif m < 2:
            return n
        return append_bits(out, n, A_GATHER, v)
    if k == 2:
        if spring:
            # the fire positions free of own shamans whose colour the player holds, and one more resource
            afford = ph_popcount6(held & colour_set(s, 2, 63 & ~((1 << s.shamans[p][0]) | (1 << s.shamans[p][1])
                                                               | (1 << s.shamans[p][2]))))
            afford = bits_at_most(afford, tot - 1)
        else:
            afford = m
        cards = cer_disp_set(s)
        while cards:                    # ascending card ids
            i = ph_ctz64(cards)
            cards &= cards - 1
            if C_VALUE[i] <= afford:
                out[n] = A_CER + i
                n += 1
        return n
    if k == 3:
        # spring: a resource of each of v distinct colours among positions 3..5, and one more
        afford = bits_at_most(ph_popcount6(held & colour_set(s, 3, 0b111000)), tot - 1) if spring else m
        return cost_items(s.fishing_slot, 6, FISH_VALUE, afford, A_FISH, out, n)
    if k == 4:
        afford = bits_at_most(ph_popcount6(held & colour_set(s, 4, 0b000111)), tot - 1) if spring else m
        return cost_items(s.hunting_display, 5, HUNT_COST, afford, A_HUNT, out, n)
    v = s.available_members[p]
    if v == 0:
        return n
    if spring:
        # 1 resource: 1 member. 2 resources: "a maximum of 3", so 2 or 3 members (fewer than the
        # maximum matters for the ceremony card scoring members left on the player board; 1 member for 2
        # resources is not offered: it equals `migrate 1` after discarding the second resource).
        if held & colour_set(s, 5, 0b01):
            out[n] = A_MIGN + 1
            n += 1
        m = colour_set(s, 5, 0b11)
        if (held & m) == m and tot >= 3:
            for i in range(2, bits_at_most(v, 3) + 1):
                out[n] = A_MIGN + i
                n += 1
    else:
        # one white marker per member, no maximum but the tent
        for i in range(1, bits_at_most(v, m) + 1):
            out[n] = A_MIGN + i
            n += 1
    return n


cdef int dev_actions(const PHState* s, int p, int* out, int n) noexcept nogil:
    """Development-point trades. Each group's ids are written whether or not they are legal (constant
    stores, no branches; out has room for every action id) and n counts only the legal ones."""
    cdef int i, dev = s.development[p]
    cdef int res = ph_nonzero6(s.resources[p]), mk = ph_nonzero6(s.action_markers[p])  # read first: out may alias
    # rotations (12) and the weather tile for 1 point, buying a resource for 2, a marker for 3: ids in a row
    for i in range(25):
        out[n + i] = A_ROT + i
    n += 0 if dev < 1 else (13 if dev == 1 else (19 if dev == 2 else 25))
    # discarding a resource, then a marker, of each colour held: 6 ids copied, the held ones counted
    memcpy(&out[n], DISCARD_IDS[0][res], sizeof(DISCARD_IDS[0][res]))
    n += ph_popcount6(res)
    memcpy(&out[n], DISCARD_IDS[1][mk], sizeof(DISCARD_IDS[1][mk]))
    return n + ph_popcount6(mk)


cdef bint can_select(const PHState* s, int p, int sp) noexcept nogil:
    cdef int d
    if s.movement_points < 1 or own_untired(s, sp, p) <= 0:
        return False
    for d in range(6):
        if step_ok(s, nbr(s, sp, d), s.movement_points - 1, p, sp):
            return True
    return False


cdef bint can_build(const PHState* s, int p, int sp, int c) noexcept nogil:
    if s.campsites_built[p] & (1 << c):
        return False
    return area_members(s, sp, p) >= CB[c]


cdef int legal_actions(const void* v, int* out) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int n = 0, p, k, i, c, d, t, sp, held, tot
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
                t += s.pillar_cubes[k][c]
            if t:
                out[n] = A_PILLAR + k
                n += 1
        return n
    if s.pending_decision == SUB_PAYD:
        for c in range(NCOL):
            for k in range(3):
                if (colour_at(s, s.pending_action, s.pending_item + k) == c and not (s.pending_mask & (1 << c))
                        and s.resources[p][c]):
                    out[n] = A_PAYC + c
                    n += 1
        return n
    if s.pending_decision == SUB_FOOT:
        for c in range(NCOL):
            if s.resources[p][c]:
                out[n] = A_PAYC + c
                n += 1
        return n
    if s.pending_decision == SUB_SHAMAN:
        for i in range(6):
            for k in range(3):
                if s.shamans[p][k] == i and not (s.pending_mask & (1 << k)):
                    for t in range(6):
                        if (s.pending_item >> t) & 1:
                            continue
                        if t == s.shamans[p][0] or t == s.shamans[p][1] or t == s.shamans[p][2]:
                            continue
                        if s.resources[p][colour_at(s, 2, t)]:
                            out[n] = A_SHAMAN + i * 6 + t
                            n += 1
        return n
    if s.pending_decision == SUB_DEST:
        for sp in range(NSP):
            if sp == START_SPACE or (s.campsite_owner[sp] == p + 1):
                out[n] = A_DEST + sp
                n += 1
        return n
    if s.pending_decision == SUB_MOVING:
        for d in range(6):
            if (step_ok(s, nbr(s, s.moving_space, d), s.movement_points - 1, p, s.moving_origin)
                    and s.movement_points >= 1):
                out[n] = A_STEP + d
                n += 1
        if stoppable(s, s.moving_space, p, s.moving_origin):
            out[n] = A_STOP
            n += 1
        return n
    if s.pending_decision == SUB_BUILD:
        for c in range(NCAMP):
            if can_build(s, p, s.build_space, c):
                out[n] = A_BUILD + c
                n += 1
        out[n] = A_NOBUILD
        n += 1
        return n
    if s.pending_decision == SUB_SETTLE:
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
            if s.resources[p][c] and s.movement_points < 60:
                out[n] = A_PAYC + c
                n += 1
        for c in range(NCOL):
            if s.action_markers[p][c] and s.movement_points < 60:
                out[n] = A_PAYM + c
                n += 1
        # "A player at any time during his turn may use any number of development points": autumn too
        n = dev_actions(s, p, out, n)
        if s.development[p] >= 1 and s.movement_points < 60:
            out[n] = A_DEVMOVE
            n += 1
        if s.movement_points >= 1:                   # can_select() needs a movement point and an untired member there
            for sp in range(NSP):
                if own_untired(s, sp, p) > 0 and exists(s, sp) and can_select(s, p, sp):
                    out[n] = A_SELECT + sp
                    n += 1
        return n
    if s.phase == PH_SPRING:
        held = held_colours(s, p)
        tot = total_res(s, p)
        if tot >= 2:                    # every spring price is at least one resource and one more
            for k in range(6):
                if foot_free(s, k):
                    n = board_items(s, p, k, True, held, tot, out, n)
    elif s.phase == PH_SUMMER:
        n = board_items(s, p, s.summer_action, False, 0, 0, out, n)
    else:
        for k in range(6):
            n = board_items(s, p, k, False, 0, 0, out, n)
    return dev_actions(s, p, out, n)


cdef void apply_chance(PHState* s, int a) noexcept nogil:
    cdef int idx, i, k, sp, f, size
    cdef int t = fill_target(s, &idx)
    cdef uint8_t* pool = <uint8_t*>pool_of(s, t, &size)
    i = a - A_CHANCE
    pool[i] -= 1
    if t == T_PRICE:
        if idx < 7:
            s.pricing_tile[idx] = i
            s.pricing_rotation[idx] = PR_HL[i]
        else:
            s.pricing_stack[s.pricing_stack_length] = i
            s.pricing_stack_length += 1
    elif t == T_SEAT:
        s.turn_order[s.seats_drawn] = i
        s.seats_drawn += 1
    elif t == T_WEATHER:
        s.weather_tile[idx] = i
    elif t == T_MAP:
        s.map_tile[idx] = i
        for k in range(4):
            sp = NCOLS * (1 + idx // 2) + 4 * (idx % 2) + k
            f = MAP_FEAT[i][k]
            if f == F_GATHER or f == F_FISH or f == F_ANIMAL:
                s.space_token[sp] = NEED
            elif f == F_MEGA_A:
                s.space_token[sp] = TOK_MEGA
    elif t == T_TOKEN_G:
        s.space_token[idx] = TOK_G + i
    elif t == T_TOKEN_F:
        s.space_token[idx] = TOK_F + i
    elif t == T_TOKEN_A:
        s.space_token[idx] = TOK_A + i
    elif t == T_GATHER:
        s.gathering_slot[idx] = i + 1
    elif t == T_FISH:
        s.fishing_slot[idx] = i + 1
    elif t == T_HUNT:
        s.hunting_display[idx] = i + 1
    else:
        s.ceremony_display[idx] = i + 1
    leave_fill(s)


cdef void do_item(PHState* s, int p, int a) noexcept nogil:
    """Performs the board action item `a` (choice already legal), in spring or summer form."""
    cdef bint spring = s.phase == PH_SPRING
    cdef int i, c, v
    s.pending_spring = spring
    if a < A_GATHER:
        i = a - A_PAINT
        s.pending_action = 0
        if spring:
            for c in range(P_NSYM[i]):
                s.resources[p][colour_at(s, 0, P_SYM[i][c])] -= 1
        else:
            s.action_markers[p][0] -= P_NSYM[i]
        add_dev(s, p, P_NSYM[i])
        gain_paint(s, p, i)
        finish_action(s)
    elif a < A_CER:
        i = a - A_GATHER
        s.pending_action = 1
        if spring:
            s.resources[p][colour_at(s, 1, i)] -= 1
            add_dev(s, p, 1)
        else:
            s.action_markers[p][1] -= 2
            add_dev(s, p, 2)
        c = s.gathering_slot[i] - 1
        s.gathering_slot[i] = 0
        gain_gather(s, p, c)
        finish_action(s)
    elif a < A_FISH:
        i = a - A_CER
        v = C_VALUE[i]
        s.pending_action = 2
        gain_cer(s, p, i)
        if spring:
            s.pending_decision = SUB_SHAMAN
            s.pending_left = v
            s.pending_mask = 0
            s.pending_item = (1 << s.shamans[p][0]) | (1 << s.shamans[p][1]) | (1 << s.shamans[p][2])
        else:
            s.action_markers[p][2] -= v
            add_dev(s, p, v)
            finish_action(s)
    elif a < A_HUNT:
        i = a - A_FISH
        v = FISH_VALUE[s.fishing_slot[i]]
        s.pending_action = 3
        if spring:
            s.pending_decision = SUB_PAYD
            s.pending_left = v
            s.pending_mask = 0
            s.pending_item = 3
            s.build_space = i
        else:
            s.action_markers[p][3] -= v
            add_dev(s, p, v)
            c = s.fishing_slot[i] - 1
            s.fishing_slot[i] = 0
            gain_fish(s, p, c)
            finish_action(s)
    elif a < A_MIGN:
        i = a - A_HUNT
        v = H_COST[s.hunting_display[i] - 1]
        s.pending_action = 4
        if spring:
            s.pending_decision = SUB_PAYD
            s.pending_left = v
            s.pending_mask = 0
            s.pending_item = 0
            s.build_space = i
        else:
            s.action_markers[p][4] -= v
            add_dev(s, p, v)
            c = s.hunting_display[i] - 1
            s.hunting_display[i] = 0
            gain_hunt(s, p, c)
            finish_action(s)
    else:
        v = a - A_MIGN
        s.pending_action = 5
        if spring:
            s.resources[p][colour_at(s, 5, 0)] -= 1
            add_dev(s, p, 1)
            if v >= 2:
                s.resources[p][colour_at(s, 5, 1)] -= 1
                add_dev(s, p, 1)
        else:
            s.action_markers[p][5] -= v
            add_dev(s, p, v)
        s.pending_left = v
        s.pending_decision = SUB_DEST


cdef void do_stop(PHState* s, int p) noexcept nogil:
    cdef int sp = s.moving_space, f, t, c
    add_member(s, sp, p, True)
    s.pending_decision = SUB_MAIN
    if sp == START_SPACE:
        return
    t = s.space_token[sp]
    if t:
        s.space_token[sp] = 0
        if t < TOK_F:
            gain_gather(s, p, t - TOK_G)
        elif t < TOK_A:
            gain_fish(s, p, t - TOK_F)
        elif t < TOK_MEGA:
            s.animal_tokens[p][t - TOK_A] += 1
            s.victory_points[p] += 1
        else:
            s.megalith_a[p] += 1
    f = feature(s, sp)
    if F_MARKER <= f < F_MARKER + 6:
        add_mk(s, p, f - F_MARKER)
    if f == F_CAMP and s.campsite_owner[sp] == 0:
        for c in range(NCAMP):
            if can_build(s, p, sp, c):
                s.pending_decision = SUB_BUILD
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
        s.weather_rotation[p] = i // 2
        for k in range(3):
            s.shamans[p][k] = FIRE[i % 2][k]
        next_turn(s)
        return
    if s.phase == PH_PICK:
        k = a - A_PILLAR
        for c in range(NCOL):
            t = s.action_markers[p][c] + s.pillar_cubes[k][c]
            s.action_markers[p][c] = 250 if t > 250 else t
            s.pillar_cubes[k][c] = 0
        next_turn(s)
        return
    if s.pending_decision == SUB_PAYD:
        c = a - A_PAYC
        s.resources[p][c] -= 1
        add_dev(s, p, 1)
        s.pending_mask |= 1 << c
        s.pending_left -= 1
        if s.pending_left == 0:
            i = s.build_space
            if s.pending_action == 3:
                c = s.fishing_slot[i] - 1
                s.fishing_slot[i] = 0
                gain_fish(s, p, c)
            else:
                c = s.hunting_display[i] - 1
                s.hunting_display[i] = 0
                gain_hunt(s, p, c)
            s.pending_decision = SUB_FOOT
        return
    if s.pending_decision == SUB_FOOT:
        c = a - A_PAYC
        s.resources[p][c] -= 1
        k = s.pending_action
        if s.footings[k][0] == 0:
            s.footings[k][0] = c + 1
        else:
            s.footings[k][1] = c + 1
        next_turn(s)
        return
    if s.pending_decision == SUB_SHAMAN:
        i = (a - A_SHAMAN) // 6
        t = (a - A_SHAMAN) % 6
        for k in range(3):
            if s.shamans[p][k] == i and not (s.pending_mask & (1 << k)):
                s.shamans[p][k] = t
                s.pending_mask |= 1 << k
                break
        s.resources[p][colour_at(s, 2, t)] -= 1
        add_dev(s, p, 1)
        s.pending_left -= 1
        if s.pending_left == 0:
            s.pending_decision = SUB_FOOT
        return
    if s.pending_decision == SUB_DEST:
        sp = a - A_DEST
        k = s.pending_left if s.pending_left <= s.available_members[p] else s.available_members[p]
        for i in range(k):
            add_member(s, sp, p, False)
        s.available_members[p] -= k
        finish_action(s)
        return
    if s.pending_decision == SUB_MOVING:
        if a == A_STOP:
            do_stop(s, p)
        else:
            s.movement_points -= 1
            s.moving_space = nbr(s, s.moving_space, a - A_STEP)
        return
    if s.pending_decision == SUB_BUILD:
        if a == A_NOBUILD:
            s.pending_decision = SUB_MAIN
            return
        c = a - A_BUILD
        sp = s.build_space
        s.campsite_owner[sp] = p + 1
        s.campsites_built[p] |= 1 << c
        s.victory_points[p] += CV[c]
        add_dev(s, p, CD[c])
        s.members[p] += 1
        s.available_members[p] += 1
        s.pending_left = CS[c]
        s.pending_decision = SUB_SETTLE if CS[c] > 0 else SUB_MAIN
        return
    if s.pending_decision == SUB_SETTLE:
        sp = a - A_SETTLE
        remove_member(s, sp, p, True)
        s.available_members[p] += 1
        s.pending_left -= 1
        if s.pending_left == 0:
            s.pending_decision = SUB_MAIN
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
            s.resources[p][c] -= 1
            add_dev(s, p, 1)
            s.movement_points += move_value(s, c)
        else:
            c = a - A_PAYM
            s.action_markers[p][c] -= 1
            add_dev(s, p, 1)
            s.movement_points += move_value(s, c)
        return
    if a == A_DEVMOVE:
        s.development[p] -= 1
        s.movement_points += 1
        return
    if a >= A_SELECT:
        sp = a - A_SELECT
        remove_member(s, sp, p, False)
        s.moving_space = sp
        s.moving_origin = sp
        s.pending_decision = SUB_MOVING
        return
    if a < A_WEATHER:
        k = (a - A_ROT) // 2
        s.development[p] -= 1
        s.pricing_rotation[k] = (s.pricing_rotation[k] + (1 if (a - A_ROT) % 2 == 0 else 5)) % 6
    elif a == A_WEATHER:
        s.development[p] -= 1
        s.weather_rotation[p] = (s.weather_rotation[p] + 1) % 4
    elif a < A_BUYMK:
        s.development[p] -= 2
        add_res(s, p, a - A_BUYRES)
    elif a < A_DISCRES:
        s.development[p] -= 3
        add_mk(s, p, a - A_BUYMK)
    elif a < A_DISCMK:
        s.resources[p][a - A_DISCRES] -= 1
        add_dev(s, p, 1)
    else:
        s.action_markers[p][a - A_DISCMK] -= 1
        add_dev(s, p, 1)


cdef int chance_outcomes(const void* v, int* out, double* probs) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int idx, size
    cdef int t = fill_target(s, &idx)
    if t == T_NONE:
        return 0
    cdef const uint8_t* pool = pool_of(s, t, &size)
    return outcomes_from_counts(pool, size, A_CHANCE, out, probs)


cdef int sample_chance(const void* v, Rng* rng) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int idx, size, i, tot
    cdef int t = fill_target(s, &idx)
    cdef const uint8_t* pool = pool_of(s, t, &size)
    tot = ph_byte_sum(pool, size)
    i = ph_pick(pool, size, rng_below(rng, tot))
    return A_CHANCE + i if i >= 0 else -1


cdef void final_scores(const PHState* s, double* out) noexcept nogil:
    cdef int p
    for p in range(s.num_players):
        out[p] = s.victory_points[p]


cdef void scores(const void* v, double* out) noexcept nogil:
    final_scores(<const PHState*>v, out)


cdef void returns(const void* v, double* out) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int p, n = s.num_players, best = -1000000, key, winners = 0
    cdef int keys[MAXP]
    for p in range(n):
        keys[p] = s.victory_points[p] * 16 + popcount(s.campsites_built[p])
        if keys[p] > best:
            best = keys[p]
    for p in range(n):
        if keys[p] == best:
            winners += 1
    for p in range(n):
        out[p] = 1.0 / winners if keys[p] == best else 0.0


# Heuristic variants (issue 39; docs/research/2026-12-07-prehistory-search-repair.md). Variant 0, the first
# heuristic, scores the position as if the game ended now (the rulebook's final scoring) and maps the lead to
# [0, 1] linearly, cut off at +-30 points. It misprices what is still to come: the fishing track pays "At the end
# of summer" (rulebook, Fishing income) in every round left; the weather tile pays in every spring ("All players
# turn the weather tile by 1 unit clockwise, then take the number of resource cubes", rulebook, Spring); cubes and
# development points buy actions while rounds remain; members on the map build campsites in the autumns left; a
# ceremony card's condition usually grows. Variants 1 and 2 value a position in expected final points as the
# expert does (cavemind/experts/prehistory.py, the same weights): the final scoring now plus that income to come,
# never clamped, and squash only the lead over the best other player into [0, 1] with a logistic of scale 10
# (variant 1, the 2-player default: cavemind.games.prehistory) or 20 (variant 2) points.
cdef enum:
    HEURISTIC_VARIANTS = 3          # heuristic(s, out, variant) reads variant 0, 1 or 2
    DEFAULT_HEURISTIC_VARIANT = 0

# the expert's weights (cavemind/experts/prehistory.py), in points
cdef double EX_CUBE = 0.3           # a cube beyond its final third of a point, while two rounds of actions are left
cdef double EX_DEV = 0.2            # a development point beyond its final third
cdef double EX_WEATHER = 0.3        # a resource the weather tile will pay in a spring to come
cdef double EX_MEMBER_MAP = 0.5     # a member on the map (not the starter space), per autumn left
cdef double EX_MEMBER_START = 0.3   # a member on the starter space, per autumn left
cdef double EX_MEMBER_TENT = 0.2    # a member in the tent, per autumn left (it can migrate)
cdef double EX_CARD = 0.6           # a ceremony card beyond what its condition gives now, while rounds are left


cdef double fishing_reward(int position) noexcept nogil:
    """What one end of summer pays at this fishing track position: the highest threshold reached, its victory
    points and development points / 3 (rulebook, Fishing income: "At the end of summer ... The highest reward
    that was last passed is gained")."""
    cdef int i
    cdef double best = 0.0
    for i in range(5):
        if position >= FT_AT[i]:
            best = FT_VP[i] + FT_DEV[i] / 3.0
    return best


cdef double income_to_come(const PHState* s, int p) noexcept nogil:
    """Seat p's expected points beyond the final scoring as it stands now (the expert's `_future`): the fishing
    reward once per end of summer left, the weather tile's resources in the springs left (rulebook, Spring: each
    tile turns one step and pays), cubes, development points and ceremony cards while rounds of actions are
    left, members by the autumns left."""
    cdef int rnd = s.round, phase = s.phase, rounds_after, springs, summers, k, c, sp, on_map = 0, cubes = 0, cards = 0
    cdef double t, use, autumns, v = 0.0
    if phase == PH_FILL:
        phase = s.after_fill
        if phase == PH_SPRING and rnd > 0:    # a winter's draws: the spring (and its weather) is still ahead
            phase = PH_START
    rounds_after = NUM_ROUNDS - 1 - rnd
    t = rounds_after
    if phase == PH_START or phase == PH_SPRING:
        t += 1.0
    elif phase == PH_PICK:
        t += 0.6
    elif phase == PH_SUMMER:
        t += 0.5
    elif phase == PH_AUTUMN:
        t += 0.3
    elif phase == PH_FINAL:
        t += 0.1
    springs = rounds_after + (1 if phase == PH_START else 0)
    summers = rounds_after + (1 if phase <= PH_SUMMER else 0)
    autumns = rounds_after + (1.0 if phase < PH_AUTUMN else (0.5 if phase == PH_AUTUMN else 0.0))
    for c in range(NCOL):
        cubes += s.resources[p][c] + s.action_markers[p][c]
    use = t / 2.0 if t < 2.0 else 1.0
    v = use * (EX_CUBE * cubes + EX_DEV * s.development[p])
    v += summers * fishing_reward(s.fishing_track[p])
    if s.weather_tile[p] < NWEATHER:
        for k in range(1, springs + 1):
            for c in range(NCOL):
                v += EX_WEATHER * W_RES[s.weather_tile[p]][(s.weather_rotation[p] + k) % 4][c]
    if autumns > 0.0:
        for sp in range(NSP):
            if s.member_owner[sp] == p + 1 and sp != START_SPACE:
                on_map += s.member_count[sp]
        v += autumns * (EX_MEMBER_MAP * on_map + EX_MEMBER_START * s.starter_members[p]
                        + EX_MEMBER_TENT * s.available_members[p])
    for k in range(NCC):
        cards += s.hand[p][k]
    v += EX_CARD * use * cards
    return v


cdef void heuristic(const void* v, double* out, int variant) noexcept nogil:
    cdef PHState c
    memcpy(&c, v, sizeof(PHState))
    cdef int p, q, n = c.num_players
    cdef double est[MAXP]
    cdef double other, h, scale
    if variant == 1 or variant == 2:
        for p in range(n):
            est[p] = income_to_come(<const PHState*>v, p)    # before the final scoring turns cubes into points
    else:
        for p in range(n):
            est[p] = 0.0
    if c.phase != PH_END:
        final_scoring(&c)
    for p in range(n):
        est[p] += c.victory_points[p]
    scale = 10.0 if variant == 1 else 20.0
    for p in range(n):
        other = -1e9
        for q in range(n):
            if q != p and est[q] > other:
                other = est[q]
        if variant == 1 or variant == 2:
            out[p] = 1.0 / (1.0 + exp(-(est[p] - other) / scale))
        else:
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
                c.ceremony_pile[i] += c.hand[q][i]
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
    cdef int val, i, k, size, q
    canonical(s, observer, s, counts)
    for val in range(1, 4):
        size = 0
        for i in range(NCC):
            if C_VALUE[i] == val:
                for k in range(s.ceremony_pile[i]):
                    if size < NCC:
                        pool[size] = i
                        size += 1
        shuffle_bytes(pool, size, rng)
        k = 0
        for q in range(s.num_players):
            for i in range(counts[q * 4 + val]):
                if k >= size:
                    break
                s.hand[q][pool[k]] += 1
                s.ceremony_pile[pool[k]] -= 1
                k += 1


cdef int observed_action(const void* v, int a, int player) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    if A_CER <= a < A_FISH and s.phase != PH_FILL and actor(s) != player:
        return A_CERHIDDEN + C_VALUE[a - A_CER] - 1
    return a


cdef enum:
    ROLLOUT_VARIANTS = 2            # rollout_action(s, rng, variant) plays variant 0 or 1


cdef int rollout_action_0(const void* v, Rng* rng) noexcept nogil:
    """Variant 0: uniform over the legal actions, except that development-point trades (rotations, buying,
    discarding) are left out when anything else is legal, and a pass is chosen only one time in four when a real
    action is available."""
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


cdef inline int board_kind(int a) noexcept nogil:
    """The board action (0 painting .. 5 migration) of an item id A_PAINT <= a < A_DEST."""
    if a < A_GATHER:
        return 0
    if a < A_CER:
        return 1
    if a < A_FISH:
        return 2
    if a < A_HUNT:
        return 3
    return 4 if a < A_MIGN else 5


cdef bint has_rested_member(const PHState* s, int p) noexcept nogil:
    """Seat p has a member on the map or the starter space that has not moved this autumn."""
    cdef int sp
    for sp in range(NSP):
        if own_untired(s, sp, p) > 0 and exists(s, sp):
            return True
    return False


cdef bint worth_stopping(const PHState* s, int sp) noexcept nogil:
    """A space a moving member gains something by stopping on: a token (gathering tile, fish, animal,
    megalith A), an action marker, or a campsite spot nobody has built."""
    cdef int f
    if sp == START_SPACE:
        return False
    if s.space_token[sp]:
        return True
    f = feature(s, sp)
    return (F_MARKER <= f < F_MARKER + 6) or (f == F_CAMP and s.campsite_owner[sp] == 0)


cdef int rollout_action_1(const void* v, Rng* rng) noexcept nogil:
    """Variant 1: plays a season as a player would. At the main decision of a spring, summer or final turn it
    performs a board action whenever one is legal (a kind drawn uniformly among the legal kinds, then one of its
    items), never a pass (a pass in spring is for good: rulebook, Spring) nor a development-point trade then; with
    none legal it passes. In autumn it moves a rested member once it has 3 movement points (or cannot pay more),
    pays for movement while a rested member is left (action markers first; a resource, kept for the next spring,
    one time in two), and else ends its turn; a moving member stops where it gains something (a token, an action
    marker, an unbuilt campsite spot), else one time in four where it may stop, and else steps on; a campsite is
    built whenever one can be. Elsewhere (payments, shamans, destinations, settlers, pillars, the start) uniform
    over the legal actions. Trades are never chosen while anything else is legal."""
    cdef const PHState* s = <const PHState*>v
    cdef int acts[NUM_ACTIONS]
    cdef int keep[NUM_ACTIONS]
    cdef int n = legal_actions(v, acts), k = 0, i, a, kinds = 0, kind, pick, p, markers = 0, res = 0
    cdef bint stop = False
    if n == 1:
        return acts[0]
    if s.pending_decision == SUB_MAIN and (s.phase == PH_SPRING or s.phase == PH_SUMMER or s.phase == PH_FINAL):
        for i in range(n):
            if A_PAINT <= acts[i] < A_DEST:
                kinds |= 1 << board_kind(acts[i])
        if kinds == 0:
            return A_PASS
        kind = nth_set_bit64(kinds, rng_below(rng, ph_popcount6(kinds)))
        for i in range(n):
            a = acts[i]
            if A_PAINT <= a < A_DEST and board_kind(a) == kind:
                keep[k] = a
                k += 1
        return keep[rng_below(rng, k)]
    if s.pending_decision == SUB_MAIN and s.phase == PH_AUTUMN:
        p = actor(s)
        for i in range(n):
            a = acts[i]
            if A_SELECT <= a < A_STEP:
                keep[k] = a
                k += 1
            elif A_PAYM <= a < A_SHAMAN:
                markers += 1
            elif A_PAYC <= a < A_PAYM:
                res += 1
        if k > 0 and (s.movement_points >= 3 or (markers == 0 and res == 0)):
            return keep[rng_below(rng, k)]
        if (markers > 0 or res > 0) and (k > 0 or has_rested_member(s, p)):
            if markers > 0:
                pick = rng_below(rng, markers)
                for i in range(n):
                    if A_PAYM <= acts[i] < A_SHAMAN:
                        if pick == 0:
                            return acts[i]
                        pick -= 1
            if rng_below(rng, 2) == 0:
                pick = rng_below(rng, res)
                for i in range(n):
                    if A_PAYC <= acts[i] < A_PAYM:
                        if pick == 0:
                            return acts[i]
                        pick -= 1
        if k > 0:
            return keep[rng_below(rng, k)]
        return A_PASS
    if s.pending_decision == SUB_MOVING:
        for i in range(n):
            if acts[i] == A_STOP:
                stop = True
            else:
                keep[k] = acts[i]
                k += 1
        if stop and (k == 0 or worth_stopping(s, s.moving_space) or rng_below(rng, 4) == 0):
            return A_STOP
        return keep[rng_below(rng, k)]
    if s.pending_decision == SUB_BUILD:
        return acts[rng_below(rng, n - 1)]       # a campsite (A_NOBUILD, the largest id, comes last)
    for i in range(n):
        if not (A_ROT <= acts[i] < A_DEVMOVE):
            keep[k] = acts[i]
            k += 1
    if k == 0:
        return acts[rng_below(rng, n)]
    return keep[rng_below(rng, k)]


cdef int rollout_action(const void* v, Rng* rng, int variant) noexcept nogil:
    """The rollout policy: variant 0 (rollout_action_0) or 1 (rollout_action_1; the search's rollout_variant)."""
    if variant == 1:
        return rollout_action_1(v, rng)
    return rollout_action_0(v, rng)


# ---- legal states (check_state): one C definition of what the rules allow ----

cdef enum:
    MP_MAX = 62            # movement points: paid only below 60, one payment adds at most 3


cdef bint any_set(const uint8_t* b, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if b[i]:
            return True
    return False


cdef int seat_fields_clear(const PHState* s, int p, char* m, size_t size) noexcept nogil:
    """Seats beyond the player count hold nothing (their fields stay as initial_state left them)."""
    cdef const char* name = NULL
    if s.turn_order[p] or s.done[p] or s.seat_pool[p]:
        name = "turn_order/done/seat_pool"
    elif any_set(s.resources[p], NCOL) or any_set(s.action_markers[p], NCOL) or any_set(s.gathered[p], NGT):
        name = "resources/action_markers/gathered"
    elif any_set(s.fish[p], NFK) or any_set(s.hunting_cards[p], NHC) or any_set(s.hand[p], NCC):
        name = "fish/hunting_cards/hand"
    elif (s.victory_points[p] or s.development[p] or s.fishing_track[p] or s.weather_tile[p] or s.weather_rotation[p]
          or s.painted_sections[p]):
        name = "victory_points/development/fishing_track/weather_tile/weather_rotation/painted_sections"
    elif any_set(s.shamans[p], 3) or any_set(s.animal_tokens[p], 3) or s.megalith_a[p] or s.available_members[p]:
        name = "shamans/animal_tokens/megalith_a/available_members"
    elif (s.members[p] or s.campsites_built[p] or s.ceremonies_performed[p] or s.starter_members[p]
          or s.starter_tired[p]):
        name = "members/campsites_built/ceremonies_performed/starter_members/starter_tired"
    if name != NULL:
        snprintf(m, size, "%s: seat %d is not in a %d-player game, its entries must be 0", name, p,
                 <int>s.num_players)
        return 1
    return 0


cdef bint shamans_can_finish(const PHState* s, int* spot, int mask, int* res, int left) noexcept nogil:
    """Whether every way of making the `left` shaman moves of a spring ceremony still due, as legal_actions offers
    them (an unmoved shaman to a spot no own shaman held when the ceremony began nor holds now, for a resource of
    the spot's colour), can be paid and leaves a resource for the footing: whatever the player picks, a legal
    move follows. At most 3 moves: a search of at most 18^3 lines."""
    cdef int k, t, c, was, total = 0
    cdef bint any_move = False, ok
    if left == 0:
        for c in range(NCOL):
            total += res[c]
        return total >= 1
    for k in range(3):
        if mask & (1 << k):
            continue
        for t in range(6):
            if (s.pending_item >> t) & 1 or t == spot[0] or t == spot[1] or t == spot[2]:
                continue
            c = colour_at(s, 2, t)
            if res[c] == 0:
                continue
            any_move = True
            was = spot[k]
            spot[k] = t
            res[c] -= 1
            ok = shamans_can_finish(s, spot, mask | (1 << k), res, left - 1)
            spot[k] = was
            res[c] += 1
            if not ok:
                return False
    return any_move


cdef inline bint in_setup(const PHState* s) noexcept nogil:
    """Whether the state is in the setup's draws (before them nothing need be dealt yet)."""
    return s.phase == PH_FILL and s.after_fill == PH_START


cdef int megalith_spaces(const PHState* s) noexcept nogil:
    """The spaces of this map whose symbol is a megalith A."""
    cdef int sp, count = 0
    for sp in range(NSP):
        if exists(s, sp) and sp != START_SPACE and feature(s, sp) == F_MEGA_A:
            count += 1
    return count


cdef int check_counters(const PHState* s, char* m, size_t size) noexcept nogil:
    """The player count, the phase, the round, whose turn, the pending step's kind, the setup's progress; the
    seats beyond the player count hold nothing."""
    cdef int n = s.num_players, p
    cdef bint setup
    if n < MIN_PLAYERS or n > MAXP:
        snprintf(m, size, "num_players: %d, expected 2..4", n)
        return 1
    if s.phase > PH_END:
        snprintf(m, size, "phase: %d is not a phase (0..%d)", <int>s.phase, <int>PH_END)
        return 1
    if s.pending_decision > SUB_SETTLE:
        snprintf(m, size, "pending_decision: %d is not a sub-decision (0..%d)", <int>s.pending_decision,
                 <int>SUB_SETTLE)
        return 1
    if s.round >= NUM_ROUNDS:
        snprintf(m, size, "round: %d, expected 0..4", <int>s.round)
        return 1
    if s.turn >= n:
        snprintf(m, size, "turn: %d, expected 0..%d", <int>s.turn, n - 1)
        return 1
    if s.summer_action > NUM_BOARD_ACTIONS or (s.phase == PH_SUMMER and s.summer_action >= NUM_BOARD_ACTIONS):
        snprintf(m, size, "summer_action: %d, expected 0..5 in summer, 6 after it", <int>s.summer_action)
        return 1
    if s.after_fill != PH_START and s.after_fill != PH_SPRING:
        snprintf(m, size, "after_fill: %d, expected 1 (start) or 2 (spring)", <int>s.after_fill)
        return 1
    if (s.round >= 1) != (s.after_fill == PH_SPRING):
        snprintf(m, size, "after_fill: %d does not fit round %d", <int>s.after_fill, <int>s.round)
        return 1
    setup = in_setup(s)
    if s.pricing_stack_length > PRICING_STACK or (not setup and s.pricing_stack_length != PRICING_STACK):
        snprintf(m, size, "pricing_stack_length: %d, expected 4 after the setup (0..4 during it)",
                 <int>s.pricing_stack_length)
        return 1
    if s.seats_drawn > n or (not setup and s.seats_drawn != n):
        snprintf(m, size, "seats_drawn: %d, expected %d after the setup", <int>s.seats_drawn, n)
        return 1
    for p in range(n, MAXP):
        if seat_fields_clear(s, p, m, size):
            return 1
    return 0


cdef int check_turn_order(const PHState* s, char* m, size_t size) noexcept nogil:
    """Turn order: drawn seats distinct; the seat pool holds exactly the undrawn ones."""
    cdef int n = s.num_players, i, q
    cdef int cnt[MAXP]
    for i in range(MAXP):
        cnt[i] = 0
    for i in range(n):
        if s.turn_order[i] >= n:
            snprintf(m, size, "turn_order[%d]: %d is not a seat", i, <int>s.turn_order[i])
            return 1
        if s.done[i] > 1:
            snprintf(m, size, "done[%d]: %d, expected 0 or 1", i, <int>s.done[i])
            return 1
        if i < s.seats_drawn:
            cnt[s.turn_order[i]] += 1
    for i in range(s.seats_drawn):
        if cnt[s.turn_order[i]] > 1:
            snprintf(m, size, "turn_order[%d]: seat %d appears twice", i, <int>s.turn_order[i])
            return 1
    for q in range(n):
        if s.seat_pool[q] + cnt[q] != 1:
            snprintf(m, size, "seat_pool[%d]: %d, but seat %d was drawn %d times", q, <int>s.seat_pool[q], q,
                     cnt[q])
            return 1
    return 0


cdef int check_pricing_tiles(const PHState* s, char* m, size_t size) noexcept nogil:
    """Pricing tiles: each of the 12 once in the pool, on a slot or in the stack; the first central tile leaves
    the game at the first winter, from then on the central tile is the stack tile of the round."""
    cdef int i, tot
    cdef int cnt[NPRICE]
    cdef bint setup = in_setup(s)
    for i in range(NPRICE):
        cnt[i] = 0
    for i in range(NUM_PRICING_SLOTS):
        if s.pricing_rotation[i] >= PRICING_ROTATIONS:
            snprintf(m, size, "pricing_rotation[%d]: %d, expected 0..5", i, <int>s.pricing_rotation[i])
            return 1
        if s.pricing_tile[i] == NEED:
            if not setup or s.pricing_stack_length:
                snprintf(m, size, "pricing_tile[%d]: not drawn, but the setup is over", i)
                return 1
        elif s.pricing_tile[i] >= NPRICE:
            snprintf(m, size, "pricing_tile[%d]: %d, expected 0..%d", i, <int>s.pricing_tile[i], NPRICE - 1)
            return 1
        elif i < CENTRAL_TILE or s.round == 0:
            cnt[s.pricing_tile[i]] += 1
    for i in range(PRICING_STACK):
        if s.pricing_stack[i] >= NPRICE or (i >= s.pricing_stack_length and s.pricing_stack[i]):
            snprintf(m, size, "pricing_stack[%d]: %d, expected a tile 0..%d (0 while not drawn)", i,
                     <int>s.pricing_stack[i], NPRICE - 1)
            return 1
        if i < s.pricing_stack_length:
            cnt[s.pricing_stack[i]] += 1
    if s.round >= 1 and s.pricing_tile[CENTRAL_TILE] != s.pricing_stack[s.round - 1]:
        snprintf(m, size, "pricing_tile[6]: %d, but the central tile of round %d is pricing_stack[%d] = %d",
                 <int>s.pricing_tile[CENTRAL_TILE], s.round + 1, s.round - 1, <int>s.pricing_stack[s.round - 1])
        return 1
    tot = 0
    for i in range(NPRICE):
        tot += s.pricing_pool[i] + cnt[i]
        if s.pricing_pool[i] + cnt[i] > 1:
            snprintf(m, size, "pricing_pool[%d]: pricing tile %d is counted %d times, it exists once", i, i,
                     s.pricing_pool[i] + cnt[i])
            return 1
    if tot != NPRICE - (1 if s.round >= 1 else 0):
        snprintf(m, size, "pricing_pool: %d pricing tiles in the pool, on slots and in the stack, expected %d", tot,
                 NPRICE - (1 if s.round >= 1 else 0))
        return 1
    return 0


cdef int check_weather_tiles(const PHState* s, char* m, size_t size) noexcept nogil:
    """Weather tiles: each dealt once or in the pool."""
    cdef int n = s.num_players, i, p
    cdef int cnt[NWEATHER]
    cdef bint setup = in_setup(s)
    for i in range(NWEATHER):
        cnt[i] = 0
    for p in range(n):
        if s.weather_rotation[p] >= WEATHER_ROTATIONS:
            snprintf(m, size, "weather_rotation[%d]: %d, expected 0..3", p, <int>s.weather_rotation[p])
            return 1
        if s.weather_tile[p] == NEED:
            if not setup:
                snprintf(m, size, "weather_tile[%d]: not dealt, but the setup is over", p)
                return 1
        elif s.weather_tile[p] >= NWEATHER:
            snprintf(m, size, "weather_tile[%d]: %d, expected 0..%d", p, <int>s.weather_tile[p], NWEATHER - 1)
            return 1
        else:
            cnt[s.weather_tile[p]] += 1
    for i in range(NWEATHER):
        if s.weather_pool[i] + cnt[i] != 1:
            snprintf(m, size, "weather_pool[%d]: weather tile %d is counted %d times, expected once", i, i,
                     s.weather_pool[i] + cnt[i])
            return 1
    return 0


cdef int check_map_tiles(const PHState* s, char* m, size_t size) noexcept nogil:
    """Map tiles: the first 5 per player slots hold a tile (or await one during the setup), the rest none."""
    cdef int n = s.num_players, i
    cdef int cnt[NMAPT]
    cdef bint setup = in_setup(s)
    for i in range(NMAPT):
        cnt[i] = 0
    for i in range(NMAPT):
        if i >= ntiles(s):
            if s.map_tile[i] != NEED:
                snprintf(m, size, "map_tile[%d]: a %d-player map has %d tiles, this slot must be empty (255)", i,
                         n, ntiles(s))
                return 1
        elif s.map_tile[i] == NEED:
            if not setup:
                snprintf(m, size, "map_tile[%d]: not drawn, but the setup is over", i)
                return 1
        elif s.map_tile[i] >= NMAPT:
            snprintf(m, size, "map_tile[%d]: %d, expected 0..%d", i, <int>s.map_tile[i], NMAPT - 1)
            return 1
        else:
            cnt[s.map_tile[i]] += 1
    for i in range(NMAPT):
        if s.map_pool[i] + cnt[i] != 1:
            snprintf(m, size, "map_pool[%d]: map tile %d is counted %d times, expected once", i, i,
                     s.map_pool[i] + cnt[i])
            return 1
    return 0


cdef int check_spaces(const PHState* s, char* m, size_t size) noexcept nogil:
    """Spaces: tokens fit the space's symbol; members and campsites only where they can be."""
    cdef int n = s.num_players, sp, f, t
    cdef bint setup = in_setup(s)
    for sp in range(NSP):
        if not exists(s, sp) or sp == START_SPACE:
            if (s.space_token[sp] or s.member_owner[sp] or s.member_count[sp] or s.members_tired[sp]
                    or s.campsite_owner[sp]):
                snprintf(m, size,
                         "space_token/member_owner/member_count/members_tired/campsite_owner[%d]: space r%dc%d is %s, "
                         "it holds nothing", sp, sp // NCOLS, sp % NCOLS,
                         "the starter space (see starter_members)" if sp == START_SPACE else "not on this map")
                return 1
            continue
        f = feature(s, sp)
        t = s.space_token[sp]
        if t == 0:
            pass
        elif t == NEED:
            if not setup or (f != F_GATHER and f != F_FISH and f != F_ANIMAL):
                snprintf(m, size, "space_token[%d]: awaits a token, but %s", sp,
                         "the setup is over" if not setup else "the space has no token symbol")
                return 1
        elif not ((f == F_GATHER and TOK_G <= t < TOK_F) or (f == F_FISH and TOK_F <= t < TOK_A)
                  or (f == F_ANIMAL and TOK_A <= t < TOK_MEGA) or (f == F_MEGA_A and t == TOK_MEGA)):
            snprintf(m, size, "space_token[%d]: token %d does not fit the symbol of space r%dc%d", sp, t,
                     sp // NCOLS, sp % NCOLS)
            return 1
        if s.member_owner[sp] > n:
            snprintf(m, size, "member_owner[%d]: %d, expected 0 or a seat + 1 (1..%d)", sp, <int>s.member_owner[sp],
                     n)
            return 1
        if ((s.member_owner[sp] == 0) != (s.member_count[sp] == 0) or s.member_count[sp] > MAX_SPACE_MEMBERS
                or s.members_tired[sp] > s.member_count[sp]):
            snprintf(m, size, "member_count[%d]: %d members (%d tired) of owner %d do not fit together", sp,
                     <int>s.member_count[sp], <int>s.members_tired[sp], <int>s.member_owner[sp])
            return 1
        if s.campsite_owner[sp] > n or (s.campsite_owner[sp] and f != F_CAMP):
            snprintf(m, size, "campsite_owner[%d]: %d, a campsite needs a campsite space and a seat + 1", sp,
                     <int>s.campsite_owner[sp])
            return 1
        if s.campsite_owner[sp] and s.member_owner[sp] and s.member_owner[sp] != s.campsite_owner[sp]:
            snprintf(m, size, "member_owner[%d]: seat %d stands in the campsite of seat %d", sp,
                     s.member_owner[sp] - 1, s.campsite_owner[sp] - 1)
            return 1
    return 0


cdef int check_megaliths(const PHState* s, char* m, size_t size) noexcept nogil:
    """Megaliths A: each one still lies on its space or was taken (check_spaces() has bounded every space)."""
    cdef int n = s.num_players, sp, p, tot, need = megalith_spaces(s)
    tot = 0
    for sp in range(NSP):
        if s.space_token[sp] == TOK_MEGA:
            tot += 1
    for p in range(n):
        tot += s.megalith_a[p]
    if tot != need:
        snprintf(m, size, "megalith_a: %d megaliths A on the map and taken, the map shows %d", tot, need)
        return 1
    return 0


cdef int check_players(const PHState* s, char* m, size_t size) noexcept nogil:
    """Each seat's starter members, campsites, members, shamans, painting, fishing track, points and hunting cards."""
    cdef int n = s.num_players, p, k, sp, c, tot
    cdef bint moving
    moving = s.phase == PH_AUTUMN and s.pending_decision == SUB_MOVING
    for p in range(n):
        if s.starter_tired[p] > s.starter_members[p]:
            snprintf(m, size, "starter_tired[%d]: %d tired of %d on the starter space", p, <int>s.starter_tired[p],
                     <int>s.starter_members[p])
            return 1
        if s.campsites_built[p] >= (1 << NCAMP):
            snprintf(m, size, "campsites_built[%d]: %d, there are %d campsites", p, <int>s.campsites_built[p], NCAMP)
            return 1
        tot = 0
        k = s.starter_members[p]
        for sp in range(NSP):
            if s.campsite_owner[sp] == p + 1:
                tot += 1
            if s.member_owner[sp] == p + 1:
                k += s.member_count[sp]
        if tot != popcount(s.campsites_built[p]):
            snprintf(m, size, "campsites_built[%d]: %d campsites built, %d on the map", p,
                     popcount(s.campsites_built[p]), tot)
            return 1
        if s.members[p] != START_MEMBERS + tot:
            snprintf(m, size, "members[%d]: %d, expected 3 + %d campsites", p, <int>s.members[p], tot)
            return 1
        if k + s.available_members[p] + (1 if moving and actor(s) == p else 0) != s.members[p]:
            snprintf(m, size, "available_members[%d]: %d in the tent + %d on the map is not %d members", p,
                     <int>s.available_members[p], k, <int>s.members[p])
            return 1
        for k in range(NUM_SHAMANS):
            if s.shamans[p][k] >= FIRE_POSITIONS:
                snprintf(m, size, "shamans[%d][%d]: %d, expected a fire position 0..5", p, k,
                         <int>s.shamans[p][k])
                return 1
        # all three on spot 0: not chosen yet, which only the setup allows (each seat picks them at the start)
        if (s.shamans[p][0] or s.shamans[p][1] or s.shamans[p][2] or (s.phase != PH_FILL and s.phase != PH_START)) \
                and (s.shamans[p][0] == s.shamans[p][1] or s.shamans[p][0] == s.shamans[p][2]
                     or s.shamans[p][1] == s.shamans[p][2]):
            snprintf(m, size, "shamans[%d]: two shamans on one fire position", p)
            return 1
        if s.painted_sections[p] >= 1 << NPAINT:
            snprintf(m, size, "painted_sections[%d]: %d, a painting has 9 sections (< 512)", p,
                     <int>s.painted_sections[p])
            return 1
        if s.fishing_track[p] > FISHING_TRACK_END:
            snprintf(m, size, "fishing_track[%d]: %d, the fishing track ends at 20", p, <int>s.fishing_track[p])
            return 1
        if s.victory_points[p] < 0:
            snprintf(m, size, "victory_points[%d]: %d, victory points are never negative", p,
                     <int>s.victory_points[p])
            return 1
        for c in range(NHC):
            if s.hunting_cards[p][c] > 1:
                snprintf(m, size, "hunting_cards[%d][%d]: %d, each hunting card exists once", p, c,
                         <int>s.hunting_cards[p][c])
                return 1
    return 0


cdef int check_ceremony_track(const PHState* s, char* m, size_t size) noexcept nogil:
    """The ceremony track: the seats that performed a ceremony this round, each once."""
    cdef int n = s.num_players, i, p, q
    cdef int cnt[MAXP]
    if s.ceremony_track_length > n:
        snprintf(m, size, "ceremony_track_length: %d, expected 0..%d", <int>s.ceremony_track_length, n)
        return 1
    for q in range(MAXP):
        cnt[q] = 0
    for i in range(MAXP):
        if i >= s.ceremony_track_length:
            if s.ceremony_track[i]:
                snprintf(m, size, "ceremony_track[%d]: %d beyond ceremony_track_length %d, expected 0", i,
                         <int>s.ceremony_track[i], <int>s.ceremony_track_length)
                return 1
        elif s.ceremony_track[i] >= n or cnt[s.ceremony_track[i]]:
            snprintf(m, size, "ceremony_track[%d]: %d, expected a seat not already on the track", i,
                     <int>s.ceremony_track[i])
            return 1
        else:
            cnt[s.ceremony_track[i]] = 1
    for p in range(n):
        if (s.ceremonies_performed[p] > 0) != (cnt[p] == 1):
            snprintf(m, size, "ceremonies_performed[%d]: %d ceremonies this round, but seat %d is %son the track", p,
                     <int>s.ceremonies_performed[p], p, "" if cnt[p] else "not ")
            return 1
    return 0


cdef int check_displays(const PHState* s, char* m, size_t size) noexcept nogil:
    """The display slots and the footings hold known kinds and cards."""
    cdef int i
    for i in range(NUM_ACTION_SLOTS):
        if s.gathering_slot[i] > NGK:
            snprintf(m, size, "gathering_slot[%d]: %d, expected 0 or a kind + 1 (1..%d)", i,
                     <int>s.gathering_slot[i], NGK)
            return 1
        if s.fishing_slot[i] > NFK:
            snprintf(m, size, "fishing_slot[%d]: %d, expected 0 or a kind + 1 (1..%d)", i, <int>s.fishing_slot[i],
                     NFK)
            return 1
        if s.footings[i][0] > NCOL or s.footings[i][1] > NCOL or (s.footings[i][1] and not s.footings[i][0]):
            snprintf(m, size, "footings[%d]: %d %d, expected colours + 1 (0 empty), the first filled first", i,
                     <int>s.footings[i][0], <int>s.footings[i][1])
            return 1
    for i in range(NUM_CARD_SLOTS):
        if s.hunting_display[i] > NHC:
            snprintf(m, size, "hunting_display[%d]: %d, expected 0 or a card + 1 (1..%d)", i,
                     <int>s.hunting_display[i], NHC)
            return 1
        if s.ceremony_display[i] > NCC:
            snprintf(m, size, "ceremony_display[%d]: %d, expected 0 or a card + 1 (1..%d)", i,
                     <int>s.ceremony_display[i], NCC)
            return 1
    return 0


cdef int check_gathering_and_fish(const PHState* s, char* m, size_t size) noexcept nogil:
    """Conservation: every gathering tile and fish is in exactly one place."""
    cdef int n = s.num_players, t, k, j, i, sp, p, tot
    for t in range(NGT):
        tot = 0
        for k in range(2 * t, 2 * t + 2):
            j = s.gathering_pile[k]
            for i in range(NUM_ACTION_SLOTS):
                j += s.gathering_slot[i] == k + 1
            for sp in range(NSP):
                j += s.space_token[sp] == TOK_G + k
            if j > (2 if k % 2 else 3):
                snprintf(m, size, "gathering_pile[%d]: %d tiles of gathering kind %d, %d exist", k, j, k,
                         2 if k % 2 else 3)
                return 1
            tot += j
        for p in range(n):
            tot += s.gathered[p][t]
        if tot != GATHERING_TILES:
            snprintf(m, size, "gathered: %d gathering tiles of type %d in all places, 5 exist", tot, t)
            return 1
    for k in range(NFK):
        j = s.fish_pile[k]
        for i in range(NUM_ACTION_SLOTS):
            j += s.fishing_slot[i] == k + 1
        for sp in range(NSP):
            j += s.space_token[sp] == TOK_F + k
        for p in range(n):
            j += s.fish[p][k]
        if j != (4 if k % 3 == 0 else 3):
            snprintf(m, size, "fish_pile[%d]: %d fish of kind %d in all places, %d exist", k, j, k,
                     4 if k % 3 == 0 else 3)
            return 1
    return 0


cdef int check_animals_and_cards(const PHState* s, char* m, size_t size) noexcept nogil:
    """Conservation: every animal, hunting and ceremony card is in exactly one place."""
    cdef int n = s.num_players, k, j, sp, p, c, i
    for k in range(NUM_SPECIES):
        j = s.animal_pool[k]
        for sp in range(NSP):
            j += s.space_token[sp] == TOK_A + k
        for p in range(n):
            j += s.animal_tokens[p][k]
        if j != ANIMALS_PER_SPECIES:
            snprintf(m, size, "animal_pool[%d]: %d map animals of species %d in all places, 2 exist", k, j, k)
            return 1
    for c in range(NHC):
        j = s.hunting_pile[c]
        for i in range(NUM_CARD_SLOTS):
            j += s.hunting_display[i] == c + 1
        for p in range(n):
            j += s.hunting_cards[p][c]
        if j > 1:
            snprintf(m, size, "hunting_pile[%d]: hunting card %d is in %d places, it exists once", c, c, j)
            return 1
    for c in range(NCC):
        j = s.ceremony_pile[c] + s.ceremony_discard[c]
        for i in range(NUM_CARD_SLOTS):
            j += s.ceremony_display[i] == c + 1
        for p in range(n):
            j += s.hand[p][c]
        if j != 1:
            if s.ceremony_pile[c] > 1:
                snprintf(m, size, "ceremony_pile[%d]: %d ceremony cards, at most 1 exists", c,
                         <int>s.ceremony_pile[c])
            else:
                snprintf(m, size, "hand: ceremony card %d is in %d places (pile, display, discard, hands), "
                         "it exists once", c, j)
            return 1
    return 0


cdef int check_pending_kind(const PHState* s, char* m, size_t size) noexcept nogil:
    """The pending sub-decision: its action, movement points and spaces in range, and a phase that has it."""
    if s.pending_action >= NUM_BOARD_ACTIONS or s.pending_spring > 1:
        snprintf(m, size, "pending_action: %d (pending_spring %d), expected an action 0..5 and a flag",
                 <int>s.pending_action, <int>s.pending_spring)
        return 1
    if s.movement_points > MP_MAX:
        snprintf(m, size, "movement_points: %d movement points, at most %d", <int>s.movement_points, <int>MP_MAX)
        return 1
    if s.moving_space >= NSP or s.moving_origin >= NSP or s.build_space >= NSP:
        snprintf(m, size, "moving_space/moving_origin/build_space: %d/%d/%d, expected spaces 0..%d",
                 <int>s.moving_space, <int>s.moving_origin, <int>s.build_space, NSP - 1)
        return 1
    if s.pending_decision != SUB_MAIN:
        if (s.pending_decision <= SUB_FOOT and s.phase != PH_SPRING
                and not (s.pending_decision == SUB_DEST and (s.phase == PH_SUMMER or s.phase == PH_FINAL))):
            snprintf(m, size, "pending_decision: sub-decision %d cannot be pending in phase %d",
                     <int>s.pending_decision, <int>s.phase)
            return 1
        if s.pending_decision > SUB_FOOT and s.phase != PH_AUTUMN:
            snprintf(m, size, "pending_decision: sub-decision %d is an autumn one, the phase is %d",
                     <int>s.pending_decision, <int>s.phase)
            return 1
    return 0


cdef int check_pending_fields(const PHState* s, char* m, size_t size) noexcept nogil:
    """The fields the pending sub-decision reads fit it."""
    if s.pending_decision == SUB_PAYD:
        if not ((s.pending_action == 3 and s.build_space < 6 and s.fishing_slot[s.build_space % 6])
                or (s.pending_action == 4 and s.build_space < 5 and s.hunting_display[s.build_space % 5])
                ) or s.pending_left == 0:
            snprintf(m, size, "build_space: %d is not the display slot of a pending fishing/hunting payment",
                     <int>s.build_space)
            return 1
        if s.pending_item != (3 if s.pending_action == 3 else 0) or s.pending_left > PRICE_COLOURS:
            # the price's positions: 3..5 for fishing, 0..2 for hunting (do_item); legal_actions reads the
            # pricing tile there
            snprintf(m, size, "pending_item: %d (%d colours left), expected the first price position %d of "
                     "action %d and at most 3 colours", <int>s.pending_item, <int>s.pending_left,
                     3 if s.pending_action == 3 else 0, <int>s.pending_action)
            return 1
    elif s.pending_decision == SUB_SHAMAN:
        if (s.pending_action != 2 or s.pending_left == 0 or s.pending_left > NUM_SHAMANS
                or s.pending_mask >= 1 << NUM_SHAMANS):
            snprintf(m, size, "pending_left: %d shaman moves pending (action %d, mask %d) do not fit a ceremony",
                     <int>s.pending_left, <int>s.pending_action, <int>s.pending_mask)
            return 1
    elif s.pending_decision == SUB_FOOT:
        if not foot_free(s, s.pending_action):
            snprintf(m, size, "pending_action: footing of action %d pending, but both footings are taken",
                     <int>s.pending_action)
            return 1
    elif s.pending_decision == SUB_DEST:
        # spring: at most 3 members; summer and the final action: one white marker each, at most the tent
        if (s.pending_action != 5 or s.pending_left == 0 or s.pending_left > s.available_members[actor(s)]
                or (s.pending_spring and s.pending_left > 3)):
            snprintf(m, size, "pending_left: %d migrating members pending, expected 1..%d (the tent%s)",
                     <int>s.pending_left, <int>s.available_members[actor(s)],
                     " or 3 in spring" if s.pending_spring else "")
            return 1
    elif s.pending_decision == SUB_MOVING:
        if not exists(s, s.moving_space) or not exists(s, s.moving_origin):
            snprintf(m, size, "moving_space: %d (from %d) is not a space of this map", <int>s.moving_space,
                     <int>s.moving_origin)
            return 1
    elif s.pending_decision == SUB_BUILD:
        if not exists(s, s.build_space) or feature(s, s.build_space) != F_CAMP or s.campsite_owner[s.build_space]:
            snprintf(m, size, "build_space: %d is not a free campsite space", <int>s.build_space)
            return 1
    elif s.pending_decision == SUB_SETTLE:
        if not exists(s, s.build_space) or s.campsite_owner[s.build_space] != actor(s) + 1 or s.pending_left == 0:
            snprintf(m, size, "build_space: %d is not the campsite just built by the player to move",
                     <int>s.build_space)
            return 1
    return 0


cdef int check_spring_payment(const PHState* s, char* m, size_t size) noexcept nogil:
    """A spring action is chosen only with a footing free and the resources for its price and the footing
    (legal_actions, board_items), and both are paid as it goes on."""
    cdef int p, k, c, f, tot, need
    cdef int spots[NUM_SHAMANS]
    cdef int res[NCOL]
    if s.phase == PH_SPRING and s.pending_spring and s.pending_decision != SUB_MAIN:
        # a spring action is chosen only with a footing free and the resources for its price and the footing
        # (legal_actions, board_items), and both are paid as it goes on
        if not foot_free(s, s.pending_action):
            snprintf(m, size, "footings: both footings of action %d are taken, but the spring action under way "
                     "pays one when it ends", <int>s.pending_action)
            return 1
        p = actor(s)
        need = 1 + (s.pending_left if s.pending_decision == SUB_PAYD or s.pending_decision == SUB_SHAMAN else 0)
        if total_res(s, p) < need:
            snprintf(m, size, "resources[%d]: %d resources, but the spring action under way still needs %d (its "
                     "price and the footing)", p, total_res(s, p), need)
            return 1
        if s.pending_decision == SUB_SHAMAN:
            for k in range(NUM_SHAMANS):
                spots[k] = s.shamans[p][k]
            for c in range(NCOL):
                res[c] = s.resources[p][c]
            if not shamans_can_finish(s, spots, s.pending_mask, res, s.pending_left):
                snprintf(m, size, "resources[%d]: some way of making the ceremony's %d shaman moves left cannot be "
                         "paid with a resource left for the footing", p, <int>s.pending_left)
                return 1
        if s.pending_decision == SUB_PAYD:
            f = 0                                   # the price's colours, as a bit set
            for k in range(PRICE_COLOURS):
                f |= 1 << colour_at(s, s.pending_action, s.pending_item + k)
            tot = 0
            for c in range(NCOL):
                if s.resources[p][c] and (f >> c) & 1 and not (s.pending_mask & (1 << c)):
                    tot += 1
            if tot < s.pending_left:
                snprintf(m, size, "resources[%d]: %d distinct colours still to pay, but the player holds %d of "
                         "the price's colours", p, <int>s.pending_left, tot)
                return 1
    return 0


cdef int check_pending_step(const PHState* s, char* m, size_t size) noexcept nogil:
    """A chance node has an outcome, a decision a legal action."""
    cdef int p
    cdef int acts[NUM_ACTIONS]
    cdef double probs[NUM_ACTIONS]
    p = current_player(s)
    if p == CHANCE and chance_outcomes(s, acts, probs) == 0:
        snprintf(m, size, "phase: a draw is pending but nothing is left to draw")
        return 1
    if p >= 0 and legal_actions(s, acts) == 0:
        snprintf(m, size, "pending_decision: seat %d is to move but has no legal action", p)
        return 1
    return 0


cdef int check(const void* state, char* m, size_t size) noexcept nogil:
    """0 when the rules allow the state, else 1 with "field: reason" in m. The parts run in an order that reads
    only in range, on any bytes; the first wrong field found is the one named."""
    cdef const PHState* s = <const PHState*>state
    if (check_counters(s, m, size) or check_turn_order(s, m, size) or check_pricing_tiles(s, m, size) or
            check_weather_tiles(s, m, size) or check_map_tiles(s, m, size) or check_spaces(s, m, size) or
            check_megaliths(s, m, size) or check_players(s, m, size) or check_ceremony_track(s, m, size) or
            check_displays(s, m, size) or check_gathering_and_fish(s, m, size) or
            check_animals_and_cards(s, m, size) or check_pending_kind(s, m, size) or
            check_pending_fields(s, m, size) or check_spring_payment(s, m, size) or check_pending_step(s, m, size)):
        return 1
    return 0


# ---- move priors (the search's prior_weight and prior_variant settings) ----

# Rotating a pricing or the weather tile and discarding a cube cost a cube or a development point and neither act
# nor end the turn, so a search that tries them as soon as any move spends its budget on lines that are the same
# turn one trade poorer, and picks one of them on noise (docs/research/2026-12-07-prehistory-move-priors.md: half
# the root's visits, and 17 rotations a game where the expert plays one). Priced as a player would consider them:
# late, and rarely. Variants 1 and 2 are experiments of that entry (not defaults): 1 also prices buying a cube low
# (the search bought 26 a game against the expert's 16, 2 development points each), 2 also prices ending an autumn
# turn low while a member could still be moved or paid for (the search built fewer campsites than the expert).
cdef double RARE_TRADE_PRIOR = 0.1
cdef double BUY_PRIOR = 0.3          # variant 1
cdef double EARLY_END_PRIOR = 0.3    # variant 2
PRIOR_VARIANTS = 3


cdef void action_priors(const void* v, const int* actions, int n, double* out, int variant) noexcept nogil:
    cdef const PHState* s = <const PHState*>v
    cdef int i, a
    cdef bint can_move = False
    if variant == 2 and s.pending_decision == SUB_MAIN and s.phase == PH_AUTUMN:
        for i in range(n):
            if A_PAYC <= actions[i] < A_SHAMAN or A_SELECT <= actions[i] < A_STEP or actions[i] == A_DEVMOVE:
                can_move = True
    for i in range(n):
        a = actions[i]
        if A_ROT <= a <= A_WEATHER or A_DISCRES <= a < A_DEVMOVE:
            out[i] = RARE_TRADE_PRIOR
        elif variant == 1 and A_BUYRES <= a < A_DISCRES:
            out[i] = BUY_PRIOR
        elif a == A_PASS and can_move:
            out[i] = EARLY_END_PRIOR
        else:
            out[i] = 1.0


# ---- the GameTable, and the module's Python entry to the rules ----

cdef GameTable TABLES[MAXP - MIN_PLAYERS + 1]      # one per player count
cdef GameTable RULES = game_table("prehistory", sizeof(PHState), NUM_ACTIONS, NCC, current_player, legal_actions,
                                  apply_action, chance_outcomes, sample_chance, returns, scores, heuristic,
                                  HEURISTIC_VARIANTS, DEFAULT_HEURISTIC_VARIANT,
                                  determinize, infoset_hash, observed_action, rollout_action)
RULES.rollout_variants = ROLLOUT_VARIANTS
RULES.action_priors = action_priors
RULES.prior_variants = PRIOR_VARIANTS
fill_tables(TABLES, RULES, MIN_PLAYERS, MAXP, 60000)


cdef PHState load(bytes data):
    cdef PHState s
    load_state(&s, sizeof(s), data)
    return s


cdef bytes dump(PHState* s):
    return state_bytes(s, sizeof(PHState))


def make_table(dict params):
    return table_capsule(&TABLES[params["players"] - MIN_PLAYERS])


def initial_state(dict params):
    cdef PHState s
    cdef int i, n = params["players"]
    memset(&s, 0, sizeof(s))
    s.num_players = n
    s.phase = PH_FILL
    s.after_fill = PH_START
    for i in range(7):
        s.pricing_tile[i] = NEED
    for i in range(NPRICE):
        s.pricing_pool[i] = 1
    for i in range(NMAPT):
        s.map_tile[i] = NEED
        s.map_pool[i] = 1
    for i in range(3):
        s.animal_pool[i] = 2
    for i in range(NWEATHER):
        s.weather_pool[i] = 1
    for i in range(NGK):
        s.gathering_pile[i] = 2 if i % 2 else 3
    for i in range(NFK):
        s.fish_pile[i] = 4 if i % 3 == 0 else 3
    for i in range(NHC):
        s.hunting_pile[i] = 1
    for i in range(NCC):
        s.ceremony_pile[i] = 1
    for i in range(n):
        s.seat_pool[i] = 1
        s.weather_tile[i] = NEED
        s.available_members[i] = 2
        s.members[i] = 3
        s.starter_members[i] = 1
        s.turn_order[i] = i
    return dump(&s)
