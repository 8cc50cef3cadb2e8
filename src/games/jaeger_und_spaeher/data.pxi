# Jäger und Späher: the designed data (data/jaeger_und_spaeher/cards.json): card and rule names for the
# Python edge, the read-only C tables of the rules and the C copies of the names check_state's
# messages use, all filled once at import. Included by jaeger_und_spaeher.pyx.

# ---- designed data, loaded once into C arrays ----
cdef int CH_NOPS[NCHAR]
cdef int CH_OPS[NCHAR][4][3]
cdef int CH_SPECIAL[NCHAR]
cdef int OBJ_COST[NOBJ][6]
cdef int OBJ_VP[NOBJ]
cdef int OBJ_NEFF[NOBJ]
cdef int OBJ_EFF[NOBJ][2]        # 0 place a member, 1 draw an object, 2 take a hunger tile, 3 return one
cdef int OBJ_COPIES[NOBJ]
cdef int LOC_N[NLOC]
cdef int LOC_SP[NLOC][MAXSP]
cdef int LOC_MARK[NLOC]
cdef int FACE_TRIG[NFACE]        # 0 sunset, 1 first take-back of a turn, 2 object created, 3 character played
cdef int FACE_EFF[NFACE]         # 0 one hunger tile fewer, 1 a raw material, 2 a point, 3 draw an object, 4 return hunger
cdef int FACE_MAT[NFACE]
cdef int FACE_CARD[NFACE]

DATA = json.loads((files("cavemind") / "data" / "jaeger_und_spaeher" / "cards.json").read_text(encoding="utf-8"))
MATERIALS = tuple(DATA["materials"])
CHAR_NAMES = tuple(c["name"] for c in DATA["characters"])
OBJ_NAMES = tuple(o["name"] for o in DATA["objects"])
LOC_NAMES = tuple(c["name"] for c in DATA["wilderness"] + DATA["hunting_grounds"])
FACE_NAMES = tuple(h["name"] for h in DATA["holy_places"])
PHASE_NAMES = ("turn", "take_back", "cover", "shortage", "instruction", "chance")
OP_NAMES = ("", "reveal_wild", "reveal_hunt", "reveal_choice", "place", "draw_object", "camp_to_tribe",
            "take_hunger", "return_hunger", "take_character", "put_in_row", "keep_object", "sunset_take",
            "refill", "finish", "setup_special", "setup_holy", "back", "point", "bonus_space", "sunset_hunger")
FILTER_NAMES = ("any", "wilderness", "hunting ground", "revealed", "any (object)")
TRIGGERS = ("sunset", "take_back", "create", "play")
EFFECTS = ("one_less_hunger", "material", "point", "draw_object", "return_hunger")
ROW_NAMES = "abc"


def _load_data():
    assert len(CHAR_NAMES) == NCHAR and len(OBJ_NAMES) == NOBJ and len(LOC_NAMES) == NLOC and len(FACE_NAMES) == NFACE
    assert len(OP_NAMES) == NOPS
    opcode = {"reveal_wild": (OP_REVEAL_WILD, 0, 0), "reveal_hunt": (OP_REVEAL_HUNT, 0, 0),
              "reveal_choice": (OP_REVEAL_CHOICE, 0, 0), "place": (OP_PLACE, None, F_ANY),
              "place_wild": (OP_PLACE, None, F_WILD), "place_hunt": (OP_PLACE, None, F_HUNT),
              "place_revealed": (OP_PLACE, None, F_REVEALED), "draw_object": (OP_DRAW, 255, 0),
              "camp_to_tribe": (OP_CAMP, 0, 0), "take_hunger_unless_none": (OP_TAKE_HUNGER, 1, 0),
              "return_hunger": (OP_RETURN_HUNGER, None, 0), "take_character": (OP_TAKE_CHAR, None, 0)}
    for t, c in enumerate(DATA["characters"]):
        CH_NOPS[t] = len(c["instructions"])
        CH_SPECIAL[t] = c["special_copies"]
        for k, ins in enumerate(c["instructions"]):
            op, a, b = opcode[ins[0]]
            CH_OPS[t][k][0] = op
            CH_OPS[t][k][1] = ins[1] if a is None else a
            CH_OPS[t][k][2] = b
    effect = {"place_member": 0, "draw_object": 1, "take_hunger": 2, "return_hunger": 3}
    for o, c in enumerate(DATA["objects"]):
        # the rulebook's split: meat removes hunger, hides bring members, "other raw materials" create objects
        assert not set(c["cost"]) & {"meat", "hide", "points"}, f"{c['name']}: objects cost other raw materials"
        for m in range(6):
            OBJ_COST[o][m] = c["cost"].get(MATERIALS[m], 0)
        OBJ_VP[o] = c["points"]
        OBJ_NEFF[o] = len(c["effects"])
        for k, e in enumerate(c["effects"]):
            OBJ_EFF[o][k] = effect[e]
        OBJ_COPIES[o] = c["copies"]
    for i, c in enumerate(DATA["wilderness"] + DATA["hunting_grounds"]):
        LOC_N[i] = len(c["spaces"])
        for k, m in enumerate(c["spaces"]):
            LOC_SP[i][k] = MATERIALS.index(m)
        LOC_MARK[i] = sum(1 << k for k in c["marked"])
    for f, h in enumerate(DATA["holy_places"]):
        FACE_TRIG[f] = TRIGGERS.index(h["trigger"])
        FACE_EFF[f] = EFFECTS.index(h["effect"])
        FACE_MAT[f] = MATERIALS.index(h["material"]) if "material" in h else 0
    for c, pair in enumerate(DATA["holy_place_cards"]):
        for f in pair:
            FACE_CARD[f] = c


_load_data()


# C copies of the names the messages use (built once at import; the check itself holds no Python objects)
cdef const char* LOC_NAME_C[NLOC]
cdef const char* OBJ_NAME_C[NOBJ]
cdef const char* CHAR_NAME_C[NCHAR]
cdef const char* OP_NAME_C[NOPS]
cdef const char* MATERIAL_C[NMAT]
cdef const char* PHASE_C[6]
_C_NAMES = [name.encode() for name in LOC_NAMES + OBJ_NAMES + CHAR_NAMES + OP_NAMES + MATERIALS + PHASE_NAMES]


def _fill_c_names():
    cdef int i = 0, k
    for k in range(NLOC):
        LOC_NAME_C[k] = _C_NAMES[i]
        i += 1
    for k in range(NOBJ):
        OBJ_NAME_C[k] = _C_NAMES[i]
        i += 1
    for k in range(NCHAR):
        CHAR_NAME_C[k] = _C_NAMES[i]
        i += 1
    for k in range(NOPS):
        OP_NAME_C[k] = _C_NAMES[i]
        i += 1
    for k in range(NMAT):
        MATERIAL_C[k] = _C_NAMES[i]
        i += 1
    for k in range(6):
        PHASE_C[k] = _C_NAMES[i]
        i += 1


_fill_c_names()


# ---- the learned evaluation's weights (fitted, not designed: benchmarks/fit_evaluation.py) ----

cdef enum:
    NUM_EVALUATION_FEATURES = 9

EVALUATION_FEATURES = ("points", "members_out", "camp", "hunger", "objects_held", "objects_created",
                       "characters_in_hand", "to_move", "points_x_leader_progress")
cdef double EVALUATION_WEIGHTS[NUM_EVALUATION_FEATURES]
# Variant 0 (rules.pxi's value_of, over 3) as weights of the same model (benchmarks/fit_evaluation.py's baseline;
# a test holds the two equal)
VARIANT0_WEIGHTS = (1.0 / 3, 0.7 / 3, 0.3 / 3, -0.8 / 3, 0.4 / 3, 0.3 / 3, 0.15 / 3, 0, 0)


def _load_evaluation():
    doc = json.loads((files("cavemind") / "data" / "jaeger_und_spaeher" / "evaluation.json").read_text())
    if tuple(doc["features"]) != EVALUATION_FEATURES or len(doc["weights"]) != NUM_EVALUATION_FEATURES:
        raise RuntimeError("jaeger_und_spaeher evaluation.json: the features do not match the compiled evaluation")
    for k, w in enumerate(doc["weights"]):
        EVALUATION_WEIGHTS[k] = float(w)


_load_evaluation()
