# Dino Jagd: the rules in C, nogil and without Python objects: card locations, the turn, hunts, the
# contract functions of mcts/game_api.pxd, the deal behind determinize, the legal-state check behind
# check_state and the GameTable; then the module's Python entry to them (make_table, initial_state,
# bytes <-> DinoState, deal_method). Included by dino_jagd.pyx.

# ---- helpers ----

# Card sets over the 78 card locations: the hot paths ask "which cards are at LOC_x" or "which cards lie in
# period q" several times a step, and loops over loc[] and slot[] were most of a random playout's time. The
# scans compare 16 bytes at once with GCC/Clang vector extensions (SSE2 on x86-64, NEON on ARM) and turn the
# 16 lane results into 16 bits: one instruction with SSE2, a carry-free multiply per 8 lanes elsewhere.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    typedef uint8_t dj_lanes __attribute__((vector_size(16)));

    static inline int dj_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int dj_popcount64(unsigned long long x) { return __builtin_popcountll(x); }

    static inline dj_lanes dj_load16(const uint8_t* b) { dj_lanes v; memcpy(&v, b, 16); return v; }

    /* bit i: lane i of m (0x00 or 0xFF) is set */
    static inline uint64_t dj_bits16(dj_lanes m) {
    #if defined(__SSE2__)
        return (uint16_t)_mm_movemask_epi8((__m128i)m);
    #else
        uint64_t half[2];
        int k;
        memcpy(half, &m, 16);
        for (k = 0; k < 2; k++) {
    #if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            half[k] = __builtin_bswap64(half[k]);
    #endif
            half[k] = (((half[k] & 0x8080808080808080ULL) >> 7) * 0x0102040810204080ULL) >> 56;
        }
        return half[0] | half[1] << 8;
    #endif
    }

    /* bit i: (b[i] & mask) == value, for the 16 bytes at b */
    static inline uint64_t dj_match16(const uint8_t* b, uint8_t mask, uint8_t value) {
        return dj_bits16((dj_lanes)((dj_load16(b) & mask) == value));
    }

    /* bit i: loc[i] == value and lo <= slot[i] < lo + span, for the 16 bytes at loc and at slot */
    static inline uint64_t dj_match_in16(const uint8_t* loc, const uint8_t* slot, uint8_t value, uint8_t lo,
                                         uint8_t span) {
        return dj_bits16((dj_lanes)(dj_load16(loc) == value) & (dj_lanes)((dj_load16(slot) - lo) < span));
    }

    /* the sum of the n <= 16 bytes at b (exact for any bytes) */
    static inline int dj_sum16(const uint8_t* b, int n) {
    #if defined(__SSE2__)
        dj_lanes v = {0};
        __m128i sums;
        memcpy(&v, b, n);
        sums = _mm_sad_epu8((__m128i)v, _mm_setzero_si128());
        return _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
    #else
        int i, total = 0;
        for (i = 0; i < n; i++)
            total += b[i];
        return total;
    #endif
    }
    """
    int dj_ctz64(uint64_t x) noexcept nogil
    int dj_popcount64(uint64_t x) noexcept nogil
    uint64_t dj_match16(const uint8_t* b, uint8_t mask, uint8_t value) noexcept nogil
    uint64_t dj_match_in16(const uint8_t* loc, const uint8_t* slot, uint8_t value, uint8_t lo,
                           uint8_t span) noexcept nogil
    int dj_sum16(const uint8_t* b, int n) noexcept nogil


# dj_sum16 adds up a row of per-type counts in one go
if NUM_SPECIAL_TYPES > 16:
    raise RuntimeError("dino_jagd: dj_sum16() sums at most 16 special types")


cdef struct CardSet:
    uint64_t w[2]                   # bit c % 64 of word c // 64: card c


# The scans take the cards in blocks of 16 (64 + 14 for 78 cards); the last block is read as the 16 cards
# ending at the last one, its lanes before the block shifted out, so no read leaves the arrays.
cdef enum:
    TAIL = NUM_CREATURES % 16                   # cards in the last, short block
    TAIL_AT = NUM_CREATURES - TAIL              # its first card


cdef inline void cards_matching(const uint8_t* b, uint8_t mask, uint8_t value, CardSet* m) noexcept nogil:
    """The cards c with (b[c] & mask) == value, for a per-card array b (loc)."""
    cdef int i
    m.w[0] = 0
    m.w[1] = 0
    for i in range(0, TAIL_AT, 16):
        m.w[i // 64] |= dj_match16(&b[i], mask, value) << (i % 64)
    if TAIL:
        m.w[TAIL_AT // 64] |= (dj_match16(&b[NUM_CREATURES - 16], mask, value) >> (16 - TAIL)) << (TAIL_AT % 64)


cdef inline void cards_at(const DinoState* s, int where, CardSet* m) noexcept nogil:
    """The cards whose location is `where`."""
    cards_matching(s.loc, 0xFF, where, m)


cdef inline void cards_in_period(const DinoState* s, int q, CardSet* m) noexcept nogil:
    """The cards in the hunting area in period q."""
    cdef int i
    m.w[0] = 0
    m.w[1] = 0
    for i in range(0, TAIL_AT, 16):
        m.w[i // 64] |= dj_match_in16(&s.loc[i], &s.slot[i], LOC_AREA, q * SPACES, SPACES) << (i % 64)
    if TAIL:
        m.w[TAIL_AT // 64] |= (dj_match_in16(&s.loc[NUM_CREATURES - 16], &s.slot[NUM_CREATURES - 16], LOC_AREA,
                                             q * SPACES, SPACES) >> (16 - TAIL)) << (TAIL_AT % 64)


cdef void period_tops(const DinoState* s, int q, uint8_t* tops) noexcept nogil:
    """slot_tops() for the SPACES slots of period q only: tops[k] for slot q * SPACES + k."""
    cdef int c, k
    cdef uint8_t heights[SPACES]
    cdef CardSet cards
    for k in range(SPACES):
        tops[k] = NONE
        heights[k] = 0
    cards_in_period(s, q, &cards)
    c = next_card(&cards)
    while c >= 0:
        k = s.slot[c] - q * SPACES
        if s.height[c] > heights[k]:
            heights[k] = s.height[c]
            tops[k] = c
        c = next_card(&cards)


cdef inline int next_card(CardSet* m) noexcept nogil:
    """Removes and returns the lowest card of the set, or -1 when it is empty."""
    cdef int c
    if m.w[0]:
        c = dj_ctz64(m.w[0])
        m.w[0] &= m.w[0] - 1
        return c
    if m.w[1]:
        c = dj_ctz64(m.w[1])
        m.w[1] &= m.w[1] - 1
        return 64 + c
    return -1


cdef inline bint cards_none(const CardSet* m) noexcept nogil:
    return m.w[0] == 0 and m.w[1] == 0


cdef inline bint setup_card_secret(const DinoState* s, int p) noexcept nogil:
    """Whether `p` may still hold the special card dealt at setup unseen by the others, whatever its kind: "You
    may only look at the card you get" (setup); a Gimmick or Expert goes face up when its owner's first turn
    starts (the turn's draw step: "put these face-up in front of you") or when it is played before that."""
    return not s.started[p] and not (p == s.current and PH_TURN_START <= s.phase < PH_OVER)


cdef inline int hand_count(const DinoState* s, int p) noexcept nogil:
    return dj_sum16(s.hand[p], NUM_SPECIAL_TYPES)


cdef inline bint may_hide_face_up(const DinoState* s, int p) noexcept nogil:
    """Whether `p`'s secret hand may hold a Gimmick or Expert: only as the single card dealt at setup."""
    return setup_card_secret(s, p) and hand_count(s, p) == 1


cdef inline int deck_total(const DinoState* s) noexcept nogil:
    return dj_sum16(s.sp_deck, NUM_SPECIAL_TYPES)


cdef inline int next_player(const DinoState* s, int p) noexcept nogil:
    return (p + 1) % s.num_players


cdef inline int travel_cost(const DinoState* s, int p, int distance) noexcept nogil:
    if s.face_up[p][SP_ZEITPILOT] and distance > 1:
        return distance - 1
    return distance


cdef inline int send_cost(const DinoState* s, int p, int c) noexcept nogil:
    if s.face_up[p][SP_TIERAERZTIN] and CR_COST[c] > 1:
        return CR_COST[c] - 1
    return CR_COST[c]


cdef void slot_tops(const DinoState* s, uint8_t* tops, uint8_t* heights) noexcept nogil:
    """The topmost creature of every slot (NONE when empty) and the height of its stack."""
    cdef int c, k
    cdef CardSet area
    for k in range(NUM_SLOTS):
        tops[k] = NONE
        heights[k] = 0
    cards_at(s, LOC_AREA, &area)
    c = next_card(&area)
    while c >= 0:
        k = s.slot[c]
        if s.height[c] > heights[k]:
            heights[k] = s.height[c]
            tops[k] = c
        c = next_card(&area)


cdef int period_count(const DinoState* s, int q) noexcept nogil:
    cdef int c, n = 0
    cdef CardSet area
    cards_at(s, LOC_AREA, &area)
    c = next_card(&area)
    while c >= 0:
        if s.slot[c] // SPACES == q:
            n += 1
        c = next_card(&area)
    return n


cdef void period_counts(const DinoState* s, int* counts) noexcept nogil:
    """period_count() of every period at once."""
    cdef int c, q
    cdef CardSet area
    for q in range(NUM_PERIODS):
        counts[q] = 0
    cards_at(s, LOC_AREA, &area)
    c = next_card(&area)
    while c >= 0:
        counts[s.slot[c] // SPACES] += 1
        c = next_card(&area)


cdef bint area_or_pending_empty(const DinoState* s) noexcept nogil:
    cdef CardSet cards
    # LOC_PENDING and LOC_AREA (2 and 3) are the locations that read 2 without bit 0
    cards_matching(s.loc, 0xFE, 2, &cards)
    return cards_none(&cards)


cdef inline bint deck_empty(const DinoState* s) noexcept nogil:
    return s.top == NONE and s.deck_below == 0


cdef bint game_over(const DinoState* s) noexcept nogil:
    return deck_empty(s) and area_or_pending_empty(s)


cdef int effective_result(const DinoState* s) noexcept nogil:
    if s.override != R_NONE:
        return s.override
    cdef int roll = s.die + s.mods
    if s.face_up[s.current][SP_FAEHRTENLESERIN]:
        roll += 1
    if roll < 1:
        roll = 1
    if roll > 6:
        roll = 6
    return CR_TABLE[s.target][roll - 1]


cdef inline void remove_from_area(DinoState* s, int c, int where) noexcept nogil:
    s.loc[c] = where
    s.slot[c] = 0
    s.height[c] = 0


cdef void place(DinoState* s, int c, int k) noexcept nogil:
    cdef int d, h = 0
    cdef CardSet area
    cards_at(s, LOC_AREA, &area)
    d = next_card(&area)
    while d >= 0:
        if s.slot[d] == k and s.height[d] > h:
            h = s.height[d]
        d = next_card(&area)
    s.loc[c] = LOC_AREA
    s.slot[c] = k
    s.height[c] = h + 1


cdef bint gimmick_usable(const DinoState* s, int p) noexcept nogil:
    if s.override != R_NONE:
        return False
    if p == s.current:
        return s.face_up[p][SP_ZIELFERNROHR] > s.scope_used[p] and s.energy[p] >= 1
    # a Stoerfeld still secret from the setup deal can be played too (playing it shows it)
    return s.face_up[p][SP_STOERFELD] + s.hand[p][SP_STOERFELD] > s.jam_used[p] and s.energy[p] >= 2


cdef inline bint window_eligible(const DinoState* s, int p) noexcept nogil:
    """Public: whether `p` is asked in the reaction window (holds any secret card or a usable Gimmick)."""
    return hand_count(s, p) > 0 or gimmick_usable(s, p)


cdef void resolve_hunt(DinoState* s) noexcept nogil:
    cdef int h = s.current, t = s.target, r = effective_result(s), q = s.target_slot // SPACES, c, k
    s.phase = PH_HUNT
    if r == R_CAPTURE:
        c = send_cost(s, h, t)
        if s.energy[h] >= c:
            s.energy[h] -= c
            remove_from_area(s, t, LOC_CAPTURED + h)
            if period_count(s, q) == 0:
                s.draw_for = h
                s.phase = PH_BONUS_DRAW
        else:
            remove_from_area(s, t, LOC_DISCARD)
    elif r == R_MISS:
        if s.energy[h] > 0:
            s.energy[h] -= 1
    elif r == R_ESCAPE:
        remove_from_area(s, t, LOC_DISCARD)
    elif r == R_ATTACK:
        s.phase = PH_TURN_END
    else:                                       # R_WRECK
        remove_from_area(s, t, LOC_DISCARD)
        for k in range(SP_ZIELFERNROHR, SP_STOERFELD + 1):
            if s.face_up[h][k]:
                s.face_up[h][k] -= 1
                s.sp_discard[k] += 1
                break
        s.phase = PH_TURN_END
    s.target = NONE
    s.target_slot = NONE
    s.die = 0
    s.mods = 0
    s.override = R_NONE
    s.passes = 0
    s.window_pos = 0
    for k in range(MAX_DJ_PLAYERS):
        s.scope_used[k] = 0
        s.jam_used[k] = 0


cdef bint any_count(const uint8_t* b, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if b[i]:
            return True
    return False


cdef void reshuffle(DinoState* s) noexcept nogil:
    """The special discard becomes the new deck ("reshuffle the discard stack"). Everybody saw the discard, so
    the new deck's contents are public: they and the hands held now start the bookkeeping that lets
    determinize deal only worlds that fit the draws and plays seen since (Interpretation 16)."""
    cdef int t
    for t in range(NUM_SPECIAL_TYPES):
        s.sp_deck[t] = s.sp_discard[t]
        s.cycle_deck[t] = s.sp_discard[t]
        s.sp_discard[t] = 0
    if s.reshuffles < 255:
        s.reshuffles += 1
    memset(s.drawn_since, 0, sizeof(s.drawn_since))
    memset(s.play_log, 0, sizeof(s.play_log))
    memset(s.play_drawn, 0, sizeof(s.play_drawn))
    s.plays_logged = 0


cdef inline int drawn_count(const DinoState* s, int p) noexcept nogil:
    return dj_sum16(s.drawn_since[p], NUM_SPECIAL_TYPES)


cdef inline void log_play(DinoState* s, int p, int t) noexcept nogil:
    """Records a card `p` played from the hand since the last reshuffle, with how many cards `p` had drawn
    since then (the play may use a card drawn before it, or one held at the reshuffle)."""
    if s.reshuffles == 0 or s.plays_logged >= MAX_PLAYS_LOGGED:
        return
    s.play_log[s.plays_logged] = p * PLAY_LOG_SEAT + t
    s.play_drawn[s.plays_logged] = drawn_count(s, p)
    s.plays_logged += 1


cdef void normalize(DinoState* s) noexcept nogil:
    """Runs the forced steps until a decision, a chance node or the end."""
    cdef int t, p
    cdef CardSet pending
    while True:
        if s.top == NONE and s.deck_below > 0:
            return                                          # reveal the new top card (chance)
        if s.phase == PH_SETUP_SPECIALS:
            if s.setup_dealt >= s.num_players:
                s.setup_dealt = 0
                s.phase = PH_SETUP_FIRST
                continue
            return
        elif s.phase == PH_TURN_START:
            if game_over(s) or s.turns >= MAX_TURNS:
                s.phase = PH_OVER
                continue
            s.turns += 1
            if not s.started[s.current]:
                # the setup card, if a Gimmick or Expert, goes face up with the first turn's draw
                for t in range(FIRST_FACE_UP, NUM_SPECIAL_TYPES):
                    s.face_up[s.current][t] += s.hand[s.current][t]
                    s.hand[s.current][t] = 0
            s.energy[s.current] = MAX_ENERGY
            s.draw_for = s.current
            s.phase = PH_TURN_DRAW
            continue
        elif s.phase == PH_TURN_DRAW or s.phase == PH_BONUS_DRAW:
            if deck_total(s) == 0 and any_count(s.sp_discard, NUM_SPECIAL_TYPES):
                reshuffle(s)
            if deck_total(s) == 0:
                s.phase = PH_TURN_ROLL if s.phase == PH_TURN_DRAW else PH_HUNT
                continue
            return
        elif s.phase == PH_TURN_ROLL:
            if not s.started[s.current]:
                s.started[s.current] = 1
                s.to_deal = 4
                s.phase = PH_DEAL
                continue
            if deck_empty(s):
                s.phase = PH_PLACE
                continue
            return
        elif s.phase == PH_DEAL:
            if s.to_deal > 0 and s.top != NONE:
                s.loc[s.top] = LOC_PENDING
                s.top = NONE
                s.to_deal -= 1
                continue
            s.to_deal = 0
            s.phase = PH_PLACE
            continue
        elif s.phase == PH_PLACE:
            cards_at(s, LOC_PENDING, &pending)
            if not cards_none(&pending):
                return
            s.phase = PH_HUNT
            continue
        elif s.phase == PH_HUNT:
            if game_over(s):
                s.phase = PH_OVER
            return
        elif s.phase == PH_WINDOW:
            while s.passes < s.num_players:
                p = s.window_pos
                if window_eligible(s, p):
                    return
                s.passes += 1
                s.window_pos = next_player(s, p)
            resolve_hunt(s)
            continue
        elif s.phase == PH_TURN_END:
            s.current = next_player(s, s.current)
            s.phase = PH_TURN_START
            continue
        return                                              # SETUP_FIRST, HUNT_ROLL (chance), OVER


# ---- the GameTable functions ----

cdef int current_player(const void* p) noexcept nogil:
    cdef const DinoState* s = <const DinoState*>p
    if s.phase == PH_OVER:
        return TERMINAL
    if s.top == NONE and s.deck_below > 0:
        return CHANCE
    if s.phase == PH_PLACE or s.phase == PH_HUNT:
        return s.current
    if s.phase == PH_WINDOW:
        return s.window_pos
    return CHANCE


cdef int legal_actions(const void* p, int* out) noexcept nogil:
    cdef const DinoState* s = <const DinoState*>p
    cdef int n = 0, c, q, k, me, first_empty
    cdef uint8_t tops[NUM_SLOTS]
    cdef uint8_t heights[NUM_SLOTS]
    cdef int counts[NUM_PERIODS]
    cdef CardSet cards
    if current_player(p) < 0:
        return 0
    me = s.current
    if s.phase == PH_PLACE:
        slot_tops(s, tops, heights)
        cards_at(s, LOC_PENDING, &cards)
        c = next_card(&cards)
        while c >= 0:
            for q in range(NUM_PERIODS):
                if not (CR_PERIODS[c] >> q) & 1:
                    continue
                first_empty = -1
                for k in range(SPACES):
                    if tops[q * SPACES + k] == NONE:
                        first_empty = k
                        break
                if first_empty >= 0:
                    out[n] = A_PLACE + c * NUM_SLOTS + q * SPACES + first_empty
                    n += 1
                else:
                    for k in range(SPACES):
                        out[n] = A_PLACE + c * NUM_SLOTS + q * SPACES + k
                        n += 1
            c = next_card(&cards)
        return n
    if s.phase == PH_HUNT:
        for q in range(NUM_PERIODS):
            if q != s.pos[me] and travel_cost(s, me, q - s.pos[me] if q > s.pos[me] else s.pos[me] - q) <= s.energy[me]:
                out[n] = A_TRAVEL + q
                n += 1
        period_tops(s, s.pos[me], tops)
        for k in range(SPACES):
            c = tops[k]
            if c != NONE and send_cost(s, me, c) <= s.energy[me]:
                out[n] = A_HUNT + s.pos[me] * SPACES + k
                n += 1
        out[n] = A_END
        n += 1
        if s.hand[me][SP_AUSSTERBEN]:
            period_counts(s, counts)
            for q in range(NUM_PERIODS):
                if q != s.marker and counts[q] > 0:
                    out[n] = A_AUSSTERBEN + q
                    n += 1
        if s.hand[me][SP_KEIN_AUSSTERBEN]:
            for q in range(NUM_PERIODS):
                if q != s.marker:
                    out[n] = A_KEIN_AUSSTERBEN + q
                    n += 1
        if s.hand[me][SP_ZEITSCHLEIFE]:
            cards_at(s, LOC_DISCARD, &cards)
            c = next_card(&cards)
            while c >= 0:
                out[n] = A_ZEITSCHLEIFE + c
                n += 1
                c = next_card(&cards)
        return n
    # reaction window
    cdef int w = s.window_pos, r = effective_result(s)
    out[n] = A_PASS
    n += 1
    if w == me:
        if s.hand[w][SP_SUPERSCHOCKER] and s.override == R_NONE:
            out[n] = A_REACT + 0
            n += 1
        if s.hand[w][SP_GLUECKSTREFFER] and r == R_MISS:
            out[n] = A_REACT + 3
            n += 1
        if gimmick_usable(s, w):
            out[n] = A_REACT + 4
            n += 1
    else:
        if s.hand[w][SP_STOERSENDER] and s.override == R_NONE:
            out[n] = A_REACT + 1
            n += 1
        if s.hand[w][SP_FEHLSCHUSS] and r == R_CAPTURE:
            out[n] = A_REACT + 2
            n += 1
        if gimmick_usable(s, w):
            out[n] = A_REACT + 5
            n += 1
    return n


cdef void play_from_hand(DinoState* s, int p, int t) noexcept nogil:
    log_play(s, p, t)
    s.hand[p][t] -= 1
    s.sp_discard[t] += 1


cdef void apply_action(void* p, int a) noexcept nogil:
    cdef DinoState* s = <DinoState*>p
    cdef int me = s.current, c, k, q, w
    cdef uint8_t tops[NUM_SLOTS]
    cdef uint8_t heights[NUM_SLOTS]
    if s.top == NONE and s.deck_below > 0:                  # C_REVEAL
        c = a - C_REVEAL
        s.top = c
        s.loc[c] = LOC_TOP
        s.deck_below -= 1
    elif s.phase == PH_SETUP_SPECIALS or s.phase == PH_TURN_DRAW or s.phase == PH_BONUS_DRAW:   # C_SPECIAL
        k = a - C_SPECIAL
        s.sp_deck[k] -= 1
        if k >= FIRST_FACE_UP and s.phase != PH_SETUP_SPECIALS:   # the setup card stays secret
            s.face_up[s.draw_for][k] += 1
        else:
            s.hand[s.draw_for][k] += 1
            if s.reshuffles:
                s.drawn_since[s.draw_for][k] += 1
        if s.phase == PH_SETUP_SPECIALS:
            s.setup_dealt += 1
            s.draw_for = s.setup_dealt if s.setup_dealt < s.num_players else 0
        elif s.phase == PH_TURN_DRAW:
            s.phase = PH_TURN_ROLL
        else:
            s.phase = PH_HUNT
        s.draw_for = 0 if s.phase != PH_SETUP_SPECIALS else s.draw_for
    elif s.phase == PH_SETUP_FIRST:
        s.current = a - C_FIRST
        s.first_player = s.current
        s.phase = PH_TURN_START
    elif s.phase == PH_TURN_ROLL:
        s.to_deal = a - C_DIE + 1
        s.phase = PH_DEAL
    elif s.phase == PH_HUNT_ROLL:
        s.die = a - C_DIE + 1
        s.phase = PH_WINDOW
        s.window_pos = next_player(s, me)
        s.passes = 0
    elif s.phase == PH_PLACE:
        c = (a - A_PLACE) // NUM_SLOTS
        place(s, c, (a - A_PLACE) % NUM_SLOTS)
    elif s.phase == PH_HUNT:
        if a < A_HUNT:
            q = a - A_TRAVEL
            s.energy[me] -= travel_cost(s, me, q - s.pos[me] if q > s.pos[me] else s.pos[me] - q)
            s.pos[me] = q
        elif a < A_END:
            s.target_slot = a - A_HUNT
            period_tops(s, s.target_slot // SPACES, tops)
            s.target = tops[s.target_slot % SPACES]
            s.phase = PH_HUNT_ROLL
        elif a == A_END:
            s.phase = PH_TURN_END
        elif a < A_KEIN_AUSSTERBEN:
            q = a - A_AUSSTERBEN
            play_from_hand(s, me, SP_AUSSTERBEN)
            period_tops(s, q, tops)
            for k in range(SPACES):
                if tops[k] != NONE:
                    remove_from_area(s, tops[k], LOC_DISCARD)
        elif a < A_ZEITSCHLEIFE:
            play_from_hand(s, me, SP_KEIN_AUSSTERBEN)
            s.marker = a - A_KEIN_AUSSTERBEN
        else:
            play_from_hand(s, me, SP_ZEITSCHLEIFE)
            s.loc[a - A_ZEITSCHLEIFE] = LOC_PENDING
            s.phase = PH_PLACE
    elif s.phase == PH_WINDOW:
        w = s.window_pos
        if a == A_PASS:
            s.passes += 1
        else:
            k = a - A_REACT
            s.passes = 0
            if k == 0:
                play_from_hand(s, w, SP_SUPERSCHOCKER)
                s.mods += 2
            elif k == 1:
                play_from_hand(s, w, SP_STOERSENDER)
                s.mods -= 2
            elif k == 2:
                play_from_hand(s, w, SP_FEHLSCHUSS)
                s.override = R_MISS
            elif k == 3:
                play_from_hand(s, w, SP_GLUECKSTREFFER)
                s.override = R_CAPTURE
            elif k == 4:
                s.scope_used[w] += 1
                s.energy[w] -= 1
                s.mods += 1
            else:
                if s.hand[w][SP_STOERFELD]:             # the secret setup card is shown and laid face up
                    s.hand[w][SP_STOERFELD] -= 1        # (in the open: the reshuffle bookkeeping needs no entry)
                    s.face_up[w][SP_STOERFELD] += 1
                s.jam_used[w] += 1
                s.energy[w] -= 2
                s.mods -= 1
        s.window_pos = next_player(s, w)
    normalize(s)


cdef int chance_outcomes(const void* p, int* out, double* probs) noexcept nogil:
    cdef const DinoState* s = <const DinoState*>p
    cdef int n = 0, c, k, unseen = 0
    if s.top == NONE and s.deck_below > 0:
        for c in range(NUM_CREATURES):
            if s.loc[c] == LOC_UNSEEN:
                unseen += 1
        for c in range(NUM_CREATURES):
            if s.loc[c] == LOC_UNSEEN:
                out[n] = C_REVEAL + c
                probs[n] = 1.0 / unseen
                n += 1
        return n
    if s.phase == PH_SETUP_SPECIALS or s.phase == PH_TURN_DRAW or s.phase == PH_BONUS_DRAW:
        return outcomes_from_counts(s.sp_deck, NUM_SPECIAL_TYPES, C_SPECIAL, out, probs)
    if s.phase == PH_SETUP_FIRST:
        for k in range(s.num_players):
            out[k] = C_FIRST + k
            probs[k] = 1.0 / s.num_players
        return s.num_players
    if s.phase == PH_TURN_ROLL or s.phase == PH_HUNT_ROLL:
        for k in range(DIE_FACES):
            out[k] = C_DIE + k
            probs[k] = 1.0 / DIE_FACES
        return DIE_FACES
    return 0


cdef int sample_chance(const void* p, Rng* rng) noexcept nogil:
    cdef const DinoState* s = <const DinoState*>p
    cdef int k, low, pick, base = 0
    cdef uint64_t w
    cdef CardSet cards
    if s.top == NONE and s.deck_below > 0:
        # the pick-th unseen card in id order, each with probability 1/unseen as in chance_outcomes()
        cards_at(s, LOC_UNSEEN, &cards)
        low = dj_popcount64(cards.w[0])
        pick = rng_below(rng, low + dj_popcount64(cards.w[1]))
        w = cards.w[0]
        if pick >= low:                     # in the second word
            pick -= low
            w = cards.w[1]
            base = 64
        for k in range(pick):               # drop the pick lower cards
            w &= w - 1
        return C_REVEAL + base + dj_ctz64(w) if w else -1
    if s.phase == PH_SETUP_SPECIALS or s.phase == PH_TURN_DRAW or s.phase == PH_BONUS_DRAW:
        pick = rng_below(rng, deck_total(s))
        for k in range(NUM_SPECIAL_TYPES):
            if pick < s.sp_deck[k]:
                return C_SPECIAL + k
            pick -= s.sp_deck[k]
        return -1
    if s.phase == PH_SETUP_FIRST:
        return C_FIRST + rng_below(rng, s.num_players)
    return C_DIE + rng_below(rng, DIE_FACES)


cdef void scores(const void* p, double* out) noexcept nogil:
    """Captured points plus the bonus cards in hand (which are secret until the end)."""
    cdef const DinoState* s = <const DinoState*>p
    cdef int i, c, pts, carn, jura
    for i in range(s.num_players):
        pts = 0
        carn = 0
        jura = 0
        for c in range(NUM_CREATURES):
            if s.loc[c] == LOC_CAPTURED + i:
                pts += CR_POINTS[c]
                carn += CR_CARN[c]
                jura += 1 if CR_PERIODS[c] & 0b00110 else 0
        out[i] = pts + carn * s.hand[i][SP_PRAEMIE_FLEISCH] + jura * s.hand[i][SP_PRAEMIE_JURA]


cdef int captured_count(const DinoState* s, int i) noexcept nogil:
    cdef int c, n = 0
    for c in range(NUM_CREATURES):
        if s.loc[c] == LOC_CAPTURED + i:
            n += 1
    return n


cdef void returns(const void* p, double* out) noexcept nogil:
    """Most points wins; a tie goes to the most captured creatures; a remaining tie is shared."""
    cdef const DinoState* s = <const DinoState*>p
    cdef double sc[MAX_DJ_PLAYERS]
    cdef double key[MAX_DJ_PLAYERS]
    cdef double best = -1
    cdef int i, winners = 0
    scores(p, sc)
    for i in range(s.num_players):
        key[i] = sc[i] * 1000 + captured_count(s, i)
        if key[i] > best:
            best = key[i]
    for i in range(s.num_players):
        if key[i] == best:
            winners += 1
    for i in range(s.num_players):
        out[i] = 1.0 / winners if key[i] == best else 0.0


# The cut-off heuristic. Variant 0 reads the score lead alone: exp(score / 4), normalised over the players. Variant 1 is
# a learned evaluation: a linear value per player over the features of evaluation_features() below, with the weights of
# data/dino_jagd/evaluation.json (fitted by benchmarks/fit_evaluation.py on the positions of arena games, a conditional
# logit: P(i wins) = exp(u_i) / sum_j exp(u_j), u_i = weights . features_i). Variant 0 is the special case weights =
# (0.25, 0, ...). The search's heuristic_variant setting chooses. Variant 1 is the default and applies to 2-player games
# only: it was fitted on 2-player games and won its matches there
# (docs/research/2026-12-02-dino-jagd-a-learned-evaluation.md); 3 and 4 players keep the score lead until it is fitted
# and measured for them.
cdef enum:
    HEURISTIC_VARIANTS = 2          # heuristic(s, out, variant) reads variant 0 or 1
    DEFAULT_HEURISTIC_VARIANT = 1



cdef void evaluation_features_of(const DinoState* s, int i, double* f) noexcept nogil:
    """Player i's features for the learned evaluation (EVALUATION_FEATURES names them, in this order)."""
    cdef double sc[MAX_DJ_PLAYERS]
    cdef CardSet m
    cdef int c, t, k, captured_all = 0, gone = 0, left, wins
    cdef uint8_t tops[SPACES]
    cdef double reach = 0, share_left
    scores(<const void*>s, sc)
    for k in range(s.num_players):
        captured_all += captured_count(s, k)
    cards_at(s, LOC_DISCARD, &m)
    gone = captured_all + dj_popcount64(m.w[0]) + dj_popcount64(m.w[1])
    cards_at(s, LOC_AREA, &m)
    left = s.deck_below + (1 if s.top != NONE else 0) + dj_popcount64(m.w[0]) + dj_popcount64(m.w[1])
    cards_at(s, LOC_PENDING, &m)
    left += dj_popcount64(m.w[0]) + dj_popcount64(m.w[1])
    period_tops(s, s.pos[i], tops)
    for k in range(SPACES):
        c = tops[k]
        if c != NONE:
            wins = 0
            for t in range(6):
                if CR_TABLE[c][t] == R_CAPTURE:
                    wins += 1
            reach += CR_POINTS[c] * wins / 6.0
    share_left = <double>left / (left + gone) if left + gone > 0 else 0.0   # of the play deck, still to come
    f[0] = sc[i]
    f[1] = sc[i] * share_left
    f[2] = captured_count(s, i)
    f[3] = 1.0 if i == s.current else 0.0
    f[4] = f[3] * s.energy[i] / <double>MAX_ENERGY
    for t in range(SP_SUPERSCHOCKER, SP_PRAEMIE_FLEISCH):     # the one-use cards held, by kind
        f[5 + t] = s.hand[i][t]
    # the bonus cards held: already in the points, and worth more while creatures are still to come
    f[12] = (s.hand[i][SP_PRAEMIE_FLEISCH] + s.hand[i][SP_PRAEMIE_JURA]) * share_left
    for t in range(FIRST_FACE_UP, NUM_SPECIAL_TYPES):        # the face-up Gimmicks and Experts, by kind
        f[13 + t - FIRST_FACE_UP] = s.face_up[i][t]
    f[18] = reach


cdef void learned_heuristic(const DinoState* s, double* out) noexcept nogil:
    cdef double f[NUM_EVALUATION_FEATURES]
    cdef double best = -1e300, total = 0
    cdef int i, k
    for i in range(s.num_players):
        evaluation_features_of(s, i, f)
        out[i] = 0
        for k in range(NUM_EVALUATION_FEATURES):
            out[i] += EVALUATION_WEIGHTS[k] * f[k]
        if out[i] > best:
            best = out[i]
    for i in range(s.num_players):
        out[i] = exp(out[i] - best)
        total += out[i]
    for i in range(s.num_players):
        out[i] /= total


cdef void heuristic(const void* p, double* out, int variant) noexcept nogil:
    """A soft win probability: from the score lead, or the learned evaluation (variant 1, 2 players; above)."""
    cdef const DinoState* s = <const DinoState*>p
    cdef double sc[MAX_DJ_PLAYERS]
    cdef double best = -1e9, total = 0
    cdef int i
    if s.phase == PH_OVER:
        returns(p, out)
        return
    if variant == 1 and s.num_players == 2:
        learned_heuristic(s, out)
        return
    scores(p, sc)
    for i in range(s.num_players):
        sc[i] += 0.01 * captured_count(s, i)
        if sc[i] > best:
            best = sc[i]
    for i in range(s.num_players):
        out[i] = exp((sc[i] - best) / 4.0)
        total += out[i]
    for i in range(s.num_players):
        out[i] /= total


cdef enum:
    DEAL_TRIES = 16             # attempts per sampling method in deal_since_reshuffle() (the last: 4x)


cdef inline int draw_type(int* pool, int kinds, Rng* rng) noexcept nogil:
    """Removes one card, uniform over the cards of the first `kinds` types in `pool`; -1 if there is none."""
    cdef int t, total = 0, pick
    for t in range(kinds):
        total += pool[t]
    if total == 0:
        return -1
    pick = rng_below(rng, total)
    for t in range(kinds):
        if pick < pool[t]:
            pool[t] -= 1
            return t
        pick -= pool[t]
    return -1


cdef bint plays_fit(const DinoState* s, int p, const int* held, const int* drawn) noexcept nogil:
    """Whether seat p, holding `held` at the reshuffle and drawing `drawn` since, can have made its logged plays
    in their order. A held card can serve a play at any time, so the held cards of a type serve the earliest
    plays of that type; each later play needs its own card drawn before it: at every play, the plays not
    served by held cards so far must not outnumber the cards drawn so far (and each type must be drawn)."""
    cdef int k, t, excess = 0
    cdef int played[NUM_SPECIAL_TYPES]
    for t in range(NUM_SPECIAL_TYPES):
        played[t] = 0
    for k in range(s.plays_logged):
        if logged_seat(s.play_log[k]) != p:
            continue
        t = logged_type(s.play_log[k])
        played[t] += 1
        if played[t] > held[t]:
            excess += 1
            if excess > s.play_drawn[k] or played[t] > held[t] + drawn[t]:
                return False
    return True


cdef void plays_need_held(const DinoState* s, int p, int* held, Rng* rng) noexcept nogil:
    """Adds to `held` (which holds the cards p's plays need held anyway) cards that, held at the reshuffle, let
    seat p make its logged plays in time: when p's plays so far not served by held cards (the earliest of each
    type are) would outnumber its draws so far, one of them, at random, is served by a held card instead."""
    cdef int k, t, loose = 0, pick
    cdef int count[NUM_SPECIAL_TYPES]
    for t in range(NUM_SPECIAL_TYPES):
        count[t] = 0
    for k in range(s.plays_logged):
        if logged_seat(s.play_log[k]) != p:
            continue
        t = logged_type(s.play_log[k])
        count[t] += 1
        if count[t] > held[t]:
            loose += 1
        if loose > s.play_drawn[k]:
            pick = rng_below(rng, loose)
            for t in range(FIRST_FACE_UP):
                if count[t] > held[t]:
                    if pick < count[t] - held[t]:
                        break
                    pick -= count[t] - held[t]
            held[t] += 1
            loose -= 1


cdef int deal_since_reshuffle(DinoState* s, int known, Rng* rng) noexcept nogil:
    """Deals the secret cards of the seats not in the bit set `known` after a reshuffle, from what those seats
    see: the new deck D was public, so the other seats' hands at the reshuffle were a known pool H, and since
    then they drew (a public number of) cards from D minus the known seats' draws, and played cards publicly.
    Each seat gets an old part from H (keeping its size at the reshuffle) and a new part from that rest of D,
    such that its logged plays fit (plays_fit); hand = old + new - played, the deck = the rest of D.
    Method 0: uniform deals filtered by the plays (uniform over the worlds that fit; every such world can come
    out). If DEAL_TRIES of them fail, method 1: deals that give each seat the drawn cards its plays need beyond
    its random held cards before the random rest; then method 2: the same, each seat first holding the cards
    that its plays made before enough draws need (plays_need_held) and those of a type the rest of D lacks.
    Methods 1 and 2 deal only worlds that fit,
    with other weights. A seat whose setup card is still secret (play from the start never reshuffles in the
    first round, but a position may start there) gets its old part after the others, from every kind; H's
    Gimmicks and Experts are such setup cards. Returns the method that succeeded, 3 if none did (the state is
    left unchanged)."""
    cdef int n = s.num_players, i, t, k, c, mode, tries, size, ok
    cdef int unseen[NUM_SPECIAL_TYPES]
    cdef int rest[NUM_SPECIAL_TYPES]        # R: cards of D not drawn by known seats (the deck + others' draws)
    cdef int pool_h[NUM_SPECIAL_TYPES]      # H: the other seats' hands at the reshuffle
    cdef int hp[NUM_SPECIAL_TYPES]
    cdef int rp[NUM_SPECIAL_TYPES]
    cdef int played[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]
    cdef int held[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]
    cdef int drawn[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]
    cdef int draws[MAX_DJ_PLAYERS]
    cdef int old_size[MAX_DJ_PLAYERS]
    cdef int total_h = 0, total_old = 0, secret_setup = 0, free, j
    for i in range(MAX_DJ_PLAYERS):
        draws[i] = 0
        old_size[i] = 0
        for t in range(NUM_SPECIAL_TYPES):
            played[i][t] = 0
    for k in range(s.plays_logged):
        played[logged_seat(s.play_log[k])][logged_type(s.play_log[k])] += 1
    for t in range(NUM_SPECIAL_TYPES):
        unseen[t] = SP_COUNT[t] - s.sp_discard[t]
        rest[t] = s.cycle_deck[t] if t < FIRST_FACE_UP else s.sp_deck[t]
        for i in range(n):
            unseen[t] -= s.face_up[i][t]
            if (known >> i) & 1:
                unseen[t] -= s.hand[i][t]
                rest[t] -= s.drawn_since[i][t]
        pool_h[t] = unseen[t] - rest[t]
        for i in range(n):
            if not (known >> i) & 1:
                pool_h[t] += played[i][t]
        if pool_h[t] < 0 or rest[t] < 0:
            return 3                        # not a position reached in play (check_state says which field)
        total_h += pool_h[t]
        if t >= FIRST_FACE_UP:
            secret_setup -= pool_h[t]
    for i in range(n):
        if not (known >> i) & 1:
            secret_setup += may_hide_face_up(s, i)   # a Gimmick or Expert in H is such a seat's setup card
            draws[i] = drawn_count(s, i)
            old_size[i] = hand_count(s, i) - draws[i]
            for t in range(NUM_SPECIAL_TYPES):
                old_size[i] += played[i][t]
            if old_size[i] < 0:
                return 3
            total_old += old_size[i]
    if total_old != total_h or secret_setup < 0:
        return 3
    for mode in range(3):
        for tries in range(DEAL_TRIES if mode < 2 else 4 * DEAL_TRIES):
            memcpy(hp, pool_h, sizeof(hp))
            memcpy(rp, rest, sizeof(rp))
            ok = True
            for i in range(n):
                for t in range(NUM_SPECIAL_TYPES):
                    held[i][t] = 0
                    drawn[i][t] = 0
                if mode == 2 and not (known >> i) & 1:
                    # every seat first gets the held cards its plays need: those of a type the rest of D
                    # lacks, and those made before enough draws (plays_need_held)
                    for t in range(FIRST_FACE_UP):
                        if played[i][t] > rest[t]:      # more than the new deck can have supplied
                            held[i][t] = played[i][t] - rest[t]
                    plays_need_held(s, i, held[i], rng)
                    for t in range(FIRST_FACE_UP):
                        hp[t] -= held[i][t]
                        ok = ok and hp[t] >= 0 and held[i][t] <= old_size[i]
            for j in range(2 * n):              # the rest of the held cards at random: first the seats that hold
                if not ok:                      # one-use cards only, then those whose setup card is secret
                    break
                free = j >= n
                i = j % n
                if (known >> i) & 1 or may_hide_face_up(s, i) != free:
                    continue
                size = old_size[i]
                for t in range(FIRST_FACE_UP):
                    size -= held[i][t]
                if size < 0:
                    ok = False
                    break
                for k in range(size):
                    t = draw_type(hp, NUM_SPECIAL_TYPES if free else FIRST_FACE_UP, rng)
                    if t < 0:
                        ok = False
                        break
                    held[i][t] += 1
                if mode >= 1:                   # then the drawn cards the plays need beyond the held ones
                    for t in range(FIRST_FACE_UP):
                        c = played[i][t] - held[i][t]
                        if c > 0:
                            rp[t] -= c
                            drawn[i][t] += c
                            ok = ok and rp[t] >= 0
            for i in range(n):                  # the rest of the drawn cards at random
                if not ok:
                    break
                if (known >> i) & 1:
                    continue
                size = draws[i]
                for t in range(FIRST_FACE_UP):
                    size -= drawn[i][t]
                if size < 0:
                    ok = False
                    break
                for k in range(size):
                    t = draw_type(rp, FIRST_FACE_UP, rng)
                    if t < 0:
                        ok = False
                        break
                    drawn[i][t] += 1
                if not ok or not plays_fit(s, i, held[i], drawn[i]):
                    ok = False
            if not ok:
                continue
            for i in range(n):
                if (known >> i) & 1:
                    continue
                for t in range(NUM_SPECIAL_TYPES):
                    s.hand[i][t] = held[i][t] + drawn[i][t] - played[i][t]
                    s.drawn_since[i][t] = drawn[i][t]
            for t in range(NUM_SPECIAL_TYPES):
                s.sp_deck[t] = rp[t]
            return mode
    return 3


cdef void determinize(void* p, int observer, Rng* rng) noexcept nogil:
    """Deals the other players' secret hands again from every card the observer has not seen (their hands and
    the special deck, pooled by type in canonical order), keeping each hand's size. Gimmicks and Experts go
    face up when drawn ("put these face-up in front of you"), so a secret hand holds one only while it is the
    card dealt at setup and its owner has not started a turn ("You may only look at the card you get"). The
    hands that may hold only one-use cards are dealt first from the one-use cards; then the setup cards still
    secret from what is left (uniform over the deals that fit what the observer saw). After a reshuffle the
    new deck's contents were public, and deal_since_reshuffle() deals from what that leaves unseen."""
    cdef DinoState* s = <DinoState*>p
    cdef int pool[NUM_SPECIAL_TYPES]
    cdef int total[2]
    cdef int i, t, k, size, pick, kinds, free, rnd
    if s.reshuffles:
        deal_since_reshuffle(s, 1 << observer, rng)
        return
    total[0] = 0                                # one-use cards
    total[1] = 0                                # all cards
    for t in range(NUM_SPECIAL_TYPES):
        pool[t] = s.sp_deck[t]
        for i in range(s.num_players):
            if i != observer:
                pool[t] += s.hand[i][t]
        if t < FIRST_FACE_UP:
            total[0] += pool[t]
        total[1] += pool[t]
    for rnd in range(2):
        for i in range(s.num_players):
            if i == observer:
                continue
            free = may_hide_face_up(s, i)
            if free != rnd:
                continue
            size = hand_count(s, i)
            for t in range(NUM_SPECIAL_TYPES):
                s.hand[i][t] = 0
            kinds = NUM_SPECIAL_TYPES if free else FIRST_FACE_UP
            for k in range(size):
                if total[free] == 0:
                    break
                pick = rng_below(rng, total[free])
                for t in range(kinds):
                    if pick < pool[t]:
                        break
                    pick -= pool[t]
                pool[t] -= 1
                total[1] -= 1
                if t < FIRST_FACE_UP:
                    total[0] -= 1
                s.hand[i][t] += 1
    for t in range(NUM_SPECIAL_TYPES):
        s.sp_deck[t] = pool[t]


cdef void mask_for(DinoState* s, int player) noexcept nogil:
    """What `player` knows: other hands and the special deck reduced to their sizes."""
    cdef int i, t, n
    for i in range(s.num_players):
        if i != player:
            n = hand_count(s, i)
            for t in range(NUM_SPECIAL_TYPES):
                s.hand[i][t] = 0
            s.hand[i][0] = n
            n = drawn_count(s, i)
            for t in range(NUM_SPECIAL_TYPES):
                s.drawn_since[i][t] = 0
            s.drawn_since[i][0] = n
    n = deck_total(s)
    for t in range(NUM_SPECIAL_TYPES):
        s.sp_deck[t] = 0
    s.sp_deck[0] = n


cdef uint64_t infoset_hash(const void* p, int player) noexcept nogil:
    cdef DinoState m
    memcpy(&m, p, sizeof(DinoState))
    mask_for(&m, player)
    cdef const uint8_t* b = <const uint8_t*>&m
    cdef uint64_t h = 1469598103934665603ULL
    cdef int i
    h = (h ^ <uint64_t>(player + 1)) * 1099511628211ULL
    for i in range(sizeof(DinoState)):
        h = (h ^ b[i]) * 1099511628211ULL
    return h


cdef int observed_action(const void* p, int a, int player) noexcept nogil:
    cdef const DinoState* s = <const DinoState*>p
    if C_SPECIAL <= a < C_SPECIAL + NUM_SPECIAL_TYPES and current_player(p) == CHANCE \
            and not (s.top == NONE and s.deck_below > 0) and s.draw_for != player \
            and (a < C_SPECIAL + FIRST_FACE_UP or s.phase == PH_SETUP_SPECIALS):
        return C_SPECIAL_HIDDEN
    return a


cdef int rollout_action(const void* p, Rng* rng, int variant) noexcept nogil:
    """A cheap greedy policy for rollouts: hunt when a hunt is possible, else travel to a period with a
    creature the remaining energy can send home, else end the turn; in a window play a card if one fits
    (a roll change or override), else pass; placements at random. With the play deck empty and no creature
    within reach this turn, a step toward the nearest creature instead of ending the turn."""
    cdef const DinoState* s = <const DinoState*>p
    cdef int buf[NUM_ACTIONS]
    cdef int n = legal_actions(p, buf), i, me = s.current, q, k, c, d, best = 0
    cdef int cand[NUM_PERIODS + NUM_SLOTS]
    cdef uint8_t tops[NUM_SLOTS]
    cdef uint8_t heights[NUM_SLOTS]
    if s.phase == PH_PLACE:
        return buf[rng_below(rng, n)]
    if s.phase == PH_WINDOW:
        for i in range(n - 1, -1, -1):
            if buf[i] != A_PASS:
                return buf[i]
        return A_PASS
    for i in range(n):
        if A_HUNT <= buf[i] < A_END:
            cand[best] = buf[i]
            best += 1
    if best:
        return cand[rng_below(rng, best)]
    slot_tops(s, tops, heights)
    for i in range(n):
        if A_TRAVEL <= buf[i] < A_HUNT:
            q = buf[i] - A_TRAVEL
            d = travel_cost(s, me, q - s.pos[me] if q > s.pos[me] else s.pos[me] - q)
            for k in range(SPACES):
                c = tops[q * SPACES + k]
                if c != NONE and send_cost(s, me, c) + d <= s.energy[me]:
                    cand[best] = buf[i]
                    best += 1
                    break
    if best:
        return cand[rng_below(rng, best)]
    if deck_empty(s):
        # No creature is within this turn's energy and none will be dealt: a step toward the nearest one (the
        # energy is refilled at the start of the next turn), where ending the turn would wait for ever.
        c = -1                                  # the nearest other period with a creature to hunt
        for q in range(NUM_PERIODS):
            k = q - s.pos[me] if q > s.pos[me] else s.pos[me] - q
            if k > 0 and (c < 0 or k < (c - s.pos[me] if c > s.pos[me] else s.pos[me] - c)) \
                    and (tops[q * SPACES] != NONE or tops[q * SPACES + 1] != NONE or tops[q * SPACES + 2] != NONE):
                c = q
        if c >= 0:
            q = s.pos[me] + (1 if c > s.pos[me] else -1)
            for i in range(n):
                if buf[i] == A_TRAVEL + q:
                    return buf[i]
    return A_END


# ---- legal states (check_state): one C definition of what the rules allow ----

cdef int check_play_log(const DinoState* s, char* m, size_t size) noexcept nogil:
    """The draws and the plays logged since the last reshuffle (Interpretation 16): seats and types in range, each
    play's count of draws before it in order; all empty before the first reshuffle."""
    cdef int n = s.num_players, p, t, k, tot, last
    if s.reshuffles == 0:
        if s.plays_logged or any_count(s.cycle_deck, NUM_SPECIAL_TYPES) \
                or any_count(&s.drawn_since[0][0], MAX_DJ_PLAYERS * NUM_SPECIAL_TYPES) \
                or any_count(s.play_log, MAX_PLAYS_LOGGED) or any_count(s.play_drawn, MAX_PLAYS_LOGGED):
            snprintf(m, size, "special_reshuffle: entries set, but the special deck has not been reshuffled")
            return 1
        return 0
    # (In play from the start the first round never empties the deck, but a position may start there with most
    # special cards discarded: a seat's setup card can still be secret at a reshuffle; deal_since_reshuffle
    # deals it from every kind.)
    if s.plays_logged > MAX_PLAYS_LOGGED:
        snprintf(m, size, "special_reshuffle.plays_since: %d plays, at most %d", <int>s.plays_logged,
                 <int>MAX_PLAYS_LOGGED)
        return 1
    for p in range(MAX_DJ_PLAYERS):
        for t in range(NUM_SPECIAL_TYPES):
            if s.drawn_since[p][t] and (p >= n or t >= FIRST_FACE_UP):
                snprintf(m, size, "players[%d].drawn_since_reshuffle: type %d, only seats' one-use cards are "
                         "drawn into a hand", p, t)
                return 1
    for k in range(MAX_PLAYS_LOGGED):
        if k >= s.plays_logged:
            if s.play_log[k] or s.play_drawn[k]:
                snprintf(m, size, "special_reshuffle.plays_since: entry %d set beyond the %d plays", k,
                         <int>s.plays_logged)
                return 1
            continue
        p = logged_seat(s.play_log[k])
        t = logged_type(s.play_log[k])
        if p >= n or t >= SP_PRAEMIE_FLEISCH:
            snprintf(m, size, "special_reshuffle.plays_since[%d]: player %d, type %d: not a seat and a card "
                     "played from the hand", k, p, t)
            return 1
        # the seat's draws when it played never decrease along the log and never exceed its draws so far
        last = 0
        for tot in range(k):
            if logged_seat(s.play_log[tot]) == p:
                last = s.play_drawn[tot]
        if s.play_drawn[k] < last or s.play_drawn[k] > drawn_count(s, p):
            snprintf(m, size, "special_reshuffle.plays_since[%d].drawn_before: %d, expected %d..%d (player %d's "
                     "draws since the reshuffle)", k, <int>s.play_drawn[k], last, drawn_count(s, p), p)
            return 1
    return 0


cdef int check_reshuffle_counts(const DinoState* s, char* m, size_t size) noexcept nogil:
    """The cards since the last reshuffle add up: the new deck is the deck left and the draws since, the discard
    the plays since, and each seat could hold the cards it played (check_play_log() has bounded the log)."""
    cdef int n = s.num_players, p, t, k, tot
    cdef int played[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]
    cdef int held[NUM_SPECIAL_TYPES]
    cdef int drawn[NUM_SPECIAL_TYPES]
    if s.reshuffles == 0:
        return 0
    for p in range(MAX_DJ_PLAYERS):
        for t in range(NUM_SPECIAL_TYPES):
            played[p][t] = 0
    for k in range(s.plays_logged):
        played[logged_seat(s.play_log[k])][logged_type(s.play_log[k])] += 1
    for t in range(NUM_SPECIAL_TYPES):
        tot = s.sp_deck[t]
        for p in range(n):
            tot += s.drawn_since[p][t]
        # one-use cards leave the new deck only by secret draws and reach the discard only by plays
        if (t < FIRST_FACE_UP and tot != s.cycle_deck[t]) or s.sp_deck[t] > s.cycle_deck[t]:
            snprintf(m, size, "special_reshuffle.deck_at_reshuffle: %d of type %d, but deck and draws since hold %d",
                     <int>s.cycle_deck[t], t, tot)
            return 1
        if t < FIRST_FACE_UP:
            tot = 0
            for p in range(n):
                tot += played[p][t]
            if tot != s.sp_discard[t]:
                snprintf(m, size, "special_discard: %d of type %d, but %d were played since the reshuffle",
                         <int>s.sp_discard[t], t, tot)
                return 1
    for p in range(n):
        for t in range(NUM_SPECIAL_TYPES):
            held[t] = s.hand[p][t] - s.drawn_since[p][t] + played[p][t]
            drawn[t] = s.drawn_since[p][t]
            if held[t] < 0:
                snprintf(m, size, "players[%d].drawn_since_reshuffle: hand, draws and plays since the reshuffle "
                         "leave %d of type %d held then", p, held[t], t)
                return 1
        if not plays_fit(s, p, held, drawn):
            snprintf(m, size, "special_reshuffle.plays_since: player %d played cards it could not hold then", p)
            return 1
    return 0


cdef int check_table(const DinoState* s, char* m, size_t size) noexcept nogil:
    """The player count, the phase, the seats named by the turn, the turn counter and the marker."""
    cdef int n = s.num_players
    if n < MIN_DJ_PLAYERS or n > MAX_DJ_PLAYERS:
        snprintf(m, size, "num_players: %d, expected %d..%d", n, MIN_DJ_PLAYERS, MAX_DJ_PLAYERS)
        return 1
    if s.phase > PH_OVER:
        snprintf(m, size, "phase: %d is not a phase (0..%d)", <int>s.phase, <int>PH_OVER)
        return 1
    if s.current >= n or s.first_player >= n or s.draw_for >= n or s.setup_dealt > n:
        snprintf(m, size, "turn_player/first_player/draw_for/setup_dealt: %d/%d/%d/%d, expected seats 0..%d",
                 <int>s.current, <int>s.first_player, <int>s.draw_for, <int>s.setup_dealt, n - 1)
        return 1
    if s.turns > MAX_TURNS:
        snprintf(m, size, "turns: %d, at most %d", <int>s.turns, <int>MAX_TURNS)
        return 1
    if s.marker != NONE and s.marker >= NUM_PERIODS:
        snprintf(m, size, "kein_aussterben_marker: %d is not a period", <int>s.marker)
        return 1
    return 0


cdef int check_players(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Each seat's energy, period, first turn, cards in hand and face up, and Gimmick uses; the seats beyond the
    player count hold nothing."""
    cdef int n = s.num_players, p, t
    for p in range(MAX_DJ_PLAYERS):
        if p >= n:
            if (s.energy[p] or s.pos[p] or s.started[p] or s.scope_used[p] or s.jam_used[p]
                    or any_count(s.hand[p], NUM_SPECIAL_TYPES) or any_count(s.face_up[p], NUM_SPECIAL_TYPES)):
                snprintf(m, size, "players[%d]: not a seat of a %d-player game, its entries must be 0", p, n)
                return 1
            continue
        if s.energy[p] > MAX_ENERGY:
            snprintf(m, size, "players[%d].energy: %d, expected 0..%d", p, <int>s.energy[p], <int>MAX_ENERGY)
            return 1
        if s.pos[p] >= NUM_PERIODS:
            snprintf(m, size, "players[%d].period: %d is not a period", p, <int>s.pos[p])
            return 1
        if s.started[p] > 1:
            snprintf(m, size, "players[%d].had_first_turn: %d, expected 0 or 1", p, <int>s.started[p])
            return 1
        for t in range(NUM_SPECIAL_TYPES):
            # Gimmicks and Experts go face up when drawn, one-use cards stay secret in the hand
            # (except the setup card: secret until its owner's first turn, the only card of that hand)
            if t >= FIRST_FACE_UP and s.hand[p][t] and not may_hide_face_up(s, p):
                snprintf(m, size, "players[%d].hand: holds a Gimmick or Expert (type %d), those lie face up "
                         "(only the setup card stays secret until its owner's first turn)", p, t)
                return 1
            if t < FIRST_FACE_UP and s.face_up[p][t]:
                snprintf(m, size, "players[%d].face_up: a one-use card (type %d) is not played face up", p, t)
                return 1
        if s.scope_used[p] > s.face_up[p][SP_ZIELFERNROHR] or s.jam_used[p] > s.face_up[p][SP_STOERFELD]:
            snprintf(m, size, "players[%d].gimmicks_used: %d/%d uses, more than the Gimmicks owned", p,
                     <int>s.scope_used[p], <int>s.jam_used[p])
            return 1
    return 0


cdef int check_special_cards(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Every special card once: deck, discard, hands, face up."""
    cdef int n = s.num_players, p, t, tot
    for t in range(NUM_SPECIAL_TYPES):
        tot = s.sp_deck[t] + s.sp_discard[t]
        for p in range(n):
            tot += s.hand[p][t] + s.face_up[p][t]
        if tot != SP_COUNT[t]:
            snprintf(m, size, "special_deck: %d cards of special type %d in all places, the game has %d", tot, t,
                     <int>SP_COUNT[t])
            return 1
    return 0


cdef int check_hunting_area(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Creatures: one location each; the hunting area stacks from height 1 without gaps."""
    cdef int n = s.num_players, c, k, q
    cdef int count[NUM_SLOTS]
    for k in range(NUM_SLOTS):
        count[k] = 0
    for c in range(NUM_CREATURES):
        if s.loc[c] >= LOC_CAPTURED + n:
            snprintf(m, size, "loc[%d]: %d is not a location", c, <int>s.loc[c])
            return 1
        if s.loc[c] == LOC_AREA:
            if s.slot[c] >= NUM_SLOTS or not (CR_PERIODS[c] >> (s.slot[c] // SPACES)) & 1 or s.height[c] == 0:
                snprintf(m, size, "hunting_area: creature %d in space %d at height %d, not a space of its periods",
                         c, <int>s.slot[c], <int>s.height[c])
                return 1
            count[s.slot[c]] += 1
        elif s.slot[c] or s.height[c]:
            snprintf(m, size, "slot[%d]: creature %d is not in the hunting area, slot and height must be 0", c, c)
            return 1
    for c in range(NUM_CREATURES):
        if s.loc[c] == LOC_AREA:
            k = s.slot[c]
            if s.height[c] > count[k]:
                snprintf(m, size, "hunting_area: space %d holds %d creatures, one lies at height %d", k, count[k],
                         <int>s.height[c])
                return 1
            for q in range(c + 1, NUM_CREATURES):
                if s.loc[q] == LOC_AREA and s.slot[q] == k and s.height[q] == s.height[c]:
                    snprintf(m, size, "hunting_area: creatures %d and %d share height %d of space %d", c, q,
                             <int>s.height[c], k)
                    return 1
    return 0


cdef int check_play_deck(const DinoState* s, char* m, size_t size) noexcept nogil:
    """The play deck's top and the cards below it, the creatures waiting to be placed and those still to deal."""
    cdef int c, seen = 0, tops_n = 0, pending = 0, unseen
    for c in range(NUM_CREATURES):
        if s.loc[c] != LOC_UNSEEN:
            seen += 1
        if s.loc[c] == LOC_TOP:
            tops_n += 1
        if s.loc[c] == LOC_PENDING:
            pending += 1
    if s.top == NONE:
        if tops_n:
            snprintf(m, size, "play_deck.top: none, but a creature lies on top of the play deck")
            return 1
    elif s.top >= NUM_CREATURES or s.loc[s.top] != LOC_TOP or tops_n != 1:
        snprintf(m, size, "play_deck.top: %d is not the one creature on top of the play deck", <int>s.top)
        return 1
    unseen = NUM_CREATURES - seen
    if s.deck_below > unseen:
        snprintf(m, size, "play_deck.below_top: %d, but only %d creatures are unseen", <int>s.deck_below, unseen)
        return 1
    if pending and s.phase != PH_PLACE and s.phase != PH_DEAL:
        snprintf(m, size, "to_place: %d creatures wait to be placed, but the phase is %d", pending, <int>s.phase)
        return 1
    if s.to_deal > DIE_FACES or (s.to_deal and s.phase != PH_DEAL):
        snprintf(m, size, "to_deal: %d, expected 0..%d and 0 outside the deal", <int>s.to_deal, DIE_FACES)
        return 1
    return 0


cdef int check_hunt(const DinoState* s, char* m, size_t size) noexcept nogil:
    """The hunt: its target is the topmost creature of a space in the hunter's period; no hunt fields outside it."""
    cdef int n = s.num_players
    cdef uint8_t tops[NUM_SLOTS]
    cdef uint8_t heights[NUM_SLOTS]
    if s.phase == PH_HUNT_ROLL or s.phase == PH_WINDOW:
        if s.target >= NUM_CREATURES or s.target_slot >= NUM_SLOTS or s.loc[s.target] != LOC_AREA \
                or s.slot[s.target] != s.target_slot:
            snprintf(m, size, "hunt.target: %d is not a creature in space %d", <int>s.target, <int>s.target_slot)
            return 1
        slot_tops(s, tops, heights)
        if tops[s.target_slot] != s.target:
            snprintf(m, size, "hunt.target: creature %d lies under another creature, only the topmost is hunted",
                     <int>s.target)
            return 1
        if s.target_slot // SPACES != s.pos[s.current]:
            snprintf(m, size, "hunt.space: space %d is not in the hunter's period %d", <int>s.target_slot,
                     <int>s.pos[s.current])
            return 1
        if (s.phase == PH_HUNT_ROLL and s.die != 0) or (s.phase == PH_WINDOW and not 1 <= s.die <= DIE_FACES):
            snprintf(m, size, "hunt.die: %d, expected 0 before the roll, 1..%d after it", <int>s.die, DIE_FACES)
            return 1
        if s.override > R_MISS or s.mods < -MAX_ROLL_CHANGE or s.mods > MAX_ROLL_CHANGE:
            snprintf(m, size, "hunt.override: %d (modifier %d), expected none/capture/miss and -%d..%d",
                     <int>s.override, <int>s.mods, MAX_ROLL_CHANGE, MAX_ROLL_CHANGE)
            return 1
        if s.window_pos >= n or s.passes >= n:
            snprintf(m, size, "hunt.ask_next: %d (passes %d), expected a seat and fewer passes than players",
                     <int>s.window_pos, <int>s.passes)
            return 1
    elif s.target != NONE or s.target_slot != NONE or s.die or s.mods or s.override or s.window_pos or s.passes \
            or any_count(s.scope_used, MAX_DJ_PLAYERS) or any_count(s.jam_used, MAX_DJ_PLAYERS):
        snprintf(m, size, "hunt: hunt fields set outside a hunt")
        return 1
    return 0


cdef int check_setup_and_draws(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Who draws in the setup and in a turn; no turns during the setup; first turns only as turns have begun."""
    cdef int n = s.num_players, p, tot = 0
    if s.phase == PH_SETUP_SPECIALS and (s.setup_dealt >= n or s.draw_for != s.setup_dealt):
        snprintf(m, size, "setup_dealt: %d dealt, drawing for %d", <int>s.setup_dealt, <int>s.draw_for)
        return 1
    if (s.phase == PH_TURN_DRAW or s.phase == PH_BONUS_DRAW) and s.draw_for != s.current:
        snprintf(m, size, "draw_for: %d, the player whose turn it is draws (%d)", <int>s.draw_for,
                 <int>s.current)
        return 1
    if s.phase <= PH_SETUP_FIRST and (s.turns or any_count(s.started, MAX_DJ_PLAYERS)):
        snprintf(m, size, "turns: %d turns played during the setup", <int>s.turns)
        return 1
    # the seats take their first turns one a turn, in turn order: a seat has had one only after as many turns,
    # and after the first round every seat has
    for p in range(n):
        tot += s.started[p]
    if tot > s.turns:
        snprintf(m, size, "players: %d seats have had their first turn, but only %d turns have started", tot,
                 <int>s.turns)
        return 1
    if s.turns > n:
        for p in range(n):
            if not s.started[p]:
                snprintf(m, size, "players[%d].had_first_turn: false, but %d turns have started (every seat has "
                         "its first turn in the first round)", p, <int>s.turns)
                return 1
    return 0


cdef int check_turn_order(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Turns go round the table from first_player, so the turns begun say whose turn it is and which seats have had
    their first turn (marked at its roll, PH_TURN_ROLL); a terminal position plays no more and is not checked."""
    cdef int n = s.num_players, p, q, k
    cdef bint seen
    if PH_TURN_START <= s.phase < PH_OVER:
        if s.phase != PH_TURN_START and s.turns < 1:
            snprintf(m, size, "turns: 0, but a turn is under way")
            return 1
        k = s.turns if s.phase == PH_TURN_START else s.turns - 1        # the turns finished before this one
        if s.current != (s.first_player + k) % n:
            snprintf(m, size, "turn_player: %d, but %d turns from first_player %d make it seat %d's turn",
                     <int>s.current, k, <int>s.first_player, (s.first_player + k) % n)
            return 1
        for p in range(n):
            q = (p - s.first_player + n) % n                             # seat p's first turn follows q turns
            seen = q < k or (q == k and s.phase > PH_TURN_ROLL)
            if s.started[p] != seen:
                snprintf(m, size, "players[%d].had_first_turn: %s, but %d turns from first_player %d say %s", p,
                         "true" if s.started[p] else "false", <int>s.turns, <int>s.first_player,
                         "true" if seen else "false")
                return 1
    return 0


cdef int check_pending_step(const DinoState* s, char* m, size_t size) noexcept nogil:
    """Stored states are normalized (the forced steps have run: apply_action and the loader both end so), and
    what the state waits for can happen: a chance event with an outcome, a decision with a legal action."""
    cdef int p
    cdef int acts[NUM_ACTIONS]
    cdef double probs[NUM_ACTIONS]
    cdef DinoState after
    memcpy(&after, s, sizeof(DinoState))
    normalize(&after)
    if memcmp(&after, s, sizeof(DinoState)) != 0:
        snprintf(m, size, "phase: %d is a passing step here, play would have moved on (to %d)", <int>s.phase,
                 <int>after.phase)
        return 1
    p = current_player(s)
    if p == CHANCE and chance_outcomes(s, acts, probs) == 0:
        snprintf(m, size, "phase: a chance event is pending but has no outcome")
        return 1
    if p >= 0 and legal_actions(s, acts) == 0:
        snprintf(m, size, "phase: player %d is to move but has no legal action", p)
        return 1
    return 0


cdef int check(const void* state, char* m, size_t size) noexcept nogil:
    """0 when the rules allow the state, else 1 with "field: reason" in m. The parts run in an order that reads
    only in range, on any bytes; the first wrong field found is the one named."""
    cdef const DinoState* s = <const DinoState*>state
    if (check_table(s, m, size) or check_players(s, m, size) or check_special_cards(s, m, size) or
            check_hunting_area(s, m, size) or check_play_deck(s, m, size) or check_hunt(s, m, size) or
            check_setup_and_draws(s, m, size) or check_turn_order(s, m, size) or check_play_log(s, m, size) or
            check_reshuffle_counts(s, m, size) or check_pending_step(s, m, size)):
        return 1
    return 0


# ---- the GameTable, and the module's Python entry to the rules ----

cdef GameTable TABLES[MAX_DJ_PLAYERS - MIN_DJ_PLAYERS + 1]      # one per player count
cdef GameTable RULES = game_table("dino_jagd", sizeof(DinoState), NUM_ACTIONS, NUM_CREATURES, current_player,
                                  legal_actions, apply_action, chance_outcomes, sample_chance, returns, scores,
                                  heuristic, HEURISTIC_VARIANTS, DEFAULT_HEURISTIC_VARIANT, determinize,
                                  infoset_hash, observed_action, rollout_action)
fill_tables(TABLES, RULES, MIN_DJ_PLAYERS, MAX_DJ_PLAYERS, 400000)

STATE_SIZE = sizeof(DinoState)


def make_table(dict params):
    return table_capsule(&TABLES[params["players"] - MIN_DJ_PLAYERS])


def deck_size(fraction):
    """Creature cards cut into the play deck: round(fraction * 78), at least 1."""
    f = float(fraction)
    if not 0.0 < f <= 1.0:
        raise ValueError("deck_fraction: must be in (0, 1]")
    return max(1, min(NUM_CREATURES, int(round(f * NUM_CREATURES))))


cdef DinoState blank(int players):
    cdef DinoState s
    memset(&s, 0, sizeof(s))
    s.num_players = players
    s.top = NONE
    s.marker = NONE
    s.target = NONE
    s.target_slot = NONE
    for i in range(players):
        s.pos[i] = START_PERIOD
        s.energy[i] = MAX_ENERGY
    for t in range(NUM_SPECIAL_TYPES):
        s.sp_deck[t] = SP_COUNT[t]
    return s


def initial_state(dict params):
    cdef DinoState s = blank(params["players"])
    s.deck_below = deck_size(params.get("deck_fraction", 0.5))
    s.phase = PH_SETUP_SPECIALS
    return state_bytes(&s, sizeof(s))


cdef DinoState load(bytes data):
    cdef DinoState s
    load_state(&s, sizeof(DinoState), data)
    return s


def evaluation_features(bytes data):
    """Each player's features of the learned evaluation (EVALUATION_FEATURES), for fitting its weights
    (benchmarks/fit_evaluation.py). Legal states only."""
    cdef DinoState s = load(data)
    cdef double f[NUM_EVALUATION_FEATURES]
    error = check_state(data)
    if error is not None:
        raise ValueError(error)
    rows = []
    for i in range(s.num_players):
        evaluation_features_of(&s, i, f)
        rows.append([f[k] for k in range(NUM_EVALUATION_FEATURES)])
    return rows


def deal_method(bytes data, int observer, seed=0):
    """Which method of deal_since_reshuffle() determinize(observer) uses here (0 the filtered uniform deal,
    1 and 2 the deals that serve the plays first, 3 none fits: the state is kept), None before any reshuffle. For
    measurements (benchmarks/dino_jagd_reshuffle.py) and tests."""
    cdef DinoState s = load(data)
    cdef Rng rng
    error = check_state(data)           # the deal indexes seats by the logged plays: legal states only
    if error is not None:
        raise ValueError(error)
    if s.reshuffles == 0:
        return None
    if not 0 <= observer < s.num_players:
        raise ValueError(f"observer: expected a seat 0..{s.num_players - 1}")
    rng_seed(&rng, seed)
    return deal_since_reshuffle(&s, 1 << observer, &rng)
