# THE game contract. A game is a table of C functions over a plain-old-data state struct of fixed size
# (no pointers except to read-only game data; cloned by memcpy). Every function is noexcept nogil so the
# search runs without the GIL. Each game module exports a GameTable filled for one configuration
# (player count and options) inside a PyCapsule named CAPSULE_NAME; the core never imports a game.
#
# This file holds only C types, function-pointer structs and inline functions: anything else would turn
# a cimport of it into a runtime import of a module that does not exist once installed.
from libc.stdint cimport uint64_t
from mcts.rng cimport Rng

# current_player() returns a player index >= 0, or one of these.
cdef enum:
    CHANCE = -1
    TERMINAL = -2

# The largest number of players any game supports; sizes per-player arrays in the search.
cdef enum:
    MAX_PLAYERS = 8

ctypedef int (*current_player_fn)(const void* s) noexcept nogil
ctypedef int (*legal_actions_fn)(const void* s, int* out) noexcept nogil
ctypedef void (*apply_action_fn)(void* s, int action) noexcept nogil
ctypedef int (*chance_outcomes_fn)(const void* s, int* out, double* probs) noexcept nogil
ctypedef int (*sample_chance_fn)(const void* s, Rng* rng) noexcept nogil
ctypedef void (*values_fn)(const void* s, double* out) noexcept nogil
ctypedef void (*heuristic_fn)(const void* s, double* out, int variant) noexcept nogil
ctypedef void (*determinize_fn)(void* s, int observer, Rng* rng) noexcept nogil
ctypedef uint64_t (*infoset_hash_fn)(const void* s, int player) noexcept nogil
ctypedef int (*observed_action_fn)(const void* s, int action, int player) noexcept nogil
ctypedef int (*rollout_action_fn)(const void* s, Rng* rng, int variant) noexcept nogil
ctypedef void (*action_priors_fn)(const void* s, const int* actions, int n, double* out, int variant) noexcept nogil


ctypedef struct GameTable:
    const char* name
    int num_players          # for this configuration
    int state_size           # bytes of the state struct
    int max_actions          # size of the global action space: ids are 0 .. max_actions-1
    int max_chance_outcomes  # longest chance_outcomes() list (<= max_actions)
    int max_game_length      # bound on decisions plus chance events in one game
    const void* data         # read-only configuration/game data the functions may consult, or NULL

    # deciding player >= 0, CHANCE or TERMINAL
    current_player_fn current_player
    # legal action ids, sorted ascending, unique; count > 0 at every decision node
    legal_actions_fn legal_actions
    # plays a decision or a chance outcome
    apply_action_fn apply_action
    # at a chance node: outcome ids (sorted) and their probabilities (sum 1); returns the count
    chance_outcomes_fn chance_outcomes
    # at a chance node: one outcome drawn with those probabilities
    sample_chance_fn sample_chance
    # at the end: one value per player in [0, 1]; winner 1, loser 0, ties share
    values_fn returns
    # victory points now, per player
    values_fn scores
    # cheap estimate of returns() for a non-terminal state, in [0, 1], by one of the game's heuristic variants:
    # 0 <= variant < heuristic_variants (the search's heuristic_variant setting; the caller checks the bound)
    heuristic_fn heuristic
    int heuristic_variants       # how many variants heuristic() has (at least 1)
    int default_heuristic_variant  # the variant a search reads unless told otherwise
    # resample everything `observer` cannot see, consistent with what they know
    determinize_fn determinize
    # 64-bit hash of what `player` knows (equal for states they cannot tell apart)
    infoset_hash_fn infoset_hash
    # the id under which `player` perceives `action` played now (the action itself when public)
    observed_action_fn observed_action
    # optional cheap rollout policy, by one of the game's rollout variants (0 <= variant < rollout_variants: the
    # search's rollout_variant setting; the caller checks the bound); NULL means uniform random over legal actions
    rollout_action_fn rollout_action
    int rollout_variants         # how many variants rollout_action() has (at least 1; game_table() sets 1)
    # optional move priors for the tree (the search's prior_weight setting), by one of the game's prior variants
    # (0 <= variant < prior_variants: the search's prior_variant setting; the caller checks the bound): out[i] in
    # [0, 1] for actions[i] of the n legal actions at a decision, 1 for a move worth trying as soon as any, less for
    # one to try later and explore less; NULL means every move 1 (game_table() sets NULL)
    action_priors_fn action_priors
    int prior_variants           # how many variants action_priors() has (at least 1; game_table() sets 1)
