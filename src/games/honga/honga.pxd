from libc.stdint cimport int8_t, uint8_t, int16_t, uint16_t, uint32_t, uint64_t

cdef enum:
    MIN_PLAYERS = 2
    MAXP = 5
    NUM_FIELDS = 9            # 0 mushroom 1 berry 2 fish 3 water 4 forest 5 mammoth 6 mountain 7 trade 8 honga
    F_MUSH = 0
    F_BERRY = 1
    F_FISH = 2
    F_WATER = 3
    F_FOREST = 4
    F_MAMMOTH = 5
    F_MOUNTAIN = 6
    F_TRADE = 7
    F_HONGA = 8
    NUM_GREY = 28
    NUM_RED = 18
    NUM_DISCS = 46
    NUM_TRADE = 32
    NUM_KINDS = 10
    NUM_BONUS = 25
    MOUNTAIN_TOP = 5
    MAMMOTHS_PER_PLAYER = 6
    NO_DISC = 255
    MAX_TURNS = 1500          # engine safeguard, never reached in practice (see README)

    # the bounds of the state's fields (check_state refuses a state beyond them)
    NUM_RESOURCES = 4         # fish, berry, mushroom, water: the resource tracks of a player (res)
    NUM_ROUND_FIELDS = 4      # the round fields a disc is placed on (field_top, cur_field)
    NUM_ROTATIONS = 4         # the ways a disc can be turned on its round field (cur_rot)
    NUM_TRADE_SLOTS = 3       # face-up trade cards (trade_slot, pay_slot)
    MAX_DRAWN_DISCS = 2       # discs drawn with Extra action disc, waiting to be kept (pending)
    MAX_CARDS_PLAYED = 2      # bonus cards played in one turn
    MAX_HANDS = 6             # hands on one field in a turn: at most 4 from the disc and 2 lucky hands
    PLACEMENTS_PER_TURN = 6   # mammoths lured in one turn at the most (4 + 2 lucky hands): bounds the stamp
    MAX_SCORE = 10000         # points are never lost; the bound keeps the int16 score far from wrapping
    NUM_OWED_FOODS = 3        # the foods a lure or a trade owes by name: fish, berry, mushroom (owe)
    MAX_OWED_FOOD = 3         # units of one food, or of any food, a payment owes at the most
    MAX_OWED_MAMMOTHS = 2     # mammoths a trade costs at the most
    MAX_PAY_POINTS = 20       # points a payment scores at the most
    MAX_PAY_RANK = 3          # the ranks of the ways a food is paid (pay_floor)
    PAY_KEY_ANY = 3           # pay_key: 0-2 the owed food last paid, 3 a unit of any food
    NO_PAY_KEY = 255          # pay_key before the first unit is paid
    MAX_PAY_OPTIONS = 16      # the longest list pay_options() writes

    # bonus kinds
    K_GOOD = 0
    K_2VP = 1
    K_CHASE = 2
    K_LUCKY = 3
    K_EXTRA = 4
    K_LUCKY_OR_HONGA = 5
    K_SWAP = 6
    K_SATED = 7
    K_CAVEMAN_OR_HONGA = 8
    K_BOUGHT = 9

    # phases
    PH_PLACE = 0
    PH_ACT = 1
    PH_KEEP = 2
    PH_DRAWS = 3              # end-of-turn (or setup) chance events
    PH_PAY = 4                # paying a mammoth, a trade or bought points, one unit per decision
    RES_STORE = 250           # storage bound of a resource track (uint8); the rulebook sets no limit
    # what is being paid for (pay_kind)
    PAY_NONE = 0
    PAY_LURE = 1
    PAY_TRADE = 2
    PAY_BUY = 3

    # action ids
    A_PLACE = 0               # + round_field * 4 + rotation (16)
    A_GATHER = 16             # + field for mushroom, berry, fish, water, forest (5)
    A_LURE = 21
    A_LURE_SATED = 22         # + 0 fish, 1 berry, 2 mushroom left out (3)
    A_CLIMB = 25
    A_TRADE = 26              # + slot * 4 + modifiers (bit 0 good trade, bit 1 swap) (12)
    B_2VP = 38
    B_CHASE = 39
    B_LUCKY = 40              # + field (8)
    B_LH_LUCKY = 48           # + field (8)
    B_LH_CHASE = 56
    B_EXTRA = 57
    B_SATED = 58
    B_CM_CLIMB = 59
    B_CM_CHASE = 60
    B_BUY = 61                # + k - 1 for k = 1..3 (3)
    A_END = 64
    A_KEEP = 65               # + 0 / 1 (2)
    C_DISC = 67               # + disc id (46)
    C_TRADE = 113             # + trade card id (32)
    C_BONUS = 145             # + kind (10)
    C_BONUS_HIDDEN = 155      # a bonus draw as everybody perceives it
    P_GIVE = 156              # + 0 fish, 1 berry, 2 mushroom, 3 two water: pay one owed unit with it (4)
    P_BOARD_MAMMOTH = 160     # give a mammoth from your player board
    P_HERD_MAMMOTH = 161      # + herd place: give your mammoth on that place of the herd (5)
    C_DISC_HIDDEN = 166       # a disc drawn with Extra disc as the other players perceive it
    NUM_ACTIONS = 167


ctypedef struct HongaState:
    uint8_t num_players          # 2-5
    uint8_t phase                # PH_PLACE, PH_ACT, PH_KEEP, PH_DRAWS (chance) or PH_PAY
    uint8_t to_move              # the player whose turn it is
    uint8_t finished             # the game is over
    uint8_t end_triggered        # someone reached the end threshold: the round is played to its end
    uint8_t setup_discs          # players that have their first disc (setup), < num_players during setup
    uint16_t turn                # turns begun
    int16_t score[MAXP]          # points
    uint8_t res[MAXP][NUM_RESOURCES]  # fish, berry, mushroom, water
    uint8_t board_mammoths[MAXP] # mammoths on the player board (pushed off the herd)
    uint8_t depot_mammoths[MAXP] # mammoths still on the discard board
    uint8_t mountain[MAXP]       # caveman step, 0 = foot
    uint8_t waiting_disc[MAXP]   # the disc each player holds for their next turn (public), NO_DISC if none
    int8_t herd[MAXP]            # owners, index 0 = the newest mammoth (place above the stone)
    uint8_t herd_len             # mammoths in the herd (entries of herd[] in use)
    int8_t tusk                  # holder, -1 = on the mammoth field
    int8_t honga                 # player Honga is with, -1 = on his field
    uint16_t stamp               # placement counter
    uint16_t last_placed[MAXP]   # stamp of each player's most recent mammoth placement (0 = never)
    uint64_t disc_pile           # bit d: disc d is in its (face-down) pile
    uint8_t field_top[NUM_ROUND_FIELDS]  # disc on top of each round field (display only)
    uint32_t trade_pile          # bit c: trade card c is in the face-down pile
    uint8_t trade_slot[NUM_TRADE_SLOTS]  # face-up trade cards, NO_DISC for an empty slot
    uint8_t bonus_pile[NUM_KINDS]          # face-down bonus pile, count per kind
    uint8_t bonus_discard[NUM_KINDS]       # the shared bonus discard (public), count per kind
    uint8_t bonus_played[NUM_KINDS]        # played this turn, face up below the board
    uint8_t bonus_known[MAXP][NUM_KINDS]   # usable cards, known to their owner only
    uint8_t bonus_fresh[MAXP][NUM_KINDS]   # drawn in the owner's current/last turn: known to nobody yet
    # the current turn
    uint8_t cur_field            # round field of the placed disc
    uint8_t cur_rot              # rotation 0-3 of the placed disc
    uint8_t cur_disc             # the disc placed this turn, NO_DISC before placing
    uint8_t uses[NUM_FIELDS]     # hands left per field
    uint8_t cards_played         # bonus cards played this turn (max 2)
    uint8_t sated                # Sated mammoths played this turn (every mammoth costs one food less)
    uint8_t extra_disc           # Extra disc played this turn (two discs drawn at its end, one kept)
    uint8_t pend_bonus           # bonus draws waiting (chance)
    uint8_t pend_trade           # trade slots to refill after the turn (flag)
    uint8_t pend_disc            # discs still to draw at the end of the turn
    uint8_t draw_red             # the end-of-turn draws come from the red pile (the mover holds the tusk)
    uint8_t pending[MAX_DRAWN_DISCS]  # discs drawn with Extra action disc, waiting for the keep decision
    uint8_t n_pending            # discs in pending[] (0-2)
    uint8_t top_reached          # this turn's mountain hands reached the top: their surplus is forfeited
    # a payment in progress (PH_PAY): what is still owed, paid one unit per decision in a canonical order
    uint8_t pay_kind             # PAY_LURE / PAY_TRADE / PAY_BUY, PAY_NONE outside PH_PAY
    uint8_t owe[NUM_OWED_FOODS]  # fish, berry, mushroom still owed (lure, trade)
    uint8_t owe_any              # units of any food still owed (bought points)
    uint8_t owe_mam              # mammoths still owed (trade)
    uint8_t pay_key              # 0-2 the owed food last paid, 3 'any', 255 none yet
    uint8_t pay_floor            # rank of the last way that food was paid (own < swap < water; any: g)
    uint8_t pay_swap             # the swap card is played on this trade
    uint8_t pay_slot             # trade slot being paid
    uint8_t pay_points           # points scored when the payment is complete
    uint8_t mam_floor            # herd mammoths are given from the back: next one on a place below this
    uint8_t mam_herd             # a herd mammoth was given (board mammoths come first)
    # discs put face down under their pile with Extra disc: drawn last, the newest first
    uint8_t under_pos[NUM_DISCS] # 0 = not under; k = k-th from the bottom of its pile
    int8_t under_by[NUM_DISCS]   # the player who put it there (the only one who knows it), -1 if not under
