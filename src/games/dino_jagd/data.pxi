# Dino Jagd: the designed data (data/dino_jagd/dino_jagd.json): creature and special card names for
# the Python edge, and the read-only C tables of the rules, filled once at import; and the fitted weights of the
# learned cut-off evaluation (data/dino_jagd/evaluation.json, rules.pxi's heuristic variant 1). Included by
# dino_jagd.pyx.

# ---- designed data, loaded once ----

_DATA = json.loads((resources.files("cavemind") / "data" / "dino_jagd" / "dino_jagd.json").read_text())
PERIOD_CODES = list(_DATA["periods"])
PERIOD_NAMES = list(_DATA["period_names"])
CREATURES = _DATA["creatures"]
SPECIALS = _DATA["specials"]
CREATURE_NAMES = [c["name"] for c in CREATURES]
SPECIAL_NAMES = [s["name"] for s in SPECIALS]
REACTION_TYPES = (SP_SUPERSCHOCKER, SP_STOERSENDER, SP_FEHLSCHUSS, SP_GLUECKSTREFFER, SP_ZIELFERNROHR, SP_STOERFELD)
RESULT_CODES = "CMEAW"


cdef uint8_t CR_PERIODS[NUM_CREATURES]     # bit q: lived in period q
cdef uint8_t CR_CARN[NUM_CREATURES]
cdef uint8_t CR_POINTS[NUM_CREATURES]
cdef uint8_t CR_COST[NUM_CREATURES]
cdef uint8_t CR_TABLE[NUM_CREATURES][6]
cdef uint8_t SP_COUNT[NUM_SPECIAL_TYPES]


def _load_data():
    if len(CREATURES) != NUM_CREATURES or len(SPECIALS) != NUM_SPECIAL_TYPES:
        raise RuntimeError("dino_jagd data: wrong number of creatures or special types")
    if not 72 <= NUM_CREATURES <= 128:
        raise RuntimeError("dino_jagd: cards_at() assumes 72 to 128 creature cards")
    if _DATA["spaces_per_period"] != SPACES:
        raise RuntimeError("dino_jagd data: spaces_per_period does not match the compiled SPACES")
    for i, c in enumerate(CREATURES):
        mask = 0
        for code in c["periods"]:
            mask |= 1 << PERIOD_CODES.index(code)
        CR_PERIODS[i] = mask
        CR_CARN[i] = 1 if c["carnivore"] else 0
        CR_POINTS[i] = c["points"]
        CR_COST[i] = c["cost"]
        if not 1 <= c["cost"] <= MAX_ENERGY or len(c["hunt"]) != 6:
            raise RuntimeError(f"dino_jagd data: bad card {c['name']}")
        for k in range(6):
            CR_TABLE[i][k] = RESULT_CODES.index(c["hunt"][k]) + 1
    for t, sp in enumerate(SPECIALS):
        SP_COUNT[t] = sp["count"]


_load_data()


# ---- the learned evaluation's weights (fitted, not designed: benchmarks/fit_evaluation.py) ----

cdef enum:
    NUM_EVALUATION_FEATURES = 19

# Per player; the cards are counted by kind (one weight for all of them predicted worse:
# docs/research/2026-12-02-dino-jagd-the-special-cards-by-kind.md).
EVALUATION_FEATURES = ("points", "points_x_share_left", "captured", "to_move", "energy_if_to_move",
                       "superschocker", "stoersender", "fehlschuss", "glueckstreffer", "zeitschleife", "aussterben",
                       "kein_aussterben", "praemien_x_share_left", "zielfernrohr", "stoerfeld", "faehrtenleserin",
                       "zeitpilot", "tieraerztin", "reach")
cdef double EVALUATION_WEIGHTS[NUM_EVALUATION_FEATURES]
# Variant 0, exp(points / 4) normalised, as weights of the same model (benchmarks/fit_evaluation.py's baseline)
VARIANT0_WEIGHTS = (0.25,) + (0,) * (NUM_EVALUATION_FEATURES - 1)


def _load_evaluation():
    doc = json.loads((resources.files("cavemind") / "data" / "dino_jagd" / "evaluation.json").read_text())
    if tuple(doc["features"]) != EVALUATION_FEATURES or len(doc["weights"]) != NUM_EVALUATION_FEATURES:
        raise RuntimeError("dino_jagd evaluation.json: the features do not match the compiled evaluation")
    for k, w in enumerate(doc["weights"]):
        EVALUATION_WEIGHTS[k] = float(w)


_load_evaluation()
