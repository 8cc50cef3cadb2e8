# Prehistory (A-Games 2018) for 2-4 players. Rules as in its English rulebook (A-Games 2018);
# every interpretation and all designed component data are listed in README.md next to this file.
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset, memchr
from libc.stdio cimport snprintf
from libc.math cimport exp

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.prehistory.prehistory cimport *
from games.common cimport (game_table, fill_tables, table_capsule, state_bytes, load_state, state_error,
                           shuffle_bytes, outcomes_from_counts, plural, nth_set_bit64)

import importlib.resources
import json
import struct as _struct

from cavemind.games.fields import action_id

NAME = "prehistory"
DESCRIPTION = "Prehistory (A-Games 2018) for 2-4 players: seasons, six board actions, the map, ceremony cards"
PARAMETERS = {"players": {"type": int, "default": 3, "choices": (2, 3, 4)}}
HIDDEN_INFORMATION = True
COLOURS = ("grey", "red", "yellow", "blue", "brown", "white")
ACTIONS = ("painting", "gathering", "ceremony", "fishing", "hunting", "migration")
DIRS = ("E", "W", "NE", "NW", "SE", "SW")
SPECIES = ("tiger", "rhino", "mammoth")
TERRAINS = ("water", "rock", "forest")
PHASES = ("fill", "start", "spring", "pick", "summer", "autumn", "final", "end")
# the pending sub-decision (SUB_* in prehistory.pxd), as positions name it
PENDING_DECISIONS = ("none", "pay-distinct-colours", "move-shamans", "migration-destination", "pay-footing",
                     "move-member", "build-campsite", "settle")

# The parts of the module, in the order Cython needs (each uses only what comes before it):
include "data.pxi"         # read-only component tables, loaded from the data files at import
include "rules.pxi"        # the nogil rules, the contract functions, the GameTable, initial_state
include "position.pxi"     # JSON positions: state_to_dict, state_from_dict and their validation
include "text.pxi"         # move notation and the text board
include "observation.pxi"  # the observation vector

# The counts and caps Python code reads (the game's record, python/cavemind/games/prehistory.py), under their C names;
# Cython lets no Python name equal a cimported constant's, hence the module's dictionary.
globals().update(NSP=NSP, NCC=NCC, NCAMP=NCAMP)
