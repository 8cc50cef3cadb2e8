# Honga: the rules and the GameTable functions (all `noexcept nogil`, no Python objects): helpers, the turn
# flow, legal actions, apply, chance, scores and heuristic, determinization, the legal-state check (check_state's
# C side) and the table fill; at the end the opening (fresh_state) and the Python entry points make_table and
# initial_state.

# ---- helpers ----

cdef inline int is_red(int d) noexcept nogil:
    return d >= NUM_GREY


cdef inline int bonus_total(const uint8_t* counts) noexcept nogil:
    return count_total(counts, NUM_KINDS)


cdef inline int popcount64(uint64_t x) noexcept nogil:
    return cm_popcount64(x)


cdef inline uint64_t colour_mask(int red) noexcept nogil:
    if red:
        return ((<uint64_t>1 << NUM_DISCS) - 1) & ~((<uint64_t>1 << NUM_GREY) - 1)
    return (<uint64_t>1 << NUM_GREY) - 1


cdef uint64_t under_mask(const HongaState* s, int red) noexcept nogil:
    """The discs of that colour lying face down under their pile (Extra disc)."""
    cdef uint64_t m = 0
    cdef int d
    for d in range(NUM_GREY if red else 0, NUM_DISCS if red else NUM_GREY):
        if s.under_pos[d]:
            m |= <uint64_t>1 << d
    return m


cdef int next_under(const HongaState* s, int red) noexcept nogil:
    """The under disc drawn next once the rest of the pile is gone: the one put under first."""
    cdef int d, best = -1
    for d in range(NUM_GREY if red else 0, NUM_DISCS if red else NUM_GREY):
        if s.under_pos[d] and (best < 0 or s.under_pos[d] < s.under_pos[best]):
            best = d
    return best


cdef void add_points(HongaState* s, int p, int v) noexcept nogil:
    s.score[p] += v
    if s.score[p] >= THRESHOLD[s.num_players]:
        s.end_triggered = 1


cdef void gain(HongaState* s, int p, int r, int amount) noexcept nogil:
    # no track limit in the rules; gathering is not offered at the storage bound (legal_actions)
    s.res[p][r] += amount


cdef void honga_eats(HongaState* s, int p) noexcept nogil:
    """One unit of the topmost available resource: fish, berry, mushroom, water, then a board mammoth."""
    cdef int r
    for r in range(4):
        if s.res[p][r] > 0:
            s.res[p][r] -= 1
            return
    if s.board_mammoths[p] > 0:
        s.board_mammoths[p] -= 1
        s.depot_mammoths[p] += 1


cdef int climb(HongaState* s, int p, int steps) noexcept nogil:
    """Returns 1 when the caveman reached the top (and everybody was paid and reset)."""
    cdef int i, q
    for i in range(steps):
        s.mountain[p] += 1
        if s.mountain[p] >= MOUNTAIN_TOP:
            add_points(s, p, 5)
            for q in range(s.num_players):
                if q != p:
                    add_points(s, q, MOUNTAIN_VAL[s.mountain[q]])
            for q in range(s.num_players):
                s.mountain[q] = 0
            return 1                    # surplus steps are forfeited
    return 0


cdef void reassess_tusk(HongaState* s) noexcept nogil:
    cdef int cnt[MAXP]
    cdef int i, best = 0, holder = -1
    for i in range(MAXP):
        cnt[i] = 0
    for i in range(s.herd_len):
        cnt[s.herd[i]] += 1
    for i in range(s.num_players):
        if cnt[i] > best:
            best = cnt[i]
    if best == 0:
        s.tusk = -1
        return
    for i in range(s.num_players):
        if cnt[i] == best and (holder < 0 or s.last_placed[i] > s.last_placed[holder]):
            holder = i
    s.tusk = holder


cdef void lure(HongaState* s, int p) noexcept nogil:
    """The new mammoth goes on the first place, the older ones move on one place; one pushed off the last
    place goes to its owner's player board."""
    cdef int i, off
    s.depot_mammoths[p] -= 1
    if s.herd_len >= HERD_SIZE[s.num_players]:
        s.herd_len -= 1
        off = s.herd[s.herd_len]
        s.herd[s.herd_len] = -1
        s.board_mammoths[off] += 1
        if HERD_PTS[s.num_players]:
            add_points(s, off, HERD_PTS[s.num_players])
    for i in range(s.herd_len, 0, -1):
        s.herd[i] = s.herd[i - 1]
    s.herd[0] = p
    s.herd_len += 1
    s.stamp += 1
    s.last_placed[p] = s.stamp
    reassess_tusk(s)


cdef void cover_from(int* pool, int* need, int swap) noexcept nogil:
    """Covers what it can of need[0..2] (fish, berry, mushroom) from pool[0..2], like for like, then (with
    the swap card) berries for mushrooms and back; takes what it uses out of pool. Used for the Good trade
    card's resources, whose surplus is lost, so using as many of them as possible never hurts."""
    cdef int i, j, u
    for i in range(3):
        u = pool[i] if pool[i] < need[i] else need[i]
        pool[i] -= u
        need[i] -= u
    if swap:
        for i in range(1, 3):
            j = 3 - i
            u = pool[j] if pool[j] < need[i] else need[i]
            pool[j] -= u
            need[i] -= u


cdef int can_pay(const uint8_t* have, const int* owe, int owe_any, int swap, int key, int floor) noexcept nogil:
    """1 if `have` (fish, berry, mushroom, water) can pay `owe` (fish, berry, mushroom) plus `owe_any` units
    of any food, each unit with its own resource, (swap card) the other of berry/mushroom, or 2 water.
    key/floor: the owed food (0-2, 3 = any) whose payment has begun and the rank of the way its last unit
    was paid (own 0 < swap 1 < water 2; any: fish 0 < berry 1 < mushroom 2 < water 3); its remaining
    units are paid at that rank or higher (the canonical order that lists every payment once)."""
    cdef int x, y, xmax, ymax, o, o1, o2, bav, mav, short, g
    cdef int own_ok[3]
    cdef int swap_ok[3]
    for g in range(3):
        own_ok[g] = not (key == g and floor > 0)
        swap_ok[g] = swap and g > 0 and not (key == g and floor > 1)
    if owe_any:
        short = owe_any
        if key == 3:
            for g in range(floor, 3):
                short -= have[g]
            if floor > 3:
                return 0
        else:
            short -= have[0] + have[1] + have[2]
        if short <= 0:
            return 1
        return 2 * short <= have[3]
    xmax = owe[1] if swap_ok[1] else 0      # berries paid with mushrooms
    ymax = owe[2] if swap_ok[2] else 0      # mushrooms paid with berries
    for x in range(xmax + 1):
        for y in range(ymax + 1):
            bav = have[1] - y
            mav = have[2] - x
            if bav < 0 or mav < 0:
                continue
            short = 0
            o = have[0] if have[0] < owe[0] else owe[0]
            if not own_ok[0]:
                o = 0
            short += owe[0] - o
            o1 = bav if bav < owe[1] - x else owe[1] - x
            if not own_ok[1]:
                o1 = 0
            short += owe[1] - x - o1
            o2 = mav if mav < owe[2] - y else owe[2] - y
            if not own_ok[2]:
                o2 = 0
            short += owe[2] - y - o2
            if 2 * short <= have[3]:
                return 1
    return 0


cdef int own_mammoths(const HongaState* s, int p) noexcept nogil:
    cdef int i, c = s.board_mammoths[p]
    for i in range(s.herd_len):
        if s.herd[i] == p:
            c += 1
    return c


cdef int own_in_herd_below(const HongaState* s, int p, int lim) noexcept nogil:
    cdef int i, c = 0
    for i in range(lim):
        if i < s.herd_len and s.herd[i] == p:
            c += 1
    return c


cdef int pay_key(const HongaState* s) noexcept nogil:
    """What the next unit pays: 0-2 an owed food, 3 a unit of any food, 4 a mammoth, -1 nothing left."""
    cdef int r
    for r in range(3):
        if s.owe[r]:
            return r
    if s.owe_any:
        return 3
    if s.owe_mam:
        return 4
    return -1


cdef int give_rank(int key, int g, int swap) noexcept nogil:
    """Rank of paying an owed unit of `key` with `g` (see can_pay), -1 if that does not pay it."""
    if key == 3:
        return g
    if g == key:
        return 0
    if swap and key > 0 and g == 3 - key:
        return 1
    if g == 3:
        return 2
    return -1


cdef int pay_options(const HongaState* s, int* out) noexcept nogil:
    """The payment decisions open now: every way to pay the next owed unit after which the rest can still
    be paid. Food before mammoths, fish before berries before mushrooms, and within one owed food the ways
    in rank order, so that every distinct payment is reached by exactly one sequence."""
    cdef int n = 0, p = s.to_move, key = pay_key(s), g, rank, floor, i, cost, rest
    cdef uint8_t have[4]
    cdef int owe[3]
    if key < 0:
        return 0
    if key == 4:
        rest = s.owe_mam - 1
        if not s.mam_herd and s.board_mammoths[p] > 0 and (
                s.board_mammoths[p] - 1 + own_in_herd_below(s, p, s.mam_floor) >= rest):
            out[n] = P_BOARD_MAMMOTH
            n += 1
        for i in range(s.mam_floor):
            if i < s.herd_len and s.herd[i] == p and own_in_herd_below(s, p, i) >= rest:
                out[n] = P_HERD_MAMMOTH + i
                n += 1
        return n
    floor = s.pay_floor if s.pay_key == key else 0
    for g in range(4):
        rank = give_rank(key, g, s.pay_swap)
        if rank < floor:
            continue
        cost = 2 if g == 3 else 1
        if s.res[p][g] < cost:
            continue
        memcpy(have, s.res[p], 4)
        have[g] -= cost
        for i in range(3):
            owe[i] = s.owe[i]
        if key < 3:
            owe[key] -= 1
        if can_pay(have, owe, s.owe_any - (1 if key == 3 else 0), s.pay_swap, key, rank):
            out[n] = P_GIVE + g
            n += 1
    return n


cdef void pay_one(HongaState* s, int a) noexcept nogil:
    cdef int p = s.to_move, key = pay_key(s), g, i, j
    if a >= P_GIVE and a < P_GIVE + 4:
        g = a - P_GIVE
        s.res[p][g] -= 2 if g == 3 else 1
        if key == 3:
            s.owe_any -= 1
        else:
            s.owe[key] -= 1
        s.pay_floor = give_rank(key, g, s.pay_swap)
        s.pay_key = key
    elif a == P_BOARD_MAMMOTH:
        s.board_mammoths[p] -= 1
        s.depot_mammoths[p] += 1
        s.owe_mam -= 1
    else:
        i = a - P_HERD_MAMMOTH
        for j in range(i, s.herd_len - 1):
            s.herd[j] = s.herd[j + 1]
        s.herd_len -= 1
        s.herd[s.herd_len] = -1
        s.depot_mammoths[p] += 1
        s.owe_mam -= 1
        s.mam_floor = i
        s.mam_herd = 1
        reassess_tusk(s)


cdef void settle_payment(HongaState* s) noexcept nogil:
    """Applies forced payment steps (a single way to pay the next unit); when everything is paid, completes
    what was paid for and returns to the action phase."""
    cdef int opts[16]
    cdef int n, p = s.to_move
    while True:
        if pay_key(s) < 0:
            if s.pay_kind == PAY_LURE:
                lure(s, p)
            elif s.pay_kind == PAY_TRADE:
                s.trade_slot[s.pay_slot] = NO_DISC   # face up on the discard: neither in the pile nor a slot
                add_points(s, p, s.pay_points)
            else:
                add_points(s, p, s.pay_points)
            s.pay_kind = PAY_NONE
            s.pay_key = 255
            s.pay_floor = 0
            s.pay_swap = 0
            s.pay_slot = 0
            s.pay_points = 0
            s.mam_floor = 0
            s.mam_herd = 0
            s.phase = PH_ACT
            return
        n = pay_options(s, opts)
        if n != 1:
            return
        pay_one(s, opts[0])


cdef void net_need(int* need, int cf, int cb, int cm, int good, int swap) noexcept nogil:
    """need[0..2]: the fish, berries and mushrooms still owed of (cf, cb, cm) once a Good trade card's
    resources (with `good`) have covered what they can."""
    cdef int virt[3]
    cdef int i
    need[0] = cf
    need[1] = cb
    need[2] = cm
    for i in range(3):
        virt[i] = GOOD_RES[i] if good else 0
    cover_from(virt, need, swap)


cdef void start_payment(HongaState* s, int kind, int cf, int cb, int cm, int anyk, int mam, int good, int swap,
                        int slot, int points) noexcept nogil:
    cdef int need[3]
    cdef int i
    net_need(need, cf, cb, cm, good, swap)
    s.phase = PH_PAY
    s.pay_kind = kind
    for i in range(3):
        s.owe[i] = need[i]
    s.owe_any = anyk
    s.owe_mam = mam
    s.pay_key = 255
    s.pay_floor = 0
    s.pay_swap = 1 if swap else 0
    s.pay_slot = slot
    s.pay_points = points
    s.mam_floor = s.herd_len
    s.mam_herd = 0
    settle_payment(s)


cdef int payable(const HongaState* s, int p, int cf, int cb, int cm, int anyk, int good, int swap) noexcept nogil:
    cdef int need[3]
    net_need(need, cf, cb, cm, good, swap)
    return can_pay(s.res[p], need, anyk, swap, -1, 0)


cdef int can_trade(const HongaState* s, int p, int slot, int mods) noexcept nogil:
    cdef int c = s.trade_slot[slot]
    cdef int need = 0
    if c == NO_DISC:
        return 0
    if mods & 1:
        if s.bonus_known[p][K_GOOD] == 0:
            return 0
        need += 1
    if mods & 2:
        if s.bonus_known[p][K_SWAP] == 0:
            return 0
        need += 1
    if s.cards_played + need > 2:
        return 0
    if own_mammoths(s, p) < TRADE_COST[c][3]:
        return 0
    return payable(s, p, TRADE_COST[c][0], TRADE_COST[c][1], TRADE_COST[c][2], 0, mods & 1, mods & 2)


cdef int lure_cost_ok(const HongaState* s, int p, int skip) noexcept nogil:
    return payable(s, p, 0 if skip == 0 else 1, 0 if skip == 1 else 1, 0 if skip == 2 else 1, 0, 0, 0)


cdef int buy_ok(const HongaState* s, int p, int k) noexcept nogil:
    return payable(s, p, 0, 0, 0, k, 0, 0)


cdef inline int adjacent(const HongaState* s, int field) noexcept nogil:
    cdef int q
    if field == F_HONGA:
        return 0
    for q in range(4):
        if NEIGH[s.cur_field][q] == field:
            return 1
    return 0


cdef void compute_uses(int disc, int rf, int rot, uint8_t* uses) noexcept nogil:
    cdef int q
    for q in range(NUM_FIELDS):
        uses[q] = 0
    for q in range(4):
        uses[NEIGH[rf][(q + rot) & 3]] += DISC_H[disc][q]


# The rotations of each disc on each round field that give a use of the fields no earlier rotation gives (bit r
# for rotation r): a placement is listed once however the disc is turned. Filled at import, after the discs
# (data.pxi); legal_actions reads it instead of comparing the four rotations' uses at every placement.
cdef uint8_t PLACE_ROTATIONS[NUM_DISCS][4]


cdef void fill_place_rotations() noexcept nogil:
    cdef int d, f, r, r2, dup
    cdef uint8_t u[4][NUM_FIELDS]
    for d in range(NUM_DISCS):
        for f in range(4):
            PLACE_ROTATIONS[d][f] = 0
            for r in range(4):
                compute_uses(d, f, r, u[r])
                dup = 0
                for r2 in range(r):
                    if memcmp(u[r], u[r2], NUM_FIELDS) == 0:
                        dup = 1
                        break
                if not dup:
                    PLACE_ROTATIONS[d][f] |= 1 << r


fill_place_rotations()


# ---- turn flow ----

cdef void begin_turn(HongaState* s) noexcept nogil:
    cdef int nxt, k
    if s.turn == 0:
        nxt = 0
    else:
        nxt = (s.to_move + 1) % s.num_players
        if (s.end_triggered and nxt == 0) or s.turn >= MAX_TURNS:
            s.finished = 1
            return
    s.turn += 1
    s.to_move = nxt
    for k in range(NUM_KINDS):
        s.bonus_known[nxt][k] += s.bonus_fresh[nxt][k]
        s.bonus_fresh[nxt][k] = 0
    s.phase = PH_PLACE
    s.cur_field = 0
    s.cur_rot = 0
    s.cur_disc = NO_DISC
    memset(s.uses, 0, NUM_FIELDS)
    s.cards_played = 0
    s.sated = 0
    s.extra_disc = 0
    s.draw_red = 0
    s.top_reached = 0


cdef void advance(HongaState* s) noexcept nogil:
    """Settles automatic steps (reshuffles, end of the draws, the next turn) after every apply."""
    cdef int i, slot
    cdef uint64_t m, held
    cdef uint32_t tm
    while not s.finished:
        if s.phase == PH_ACT:
            if s.pend_bonus:
                if bonus_total(s.bonus_pile) == 0:
                    for i in range(NUM_KINDS):
                        s.bonus_pile[i] = s.bonus_discard[i]
                        s.bonus_discard[i] = 0
                    if bonus_total(s.bonus_pile) == 0:
                        s.pend_bonus = 0
                        continue
            return
        if s.phase != PH_DRAWS:
            return
        if s.pend_trade:
            slot = -1
            for i in range(3):
                if s.trade_slot[i] == NO_DISC:
                    slot = i
                    break
            if slot < 0:
                s.pend_trade = 0
                continue
            if s.trade_pile == 0:
                tm = 0xFFFFFFFF
                for i in range(3):
                    if s.trade_slot[i] != NO_DISC:
                        tm &= ~(<uint32_t>1 << s.trade_slot[i])
                s.trade_pile = tm
                if s.trade_pile == 0:
                    s.pend_trade = 0
                    continue
            return
        if s.pend_disc:
            m = colour_mask(s.draw_red)
            if (s.disc_pile & m) == 0:
                held = 0
                for i in range(s.num_players):
                    if s.waiting_disc[i] != NO_DISC:
                        held |= <uint64_t>1 << s.waiting_disc[i]
                for i in range(s.n_pending):
                    held |= <uint64_t>1 << s.pending[i]
                s.disc_pile |= m & ~held
                for i in range(4):
                    if s.field_top[i] != NO_DISC and ((<uint64_t>1 << s.field_top[i]) & m):
                        s.field_top[i] = NO_DISC
                if (s.disc_pile & m) == 0:
                    s.pend_disc = 0
                    continue
            return
        # every draw is done
        if s.turn > 0:
            if s.n_pending == 2:
                s.phase = PH_KEEP
                return
            if s.n_pending == 1:
                s.waiting_disc[s.to_move] = s.pending[0]
            s.n_pending = 0
            s.pending[0] = 0
            s.pending[1] = 0
        begin_turn(s)


cdef int current_player(const void* p) noexcept nogil:
    cdef const HongaState* s = <const HongaState*>p
    if s.finished:
        return TERMINAL
    if s.phase == PH_DRAWS or (s.phase == PH_ACT and s.pend_bonus):
        return CHANCE
    return s.to_move


cdef int legal_actions(const void* sp, int* out) noexcept nogil:
    cdef const HongaState* s = <const HongaState*>sp
    cdef int n = 0, p, f, r, i, slot, mods, skip
    cdef const uint8_t* rotations
    if current_player(sp) < 0:
        return 0
    p = s.to_move
    if s.phase == PH_PLACE:
        rotations = PLACE_ROTATIONS[s.waiting_disc[p]]     # the player to place holds a disc (check_state)
        for f in range(4):
            for r in range(4):
                if (rotations[f] >> r) & 1:
                    out[n] = A_PLACE + f * 4 + r
                    n += 1
        return n
    if s.phase == PH_KEEP:
        out[0] = A_KEEP
        out[1] = A_KEEP + 1
        return 2
    if s.phase == PH_PAY:
        return pay_options(s, out)
    # PH_ACT
    for f in range(4):
        if s.uses[f] and s.res[p][FIELD_RES[f]] < RES_STORE:
            out[n] = A_GATHER + f
            n += 1
    if s.uses[F_FOREST] and (bonus_total(s.bonus_pile) + bonus_total(s.bonus_discard)) > 0:
        out[n] = A_GATHER + F_FOREST
        n += 1
    if s.uses[F_MAMMOTH] and s.depot_mammoths[p] > 0:
        if not s.sated:
            if lure_cost_ok(s, p, -1):
                out[n] = A_LURE
                n += 1
        else:
            for skip in range(3):
                if lure_cost_ok(s, p, skip):
                    out[n] = A_LURE_SATED + skip
                    n += 1
    if s.uses[F_MOUNTAIN]:
        out[n] = A_CLIMB
        n += 1
    if s.uses[F_TRADE]:
        for slot in range(3):
            for mods in range(4):
                if can_trade(s, p, slot, mods):
                    out[n] = A_TRADE + slot * 4 + mods
                    n += 1
    if s.cards_played < 2:
        if s.bonus_known[p][K_2VP]:
            out[n] = B_2VP
            n += 1
        if s.bonus_known[p][K_CHASE] and s.honga == p:
            out[n] = B_CHASE
            n += 1
        if s.bonus_known[p][K_LUCKY]:
            for f in range(8):
                if adjacent(s, f) and not (f == F_MOUNTAIN and s.top_reached):
                    out[n] = B_LUCKY + f
                    n += 1
        if s.bonus_known[p][K_LUCKY_OR_HONGA]:
            for f in range(8):
                if adjacent(s, f) and not (f == F_MOUNTAIN and s.top_reached):
                    out[n] = B_LH_LUCKY + f
                    n += 1
            if s.honga == p:
                out[n] = B_LH_CHASE
                n += 1
        if s.bonus_known[p][K_EXTRA] and not s.extra_disc:
            out[n] = B_EXTRA
            n += 1
        if s.bonus_known[p][K_SATED] and not s.sated:
            out[n] = B_SATED
            n += 1
        if s.bonus_known[p][K_CAVEMAN_OR_HONGA]:
            out[n] = B_CM_CLIMB
            n += 1
            if s.honga == p:
                out[n] = B_CM_CHASE
                n += 1
        if s.bonus_known[p][K_BOUGHT]:
            for i in range(1, 4):
                if buy_ok(s, p, i):
                    out[n] = B_BUY + i - 1
                    n += 1
    out[n] = A_END
    n += 1
    return n


cdef inline void play_card(HongaState* s, int p, int kind) noexcept nogil:
    s.bonus_known[p][kind] -= 1
    s.bonus_played[kind] += 1
    s.cards_played += 1


cdef void apply_action(void* sp, int a) noexcept nogil:
    cdef HongaState* s = <HongaState*>sp
    cdef int p = s.to_move, i, slot, mods, c, d, k, other
    if a >= C_DISC and a < C_DISC + NUM_DISCS:
        d = a - C_DISC
        s.disc_pile &= ~(<uint64_t>1 << d)
        if s.under_pos[d]:                    # the places under the pile stay 1..k
            for i in range(NUM_GREY if is_red(d) else 0, NUM_DISCS if is_red(d) else NUM_GREY):
                if s.under_pos[i] > s.under_pos[d]:
                    s.under_pos[i] -= 1
        s.under_pos[d] = 0
        s.under_by[d] = -1
        if s.setup_discs < s.num_players:
            s.waiting_disc[s.setup_discs] = d
            s.setup_discs += 1
        else:
            s.pending[s.n_pending] = d
            s.n_pending += 1
        s.pend_disc -= 1
    elif a >= C_TRADE and a < C_TRADE + NUM_TRADE:
        c = a - C_TRADE
        s.trade_pile &= ~(<uint32_t>1 << c)
        for i in range(3):
            if s.trade_slot[i] == NO_DISC:
                s.trade_slot[i] = c
                break
    elif a >= C_BONUS and a < C_BONUS + NUM_KINDS:
        k = a - C_BONUS
        s.bonus_pile[k] -= 1
        s.bonus_fresh[p][k] += 1
        s.pend_bonus -= 1
    elif a < A_GATHER:
        s.cur_field = (a - A_PLACE) >> 2
        s.cur_rot = (a - A_PLACE) & 3
        s.cur_disc = s.waiting_disc[p]
        s.waiting_disc[p] = NO_DISC
        s.field_top[s.cur_field] = s.cur_disc
        compute_uses(s.cur_disc, s.cur_field, s.cur_rot, s.uses)
        # step 2: mind Honga
        if s.honga == p:
            honga_eats(s, p)                 # he stays and eats at the start of the turn
        elif s.uses[F_HONGA] == 0:
            s.honga = p                      # neglected: he comes (or is taken over) and eats at once
            honga_eats(s, p)
        s.uses[F_HONGA] = 0
        s.phase = PH_ACT
    elif a < A_GATHER + 4:
        s.uses[a - A_GATHER] -= 1
        gain(s, p, FIELD_RES[a - A_GATHER], 1)
    elif a == A_GATHER + F_FOREST:
        s.uses[F_FOREST] -= 1
        s.pend_bonus += 1
    elif a == A_LURE or (a >= A_LURE_SATED and a < A_LURE_SATED + 3):
        s.uses[F_MAMMOTH] -= 1
        i = -1 if a == A_LURE else a - A_LURE_SATED
        start_payment(s, PAY_LURE, 0 if i == 0 else 1, 0 if i == 1 else 1, 0 if i == 2 else 1, 0, 0, 0, 0, 0, 0)
    elif a == A_CLIMB:
        s.uses[F_MOUNTAIN] -= 1
        if climb(s, p, 1):
            # "overtollige stappen vervallen": the rest of this action's hands, lucky hands played later too
            s.uses[F_MOUNTAIN] = 0
            s.top_reached = 1
    elif a >= P_GIVE and a < P_HERD_MAMMOTH + MAXP:
        pay_one(s, a)
        settle_payment(s)
    elif a >= A_TRADE and a < A_TRADE + 12:
        s.uses[F_TRADE] -= 1
        slot = (a - A_TRADE) >> 2
        mods = (a - A_TRADE) & 3
        c = s.trade_slot[slot]
        if mods & 1:
            play_card(s, p, K_GOOD)
        if mods & 2:
            play_card(s, p, K_SWAP)
        start_payment(s, PAY_TRADE, TRADE_COST[c][0], TRADE_COST[c][1], TRADE_COST[c][2], 0, TRADE_COST[c][3],
                      mods & 1, mods & 2, slot, TRADE_COST[c][4])
    elif a == B_2VP:
        play_card(s, p, K_2VP)
        add_points(s, p, 2)
    elif a == B_CHASE:
        play_card(s, p, K_CHASE)
        s.honga = -1
    elif a >= B_LUCKY and a < B_LUCKY + 8:
        play_card(s, p, K_LUCKY)
        s.uses[a - B_LUCKY] += 1
    elif a >= B_LH_LUCKY and a < B_LH_LUCKY + 8:
        play_card(s, p, K_LUCKY_OR_HONGA)
        s.uses[a - B_LH_LUCKY] += 1
    elif a == B_LH_CHASE:
        play_card(s, p, K_LUCKY_OR_HONGA)
        s.honga = -1
    elif a == B_EXTRA:
        play_card(s, p, K_EXTRA)
        s.extra_disc = 1
    elif a == B_SATED:
        play_card(s, p, K_SATED)
        s.sated = 1
    elif a == B_CM_CLIMB:
        play_card(s, p, K_CAVEMAN_OR_HONGA)
        climb(s, p, 2)
    elif a == B_CM_CHASE:
        play_card(s, p, K_CAVEMAN_OR_HONGA)
        s.honga = -1
    elif a >= B_BUY and a < B_BUY + 3:
        play_card(s, p, K_BOUGHT)
        start_payment(s, PAY_BUY, 0, 0, 0, a - B_BUY + 1, 0, 0, 0, 0, a - B_BUY + 1)
    elif a == A_END:
        for k in range(NUM_KINDS):
            s.bonus_discard[k] += s.bonus_played[k]
            s.bonus_played[k] = 0
        memset(s.uses, 0, NUM_FIELDS)
        s.top_reached = 0
        if (s.end_triggered and (p + 1) % s.num_players == 0) or s.turn >= MAX_TURNS:
            s.finished = 1
            return
        s.phase = PH_DRAWS
        s.pend_trade = 1
        s.pend_disc = 2 if s.extra_disc else 1
        s.draw_red = 1 if s.tusk == p else 0
        s.n_pending = 0
    elif a == A_KEEP or a == A_KEEP + 1:
        i = a - A_KEEP
        other = s.pending[1 - i]
        s.waiting_disc[p] = s.pending[i]
        # "De ongebruikte kaart leg je omgekeerd onder de bijbehorende afneemstapel": drawn after every
        # other disc of that pile (and after discs put under it before); only p knows which it is
        s.disc_pile |= <uint64_t>1 << other
        k = 0
        for d in range(NUM_GREY if is_red(other) else 0, NUM_DISCS if is_red(other) else NUM_GREY):
            if s.under_pos[d] > k:
                k = s.under_pos[d]
        s.under_pos[other] = k + 1
        s.under_by[other] = p
        s.n_pending = 0
        s.pending[0] = 0
        s.pending[1] = 0
        begin_turn(s)
        return
    advance(s)


cdef int chance_outcomes(const void* sp, int* out, double* probs) noexcept nogil:
    cdef const HongaState* s = <const HongaState*>sp
    cdef int n = 0, i, tot
    cdef uint64_t m
    if s.phase == PH_ACT and s.pend_bonus:
        return outcomes_from_counts(s.bonus_pile, NUM_KINDS, C_BONUS, out, probs)
    if s.phase != PH_DRAWS:
        return 0
    if s.pend_trade:
        tot = popcount64(s.trade_pile)
        for i in range(NUM_TRADE):
            if (s.trade_pile >> i) & 1:
                out[n] = C_TRADE + i
                probs[n] = 1.0 / tot
                n += 1
        return n
    m = s.disc_pile & colour_mask(s.draw_red) & ~under_mask(s, s.draw_red)
    if m == 0:                                # only discs put under the pile are left: drawn in order
        out[0] = C_DISC + next_under(s, s.draw_red)
        probs[0] = 1.0
        return 1
    tot = popcount64(m)
    for i in range(NUM_DISCS):
        if (m >> i) & 1:
            out[n] = C_DISC + i
            probs[n] = 1.0 / tot
            n += 1
    return n


cdef int sample_chance(const void* sp, Rng* rng) noexcept nogil:
    cdef const HongaState* s = <const HongaState*>sp
    cdef int i, pick, tot
    cdef uint64_t m
    if s.phase == PH_ACT and s.pend_bonus:
        i = draw_from_counts(s.bonus_pile, NUM_KINDS, rng)
        return C_BONUS + i if i >= 0 else -1
    if s.pend_trade:
        m = s.trade_pile
        if m == 0:
            return -1
        return C_TRADE + nth_set_bit64(m, rng_below(rng, popcount64(m)))
    m = s.disc_pile & colour_mask(s.draw_red) & ~under_mask(s, s.draw_red)
    if m == 0:
        return C_DISC + next_under(s, s.draw_red)
    return C_DISC + nth_set_bit64(m, rng_below(rng, popcount64(m)))


cdef int resources_of(const HongaState* s, int p) noexcept nogil:
    return s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3]


cdef void scores(const void* sp, double* out) noexcept nogil:
    cdef const HongaState* s = <const HongaState*>sp
    cdef int i
    for i in range(s.num_players):
        out[i] = s.score[i]


cdef void returns(const void* sp, double* out) noexcept nogil:
    """Most points wins; ties go to the most resources (fish + berries + mushrooms + water); ties that
    remain share the win."""
    cdef const HongaState* s = <const HongaState*>sp
    cdef int i, best = -1, nwin = 0
    cdef int key[MAXP]
    for i in range(s.num_players):
        key[i] = s.score[i] * 1000 + resources_of(s, i)
        if key[i] > best:
            best = key[i]
    for i in range(s.num_players):
        if key[i] == best:
            nwin += 1
    for i in range(s.num_players):
        out[i] = (1.0 / nwin) if key[i] == best else 0.0


# The heuristic read at a rollout's cut-off. Variant 0, the first one, added points, resources at half a point,
# mammoths, the mountain step and the bonus cards, and mapped the lead over the best opponent to [0, 1] with the same
# confidence all game long; at decision positions of expert games it predicted the results no better than a coin (Brier
# 0.267, docs/research/2026-12-01-search-scaling-in-every-game-what-more-iterations-buy.md). Variant 1 values a player
# as the Honga expert does (cavemind/experts/honga.py, player_value: food by unit with falling worth, water, an empty
# cave, mammoths owned, the tusk, Honga, the mountain step's share of the top, bonus cards, the best trade affordable)
# and is less sure of a lead the more points are still to be played for (CONFIDENT_LEAD + LEAD_PER_POINT_TO_GO times the
# points the leader still needs; fitted on ISMCTS self-play,
# docs/research/2026-12-01-honga-the-cut-off-heuristic-and-the-exploration-constant.md). Variant 0 stays selectable for
# comparison matches (the search's heuristic_variant setting). The weights are the expert's: a test
# (tests/games/test_honga.py) holds the two equal. Commit 430f0d8 also had variant 2 (variant 0's values with the
# growing confidence: 57.5% of 40 against variant 0, where variant 1 won 61.3% of 80).
cdef enum:
    HEURISTIC_VARIANTS = 2          # heuristic(s, out, variant) reads variant 0 or 1
    DEFAULT_HEURISTIC_VARIANT = 1
cdef double FOOD_UNIT[9]
cdef double WATER_UNIT[9]
cdef double MAMMOTH_OWNED[6]
cdef double MOUNTAIN_STEP[5]
FOOD_UNIT[:] = [1.0, 1.0, 0.9, 0.8, 0.6, 0.4, 0.3, 0.2, 0.1]
WATER_UNIT[:] = [0.45, 0.45, 0.4, 0.35, 0.3, 0.2, 0.1, 0.1, 0.1]
MAMMOTH_OWNED[:] = [2.6, 2.3, 1.6, 1.0, 0.6, 0.4]
MOUNTAIN_STEP[:] = [0.0, 1.2, 2.3, 3.3, 4.2]
cdef double EMPTY_CAVE = 1.0
cdef double TUSK_WORTH = 2.2
cdef double HONGA_COST = 1.8
cdef double BONUS_CARD = 1.4
cdef double AFFORD = 0.15
cdef double CONFIDENT_LEAD = 2.0
cdef double LEAD_PER_POINT_TO_GO = 0.4



cdef double units_worth(const double* table, int units) noexcept nogil:
    cdef int k
    cdef double v = 0.0
    for k in range(units if units < 9 else 9):
        v += table[k]
    return v


cdef int best_affordable_trade(const HongaState* s, int p, int mammoths) noexcept nogil:
    """Points of the best face-up trade card player p could pay now (two water replace one food)."""
    cdef int k, c, f, missing, best = 0
    for k in range(3):
        c = s.trade_slot[k]
        if c == NO_DISC:
            continue
        missing = 0
        for f in range(3):
            if TRADE_COST[c][f] > s.res[p][f]:
                missing += TRADE_COST[c][f] - s.res[p][f]
        if 2 * missing <= s.res[p][3] and TRADE_COST[c][3] <= mammoths and TRADE_COST[c][4] > best:
            best = TRADE_COST[c][4]
    return best


cdef double player_value(const HongaState* s, int p) noexcept nogil:
    """The Honga expert's value of player p's position, in points (cavemind/experts/honga.py, player_value)."""
    cdef int f, k, mammoths = s.board_mammoths[p]
    cdef double v = s.score[p]
    for f in range(3):
        v += units_worth(FOOD_UNIT, s.res[p][f])
    v += units_worth(WATER_UNIT, s.res[p][3])
    if s.res[p][0] + s.res[p][1] + s.res[p][2] + s.res[p][3] == 0:
        v -= EMPTY_CAVE
    for k in range(s.herd_len):
        if s.herd[k] == p:
            mammoths += 1
    for k in range(mammoths if mammoths < 6 else 6):
        v += MAMMOTH_OWNED[k]
    if s.tusk == p:
        v += TUSK_WORTH
    if s.honga == p:
        v -= HONGA_COST
    v += MOUNTAIN_STEP[s.mountain[p] if s.mountain[p] < 5 else 4]
    v += BONUS_CARD * (bonus_total(s.bonus_known[p]) + bonus_total(s.bonus_fresh[p]))
    v += AFFORD * best_affordable_trade(s, p, mammoths)
    return v


cdef void heuristic(const void* sp, double* out, int variant) noexcept nogil:
    """Each player's value against the best opponent's, turned into [0, 1] (variants above)."""
    cdef const HongaState* s = <const HongaState*>sp
    cdef double v[MAXP]
    cdef double best_other, d, scale = 6.0
    cdef int i, j, top_score = 0
    if s.finished:
        returns(sp, out)
        return
    for i in range(s.num_players):
        if variant == 1:
            v[i] = player_value(s, i)
        else:
            v[i] = (s.score[i] + 0.5 * (s.res[i][0] + s.res[i][1] + s.res[i][2]) + 0.25 * s.res[i][3]
                    + 1.0 * s.board_mammoths[i] + 0.6 * s.mountain[i]
                    + 1.0 * (bonus_total(s.bonus_known[i]) + bonus_total(s.bonus_fresh[i]))
                    + (2.0 if s.tusk == i else 0.0) - (1.5 if s.honga == i else 0.0))
        if s.score[i] > top_score:
            top_score = s.score[i]
    if variant == 1:
        scale = CONFIDENT_LEAD + LEAD_PER_POINT_TO_GO * (THRESHOLD[s.num_players] - top_score
                                                        if top_score < THRESHOLD[s.num_players] else 0)
    for i in range(s.num_players):
        best_other = -1e9
        for j in range(s.num_players):
            if j != i and v[j] > best_other:
                best_other = v[j]
        d = v[i] - best_other
        out[i] = 0.5 + 0.5 * d / (abs(d) + scale)


cdef uint64_t hidden_discs(const HongaState* s, int player) noexcept nogil:
    """The discs whose identity `player` does not know: the pile (without the discs he put under it
    himself) and the discs drawn with another player's Extra disc."""
    cdef uint64_t m = s.disc_pile
    cdef int d, i
    for d in range(NUM_DISCS):
        if s.under_pos[d] and s.under_by[d] == player:
            m &= ~(<uint64_t>1 << d)
    if pending_hidden(s, player):
        for i in range(s.n_pending):
            m |= <uint64_t>1 << s.pending[i]
    return m


cdef void masked_view(const HongaState* s, int player, HongaState* out) noexcept nogil:
    """What `player` sees: bonus kinds they cannot see are replaced by counts; discs he cannot identify
    are merged into the pile (their places, under the pile or drawn, are hashed apart by infoset_hash)."""
    cdef int q, k, t, d, i
    cdef uint64_t hid = hidden_discs(s, player)
    memcpy(out, s, sizeof(HongaState))
    out.disc_pile = hid
    for d in range(NUM_DISCS):
        if (hid >> d) & 1:
            out.under_pos[d] = 0
            out.under_by[d] = -1
    if pending_hidden(s, player):
        for i in range(s.n_pending):
            out.pending[i] = NO_DISC
    t = bonus_total(s.bonus_pile)
    memset(out.bonus_pile, 0, NUM_KINDS)
    out.bonus_pile[0] = t
    for q in range(s.num_players):
        t = bonus_total(s.bonus_fresh[q])
        memset(out.bonus_fresh[q], 0, NUM_KINDS)
        out.bonus_fresh[q][0] = t
        if q != player:
            t = bonus_total(s.bonus_known[q])
            memset(out.bonus_known[q], 0, NUM_KINDS)
            out.bonus_known[q][0] = t


cdef uint64_t infoset_hash(const void* sp, int player) noexcept nogil:
    cdef HongaState v
    cdef const unsigned char* b = <const unsigned char*>&v
    cdef uint64_t h = 1469598103934665603ULL
    cdef size_t i
    cdef const HongaState* s = <const HongaState*>sp
    cdef uint64_t hid = hidden_discs(s, player)
    cdef int d
    masked_view(s, player, &v)
    for i in range(sizeof(HongaState)):
        h = (h ^ b[i]) * 1099511628211ULL
    h = (h ^ <uint64_t>player) * 1099511628211ULL
    # unidentified discs under a pile: their places and who put them there are public (in place order)
    if hid & (under_mask(s, 0) | under_mask(s, 1)):
        for d in range(NUM_DISCS):
            if (hid >> d) & 1 and s.under_pos[d]:
                # commutative mix: the same places and owners give the same sum whatever the disc ids
                h += ((<uint64_t>is_red(d) << 16 | <uint64_t>s.under_pos[d] << 8 | <uint8_t>s.under_by[d]) + 1) * 0x9E3779B97F4A7C15ULL
    return h


cdef void determinize(void* sp, int observer, Rng* rng) noexcept nogil:
    """Re-deals every bonus card the observer has not seen (the pile, the others' cards, the observer's own
    fresh draws) from one pool built in kind order, keeping how many cards each place holds."""
    cdef HongaState* s = <HongaState*>sp
    cdef uint8_t pool[NUM_BONUS]
    cdef int size = 0, k, q, i, t, pos = 0
    cdef int nf[MAXP]
    cdef int nk[MAXP]
    cdef int npile = bonus_total(s.bonus_pile)
    for q in range(s.num_players):
        nf[q] = bonus_total(s.bonus_fresh[q])
        nk[q] = bonus_total(s.bonus_known[q]) if q != observer else 0
    for k in range(NUM_KINDS):
        t = s.bonus_pile[k]
        for q in range(s.num_players):
            t += s.bonus_fresh[q][k]
            if q != observer:
                t += s.bonus_known[q][k]
        for i in range(t):
            if size < NUM_BONUS:
                pool[size] = k
                size += 1
    shuffle_bytes(pool, size, rng)
    memset(s.bonus_pile, 0, NUM_KINDS)
    for q in range(s.num_players):
        memset(s.bonus_fresh[q], 0, NUM_KINDS)
        if q != observer:
            memset(s.bonus_known[q], 0, NUM_KINDS)
    for q in range(s.num_players):
        for i in range(nf[q]):
            s.bonus_fresh[q][pool[pos]] += 1
            pos += 1
        for i in range(nk[q]):
            s.bonus_known[q][pool[pos]] += 1
            pos += 1
    for i in range(npile):
        s.bonus_pile[pool[pos]] += 1
        pos += 1
    redeal_discs(s, observer, rng, 0)
    redeal_discs(s, observer, rng, 1)


cdef void redeal_discs(HongaState* s, int observer, Rng* rng, int red) noexcept nogil:
    """Re-deals the discs of one colour the observer cannot identify among the places they occupy (the
    pile, places under the pile with their owner kept, another player's Extra-disc draws)."""
    cdef uint64_t hid = hidden_discs(s, observer) & colour_mask(red)
    cdef uint8_t ids[NUM_GREY]
    cdef int n = 0, i, d, pos = 0
    cdef uint8_t upos[NUM_GREY]
    cdef int8_t uby[NUM_GREY]
    cdef int nu = 0
    cdef int pend_slot[2]
    cdef int npend = 0
    if hid == 0:
        return
    for d in range(NUM_DISCS):
        if (hid >> d) & 1:
            ids[n] = d
            n += 1
            if s.under_pos[d]:
                upos[nu] = s.under_pos[d]
                uby[nu] = s.under_by[d]
                nu += 1
                s.under_pos[d] = 0
                s.under_by[d] = -1
    if pending_hidden(s, observer):
        for i in range(s.n_pending):
            if ((hid >> s.pending[i]) & 1):
                pend_slot[npend] = i
                npend += 1
    shuffle_bytes(ids, n, rng)
    s.disc_pile &= ~hid
    for i in range(npend):
        s.pending[pend_slot[i]] = ids[pos]
        pos += 1
    for i in range(nu):
        s.disc_pile |= <uint64_t>1 << ids[pos]
        s.under_pos[ids[pos]] = upos[i]
        s.under_by[ids[pos]] = uby[i]
        pos += 1
    while pos < n:
        s.disc_pile |= <uint64_t>1 << ids[pos]
        pos += 1


cdef inline int pending_hidden(const HongaState* s, int player) noexcept nogil:
    """Discs drawn with Extra disc are seen by the drawer only (one of them goes face down under the pile)."""
    return s.extra_disc and s.turn > 0 and player != s.to_move


cdef int observed_action(const void* sp, int a, int player) noexcept nogil:
    if a >= C_BONUS and a < C_BONUS + NUM_KINDS:
        return C_BONUS_HIDDEN
    if a >= C_DISC and a < C_DISC + NUM_DISCS and (<const HongaState*>sp).phase == PH_DRAWS and pending_hidden(
            <const HongaState*>sp, player):
        return C_DISC_HIDDEN
    return a


cdef int rollout_action(const void* sp, Rng* rng, int variant) noexcept nogil:
    """Uniform over the legal actions, except that ending the action phase is chosen only when nothing
    else is left: a random player that stops early makes playouts long and meaningless."""
    cdef int acts[NUM_ACTIONS]
    cdef int n = legal_actions(sp, acts)
    if n > 1 and acts[n - 1] == A_END:
        n -= 1
    return acts[rng_below(rng, n)]


# ---- legal states (one definition, used when a position is loaded and by the tests and the soak) ----

cdef int tusk_holder(const HongaState* s) noexcept nogil:
    """Who holds the tusk by the herd (the rule reassess_tusk applies), -1 for the mammoth field."""
    cdef HongaState t
    memcpy(&t, s, sizeof(HongaState))
    reassess_tusk(&t)
    return t.tusk


cdef int check_turn_counters(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """The player count, the phase, whose turn, the end flags, the turn and placement counters, the setup."""
    cdef int n = s.num_players
    if n < MIN_PLAYERS or n > MAXP:
        snprintf(msg, size, "players: %d seats, the game has 2-5", n)
        return 1
    if s.phase > PH_PAY:
        snprintf(msg, size, "phase: unknown phase %d", s.phase)
        return 1
    if s.to_move >= n:
        snprintf(msg, size, "to_move: seat %d in a %d-player game", s.to_move, n)
        return 1
    if s.finished > 1 or s.end_triggered > 1:
        snprintf(msg, size, "finished: flags must be 0 or 1")
        return 1
    if s.turn > MAX_TURNS:
        snprintf(msg, size, "turn: %d, at most %d", s.turn, MAX_TURNS)
        return 1
    if s.stamp > MAX_TURNS * PLACEMENTS_PER_TURN:
        # at most 4 + 2 lucky hands lure a mammoth per turn; the bound keeps the uint16 counter from wrapping
        snprintf(msg, size, "stamp: %d placements, at most %d in a game", s.stamp, MAX_TURNS * PLACEMENTS_PER_TURN)
        return 1
    if s.setup_discs > n:
        snprintf(msg, size, "setup_discs: %d, at most %d", s.setup_discs, n)
        return 1
    if (s.turn == 0) != (s.setup_discs < n):
        snprintf(msg, size, "setup_discs: %d of %d first discs dealt in turn %d (turn 0 is the setup)",
                 s.setup_discs, n, s.turn)
        return 1
    if s.turn == 0 and (s.phase != PH_DRAWS or s.to_move != 0):
        snprintf(msg, size, "phase: the setup (turn 0) is the draws phase of seat 0")
        return 1
    return 0


cdef int check_empty_seats(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """Seats beyond the player count hold nothing."""
    cdef int n = s.num_players, p
    for p in range(n, MAXP):
        if (s.score[p] or s.board_mammoths[p] or s.depot_mammoths[p] or s.mountain[p] or s.last_placed[p]
                or s.waiting_disc[p] != NO_DISC or bonus_total(s.bonus_known[p]) or bonus_total(s.bonus_fresh[p])
                or s.res[p][0] or s.res[p][1] or s.res[p][2] or s.res[p][3]):
            snprintf(msg, size, "players[%d]: not a seat of a %d-player game but holds something", p, n)
            return 1
    return 0


cdef int check_herd_and_players(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """The herd (owners and length), and each seat's score, resources, mammoths, mountain step and last placement."""
    cdef int n = s.num_players, p, r, i
    cdef int herd_count[MAXP]
    if s.herd_len > HERD_SIZE[n]:
        snprintf(msg, size, "herd: %d mammoths, the field has %d places with %d players", s.herd_len, HERD_SIZE[n], n)
        return 1
    for p in range(MAXP):
        herd_count[p] = 0
    for i in range(MAXP):
        if i < s.herd_len:
            if s.herd[i] < 0 or s.herd[i] >= n:
                snprintf(msg, size, "herd[%d]: %d is not a seat", i, s.herd[i])
                return 1
            herd_count[s.herd[i]] += 1
        elif s.herd[i] != -1:
            snprintf(msg, size, "herd: place %d beyond the herd must be empty", i)
            return 1
    for p in range(n):
        if s.score[p] < 0 or s.score[p] > MAX_SCORE:
            snprintf(msg, size, "players[%d].score: %d, points are never lost (0..10000)", p, s.score[p])
            return 1
        if s.score[p] >= THRESHOLD[n] and not s.end_triggered:
            snprintf(msg, size, "end_triggered: players[%d] has %d points, the end is at %d", p, s.score[p], THRESHOLD[n])
            return 1
        for r in range(NUM_RESOURCES):
            if s.res[p][r] > RES_STORE:
                snprintf(msg, size, "players[%d].%s: %d, the engine stores at most %d", p, RES_C[r], s.res[p][r], RES_STORE)
                return 1
        if s.board_mammoths[p] + s.depot_mammoths[p] + herd_count[p] != MAMMOTHS_PER_PLAYER:
            snprintf(msg, size, "players[%d].depot_mammoths: board %d + depot %d + herd %d, must be %d", p,
                     s.board_mammoths[p], s.depot_mammoths[p], herd_count[p], MAMMOTHS_PER_PLAYER)
            return 1
        if s.mountain[p] >= MOUNTAIN_TOP:
            snprintf(msg, size, "players[%d].mountain: step %d, the top (%d) sends everybody back to the foot",
                     p, s.mountain[p], MOUNTAIN_TOP)
            return 1
        if s.last_placed[p] > s.stamp:
            snprintf(msg, size, "players[%d].last_placed: %d, after the last placement (stamp %d)", p, s.last_placed[p], s.stamp)
            return 1
        if herd_count[p] and s.last_placed[p] == 0:
            snprintf(msg, size, "players[%d].last_placed: has mammoths in the herd but never placed one", p)
            return 1
        for i in range(p):
            if s.last_placed[p] and s.last_placed[p] == s.last_placed[i]:
                snprintf(msg, size, "players[%d].last_placed: two placements cannot share stamp %d", p, s.last_placed[p])
                return 1
    return 0


cdef int check_tusk_and_honga(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """The tusk is where the herd puts it; Honga is with a seat or on his field."""
    cdef int n = s.num_players, holder
    if s.tusk < -1 or s.tusk >= n:
        snprintf(msg, size, "tusk: %d is not a seat", s.tusk)
        return 1
    holder = tusk_holder(s)
    if s.tusk != holder:
        if holder < 0:
            snprintf(msg, size, "tusk: the herd is empty, the tusk lies on the mammoth field")
        else:
            snprintf(msg, size, "tusk: the herd gives it to player %d (most mammoths, a tie to the last placer)", holder)
        return 1
    if s.honga < -1 or s.honga >= n:
        snprintf(msg, size, "honga: %d is not a seat", s.honga)
        return 1
    return 0


cdef int check_held_discs(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """Every disc held (waiting, drawn) or lying on a round field is out of the pile, and in one place only."""
    cdef int i, t
    cdef uint64_t held = 0, bit
    if s.disc_pile >> NUM_DISCS:
        snprintf(msg, size, "disc_pile: disc ids are 0..%d", NUM_DISCS - 1)
        return 1
    if s.n_pending > MAX_DRAWN_DISCS:
        snprintf(msg, size, "turn_state.drawn_discs: %d discs, at most %d", s.n_pending, MAX_DRAWN_DISCS)
        return 1
    for i in range(MAXP + MAX_DRAWN_DISCS):
        if i < MAXP:
            t = s.waiting_disc[i]
            if t == NO_DISC:
                continue
        else:
            if i - MAXP >= s.n_pending:
                if s.pending[i - MAXP] != 0:
                    snprintf(msg, size, "turn_state.drawn_discs: an unused slot must be 0")
                    return 1
                continue
            t = s.pending[i - MAXP]
        if t >= NUM_DISCS:
            snprintf(msg, size, "players: disc %d, ids are 0..%d", t, NUM_DISCS - 1)
            return 1
        bit = <uint64_t>1 << t
        if (held | s.disc_pile) & bit:
            snprintf(msg, size, "disc_pile: disc %d is held and also in the pile or held twice", t)
            return 1
        held |= bit
    for i in range(NUM_ROUND_FIELDS):
        t = s.field_top[i]
        if t == NO_DISC:
            continue
        if t >= NUM_DISCS:
            snprintf(msg, size, "field_top[%d]: disc %d, ids are 0..%d", i, t, NUM_DISCS - 1)
            return 1
        bit = <uint64_t>1 << t
        if (held | s.disc_pile) & bit:
            snprintf(msg, size, "field_top[%d]: disc %d lies on a field and is also in the pile or held", i, t)
            return 1
        held |= bit
    return 0


cdef int check_discs_under(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """Discs put under a pile (Extra disc), the disc of this turn, its field and rotation, and the setup's first
    discs."""
    cdef int n = s.num_players, p, i, k
    for i in range(NUM_DISCS):
        if s.under_pos[i] == 0:
            if s.under_by[i] != -1:
                snprintf(msg, size, "disc_under: disc %d is not under a pile but has an owner", i)
                return 1
            continue
        if s.under_by[i] < 0 or s.under_by[i] >= n:
            snprintf(msg, size, "disc_under: disc %d was put under by %d, not a seat", i, s.under_by[i])
            return 1
        if not (s.disc_pile >> i) & 1:
            snprintf(msg, size, "disc_under: disc %d lies under its pile but is not in the pile", i)
            return 1
        if s.under_pos[i] > popcount64(under_mask(s, is_red(i))):
            snprintf(msg, size, "disc_under: disc %d at place %d, the places under a pile are 1..k", i, s.under_pos[i])
            return 1
        for k in range(NUM_GREY if is_red(i) else 0, i):
            if s.under_pos[k] == s.under_pos[i]:
                snprintf(msg, size, "disc_under: discs %d and %d share place %d under the pile", k, i, s.under_pos[i])
                return 1
    if s.cur_disc != NO_DISC and s.cur_disc >= NUM_DISCS:
        snprintf(msg, size, "turn_state.disc: %d, ids are 0..%d", s.cur_disc, NUM_DISCS - 1)
        return 1
    if s.cur_field >= NUM_ROUND_FIELDS or s.cur_rot >= NUM_ROTATIONS:
        snprintf(msg, size, "turn_state.field: round field %d rotation %d, 4 each", s.cur_field, s.cur_rot)
        return 1
    if s.setup_discs < n:
        for p in range(n):
            if (s.waiting_disc[p] != NO_DISC) != (p < s.setup_discs):
                snprintf(msg, size, "players[%d].disc: during the setup seats 0..%d hold their first disc", p, s.setup_discs - 1)
                return 1
    return 0


cdef int check_cards(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """The face-up trade cards, and every bonus card in exactly one place."""
    cdef int p, k, i, t
    cdef int total[NUM_KINDS]
    for i in range(NUM_TRADE_SLOTS):
        t = s.trade_slot[i]
        if t == NO_DISC:
            continue
        if t >= NUM_TRADE:
            snprintf(msg, size, "trade_slots[%d]: card %d, ids are 0..%d", i, t, NUM_TRADE - 1)
            return 1
        if (s.trade_pile >> t) & 1:
            snprintf(msg, size, "trade_pile: face-up card %d is also in the pile", t)
            return 1
        for k in range(i):
            if s.trade_slot[k] == t:
                snprintf(msg, size, "trade_slots: card %d lies face up twice", t)
                return 1
    # bonus cards: every card in exactly one place
    for k in range(NUM_KINDS):
        total[k] = s.bonus_pile[k] + s.bonus_discard[k] + s.bonus_played[k]
        for p in range(MAXP):
            total[k] += s.bonus_known[p][k] + s.bonus_fresh[p][k]
        if total[k] != BONUS_COUNT[k]:
            snprintf(msg, size, "bonus_pile: %d %s cards in all places, the game has %d", total[k],
                     KIND_C[k], BONUS_COUNT[k])
            return 1
    return 0


cdef int check_payment(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """This turn's flags and a payment in progress, which exists only in the pay phase."""
    cdef int opts[MAX_PAY_OPTIONS]
    if (s.cards_played > MAX_CARDS_PLAYED or s.sated > 1 or s.extra_disc > 1 or s.pend_trade > 1 or s.draw_red > 1
            or s.top_reached > 1):
        snprintf(msg, size, "turn_state: cards_played at most 2, sated/extra_disc/refill_trade/draw_red/top_reached 0 or 1")
        return 1
    if s.top_reached and (s.uses[F_MOUNTAIN] or (s.phase != PH_ACT and s.phase != PH_PAY)):
        snprintf(msg, size, "turn_state.top_reached: the surplus mountain hands are forfeited (none left)")
        return 1
    # a payment in progress
    if s.phase == PH_PAY and not s.finished:
        if s.pay_kind < PAY_LURE or s.pay_kind > PAY_BUY:
            snprintf(msg, size, "turn_state.payment.kind: %d, a payment is for a mammoth, a trade or points", s.pay_kind)
            return 1
        if (s.owe[0] > MAX_OWED_FOOD or s.owe[1] > MAX_OWED_FOOD or s.owe[2] > MAX_OWED_FOOD or s.owe_any > MAX_OWED_FOOD
                or s.owe_mam > MAX_OWED_MAMMOTHS or s.pay_points > MAX_PAY_POINTS or s.pay_swap > 1 or s.mam_herd > 1
                or s.pay_floor > MAX_PAY_RANK or (s.pay_key > PAY_KEY_ANY and s.pay_key != NO_PAY_KEY)
                or s.pay_slot >= NUM_TRADE_SLOTS or s.mam_floor > s.herd_len):
            snprintf(msg, size, "turn_state.payment: a field is out of range")
            return 1
        if pay_key(s) < 0:
            snprintf(msg, size, "turn_state.payment: nothing is owed (a complete payment ends the pay phase)")
            return 1
        if (s.pay_kind == PAY_BUY) != (s.owe_any > 0) or (s.pay_kind == PAY_BUY and (s.owe[0] or s.owe[1] or s.owe[2])):
            snprintf(msg, size, "turn_state.payment: bought points owe units of any food, nothing else")
            return 1
        if s.pay_kind != PAY_TRADE and (s.owe_mam or s.pay_swap or s.mam_herd):
            snprintf(msg, size, "turn_state.payment: only a trade costs mammoths or uses the swap card")
            return 1
        if s.pay_kind == PAY_TRADE and s.trade_slot[s.pay_slot] == NO_DISC:
            snprintf(msg, size, "turn_state.payment.slot: the trade being paid is in an empty slot")
            return 1
        if s.pay_kind == PAY_LURE and s.depot_mammoths[s.to_move] == 0:
            snprintf(msg, size, "turn_state.payment: a mammoth is lured but none is left in the depot")
            return 1
        if pay_options(s, opts) == 0:
            snprintf(msg, size, "turn_state.payment: what is owed cannot be paid")
            return 1
        # pay_options sees the next unit only; the mammoths come after the food and need their own cover
        if s.owe_mam > (0 if s.mam_herd else s.board_mammoths[s.to_move]) + own_in_herd_below(s, s.to_move, s.mam_floor):
            snprintf(msg, size, "turn_state.payment: %d mammoths owed, fewer left to pay them with", s.owe_mam)
            return 1
    elif (s.pay_kind or s.owe[0] or s.owe[1] or s.owe[2] or s.owe_any or s.owe_mam or s.pay_floor or s.pay_swap
            or s.pay_slot or s.pay_points or s.mam_floor or s.mam_herd or s.pay_key != NO_PAY_KEY):
        snprintf(msg, size, "turn_state.payment: a payment exists only in the pay phase")
        return 1
    return 0


cdef int check_hands(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """The hands left on the fields and the bonus cards of this turn; who holds a disc after the setup."""
    cdef int n = s.num_players, p, i, k
    cdef uint8_t disc_uses[NUM_FIELDS]
    if s.uses[F_HONGA]:
        snprintf(msg, size, "turn_state.uses: hands on Honga are used up by the Honga check")
        return 1
    for i in range(NUM_FIELDS):
        if s.uses[i] > MAX_HANDS or (s.uses[i] and s.phase != PH_ACT and s.phase != PH_PAY):
            snprintf(msg, size, "turn_state.uses: %d hands on %s (at most 4 + 2 lucky hands, only while acting)",
                     s.uses[i], FIELD_C[i])
            return 1
    if (s.phase == PH_ACT or s.phase == PH_PAY) and not s.finished:   # the last 'end' finishes in the act phase
        if bonus_total(s.bonus_played) != s.cards_played:
            snprintf(msg, size, "bonus_played: %d cards face up, turn_state.cards_played says %d",
                     bonus_total(s.bonus_played), s.cards_played)
            return 1
        if s.cur_disc == NO_DISC or s.field_top[s.cur_field] != s.cur_disc:
            snprintf(msg, size, "turn_state.disc: the disc placed this turn must lie on the round field")
            return 1
        # hands left on a field: at most what the disc placed gives it plus this turn's lucky hands
        compute_uses(s.cur_disc, s.cur_field, s.cur_rot, disc_uses)
        k = s.bonus_played[K_LUCKY] + s.bonus_played[K_LUCKY_OR_HONGA]
        for i in range(NUM_FIELDS):
            if s.uses[i] > disc_uses[i] + k:
                snprintf(msg, size, "turn_state.uses: %d hands on %s, more than the disc placed gives it (%d) "
                         "and the %d lucky hands played this turn", s.uses[i], FIELD_C[i], disc_uses[i], k)
                return 1
    elif bonus_total(s.bonus_played):
        snprintf(msg, size, "bonus_played: cards are played only while acting")
        return 1
    if s.pend_bonus and s.phase != PH_ACT:
        snprintf(msg, size, "turn_state.pending_bonus_draws: bonus cards are drawn only while acting")
        return 1
    if s.pend_bonus and bonus_total(s.bonus_pile) == 0:
        snprintf(msg, size, "turn_state.pending_bonus_draws: a bonus draw with an empty pile (reshuffle first)")
        return 1
    if s.phase != PH_DRAWS and (s.pend_trade or s.pend_disc):
        snprintf(msg, size, "turn_state: trade refills and disc draws happen only in the draws phase")
        return 1
    if s.phase != PH_DRAWS and s.phase != PH_KEEP and s.n_pending:
        snprintf(msg, size, "turn_state.drawn_discs: drawn discs wait only in the draws and keep phases")
        return 1
    if s.turn > 0:
        # after the setup every seat holds its next disc, except the player to move once he has placed his
        # (there are always more discs of each colour than seats can hold, so a draw never comes up empty)
        for p in range(n):
            if p != s.to_move and s.waiting_disc[p] == NO_DISC:
                snprintf(msg, size, "players[%d].disc: every player waiting for his turn holds a disc", p)
                return 1
        if s.phase != PH_PLACE and not s.finished and s.waiting_disc[s.to_move] != NO_DISC:
            snprintf(msg, size, "players[%d].disc: the player to move has placed his disc", s.to_move)
            return 1
    return 0


cdef int check_pending_step(const HongaState* s, char* msg, size_t size) noexcept nogil:
    """What the phase waits for can happen: the end, the disc to place, the discs to keep, the draws."""
    cdef int n = s.num_players, i, t
    cdef uint64_t m
    if s.finished:
        if not s.end_triggered and s.turn < MAX_TURNS:
            snprintf(msg, size, "finished: the game ends only after the end was triggered")
            return 1
        return 0
    if s.phase == PH_PLACE:
        if s.waiting_disc[s.to_move] == NO_DISC:
            snprintf(msg, size, "players[%d].disc: the player to move must hold a disc", s.to_move)
            return 1
        if s.cards_played or s.sated or s.extra_disc or s.draw_red or s.cur_disc != NO_DISC:
            snprintf(msg, size, "turn_state: a turn that has not begun has no disc, cards or effects yet")
            return 1
    elif s.phase == PH_KEEP:
        if s.n_pending != MAX_DRAWN_DISCS:
            snprintf(msg, size, "turn_state.drawn_discs: the keep decision needs two drawn discs")
            return 1
    elif s.phase == PH_DRAWS:
        # what is left to draw must have an outcome (an empty pile is reshuffled before a draw)
        if s.pend_trade:
            t = 0
            for i in range(NUM_TRADE_SLOTS):
                if s.trade_slot[i] == NO_DISC:
                    t = 1
            if not t or s.trade_pile == 0:
                snprintf(msg, size, "turn_state.refill_trade: needs an empty slot and a non-empty trade pile")
                return 1
        elif s.pend_disc:
            m = s.disc_pile & colour_mask(s.draw_red)
            if m == 0:
                snprintf(msg, size, "turn_state.pending_disc_draws: a disc draw with an empty pile (reshuffle first)")
                return 1
        else:
            snprintf(msg, size, "phase: the draws phase with nothing left to draw")
            return 1
        if s.setup_discs < n:
            if s.pend_disc != n - s.setup_discs or s.draw_red or s.n_pending:
                snprintf(msg, size, "turn_state.pending_disc_draws: the setup deals one grey disc to each of %d seats", n)
                return 1
        elif s.pend_disc + s.n_pending != 1 + s.extra_disc:
            snprintf(msg, size, "turn_state.pending_disc_draws: %d to draw and %d drawn, the turn draws %d",
                     s.pend_disc, s.n_pending, 1 + s.extra_disc)
            return 1
    return 0


cdef int check_honga(const void* p, char* msg, size_t size) noexcept nogil:
    """0 if `p` is a state the rules allow, else 1 with "field: reason" in msg (at most `size` bytes). Checks
    part by part, each part reading an array only after an earlier part (or itself) has checked the index it
    uses, so it is safe on any bytes of the right size; the first wrong field found is the one named."""
    cdef const HongaState* s = <const HongaState*>p
    if (check_turn_counters(s, msg, size) or check_empty_seats(s, msg, size) or
            check_herd_and_players(s, msg, size) or check_tusk_and_honga(s, msg, size) or
            check_held_discs(s, msg, size) or check_discs_under(s, msg, size) or check_cards(s, msg, size) or
            check_payment(s, msg, size) or check_hands(s, msg, size) or check_pending_step(s, msg, size)):
        return 1
    return 0


cdef GameTable TABLES[MAXP - MIN_PLAYERS + 1]    # one per player count
cdef GameTable RULES = game_table("honga", sizeof(HongaState), NUM_ACTIONS, NUM_DISCS, current_player, legal_actions,
                                  apply_action, chance_outcomes, sample_chance, returns, scores, heuristic,
                                  HEURISTIC_VARIANTS, DEFAULT_HEURISTIC_VARIANT, determinize, infoset_hash,
                                  observed_action, rollout_action)
fill_tables(TABLES, RULES, MIN_PLAYERS, MAXP, MAX_TURNS * 40 + 16)


# ---- the opening and the Python entry points (off the hot path) ----

cdef HongaState fresh_state(int n):
    cdef HongaState s
    memset(&s, 0, sizeof(s))
    s.num_players = n
    s.phase = PH_DRAWS
    s.tusk = -1
    s.honga = -1
    for i in range(MAXP):
        s.waiting_disc[i] = NO_DISC
        s.herd[i] = -1
    for i in range(n):
        s.res[i][0] = 1
        s.res[i][1] = 1
        s.res[i][2] = 1
        s.depot_mammoths[i] = MAMMOTHS_PER_PLAYER
    s.disc_pile = (<uint64_t>1 << NUM_DISCS) - 1
    for i in range(4):
        s.field_top[i] = NO_DISC
    s.trade_pile = 0xFFFFFFFF
    for i in range(3):
        s.trade_slot[i] = NO_DISC
    for k in range(NUM_KINDS):
        s.bonus_pile[k] = BONUS_COUNT[k]
    s.cur_disc = NO_DISC
    s.pend_trade = 1
    s.pend_disc = n
    s.pay_key = 255
    for i in range(NUM_DISCS):
        s.under_by[i] = -1
    return s


def make_table(dict params):
    return table_capsule(&TABLES[params["players"] - MIN_PLAYERS])


def initial_state(dict params):
    cdef HongaState s = fresh_state(params["players"])
    return state_bytes(&s, sizeof(s))
