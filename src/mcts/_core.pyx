# cavemind._core: the search core. One extension module built from parts (lxml style): the generic
# State, the shared search machinery, and one part per algorithm. Games reach it only as GameTables.
import threading

from libc.stdint cimport INT32_MAX, int32_t, uint16_t, uint64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memcmp, memcpy, memset

from mcts.rng cimport Rng, rng_seed, rng_below, rng_next, rng_uniform, splitmix64
from mcts.game_api cimport GameTable, CHANCE, TERMINAL, MAX_PLAYERS
from mcts.tree cimport (Node, Arena, NO_NODE, CHANCE_NODE, arena_init, arena_free, arena_new_node, arena_reserve,
                        arena_add_child, find_child, last_child)

CHANCE_PLAYER = CHANCE
TERMINAL_PLAYER = TERMINAL
NODE_BYTES = sizeof(Node)
SEED_MODULUS = 2**64  # any Python int is a valid seed; it is reduced to the RNG's 64 bits

include "state.pxi"
include "search.pxi"
include "mcts.pxi"
include "ismcts.pxi"
include "mo_ismcts.pxi"
include "pimc.pxi"

# Bounds the C code sets, read from here by cavemind.settings: visit counts are 32-bit, so a search runs at most
# MAX_ITERATIONS iterations; PIMC keeps at most MAX_DETERMINIZATIONS trees (Worker.roots).
MAX_ITERATIONS = INT32_MAX
MAX_DETERMINIZATIONS = MAX_ROOTS


cdef dict unset_config():
    cdef SearchConfig cfg
    memset(&cfg, 0, sizeof(cfg))
    return cfg


# SearchConfig's fields, all 0: search() fills it by name from these updated with the resolved settings' core_values.
_UNSET_CONFIG = unset_config()
CONFIG_FIELDS = tuple(_UNSET_CONFIG)


cdef void run_worker(Worker* w) noexcept nogil:
    """Iterates until the first budget runs out (iterations, seconds, an outside stop request), or until
    w.slice_end, when the caller wants to report: called again, it continues where it paused, so pausing
    changes nothing in the search itself."""
    cdef long long first = w.iterations_done, i = first
    cdef double now
    if w.finished:
        return
    while True:
        if w.cfg.iterations > 0 and i >= w.cfg.iterations:
            w.finished = True
            break
        if (i & 15) == 0 and i > first:
            if w.stop != NULL and w.stop[0] != 0:
                w.finished = True
                break
            if w.cfg.seconds > 0 or w.slice_end > 0:
                now = now_seconds()
                if w.cfg.seconds > 0 and now - w.started >= w.cfg.seconds:
                    w.finished = True
                    break
                if w.slice_end > 0 and now >= w.slice_end:
                    break
        if w.cfg.length_discount > 0 and (i & 255) == 0 and i > 0:
            update_hurry(w)
        if w.cfg.algorithm == ALG_MCTS:
            mcts_iteration(w)
        elif w.cfg.algorithm == ALG_ISMCTS:
            ismcts_iteration(w)
        elif w.cfg.algorithm == ALG_MO_ISMCTS:
            mo_ismcts_iteration(w)
        else:
            pimc_iteration(w, i)
        i += 1
    w.iterations_done = i
    w.elapsed = now_seconds() - w.started


cdef enum:
    INITIAL_NODES_CAP = 1 << 21   # nodes allocated at the start of a search, at most (2M nodes; the arena doubles)

# Without a memory limit a search may use at most this share of the machine's memory for its trees,
# so that an iteration budget too large for the machine ends in a smaller tree, never in the OOM killer.
DEFAULT_MEMORY_SHARE = 0.5


cdef size_t node_bytes(bint implicit_minimax):
    """Memory per node: the Node, and with implicit minimax backups its value in Arena.minimax."""
    return sizeof(Node) + (sizeof(float) if implicit_minimax else 0)


def max_nodes_per_thread(double memory_mb, int threads, bint implicit_minimax=False):
    """The node cap of each thread's tree: memory_mb megabytes each, or without one (0) default_max_nodes."""
    if memory_mb <= 0:
        return default_max_nodes(threads, implicit_minimax)
    return max(16, min(2**31 - 1, int(memory_mb * 2**20 / node_bytes(implicit_minimax) / threads)))


def default_max_nodes(int threads, bint implicit_minimax=False):
    """Nodes per thread when no memory limit is given: DEFAULT_MEMORY_SHARE of physical memory."""
    import os
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        memory = 8 * 2**30
    return max(16, min(2**31 - 1, int(memory * DEFAULT_MEMORY_SHARE) // node_bytes(implicit_minimax)
                       // max(threads, 1)))


cdef extern from "stdlib.h" nogil:
    int posix_memalign(void** memptr, size_t alignment, size_t size)

cdef enum:
    CACHE_LINE = 64


cdef void* alloc_lines(size_t size) noexcept nogil:
    """Zeroed memory of whole cache lines. Each search thread writes its worker and buffers on every
    step; were they to share a cache line with another thread's, the two cores would keep taking the line
    from each other (false sharing) and two threads would run far slower than twice one."""
    cdef void* p = NULL
    size = (size + CACHE_LINE - 1) // CACHE_LINE * CACHE_LINE
    if posix_memalign(&p, CACHE_LINE, size) != 0:
        return NULL
    memset(p, 0, size)
    return p


cdef void worker_free(Worker* w) noexcept nogil:
    if w == NULL:
        return
    arena_free(&w.arena)
    free(w.root_state)
    free(w.work)
    free(w.fixed_states)
    free(w.actions)
    free(w.chance_probs)
    free(w.mark)
    free(w.paths)
    free(w.mast_mean)
    free(w.mast_count)
    free(w.mast_played)
    free(w.nast_mean)
    free(w.nast_count)
    free(w.root_moments)
    free(w.root_allowed)
    free(w.priors)
    free(w.prior_of)
    free(w)


cdef Worker* worker_new(const GameTable* g, const char* state, SearchConfig cfg, uint64_t seed,
                        const int* stop, Arena* reused, const unsigned char* allowed) noexcept nogil:
    """Allocates everything one search thread needs, up front: nothing is allocated per iteration except
    the arena's amortised doubling. `reused` (or NULL) is a kept tree rooted at `state` (SearchTree): the worker
    takes its nodes and grows it. `allowed` (or NULL for all) marks the root actions the search may try."""
    cdef Worker* w = <Worker*>alloc_lines(sizeof(Worker))
    cdef int t, trees_per_iteration
    cdef long long expected
    cdef bint have_arena, reusing = reused != NULL and reused.nodes != NULL and cfg.algorithm in (ALG_MCTS, ALG_ISMCTS)
    if w == NULL:
        return NULL
    w.game = g
    w.cfg = cfg
    rng_seed(&w.rng, seed)
    if cfg.algorithm == ALG_MO_ISMCTS:
        w.num_roots = g.num_players
    elif cfg.algorithm == ALG_PIMC:
        w.num_roots = cfg.determinizations
    else:
        w.num_roots = 1
    trees_per_iteration = g.num_players if cfg.algorithm == ALG_MO_ISMCTS else 1
    expected = cfg.iterations * trees_per_iteration + w.num_roots + 1 if cfg.iterations > 0 else 4096
    # The arena grows by doubling, so a huge budget need not be allocated up front (where it would fail
    # before the search starts): the first allocation is capped, later growth stops at cfg.max_nodes.
    if expected > INITIAL_NODES_CAP:
        expected = INITIAL_NODES_CAP
    if expected > cfg.max_nodes:
        expected = cfg.max_nodes
    w.max_depth = g.max_game_length + 2
    w.root_state = <char*>alloc_lines(g.state_size)
    w.work = <char*>alloc_lines(g.state_size)
    w.fixed_states = <char*>alloc_lines(<size_t>g.state_size * w.num_roots)
    w.actions = <int*>alloc_lines(sizeof(int) * (g.max_actions + 1))
    w.chance_probs = <double*>alloc_lines(sizeof(double) * (g.max_chance_outcomes + 1))
    w.mark = <unsigned int*>alloc_lines(sizeof(unsigned int) * (g.max_actions + 1))
    w.paths = <int32_t*>alloc_lines(sizeof(int32_t) * w.max_depth * w.num_roots)
    w.root_moments = <double*>alloc_lines(sizeof(double) * ROOT_MOMENTS * g.max_actions)
    w.stop = stop
    if allowed != NULL:
        w.root_allowed = <unsigned char*>alloc_lines(g.max_actions)
        if w.root_allowed == NULL:
            worker_free(w)
            return NULL
        memcpy(w.root_allowed, allowed, g.max_actions)
    if cfg.prior_weight > 0 and g.action_priors != NULL:
        w.priors = <double*>alloc_lines(sizeof(double) * (g.max_actions + 1))
        w.prior_of = <double*>alloc_lines(sizeof(double) * (g.max_actions + 1))
        if w.priors == NULL or w.prior_of == NULL:
            worker_free(w)
            return NULL
    if cfg.rollout_policy == POLICY_MAST or cfg.rollout_policy == POLICY_NAST:
        # A game's actions number at most max_game_length from its start, so from any root too.
        w.mast_cap = g.max_game_length + 1
        w.mast_mean = <double*>alloc_lines(sizeof(double) * g.num_players * g.max_actions)
        w.mast_count = <int32_t*>alloc_lines(sizeof(int32_t) * g.num_players * g.max_actions)
        w.mast_played = <int32_t*>alloc_lines(sizeof(int32_t) * w.mast_cap)
        if cfg.rollout_policy == POLICY_NAST:
            w.nast_mean = <double*>alloc_lines(sizeof(double) * NAST_SIZE)
            w.nast_count = <int32_t*>alloc_lines(sizeof(int32_t) * NAST_SIZE)
            if w.nast_mean == NULL or w.nast_count == NULL:
                worker_free(w)
                return NULL
        if w.mast_mean == NULL or w.mast_count == NULL or w.mast_played == NULL:
            worker_free(w)
            return NULL
    # (A kept tree has minimax values exactly when it was grown with implicit minimax, which SearchTree.take
    # requires of the search that continues it; a mismatch would be a bug, and the search starts afresh.)
    if reusing and (reused.minimax != NULL) != (cfg.implicit_minimax > 0):
        reusing = False
    if reusing:
        w.arena = reused[0]
        reused.nodes = NULL
        reused.minimax = NULL
        reused.size = 0
        have_arena = True
    else:
        have_arena = arena_init(&w.arena, <int32_t>expected, cfg.max_nodes, cfg.implicit_minimax > 0)
    if (not have_arena or w.root_state == NULL or w.work == NULL
            or w.fixed_states == NULL or w.actions == NULL or w.chance_probs == NULL or w.mark == NULL
            or w.paths == NULL or w.root_moments == NULL):
        worker_free(w)
        return NULL
    memcpy(w.root_state, state, g.state_size)
    for t in range(w.num_roots):
        w.roots[t] = 0 if reusing else arena_new_node(&w.arena, -1, -1)
        if cfg.algorithm == ALG_PIMC:
            memcpy(w.fixed_states + <size_t>t * g.state_size, state, g.state_size)
            g.determinize(w.fixed_states + <size_t>t * g.state_size, cfg.searcher, &w.rng)
    return w


include "reuse.pxi"


cdef class StopFlag:
    """Set from any thread to end a running search early; the search returns what it has."""
    cdef int flag

    def set(self):
        self.flag = 1

    def clear(self):
        self.flag = 0

    @property
    def is_set(self):
        return self.flag != 0


cdef object root_statistics(Worker* w, dict merged):
    """Adds this worker's root children to merged[action] = [visits, total, available, sum of the per-tree
    means, trees that visited the action, and this search's samples, sum and sum of squares of the searcher's
    returns through the action and of its margins (Worker.root_moments)]; the per-tree means give PIMC's per-world
    average (collect_statistics)."""
    cdef int t, first = 0, last = w.num_roots
    cdef int32_t c
    cdef double* m
    if w.cfg.algorithm == ALG_MO_ISMCTS:
        first = w.cfg.searcher
        last = first + 1
    mine = set()
    for t in range(first, last):
        c = w.arena.nodes[w.roots[t]].first_child
        while c != NO_NODE:
            if w.arena.nodes[c].player == w.cfg.searcher:
                entry = merged.setdefault(w.arena.nodes[c].action, [0, 0.0, 0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0])
                entry[0] += w.arena.nodes[c].visits
                entry[1] += <double>w.arena.nodes[c].mean * w.arena.nodes[c].visits
                entry[2] += w.arena.nodes[c].available
                if w.arena.nodes[c].visits > 0:
                    entry[3] += <double>w.arena.nodes[c].mean
                    entry[4] += 1
                mine.add(w.arena.nodes[c].action)
            c = w.arena.nodes[c].next_sibling
    for action in mine:      # (once per action: PIMC's trees share the moments)
        m = w.root_moments + <size_t>action * ROOT_MOMENTS
        entry = merged[action]
        for t in range(ROOT_MOMENTS):
            entry[5 + t] += m[t]


cdef list principal_variation(Worker* w, int32_t first_action, int max_length):
    """From the root's child for `first_action`, follow the most visited child (ties: lower id)."""
    cdef int tree = statistics_tree(w.cfg.algorithm, w.cfg.searcher)
    cdef int32_t node = NO_NODE, c, best
    cdef list pv = []
    c = w.arena.nodes[w.roots[tree]].first_child
    while c != NO_NODE:
        if w.arena.nodes[c].action == first_action and w.arena.nodes[c].player == w.cfg.searcher:
            node = c
        c = w.arena.nodes[c].next_sibling
    while node != NO_NODE and len(pv) < max_length:
        if w.arena.nodes[node].player != CHANCE_NODE:   # (closed-loop chance nodes are not moves)
            pv.append(w.arena.nodes[node].action)
        best = NO_NODE
        c = w.arena.nodes[node].first_child
        while c != NO_NODE:
            if best == NO_NODE or w.arena.nodes[c].visits > w.arena.nodes[best].visits or (
                    w.arena.nodes[c].visits == w.arena.nodes[best].visits
                    and w.arena.nodes[c].action < w.arena.nodes[best].action):
                best = c
            c = w.arena.nodes[c].next_sibling
        if best != NO_NODE and w.arena.nodes[best].visits == 0:
            best = NO_NODE
        node = best
    return pv


def standard_error(double samples, double total, double sum_squares):
    """The standard error of the mean of `samples` returns from their sum and sum of squares (the sample
    variance over the samples), or None for fewer than two. The returns of one search are not independent (the
    tree's policy changes as it learns), so this is the usual approximation, as KataGo's utility variance is."""
    if samples < 2:
        return None
    mean = total / samples
    variance = max(0.0, (sum_squares - samples * mean * mean) / (samples - 1))
    return sqrt(variance / samples)


cdef dict collect_statistics(Worker** workers, int threads, int player, int pv_length):
    """The root statistics of all workers, merged: the dict that search() returns."""
    cdef int t
    merged = {}
    for t in range(threads):
        root_statistics(workers[t], merged)
    moves = {}
    for action, (visits, total, available, mean_sum, trees, samples, sum_, sum_sq, margin_sum,
                 margin_sq) in merged.items():
        if workers[0].cfg.algorithm == ALG_PIMC and trees > 0:
            # PIMC: every sampled world weighs the same. Summing mean * visits would weigh each world by how
            # often its search chose the move, that is by how good the move is there: in Kuhn poker a call
            # with the queen then reads as 0.9 (mostly the worlds where it wins) where it is worth 0.5.
            total = mean_sum / trees * visits
        moves[action] = (visits, total, available, standard_error(samples, sum_, sum_sq),
                         margin_sum / samples if samples > 0 else None, standard_error(samples, margin_sum, margin_sq))
    return {
        "moves": moves,
        "pv": {a: principal_variation(workers[0], a, pv_length) for a in merged},
        "iterations": sum(workers[t].iterations_done for t in range(threads)),
        "seconds": max(workers[t].elapsed for t in range(threads)),
        "nodes": sum(workers[t].arena.size for t in range(threads)),
        "player": player,
    }


def search(CoreState state, settings, seed=0, StopFlag stop=None, int pv_length=16, on_report=None,
           double report_every=0.0, SearchTree tree=None, list history=None, allowed_moves=None):
    """Runs one search from `state` (a decision node) and returns its root statistics as a dict:
    moves: {action: (visits, total, available, standard error of the mean return or None, mean score margin of
    the searcher where this search's playouts ended or None, its standard error or None)},
    pv: {action: [actions]}, iterations, seconds, nodes.
    `allowed_moves` (a collection of legal action ids) restricts the moves tried at the root, as a chess engine's
    "searchmoves": each move searched alone gets the whole budget (review compares two moves so).
    `settings` is a resolved cavemind.settings.SearchSettings: its `core_values` (the settings marked for the core,
    by name, choices as their index) are copied into the SearchConfig once, here; `seed` seeds the workers.
    Root parallelism: `threads` workers, each with its own tree and RNG (seeded from `seed` and its index),
    share the iteration budget; their root statistics are summed. With `on_report`, the workers pause every
    `report_every` seconds and on_report(statistics so far) is called, in the calling thread; pausing does
    not change the search. With `tree` (a SearchTree) and `history` (the actions that led to `state`), the search
    continues the kept tree where the history leads on from its position, keeps its own tree there afterwards,
    and reports the root visits it started with as "reused". The settings are checked in cavemind.settings; the
    core checks only what guards its memory and its C code."""
    cdef const GameTable* g = state.table
    cdef int player = g.current_player(state.data)
    cdef SearchConfig cfg
    cdef Worker** workers
    cdef int t, threads
    cdef long long iterations
    cdef double started, slice_end
    cdef bint finished
    cdef uint64_t mix = <uint64_t>(seed % SEED_MODULUS)
    cdef Arena* reused = NULL
    cdef bytearray allowed = None
    cdef const unsigned char* allowed_marks = NULL
    if player < 0:
        raise ValueError("search needs a decision node (not a chance node or a finished game)")
    if allowed_moves is not None:
        if not allowed_moves:
            raise ValueError("allowed_moves: no move given")
        legal = set(state.legal_actions())
        allowed = bytearray(g.max_actions)
        for action in allowed_moves:
            if action not in legal:
                raise ValueError(f"allowed_moves: {action!r} is not a legal action here")
            allowed[action] = 1
        if tree is not None:
            raise ValueError("allowed_moves cannot continue a kept tree (its root has the other moves too)")
        allowed_marks = allowed
    values = dict(_UNSET_CONFIG)     # a field no setting gives stays 0 (off)
    values.update(settings.core_values)
    values["searcher"] = player
    cfg = values
    if not (0 <= cfg.algorithm < len(ALGORITHMS) and 0 <= cfg.rollout_policy < len(ROLLOUT_POLICIES)):
        raise ValueError(f"algorithm {cfg.algorithm} or rollout policy {cfg.rollout_policy}: no such code")
    if cfg.threads < 1 or (cfg.iterations <= 0 and cfg.seconds <= 0) or not cfg.seconds == cfg.seconds:
        raise ValueError("search needs threads >= 1 and a positive iteration or time budget")
    if not 1 <= cfg.determinizations <= MAX_ROOTS:
        raise ValueError(f"determinizations {cfg.determinizations}: PIMC keeps 1 to {MAX_ROOTS} trees")
    if not 0 <= cfg.heuristic_variant < g.heuristic_variants:
        raise ValueError(f"heuristic variant {cfg.heuristic_variant}: {g.name.decode()} has variants 0 to "
                         f"{g.heuristic_variants - 1}")
    if not 0 <= cfg.rollout_variant < g.rollout_variants:
        raise ValueError(f"rollout variant {cfg.rollout_variant}: {g.name.decode()} has variants 0 to "
                         f"{g.rollout_variants - 1}")
    if not 0 <= cfg.prior_variant < g.prior_variants:
        raise ValueError(f"prior variant {cfg.prior_variant}: {g.name.decode()} has variants 0 to "
                         f"{g.prior_variants - 1}")
    if cfg.implicit_minimax > 0 and g.num_players != 2:
        raise ValueError(f"implicit_minimax needs 2 players (this game has {g.num_players})")
    if on_report is not None and not report_every > 0:
        raise ValueError("on_report needs report_every > 0 (seconds between reports)")
    iterations = cfg.iterations
    threads = cfg.threads
    if iterations > 0 and threads > iterations:
        threads = <int>iterations  # every thread does at least one iteration: never more than the budget
    if cfg.algorithm == ALG_MO_ISMCTS:
        cfg.implicit_minimax = 0.0     # (single trees only)
    cfg.threads = threads
    cfg.max_nodes = <int32_t>max_nodes_per_thread(cfg.memory_mb, threads, cfg.implicit_minimax > 0)
    workers = <Worker**>calloc(threads, sizeof(Worker*))
    if workers == NULL:
        raise MemoryError()
    started = now_seconds()    # (re-rooting a kept tree counts against a time budget)
    try:
        if tree is not None:
            reused = tree.take(g, state.data, history, &cfg, threads)
        for t in range(threads):
            # Split the iteration budget: thread t does its share, the first ones one more.
            cfg.iterations = iterations // threads + (1 if t < iterations % threads else 0) if iterations > 0 else 0
            if iterations > 0 and cfg.iterations == 0:
                cfg.iterations = 1
            workers[t] = worker_new(g, state.data, cfg, splitmix64(&mix), &stop.flag if stop is not None else NULL,
                                    &reused[t] if reused != NULL else NULL, allowed_marks)
            if workers[t] == NULL:
                raise MemoryError("could not allocate the search tree")
        for t in range(threads):
            workers[t].started = started
        while True:
            slice_end = now_seconds() + report_every if on_report is not None else 0.0
            for t in range(threads):
                workers[t].slice_end = slice_end
            if threads == 1:
                with nogil:
                    run_worker(workers[0])
            else:
                pool = [threading.Thread(target=_run_in_thread, args=(<size_t>workers[t],)) for t in range(threads)]
                for thread in pool:
                    thread.start()
                for thread in pool:
                    thread.join()
            finished = True
            for t in range(threads):
                finished = finished and workers[t].finished
            if finished:
                result = collect_statistics(workers, threads, player, pv_length)
                result["reused"] = tree.reused_visits if tree is not None else 0
                if tree is not None:
                    tree.keep(workers, threads, g, state.to_bytes(), history)
                return result
            on_report(collect_statistics(workers, threads, player, pv_length))
    finally:
        for t in range(threads):
            worker_free(workers[t])
        free(workers)
        if reused != NULL:
            for t in range(threads):
                arena_free(&reused[t])
            free(reused)


def _run_in_thread(size_t address):
    cdef Worker* w = <Worker*>address
    with nogil:
        run_worker(w)
