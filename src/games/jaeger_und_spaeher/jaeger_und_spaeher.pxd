from libc.stdint cimport int8_t, uint8_t, uint16_t, uint64_t

cdef enum:
    NCHAR = 15           # character types (designed): 6 normal + tracker + 8 more specials
    NOBJ = 16            # object types (31 cards)
    NLOC = 36            # location cards: 0..17 wilderness, 18..35 hunting grounds
    NWILD = 18
    NNORM = 36           # slots for face-up wilderness / hunting grounds: one per location card (no limit)
    NHOLY = 3            # slots for the Holy Places
    NSLOT = NNORM + NHOLY
    NFACE = 12           # Holy Place faces (6 double-sided cards)
    NMAT = 7             # meat hide stone wood clay fruit points
    MAXSP = 6            # spaces on one location card
    ROWMAX = 26
    QMAX = 20
    STONES = 30
    HUNGER_TILES = 16
    MEMBERS = 5
    TARGET = 24
    EMPTY = 255
    NROWS = 3            # rows of the character display

# the bounds of the state's fields (check_state refuses a state beyond them)
cdef enum:
    NUM_VARIANTS = 3             # variant: intro, normal, survival (VARIANTS)
    NUM_HOLY_MODES = 3           # holy_places: none, first, random (HOLY_MODES)
    MIN_TURN_LIMIT = 2           # turn_limit, the option's range
    MAX_TURN_LIMIT = 2000
    BONUS_SPACES = 3             # the bonus spaces of the points track (9, 14, 18): one bit each in bonus_done
    MAX_LOCATION_MEMBERS = 3     # members of both players on one location card
    SETUP_SPECIALS = 6           # special characters the setup lays out, two per row
    CHARS_IN_PLAY_INTRO = 16     # character cards in play in the introductory game
    CHARS_IN_PLAY = 18           # and with the specials

# phases
cdef enum:
    P_TURN = 0
    P_TAKEBACK = 1
    P_COVER = 2
    P_SHORTAGE = 3
    P_OP = 4
    P_CHANCE = 5

# queued operations (instructions of characters, objects, Holy Places, sunset, setup, end of turn)
cdef enum:
    OP_REVEAL_WILD = 1
    OP_REVEAL_HUNT = 2
    OP_REVEAL_CHOICE = 3
    OP_PLACE = 4          # a = how many, b = filter (F_*)
    OP_DRAW = 5           # a = player
    OP_CAMP = 6
    OP_TAKE_HUNGER = 7    # a = 1: not when the player has none (offspring)
    OP_RETURN_HUNGER = 8  # a = how many
    OP_TAKE_CHAR = 9      # a = how many
    OP_PUTROW = 10
    OP_KEEP = 11
    OP_SUNSET_TAKE = 12   # a = taken so far
    OP_REFILL = 13
    OP_FINISH = 14
    OP_SETUP_SPECIAL = 15 # a = row
    OP_SETUP_HOLY = 16    # a = holy slot
    OP_BACK = 17          # back to taking back
    OP_POINT = 18         # a = points to gain
    OP_BONUS = 19         # a bonus space reached with 2 created objects: take or decline; a = points still to gain
    OP_SUNSET_HUNGER = 20 # a = hunger tiles the sunset adds
    NOPS = 21

cdef enum:
    F_ANY = 0
    F_WILD = 1
    F_HUNT = 2
    F_REVEALED = 3
    F_OBJECT = 4          # any location; the member is locked for this turn

# action ids
cdef enum:
    A_PLAY = 0                        # + character type
    A_TAKEBACK = A_PLAY + NCHAR       # + slot
    A_SUNSET = A_TAKEBACK + NSLOT
    A_STOP = A_SUNSET + 1
    A_PLACE = A_STOP + 1              # + normal slot
    A_HOLY = A_PLACE + NNORM          # + holy * 5 + (n - 1)
    A_COVER = A_HOLY + NHOLY * 5      # + material
    A_CREATE = A_COVER + NMAT         # + object type
    A_KEEP = A_CREATE + NOBJ          # + object type
    A_ROW = A_KEEP + NOBJ             # + row (take the free card)
    A_PUTROW = A_ROW + 3              # + row (put the played card)
    A_REVEAL_W = A_PUTROW + 3
    A_REVEAL_H = A_REVEAL_W + 1
    A_SHORT = A_REVEAL_H + 1          # + normal slot
    A_KEEP_HIDDEN = A_SHORT + NNORM
    A_BONUS_TAKE = A_KEEP_HIDDEN + 1  # discard 2 created objects for the bonus point
    A_BONUS_DECLINE = A_BONUS_TAKE + 1
    C_LOC = A_BONUS_DECLINE + 1        # + location card
    C_OBJ = C_LOC + NLOC              # + object type
    C_OBJ_HIDDEN = C_OBJ + NOBJ
    C_SPECIAL = C_OBJ_HIDDEN + 1      # + character type
    C_HOLY = C_SPECIAL + NCHAR        # + face
    NUM_ACTIONS = C_HOLY + NFACE

ctypedef struct JState:
    uint8_t variant          # 0 introductory, 1 normal, 2 survival struggle
    uint8_t holy_mode        # 0 none, 1 first-game places, 2 random
    uint8_t to_move          # player 0 or 1 whose decision it is
    uint8_t phase            # P_* above
    uint8_t terminal         # 1 once the game is over
    uint8_t winner           # 0, 1, or 2 = shared
    uint8_t final_turn       # the starting player reached the target: player 1's last turn
    uint8_t stop_turn        # set when the starting player reaches the target mid-turn
    uint16_t turn            # turns played so far
    uint16_t turn_limit      # safety cap on turns (not a rule; README, "The turn limit")
    uint8_t points[2]        # score track position per player
    uint8_t bonus_done[2]    # bits: 9, 14, 18 (BONUS_SPACES)
    uint8_t hunger[2]        # hunger tiles held
    uint8_t tribe[2]         # members on the tribe card (free to place)
    uint8_t camp[2]          # members in the camp
    uint8_t reserve[2]       # members in the reserve
    uint8_t hand[2][NCHAR]   # characters in hand, per type
    uint8_t row_len[NROWS]   # characters in each display row
    uint8_t rows[NROWS][ROWMAX]  # character types of each row, in order (the last one is the free card)
    uint8_t obj_hand[2][NOBJ] # objects in hand, per type (secret from the opponent)
    uint8_t obj_created[2][NOBJ] # objects created (face up), per type
    uint8_t obj_disc_open[NOBJ] # objects on the discard pile face up, per type
    uint8_t obj_disc_hidden[2][NOBJ] # objects each player discarded face down, per type
    uint8_t obj_draw[NOBJ]   # objects in the draw pile, per type
    uint8_t loc_card[NSLOT]  # location card id (normal slots) or Holy Place face (holy slots); EMPTY
    uint8_t loc_cover[NSLOT] # bit per covered space
    uint8_t loc_men[NSLOT][2] # members of each player on each slot
    uint8_t locked[NSLOT]    # the mover's members placed by an object this turn
    uint8_t pool[NMAT]       # raw materials gathered this turn
    uint8_t took_back        # a member was taken back this turn
    uint8_t cur_slot         # slot a member is being taken back from (P_COVER, P_SHORTAGE); EMPTY
    uint8_t revealed_slot    # slot revealed by the character being played (for place_revealed); EMPTY
    uint8_t qlen             # entries used in queue
    uint8_t queue[QMAX][3]   # pending instructions (op, a, b), the head first
    uint8_t pad[3]           # always 0 (check_state); infoset_hash writes hidden counts here in its copy
    uint64_t loc_draw        # bit per location card in its draw pile
    uint64_t loc_disc        # bit per location card in its discard pile
