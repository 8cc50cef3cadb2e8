# Honga: the names (fields, resources, bonus kinds, phases) and the designed component data, read once at import
# from python/cavemind/data/honga/honga.json into the static C arrays the rules read.

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
