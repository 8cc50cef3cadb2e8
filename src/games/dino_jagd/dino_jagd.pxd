from libc.stdint cimport int8_t, uint8_t, uint16_t

cdef enum:
    MIN_DJ_PLAYERS = 2
    MAX_DJ_PLAYERS = 4
    NUM_CREATURES = 78
    NUM_PERIODS = 5
    SPACES = 3                                  # designed: spaces per period in the hunting area
    NUM_SLOTS = NUM_PERIODS * SPACES
    NUM_SPECIAL_TYPES = 14
    START_PERIOD = 2                            # Late Jurassic
    MAX_ENERGY = 10
    MAX_TURNS = 1000                            # engine safeguard, see README
    MAX_PLAYS_LOGGED = 32                       # plays since a reshuffle: each uses a card held then or drawn
                                                # since, and the game has 31 special cards
    NONE = 255
    DIE_FACES = 6                               # the hunt die: a roll 1..6, and a turn deals as many creatures
    MAX_ROLL_CHANGE = 100                       # bound of the roll changes summed in one window (int8 mods)
    PLAY_LOG_SEAT = 16                          # a play_log entry is seat * PLAY_LOG_SEAT + special type

# where a creature card is
cdef enum:
    LOC_UNSEEN = 0       # play deck below the top or the face-down cut: nobody has seen it
    LOC_TOP = 1          # face-up top card of the play deck
    LOC_PENDING = 2      # dealt (or brought back), waiting to be placed
    LOC_AREA = 3         # hunting area (slot and height in slot[] and height[])
    LOC_DISCARD = 4      # discarded during play (seen by everybody)
    LOC_CAPTURED = 5     # + player

# special card types (ids into the data file's "specials")
cdef enum:
    SP_SUPERSCHOCKER = 0
    SP_STOERSENDER = 1
    SP_FEHLSCHUSS = 2
    SP_GLUECKSTREFFER = 3
    SP_ZEITSCHLEIFE = 4
    SP_AUSSTERBEN = 5
    SP_KEIN_AUSSTERBEN = 6
    SP_PRAEMIE_FLEISCH = 7
    SP_PRAEMIE_JURA = 8
    SP_ZIELFERNROHR = 9
    SP_STOERFELD = 10
    SP_FAEHRTENLESERIN = 11
    SP_ZEITPILOT = 12
    SP_TIERAERZTIN = 13
    FIRST_FACE_UP = SP_ZIELFERNROHR             # types from here on are played face up at once

# hunt results
cdef enum:
    R_NONE = 0
    R_CAPTURE = 1
    R_MISS = 2
    R_ESCAPE = 3
    R_ATTACK = 4
    R_WRECK = 5

# phases
cdef enum:
    PH_SETUP_SPECIALS = 0
    PH_SETUP_FIRST = 1
    PH_TURN_START = 2
    PH_TURN_DRAW = 3
    PH_TURN_ROLL = 4
    PH_DEAL = 5
    PH_PLACE = 6
    PH_HUNT = 7
    PH_HUNT_ROLL = 8
    PH_WINDOW = 9
    PH_BONUS_DRAW = 10
    PH_TURN_END = 11
    PH_OVER = 12

# the action space
cdef enum:
    A_PLACE = 0                                         # + card * NUM_SLOTS + slot
    A_TRAVEL = A_PLACE + NUM_CREATURES * NUM_SLOTS      # + period
    A_HUNT = A_TRAVEL + NUM_PERIODS                     # + slot
    A_END = A_HUNT + NUM_SLOTS
    A_AUSSTERBEN = A_END + 1                            # + period
    A_KEIN_AUSSTERBEN = A_AUSSTERBEN + NUM_PERIODS      # + period
    A_ZEITSCHLEIFE = A_KEIN_AUSSTERBEN + NUM_PERIODS    # + card
    A_PASS = A_ZEITSCHLEIFE + NUM_CREATURES             # reaction window
    A_REACT = A_PASS + 1                                # + 0 Superschocker, 1 Stoersender, 2 Fehlschuss,
    NUM_REACTIONS = 6                                   #   3 Glueckstreffer, 4 Zielfernrohr, 5 Stoerfeld
    C_DIE = A_REACT + NUM_REACTIONS                     # + face-1 (chance)
    C_REVEAL = C_DIE + DIE_FACES                        # + card (chance)
    C_SPECIAL = C_REVEAL + NUM_CREATURES                # + type (chance)
    C_SPECIAL_HIDDEN = C_SPECIAL + NUM_SPECIAL_TYPES    # a secret draw as the others perceive it
    C_FIRST = C_SPECIAL_HIDDEN + 1                      # + player (chance)
    NUM_ACTIONS = C_FIRST + MAX_DJ_PLAYERS

ctypedef struct DinoState:
    uint8_t num_players                 # 2..4
    uint8_t phase                       # PH_* above
    uint8_t current                     # player whose turn it is
    uint8_t first_player                # seat chosen by the first-player roll at setup
    uint8_t setup_dealt                 # specials dealt at setup
    uint8_t draw_for                    # who draws at a special-draw chance node
    uint8_t top                         # card id of the face-up top of the play deck, NONE if none
    uint8_t deck_below                  # cards of the play deck under the top
    uint8_t to_deal                     # creatures still to deal from the play deck this turn (PH_DEAL)
    uint8_t marker                      # period of the Kein Aussterben marker, NONE if not on the track
    uint8_t target                      # card being hunted
    uint8_t target_slot                 # space of the card being hunted, NONE if no hunt
    uint8_t die                         # the hunt roll 1..6, 0 before it
    int8_t mods                         # sum of the roll changes played in the window
    uint8_t override                    # R_NONE, R_CAPTURE (Glueckstreffer) or R_MISS (Fehlschuss): last one counts
    uint8_t window_pos                  # whose reaction is asked next
    uint8_t passes                      # consecutive passes in the window
    uint8_t _pad                        # alignment of turns, always 0
    uint16_t turns                      # turns started
    uint8_t energy[MAX_DJ_PLAYERS]      # energy left, 0..MAX_ENERGY
    uint8_t pos[MAX_DJ_PLAYERS]         # period of each expedition
    uint8_t started[MAX_DJ_PLAYERS]     # has had a first turn
    uint8_t scope_used[MAX_DJ_PLAYERS]  # Zielfernrohr uses in this hunt
    uint8_t jam_used[MAX_DJ_PLAYERS]    # Stoerfeld uses in this hunt
    uint8_t sp_deck[NUM_SPECIAL_TYPES]  # special cards left in the draw deck, per type
    uint8_t sp_discard[NUM_SPECIAL_TYPES]  # special cards on the discard pile, per type
    uint8_t hand[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]     # secret one-use and bonus cards
    uint8_t face_up[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]  # Gimmicks and Experts
    uint8_t loc[NUM_CREATURES]          # where each creature card is: LOC_* above
    uint8_t slot[NUM_CREATURES]         # period * SPACES + space while in the hunting area
    uint8_t height[NUM_CREATURES]       # 1 = bottom of its space
    # since the last reshuffle of the special deck (all 0 before the first one; README Interpretation 16)
    uint8_t reshuffles                  # reshuffles so far (public; stops counting at 255)
    uint8_t plays_logged                # entries used in play_log / play_drawn
    uint8_t cycle_deck[NUM_SPECIAL_TYPES]                   # the new deck at the reshuffle: the old discard, public
    uint8_t drawn_since[MAX_DJ_PLAYERS][NUM_SPECIAL_TYPES]  # cards each seat drew into its hand since (secret)
    uint8_t play_log[MAX_PLAYS_LOGGED]  # seat * PLAY_LOG_SEAT + type of each card played from a hand since, in order (public)
    uint8_t play_drawn[MAX_PLAYS_LOGGED]    # how many cards that seat had drawn since the reshuffle when it played


cdef inline int logged_seat(uint8_t entry) noexcept nogil:
    """The seat of a play_log entry."""
    return entry // PLAY_LOG_SEAT


cdef inline int logged_type(uint8_t entry) noexcept nogil:
    """The special card type of a play_log entry."""
    return entry % PLAY_LOG_SEAT
