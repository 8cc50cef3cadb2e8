# The generic Python State: a game's C state struct in a malloc'd buffer, driven through its GameTable.
# Everything game-specific off the hot path (names, JSON, the board) goes to the game's Python module.
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from libc.string cimport memcmp


cdef const GameTable* table_of(object capsule) except NULL:
    if not PyCapsule_IsValid(capsule, b"cavemind.GameTable"):
        raise TypeError("expected a cavemind.GameTable capsule")
    return <const GameTable*>PyCapsule_GetPointer(capsule, b"cavemind.GameTable")


def table_info(capsule):
    """The constants of a GameTable, as a dict."""
    cdef const GameTable* t = table_of(capsule)
    return {"name": t.name.decode(), "num_players": t.num_players, "state_size": t.state_size,
            "max_actions": t.max_actions, "max_chance_outcomes": t.max_chance_outcomes,
            "max_game_length": t.max_game_length, "heuristic_variants": t.heuristic_variants,
            "default_heuristic_variant": t.default_heuristic_variant,
            "rollout_variants": t.rollout_variants, "action_priors": t.action_priors != NULL,
            "prior_variants": t.prior_variants}


cdef class CoreState:
    """A game state in C memory. Python subclass: cavemind.State (names, JSON, board)."""
    cdef const GameTable* table
    cdef char* data
    cdef readonly object game

    def __cinit__(self, game, bytes data):
        self.game = game
        self.table = table_of(game._capsule)
        if len(data) != self.table.state_size:
            raise ValueError(f"state data has {len(data)} bytes, {self.game.name} needs {self.table.state_size}")
        self.data = <char*>malloc(self.table.state_size)
        if self.data == NULL:
            raise MemoryError()
        memcpy(self.data, <const char*>data, self.table.state_size)

    def __dealloc__(self):
        free(self.data)

    def to_bytes(self):
        """The raw C state (for the game module's helpers and for hashing)."""
        return self.data[:self.table.state_size]

    def _set_bytes(self, bytes data):
        if len(data) != self.table.state_size:
            raise ValueError("state data has the wrong size")
        memcpy(self.data, <const char*>data, self.table.state_size)

    def clone(self):
        return type(self)(self.game, self.to_bytes())

    def __copy__(self):
        return self.clone()

    def __eq__(self, other):
        if not isinstance(other, CoreState):
            return NotImplemented
        cdef CoreState o = other
        return self.table == o.table and memcmp(self.data, o.data, self.table.state_size) == 0

    def __hash__(self):
        return hash(self.to_bytes())

    @property
    def num_players(self):
        return self.table.num_players

    def current_player(self):
        """The player to decide, or cavemind.CHANCE (-1), or cavemind.TERMINAL (-2)."""
        return self.table.current_player(self.data)

    def is_terminal(self):
        return self.table.current_player(self.data) == TERMINAL

    def is_chance_node(self):
        return self.table.current_player(self.data) == CHANCE

    def legal_actions(self):
        """Sorted legal action ids at a decision; the possible outcomes at a chance node; [] at the end."""
        cdef int player = self.table.current_player(self.data)
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        cdef int* out = <int*>malloc(self.table.max_actions * sizeof(int))
        cdef int n
        try:
            n = self.table.legal_actions(self.data, out)
            return [out[i] for i in range(n)]
        finally:
            free(out)

    def chance_outcomes(self):
        """[(outcome, probability)] at a chance node, else []."""
        if self.table.current_player(self.data) != CHANCE:
            return []
        cdef int size = max(self.table.max_chance_outcomes, 1)
        cdef int* out = <int*>malloc(size * sizeof(int))
        cdef double* probs = <double*>malloc(size * sizeof(double))
        cdef int n
        try:
            n = self.table.chance_outcomes(self.data, out, probs)
            return [(out[i], probs[i]) for i in range(n)]
        finally:
            free(out)
            free(probs)

    def sample_chance(self, seed):
        """The outcome the game's fast sampler draws with this seed (at a chance node)."""
        if self.table.current_player(self.data) != CHANCE:
            raise _errors().NotChanceNodeError("sample_chance() needs a chance node")
        cdef Rng rng
        rng_seed(&rng, seed_bits(seed))
        return self.table.sample_chance(self.data, &rng)

    def action_priors(self, int variant=0):
        """The game's move priors at this decision (its variant `variant`, 0 to the table's prior_variants - 1),
        {action: prior in [0, 1]} for each legal action, which a search with prior_weight > 0 reads (1 for every
        move where the game has none). At a decision node only."""
        if self.table.current_player(self.data) < 0:
            raise _errors().IllegalActionError("action_priors() needs a decision node, not a chance node or "
                                               "the end of the game")
        if not 0 <= variant < self.table.prior_variants:
            raise ValueError(f"variant={variant!r}: {self.game.name} has prior variants 0 to "
                             f"{self.table.prior_variants - 1}")
        cdef int* buf = <int*>malloc((self.table.max_actions + 1) * sizeof(int))
        cdef double* out = <double*>malloc((self.table.max_actions + 1) * sizeof(double))
        cdef int i, n
        try:
            if buf == NULL or out == NULL:
                raise MemoryError()
            n = self.table.legal_actions(self.data, buf)
            for i in range(n):
                out[i] = 1.0
            if self.table.action_priors != NULL:
                self.table.action_priors(self.data, buf, n, out, variant)
            return {buf[i]: out[i] for i in range(n)}
        finally:
            free(buf)
            free(out)

    def rollout_action(self, seed, int variant=0):
        """The action the search's rollouts would play here with this seed: the game's rollout policy (its
        variant `variant`, 0 to the table's rollout_variants - 1), or uniform over the legal actions where it has
        none. At a decision node only."""
        cdef int player = self.table.current_player(self.data)
        if player < 0:
            raise _errors().IllegalActionError("rollout_action() needs a decision node, not a chance node or "
                                               "the end of the game")
        if not 0 <= variant < self.table.rollout_variants:
            raise ValueError(f"variant={variant!r}: {self.game.name} has rollout variants 0 to "
                             f"{self.table.rollout_variants - 1}")
        cdef Rng rng
        rng_seed(&rng, seed_bits(seed))
        cdef int* buf
        cdef int n
        if self.table.rollout_action != NULL:
            return self.table.rollout_action(self.data, &rng, variant)
        buf = <int*>malloc(self.table.max_actions * sizeof(int))
        try:
            n = self.table.legal_actions(self.data, buf)
            return buf[rng_below(&rng, n)]
        finally:
            free(buf)

    def apply(self, action):
        """Plays a legal action (or a possible chance outcome). Raises IllegalActionError otherwise and
        leaves the state unchanged."""
        if not is_integer(action) or action not in self.legal_actions():
            raise _errors().IllegalActionError(self._illegal_message(action))
        self.table.apply_action(self.data, action)

    def _illegal_message(self, action):
        if self.is_terminal():
            return f"action {action}: the game is over"
        return f"action {action} is not legal here (legal: {self.legal_actions()})"

    def returns(self):
        """Per player, in [0, 1], at the end of the game."""
        if not self.is_terminal():
            raise _errors().GameNotOverError("returns() needs a finished game; use scores() or heuristic()")
        cdef double out[MAX_PLAYERS]
        self.table.returns(self.data, out)
        return [out[i] for i in range(self.table.num_players)]

    def scores(self):
        """Victory points now, per player."""
        cdef double out[MAX_PLAYERS]
        self.table.scores(self.data, out)
        return [out[i] for i in range(self.table.num_players)]

    def heuristic(self, variant=None):
        """The game's cheap estimate of the returns (the returns themselves at the end), by heuristic `variant`
        (0 to heuristic_variants - 1 of the game's table; None: the game's default)."""
        cdef double out[MAX_PLAYERS]
        cdef int chosen = self.table.default_heuristic_variant
        if variant is not None:
            if isinstance(variant, bool) or not isinstance(variant, int) or not (
                    0 <= variant < self.table.heuristic_variants):
                raise _errors().InvalidOptionError(
                    f"heuristic variant {variant!r}: {self.table.name.decode()} has variants 0 to "
                    f"{self.table.heuristic_variants - 1}")
            chosen = variant
        if self.is_terminal():
            self.table.returns(self.data, out)
        else:
            self.table.heuristic(self.data, out, chosen)
        return [out[i] for i in range(self.table.num_players)]

    def determinize(self, observer, seed=0):
        """A new state in `observer`'s information set: everything they cannot see resampled."""
        self._check_player(observer)
        cdef CoreState copy = self.clone()
        cdef Rng rng
        rng_seed(&rng, seed_bits(seed))
        self.table.determinize(copy.data, observer, &rng)
        return copy

    def infoset_hash(self, player):
        """A 64-bit hash of what `player` knows; equal for states they cannot tell apart."""
        self._check_player(player)
        return self.table.infoset_hash(self.data, player)

    def observed_action(self, action, player):
        """The id under which `player` perceives `action` (legal now) played now."""
        self._check_player(player)
        if not is_integer(action) or action not in self.legal_actions():
            raise _errors().IllegalActionError(self._illegal_message(action))
        return self.table.observed_action(self.data, action, player)

    def _check_player(self, player):
        if not is_integer(player) or not 0 <= player < self.table.num_players:
            raise _errors().InvalidPlayerError(
                f"player {player}: must be 0..{self.table.num_players - 1} for {self.table.num_players} players")

    def random_playout(self, seed=0):
        """Plays uniformly random moves (and sampled chance) to the end, without the GIL; returns the
        number of steps. For benchmarks and soak tests."""
        cdef Rng rng
        cdef long long steps
        rng_seed(&rng, seed_bits(seed))
        cdef int* buf = <int*>malloc(self.table.max_actions * sizeof(int))
        try:
            with nogil:
                steps = play_random(self.table, self.data, buf, &rng)
        finally:
            free(buf)
        return steps


cdef long long play_random(const GameTable* g, char* s, int* actions, Rng* rng) noexcept nogil:
    cdef long long steps = 0
    cdef int player, n
    while True:
        player = g.current_player(s)
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            g.apply_action(s, g.sample_chance(s, rng))
        else:
            n = g.legal_actions(s, actions)
            g.apply_action(s, actions[rng_below(rng, n)])
        steps += 1


cdef inline bint is_integer(value):
    """A Python int that is not a bool: the only thing accepted as an action id, a seat or a seed."""
    return isinstance(value, int) and not isinstance(value, bool)


cdef uint64_t seed_bits(seed) except? 0:
    """Any Python int is a valid seed; it is reduced to the RNG's 64 bits."""
    if not is_integer(seed):
        raise _errors().InvalidOptionError(f"seed {seed!r}: expected an integer")
    return <uint64_t>(seed % SEED_MODULUS)


def _errors():
    import cavemind.errors
    return cavemind.errors
