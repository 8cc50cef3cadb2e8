# Dino Jagd (Dino Hunt, Steve Jackson Games 1996; German edition by Pegasus) for 2-4 players.
# Rules as implemented, interpretations, designed data and notation: src/games/dino_jagd/README.md.
#
# Creature cards are 78 distinct creatures, so a card id is a creature id and each card has one location
# byte. The play deck below its face-up top and the face-down cut stack are never seen by anybody: the next
# top card is drawn lazily by a chance node from all unseen creatures (which is the same distribution as a
# shuffled deck), so no hidden creature order is stored. Special cards are multisets of counts per type.
import json

from cavemind.games.fields import action_id
from importlib import resources

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdio cimport snprintf
from libc.math cimport exp

from mcts.rng cimport Rng, rng_below, rng_seed
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.dino_jagd.dino_jagd cimport *
from games.common cimport (game_table, fill_tables, table_capsule, state_bytes, load_state, state_error,
                           outcomes_from_counts, plural)

NAME = "dino_jagd"
DESCRIPTION = "Dino Jagd (Dino Hunt) for 2-4 players: time-travel safari with secret special cards and dice"
PARAMETERS = {
    "players": {"type": int, "default": 2, "choices": (2, 3, 4)},
    "deck_fraction": {"type": float, "default": 0.5, "choices": (0.5, 1.0),
                      "help": "share of the 78 creature cards cut into the play deck (0.5 regular, 1.0 long hunt)"},
}
HIDDEN_INFORMATION = True
PHASE_NAMES = ["setup-specials", "setup-first", "turn-start", "turn-draw", "turn-roll", "deal", "place", "hunt",
               "hunt-roll", "window", "bonus-draw", "turn-end", "over"]

# The parts of the module, in the order Cython needs (each uses only what comes before it):
include "data.pxi"         # the designed data: Python name lists and read-only C tables, loaded at import
include "rules.pxi"        # the nogil rules, the contract functions, the GameTable, initial_state
include "position.pxi"     # JSON positions: state_to_dict, state_from_dict and their validation
include "text.pxi"         # move notation and the text board
include "observation.pxi"  # the observation vector

# The counts and caps Python code reads (the game's record, python/cavemind/games/dino_jagd.py), under their C names;
# Cython lets no Python name equal a cimported constant's, hence the module's dictionary.
globals().update(MAX_TURNS=MAX_TURNS, NUM_CREATURES=NUM_CREATURES, MAX_ENERGY=MAX_ENERGY)
