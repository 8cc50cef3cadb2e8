# Honga (HABA 2018, Günter Burkhardt) for 2-5 players. Rules as implemented, the action space, every
# interpretation and the designed data: src/games/honga/README.md. Designed component data is loaded once
# at import from python/cavemind/data/honga/honga.json into static C arrays (data.pxi).
#
# This file is the table of contents: the code lives in the included files, one job each (README.md, "Structure").
from cavemind.games.fields import action_id
import json
from importlib import resources

from libc.stdint cimport uint8_t, uint32_t, uint64_t, int16_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdio cimport snprintf

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.honga.honga cimport *
from games.common cimport (game_table, fill_tables, table_capsule, state_bytes, load_state, state_error,
                           shuffle_bytes, count_total, outcomes_from_counts, draw_from_counts, plural,
                           cm_popcount64, nth_set_bit64)

NAME = "honga"
DESCRIPTION = "Honga (HABA 2018) for 2-5 players: disc placement, the hungry sabre-tooth tiger, hidden bonus cards"
PARAMETERS = {"players": {"type": int, "default": 3, "choices": (2, 3, 4, 5)}}
HIDDEN_INFORMATION = True


# `include` is textual and the order matters: each file uses only what the ones before it define.
include "data.pxi"          # names, the designed component data in C arrays, loaded from honga.json at import
include "rules.pxi"         # the nogil rules, GameTable functions, legal-state check; make_table, initial_state
include "position.pxi"      # states as bytes and as JSON-ready dicts: state_to_dict, state_from_dict, check_state
include "text.pxi"          # notation (action_to_string) and the readable board (render)
include "observation.pxi"   # the observation vector for learning agents

# The counts and caps Python code reads (the game's record, python/cavemind/games/honga.py), under their C names;
# Cython lets no Python name equal a cimported constant's, hence the module's dictionary.
globals().update(MAX_TURNS=MAX_TURNS, MAMMOTHS_PER_PLAYER=MAMMOTHS_PER_PLAYER, NUM_BONUS=NUM_BONUS, RES_STORE=RES_STORE,
                 MOUNTAIN_TOP=MOUNTAIN_TOP, THRESHOLD=tuple(THRESHOLD), HERD_SIZE=tuple(HERD_SIZE))
