# Jäger und Späher: the rules in C, nogil and without Python objects: the instruction queue, the
# decisions at instructions, the contract functions of mcts/game_api.pxd and the legal-state check
# behind check_state; then the module's Python entry to them (the GameTable per turn limit in
# make_table, bytes <-> JState, initial_state). Included by jaeger_und_spaeher.pyx.

cdef enum:
    T_OFFSPRING = 4
    T_SHAMAN = 5
    T_TRACKER = 6
    OE_PLACE = 0
    OE_DRAW = 1
    OE_TAKE = 2
    OE_RETURN = 3
    HT_SUNSET = 0
    HT_TAKEBACK = 1
    HT_CREATE = 2
    HT_PLAY = 3
    HE_LESS = 0
    HE_MATERIAL = 1
    HE_POINT = 2
    HE_DRAW = 3
    HE_RETURN = 4


# ---- small helpers ----

# Slot sets: a random playout spends most of its time asking which of the 39 slots (36 location cards, 3 Holy
# Places; most of the location cards lie face up in a long random game) are face up, have room, or hold a
# member of the player that may be taken back. The scans compare 16 slots at once with SSE2 on x86-64 and
# return one bit per slot; elsewhere a plain loop gives the same bits. Each scan reads 48 slots' worth from the
# start of its per-slot arrays (loc_card, loc_men, locked): past their ends it reads later fields of the state,
# whose bits the callers mask off (SLOTS, NORMAL_SLOTS); _check_scan_reach below keeps those reads inside it.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline __m128i jus_load16(const uint8_t* b) { return _mm_loadu_si128((const __m128i*)b); }
    /* 16 slots of a [slot][2] array: player p's bytes (one per slot), or both players' sums (saturated) */
    static inline __m128i jus_player16(const uint8_t* men, int p) {
        __m128i lo = jus_load16(men), hi = jus_load16(men + 16);
        if (p) { lo = _mm_srli_epi16(lo, 8); hi = _mm_srli_epi16(hi, 8); }
        else { lo = _mm_and_si128(lo, _mm_set1_epi16(0xFF)); hi = _mm_and_si128(hi, _mm_set1_epi16(0xFF)); }
        return _mm_packus_epi16(lo, hi);
    }
    static inline __m128i jus_total16(const uint8_t* men) {
        __m128i lo = jus_load16(men), hi = jus_load16(men + 16), m = _mm_set1_epi16(0xFF);
        lo = _mm_add_epi16(_mm_and_si128(lo, m), _mm_srli_epi16(lo, 8));
        hi = _mm_add_epi16(_mm_and_si128(hi, m), _mm_srli_epi16(hi, 8));
        return _mm_packus_epi16(lo, hi);
    }
    #endif

    /* bit i: b[i] < limit (unsigned), for the 48 bytes at b */
    static inline uint64_t jus_below48(const uint8_t* b, uint8_t limit) {
        uint64_t bits = 0;
        int i;
    #if defined(__SSE2__)
        for (i = 0; i < 48; i += 16) {
            __m128i v = jus_load16(b + i);
            /* v < limit  <=>  min(v, limit - 1) == v, for limit >= 1 */
            __m128i below = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8((char)(limit - 1))), v);
            bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(below) << i;
        }
        if (limit == 0) bits = 0;
    #else
        for (i = 0; i < 48; i++)
            bits |= (uint64_t)(b[i] < limit) << i;
    #endif
        return bits;
    }

    /* bit i: men[i][p] > locked[i], for 48 slots */
    static inline uint64_t jus_above48(const uint8_t* men, const uint8_t* locked, int p) {
        uint64_t bits = 0;
        int i;
    #if defined(__SSE2__)
        for (i = 0; i < 48; i += 16) {
            __m128i none = _mm_cmpeq_epi8(_mm_subs_epu8(jus_player16(men + 2 * i, p), jus_load16(locked + i)),
                                          _mm_setzero_si128());
            bits |= (uint64_t)(uint16_t)~_mm_movemask_epi8(none) << i;
        }
    #else
        for (i = 0; i < 48; i++)
            bits |= (uint64_t)(men[2 * i + p] > locked[i]) << i;
    #endif
        return bits;
    }

    /* bit i: men[i][0] + men[i][1] < limit (1..255), for 48 slots */
    static inline uint64_t jus_men_below48(const uint8_t* men, uint8_t limit) {
        uint64_t bits = 0;
        int i;
    #if defined(__SSE2__)
        for (i = 0; i < 48; i += 16) {
            __m128i total = jus_total16(men + 2 * i);
            __m128i room = _mm_cmpeq_epi8(_mm_min_epu8(total, _mm_set1_epi8((char)(limit - 1))), total);
            bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(room) << i;
        }
    #else
        for (i = 0; i < 48; i++)
            bits |= (uint64_t)(men[2 * i] + men[2 * i + 1] < limit) << i;
    #endif
        return bits;
    }

    /* bit i: b[i] != 0, for the 16 bytes at b */
    static inline uint64_t jus_nonzero16(const uint8_t* b) {
    #if defined(__SSE2__)
        return (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(jus_load16(b), _mm_setzero_si128()));
    #else
        uint64_t bits = 0;
        int i;
        for (i = 0; i < 16; i++)
            bits |= (uint64_t)(b[i] != 0) << i;
        return bits;
    #endif
    }

    static inline int jus_ctz64(uint64_t x) { return __builtin_ctzll(x); }

    /* per-byte counts of the set bits of x (bit slicing), each at most 8 */
    static inline uint64_t jus_byte_bits(uint64_t x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    }

    /* the set bits of the 36 bytes at b: 4 words and a half, fixed-size loads */
    static inline int jus_bits36(const uint8_t* b) {
        uint64_t w[4], sum;
        uint32_t tail;
        memcpy(w, b, 32);
        memcpy(&tail, b + 32, 4);
        sum = jus_byte_bits(w[0]) + jus_byte_bits(w[1]) + jus_byte_bits(w[2]) + jus_byte_bits(w[3])
              + jus_byte_bits(tail);                            /* each byte at most 40 */
        sum = (sum & 0x00FF00FF00FF00FFULL) + ((sum >> 8) & 0x00FF00FF00FF00FFULL);
        return (int)((sum * 0x0001000100010001ULL) >> 48);
    }
    """
    uint64_t jus_below48(const uint8_t* b, uint8_t limit) noexcept nogil
    uint64_t jus_above48(const uint8_t* men, const uint8_t* locked, int p) noexcept nogil
    uint64_t jus_men_below48(const uint8_t* men, uint8_t limit) noexcept nogil
    uint64_t jus_nonzero16(const uint8_t* b) noexcept nogil
    int jus_ctz64(uint64_t x) noexcept nogil
    int jus_bits36(const uint8_t* b) noexcept nogil


# the scans read 48 slots and the character and object rows 16 types
if NSLOT > 48 or NNORM != 36 or NCHAR > 16 or NOBJ > 16:
    raise RuntimeError("jaeger_und_spaeher: the slot scans cover 48 slots (36 locations) and 16 character or "
                       "object types")


def _check_scan_reach():
    """The scans' reads past an array end stay inside JState (they depend on the field order)."""
    cdef JState s
    cdef size_t start = <size_t>&s
    for field, reach in ((<size_t>&s.loc_card[0], 48), (<size_t>&s.loc_men[0][0], 96),
                         (<size_t>&s.locked[0], 48), (<size_t>&s.hand[1][0], 16)):
        if field - start + reach > sizeof(JState):
            raise RuntimeError("jaeger_und_spaeher: a slot scan would read past the end of the state")


_check_scan_reach()

cdef uint64_t NORMAL_SLOTS = ((<uint64_t>1) << NNORM) - 1     # the location slots
cdef uint64_t SLOTS = ((<uint64_t>1) << NSLOT) - 1            # and the Holy Places


cdef uint8_t BITS8[256]         # set bits of a byte (the stones on a location)
for _x in range(256):
    BITS8[_x] = bin(_x).count("1")
del _x


cdef inline int kind_of(int card) noexcept nogil:
    return 0 if card < NWILD else 1


cdef inline int full_mask(int card) noexcept nogil:
    return (1 << LOC_N[card]) - 1


cdef inline uint64_t face_up_slots(const JState* s) noexcept nogil:
    """Slots (locations and Holy Places) with a card."""
    return jus_below48(s.loc_card, EMPTY) & SLOTS


cdef inline uint64_t wild_slots(const JState* s) noexcept nogil:
    """Location slots with a wilderness card face up."""
    return jus_below48(s.loc_card, NWILD) & NORMAL_SLOTS


cdef int free_stones(const JState* s) noexcept nogil:
    """The supply: an empty slot has no stones (discard_location clears them; check_state holds to it)."""
    return STONES - jus_bits36(s.loc_cover)


cdef inline void push(JState* s, int op, int a, int b) noexcept nogil:
    if s.qlen < QMAX:
        s.queue[s.qlen][0] = op
        s.queue[s.qlen][1] = a
        s.queue[s.qlen][2] = b
        s.qlen += 1


cdef inline void push_front(JState* s, int op, int a, int b) noexcept nogil:
    """Puts an operation at the head of the queue (it is carried out next)."""
    cdef int k
    if s.qlen < QMAX:
        for k in range(s.qlen, 0, -1):
            s.queue[k][0] = s.queue[k - 1][0]
            s.queue[k][1] = s.queue[k - 1][1]
            s.queue[k][2] = s.queue[k - 1][2]
        s.queue[0][0] = op
        s.queue[0][1] = a
        s.queue[0][2] = b
        s.qlen += 1


cdef inline void pop(JState* s) noexcept nogil:
    # moves the whole queue by one entry through a buffer (fixed sizes compile to a few register moves, where
    # memmove would be a library call); the entries past the end are 0, so the last one becomes 0 too
    cdef uint8_t rest[3 * QMAX - 3]
    if s.qlen:
        s.qlen -= 1
        memcpy(rest, &s.queue[1][0], sizeof(rest))
        memcpy(&s.queue[0][0], rest, sizeof(rest))
        s.queue[QMAX - 1][0] = 0
        s.queue[QMAX - 1][1] = 0
        s.queue[QMAX - 1][2] = 0


cdef inline int hand_total(const JState* s, int p) noexcept nogil:
    cdef int t, n = 0
    for t in range(NCHAR):
        n += s.hand[p][t]
    return n


cdef inline int objects_held(const JState* s, int p) noexcept nogil:
    cdef int o, n = 0
    for o in range(NOBJ):
        n += s.obj_hand[p][o]
    return n


cdef inline int created_total(const JState* s, int p) noexcept nogil:
    cdef int o, n = 0
    for o in range(NOBJ):
        n += s.obj_created[p][o]
    return n


cdef inline int members_out(const JState* s, int p) noexcept nogil:
    """Members on the tribe card and on locations (Holy Places included): the ones that score at sunset."""
    cdef int slot, n = s.tribe[p]
    for slot in range(NSLOT):
        n += s.loc_men[slot][p]
    return n


cdef inline void take_hunger(JState* s, int p) noexcept nogil:
    if s.hunger[0] + s.hunger[1] < HUNGER_TILES:
        s.hunger[p] += 1


cdef inline void return_hunger(JState* s, int p, int n) noexcept nogil:
    s.hunger[p] -= n if n < s.hunger[p] else s.hunger[p]


cdef inline bint holy_active(const JState* s, int slot, int p, int trigger) noexcept nogil:
    cdef int f = s.loc_card[slot]
    return f != EMPTY and s.loc_men[slot][p] > 0 and FACE_TRIG[f] == trigger


cdef void discard_location(JState* s, int slot) noexcept nogil:
    """A covered (or shortage-discarded) location: stones back to the supply, members home, card discarded."""
    cdef int p
    s.loc_disc |= (<uint64_t>1) << s.loc_card[slot]
    for p in range(2):
        s.tribe[p] += s.loc_men[slot][p]
        s.loc_men[slot][p] = 0
    s.loc_card[slot] = EMPTY
    s.loc_cover[slot] = 0
    s.locked[slot] = 0
    if s.revealed_slot == slot:
        s.revealed_slot = EMPTY


cdef void discard_created(JState* s, int p, int n) noexcept nogil:
    cdef int o
    for o in range(NOBJ):
        while n > 0 and s.obj_created[p][o] > 0:
            s.obj_created[p][o] -= 1
            s.obj_disc_open[o] += 1
            n -= 1


cdef void reached_target(JState* s, int p) noexcept nogil:
    if s.terminal or s.final_turn:
        return
    if p == 1:
        s.terminal = 1          # the following player ends the game: it ends at once, they win
        s.winner = 1
    else:
        s.final_turn = 1        # the starting player: the other player has one more complete turn
        s.stop_turn = 1


cdef void gain(JState* s, int p, int d) noexcept nogil:
    """Moves p's marker by d: never below 0; bonus spaces 9, 14, 18; the 23 cap with more than 3 hunger
    tiles; 24 is the target and points beyond it give one more space (25). A bonus space reached with 2
    created objects is a decision ("they may receive 1 additional victory point"): the rest of the move
    waits at the head of the queue (bonus_space, points still to gain) until the player takes or declines."""
    cdef int pts, b
    if d <= 0:
        pts = s.points[p] + d
        s.points[p] = pts if pts > 0 else 0
        return
    while d > 0:
        if s.points[p] >= TARGET:
            s.points[p] = TARGET + 1
            break
        if s.points[p] == TARGET - 1 and s.hunger[p] > 3:
            break                                       # remaining points are forfeited
        s.points[p] += 1
        d -= 1
        b = 0 if s.points[p] == 9 else 1 if s.points[p] == 14 else 2 if s.points[p] == 18 else -1
        if b >= 0 and not (s.bonus_done[p] >> b) & 1:
            s.bonus_done[p] |= 1 << b
            if created_total(s, p) >= 2:
                push_front(s, OP_BONUS, d, 0)
                return
            elif s.variant == 2:
                take_hunger(s, p)
    if s.points[p] >= TARGET:
        reached_target(s, p)


cdef void finish_turn(JState* s) noexcept nogil:
    memset(s.locked, 0, sizeof(s.locked))
    memset(s.pool, 0, sizeof(s.pool))
    s.took_back = 0
    s.cur_slot = EMPTY
    s.revealed_slot = EMPTY
    if s.final_turn and s.to_move == 1:
        s.terminal = 1
        s.winner = 1 if (s.points[1] >= TARGET and s.points[1] >= s.points[0]) else 0
        return
    s.turn += 1
    if s.turn >= s.turn_limit:
        s.terminal = 1
        s.winner = 0 if s.points[0] > s.points[1] else 1 if s.points[1] > s.points[0] else 2
        return
    s.to_move ^= 1
    s.phase = P_TURN


# ---- decisions available at instructions ----
cdef inline uint64_t open_slots(const JState* s, int filt) noexcept nogil:
    """Location slots a member may be placed on under the placing filter: a card with fewer than 3 members,
    of the filter's kind (or the slot revealed by the card being played)."""
    cdef uint64_t room = jus_men_below48(&s.loc_men[0][0], 3) & face_up_slots(s) & NORMAL_SLOTS
    if filt == F_WILD:
        return room & wild_slots(s)
    if filt == F_HUNT:
        return room & ~wild_slots(s)
    if filt == F_REVEALED:
        return room & ((<uint64_t>1) << s.revealed_slot) if s.revealed_slot < NNORM else 0
    return room


cdef int place_options(const JState* s, int* out) noexcept nogil:
    """Legal PLACE / HOLY ids for the head OP_PLACE (without STOP); with out NULL only whether there is one
    (1 or 0)."""
    cdef int p = s.to_move, q = 1 - s.to_move, n = 0, h, k, most
    cdef int left = s.queue[0][1], filt = s.queue[0][2]
    cdef uint64_t slots
    if s.tribe[p] == 0 or left == 0:
        return 0
    slots = open_slots(s, filt)
    if out == NULL and slots:
        return 1
    while slots:
        out[n] = A_PLACE + jus_ctz64(slots)
        n += 1
        slots &= slots - 1
    if filt == F_ANY or filt == F_OBJECT:
        most = left if left < s.tribe[p] else s.tribe[p]
        for h in range(NHOLY):
            if s.loc_card[NNORM + h] == EMPTY:
                continue
            if s.loc_men[NNORM + h][q] == 0:
                if out == NULL:
                    return 1
                out[n] = A_HOLY + h * 5
                n += 1
            else:
                for k in range(s.loc_men[NNORM + h][q] + 1, most + 1):
                    if k <= 5:
                        if out == NULL:
                            return 1
                        out[n] = A_HOLY + h * 5 + k - 1
                        n += 1
    return n


cdef inline bint wild_available(const JState* s) noexcept nogil:
    return (s.loc_draw | s.loc_disc) & ((<uint64_t>1 << NWILD) - 1) != 0


cdef inline bint hunt_available(const JState* s) noexcept nogil:
    return (s.loc_draw | s.loc_disc) >> NWILD != 0


cdef inline int free_normal_slot(const JState* s) noexcept nogil:
    cdef uint64_t free = ~face_up_slots(s) & NORMAL_SLOTS
    return jus_ctz64(free) if free else -1


cdef inline int display_size(const JState* s) noexcept nogil:
    return s.row_len[0] + s.row_len[1] + s.row_len[2]


cdef inline int shortest_row(const JState* s) noexcept nogil:
    cdef int r, best = 0
    for r in range(1, 3):
        if s.row_len[r] < s.row_len[best]:
            best = r
    return best


cdef void run(JState* s) noexcept nogil:
    """Carries out queued instructions until a decision or a chance event is needed."""
    cdef int op, a, b, p, r, o, n, kind
    cdef uint64_t mask
    while not s.terminal:
        if s.stop_turn:
            s.stop_turn = 0
            s.qlen = 0
            memset(s.queue, 0, sizeof(s.queue))
            push(s, OP_REFILL, 0, 0)
            push(s, OP_FINISH, 0, 0)
        if s.qlen == 0:
            return
        op = s.queue[0][0]
        a = s.queue[0][1]
        b = s.queue[0][2]
        p = s.to_move
        if op == OP_REVEAL_WILD or op == OP_REVEAL_HUNT:
            kind = 0 if op == OP_REVEAL_WILD else 1
            mask = ((<uint64_t>1 << NWILD) - 1) << (NWILD * kind)
            if free_normal_slot(s) >= 0 and s.loc_draw & mask == 0:
                s.loc_draw |= s.loc_disc & mask          # the discard pile becomes the new draw pile
                s.loc_disc &= ~mask
            if free_normal_slot(s) < 0 or s.loc_draw & mask == 0:
                s.revealed_slot = EMPTY
                pop(s)
                continue
            s.phase = P_CHANCE
            return
        elif op == OP_REVEAL_CHOICE:
            if free_normal_slot(s) >= 0 and (wild_available(s) or hunt_available(s)):
                s.phase = P_OP
                return
            s.revealed_slot = EMPTY
            pop(s)
        elif op == OP_PLACE:
            if place_options(s, NULL):
                s.phase = P_OP
                return
            pop(s)
        elif op == OP_DRAW:
            if a == 255:
                s.queue[0][1] = p
            n = 0
            for o in range(NOBJ):
                n += s.obj_draw[o]
            if n == 0:
                for o in range(NOBJ):
                    s.obj_draw[o] = s.obj_disc_open[o] + s.obj_disc_hidden[0][o] + s.obj_disc_hidden[1][o]
                    n += s.obj_draw[o]
                    s.obj_disc_open[o] = 0
                    s.obj_disc_hidden[0][o] = 0
                    s.obj_disc_hidden[1][o] = 0
            if n == 0:
                pop(s)
                continue
            s.phase = P_CHANCE
            return
        elif op == OP_CAMP:
            pop(s)
            if s.camp[p] > 0:
                s.camp[p] -= 1
                s.tribe[p] += 1
        elif op == OP_TAKE_HUNGER:
            pop(s)
            if not (a == 1 and s.hunger[p] == 0):
                take_hunger(s, p)
        elif op == OP_RETURN_HUNGER:
            pop(s)
            return_hunger(s, p, a)
        elif op == OP_TAKE_CHAR:
            if a > 0 and display_size(s) > 0:
                s.phase = P_OP
                return
            pop(s)
        elif op == OP_PUTROW:
            n = 0
            r = shortest_row(s)
            for o in range(3):
                if s.row_len[o] == s.row_len[r]:
                    n += 1
            if n > 1:
                s.phase = P_OP
                return
            s.rows[r][s.row_len[r]] = a
            s.row_len[r] += 1
            pop(s)
        elif op == OP_KEEP:
            if objects_held(s, p) > 1:
                s.phase = P_OP
                return
            pop(s)
        elif op == OP_SUNSET_TAKE:
            if a < (6 if s.variant == 0 else 7) and display_size(s) > 0:
                s.phase = P_OP
                return
            pop(s)
        elif op == OP_REFILL:
            pop(s)
            if not wild_slots(s):
                push_front(s, OP_REVEAL_WILD, 0, 0)   # no wilderness face up at the end of the turn: reveal one
        elif op == OP_FINISH:
            pop(s)
            finish_turn(s)
        elif op == OP_SETUP_SPECIAL or op == OP_SETUP_HOLY:
            s.phase = P_CHANCE
            return
        elif op == OP_BACK:
            pop(s)
            s.phase = P_TURN if a == 1 else P_TAKEBACK
        elif op == OP_POINT:
            pop(s)
            gain(s, p, a)
        elif op == OP_BONUS:
            s.phase = P_OP
            return
        elif op == OP_SUNSET_HUNGER:
            pop(s)
            for r in range(a):
                take_hunger(s, p)
        else:
            pop(s)


# ---- the C contract ----
cdef int current_player(const void* v) noexcept nogil:
    cdef const JState* s = <const JState*>v
    if s.terminal:
        return TERMINAL
    if s.phase == P_CHANCE:
        return CHANCE
    return s.to_move


cdef inline bint affordable(const JState* s, int o) noexcept nogil:
    cdef int m
    for m in range(6):
        if s.pool[m] < OBJ_COST[o][m]:
            return False
    return True


cdef int shortage_candidates(const JState* s, int* out) noexcept nogil:
    """Locations a consumption-stone shortage may discard: the member-free ones with the most stones, else
    (no member-free location with stones) any location with stones."""
    cdef int slot, n = 0, best = 0, c
    cdef uint64_t face = face_up_slots(s) & NORMAL_SLOTS, bits
    cdef uint64_t unmanned = face & jus_men_below48(&s.loc_men[0][0], 1)
    bits = unmanned
    while bits:
        c = BITS8[s.loc_cover[jus_ctz64(bits)]]
        if c > best:
            best = c
        bits &= bits - 1
    bits = unmanned if best > 0 else face
    while bits:
        slot = jus_ctz64(bits)
        if (BITS8[s.loc_cover[slot]] == best) if best > 0 else (s.loc_cover[slot] != 0):
            out[n] = A_SHORT + slot
            n += 1
        bits &= bits - 1
    return n


cdef int legal_actions(const void* v, int* out) noexcept nogil:
    cdef const JState* s = <const JState*>v
    cdef int p = s.to_move, n = 0, o, m, r, op, card, k, mats
    cdef uint64_t bits
    if s.terminal or s.phase == P_CHANCE:
        return 0
    if s.phase == P_TURN or s.phase == P_TAKEBACK:
        if s.phase == P_TURN:
            bits = jus_nonzero16(s.hand[p]) & ((1 << NCHAR) - 1)   # hand[p] is followed by more of the state
            while bits:
                out[n] = A_PLAY + jus_ctz64(bits)
                n += 1
                bits &= bits - 1
        bits = jus_above48(&s.loc_men[0][0], s.locked, p) & SLOTS
        while bits:
            out[n] = A_TAKEBACK + jus_ctz64(bits)
            n += 1
            bits &= bits - 1
        if s.phase == P_TURN:
            out[n] = A_SUNSET
            return n + 1
        out[n] = A_STOP
        n += 1
        bits = jus_nonzero16(s.obj_hand[p])
        while bits:
            o = jus_ctz64(bits)
            if affordable(s, o):
                out[n] = A_CREATE + o
                n += 1
            bits &= bits - 1
        return n
    if s.phase == P_COVER:
        card = s.loc_card[s.cur_slot]
        mats = 0                                   # the materials on the uncovered spaces, one bit each
        for k in range(LOC_N[card]):
            if not (s.loc_cover[s.cur_slot] >> k) & 1:
                mats |= 1 << LOC_SP[card][k]
        while mats:
            m = jus_ctz64(mats)
            out[n] = A_COVER + m
            n += 1
            mats &= mats - 1
        return n
    if s.phase == P_SHORTAGE:
        return shortage_candidates(s, out)
    op = s.queue[0][0]
    if op == OP_PLACE:
        out[0] = A_STOP
        return 1 + place_options(s, out + 1)
    if op == OP_REVEAL_CHOICE:
        if wild_available(s):
            out[n] = A_REVEAL_W
            n += 1
        if hunt_available(s):
            out[n] = A_REVEAL_H
            n += 1
        return n
    if op == OP_TAKE_CHAR or op == OP_SUNSET_TAKE:
        if op == OP_SUNSET_TAKE and s.variant > 0 and s.queue[0][1] >= 5:
            out[n] = A_STOP
            n += 1
        for r in range(3):
            if s.row_len[r] > 0:
                out[n] = A_ROW + r
                n += 1
        return n
    if op == OP_PUTROW:
        m = s.row_len[shortest_row(s)]
        for r in range(3):
            if s.row_len[r] == m:
                out[n] = A_PUTROW + r
                n += 1
        return n
    if op == OP_KEEP:
        for o in range(NOBJ):
            if s.obj_hand[p][o] > 0:
                out[n] = A_KEEP + o
                n += 1
        return n
    if op == OP_BONUS:
        if created_total(s, p) >= 2:
            out[n] = A_BONUS_TAKE
            n += 1
        out[n] = A_BONUS_DECLINE
        return n + 1
    return 0


cdef int chance_outcomes(const void* v, int* out, double* probs) noexcept nogil:
    cdef const JState* s = <const JState*>v
    cdef int op, n = 0, c, lo, hi, o, t, r, k, total = 0, f
    cdef int counts[NCHAR]
    if s.terminal or s.phase != P_CHANCE:
        return 0
    op = s.queue[0][0]
    if op == OP_REVEAL_WILD or op == OP_REVEAL_HUNT:
        lo = 0 if op == OP_REVEAL_WILD else NWILD
        for c in range(lo, lo + NWILD):
            if (s.loc_draw >> c) & 1:
                out[n] = C_LOC + c
                n += 1
        for k in range(n):
            probs[k] = 1.0 / n
        return n
    if op == OP_DRAW:
        return outcomes_from_counts(s.obj_draw, NOBJ, C_OBJ, out, probs)
    if op == OP_SETUP_SPECIAL:
        for t in range(NCHAR):
            counts[t] = CH_SPECIAL[t]
        for r in range(3):
            for k in range(s.row_len[r]):
                counts[s.rows[r][k]] -= 1
        for t in range(NCHAR):
            total += counts[t]
        for t in range(NCHAR):
            if counts[t] > 0:
                out[n] = C_SPECIAL + t
                probs[n] = <double>counts[t] / total
                n += 1
        return n
    if op == OP_SETUP_HOLY:
        if s.holy_mode == 1:
            out[0] = C_HOLY + s.queue[0][1]      # Ice Cavern, Mud Springs, Mammoth Graveyard (faces 0, 1, 2)
            probs[0] = 1.0
            return 1
        for f in range(NFACE):
            for k in range(NHOLY):
                if s.loc_card[NNORM + k] != EMPTY and FACE_CARD[s.loc_card[NNORM + k]] == FACE_CARD[f]:
                    break
            else:
                out[n] = C_HOLY + f
                n += 1
        for k in range(n):
            probs[k] = 1.0 / n
        return n
    return 0


cdef int sample_chance(const void* v, Rng* rng) noexcept nogil:
    cdef int out[64]
    cdef double probs[64]
    cdef int n = chance_outcomes(v, out, probs), k
    cdef double u
    if n == 0:
        return -1
    u = (rng_below(rng, 1 << 30)) / <double>(1 << 30)
    for k in range(n - 1):
        u -= probs[k]
        if u < 0:
            return out[k]
    return out[n - 1]


cdef void apply_chance(JState* s, int a) noexcept nogil:
    cdef int op = s.queue[0][0], slot, card, k, r
    if op == OP_REVEAL_WILD or op == OP_REVEAL_HUNT:
        card = a - C_LOC
        slot = free_normal_slot(s)
        s.loc_draw &= ~((<uint64_t>1) << card)
        s.loc_card[slot] = card
        s.loc_cover[slot] = 0
        s.loc_men[slot][0] = 0
        s.loc_men[slot][1] = 0
        s.locked[slot] = 0
        if s.variant == 2:
            for k in range(LOC_N[card]):
                if (LOC_MARK[card] >> k) & 1 and free_stones(s) > 0:
                    s.loc_cover[slot] |= 1 << k
        s.revealed_slot = slot
    elif op == OP_DRAW:
        s.obj_draw[a - C_OBJ] -= 1
        s.obj_hand[s.queue[0][1]][a - C_OBJ] += 1
    elif op == OP_SETUP_SPECIAL:
        r = s.queue[0][1]
        s.rows[r][s.row_len[r]] = a - C_SPECIAL
        s.row_len[r] += 1
    elif op == OP_SETUP_HOLY:
        s.loc_card[NNORM + s.queue[0][1]] = a - C_HOLY
    pop(s)


cdef void collect(JState* s, int p, int m) noexcept nogil:
    """A raw material is used at once ("uses them immediately"): each meat discards a hunger tile, each second
    hide of the turn brings a member from the reserve to the camp; the others stay in the turn's pool for
    objects. (Meat and hides are counted in the pool too, only to pair the hides.)"""
    s.pool[m] += 1
    if m == 0:
        return_hunger(s, p, 1)
    elif m == 1 and s.pool[1] % 2 == 0 and s.reserve[p] > 0:
        s.reserve[p] -= 1
        s.camp[p] += 1


cdef void first_take_back(JState* s, int p) noexcept nogil:
    cdef int h
    if s.took_back:
        return
    s.took_back = 1
    for h in range(NNORM, NSLOT):
        if holy_active(s, h, p, HT_TAKEBACK):
            collect(s, p, FACE_MAT[s.loc_card[h]])


cdef void start_take_back(JState* s, int slot) noexcept nogil:
    cdef int p = s.to_move
    if slot >= NNORM:
        # a Holy Place has no spaces: the member simply goes home
        s.loc_men[slot][p] -= 1
        s.tribe[p] += 1
        first_take_back(s, p)
        s.phase = P_TAKEBACK
        return
    first_take_back(s, p)
    s.cur_slot = slot
    s.phase = P_SHORTAGE if free_stones(s) == 0 else P_COVER


cdef void play_character(JState* s, int t) noexcept nogil:
    cdef int p = s.to_move, k, h
    s.hand[p][t] -= 1
    s.revealed_slot = EMPTY
    for h in range(NNORM, NSLOT):
        if holy_active(s, h, p, HT_PLAY):
            return_hunger(s, p, 1)
    for k in range(CH_NOPS[t]):
        push(s, CH_OPS[t][k][0], CH_OPS[t][k][1], CH_OPS[t][k][2])
    push(s, OP_PUTROW, t, 0)
    push(s, OP_REFILL, 0, 0)
    push(s, OP_FINISH, 0, 0)


cdef void sunset(JState* s) noexcept nogil:
    """Queued, in the rulebook's order: the points (a bonus space may wait for a decision), then the new
    hunger tiles (after the points: the 23 cap counts the tiles held before), Holy Places, keep, characters.
    Reaching the target stops the queue (run)."""
    cdef int p = s.to_move, members = members_out(s, p), h, d, hunger_new
    d = members - s.hunger[p] - hand_total(s, p)
    if d > 0:
        push(s, OP_POINT, d, 0)
    else:
        gain(s, p, d)                              # a loss passes no bonus space
    hunger_new = members
    for h in range(NNORM, NSLOT):
        if holy_active(s, h, p, HT_SUNSET) and FACE_EFF[s.loc_card[h]] == HE_LESS and hunger_new > 0:
            hunger_new -= 1
    push(s, OP_SUNSET_HUNGER, hunger_new, 0)
    for h in range(NNORM, NSLOT):
        if holy_active(s, h, p, HT_SUNSET):
            if FACE_EFF[s.loc_card[h]] == HE_POINT:
                push(s, OP_POINT, 1, 0)
            elif FACE_EFF[s.loc_card[h]] == HE_DRAW:
                push(s, OP_DRAW, p, 0)
    if s.variant > 0:
        push(s, OP_KEEP, 0, 0)
    push(s, OP_SUNSET_TAKE, 0, 0)
    push(s, OP_REFILL, 0, 0)
    push(s, OP_FINISH, 0, 0)


cdef void create_object(JState* s, int o) noexcept nogil:
    cdef int p = s.to_move, m, k, h, e
    s.obj_hand[p][o] -= 1
    s.obj_created[p][o] += 1
    for m in range(6):
        s.pool[m] -= OBJ_COST[o][m]
    push(s, OP_POINT, OBJ_VP[o], 0)
    for k in range(OBJ_NEFF[o]):
        e = OBJ_EFF[o][k]
        if e == OE_PLACE:
            push(s, OP_PLACE, 1, F_OBJECT)
        elif e == OE_DRAW:
            push(s, OP_DRAW, p, 0)
        elif e == OE_TAKE:
            push(s, OP_TAKE_HUNGER, 0, 0)
        else:
            push(s, OP_RETURN_HUNGER, 1, 0)
    for h in range(NNORM, NSLOT):
        if holy_active(s, h, p, HT_CREATE):
            if FACE_EFF[s.loc_card[h]] == HE_POINT:
                push(s, OP_POINT, 1, 0)
            elif FACE_EFF[s.loc_card[h]] == HE_DRAW:
                push(s, OP_DRAW, p, 0)
    push(s, OP_BACK, 0, 0)


cdef void stop_take_back(JState* s) noexcept nogil:
    cdef int m
    for m in range(NMAT):
        s.pool[m] = 0
    push(s, OP_REFILL, 0, 0)
    push(s, OP_FINISH, 0, 0)


cdef void cover(JState* s, int m) noexcept nogil:
    cdef int p = s.to_move, slot = s.cur_slot, card = s.loc_card[slot], k
    for k in range(LOC_N[card]):
        if LOC_SP[card][k] == m and not (s.loc_cover[slot] >> k) & 1:
            s.loc_cover[slot] |= 1 << k
            break
    s.loc_men[slot][p] -= 1
    s.tribe[p] += 1
    if s.loc_cover[slot] == full_mask(card):
        discard_location(s, slot)
    s.cur_slot = EMPTY
    s.phase = P_TAKEBACK
    if m == NMAT - 1:
        gain(s, p, 1)                              # a sabre-tooth point space
        if s.qlen:                                 # it reached a bonus space: decide, then back to taking back
            push(s, OP_BACK, 0, 0)
    else:
        collect(s, p, m)


cdef void place(JState* s, int a) noexcept nogil:
    cdef int p = s.to_move, q = 1 - s.to_move, slot, n, filt = s.queue[0][2]
    if a < A_HOLY:
        slot = a - A_PLACE
        n = 1
    else:
        slot = NNORM + (a - A_HOLY) // 5
        n = (a - A_HOLY) % 5 + 1
        if s.loc_men[slot][q] > 0:                 # more members than the other player: drive them off
            s.tribe[q] += s.loc_men[slot][q]
            s.loc_men[slot][q] = 0
    s.loc_men[slot][p] += n
    s.tribe[p] -= n
    if filt == F_OBJECT:
        s.locked[slot] += n
    s.queue[0][1] -= n
    if s.queue[0][1] == 0:
        pop(s)


cdef void take_from_row(JState* s, int r) noexcept nogil:
    cdef int p = s.to_move
    s.row_len[r] -= 1
    s.hand[p][s.rows[r][s.row_len[r]]] += 1
    s.rows[r][s.row_len[r]] = 0


cdef void apply_action(void* v, int a) noexcept nogil:
    cdef JState* s = <JState*>v
    cdef int p = s.to_move, op, o, t
    if s.phase == P_CHANCE:
        apply_chance(s, a)
    elif s.phase == P_TURN or s.phase == P_TAKEBACK:
        if a < A_TAKEBACK:
            play_character(s, a - A_PLAY)
        elif a < A_SUNSET:
            start_take_back(s, a - A_TAKEBACK)
        elif a == A_SUNSET:
            sunset(s)
        elif a == A_STOP:
            stop_take_back(s)
        else:
            create_object(s, a - A_CREATE)
    elif s.phase == P_COVER:
        cover(s, a - A_COVER)
    elif s.phase == P_SHORTAGE:
        discard_location(s, a - A_SHORT)
        if s.loc_card[s.cur_slot] == EMPTY:
            s.cur_slot = EMPTY
            s.phase = P_TAKEBACK                   # the member went home with the discarded location
        else:
            s.phase = P_COVER
    else:
        op = s.queue[0][0]
        if op == OP_PLACE:
            if a == A_STOP:
                pop(s)
            else:
                place(s, a)
        elif op == OP_REVEAL_CHOICE:
            s.queue[0][0] = OP_REVEAL_WILD if a == A_REVEAL_W else OP_REVEAL_HUNT
        elif op == OP_TAKE_CHAR:
            take_from_row(s, a - A_ROW)
            s.queue[0][1] -= 1
            if s.queue[0][1] == 0:
                pop(s)
        elif op == OP_SUNSET_TAKE:
            if a == A_STOP:
                pop(s)
            else:
                take_from_row(s, a - A_ROW)
                s.queue[0][1] += 1
        elif op == OP_PUTROW:
            t = s.queue[0][1]
            s.rows[a - A_PUTROW][s.row_len[a - A_PUTROW]] = t
            s.row_len[a - A_PUTROW] += 1
            pop(s)
        elif op == OP_KEEP:
            for o in range(NOBJ):
                s.obj_disc_hidden[p][o] += s.obj_hand[p][o] - (1 if o == a - A_KEEP else 0)
                s.obj_hand[p][o] = 1 if o == a - A_KEEP else 0
            pop(s)
        elif op == OP_BONUS:
            t = s.queue[0][1]
            pop(s)
            if a == A_BONUS_TAKE:
                discard_created(s, p, 2)           # the 2 lowest types: created objects serve nothing else
                t += 1
            gain(s, p, t)
    run(s)


cdef void returns(const void* v, double* out) noexcept nogil:
    cdef const JState* s = <const JState*>v
    if not s.terminal:
        out[0] = 0.5
        out[1] = 0.5
    elif s.winner == 2:
        out[0] = 0.5
        out[1] = 0.5
    else:
        out[s.winner] = 1.0
        out[1 - s.winner] = 0.0


cdef void scores(const void* v, double* out) noexcept nogil:
    cdef const JState* s = <const JState*>v
    out[0] = s.points[0]
    out[1] = s.points[1]


# The cut-off heuristic. Variant 0 is the hand-set one: sigmoid((value_of(0) - value_of(1)) / 3), value_of a
# weighted sum of each player's points, members out, camp, hunger tiles, objects held and created and characters in
# hand. Variant 1, the default, is a learned evaluation of the same form over the features of evaluation_features()
# below (variant 0's seven, whose turn it is, and points times the leader's progress to the target), with the
# weights of data/jaeger_und_spaeher/evaluation.json, fitted by benchmarks/fit_evaluation.py on the positions of
# arena games (a conditional logit, which for 2 players is sigmoid(weights . (features_0 - features_1)); variant 0
# is the special case weights = (1, 0.7, 0.3, -0.8, 0.4, 0.3, 0.15, 0, 0) / 3 without its clamp at +-30, which
# 24 points never reach). The search's heuristic_variant setting chooses
# (docs/research/2026-12-02-jaeger-und-spaeher-why-16000-iterations-gained-nothing.md).
cdef enum:
    HEURISTIC_VARIANTS = 2          # heuristic(s, out, variant) reads variant 0 or 1
    DEFAULT_HEURISTIC_VARIANT = 1



cdef void evaluation_features_of(const JState* s, int p, double* f) noexcept nogil:
    """Player p's features for the evaluation (EVALUATION_FEATURES names them, in this order)."""
    cdef int leader = s.points[0] if s.points[0] > s.points[1] else s.points[1]
    f[0] = s.points[p]
    f[1] = members_out(s, p)
    f[2] = s.camp[p]
    f[3] = s.hunger[p]
    f[4] = objects_held(s, p)
    f[5] = created_total(s, p)
    f[6] = hand_total(s, p)
    f[7] = 1.0 if p == s.to_move else 0.0
    f[8] = s.points[p] * leader / <double>TARGET


cdef double value_of(const JState* s, int p) noexcept nogil:
    return (s.points[p] + 0.7 * members_out(s, p) + 0.3 * s.camp[p] - 0.8 * s.hunger[p]
            + 0.4 * objects_held(s, p) + 0.3 * created_total(s, p) + 0.15 * hand_total(s, p))


cdef void heuristic(const void* v, double* out, int variant) noexcept nogil:
    cdef const JState* s = <const JState*>v
    cdef double d = 0
    cdef double f0[NUM_EVALUATION_FEATURES]
    cdef double f1[NUM_EVALUATION_FEATURES]
    cdef int k
    if s.terminal:
        returns(v, out)
        return
    if variant == 1:
        evaluation_features_of(s, 0, f0)
        evaluation_features_of(s, 1, f1)
        for k in range(NUM_EVALUATION_FEATURES):
            d += EVALUATION_WEIGHTS[k] * (f0[k] - f1[k])
    else:
        d = (value_of(s, 0) - value_of(s, 1)) / 3.0
    if d > 30:
        d = 30
    if d < -30:
        d = -30
    out[0] = 1.0 / (1.0 + exp(-d))
    out[1] = 1.0 - out[0]


cdef void determinize(void* v, int observer, Rng* rng) noexcept nogil:
    """Deals the objects the observer cannot see (the pile, the other player's face-down objects and the
    other player's face-down discards) again from their pool, in canonical type order, keeping every count."""
    cdef JState* s = <JState*>v
    cdef int q = 1 - observer, o, k, n = 0, nh = 0, nx = 0
    cdef int items[40]
    for o in range(NOBJ):
        nh += s.obj_hand[q][o]
        nx += s.obj_disc_hidden[q][o]
        for k in range(s.obj_draw[o] + s.obj_hand[q][o] + s.obj_disc_hidden[q][o]):
            items[n] = o
            n += 1
        s.obj_draw[o] = 0
        s.obj_hand[q][o] = 0
        s.obj_disc_hidden[q][o] = 0
    shuffle_ints(items, n, rng)
    for k in range(n):
        if k < nh:
            s.obj_hand[q][items[k]] += 1
        elif k < nh + nx:
            s.obj_disc_hidden[q][items[k]] += 1
        else:
            s.obj_draw[items[k]] += 1


cdef uint64_t infoset_hash(const void* v, int player) noexcept nogil:
    cdef JState t
    cdef int q = 1 - player, o, nh = 0, nx = 0, nd = 0, i
    cdef uint64_t h = 1469598103934665603ULL
    cdef const uint8_t* b
    memcpy(&t, v, sizeof(JState))
    for o in range(NOBJ):
        nh += t.obj_hand[q][o]
        nx += t.obj_disc_hidden[q][o]
        nd += t.obj_draw[o]
        t.obj_hand[q][o] = 0
        t.obj_disc_hidden[q][o] = 0
        t.obj_draw[o] = 0
    t.pad[0] = nh
    t.pad[1] = nx
    t.pad[2] = nd
    b = <const uint8_t*>&t
    h = (h ^ <uint64_t>(player + 1)) * 1099511628211ULL
    for i in range(sizeof(JState)):
        h = (h ^ b[i]) * 1099511628211ULL
    return h


cdef int observed_action(const void* v, int a, int player) noexcept nogil:
    cdef const JState* s = <const JState*>v
    if s.terminal or s.qlen == 0:
        return a
    if s.phase == P_CHANCE and s.queue[0][0] == OP_DRAW and s.queue[0][1] != player and C_OBJ <= a < C_OBJ + NOBJ:
        return C_OBJ_HIDDEN
    if s.phase == P_OP and s.queue[0][0] == OP_KEEP and s.to_move != player and A_KEEP <= a < A_KEEP + NOBJ:
        return A_KEEP_HIDDEN
    return a


# ---- legal states ----
cdef inline int char_copies(int t) noexcept nogil:
    """Character cards of type t in the game: 2 of each normal type (one per player), plus the specials."""
    return (2 if t <= T_SHAMAN else 0) + CH_SPECIAL[t]


cdef int check_options(const JState* s, char* msg, size_t size) noexcept nogil:
    """The options, whose turn, the phase, the end and its flags, the turn counter, and the padding bytes."""
    cdef size_t i
    if s.variant >= NUM_VARIANTS:
        snprintf(msg, size, "variant: %d, expected 0..%d", <int>s.variant, NUM_VARIANTS - 1)
        return 1
    if s.holy_mode >= NUM_HOLY_MODES:
        snprintf(msg, size, "holy_places: %d, expected 0..%d", <int>s.holy_mode, NUM_HOLY_MODES - 1)
        return 1
    if s.turn_limit < MIN_TURN_LIMIT or s.turn_limit > MAX_TURN_LIMIT:
        snprintf(msg, size, "turn_limit: %d, expected %d..%d", <int>s.turn_limit, MIN_TURN_LIMIT, MAX_TURN_LIMIT)
        return 1
    if s.to_move > 1:
        snprintf(msg, size, "to_move: %d, expected 0 or 1", <int>s.to_move)
        return 1
    if s.phase > P_CHANCE:
        snprintf(msg, size, "phase: %d, expected 0..%d", <int>s.phase, <int>P_CHANCE)
        return 1
    if s.terminal > 1 or s.final_turn > 1 or s.took_back > 1:
        snprintf(msg, size, "terminal, final_turn, took_back: flags must be 0 or 1")
        return 1
    if s.winner > (2 if s.terminal else 0):
        snprintf(msg, size, "winner: %d, expected 0..2 at the end and 0 before", <int>s.winner)
        return 1
    if s.stop_turn:
        snprintf(msg, size, "stop_turn: set only while an action is carried out")
        return 1
    if s.turn > s.turn_limit or (s.turn == s.turn_limit and not s.terminal):
        snprintf(msg, size, "turn: %d, the turn limit is %d", <int>s.turn, <int>s.turn_limit)
        return 1
    if s.final_turn and s.points[0] < TARGET:
        snprintf(msg, size, "final_turn: player 0 has %d points, the last turn needs %d", <int>s.points[0], <int>TARGET)
        return 1
    # pad and the compiler's alignment bytes before loc_draw: read by nothing, but hashed (infoset_hash)
    for i in range(<size_t>(<const char*>&s.pad[0] - <const char*>s), <size_t>(<const char*>&s.loc_draw - <const char*>s)):
        if (<const uint8_t*>s)[i]:
            snprintf(msg, size, "pad: unused bytes must be 0")
            return 1
    return 0


cdef int check_players(const JState* s, char* msg, size_t size) noexcept nogil:
    """Points, bonus spaces passed and hunger tiles."""
    cdef int p
    for p in range(2):
        if s.points[p] > TARGET + 1:
            snprintf(msg, size, "players[%d].points: %d, at most %d", p, <int>s.points[p], <int>TARGET + 1)
            return 1
        if s.bonus_done[p] >= 1 << BONUS_SPACES:
            snprintf(msg, size, "players[%d].bonus_spaces_passed: bits %d, expected %d bits", p, <int>s.bonus_done[p],
                     BONUS_SPACES)
            return 1
    if s.hunger[0] + s.hunger[1] > HUNGER_TILES:
        snprintf(msg, size, "players: %d hunger tiles, %d exist", s.hunger[0] + s.hunger[1], <int>HUNGER_TILES)
        return 1
    return 0


cdef int check_slot(const JState* s, int slot, int* holy_card, char* msg, size_t size) noexcept nogil:
    """One location or Holy Place slot: its card, the stones covering it, the members on it and their locks.
    holy_card[] collects the cards of the Holy Places checked so far (both sides of one card cannot be out)."""
    cdef int c = s.loc_card[slot], k
    if slot < NNORM:
        if c >= NLOC:
            snprintf(msg, size, "locations[slot %d].card: %d, expected 0..%d", slot, c, NLOC - 1)
            return 1
        if s.loc_cover[slot] > full_mask(c) or s.loc_cover[slot] == full_mask(c):
            snprintf(msg, size, "locations[slot %d].covered: stones 0x%x on %d spaces (a full card is discarded)",
                     slot, <int>s.loc_cover[slot], LOC_N[c])
            return 1
        if s.loc_men[slot][0] + s.loc_men[slot][1] > MAX_LOCATION_MEMBERS:
            snprintf(msg, size, "locations[slot %d].members: %d, at most %d", slot,
                     s.loc_men[slot][0] + s.loc_men[slot][1], MAX_LOCATION_MEMBERS)
            return 1
    else:
        if c >= NFACE:
            snprintf(msg, size, "holy_places[slot %d].place: %d, expected 0..%d", slot - NNORM, c, NFACE - 1)
            return 1
        holy_card[slot - NNORM] = FACE_CARD[c]
        for k in range(NNORM, slot):
            if s.loc_card[k] != EMPTY and holy_card[k - NNORM] == FACE_CARD[c]:
                snprintf(msg, size, "holy_places[slot %d].place: both sides of one card are out", slot - NNORM)
                return 1
        if s.loc_cover[slot]:
            snprintf(msg, size, "holy_places[slot %d]: a Holy Place has no spaces to cover", slot - NNORM)
            return 1
        if s.loc_men[slot][0] and s.loc_men[slot][1]:
            snprintf(msg, size, "holy_places[slot %d].members: members of both players", slot - NNORM)
            return 1
    if s.locked[slot] > s.loc_men[slot][s.to_move]:
        snprintf(msg, size, "locations[slot %d].locked: %d, but the player to move has %d there", slot,
                 <int>s.locked[slot], <int>s.loc_men[slot][s.to_move])
        return 1
    return 0


cdef int covered_spaces(const JState* s) noexcept nogil:
    """The consumption stones on the face-up locations (check_slots() has bounded every slot it reads)."""
    cdef int slot, covered = 0
    for slot in range(NNORM):
        if s.loc_card[slot] != EMPTY:
            covered += BITS8[s.loc_cover[slot]]
    return covered


cdef int check_slots(const JState* s, char* msg, size_t size) noexcept nogil:
    """The location and Holy Place slots, the stones on them, and every location card in one place."""
    cdef int slot, c, covered
    cdef int holy_card[NHOLY]
    cdef uint64_t face_up = 0, all_locs = ((<uint64_t>1) << NLOC) - 1
    for slot in range(NSLOT):
        c = s.loc_card[slot]
        if c == EMPTY:
            if s.loc_cover[slot] or s.loc_men[slot][0] or s.loc_men[slot][1] or s.locked[slot]:
                snprintf(msg, size, "locations[slot %d]: an empty slot with stones, members or locks", slot)
                return 1
            continue
        if slot < NNORM and c < NLOC:
            if (face_up >> c) & 1:
                snprintf(msg, size, "locations[slot %d].card: %s is face up twice", slot, LOC_NAME_C[c])
                return 1
            face_up |= (<uint64_t>1) << c
        if check_slot(s, slot, holy_card, msg, size):
            return 1
    covered = covered_spaces(s)
    if covered > STONES:
        snprintf(msg, size, "locations.covered: %d consumption stones, %d exist", covered, <int>STONES)
        return 1
    if (s.loc_draw | s.loc_disc) & ~all_locs or s.loc_draw & s.loc_disc or (s.loc_draw | s.loc_disc) & face_up \
            or (s.loc_draw | s.loc_disc | face_up) != all_locs:
        snprintf(msg, size, "location_discards: each of the %d location cards must be in exactly one place", <int>NLOC)
        return 1
    return 0


cdef int check_members_and_objects(const JState* s, char* msg, size_t size) noexcept nogil:
    """Every tribe member and every object copy in exactly one place."""
    cdef int p, slot, o, n
    cdef int members[2]
    for p in range(2):
        members[p] = s.tribe[p] + s.camp[p] + s.reserve[p]
        for slot in range(NSLOT):
            members[p] += s.loc_men[slot][p]
        if members[p] != MEMBERS:
            snprintf(msg, size, "players[%d]: %d tribe members in all, expected %d", p, members[p], <int>MEMBERS)
            return 1
    for o in range(NOBJ):
        n = (s.obj_draw[o] + s.obj_disc_open[o] + s.obj_hand[0][o] + s.obj_hand[1][o] + s.obj_created[0][o]
             + s.obj_created[1][o] + s.obj_disc_hidden[0][o] + s.obj_disc_hidden[1][o])
        if n != OBJ_COPIES[o]:
            snprintf(msg, size, "objects: %d %s in all places, %d exist", n, OBJ_NAME_C[o], OBJ_COPIES[o])
            return 1
    return 0


cdef int check_queue(const JState* s, char* msg, size_t size) noexcept nogil:
    """The pending instructions: each a known operation with arguments in range (read before the cards: a queued
    put_in_row holds a played card)."""
    cdef int k, op, a, b, holy_setups = 0
    if s.qlen > QMAX:
        snprintf(msg, size, "queue: %d entries, at most %d", <int>s.qlen, <int>QMAX)
        return 1
    for k in range(QMAX):
        op = s.queue[k][0]
        a = s.queue[k][1]
        b = s.queue[k][2]
        if k >= s.qlen:
            if op or a or b:
                snprintf(msg, size, "queue[%d]: entries past the end must be 0", k)
                return 1
            continue
        if op < OP_REVEAL_WILD or op >= NOPS:
            snprintf(msg, size, "queue[%d]: operation %d, expected 1..%d", k, op, <int>NOPS - 1)
            return 1
        if op == OP_BONUS and (k > 0 or created_total(s, s.to_move) < 2):
            snprintf(msg, size, "queue[%d]: a bonus-space decision comes first and needs 2 created objects", k)
            return 1
        if op == OP_SUNSET_HUNGER and a > MEMBERS:
            snprintf(msg, size, "queue[%d]: sunset_hunger of %d tiles, at most %d members score", k, a, <int>MEMBERS)
            return 1
        if (op == OP_PLACE and b > F_OBJECT) or (op == OP_DRAW and a > 1 and a != 255) \
                or (op == OP_PUTROW and a >= NCHAR) or (op == OP_SETUP_SPECIAL and a >= NROWS) \
                or (op == OP_SETUP_HOLY and (a >= NHOLY or s.loc_card[NNORM + a] != EMPTY)):
            snprintf(msg, size, "queue[%d]: %s with %d, %d is out of range", k, OP_NAME_C[op], a, b)
            return 1
        if op == OP_SETUP_HOLY:
            if (holy_setups >> a) & 1:
                snprintf(msg, size, "queue[%d]: holy place slot %d is laid out twice", k, a)
                return 1
            holy_setups |= 1 << a
    return 0


cdef int queued_cards(const JState* s, int* chars) noexcept nogil:
    """Adds the played cards the queue puts in a row to chars[] and returns the specials it lays out at the
    setup (check_queue() has bounded every entry)."""
    cdef int k, setups = 0
    for k in range(s.qlen):
        if s.queue[k][0] == OP_PUTROW:
            chars[s.queue[k][1]] += 1
        elif s.queue[k][0] == OP_SETUP_SPECIAL:
            setups += 1
    return setups


cdef int check_characters(const JState* s, char* msg, size_t size) noexcept nogil:
    """The character cards: hands, the display, a played card on its way to the display, specials to lay out."""
    cdef int r, k, t, setups, total
    cdef int chars[NCHAR]
    cdef int row_count[NCHAR]
    for t in range(NCHAR):
        chars[t] = 0
        row_count[t] = 0
    setups = queued_cards(s, chars)
    for r in range(NROWS):
        if s.row_len[r] > ROWMAX:
            snprintf(msg, size, "display[%d]: %d cards, at most %d", r, <int>s.row_len[r], <int>ROWMAX)
            return 1
        for k in range(ROWMAX):
            t = s.rows[r][k]
            if k >= s.row_len[r]:
                if t:
                    snprintf(msg, size, "display[%d]: entries past the end must be 0", r)
                    return 1
            elif t >= NCHAR:
                snprintf(msg, size, "display[%d][%d]: character %d, expected 0..%d", r, k, t, NCHAR - 1)
                return 1
            else:
                chars[t] += 1
                row_count[t] += 1
    for t in range(NCHAR):
        chars[t] += s.hand[0][t] + s.hand[1][t]
        # The special types (most exist once) are held to their copies; the normal types only to the total
        # below, because the rule tests' hand-built positions put a third normal card of a type in the
        # display. (Both limits are closed under play: cards only move between hands, display and queue.)
        if t > T_SHAMAN and chars[t] > char_copies(t):
            snprintf(msg, size, "characters: %d %s cards, %d exist", chars[t], CHAR_NAME_C[t], char_copies(t))
            return 1
        if setups and row_count[t] > CH_SPECIAL[t]:
            snprintf(msg, size, "display: %d %s cards laid out at setup, %d specials exist", row_count[t],
                     CHAR_NAME_C[t], CH_SPECIAL[t])
            return 1
    total = setups
    for t in range(NCHAR):
        total += chars[t]
    # at most (not exactly) the cards in play: a position may leave cards out of the game
    if total > (CHARS_IN_PLAY_INTRO if s.variant == 0 else CHARS_IN_PLAY):
        snprintf(msg, size, "characters: %d cards in hands, the display and pending, at most %d are in play", total,
                 CHARS_IN_PLAY_INTRO if s.variant == 0 else CHARS_IN_PLAY)
        return 1
    if setups and s.variant == 0:
        snprintf(msg, size, "queue: the introductory game lays out no specials")
        return 1
    if setups and setups + display_size(s) > SETUP_SPECIALS:
        snprintf(msg, size, "queue: %d specials to lay out and %d laid out, the setup has %d", setups,
                 display_size(s), SETUP_SPECIALS)
        return 1
    return 0


cdef int check_queue_ends(const JState* s, char* msg, size_t size) noexcept nogil:
    """Every sequence of instructions is pushed onto an empty queue and ends the turn (finish) or returns to the
    turn (back): without that last entry the queue would run dry in the instruction phase."""
    cdef int k, op
    for k in range(s.qlen):
        op = s.queue[k][0]
        if (op == OP_FINISH or op == OP_BACK) != (k == s.qlen - 1):
            snprintf(msg, size, "queue[%d]: the queue must end with finish or back, and only there", k)
            return 1
    return 0


cdef int check_turn_in_progress(const JState* s, char* msg, size_t size) noexcept nogil:
    """The materials gathered this turn, the revealed slot, and the member being taken back."""
    cdef int m, k, still_out, covered = covered_spaces(s)
    for m in range(NMAT):
        if s.pool[m] > (0 if m == NMAT - 1 else MEMBERS + NHOLY):
            snprintf(msg, size, "gathered: %d %s, at most %d in one turn", <int>s.pool[m], MATERIAL_C[m],
                     0 if m == NMAT - 1 else MEMBERS + NHOLY)
            return 1
    # a material of the turn came from a member taken back (or a Holy Place), and the mover's members still on
    # locations, except those an object placed this turn (locked; at most the members there, checked above), can
    # each be taken back for one more
    still_out = 0
    for k in range(NNORM):
        still_out += s.loc_men[k][s.to_move] - s.locked[k]
    for m in range(NMAT - 1):
        if s.pool[m] + still_out > MEMBERS + NHOLY:
            snprintf(msg, size, "gathered: %d %s with %d members still on locations to take back, at most %d in one "
                     "turn", <int>s.pool[m], MATERIAL_C[m], still_out, MEMBERS + NHOLY)
            return 1
    # only compared with slots, never used as an index; it may name a slot emptied since the reveal
    if s.revealed_slot != EMPTY and s.revealed_slot >= NNORM:
        snprintf(msg, size, "revealed_slot: %d, expected a slot 0..%d", <int>s.revealed_slot, NNORM - 1)
        return 1
    if s.phase == P_COVER or s.phase == P_SHORTAGE:
        if s.cur_slot >= NNORM or s.loc_card[s.cur_slot] == EMPTY or s.loc_men[s.cur_slot][s.to_move] == 0:
            snprintf(msg, size, "current_slot: taking back needs a face-up location with a member of the player")
            return 1
        # the member being taken back is still counted there, and a member placed by an object is locked
        if s.locked[s.cur_slot] >= s.loc_men[s.cur_slot][s.to_move]:
            snprintf(msg, size, "locations[slot %d].locked: the member taken back must not be a locked one",
                     <int>s.cur_slot)
            return 1
        if (STONES - covered == 0) != (s.phase == P_SHORTAGE):
            snprintf(msg, size, "phase: %s with %d free consumption stones",
                     "shortage" if s.phase == P_SHORTAGE else "cover", STONES - covered)
            return 1
    elif s.cur_slot != EMPTY:
        snprintf(msg, size, "current_slot: set only while a member is taken back")
        return 1
    return 0


cdef int check_turn_start(const JState* s, char* msg, size_t size) noexcept nogil:
    """The gathered materials, the locks and took_back belong to a take-back turn: all clear before a turn
    starts, also when the queue leads back to the start of a turn (the setup's "back")."""
    cdef int m, slot, op = s.queue[s.qlen - 1][0] if s.qlen else 0
    if s.phase == P_TURN or (op == OP_BACK and s.queue[s.qlen - 1][1] == 1):
        for m in range(NMAT):
            if s.pool[m]:
                snprintf(msg, size, "gathered: nothing is gathered before a turn starts")
                return 1
        for slot in range(NSLOT):
            if s.locked[slot]:
                snprintf(msg, size, "locations[slot %d].locked: nothing is locked before a turn starts", slot)
                return 1
        if s.took_back:
            snprintf(msg, size, "took_back: set before a turn starts")
            return 1
    return 0


cdef int check_pending_step(const JState* s, char* msg, size_t size) noexcept nogil:
    """What the phase waits for can happen: a decision with a legal action, or a chance event with an outcome."""
    cdef int op
    cdef int buf[NUM_ACTIONS]
    cdef double probs[NUM_ACTIONS]
    if s.phase <= P_SHORTAGE:
        if s.qlen:
            snprintf(msg, size, "queue: instructions pending in the %s phase", PHASE_C[s.phase])
            return 1
        if legal_actions(s, buf) == 0:
            snprintf(msg, size, "phase: no legal action in this position")
            return 1
        return 0
    if s.qlen == 0:
        snprintf(msg, size, "queue: the %s phase needs a queued operation", PHASE_C[s.phase])
        return 1
    op = s.queue[0][0]
    if s.phase == P_OP:
        if op != OP_PLACE and op != OP_REVEAL_CHOICE and op != OP_TAKE_CHAR and op != OP_SUNSET_TAKE \
                and op != OP_PUTROW and op != OP_KEEP and op != OP_BONUS:
            snprintf(msg, size, "queue[0]: %s is not a decision", OP_NAME_C[op])
            return 1
        if legal_actions(s, buf) == 0:
            snprintf(msg, size, "phase: no legal action in this position")
            return 1
        return 0
    if op != OP_REVEAL_WILD and op != OP_REVEAL_HUNT and op != OP_DRAW and op != OP_SETUP_SPECIAL \
            and op != OP_SETUP_HOLY:
        snprintf(msg, size, "queue[0]: %s is not a chance event", OP_NAME_C[op])
        return 1
    if (op == OP_REVEAL_WILD or op == OP_REVEAL_HUNT) and free_normal_slot(s) < 0:
        snprintf(msg, size, "queue[0]: a location is revealed but no slot is free")
        return 1
    if op == OP_DRAW and s.queue[0][1] > 1:
        snprintf(msg, size, "queue[0]: an object is drawn for player %d", <int>s.queue[0][1])
        return 1
    if chance_outcomes(s, buf, probs) == 0:
        snprintf(msg, size, "queue: nothing can happen by chance here")
        return 1
    return 0


cdef int check(const void* p, char* msg, size_t size) noexcept nogil:
    """0 when `p` is a state the rules allow, otherwise 1 with "field: reason" in msg. Every value any rules
    function, determinize, the hashes, the observation or state_to_dict uses as an index is bounded here,
    and the rule invariants (members, cards, objects, stones, hunger tiles, phases and pending instructions)
    hold. The parts run in an order that never reads out of range, so any bytes can be checked; the first wrong
    field found is the one named."""
    cdef const JState* s = <const JState*>p
    if (check_options(s, msg, size) or check_players(s, msg, size) or check_slots(s, msg, size) or
            check_members_and_objects(s, msg, size) or check_queue(s, msg, size) or
            check_characters(s, msg, size) or check_queue_ends(s, msg, size) or
            check_turn_in_progress(s, msg, size)):
        return 1
    if s.terminal:
        return 0
    if check_turn_start(s, msg, size) or check_pending_step(s, msg, size):
        return 1
    return 0


cdef GameTable RULES = game_table("jaeger_und_spaeher", sizeof(JState), NUM_ACTIONS, NLOC, current_player,
                                  legal_actions, apply_action, chance_outcomes, sample_chance, returns, scores,
                                  heuristic, HEURISTIC_VARIANTS, DEFAULT_HEURISTIC_VARIANT, determinize,
                                  infoset_hash, observed_action, NULL)


# ---- the module's Python entry to the rules: the GameTable, bytes <-> JState, the initial state ----
_TABLES = {}


def _check_params(dict params):
    if params.get("variant", "normal") not in VARIANTS:
        raise ValueError(f"variant: must be one of {VARIANTS}")
    if params.get("holy_places", "none") not in HOLY_MODES:
        raise ValueError(f"holy_places: must be one of {HOLY_MODES}")
    limit = params.get("turn_limit", TURN_LIMIT)
    if not MIN_TURN_LIMIT <= limit <= MAX_TURN_LIMIT:
        raise ValueError(f"turn_limit: must be {MIN_TURN_LIMIT}..{MAX_TURN_LIMIT}")


def make_table(dict params):
    _check_params(params)
    limit = params.get("turn_limit", TURN_LIMIT)
    if limit not in _TABLES:
        t = <GameTable*>malloc(sizeof(GameTable))      # kept for the life of the module, one per turn limit
        if t == NULL:
            raise MemoryError()
        t[0] = table_for_players(RULES, 2, 40 + 80 * limit)
        _TABLES[limit] = table_capsule(t)
    return _TABLES[limit]


cdef JState load(bytes data):
    cdef JState s
    load_state(&s, sizeof(JState), data)
    return s


def evaluation_features(bytes data):
    """Each player's features of the learned evaluation (EVALUATION_FEATURES), for fitting its weights
    (benchmarks/fit_evaluation.py). Legal states only."""
    cdef JState s = load(data)
    cdef double f[NUM_EVALUATION_FEATURES]
    error = check_state(data)
    if error is not None:
        raise ValueError(error)
    rows = []
    for p in range(2):
        evaluation_features_of(&s, p, f)
        rows.append([f[k] for k in range(NUM_EVALUATION_FEATURES)])
    return rows


cdef bytes dump(JState* s):
    return state_bytes(s, sizeof(JState))


cdef void base_state(JState* s, dict params):
    cdef int p, r, o, t, slot
    memset(s, 0, sizeof(JState))
    s.variant = VARIANTS.index(params.get("variant", "normal"))
    s.holy_mode = HOLY_MODES.index(params.get("holy_places", "none"))
    s.turn_limit = params.get("turn_limit", TURN_LIMIT)
    s.cur_slot = EMPTY
    s.revealed_slot = EMPTY
    for slot in range(NSLOT):
        s.loc_card[slot] = EMPTY
    s.loc_draw = ((<uint64_t>1) << NLOC) - 1
    for o in range(NOBJ):
        s.obj_draw[o] = OBJ_COPIES[o]
    for p in range(2):
        s.points[p] = 10 if s.variant == 0 else 3
        s.bonus_done[p] = 1 if s.variant == 0 else 0        # the introductory start at 10 is already past 9
        s.hunger[p] = 2
        s.tribe[p] = 2
        s.camp[p] = 1
        s.reserve[p] = 2
        for t in range(5):
            s.hand[p][t] = 1
        if s.variant > 0:
            s.hand[p][T_SHAMAN] = 1
    if s.variant == 0:
        for r in range(3):
            s.rows[r][0] = T_TRACKER
            s.rows[r][1] = T_SHAMAN
            s.row_len[r] = 2


def initial_state(dict params):
    _check_params(params)
    cdef JState s
    cdef int i
    base_state(&s, params)
    if s.variant > 0:
        for i in range(6):
            push(&s, OP_SETUP_SPECIAL, i // 2, 0)
    if s.holy_mode > 0:
        for i in range(NHOLY):
            push(&s, OP_SETUP_HOLY, i, 0)
    for i in range(2 if s.variant == 0 else 1):
        push(&s, OP_DRAW, 0, 0)
    for i in range(2):
        push(&s, OP_DRAW, 1, 0)
    push(&s, OP_REVEAL_WILD, 0, 0)
    push(&s, OP_REVEAL_WILD, 0, 0)
    push(&s, OP_BACK, 1, 0)
    run(&s)
    return dump(&s)
