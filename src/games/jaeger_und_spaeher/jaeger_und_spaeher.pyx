# Jäger und Späher (Kosmos 2014, Gerhard Hecht) for 2 players: the introductory game, the normal game, the
# survival-struggle variant and the Holy Places. The card texts are not public: the characters, objects,
# locations and Holy Places are DESIGNED data (python/cavemind/data/jaeger_und_spaeher/cards.json). Rules as
# implemented, the action space and every interpretation: README.md next to this file.
import json
from cavemind.games.fields import action_id
from importlib.resources import files

from libc.stdint cimport uint64_t, uint8_t
from libc.stdio cimport snprintf
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc
from libc.math cimport exp

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.jaeger_und_spaeher.jaeger_und_spaeher cimport *
from games.common cimport (game_table, table_for_players, table_capsule, state_bytes, load_state, state_error,
                           shuffle_ints, outcomes_from_counts, plural)

NAME = "jaeger_und_spaeher"
DESCRIPTION = "Jäger und Späher (2 players): introductory, normal and survival-struggle games, optional Holy Places"
VARIANTS = ("intro", "normal", "survival")
HOLY_MODES = ("none", "first", "random")
# The default safety cap (not a rule): greedy heuristic games take up to ~500 turns in the survival struggle
# (README, "The turn limit"), so 200 ended real games early.
TURN_LIMIT = 1000
PARAMETERS = {
    "players": {"type": int, "default": 2, "choices": (2,)},
    "variant": {"type": str, "default": "normal", "choices": VARIANTS,
                "help": "intro: introductory game; normal; survival: normal game plus the survival struggle"},
    "holy_places": {"type": str, "default": "none", "choices": HOLY_MODES,
                    "help": "none; first: Ice Cavern, Mud Springs, Mammoth Graveyard; random: 3 of the 6 cards, random sides"},
    "turn_limit": {"type": int, "default": TURN_LIMIT,
                   "help": "safety cap on turns (not in the rulebook): then the higher score wins, a tie is shared"},
}
HIDDEN_INFORMATION = True

# The parts of the module, in the order Cython needs (each uses only what comes before it):
include "data.pxi"         # the designed data: Python name lists and read-only C tables, loaded at import
include "rules.pxi"        # the nogil rules, the contract functions, make_table (the GameTable), initial_state
include "position.pxi"     # JSON positions: state_to_dict, state_from_dict and their validation
include "text.pxi"         # move notation and the text board
include "observation.pxi"  # the observation vector

# The counts and caps Python code reads (the game's record, python/cavemind/games/jaeger_und_spaeher.py), under their C names;
# Cython lets no Python name equal a cimported constant's, hence the module's dictionary.
globals().update(MEMBERS=MEMBERS, HUNGER_TILES=HUNGER_TILES, TARGET=TARGET, STONES=STONES)
