# Honga (HABA 2018, Günter Burkhardt) for 2-5 players. Rules as implemented, the action space, every
# interpretation and the designed data: src/games/honga/README.md. Designed component data is loaded once
# at import from python/cavemind/data/honga/honga.json into the static C arrays below.
from cavemind.games.fields import action_id
import json
from importlib import resources

from libc.stdint cimport uint8_t, uint32_t, uint64_t, int16_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdio cimport snprintf
from cpython.pycapsule cimport PyCapsule_New

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.honga.honga cimport *

NAME = "honga"
DESCRIPTION = "Honga (HABA 2018) for 2-5 players: disc placement, the hungry sabre-tooth tiger, hidden bonus cards"
PARAMETERS = {"players": {"type": int, "default": 3, "choices": (2, 3, 4, 5)}}
HIDDEN_INFORMATION = True

FIELD_NAMES = ("mushroom", "berry", "fish", "water", "forest", "mammoth", "mountain", "trade", "honga")
ROUND_NAMES = ("NW", "NE", "SE", "SW")
RES_NAMES = ("fish", "berry", "mushroom", "water")
KIND_NAMES = ("good_trade", "two_points", "chase_honga", "lucky_hand", "extra_disc", "lucky_hand_or_honga",
              "swap_mushrooms_berries", "sated_mammoths", "caveman_or_honga", "bought_points")
PHASE_NAMES = ("place", "act", "keep", "draws", "pay")
PAY_NAMES = (None, "mammoth", "trade", "bought_points")
GIVE_NAMES = ("fish", "berry", "mushroom", "water")

# ---- designed data (static C arrays, filled once at import) ----
cdef uint8_t DISC_H[NUM_DISCS][4]
cdef uint8_t NEIGH[4][4]            # round field -> the 4 fields around it, clockwise from its top-left cell
cdef uint8_t TRADE_COST[NUM_TRADE][5]   # fish, berry, mushroom, mammoths, points
cdef uint8_t BONUS_COUNT[NUM_KINDS]
cdef uint8_t MOUNTAIN_VAL[MOUNTAIN_TOP]
cdef uint8_t HERD_PTS[6]
cdef uint8_t GOOD_RES[3]
cdef uint8_t FIELD_RES[4]           # gather field -> resource index
cdef int THRESHOLD[6]
cdef int HERD_SIZE[6]

FIELD_RES[:] = [2, 1, 0, 3]
THRESHOLD[:] = [0, 0, 40, 35, 30, 30]
HERD_SIZE[:] = [0, 0, 3, 3, 4, 5]

# names for check_state messages (C strings kept alive by the module-level tuples)
_KIND_B = tuple(k.encode() for k in KIND_NAMES)
_FIELD_B = tuple(f.encode() for f in FIELD_NAMES)
_RES_B = tuple(r.encode() for r in RES_NAMES)
cdef const char* KIND_C[NUM_KINDS]
cdef const char* FIELD_C[NUM_FIELDS]
cdef const char* RES_C[4]
for _i in range(NUM_KINDS):
    KIND_C[_i] = _KIND_B[_i]
for _i in range(NUM_FIELDS):
    FIELD_C[_i] = _FIELD_B[_i]
for _i in range(4):
    RES_C[_i] = _RES_B[_i]

DATA = json.loads((resources.files("cavemind") / "data" / "honga" / "honga.json").read_text())


def _load_data():
    cells = DATA["board_grid"]["cells"]
    ids = [FIELD_NAMES.index(c) for c in cells]
    # round fields at the inner corners: NW touches cells 0,1,4,3; NE 1,2,5,4; SE 4,5,8,7; SW 3,4,7,6
    # (each clockwise from the top-left cell of the 2x2 block around the corner)
    blocks = ((0, 1, 4, 3), (1, 2, 5, 4), (4, 5, 8, 7), (3, 4, 7, 6))
    for f in range(4):
        for q in range(4):
            NEIGH[f][q] = ids[blocks[f][q]]
    discs = DATA["grey_discs"] + DATA["red_discs"]
    assert len(DATA["grey_discs"]) == NUM_GREY and len(DATA["red_discs"]) == NUM_RED
    for d in range(NUM_DISCS):
        for q in range(4):
            DISC_H[d][q] = discs[d][q]
    assert len(DATA["trade_cards"]) == NUM_TRADE
    for c in range(NUM_TRADE):
        for i in range(5):
            TRADE_COST[c][i] = DATA["trade_cards"][c][i]
    for k in range(NUM_KINDS):
        BONUS_COUNT[k] = DATA["bonus_counts"][KIND_NAMES[k]]
    assert sum(BONUS_COUNT[k] for k in range(NUM_KINDS)) == NUM_BONUS
    for i in range(MOUNTAIN_TOP):
        MOUNTAIN_VAL[i] = DATA["mountain_step_values"][i]
    for n in range(6):
        HERD_PTS[n] = DATA["herd_last_place_points"].get(str(n), 0)
    for i in range(3):
        GOOD_RES[i] = DATA["good_trade_resources"][i]


_load_data()


# ---- helpers ----

cdef inline int is_red(int d) noexcept nogil:
    return d >= NUM_GREY


cdef inline int bonus_total(const uint8_t* counts) noexcept nogil:
    cdef int k, t = 0
    for k in range(NUM_KINDS):
        t += counts[k]
    return t


cdef inline int popcount64(uint64_t x) noexcept nogil:
    cdef int c = 0
    while x:
        x &= x - 1
        c += 1
    return c


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
    cdef int n = 0, p, f, r, r2, dup, i, slot, mods, skip
    cdef uint8_t u[4][NUM_FIELDS]
    if current_player(sp) < 0:
        return 0
    p = s.to_move
    if s.phase == PH_PLACE:
        for f in range(4):
            for r in range(4):
                compute_uses(s.waiting_disc[p], f, r, u[r])
                dup = 0
                for r2 in range(r):
                    if memcmp(u[r], u[r2], NUM_FIELDS) == 0:
                        dup = 1
                        break
                if not dup:
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
        tot = bonus_total(s.bonus_pile)
        for i in range(NUM_KINDS):
            if s.bonus_pile[i]:
                out[n] = C_BONUS + i
                probs[n] = <double>s.bonus_pile[i] / tot
                n += 1
        return n
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
        pick = rng_below(rng, bonus_total(s.bonus_pile))
        for i in range(NUM_KINDS):
            if pick < s.bonus_pile[i]:
                return C_BONUS + i
            pick -= s.bonus_pile[i]
        return -1
    if s.pend_trade:
        m = s.trade_pile
        pick = rng_below(rng, popcount64(m))
        for i in range(NUM_TRADE):
            if (m >> i) & 1:
                if pick == 0:
                    return C_TRADE + i
                pick -= 1
        return -1
    m = s.disc_pile & colour_mask(s.draw_red) & ~under_mask(s, s.draw_red)
    if m == 0:
        return C_DISC + next_under(s, s.draw_red)
    pick = rng_below(rng, popcount64(m))
    for i in range(NUM_DISCS):
        if (m >> i) & 1:
            if pick == 0:
                return C_DISC + i
            pick -= 1
    return -1


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


cdef void heuristic(const void* sp, double* out) noexcept nogil:
    """Points plus a rough value of what each player holds, turned into [0, 1] by comparing each player
    with the best opponent."""
    cdef const HongaState* s = <const HongaState*>sp
    cdef double v[MAXP]
    cdef double best_other, d
    cdef int i, j
    if s.finished:
        returns(sp, out)
        return
    for i in range(s.num_players):
        v[i] = (s.score[i] + 0.5 * (s.res[i][0] + s.res[i][1] + s.res[i][2]) + 0.25 * s.res[i][3]
                + 1.0 * s.board_mammoths[i] + 0.6 * s.mountain[i]
                + 1.0 * (bonus_total(s.bonus_known[i]) + bonus_total(s.bonus_fresh[i]))
                + (2.0 if s.tusk == i else 0.0) - (1.5 if s.honga == i else 0.0))
    for i in range(s.num_players):
        best_other = -1e9
        for j in range(s.num_players):
            if j != i and v[j] > best_other:
                best_other = v[j]
        d = v[i] - best_other
        out[i] = 0.5 + 0.5 * d / (abs(d) + 6.0)


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
    cdef int size = 0, k, q, i, j, t, pos = 0
    cdef uint8_t tmp
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
    for i in range(size - 1, 0, -1):
        j = rng_below(rng, i + 1)
        tmp = pool[i]
        pool[i] = pool[j]
        pool[j] = tmp
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
    cdef uint8_t tmp
    cdef int n = 0, i, j, d, pos = 0
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
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        tmp = ids[i]
        ids[i] = ids[j]
        ids[j] = tmp
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


cdef int rollout_action(const void* sp, Rng* rng) noexcept nogil:
    """Uniform over the legal actions, except that ending the action phase is chosen only when nothing
    else is left: a random player that stops early makes playouts long and meaningless."""
    cdef int acts[NUM_ACTIONS]
    cdef int n = legal_actions(sp, acts)
    if n > 1 and acts[n - 1] == A_END:
        n -= 1
    return acts[rng_below(rng, n)]


# ---- legal states (one definition, used when a position is loaded and by the tests and the soak) ----

DEF MSG_CAP = 160


cdef int tusk_holder(const HongaState* s) noexcept nogil:
    """Who holds the tusk by the herd (the rule reassess_tusk applies), -1 for the mammoth field."""
    cdef HongaState t
    memcpy(&t, s, sizeof(HongaState))
    reassess_tusk(&t)
    return t.tusk


cdef int check_honga(const HongaState* s, char* msg) noexcept nogil:
    """0 if `s` is a state the rules allow, else 1 with "field: reason" in msg (MSG_CAP bytes). Reads
    every array only after checking the index it uses, so it is safe on any bytes of the right size."""
    cdef int n = s.num_players, p, k, r, i, t, holder
    cdef int total[NUM_KINDS]
    cdef uint64_t held = 0, bit, m
    cdef int herd_count[MAXP]
    cdef int opts[16]
    if n < 2 or n > MAXP:
        snprintf(msg, MSG_CAP, "players: %d seats, the game has 2-5", n)
        return 1
    if s.phase > PH_PAY:
        snprintf(msg, MSG_CAP, "phase: unknown phase %d", s.phase)
        return 1
    if s.to_move >= n:
        snprintf(msg, MSG_CAP, "to_move: seat %d in a %d-player game", s.to_move, n)
        return 1
    if s.finished > 1 or s.end_triggered > 1:
        snprintf(msg, MSG_CAP, "finished: flags must be 0 or 1")
        return 1
    if s.turn > MAX_TURNS:
        snprintf(msg, MSG_CAP, "turn: %d, at most %d", s.turn, MAX_TURNS)
        return 1
    if s.stamp > MAX_TURNS * 6:
        # at most 4 + 2 lucky hands lure a mammoth per turn; the bound keeps the uint16 counter from wrapping
        snprintf(msg, MSG_CAP, "stamp: %d placements, at most %d in a game", s.stamp, MAX_TURNS * 6)
        return 1
    if s.setup_discs > n:
        snprintf(msg, MSG_CAP, "setup_discs: %d, at most %d", s.setup_discs, n)
        return 1
    if (s.turn == 0) != (s.setup_discs < n):
        snprintf(msg, MSG_CAP, "setup_discs: %d of %d first discs dealt in turn %d (turn 0 is the setup)",
                 s.setup_discs, n, s.turn)
        return 1
    if s.turn == 0 and (s.phase != PH_DRAWS or s.to_move != 0):
        snprintf(msg, MSG_CAP, "phase: the setup (turn 0) is the draws phase of seat 0")
        return 1
    # seats beyond the player count hold nothing
    for p in range(n, MAXP):
        if (s.score[p] or s.board_mammoths[p] or s.depot_mammoths[p] or s.mountain[p] or s.last_placed[p]
                or s.waiting_disc[p] != NO_DISC or bonus_total(s.bonus_known[p]) or bonus_total(s.bonus_fresh[p])
                or s.res[p][0] or s.res[p][1] or s.res[p][2] or s.res[p][3]):
            snprintf(msg, MSG_CAP, "players[%d]: not a seat of a %d-player game but holds something", p, n)
            return 1
    # herd, mammoths, tusk
    if s.herd_len > HERD_SIZE[n]:
        snprintf(msg, MSG_CAP, "herd: %d mammoths, the field has %d places with %d players", s.herd_len, HERD_SIZE[n], n)
        return 1
    for p in range(MAXP):
        herd_count[p] = 0
    for i in range(MAXP):
        if i < s.herd_len:
            if s.herd[i] < 0 or s.herd[i] >= n:
                snprintf(msg, MSG_CAP, "herd[%d]: %d is not a seat", i, s.herd[i])
                return 1
            herd_count[s.herd[i]] += 1
        elif s.herd[i] != -1:
            snprintf(msg, MSG_CAP, "herd: place %d beyond the herd must be empty", i)
            return 1
    for p in range(n):
        if s.score[p] < 0 or s.score[p] > 10000:
            snprintf(msg, MSG_CAP, "players[%d].score: %d, points are never lost (0..10000)", p, s.score[p])
            return 1
        if s.score[p] >= THRESHOLD[n] and not s.end_triggered:
            snprintf(msg, MSG_CAP, "end_triggered: players[%d] has %d points, the end is at %d", p, s.score[p], THRESHOLD[n])
            return 1
        for r in range(4):
            if s.res[p][r] > RES_STORE:
                snprintf(msg, MSG_CAP, "players[%d].%s: %d, the engine stores at most %d", p, RES_C[r], s.res[p][r], RES_STORE)
                return 1
        if s.board_mammoths[p] + s.depot_mammoths[p] + herd_count[p] != MAMMOTHS_PER_PLAYER:
            snprintf(msg, MSG_CAP, "players[%d].depot_mammoths: board %d + depot %d + herd %d, must be %d", p,
                     s.board_mammoths[p], s.depot_mammoths[p], herd_count[p], MAMMOTHS_PER_PLAYER)
            return 1
        if s.mountain[p] >= MOUNTAIN_TOP:
            snprintf(msg, MSG_CAP, "players[%d].mountain: step %d, the top (%d) sends everybody back to the foot",
                     p, s.mountain[p], MOUNTAIN_TOP)
            return 1
        if s.last_placed[p] > s.stamp:
            snprintf(msg, MSG_CAP, "players[%d].last_placed: %d, after the last placement (stamp %d)", p, s.last_placed[p], s.stamp)
            return 1
        if herd_count[p] and s.last_placed[p] == 0:
            snprintf(msg, MSG_CAP, "players[%d].last_placed: has mammoths in the herd but never placed one", p)
            return 1
        for i in range(p):
            if s.last_placed[p] and s.last_placed[p] == s.last_placed[i]:
                snprintf(msg, MSG_CAP, "players[%d].last_placed: two placements cannot share stamp %d", p, s.last_placed[p])
                return 1
    if s.tusk < -1 or s.tusk >= n:
        snprintf(msg, MSG_CAP, "tusk: %d is not a seat", s.tusk)
        return 1
    holder = tusk_holder(s)
    if s.tusk != holder:
        if holder < 0:
            snprintf(msg, MSG_CAP, "tusk: the herd is empty, the tusk lies on the mammoth field")
        else:
            snprintf(msg, MSG_CAP, "tusk: the herd gives it to player %d (most mammoths, a tie to the last placer)", holder)
        return 1
    if s.honga < -1 or s.honga >= n:
        snprintf(msg, MSG_CAP, "honga: %d is not a seat", s.honga)
        return 1
    # discs: each is in the pile, held (waiting or drawn), or on the round fields / used
    if s.disc_pile >> NUM_DISCS:
        snprintf(msg, MSG_CAP, "disc_pile: disc ids are 0..%d", NUM_DISCS - 1)
        return 1
    if s.n_pending > 2:
        snprintf(msg, MSG_CAP, "turn_state.drawn_discs: %d discs, at most 2", s.n_pending)
        return 1
    for i in range(MAXP + 2):
        if i < MAXP:
            t = s.waiting_disc[i]
            if t == NO_DISC:
                continue
        else:
            if i - MAXP >= s.n_pending:
                if s.pending[i - MAXP] != 0:
                    snprintf(msg, MSG_CAP, "turn_state.drawn_discs: an unused slot must be 0")
                    return 1
                continue
            t = s.pending[i - MAXP]
        if t >= NUM_DISCS:
            snprintf(msg, MSG_CAP, "players: disc %d, ids are 0..%d", t, NUM_DISCS - 1)
            return 1
        bit = <uint64_t>1 << t
        if (held | s.disc_pile) & bit:
            snprintf(msg, MSG_CAP, "disc_pile: disc %d is held and also in the pile or held twice", t)
            return 1
        held |= bit
    for i in range(4):
        t = s.field_top[i]
        if t == NO_DISC:
            continue
        if t >= NUM_DISCS:
            snprintf(msg, MSG_CAP, "field_top[%d]: disc %d, ids are 0..%d", i, t, NUM_DISCS - 1)
            return 1
        bit = <uint64_t>1 << t
        if (held | s.disc_pile) & bit:
            snprintf(msg, MSG_CAP, "field_top[%d]: disc %d lies on a field and is also in the pile or held", i, t)
            return 1
        held |= bit
    # discs under a pile (Extra disc): in the pile, put there by a seat, places distinct per colour
    for i in range(NUM_DISCS):
        if s.under_pos[i] == 0:
            if s.under_by[i] != -1:
                snprintf(msg, MSG_CAP, "disc_under: disc %d is not under a pile but has an owner", i)
                return 1
            continue
        if s.under_by[i] < 0 or s.under_by[i] >= n:
            snprintf(msg, MSG_CAP, "disc_under: disc %d was put under by %d, not a seat", i, s.under_by[i])
            return 1
        if not (s.disc_pile >> i) & 1:
            snprintf(msg, MSG_CAP, "disc_under: disc %d lies under its pile but is not in the pile", i)
            return 1
        if s.under_pos[i] > popcount64(under_mask(s, is_red(i))):
            snprintf(msg, MSG_CAP, "disc_under: disc %d at place %d, the places under a pile are 1..k", i, s.under_pos[i])
            return 1
        for k in range(NUM_GREY if is_red(i) else 0, i):
            if s.under_pos[k] == s.under_pos[i]:
                snprintf(msg, MSG_CAP, "disc_under: discs %d and %d share place %d under the pile", k, i, s.under_pos[i])
                return 1
    if s.cur_disc != NO_DISC and s.cur_disc >= NUM_DISCS:
        snprintf(msg, MSG_CAP, "turn_state.disc: %d, ids are 0..%d", s.cur_disc, NUM_DISCS - 1)
        return 1
    if s.cur_field >= 4 or s.cur_rot >= 4:
        snprintf(msg, MSG_CAP, "turn_state.field: round field %d rotation %d, 4 each", s.cur_field, s.cur_rot)
        return 1
    if s.setup_discs < n:
        for p in range(n):
            if (s.waiting_disc[p] != NO_DISC) != (p < s.setup_discs):
                snprintf(msg, MSG_CAP, "players[%d].disc: during the setup seats 0..%d hold their first disc", p, s.setup_discs - 1)
                return 1
    # trade cards
    for i in range(3):
        t = s.trade_slot[i]
        if t == NO_DISC:
            continue
        if t >= NUM_TRADE:
            snprintf(msg, MSG_CAP, "trade_slots[%d]: card %d, ids are 0..%d", i, t, NUM_TRADE - 1)
            return 1
        if (s.trade_pile >> t) & 1:
            snprintf(msg, MSG_CAP, "trade_pile: face-up card %d is also in the pile", t)
            return 1
        for k in range(i):
            if s.trade_slot[k] == t:
                snprintf(msg, MSG_CAP, "trade_slots: card %d lies face up twice", t)
                return 1
    # bonus cards: every card in exactly one place
    for k in range(NUM_KINDS):
        total[k] = s.bonus_pile[k] + s.bonus_discard[k] + s.bonus_played[k]
        for p in range(MAXP):
            total[k] += s.bonus_known[p][k] + s.bonus_fresh[p][k]
        if total[k] != BONUS_COUNT[k]:
            snprintf(msg, MSG_CAP, "bonus_pile: %d %s cards in all places, the game has %d", total[k],
                     KIND_C[k], BONUS_COUNT[k])
            return 1
    # the current turn
    if (s.cards_played > 2 or s.sated > 1 or s.extra_disc > 1 or s.pend_trade > 1 or s.draw_red > 1
            or s.top_reached > 1):
        snprintf(msg, MSG_CAP, "turn_state: cards_played at most 2, sated/extra_disc/refill_trade/draw_red/top_reached 0 or 1")
        return 1
    if s.top_reached and (s.uses[F_MOUNTAIN] or (s.phase != PH_ACT and s.phase != PH_PAY)):
        snprintf(msg, MSG_CAP, "turn_state.top_reached: the surplus mountain hands are forfeited (none left)")
        return 1
    # a payment in progress
    if s.phase == PH_PAY and not s.finished:
        if s.pay_kind < PAY_LURE or s.pay_kind > PAY_BUY:
            snprintf(msg, MSG_CAP, "turn_state.payment.kind: %d, a payment is for a mammoth, a trade or points", s.pay_kind)
            return 1
        if (s.owe[0] > 3 or s.owe[1] > 3 or s.owe[2] > 3 or s.owe_any > 3 or s.owe_mam > 2 or s.pay_points > 20
                or s.pay_swap > 1 or s.mam_herd > 1 or s.pay_floor > 3 or (s.pay_key > 3 and s.pay_key != 255)
                or s.pay_slot > 2 or s.mam_floor > s.herd_len):
            snprintf(msg, MSG_CAP, "turn_state.payment: a field is out of range")
            return 1
        if pay_key(s) < 0:
            snprintf(msg, MSG_CAP, "turn_state.payment: nothing is owed (a complete payment ends the pay phase)")
            return 1
        if (s.pay_kind == PAY_BUY) != (s.owe_any > 0) or (s.pay_kind == PAY_BUY and (s.owe[0] or s.owe[1] or s.owe[2])):
            snprintf(msg, MSG_CAP, "turn_state.payment: bought points owe units of any food, nothing else")
            return 1
        if s.pay_kind != PAY_TRADE and (s.owe_mam or s.pay_swap or s.mam_herd):
            snprintf(msg, MSG_CAP, "turn_state.payment: only a trade costs mammoths or uses the swap card")
            return 1
        if s.pay_kind == PAY_TRADE and s.trade_slot[s.pay_slot] == NO_DISC:
            snprintf(msg, MSG_CAP, "turn_state.payment.slot: the trade being paid is in an empty slot")
            return 1
        if s.pay_kind == PAY_LURE and s.depot_mammoths[s.to_move] == 0:
            snprintf(msg, MSG_CAP, "turn_state.payment: a mammoth is lured but none is left in the depot")
            return 1
        if pay_options(s, opts) == 0:
            snprintf(msg, MSG_CAP, "turn_state.payment: what is owed cannot be paid")
            return 1
    elif (s.pay_kind or s.owe[0] or s.owe[1] or s.owe[2] or s.owe_any or s.owe_mam or s.pay_floor or s.pay_swap
            or s.pay_slot or s.pay_points or s.mam_floor or s.mam_herd or s.pay_key != 255):
        snprintf(msg, MSG_CAP, "turn_state.payment: a payment exists only in the pay phase")
        return 1
    if s.uses[F_HONGA]:
        snprintf(msg, MSG_CAP, "turn_state.uses: hands on Honga are used up by the Honga check")
        return 1
    for i in range(NUM_FIELDS):
        if s.uses[i] > 6 or (s.uses[i] and s.phase != PH_ACT and s.phase != PH_PAY):
            snprintf(msg, MSG_CAP, "turn_state.uses: %d hands on %s (at most 4 + 2 lucky hands, only while acting)",
                     s.uses[i], FIELD_C[i])
            return 1
    if (s.phase == PH_ACT or s.phase == PH_PAY) and not s.finished:   # the last 'end' finishes in the act phase
        if bonus_total(s.bonus_played) != s.cards_played:
            snprintf(msg, MSG_CAP, "bonus_played: %d cards face up, turn_state.cards_played says %d",
                     bonus_total(s.bonus_played), s.cards_played)
            return 1
        if s.cur_disc == NO_DISC or s.field_top[s.cur_field] != s.cur_disc:
            snprintf(msg, MSG_CAP, "turn_state.disc: the disc placed this turn must lie on the round field")
            return 1
    elif bonus_total(s.bonus_played):
        snprintf(msg, MSG_CAP, "bonus_played: cards are played only while acting")
        return 1
    if s.pend_bonus and s.phase != PH_ACT:
        snprintf(msg, MSG_CAP, "turn_state.pending_bonus_draws: bonus cards are drawn only while acting")
        return 1
    if s.pend_bonus and bonus_total(s.bonus_pile) == 0:
        snprintf(msg, MSG_CAP, "turn_state.pending_bonus_draws: a bonus draw with an empty pile (reshuffle first)")
        return 1
    if s.phase != PH_DRAWS and (s.pend_trade or s.pend_disc):
        snprintf(msg, MSG_CAP, "turn_state: trade refills and disc draws happen only in the draws phase")
        return 1
    if s.phase != PH_DRAWS and s.phase != PH_KEEP and s.n_pending:
        snprintf(msg, MSG_CAP, "turn_state.drawn_discs: drawn discs wait only in the draws and keep phases")
        return 1
    if s.turn > 0:
        # after the setup every seat holds its next disc, except the player to move once he has placed his
        # (there are always more discs of each colour than seats can hold, so a draw never comes up empty)
        for p in range(n):
            if p != s.to_move and s.waiting_disc[p] == NO_DISC:
                snprintf(msg, MSG_CAP, "players[%d].disc: every player waiting for his turn holds a disc", p)
                return 1
        if s.phase != PH_PLACE and not s.finished and s.waiting_disc[s.to_move] != NO_DISC:
            snprintf(msg, MSG_CAP, "players[%d].disc: the player to move has placed his disc", s.to_move)
            return 1
    if s.finished:
        if not s.end_triggered and s.turn < MAX_TURNS:
            snprintf(msg, MSG_CAP, "finished: the game ends only after the end was triggered")
            return 1
        return 0
    if s.phase == PH_PLACE:
        if s.waiting_disc[s.to_move] == NO_DISC:
            snprintf(msg, MSG_CAP, "players[%d].disc: the player to move must hold a disc", s.to_move)
            return 1
        if s.cards_played or s.sated or s.extra_disc or s.draw_red or s.cur_disc != NO_DISC:
            snprintf(msg, MSG_CAP, "turn_state: a turn that has not begun has no disc, cards or effects yet")
            return 1
    elif s.phase == PH_KEEP:
        if s.n_pending != 2:
            snprintf(msg, MSG_CAP, "turn_state.drawn_discs: the keep decision needs two drawn discs")
            return 1
    elif s.phase == PH_DRAWS:
        # what is left to draw must have an outcome (an empty pile is reshuffled before a draw)
        if s.pend_trade:
            t = 0
            for i in range(3):
                if s.trade_slot[i] == NO_DISC:
                    t = 1
            if not t or s.trade_pile == 0:
                snprintf(msg, MSG_CAP, "turn_state.refill_trade: needs an empty slot and a non-empty trade pile")
                return 1
        elif s.pend_disc:
            m = s.disc_pile & colour_mask(s.draw_red)
            if m == 0:
                snprintf(msg, MSG_CAP, "turn_state.pending_disc_draws: a disc draw with an empty pile (reshuffle first)")
                return 1
        else:
            snprintf(msg, MSG_CAP, "phase: the draws phase with nothing left to draw")
            return 1
        if s.setup_discs < n:
            if s.pend_disc != n - s.setup_discs or s.draw_red or s.n_pending:
                snprintf(msg, MSG_CAP, "turn_state.pending_disc_draws: the setup deals one grey disc to each of %d seats", n)
                return 1
        elif s.pend_disc + s.n_pending != 1 + s.extra_disc:
            snprintf(msg, MSG_CAP, "turn_state.pending_disc_draws: %d to draw and %d drawn, the turn draws %d",
                     s.pend_disc, s.n_pending, 1 + s.extra_disc)
            return 1
    return 0


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    cdef char msg[MSG_CAP]
    if len(data) != sizeof(HongaState):
        return f"state: {len(data)} bytes, expected {sizeof(HongaState)}"
    if check_honga(<const HongaState*><const char*>data, msg):
        return msg.decode("utf-8", "replace")
    return None


cdef GameTable TABLES[4]


cdef void fill_table(GameTable* t, int players) noexcept:
    t.name = "honga"
    t.num_players = players
    t.state_size = sizeof(HongaState)
    t.max_actions = NUM_ACTIONS
    t.max_chance_outcomes = NUM_DISCS
    t.max_game_length = MAX_TURNS * 40 + 16
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


for _n in range(2, 6):
    fill_table(&TABLES[_n - 2], _n)


# ---- Python-level functions (off the hot path) ----

def make_table(dict params):
    return PyCapsule_New(&TABLES[params["players"] - 2], b"cavemind.GameTable", NULL)


def state_size():
    return sizeof(HongaState)


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


def initial_state(dict params):
    cdef HongaState s = fresh_state(params["players"])
    return (<char*>&s)[:sizeof(s)]


cdef HongaState load(bytes data) except *:
    cdef HongaState s
    if data is None or len(data) != sizeof(HongaState):
        raise ValueError(f"state: expected {sizeof(HongaState)} bytes")
    memcpy(&s, <const char*>data, sizeof(s))
    return s


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


def _int(doc, key, lo, hi, where=None):
    name = where or key
    if key not in doc:
        raise ValueError(f"{name}: missing")
    v = doc[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: expected an integer in {lo}..{hi}, got {v!r}")
    return v


def _bool(doc, key, where=None):
    v = doc.get(key, False)
    if not isinstance(v, bool):
        raise ValueError(f"{where or key}: expected true or false")
    return v


def _opt_id(v, hi, name):
    if v is None:
        return NO_DISC
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < hi:
        raise ValueError(f"{name}: expected null or an integer in 0..{hi - 1}, got {v!r}")
    return v


def _kind_counts(v, name):
    """A {kind: count} dict, or an int (a count of unknown kinds: returned as None, total)."""
    if isinstance(v, int) and not isinstance(v, bool):
        if not 0 <= v <= NUM_BONUS:
            raise ValueError(f"{name}: a count must be in 0..{NUM_BONUS}")
        return None, v
    if not isinstance(v, dict):
        raise ValueError(f"{name}: expected a {{kind: count}} object or a count")
    counts = [0] * NUM_KINDS
    for k, c in v.items():
        if k not in KIND_NAMES:
            raise ValueError(f"{name}: unknown bonus kind {k!r}")
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= NUM_BONUS:
            raise ValueError(f"{name}: count of {k} must be an integer in 0..{NUM_BONUS}")
        counts[KIND_NAMES.index(k)] = c
    return counts, sum(counts)


def _id_list(v, hi, name, maxlen=None):
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < hi for x in v):
        raise ValueError(f"{name}: expected a list of integers in 0..{hi - 1}")
    if len(set(v)) != len(v):
        raise ValueError(f"{name}: an id appears twice")
    if maxlen is not None and len(v) > maxlen:
        raise ValueError(f"{name}: at most {maxlen} entries")
    return v


def state_from_dict(dict params, dict doc):
    cdef HongaState s
    n = params["players"]
    s = fresh_state(n)
    memset(s.bonus_pile, 0, NUM_KINDS)
    if not isinstance(doc, dict):
        raise ValueError("state: expected an object")
    s.to_move = _int(doc, "to_move", 0, n - 1)
    ph = doc.get("phase")
    if ph not in PHASE_NAMES:
        raise ValueError(f"phase: expected one of {list(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(ph)
    s.turn = _int(doc, "turn", 0, MAX_TURNS)
    s.finished = _bool(doc, "finished")
    s.end_triggered = _bool(doc, "end_triggered")
    s.setup_discs = _int(doc, "setup_discs", 0, n)
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise ValueError(f"players: expected a list of {n} objects")
    unknown = []          # (place, count) to fill from the unseen pool
    known_total = [0] * NUM_KINDS
    for i, pl in enumerate(players):
        w = f"players[{i}]"
        if not isinstance(pl, dict):
            raise ValueError(f"{w}: expected an object")
        s.score[i] = _int(pl, "score", -1000, 10000, w + ".score")
        for r, name in enumerate(RES_NAMES):
            s.res[i][r] = _int(pl, name, 0, RES_STORE, f"{w}.{name}")
        s.board_mammoths[i] = _int(pl, "board_mammoths", 0, 6, w + ".board_mammoths")
        s.depot_mammoths[i] = _int(pl, "depot_mammoths", 0, 6, w + ".depot_mammoths")
        s.mountain[i] = _int(pl, "mountain", 0, MOUNTAIN_TOP - 1, w + ".mountain")
        s.waiting_disc[i] = _opt_id(pl.get("disc"), NUM_DISCS, w + ".disc")
        s.last_placed[i] = _int(pl, "last_placed", 0, 65535, w + ".last_placed")
        for key, target in (("bonus", 0), ("bonus_fresh", 1)):
            counts, total = _kind_counts(pl.get(key, {}), f"{w}.{key}")
            if counts is None:
                unknown.append((i, target, total))
            else:
                for k in range(NUM_KINDS):
                    if target == 0:
                        s.bonus_known[i][k] = counts[k]
                    else:
                        s.bonus_fresh[i][k] = counts[k]
                    known_total[k] += counts[k]
    herd = doc.get("herd")
    if not isinstance(herd, list) or len(herd) > HERD_SIZE[n] or any(
            isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n for x in herd):
        raise ValueError(f"herd: expected a list of at most {HERD_SIZE[n]} seats, newest first")
    s.herd_len = len(herd)
    for i, x in enumerate(herd):
        s.herd[i] = x
    for i in range(n):
        if s.board_mammoths[i] + s.depot_mammoths[i] + herd.count(i) != MAMMOTHS_PER_PLAYER:
            raise ValueError(f"players[{i}].depot_mammoths: board + depot + herd must be {MAMMOTHS_PER_PLAYER}")
    s.tusk = -1 if doc.get("tusk") is None else _int(doc, "tusk", 0, n - 1)
    s.honga = -1 if doc.get("honga") is None else _int(doc, "honga", 0, n - 1)
    s.stamp = _int(doc, "stamp", 0, 65535)
    pile = _id_list(doc.get("disc_pile"), NUM_DISCS, "disc_pile")
    s.disc_pile = 0
    for d in pile:
        s.disc_pile |= <uint64_t>1 << d
    ft = doc.get("field_top")
    if not isinstance(ft, list) or len(ft) != 4:
        raise ValueError("field_top: expected 4 entries")
    for i in range(4):
        s.field_top[i] = _opt_id(ft[i], NUM_DISCS, "field_top")
    slots = doc.get("trade_slots")
    if not isinstance(slots, list) or len(slots) != 3:
        raise ValueError("trade_slots: expected 3 entries")
    for i in range(3):
        s.trade_slot[i] = _opt_id(slots[i], NUM_TRADE, "trade_slots")
    if len(set(c for c in slots if c is not None)) != len([c for c in slots if c is not None]):
        raise ValueError("trade_slots: a trade card lies face up twice")
    tp = _id_list(doc.get("trade_pile"), NUM_TRADE, "trade_pile")
    if any(c in tp for c in slots if c is not None):
        raise ValueError("trade_pile: a face-up trade card cannot also be in the pile")
    s.trade_pile = 0
    for c in tp:
        s.trade_pile |= <uint32_t>1 << c
    counts, total = _kind_counts(doc.get("bonus_pile", 0), "bonus_pile")
    if counts is None:
        unknown.append((-1, 0, total))
    else:
        for k in range(NUM_KINDS):
            s.bonus_pile[k] = counts[k]
            known_total[k] += counts[k]
    for key in ("bonus_discard", "bonus_played"):
        counts, total = _kind_counts(doc.get(key, {}), key)
        if counts is None:
            raise ValueError(f"{key}: the kinds are public, expected a {{kind: count}} object")
        for k in range(NUM_KINDS):
            if key == "bonus_discard":
                s.bonus_discard[k] = counts[k]
            else:
                s.bonus_played[k] = counts[k]
            known_total[k] += counts[k]
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
    ts = doc.get("turn_state")
    if not isinstance(ts, dict):
        raise ValueError("turn_state: expected an object")
    if ts.get("field") not in ROUND_NAMES:
        raise ValueError(f"turn_state.field: expected one of {list(ROUND_NAMES)}")
    s.cur_field = ROUND_NAMES.index(ts["field"])
    s.cur_rot = _int(ts, "rotation", 0, 3, "turn_state.rotation")
    s.cur_disc = _opt_id(ts.get("disc"), NUM_DISCS, "turn_state.disc")
    uses = ts.get("uses", {})
    if not isinstance(uses, dict) or any(k not in FIELD_NAMES for k in uses):
        raise ValueError("turn_state.uses: expected a {field: hands} object")
    for k, v in uses.items():
        s.uses[FIELD_NAMES.index(k)] = _int(uses, k, 0, 20, "turn_state.uses")
    s.cards_played = _int(ts, "cards_played", 0, 2, "turn_state.cards_played")
    s.sated = _bool(ts, "sated", "turn_state.sated")
    s.extra_disc = _bool(ts, "extra_disc", "turn_state.extra_disc")
    s.pend_bonus = _int(ts, "pending_bonus_draws", 0, 20, "turn_state.pending_bonus_draws")
    s.pend_trade = _bool(ts, "refill_trade", "turn_state.refill_trade")
    s.pend_disc = _int(ts, "pending_disc_draws", 0, 5, "turn_state.pending_disc_draws")
    s.draw_red = _bool(ts, "draw_red", "turn_state.draw_red")
    s.top_reached = _bool(ts, "top_reached", "turn_state.top_reached")
    pay = ts.get("payment")
    if pay is not None:
        if not isinstance(pay, dict) or pay.get("for") not in PAY_NAMES[1:]:
            raise ValueError(f"turn_state.payment.for: expected one of {list(PAY_NAMES[1:])}")
        s.pay_kind = PAY_NAMES.index(pay["for"])
        owe = pay.get("owe", {})
        if not isinstance(owe, dict) or any(k not in RES_NAMES[:3] for k in owe):
            raise ValueError("turn_state.payment.owe: expected a {fish/berry/mushroom: count} object")
        for r in range(3):
            s.owe[r] = _int(owe, RES_NAMES[r], 0, 3, "turn_state.payment.owe") if RES_NAMES[r] in owe else 0
        s.owe_any = _int(pay, "owe_any", 0, 3, "turn_state.payment.owe_any")
        s.owe_mam = _int(pay, "owe_mammoths", 0, 2, "turn_state.payment.owe_mammoths")
        last = pay.get("last_paid")
        if last is not None and last not in ("fish", "berry", "mushroom", "any"):
            raise ValueError("turn_state.payment.last_paid: expected null, fish, berry, mushroom or any")
        s.pay_key = 255 if last is None else (3 if last == "any" else RES_NAMES.index(last))
        s.pay_floor = _int(pay, "last_rank", 0, 3, "turn_state.payment.last_rank")
        s.pay_swap = _bool(pay, "swap", "turn_state.payment.swap")
        s.pay_slot = _int(pay, "slot", 0, 2, "turn_state.payment.slot")
        s.pay_points = _int(pay, "points", 0, 20, "turn_state.payment.points")
        s.mam_floor = _int(pay, "herd_below", 0, HERD_SIZE[n], "turn_state.payment.herd_below")
        s.mam_herd = _bool(pay, "herd_given", "turn_state.payment.herd_given")
    drawn = ts.get("drawn_discs", [])
    if not isinstance(drawn, list) or len(drawn) > 2:
        raise ValueError("turn_state.drawn_discs: expected a list of at most 2 discs")
    # discs a seat view does not identify (null) are filled with the lowest unassigned pile discs of the
    # colour drawn; the seat's determinize re-deals them anyway
    pile_set = set(pile)
    known = [d for d in drawn if d is not None]
    _id_list(known, NUM_DISCS, "turn_state.drawn_discs", 2)
    unders = doc.get("disc_under", {"grey": [], "red": []})
    if not isinstance(unders, dict) or set(unders) - {"grey", "red"}:
        raise ValueError("disc_under: expected {grey: [[disc, owner], ...], red: [...]}")
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
                d = _opt_id(d, NUM_DISCS, f"disc_under.{colour}[{pos}]")
                if not lo <= d < hi or d not in pile_set:
                    raise ValueError(f"disc_under.{colour}[{pos}]: disc {d} is not a {colour} disc in the pile")
            owner = e[1]
            if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < n:
                raise ValueError(f"disc_under.{colour}[{pos}]: the owner must be a seat")
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


def _plural(n, word):
    """'1 card', '2 cards': a count with its noun (the readable board should not say '1 secret cards')."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    lines.append(f"bonus pile: {_plural(bonus_total(s.bonus_pile), 'card')}, discard: {doc['bonus_discard'] or '-'}")
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


PLAYER_FEATURES = 18


def observation_size(dict params):
    return MAXP * PLAYER_FEATURES + 5 + 5 + 5 + NUM_KINDS * 3 + 1 + 3 * 5 + NUM_FIELDS + 4 + 5 + 25 + 8 + 2 + 5


def observation(bytes data, int player):
    """Layout in src/games/honga/README.md (section 'Observation')."""
    cdef HongaState s = load(data)
    n = s.num_players
    if not 0 <= player < n:
        raise ValueError(f"player: {player} is not a seat of this {n}-player game")
    out = []
    for i in range(MAXP):
        if i < n:
            d = s.waiting_disc[i]
            hands = [DISC_H[d][q] / 5.0 if d != NO_DISC else 0.0 for q in range(4)]
            out += [s.score[i] / 40.0, s.res[i][0] / 8.0, s.res[i][1] / 8.0, s.res[i][2] / 8.0, s.res[i][3] / 8.0,
                    s.board_mammoths[i] / 6.0, s.depot_mammoths[i] / 6.0, s.mountain[i] / 5.0,
                    1.0 if s.honga == i else 0.0, 1.0 if s.tusk == i else 0.0,
                    1.0 if d != NO_DISC and d >= NUM_GREY else 0.0] + hands + [
                    bonus_total(s.bonus_known[i]) / 5.0, bonus_total(s.bonus_fresh[i]) / 5.0,
                    sum(1 for j in range(s.herd_len) if s.herd[j] == i) / 5.0]
        else:
            out += [0.0] * PLAYER_FEATURES
    out += [1.0 if player == i else 0.0 for i in range(MAXP)]
    out += [1.0 if s.to_move == i and not s.finished else 0.0 for i in range(MAXP)]
    out += [1.0 if s.phase == i else 0.0 for i in range(5)]
    out += [s.bonus_known[player][k] / 3.0 for k in range(NUM_KINDS)]
    out += [s.bonus_discard[k] / 3.0 for k in range(NUM_KINDS)]
    out += [s.bonus_played[k] / 2.0 for k in range(NUM_KINDS)]
    out += [bonus_total(s.bonus_pile) / 25.0]
    for i in range(3):
        c = s.trade_slot[i]
        out += [TRADE_COST[c][j] / (12.0 if j == 4 else 3.0) if c != NO_DISC else 0.0 for j in range(5)]
    out += [s.uses[f] / 5.0 for f in range(NUM_FIELDS)]
    out += [1.0 if s.phase == PH_ACT and s.cur_field == f else 0.0 for f in range(4)]
    out += [s.cards_played / 2.0, float(s.sated), float(s.extra_disc), float(s.end_triggered), float(s.finished)]
    for j in range(MAXP):
        out += [1.0 if j < s.herd_len and s.herd[j] == i else 0.0 for i in range(MAXP)]
    hide = pending_hidden(&s, player)
    for j in range(2):
        out += [DISC_H[s.pending[j]][q] / 5.0 if j < s.n_pending and not hide else 0.0 for q in range(4)]
    # discs under the piles (count per colour), the payment in progress
    out += [popcount64(under_mask(&s, 0)) / 5.0, popcount64(under_mask(&s, 1)) / 5.0]
    out += [s.owe[0] / 3.0, s.owe[1] / 3.0, s.owe[2] / 3.0, s.owe_any / 3.0, s.owe_mam / 2.0]
    return [float(x) for x in out]
