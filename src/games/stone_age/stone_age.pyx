# Stone Age (Bernd Brunnhofer, Hans im Glück 2008) for 2-4 players, with the winter variant "Der Winter ist hart"
# and the mini-expansions "Die wilden Tiere" and "Die Iglus". The rules as implemented, the action space, the
# notation and every interpretation of an unclear rule are in README.md beside this file.
#
# Structure: this file is the table of contents; the code lives in the included files, one job each (README.md,
# "Structure"). The C side (everything `noexcept nogil`, in rules.pxi) is a set of small "continue" functions that
# move the state forward through automatic steps until the next decision or chance node; `apply_action` only
# interprets the one action at hand and hands over to them. The Python side loads the data, converts states to and
# from dicts, names actions and builds observations.
from libc.stdint cimport int16_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset
from libc.stdio cimport snprintf
from libc.math cimport exp

from mcts.rng cimport Rng, rng_below, rng_seed, rng_uniform
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.stone_age.stone_age cimport *
from games.common cimport (game_table, fill_tables, table_capsule, state_bytes, load_state, state_error,
                           shuffle_ints, outcomes_from_counts, plural)

from cavemind.games.fields import action_id
import json
import importlib.resources

NAME = "stone_age"
DESCRIPTION = "Stone Age (2-4 players) with the winter variant and the wild animals and igloos mini-expansions"
HIDDEN_INFORMATION = True   # face-down cards of the "extra card" effect; the deck's contents
PARAMETERS = {
    "players": {"type": int, "default": 2, "choices": (2, 3, 4), "help": "number of players"},
    "winter_is_hard": {"type": bool, "default": False,
                       "help": "variant 'Der Winter ist hart': +1 stone on fixed buildings for 5 points, "
                               "+1 gold on cards for 6 points"},
    "wild_animals": {"type": bool, "default": False, "help": "mini-expansion 'Die wilden Tiere' (designed data)"},
    "igloos": {"type": bool, "default": False, "help": "mini-expansion 'Die Iglus' (designed data)"},
    "choice_at_once": {"type": bool, "default": False,
                       "help": "house rule (Yucata): the '2 resources of choice' card is used when it is bought, "
                               "instead of now or at any later time as printed"},
}

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


# `include` is textual and the order matters: each file uses only what the ones before it define.
include "data.pxi"          # constants, read-only C tables and their loading from the JSON data at import
include "rules.pxi"         # the nogil rules, GameTable functions, legal-state check; make_table, initial_state
include "position.pxi"      # states as bytes and as JSON-ready dicts: state_to_dict, state_from_dict, check_state
include "text.pxi"          # notation (action_to_string) and the readable board (render, describe_card)
include "observation.pxi"   # the observation vector for learning agents

# The counts and caps Python code reads (the game's record, python/cavemind/games/stone_age.py), under their C names;
# Cython lets no Python name equal a cimported constant's, hence the module's dictionary.
globals().update(MAX_PEOPLE=MAX_PEOPLE, MAX_AGRICULTURE=MAX_AGRICULTURE, MAX_TOOL_VALUE=MAX_TOOL_VALUE,
                 NUM_BUILDINGS=NUM_BUILDINGS)
