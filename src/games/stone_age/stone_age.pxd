# Stone Age: the state struct and the constants of its action space. See README.md beside this file for the
# rules as implemented, the notation and every interpretation of an unclear rule.
from libc.stdint cimport int16_t, uint8_t, uint16_t, uint64_t

cdef enum:
    MAXP = 4
    NONE = 255
    # resources (wood, clay, stone, gold); food is kept apart because it never pays for cards or buildings
    WOOD = 0
    CLAY = 1
    STONE = 2
    GOLD = 3
    NUM_RES = 4
    # locations of the board; a placement or a resolution names one of these
    L_HUNT = 0
    L_FOREST = 1
    L_CLAYPIT = 2
    L_QUARRY = 3
    L_RIVER = 4
    L_TOOLMAKER = 5
    L_HUT = 6
    L_FIELD = 7
    L_CARD = 8          # + slot 0..3; slot 0 is the rightmost card and costs 1 resource, slot 3 costs 4
    L_BUILDING = 12     # + stack 0..3
    L_IGLOO = 16        # + igloo 0..3 (mini-expansion "Die Iglus")
    L_ANIMAL = 20       # the active wild animal (mini-expansion "Die wilden Tiere")
    NUM_LOC = 21
    # component counts (the data files must match them)
    NUM_CARDS = 36
    NUM_ANIMALS = 4
    MAX_CARD_TYPES = 36
    MAX_BUILDING_TYPES = 28
    NUM_BUILDINGS = 28
    STACK_SIZE = 7
    MAX_PEOPLE = 10
    MAX_AGRICULTURE = 10
    MAX_TOOL_VALUE = 12
    ROUND_LIMIT = 60    # safety cap (not a rule): a game where nobody ever buys cannot end otherwise

    # the bounds of the state's fields (check_state refuses a state beyond them) and the arrays they size
    MIN_PLAYERS = 2
    NUM_OPTIONS = 4     # the OPT_* bits below
    DIE_FACES = 6
    MAX_DICE = MAX_PEOPLE   # dice one roll throws: one per person on the location
    MAX_TOOL_PIPS = 21  # a player's tools at the most: three tiles of 4 and the one-use cards of 2, 3 and 4
    NUM_TOOL_TILES = 3  # permanent tool tiles of a player
    NUM_ONE_USE_TOOLS = 3   # one-use tool cards, of value 2, 3 and 4 (one bit each in one_use)
    CHOICE_RESOURCES = 2    # resources of choice one card gives
    DISPLAY_SLOTS = 4   # the civilization cards on display (display slot 0 costs 1 resource, slot 3 costs 4)
    START_PEOPLE = 5    # people a player starts with
    NUM_IGLOOS = 4      # igloo spaces (one bit each in igloos_built)
    MAX_WAITING_ANIMALS = 4 # animals turned up while one is active
    RESOURCE_PLACES = 7 # people on the forest, the clay pit, the quarry or the river at once
    HUT_PEOPLE = 2      # people the hut takes (the tool maker and the field take one)
    VILLAGE_SPOTS_USED = 2  # with fewer than 4 players, only 2 of tool maker, hut and field are used in a round
    MAX_BUILDING_COST = 7   # resources a variable building costs at the most

    # options bits
    OPT_WINTER = 1      # "Der Winter ist hart"
    OPT_ANIMALS = 2     # "Die wilden Tiere"
    OPT_IGLOOS = 4      # "Die Iglus"
    OPT_CHOICE_AT_ONCE = 8  # house rule (Yucata): the 2 resources of choice (G02) are taken when it is bought

    # phases: who acts and what the legal actions are
    PH_REFILL = 0       # chance: the next card for display slot `loc` (also the opening deal)
    PH_REVEAL = 1       # chance: the new top tile of building stack `reveal_stack`
    PH_PLACE = 2        # decision: the location of the next placement
    PH_PLACE_COUNT = 3  # decision: how many people go to location `loc`
    PH_RESOLVE = 4      # decision: which placed location to resolve next
    PH_ROLL = 5         # chance: the sum of `dice` dice
    PH_TOOLS = 6        # decision: add the next tool to the roll, or stop
    PH_PAY_CARD = 7     # decision: pay the next resource for the card at `loc`, or decline
    PH_CARD_BONUS = 8   # decision ("Der Winter ist hart"): pay 1 extra gold for 6 points, or stop
    PH_BUILD_FIXED = 9  # decision: build a fixed-cost building or igloo (optionally + 1 stone), or decline
    PH_PAY_BUILDING = 10  # decision: pay the next resource for a variable building, build, or decline
    PH_BAR_ROLL = 11    # chance: one die of the dice bar
    PH_BAR_PICK = 12    # decision of `current`: which die of the bar to take
    PH_DRAW_HIDDEN = 13  # chance: the face-down card of the "extra card" effect
    PH_CHOOSE = 14      # decision: the next resource of choice to take
    PH_ANIMAL_ROLL = 15  # chance: one die of a fleeing animal's reward roll
    PH_ANIMAL_REWARD = 16  # decision: take the die's reward or 3 points
    PH_FEED_PAY = 17    # decision: pay the next resource for missing food, or starve (-10)
    PH_END = 18

    # the action space: decisions first, then chance outcomes
    A_PLACE = 0         # + location
    A_COUNT = 21        # + n - 1 (n = 1..10 people)
    A_RESOLVE = 31      # + location
    A_TOOL = 52         # + value - 1 (permanent tool tile of value 1..4)
    A_TOOL_CARD = 56    # + value - 2 (one-use tool card of value 2..4)
    A_PAY = 59          # + resource
    A_TAKE = 63         # + resource
    A_PICK = 67         # + face - 1
    A_STOP = 73
    A_DECLINE = 74
    A_STARVE = 75
    A_BUILD = 76
    A_BUILD_BONUS = 77
    A_BONUS_GOLD = 78
    A_REWARD = 79
    A_POINTS = 80
    C_SUM = 81          # + sum - 1 (sum 1..60)
    C_FACE = 141        # + face - 1
    C_CARD = 147        # + card type
    C_ANIMAL = 183      # + animal
    C_BUILDING = 187    # + building type
    C_HIDDEN = 215      # a face-down card draw as seen by everybody but its owner
    A_TAKE_KEPT = 216   # + pair index (10 pairs r1 <= r2): take the 2 resources of choice of a kept G02 card
    NUM_ACTIONS = 226


# One player's board. Everything here is public except which cards in `hidden` they are.
ctypedef struct Player:
    uint64_t cards          # civilization card ids owned (bit i = card i), face-down ones included
    uint64_t hidden         # the subset drawn face down by the "extra card" effect: only the owner knows them
    int16_t score           # points
    int16_t food            # food tokens
    int16_t res[NUM_RES]    # wood, clay, stone, gold
    uint8_t agriculture     # 0..10
    uint8_t people          # people owned, 5..10
    uint8_t available       # people still on the player board during placement
    uint8_t tools[NUM_TOOL_TILES]  # permanent tool tiles, value 1..4 (0 = no tile)
    uint8_t tools_used      # bit i: tile i was used this round
    uint8_t one_use         # bit v-2: unused one-use tool card of value v
    uint8_t buildings       # building tiles owned (igloos excluded)
    uint8_t igloos          # igloos built
    uint8_t on_animal       # people standing on the wild animal (they stay until it flees)
    uint8_t placed[NUM_LOC] # people placed this round on each location


ctypedef struct StoneAgeState:
    Player pl[MAXP]         # by seat; the first num_players are in use
    uint64_t deck           # ids still in the face-down civilization deck: cards 0..35, animals 36..39
    uint16_t steps          # decisions and chance events so far
    uint8_t num_players     # 2..4
    uint8_t options         # OPT_* bits
    uint8_t phase           # PH_* (decision or chance step in progress)
    uint8_t current         # deciding player at a decision node
    uint8_t start_player    # the round's start player (holds the start player figure)
    uint8_t round           # 0 during the opening deal, then 1, 2, ...
    uint8_t resolver        # the player resolving (phase 2), fleeing the animal or being fed
    uint8_t players_done    # players finished with the current round-robin
    uint8_t loc             # location being placed on or resolved; display slot being refilled
    uint8_t dice            # dice to roll at PH_ROLL
    uint8_t dice_total      # the rolled sum after the animal's deduction
    uint8_t tool_bonus      # pips added by tools to this roll
    uint8_t last_tool_key   # tools are added in descending order of this key (canonical order)
    uint8_t roll_yield      # 0 food, 1 + resource: what the roll yields; divisor = roll_yield + 2
    uint8_t pay_left        # resources still to pay (card, variable building, missing food)
    uint8_t pay_last        # payments go in ascending resource order: the lowest type allowed next
    uint8_t paid[NUM_RES]   # resources paid so far for the current variable building
    uint8_t choice_left     # resources of choice still to take
    uint8_t card            # the civilization card whose top effect is being carried out
    uint8_t display[DISPLAY_SLOTS]  # card id per slot (slot 0 costs 1), NONE when empty
    uint8_t stack_count[MAXP]  # tiles left in each building stack, top included
    uint8_t stack_top[MAXP] # building type of each stack's face-up top, NONE when not yet turned up or empty
    uint8_t unseen_buildings[MAX_BUILDING_TYPES]  # building tiles nobody has seen, by type (stacks below the tops and the box)
    uint8_t reveal_stack    # the building stack whose top tile PH_REVEAL turns up (NONE at the start)
    uint8_t igloos_built    # bit i: igloo i was built
    uint8_t animal          # the active animal or NONE
    uint8_t animals_waiting[MAX_WAITING_ANIMALS]  # animals turned up while one is active, in order (NONE-padded)
    uint8_t bar[DIE_FACES]  # dice of the dice bar still to take, by face
    uint8_t bar_left        # dice still to roll (dice bar or a fleeing animal's reward dice)
    uint8_t picks_left      # players still to pick from the dice bar
    uint8_t animal_face     # the die whose reward is being chosen
    uint8_t end_triggered   # a building stack ran out: the game ends after this round's feeding
    uint8_t finished        # the game is over (final scores counted)
    uint8_t choice_kept     # the player holding the "2 resources of choice" card unused (NONE if nobody)
