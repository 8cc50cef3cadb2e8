from libc.stdint cimport uint8_t, int16_t, uint16_t, uint32_t

cdef enum:
    NCOL = 6
    MAXP = 4
    NROWS = 11
    NCOLS = 8
    NSP = 88           # map grid 11 rows x 8 columns; row 0 holds only the starter space (0, 4)
    START_SPACE = 4
    NPAINT = 9
    NGT = 6            # gathering types
    NGK = 12           # gathering kinds: type * 2 + has_dev
    NFK = 9            # fish kinds: type * 3 + value - 1
    NHC = 30
    NCC = 34
    NCAMP = 7
    NPRICE = 12
    NWEATHER = 4
    NMAPT = 20
    NEED = 255

    # the bounds of the state's fields (check_state refuses a state beyond them)
    MIN_PLAYERS = 2
    NUM_ROUNDS = 5             # round 0..4
    NUM_BOARD_ACTIONS = 6      # the board's actions (summer_action, pending_action; summer_action 6: summer is over)
    NUM_ACTION_SLOTS = 6       # one per board action: pricing tile, footings, pillar, gathering and fishing slot
    NUM_PRICING_SLOTS = 7      # the action slots' pricing tiles, then the central tile
    CENTRAL_TILE = 6           # the central tile's index in pricing_tile
    PRICING_ROTATIONS = 6      # the ways a pricing tile can be turned
    PRICING_STACK = 4          # pricing tiles of rounds 2-5
    PRICE_COLOURS = 3          # the colours of one price (pending_left of a payment)
    NUM_CARD_SLOTS = 5         # the hunting and the ceremony display
    WEATHER_ROTATIONS = 4      # the ways a weather tile can be turned
    NUM_SHAMANS = 3            # shamans per player
    FIRE_POSITIONS = 6         # the spots of a fire pattern
    NUM_SPECIES = 3            # map animal species
    ANIMALS_PER_SPECIES = 2    # map animal tokens of each species
    GATHERING_TILES = 5        # gathering tiles of each type (3 of the kind without, 2 with a development)
    START_MEMBERS = 3          # tribe members a player starts with (one more per campsite)
    MAX_SPACE_MEMBERS = 10     # members standing on one space
    FISHING_TRACK_END = 20     # the last space of the fishing track

    # phases (positions name them as PHASES in prehistory.pyx lists them, e.g. PH_PICK is "pick")
    PH_FILL = 0        # chance draws pending (setup, display refills); after_fill says what follows
    PH_START = 1       # each seat picks its weather rotation and fire pattern
    PH_SPRING = 2
    PH_PICK = 3        # summer: each seat takes the cubes of a pillar as action markers
    PH_SUMMER = 4
    PH_AUTUMN = 5
    PH_FINAL = 6       # the final action after round 5
    PH_END = 7
    # sub-decisions: the step of an action still to decide (positions: PENDING_DECISIONS in prehistory.pyx)
    SUB_MAIN = 0       # "none": the seat's main choice
    SUB_PAYD = 1       # "pay-distinct-colours": spring fishing / hunting
    SUB_SHAMAN = 2     # "move-shamans": after a ceremony card
    SUB_DEST = 3       # "migration-destination"
    SUB_FOOT = 4       # "pay-footing": after a spring action
    SUB_MOVING = 5     # "move-member": autumn
    SUB_BUILD = 6      # "build-campsite"
    SUB_SETTLE = 7     # "settle": settlers back to the tent after building

    # action ids
    A_PASS = 0
    A_PAINT = 1        # + cell (9)
    A_GATHER = 10      # + slot (6)
    A_CER = 16         # + ceremony card id (34)
    A_FISH = 50        # + slot (6)
    A_HUNT = 56        # + slot (5)
    A_MIGN = 61        # + members (1..10) -> 62..71
    A_DEST = 72        # + space (88)
    A_PAYC = 160       # + colour
    A_PAYM = 166       # + colour
    A_SHAMAN = 172     # + from * 6 + to
    A_PILLAR = 208     # + pillar
    A_ROT = 214        # + slot * 2 + dir (0 clockwise, 1 counter)
    A_WEATHER = 226
    A_BUYRES = 227
    A_BUYMK = 233
    A_DISCRES = 239
    A_DISCMK = 245
    A_DEVMOVE = 251
    A_SELECT = 252     # + space
    A_STEP = 340       # + direction
    A_STOP = 346
    A_BUILD = 347      # + campsite
    A_NOBUILD = 354
    A_SETTLE = 355     # + space
    A_START = 443      # + rotation * 2 + fire pattern
    A_CERHIDDEN = 451  # + value - 1: "took a ceremony card of value v" as others perceive it
    A_CHANCE = 454     # + pool index (< 34)
    NUM_ACTIONS = 488

    # fill targets
    T_NONE = 0
    T_PRICE = 1
    T_SEAT = 2
    T_WEATHER = 3
    T_MAP = 4
    T_TOKEN_G = 5
    T_TOKEN_F = 6
    T_TOKEN_A = 7
    T_GATHER = 8
    T_FISH = 9
    T_HUNT = 10
    T_CER = 11

    # token codes on the map (space_token[space]); 0 = nothing
    TOK_G = 1          # + gathering kind (12)
    TOK_F = 13         # + fish kind (9)
    TOK_A = 22         # + species (3)
    TOK_MEGA = 25      # megalith A still lying there

ctypedef struct PHState:
    uint8_t num_players                     # 2..4
    uint8_t round                           # 0..4
    uint8_t phase                           # PH_* above (positions: its name, e.g. "spring")
    uint8_t pending_decision                # SUB_* above: the pending sub-decision (positions: its name)
    uint8_t turn                            # index into turn_order (or reverse order) of the player to act
    uint8_t summer_action                   # 0..5 during PH_SUMMER
    uint8_t turn_order[MAXP]                # seat of each place in the turn order
    uint8_t done[MAXP]                      # passed (spring) / finished (autumn, final) per seat
    uint8_t pricing_tile[NUM_PRICING_SLOTS] # 6 action slots, then the central tile (index 6)
    uint8_t pricing_rotation[NUM_PRICING_SLOTS]  # rotation 0..5 of each pricing tile
    uint8_t pricing_stack[PRICING_STACK]    # pricing tiles of rounds 2-5, in order
    uint8_t pricing_stack_length            # tiles placed on the stack so far (setup)
    uint8_t pricing_pool[NPRICE]            # 1 while the pricing tile is undrawn
    uint8_t footings[NUM_ACTION_SLOTS][2]   # colour + 1 of the resource on each footing, 0 empty
    uint8_t pillar_cubes[NUM_ACTION_SLOTS][NCOL]  # cubes on top of each pillar, per colour
    uint8_t gathering_slot[NUM_ACTION_SLOTS]  # kind + 1, 0 empty
    uint8_t fishing_slot[NUM_ACTION_SLOTS]  # fish kind + 1, 0 empty
    uint8_t hunting_display[NUM_CARD_SLOTS] # card id + 1, 0 empty
    uint8_t ceremony_display[NUM_CARD_SLOTS]  # card id + 1, 0 empty
    uint8_t gathering_pile[NGK]             # gathering tiles left to draw, per kind
    uint8_t fish_pile[NFK]                  # fish left to draw, per kind
    uint8_t hunting_pile[NHC]               # 1 while the hunting card is undrawn
    uint8_t ceremony_pile[NCC]              # 1 while the ceremony card is in the draw pile (hidden)
    uint8_t ceremony_discard[NCC]           # 1 when the ceremony card is on the (public) discard pile
    uint8_t map_tile[NMAPT]                 # tile id per slot, NEED until drawn
    uint8_t map_pool[NMAPT]                 # 1 while the map tile is undrawn
    uint8_t animal_pool[NUM_SPECIES]        # animal tokens left to draw, per species
    uint8_t weather_pool[NWEATHER]          # 1 while the weather tile is undealt
    uint8_t seat_pool[MAXP]                 # 1 while the seat is not yet placed in the first turn order
    uint8_t seats_drawn                     # seats placed in the first turn order so far (setup)
    uint8_t space_token[NSP]                # token on each space: TOK_* codes above, NEED until drawn, 0 none
    uint8_t member_owner[NSP]               # seat + 1 of the members standing there, 0 none
    uint8_t member_count[NSP]               # members standing there
    uint8_t members_tired[NSP]              # of them, tired (moved this autumn: not selectable)
    uint8_t campsite_owner[NSP]             # seat + 1 of the campsite built there, 0 none
    uint8_t resources[MAXP][NCOL]           # resources per colour
    uint8_t action_markers[MAXP][NCOL]      # action markers per colour
    int16_t victory_points[MAXP]            # victory points
    uint8_t development[MAXP]               # development points (at most 250)
    uint8_t fishing_track[MAXP]             # fishing track position 0..20
    uint8_t weather_tile[MAXP]              # weather tile id, NEED until dealt
    uint8_t weather_rotation[MAXP]          # rotation 0..3 of the weather tile
    uint8_t shamans[MAXP][NUM_SHAMANS]      # spot 0..5 of each of the 3 shamans
    uint16_t painted_sections[MAXP]         # bit per painted section
    uint8_t gathered[MAXP][NGT]             # gathering tiles collected, per type
    uint8_t fish[MAXP][NFK]                 # fish collected, per kind
    uint8_t hunting_cards[MAXP][NHC]        # 1 per hunting card taken
    uint8_t hand[MAXP][NCC]                 # ceremony cards held (secret from the others)
    uint8_t animal_tokens[MAXP][NUM_SPECIES]  # animal tokens collected from the map, per species
    uint8_t megalith_a[MAXP]                # megalith A tokens collected
    uint8_t available_members[MAXP]         # tribe members on the player board
    uint8_t members[MAXP]                   # tribe members owned (3 + campsites built)
    uint8_t campsites_built[MAXP]           # bit per campsite (0..6) built
    uint8_t ceremony_track[MAXP]            # seats on the ceremony track this round, in order
    uint8_t ceremony_track_length           # entries used in ceremony_track
    uint8_t ceremonies_performed[MAXP]      # ceremonies performed this round
    # pending sub-decision
    uint8_t pending_action                  # board action being performed
    uint8_t pending_item                    # SUB_PAYD: first price position of the colours;
                                            # SUB_SHAMAN: bits of the spots own shamans held
    uint8_t pending_left                    # payments / shaman moves / settlers still to make
    uint8_t pending_mask                    # colours already paid (distinct payments), shamans already moved
    uint8_t pending_spring                  # 1 if the pending action is a spring action (pay a footing after)
    uint8_t movement_points                 # movement points left this autumn turn
    uint8_t moving_space                    # space of the member being moved (SUB_MOVING)
    uint8_t moving_origin                   # space that member started from
    uint8_t build_space                     # campsite being built / settled; SUB_PAYD: the display slot paid for
    uint8_t after_fill                      # phase entered when the pending draws are done (positions: its name)
    uint8_t starter_members[MAXP]           # members on the starter space (shared starting camp), per seat
    uint8_t starter_tired[MAXP]             # of them, tired
