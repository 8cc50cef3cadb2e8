# The plumbing every game shares, written once: the GameTable fill and its capsule, the state as bytes, the
# check_state entry with its bounded message, sets of items as bits, the Fisher-Yates shuffle, chance outcomes and draws from counts,
# and the wording of the readable board. A game cimports what it uses:
#     from games.common cimport game_table, table_capsule, ...
#
# Like src/mcts/game_api.pxd, this file holds only C types, function-pointer types and `cdef inline` functions:
# anything else would turn the cimport into a runtime import of a module that does not exist once installed.
# Each inline function is compiled into every game that uses it, so the hot ones (shuffle, outcomes, draws)
# cost no call across modules.
from libc.stdint cimport uint8_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from cpython.pycapsule cimport PyCapsule_New

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport (GameTable, current_player_fn, legal_actions_fn, apply_action_fn, chance_outcomes_fn,
                            sample_chance_fn, values_fn, heuristic_fn, determinize_fn, infoset_hash_fn, observed_action_fn,
                            rollout_action_fn)

cdef enum:
    CHECK_MESSAGE_SIZE = 200    # bytes of a check_state message, its closing NUL included (longer ones are cut)

# A game's legal-state check, the C side of check_state: 0 when the state is one the rules allow, else 1 with
# "field: reason" written into msg (at most `size` bytes, NUL included). It must read nothing out of range, so
# that any bytes of the state's size can be checked.
ctypedef int (*state_check_fn)(const void* state, char* msg, size_t size) noexcept nogil


# ---- the GameTable ----

cdef inline GameTable game_table(const char* name, int state_size, int max_actions, int max_chance_outcomes,
                                 current_player_fn current_player, legal_actions_fn legal_actions,
                                 apply_action_fn apply_action, chance_outcomes_fn chance_outcomes,
                                 sample_chance_fn sample_chance, values_fn returns, values_fn scores,
                                 heuristic_fn heuristic, int heuristic_variants, int default_heuristic_variant,
                                 determinize_fn determinize, infoset_hash_fn infoset_hash,
                                 observed_action_fn observed_action,
                                 rollout_action_fn rollout_action) noexcept nogil:
    """A game's table with every function filled in; the configuration fields (num_players, max_game_length)
    are 0 until table_for_players() sets them. The arguments follow the order of GameTable's fields."""
    cdef GameTable t
    t.name = name
    t.num_players = 0
    t.state_size = state_size
    t.max_actions = max_actions
    t.max_chance_outcomes = max_chance_outcomes
    t.max_game_length = 0
    t.data = NULL
    t.current_player = current_player
    t.legal_actions = legal_actions
    t.apply_action = apply_action
    t.chance_outcomes = chance_outcomes
    t.sample_chance = sample_chance
    t.returns = returns
    t.scores = scores
    t.heuristic = heuristic
    t.heuristic_variants = heuristic_variants
    t.default_heuristic_variant = default_heuristic_variant
    t.determinize = determinize
    t.infoset_hash = infoset_hash
    t.observed_action = observed_action
    t.rollout_action = rollout_action
    t.rollout_variants = 1       # a game with more variants sets its count after game_table()
    t.action_priors = NULL       # a game with move priors sets them (and their variants' count) after game_table()
    t.prior_variants = 1
    return t


cdef inline GameTable table_for_players(GameTable rules, int num_players, int max_game_length) noexcept nogil:
    """`rules` (from game_table()) configured for one player count and its bound on the game's length."""
    rules.num_players = num_players
    rules.max_game_length = max_game_length
    return rules


cdef inline void fill_tables(GameTable* tables, GameTable rules, int min_players, int max_players,
                             int max_game_length) noexcept nogil:
    """tables[0 .. max_players - min_players]: `rules` for each player count, all with one bound on the length."""
    cdef int n
    for n in range(min_players, max_players + 1):
        tables[n - min_players] = table_for_players(rules, n, max_game_length)


cdef inline object table_capsule(GameTable* table):
    """The table in the capsule the search core accepts (src/mcts/game_api.pxd). The table must outlive the
    capsule: a module-level table, or one allocated once and kept."""
    return PyCapsule_New(table, b"cavemind.GameTable", NULL)


# ---- the state as bytes ----

cdef inline bytes state_bytes(const void* state, size_t size):
    """The state struct as the bytes the Python side passes around."""
    return (<const char*>state)[:size]


cdef inline str state_size_error(bytes data, size_t size):
    """None when `data` has the state's size, else the message that says it has not."""
    cdef size_t got = 0 if data is None else len(data)
    if got == size:
        return None
    return f"state: expected {size} bytes, got {got}"


cdef inline int load_state(void* out, size_t size, bytes data) except -1:
    """Copies `data` into the state struct at `out`; ValueError when it is not a state's size."""
    error = state_size_error(data, size)
    if error is not None:
        raise ValueError(error)
    memcpy(out, <const char*>data, size)
    return 0


cdef inline str state_error(bytes data, size_t size, state_check_fn check):
    """check_state's answer for `data`: None for a state the rules allow, else "field: reason" naming the first
    wrong field. The bytes are copied into an aligned buffer first, so any bytes object can be checked."""
    cdef char msg[CHECK_MESSAGE_SIZE]
    cdef void* state
    cdef int failed
    error = state_size_error(data, size)
    if error is not None:
        return error
    state = malloc(size)
    if state == NULL:
        raise MemoryError()
    memcpy(state, <const char*>data, size)
    failed = check(state, msg, sizeof(msg))
    free(state)
    return msg.decode("utf-8", "replace") if failed else None


# ---- sets of up to 64 items as bits ----

cdef extern from *:
    """
    static inline int cm_popcount64(uint64_t x) { return __builtin_popcountll(x); }
    static inline int cm_ctz64(uint64_t x) { return __builtin_ctzll(x); }
    """
    int cm_popcount64(uint64_t x) noexcept nogil     # the number of set bits
    int cm_ctz64(uint64_t x) noexcept nogil          # the lowest set bit's index; x must not be 0


cdef inline int nth_set_bit64(uint64_t x, int k) noexcept nogil:
    """The index of the k-th lowest set bit of x (k from 0): what a loop over the bits counting k down finds, in
    k steps instead of one per bit. x must have more than k bits set."""
    while k > 0:
        x &= x - 1
        k -= 1
    return cm_ctz64(x)


# ---- chance and hidden cards ----

cdef inline void shuffle_ints(int* items, int n, Rng* rng) noexcept nogil:
    """Fisher-Yates: a uniformly random order of items[0..n-1], drawing from the last place down."""
    cdef int i, j, held
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        held = items[i]
        items[i] = items[j]
        items[j] = held


cdef inline void shuffle_bytes(uint8_t* items, int n, Rng* rng) noexcept nogil:
    """shuffle_ints() for an array of bytes (the same draws, so the same order)."""
    cdef int i, j
    cdef uint8_t held
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        held = items[i]
        items[i] = items[j]
        items[j] = held


cdef inline int count_total(const uint8_t* counts, int kinds) noexcept nogil:
    """The number of items in a multiset stored as a count per kind."""
    cdef int k, total = 0
    for k in range(kinds):
        total += counts[k]
    return total


cdef inline int outcomes_from_counts(const uint8_t* counts, int kinds, int first_id, int* out,
                                     double* probs) noexcept nogil:
    """The chance outcomes of drawing one item from a multiset of counts: `first_id + kind` for every kind
    present, with probability count / total; returns how many. The multiset must not be empty."""
    cdef int k, n = 0, total = count_total(counts, kinds)
    for k in range(kinds):
        if counts[k]:
            out[n] = first_id + k
            probs[n] = <double>counts[k] / total
            n += 1
    return n


cdef inline int draw_from_counts(const uint8_t* counts, int kinds, Rng* rng) noexcept nogil:
    """The kind of one item drawn uniformly from a multiset of counts (one RNG draw); -1 when it is empty."""
    cdef int k, total = count_total(counts, kinds), pick
    if total == 0:
        return -1
    pick = rng_below(rng, total)
    for k in range(kinds):
        if pick < counts[k]:
            return k
        pick -= counts[k]
    return -1


# ---- the readable board ----

cdef inline str plural(n, str word):
    """'1 card', '2 cards': a count with its noun (the readable board should not say '1 secret cards')."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
