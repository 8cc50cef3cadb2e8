# Prehistory: the designed component data (data/prehistory/components.json) as read-only C tables,
# filled once at import, and the feature codes of map spaces. Included by prehistory.pyx.

# features of map spaces
cdef enum:
    F_PLAIN = 0
    F_CAMP = 1
    F_GATHER = 2
    F_FISH = 3
    F_ANIMAL = 4
    F_MARKER = 5        # + colour
    F_MEGA_A = 11
    F_MEGA_B = 12
    F_MEGA_C = 13
    F_START = 14

# ---- designed component data, loaded once at import ----
cdef uint8_t PR_COL[NPRICE][6]
cdef uint8_t PR_MOVE[NPRICE][6]
cdef uint8_t PR_HL[NPRICE]
cdef uint8_t W_RES[NWEATHER][4][NCOL]
cdef uint8_t MAP_FEAT[NMAPT][4]
cdef uint8_t MAP_TERR[NMAPT][4]
cdef int8_t NBR[NSP][6]
cdef uint8_t P_NSYM[NPAINT]
cdef uint8_t P_SYM[NPAINT][3]
cdef uint8_t ROW_RW[3]
cdef uint8_t COL_RW[3]
cdef uint8_t ROW_PTS[4]
cdef uint8_t PAIR_RW[3][2]
cdef uint8_t SET_PTS[6]
cdef uint8_t FT_AT[5]
cdef uint8_t FT_VP[5]
cdef uint8_t FT_DEV[5]
cdef uint8_t H_SPEC[NHC]
cdef uint8_t H_ANIMAL[NHC]
cdef uint8_t H_COST[NHC]
cdef uint8_t H_VP[NHC]
cdef uint8_t H_RW[NHC][2]       # 0..5 resource, 6..11 marker, 12 dev point, 255 none
cdef uint8_t C_KIND[NCC]
cdef uint8_t C_VALUE[NCC]
cdef int C_PARAM[NCC]
cdef uint16_t C_MASK[NCC]
cdef uint8_t C_VP[NCC]
cdef uint8_t C_DEV[4]
cdef uint8_t CB[NCAMP]
cdef uint8_t CS[NCAMP]
cdef uint8_t CV[NCAMP]
cdef uint8_t CD[NCAMP]
cdef uint8_t FIRE[2][3]
cdef uint8_t GPAIR[NGT]

DATA = json.loads((importlib.resources.files("cavemind") / "data" / "prehistory" / "components.json").read_text())


def _reward_code(entry):
    if entry == "dev":
        return 12
    return 6 + int(entry[len("marker"):])


def _load():
    d = DATA
    for t, tile in enumerate(d["pricing_tiles"]):
        for k in range(6):
            PR_COL[t][k] = tile["colours"][k]
            PR_MOVE[t][k] = tile["move"][k]
        PR_HL[t] = tile["highlight"]
    for w, rots in enumerate(d["weather_tiles"]):
        for r in range(4):
            for c in range(NCOL):
                W_RES[w][r][c] = 0
            for c in rots[r]:
                W_RES[w][r][c] += 1
    names = {"plain": F_PLAIN, "camp": F_CAMP, "gather": F_GATHER, "fish": F_FISH, "animal": F_ANIMAL,
             "megA": F_MEGA_A, "megB": F_MEGA_B, "megC": F_MEGA_C}
    for c in range(6):
        names[f"marker{c}"] = F_MARKER + c
    for t, tile in enumerate(d["map_tiles"]):
        for k, sp in enumerate(tile["spaces"]):
            MAP_FEAT[t][k] = names[sp["feature"]]
            MAP_TERR[t][k] = TERRAINS.index(sp["terrain"])
    for sp in range(NSP):
        r, c = divmod(sp, NCOLS)
        if r % 2 == 0:
            cells = [(r, c + 1), (r, c - 1), (r - 1, c), (r - 1, c - 1), (r + 1, c), (r + 1, c - 1)]
        else:
            cells = [(r, c + 1), (r, c - 1), (r - 1, c + 1), (r - 1, c), (r + 1, c + 1), (r + 1, c)]
        for k, (rr, cc) in enumerate(cells):
            NBR[sp][k] = rr * NCOLS + cc if 0 <= rr < NROWS and 0 <= cc < NCOLS else -1
    pt = d["painting"]
    for i, sy in enumerate(pt["symbols"]):
        P_NSYM[i] = len(sy)
        for k in range(3):
            P_SYM[i][k] = sy[k] if k < len(sy) else 0
    for i in range(3):
        ROW_RW[i] = _reward_code(pt["row_rewards"][i])
        COL_RW[i] = _reward_code(pt["col_rewards"][i])
    for i in range(4):
        ROW_PTS[i] = pt["row_points"][i]
    g = d["gathering"]
    for i, (a, b) in enumerate(g["basket_pairs"]):
        GPAIR[a] = b
        GPAIR[b] = a
        PAIR_RW[i][0] = g["pair_rewards"][i][0]
        PAIR_RW[i][1] = g["pair_rewards"][i][1]
    for i in range(6):
        SET_PTS[i] = g["set_points"][i]
    for i, (at, vp, dv) in enumerate(d["fishing"]["track"]):
        FT_AT[i] = at
        FT_VP[i] = vp
        FT_DEV[i] = dv
    for i, h in enumerate(d["hunting_cards"]):
        H_SPEC[i] = SPECIES.index(h["species"])
        H_ANIMAL[i] = 1 if h["animal"] else 0
        H_COST[i] = h["cost"]
        H_VP[i] = h.get("vp", 0)
        H_RW[i][0] = 255
        H_RW[i][1] = 255
        for k, (kind, col) in enumerate(h.get("reward", [])):
            H_RW[i][k] = col if kind == "res" else (6 + col if kind == "mk" else 12)
    for i, cc in enumerate(d["ceremony_cards"]):
        C_KIND[i] = cc["kind"]
        C_VALUE[i] = cc["value"]
        C_PARAM[i] = 0
        C_MASK[i] = 0
        C_VP[i] = 0
        p = cc["param"]
        if cc["kind"] == 0:
            for cell in p[0]:
                C_MASK[i] |= 1 << cell
            C_VP[i] = p[1]
        elif cc["kind"] == 1:
            C_PARAM[i] = 0 if p == "pairs" else 1
        elif p is not None:
            C_PARAM[i] = p
    for v in range(4):
        C_DEV[v] = d["ceremony_dev_by_value"][v]
    for i, cp in enumerate(d["campsites"]):
        CB[i] = cp["builders"]
        CS[i] = cp["settlers"]
        CV[i] = cp["vp"]
        CD[i] = cp["dev"]
    for i in range(2):
        for k in range(3):
            FIRE[i][k] = d["fire_patterns"][i][k]

_load()
