# Stone Age: the read-only game data. Constants and C tables first, then their filling from the JSON files in
# python/cavemind/data/stone_age/ (once, at import) together with the names the notation and positions use.

# ---------------------------------------------------------------------------------------------------------------
# Read-only game data, filled from the JSON files at import (see _load_data below).
# ---------------------------------------------------------------------------------------------------------------
cdef enum:
    EFF_FOOD = 0
    EFF_RESOURCE = 1
    EFF_POINTS = 2
    EFF_AGRICULTURE = 3
    EFF_TOOL = 4
    EFF_ONE_USE_TOOL = 5
    EFF_DICE_BAR = 6
    EFF_DICE_RESOURCE = 7
    EFF_EXTRA_CARD = 8
    EFF_CHOICE = 9
    # animal rewards by die face
    RW_TOOL = 0
    RW_FOOD = 1
    RW_POINTS = 2
    RW_RESOURCE = 3
    RW_AGRICULTURE = 4
    RW_PERSON = 5

DEF MSG_CAP = 200                         # check_state messages
# Stock and score bounds: a position may load with at most LOAD_MAX; play from there adds far less than
# STOCK_MAX - LOAD_MAX in a whole game (~40 per round for 60 rounds), and STOCK_MAX keeps int16 from wrapping.
DEF LOAD_MAX = 10000
DEF STOCK_MAX = 30000
cdef const char* LOC_C[NUM_LOC]           # names for those messages, filled at import
cdef const char* RES_C[4]
cdef const char* PHASE_C[PH_END + 1]
cdef uint8_t CARD_TYPE[NUM_CARDS]         # duplicates (same top and bottom) share a type
cdef uint8_t TYPE_FIRST_CARD[MAX_CARD_TYPES]
cdef int NUM_CARD_TYPES = 0
cdef uint8_t CARD_EFFECT[NUM_CARDS]
cdef uint8_t CARD_AMOUNT[NUM_CARDS]       # food, points, resource amount, one-use tool value
cdef uint8_t CARD_RESOURCE[NUM_CARDS]
cdef uint8_t CARD_CULTURE[NUM_CARDS]      # culture symbol 0..7, or NONE for a sand-bottom card
cdef uint8_t CARD_MULTIPLIER[NUM_CARDS]   # 0 farmer, 1 tool maker, 2 hut builder, 3 shaman, or NONE
cdef uint8_t CARD_FIGURES[NUM_CARDS]
cdef uint64_t DUPLICATE_LOW[NUM_CARDS]    # for the higher card of a duplicate pair: bit of the lower one
cdef int NUM_BUILDING_TYPES = 0
cdef uint8_t BT_COST[MAX_BUILDING_TYPES][4]   # fixed cost (all zero for a variable building)
cdef uint8_t BT_POINTS[MAX_BUILDING_TYPES]
cdef uint8_t BT_COUNT[MAX_BUILDING_TYPES]     # variable: exactly this many resources (0 = fixed or 1-7)
cdef uint8_t BT_KINDS[MAX_BUILDING_TYPES]     # variable: of exactly this many kinds
cdef uint8_t BT_MAX[MAX_BUILDING_TYPES]       # "1 to 7 of any": the maximum (0 otherwise)
cdef uint8_t BT_COPIES[MAX_BUILDING_TYPES]
cdef uint8_t IGLOO_COST[4][4]
cdef uint8_t IGLOO_POINTS[4]
cdef uint8_t ANIMAL_DEDUCTION[NUM_ANIMALS]
cdef uint8_t ANIMAL_REWARD[6]
cdef double DICE_PROB[11][61]             # DICE_PROB[k][s]: probability that k dice sum to s
cdef uint8_t RES_VALUE[4]
RES_VALUE[:] = [3, 4, 5, 6]
cdef uint64_t CHOICE_CARDS = 0            # the "2 resources of choice" card(s), filled at import
cdef uint8_t KEPT_PAIR[10][2]             # A_TAKE_KEPT + i takes these two resources (r1 <= r2)
_i = 0
for _a in range(4):
    for _b in range(_a, 4):
        KEPT_PAIR[_i][0] = _a
        KEPT_PAIR[_i][1] = _b
        _i += 1

cdef uint64_t CIV_MASK = ((<uint64_t>1) << NUM_CARDS) - 1
cdef uint64_t ANIMAL_MASK = (((<uint64_t>1) << NUM_ANIMALS) - 1) << NUM_CARDS

ctypedef StoneAgeState State


# ---------------------------------------------------------------------------------------------------------------
# Data loading (once, at import)
# ---------------------------------------------------------------------------------------------------------------
RESOURCES = ("wood", "clay", "stone", "gold")
LOCATIONS = ("hunt", "forest", "claypit", "quarry", "river", "toolmaker", "hut", "field",
             "card1", "card2", "card3", "card4", "building1", "building2", "building3", "building4",
             "igloo1", "igloo2", "igloo3", "igloo4", "animal")
PHASES = ("refill", "reveal", "place", "place_count", "resolve", "roll", "tools", "pay_card", "card_bonus",
          "build_fixed", "pay_building", "bar_roll", "bar_pick", "draw_hidden", "choose", "animal_roll",
          "animal_reward", "feed_pay", "end")
# C names for check_state messages (the bytes objects stay alive in these module-level tuples)
_LOC_B = tuple(x.encode() for x in LOCATIONS)
_PHASE_B = tuple(x.encode() for x in PHASES)
_RES_B = tuple(x.encode() for x in RESOURCES)
for _i in range(NUM_LOC):
    LOC_C[_i] = _LOC_B[_i]
for _i in range(PH_END + 1):
    PHASE_C[_i] = _PHASE_B[_i]
for _i in range(4):
    RES_C[_i] = _RES_B[_i]
BAR_REWARDS = ("wood", "clay", "stone", "gold", "tool", "agriculture")
_EFFECTS = {"food": EFF_FOOD, "resource": EFF_RESOURCE, "points": EFF_POINTS, "agriculture": EFF_AGRICULTURE,
            "tool": EFF_TOOL, "one_use_tool": EFF_ONE_USE_TOOL, "dice_bar": EFF_DICE_BAR,
            "dice_resource": EFF_DICE_RESOURCE, "extra_card": EFF_EXTRA_CARD, "resources_of_choice": EFF_CHOICE}
_REWARDS = {"tool": RW_TOOL, "3 food": RW_FOOD, "3 points": RW_POINTS, "resource of choice": RW_RESOURCE,
            "agriculture": RW_AGRICULTURE, "person": RW_PERSON}

CARD_IDS = []            # card id strings ("G01", ...) by index
CARD_INFO = []           # the JSON records, by index
CARD_TYPE_NAMES = []     # a type is named after its first card
BUILDING_NAMES = []      # building type names
IGLOO_NAMES = []
ANIMAL_NAMES = []
CULTURES = []
MULTIPLIERS = []


def _read(name):
    return json.loads((importlib.resources.files("cavemind") / "data" / "stone_age" / name).read_text("utf-8"))


def _cost_vector(cost):
    return [int(cost.get(r, 0)) for r in RESOURCES]


def _cost_name(cost):
    return "+".join(f"{n}{r}" for n, r in zip(_cost_vector(cost), RESOURCES) if n)


def _load_data():
    global NUM_CARD_TYPES, NUM_BUILDING_TYPES, CHOICE_CARDS
    cdef int i, k, r
    cards = _read("cards.json")
    CULTURES[:] = cards["culture_symbols"]
    MULTIPLIERS[:] = cards["multipliers"]
    if len(cards["cards"]) != NUM_CARDS:
        raise RuntimeError(f"cards.json: expected {NUM_CARDS} cards")
    signatures = {}
    for i, card in enumerate(cards["cards"]):
        CARD_IDS.append(card["id"])
        CARD_INFO.append(card)
        top = card["top"]
        CARD_EFFECT[i] = _EFFECTS[top["effect"]]
        if CARD_EFFECT[i] == EFF_CHOICE:
            CHOICE_CARDS |= (<uint64_t>1) << i
        CARD_AMOUNT[i] = top.get("amount", top.get("value", 0))
        CARD_RESOURCE[i] = RESOURCES.index(top["resource"]) if "resource" in top else 0
        CARD_CULTURE[i] = CULTURES.index(card["culture"]) if "culture" in card else NONE
        CARD_MULTIPLIER[i] = MULTIPLIERS.index(card["multiplier"]) if "multiplier" in card else NONE
        CARD_FIGURES[i] = card.get("figures", 0)
        DUPLICATE_LOW[i] = 0
        sig = json.dumps([card.get("culture"), card.get("multiplier"), card.get("figures"), top], sort_keys=True)
        if sig in signatures:
            k = signatures[sig]
            DUPLICATE_LOW[i] = (<uint64_t>1) << TYPE_FIRST_CARD[k]
        else:
            k = len(signatures)
            signatures[sig] = k
            TYPE_FIRST_CARD[k] = i
            CARD_TYPE_NAMES.append(card["id"])
        CARD_TYPE[i] = k
    NUM_CARD_TYPES = len(signatures)
    buildings = _read("buildings.json")["buildings"]
    total = 0
    for k, b in enumerate(buildings):
        BT_COPIES[k] = b["copies"]
        total += b["copies"]
        BT_COUNT[k] = b.get("count", 0)
        BT_KINDS[k] = b.get("kinds", 0)
        BT_MAX[k] = b.get("max", 0)
        vec = _cost_vector(b.get("cost", {}))
        for r in range(4):
            BT_COST[k][r] = vec[r]
        BT_POINTS[k] = b.get("points", 0)
        if "cost" in b:
            BUILDING_NAMES.append(_cost_name(b["cost"]))
        elif "count" in b:
            BUILDING_NAMES.append(f"{b['count']}of{b['kinds']}kind{'s' if b['kinds'] > 1 else ''}")
        else:
            BUILDING_NAMES.append(f"{b['min']}to{b['max']}any")
    if total != NUM_BUILDINGS:
        raise RuntimeError(f"buildings.json: expected {NUM_BUILDINGS} tiles")
    NUM_BUILDING_TYPES = len(buildings)
    expansions = _read("expansions.json")
    for k, igloo in enumerate(expansions["igloos"]):
        IGLOO_NAMES.append(igloo["name"])
        vec = _cost_vector(igloo["cost"])
        for r in range(4):
            IGLOO_COST[k][r] = vec[r]
        IGLOO_POINTS[k] = igloo["points"]
    for k, animal in enumerate(expansions["animals"]):
        ANIMAL_NAMES.append(animal["name"])
        ANIMAL_DEDUCTION[k] = animal["deduction"]
    for k, reward in enumerate(expansions["animal_rewards_by_face"]):
        ANIMAL_REWARD[k] = _REWARDS[reward]
    # the convolved distribution of the sum of k dice
    for k in range(11):
        for r in range(61):
            DICE_PROB[k][r] = 0.0
    DICE_PROB[0][0] = 1.0
    for k in range(1, 11):
        for r in range(61):
            if DICE_PROB[k - 1][r] > 0:
                for i in range(1, 7):
                    DICE_PROB[k][r + i] += DICE_PROB[k - 1][r] / 6.0


_load_data()
