# Shared machinery of every search algorithm: the per-thread worker, selection with expansion, rollouts
# and backup. The algorithms themselves live in mcts.pxi, ismcts.pxi, mo_ismcts.pxi and pimc.pxi.
#
# Selection (UCB1 / UCT, Kocsis and Szepesvari 2006): among the children legal in the current state, pick
#     argmax  mean + c * sqrt(ln(N + 1) / visits)
# where N is the parent's visit count (MCTS, PIMC) or the child's availability count (ISMCTS: the number
# of parent visits in which the action was legal). Ties keep the first child in the list. A node whose
# legal actions are not all in the tree yet is expanded instead: one untried legal action, drawn uniformly,
# becomes a child, and the iteration continues with a rollout. Chance nodes are sampled "open loop": the
# outcome is applied and the descent stays on the same tree node. With cfg.chance_branching = K > 0, chance
# events with at most K outcomes are "closed loop" instead: each outcome gets a tree node of its own, as the
# searcher perceives it (its observed id, so another player's hidden draw stays one branch), so that the tree
# can plan differently after a capture and after a miss. Single-tree algorithms only (MCTS, ISMCTS, PIMC);
# MO-ISMCTS stays open loop.
#
# Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, "Monte Carlo tree search with heuristic
# evaluations using implicit minimax backups", IEEE CIG 2014), with cfg.implicit_minimax = alpha > 0 (2 players
# only): besides its mean return, each node keeps player 0's heuristic-minimax value. Where an iteration leaves the
# tree, that node's value is the mean of the game's heuristic over its visits (returns() at the end of the game);
# above it, backup sets a node's value to its best child's for the player to move there, or at a closed-loop chance
# node to its children's mean weighted by visits. Selection then scores a child by
#     (1 - alpha) * mean + alpha * its minimax value for the child's player  + the exploration term,
# so the tree follows the heuristic's best line as well as the rollouts' averages. The heuristic of a leaf is read
# before its rollout; the rollout and its cut-off are unchanged. Single-tree algorithms only (MO-ISMCTS ignores it).
#
# Move priors, with cfg.prior_weight = beta > 0 and a game that gives them (GameTable.action_priors: a prior P in
# [0, 1] per legal move, 1 for an ordinary move): a child's exploration term is scaled by (1 - beta) + beta * P, and
# untried moves are no longer all expanded before any is revisited. As in AlphaZero's PUCT with a first-play value,
# the untried move of the highest prior competes with the tried children: its score is the tried children's mean
# value (weighted by visits) plus the exploration term of a child of one visit, scaled by its prior; it is expanded
# when that beats every tried child (or when no tried child is legal). So a move of a small prior, one a player would
# rarely consider, is tried only once the ordinary moves' values leave room for it, and explored little after.
#
# Rollouts play uniformly random legal actions (or the game's rollout policy, or MAST or NAST: below) to the end,
# or stop after `rollout_depth` decisions and read the game's heuristic. Backup adds the returns of
# node.player to every node on the path (max^n for n players).
#
# MAST, the Move-Average Sampling Technique (Finnsson and Bjornsson, "Simulation-based approach to general
# game playing", AAAI 2008; for ISMCTS: Powley, Whitehouse and Cowling, "Information capture and reuse
# strategies in Monte Carlo tree search", IEEE TCIAIG 2014): each worker keeps, per player and action id,
# the mean return to that player of the iterations in which they played that action, in the tree descent
# or in the rollout, whatever the position. In a rollout the mover plays, with probability
# 1 - cfg.mast_epsilon, the legal action with the best such mean (one never played counts as best; ties are
# broken at random), otherwise the game's rollout policy. The tables are allocated with the worker; the
# (player, action) pairs of one iteration are kept in a list as long as the longest game. NAST (below) keeps the
# same statistics per pair of consecutive moves as well.
from libc.math cimport log, pow, sqrt
from libc.string cimport memcpy
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef enum:
    ALG_MCTS = 0
    ALG_ISMCTS = 1
    ALG_MO_ISMCTS = 2
    ALG_PIMC = 3
    MAX_ROOTS = 64

# The names of the algorithms and rollout policies, each at the index of its code: the settings of cavemind.settings
# read their choices from here and hand the core the index (SearchConfig.algorithm, .rollout_policy).
ALGORITHMS = ("mcts", "ismcts", "mo-ismcts", "pimc")

cdef enum:
    POLICY_GAME = 0      # the game's rollout_action, uniform where it has none
    POLICY_UNIFORM = 1   # uniform over the legal actions (for comparisons)
    POLICY_MAST = 2      # MAST over the game's policy
    POLICY_NAST = 3      # NAST (pairs of consecutive moves) over MAST over the game's policy

ROLLOUT_POLICIES = ("game", "uniform", "mast", "nast")

# NAST, the N-gram-Average Sampling Technique (Powley, Whitehouse and Cowling 2014) with n = 2: as MAST, but the
# statistic of a move is kept per previous move of the iteration (whoever played it), in a hashed table of
# NAST_SIZE entries per worker (colliding pairs share an entry). A rollout move is ranked by its pair's mean once
# the pair has NAST_MIN_VISITS visits, else by its MAST mean (the 1-gram), else it counts as best.
cdef enum:
    NAST_BITS = 16
    NAST_SIZE = 1 << NAST_BITS
    NAST_MIN_VISITS = 3

# MAST's exploration (cfg.mast_epsilon, 0.2 by default as in Powley et al. 2014's epsilon-greedy MAST), the weight
# of the score margin in the value a rollout backs up (cfg.margin_weight: (1 - w) * the returns, or the heuristic at
# the cut-off, + w * each player's margin over the best other player relative to their scores, 0.5 + 0.5 * (mine -
# best other) / (|mine| + |best other|)) and progressive widening (cfg.widening, Coulom 2007; Chaslot et al. 2008:
# with alpha > 0 a node of n visits may have at most 1 + floor(n ** alpha) children, and the action expanded next is
# the game's rollout policy's pick where it is untried, else uniform; a node with no child legal in the current
# determinization expands anyway) are settings of each search like the others, declared in cavemind.settings
# (marked advanced: experiments, docs/research/).

ctypedef struct SearchConfig:
    # The settings that cavemind.settings marks as the core's, copied by name from the resolved SearchSettings
    # once per search (_core.search); their meaning and bounds are declared there.
    int algorithm            # ALG_MCTS, ALG_ISMCTS, ALG_MO_ISMCTS or ALG_PIMC (the setting's index in its choices)
    long long iterations     # the search's total; each worker's share once split (0 means no iteration limit)
    double seconds           # 0 means no time limit
    int threads              # root-parallel workers
    double memory_mb         # MB of nodes per worker (0: DEFAULT_MEMORY_SHARE of the machine), read as max_nodes
    double exploration       # the UCB constant c
    int rollout_depth        # < 0: rollouts play to the end
    int rollout_policy       # POLICY_GAME, POLICY_UNIFORM, POLICY_MAST or POLICY_NAST
    double mast_epsilon      # MAST: the share of rollout moves left to the game's policy
    double margin_weight     # EXPERIMENT: the score margin's weight in a rollout's value (above)
    double widening          # EXPERIMENT: the progressive-widening exponent (above; 0: off)
    double length_discount   # once decided (update_hurry), values shrink toward 0.5 by 1 - d a decision (0: off)
    double implicit_minimax  # the weight alpha of the heuristic-minimax value in selection (0: off; 2 players)
    int chance_branching     # chance events with at most this many outcomes are closed loop (0: none)
    int determinizations     # PIMC only
    int heuristic_variant    # the game's heuristic variant read at the cut-off (GameTable.heuristic_variants)
    int rollout_variant      # the variant of the game's rollout policy (GameTable.rollout_variants)
    double prior_weight      # the weight beta of the game's move priors in selection (above; 0: off)
    int prior_variant        # the variant of the game's move priors (GameTable.prior_variants)
    # Set by the core for each search.
    int32_t max_nodes        # memory cap of one worker's arena, in nodes
    int searcher             # the player whose decision is searched (and whose view is kept)


ctypedef struct Worker:
    const GameTable* game
    SearchConfig cfg
    Rng rng
    Arena arena
    int num_roots
    int32_t roots[MAX_ROOTS]
    char* root_state         # the position searched (never modified)
    char* work               # the state one iteration plays on
    char* fixed_states       # PIMC: the determinized root of each tree, num_roots * state_size
    int* actions             # legal actions, max_actions
    double* chance_probs     # chance_outcomes()' probabilities, max_chance_outcomes (closed-loop chance only)
    unsigned int* mark       # stamps per action id, max_actions
    unsigned int stamp
    int32_t* paths           # num_roots * max_depth node indices
    int path_len[MAX_ROOTS]  # per tree (PIMC has up to MAX_ROOTS trees, MO-ISMCTS one per player)
    int32_t current[MAX_ROOTS]
    int max_depth
    double values[MAX_PLAYERS]
    double leaf_value0       # implicit minimax: the heuristic for player 0 where this iteration left the tree
    long long iterations_done
    double started           # when the search began (monotonic seconds)
    double elapsed
    double slice_end         # run_worker pauses at this time to let the caller report (0: no pause)
    bint finished            # a budget ran out or a stop was requested: run_worker will do nothing more
    const int* stop          # set to non-zero from outside to end the search early
    # MAST (rollout_policy == POLICY_MAST only, else NULL): indexed by player * max_actions + action
    double* mast_mean        # mean return to the player of the iterations in which they played the action
    int32_t* mast_count      # those iterations (0: never played, which counts as the best)
    int32_t* mast_played     # this iteration's (player, action) pairs, as table indices
    double* nast_mean        # NAST only (else NULL): per hashed (previous pair, pair), as mast_mean
    int32_t* nast_count
    int mast_len
    int mast_cap
    # Root statistics for analysis, per root action (ROOT_MOMENTS doubles each, indexed action * ROOT_MOMENTS):
    # this search's samples of the searcher's return (count, sum, sum of squares) for the standard error, and
    # the sum and the sum of squares of the searcher's score margin where each playout ended (record_root_sample).
    double* root_moments
    double margin            # the searcher's score margin where this iteration's playout ended
    int plies                # decisions from the root in this iteration so far (the tree's, then the rollout's)
    bint hurry               # length_discount: the search found its position decided (update_hurry)
    unsigned char* root_allowed  # non-zero for the root actions the search may try (NULL: all; allowed_moves)
    double* priors           # move priors (prior_weight > 0 and a game with priors, else NULL): the game's priors
                             # of the legal actions in order, max_actions ...
    double* prior_of         # ... and the same by action id, max_actions


cdef enum:
    SQRT_LOG_TABLE_SIZE = 1 << 16
    INV_SQRT_TABLE_SIZE = 4096
    ROOT_MOMENTS = 5         # per root action: samples, sum of returns and of their squares, of margins and their squares

# length_discount applies once the most visited root move's value is this close to a loss or a win (update_hurry).
# A constant of the code (no setting, and nothing sets it at run time).
cdef extern from *:
    """
    static const double CAVEMIND_DECIDED_VALUE = 0.1;
    """
    const double DECIDED_VALUE "CAVEMIND_DECIDED_VALUE"

# Tables of the counts that nearly all nodes have, filled once when the module loads and only read afterwards (the
# core has no process-wide state a search could change: everything a search may vary is in its SearchConfig):
# sqrt(ln(n + 1)) for selection, so that it rarely calls log() (the root and the busiest nodes pass 4,096 visits in
# most searches, and ISMCTS reads the children's availability counts, as large), and the float 1 / sqrt(n) that
# backup stores in a node, so that it rarely divides by a square root. Each entry is the very expression computed
# without the table: the search's results are the same bit for bit.
cdef double SQRT_LOG_TABLE[SQRT_LOG_TABLE_SIZE]
cdef float INV_SQRT_TABLE[INV_SQRT_TABLE_SIZE]


cdef void fill_tables() noexcept nogil:
    cdef int n
    for n in range(SQRT_LOG_TABLE_SIZE):
        SQRT_LOG_TABLE[n] = sqrt(log(n + 1.0))
    INV_SQRT_TABLE[0] = 0.0
    for n in range(1, INV_SQRT_TABLE_SIZE):
        INV_SQRT_TABLE[n] = <float>(1.0 / sqrt(<double>n))


fill_tables()


cdef inline double sqrt_log1p(int32_t n) noexcept nogil:
    """sqrt(ln(n + 1)): the count part of UCB's exploration term."""
    if n < SQRT_LOG_TABLE_SIZE:
        return SQRT_LOG_TABLE[n]
    return sqrt(log(n + 1.0))


cdef inline float inv_sqrt(int32_t n) noexcept nogil:
    """1 / sqrt(n) in single precision, for n >= 1."""
    if n < INV_SQRT_TABLE_SIZE:
        return INV_SQRT_TABLE[n]
    return <float>(1.0 / sqrt(<double>n))


cdef inline double now_seconds() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef int32_t select_or_expand(Worker* w, const char* s, int32_t parent, int player, int num_legal,
                              bint use_availability, bint* expanded) noexcept nogil:
    """The child to descend into at `parent`, creating one for an untried legal action if there is one.
    One walk over the children marks which legal actions are in the tree, counts availability and scores
    them, so the common case (everything tried) touches each child once. While the parent has fewer
    children than legal actions, an expansion is certain (memory permitting) and scoring is skipped."""
    if w.priors != NULL:
        return select_or_expand_with_priors(w, s, parent, player, num_legal, use_availability, expanded)
    cdef Node* nodes = w.arena.nodes
    cdef const float* minimax = w.arena.minimax     # NULL unless implicit minimax backups are on
    # (Locals, not reads through `w` in the loop: the loop's stores through `mark` and `child` could alias the
    # worker's fields as far as the compiler knows, and it would read them again for every child.)
    cdef unsigned int* mark = w.mark
    cdef const int* actions = w.actions
    cdef double exploration = w.cfg.exploration, alpha = w.cfg.implicit_minimax
    cdef Node* child
    cdef unsigned int legal = w.stamp + 1, in_tree = w.stamp + 2
    cdef int i, untried, pick, action
    cdef int32_t c, best = NO_NODE, tail = NO_NODE
    cdef double best_score = -1.0, score, value
    # (Near the memory cap, free slots left in blocks go unused: simpler, and it costs at most a block.)
    cdef bint room = w.arena.size < w.arena.max_nodes
    cdef bint can_expand = room
    cdef bint score_children
    if can_expand and w.cfg.widening > 0 and nodes[parent].num_children < num_legal:
        can_expand = nodes[parent].num_children < 1 + <int>pow(<double>nodes[parent].visits, w.cfg.widening)
    score_children = nodes[parent].num_children >= num_legal or not can_expand
    cdef double explore_parent = 0.0
    if score_children and not use_availability:
        explore_parent = exploration * sqrt_log1p(nodes[parent].visits)
    w.stamp += 2
    for i in range(num_legal):
        mark[actions[i]] = legal
    untried = num_legal
    c = nodes[parent].first_child
    while c != NO_NODE:
        child = &nodes[c]
        if child.player == player and mark[child.action] == legal:
            mark[child.action] = in_tree
            child.available += 1
            untried -= 1
            if score_children:
                if child.visits == 0:
                    score = 1e300
                else:
                    value = child.mean
                    if minimax != NULL:
                        value = ((1.0 - alpha) * value
                                 + alpha * (minimax[c] if child.player == 0 else 1.0 - minimax[c]))
                    if use_availability:
                        score = value + exploration * sqrt_log1p(child.available) * child.inv_sqrt_visits
                    else:
                        score = value + explore_parent * child.inv_sqrt_visits
                if score > best_score:
                    best_score = score
                    best = c
        tail = c
        c = child.next_sibling
    expanded[0] = False
    if untried > 0 and (can_expand or (best == NO_NODE and room)):
        action = -1
        if w.cfg.widening > 0 and w.game.rollout_action != NULL:
            i = w.game.rollout_action(s, &w.rng, w.cfg.rollout_variant)
            if 0 <= i < w.game.max_actions and mark[i] == legal:
                action = i
        if action < 0:
            pick = rng_below(&w.rng, untried)
            for i in range(num_legal):
                if mark[actions[i]] == legal:
                    if pick == 0:
                        action = actions[i]
                        break
                    pick -= 1
        c = arena_add_child(&w.arena, parent, tail, action, player, untried)
        if c != NO_NODE:
            w.arena.nodes[c].available = 1
            expanded[0] = True
            return c
    return best


cdef int32_t select_or_expand_with_priors(Worker* w, const char* s, int32_t parent, int player, int num_legal,
                                          bint use_availability, bint* expanded) noexcept nogil:
    """select_or_expand with the game's move priors (the header's "Move priors"): each tried child is scored with
    its exploration term scaled by its prior, and the untried move of the highest prior is expanded only when its
    first-play score beats them all. Progressive widening, where it is on, still caps the children."""
    cdef Node* nodes = w.arena.nodes
    cdef const float* minimax = w.arena.minimax
    cdef unsigned int* mark = w.mark
    cdef const int* actions = w.actions
    cdef double* prior_of = w.prior_of
    cdef double exploration = w.cfg.exploration, alpha = w.cfg.implicit_minimax, beta = w.cfg.prior_weight
    cdef Node* child
    cdef unsigned int legal = w.stamp + 1, in_tree = w.stamp + 2
    cdef int i, untried, ties = 0, action = -1
    cdef int32_t c, best = NO_NODE, tail = NO_NODE
    cdef double best_score = -1.0, score, value, p, top_prior = -1.0, value_sum = 0.0, visit_sum = 0.0, first_play
    cdef double explore_parent = exploration * sqrt_log1p(nodes[parent].visits)
    cdef bint room = w.arena.size < w.arena.max_nodes
    cdef bint can_expand = room
    if can_expand and w.cfg.widening > 0 and nodes[parent].num_children < num_legal:
        can_expand = nodes[parent].num_children < 1 + <int>pow(<double>nodes[parent].visits, w.cfg.widening)
    w.game.action_priors(s, actions, num_legal, w.priors, w.cfg.prior_variant)
    w.stamp += 2
    for i in range(num_legal):
        mark[actions[i]] = legal
        p = w.priors[i]
        prior_of[actions[i]] = (1.0 - beta) + beta * (1.0 if p > 1.0 else 0.0 if not p > 0.0 else p)
    untried = num_legal
    c = nodes[parent].first_child
    while c != NO_NODE:
        child = &nodes[c]
        if child.player == player and mark[child.action] == legal:
            mark[child.action] = in_tree
            child.available += 1
            untried -= 1
            if child.visits == 0:
                score = 1e300
            else:
                value = child.mean
                if minimax != NULL:
                    value = ((1.0 - alpha) * value
                             + alpha * (minimax[c] if child.player == 0 else 1.0 - minimax[c]))
                value_sum += value * child.visits
                visit_sum += child.visits
                if use_availability:
                    score = value + (exploration * sqrt_log1p(child.available) * child.inv_sqrt_visits
                                     * prior_of[child.action])
                else:
                    score = value + explore_parent * child.inv_sqrt_visits * prior_of[child.action]
            if score > best_score:
                best_score = score
                best = c
        tail = c
        c = child.next_sibling
    expanded[0] = False
    if untried == 0 or not room or not (can_expand or best == NO_NODE):
        return best
    if best != NO_NODE and best_score >= 1e300:
        return best              # a child without visits yet goes first, as without priors
    # The untried move of the highest prior (ties drawn uniformly), against the tried children.
    for i in range(num_legal):
        if mark[actions[i]] == legal:
            p = prior_of[actions[i]]
            if p > top_prior:
                top_prior = p
                action = actions[i]
                ties = 1
            elif p == top_prior:
                ties += 1
                if rng_below(&w.rng, ties) == 0:
                    action = actions[i]
    first_play = (value_sum / visit_sum if visit_sum > 0 else 0.5) + explore_parent * top_prior
    if best != NO_NODE and first_play <= best_score:
        return best
    c = arena_add_child(&w.arena, parent, tail, action, player, untried)
    if c != NO_NODE:
        w.arena.nodes[c].available = 1
        expanded[0] = True
        return c
    return best


cdef inline void mast_record(Worker* w, int player, int action) noexcept nogil:
    """Notes that `player` played `action` in this iteration (a no-op unless the policy is MAST)."""
    if w.mast_played != NULL and w.mast_len < w.mast_cap:
        w.mast_played[w.mast_len] = player * w.game.max_actions + action
        w.mast_len += 1


cdef inline uint64_t nast_slot(int previous, int k) noexcept nogil:
    """The NAST table entry of pair index k played after pair index `previous` (-1: first move of the iteration)."""
    cdef uint64_t h = (<uint64_t>(previous + 1) * 0x9E3779B97F4A7C15ULL) ^ (<uint64_t>k * 0xBF58476D1CE4E5B9ULL)
    return (h ^ (h >> 29)) >> (64 - NAST_BITS)


cdef inline void mast_backup(Worker* w) noexcept nogil:
    """Adds this iteration's returns (w.values) to the means of the pairs it played, once per play (and, for
    NAST, to the means of each pair after the one before it)."""
    cdef int i, k, player
    cdef uint64_t slot
    for i in range(w.mast_len):
        k = w.mast_played[i]
        player = k // w.game.max_actions
        w.mast_count[k] += 1
        w.mast_mean[k] += (w.values[player] - w.mast_mean[k]) / w.mast_count[k]
        if w.nast_mean != NULL:
            slot = nast_slot(w.mast_played[i - 1] if i > 0 else -1, k)
            w.nast_count[slot] += 1
            w.nast_mean[slot] += (w.values[player] - w.nast_mean[slot]) / w.nast_count[slot]
    w.mast_len = 0


cdef inline int mast_action(Worker* w, const char* s, int player) noexcept nogil:
    """The legal action with the best MAST (or NAST) mean for `player` (never played counts as best; ties at
    random)."""
    cdef int n = w.game.legal_actions(s, w.actions)
    cdef int i, k, ties = 0, best = w.actions[0]
    cdef int base = player * w.game.max_actions
    cdef int previous = w.mast_played[w.mast_len - 1] if w.mast_len > 0 else -1
    cdef uint64_t slot
    cdef double value, best_value = -1.0
    for i in range(n):
        k = base + w.actions[i]
        value = w.mast_mean[k] if w.mast_count[k] > 0 else 2.0   # returns are in [0, 1]
        if w.nast_mean != NULL:
            slot = nast_slot(previous, k)
            if w.nast_count[slot] >= NAST_MIN_VISITS:
                value = w.nast_mean[slot]
        if value > best_value:
            best_value = value
            best = w.actions[i]
            ties = 1
        elif value == best_value:
            ties += 1
            if rng_below(&w.rng, ties) == 0:     # reservoir sampling: each tied action with chance 1/ties
                best = w.actions[i]
    return best


cdef inline int random_action(Worker* w, const char* s, int player) noexcept nogil:
    cdef int n
    if w.mast_mean != NULL and rng_uniform(&w.rng) >= w.cfg.mast_epsilon:
        return mast_action(w, s, player)
    if w.game.rollout_action != NULL and w.cfg.rollout_policy != POLICY_UNIFORM:
        return w.game.rollout_action(s, &w.rng, w.cfg.rollout_variant)
    n = w.game.legal_actions(s, w.actions)
    return w.actions[rng_below(&w.rng, n)]


cdef void blend_margin(Worker* w, const double* sc) noexcept nogil:
    """Mixes the score margin (from the scores `sc`) into w.values with cfg.margin_weight (above)."""
    cdef double best_other, scale
    cdef int i, j, n = w.game.num_players
    for i in range(n):
        best_other = -1e300
        for j in range(n):
            if j != i and sc[j] > best_other:
                best_other = sc[j]
        scale = (sc[i] if sc[i] >= 0 else -sc[i]) + (best_other if best_other >= 0 else -best_other)
        w.values[i] = ((1.0 - w.cfg.margin_weight) * w.values[i]
                       + w.cfg.margin_weight * (0.5 + (0.5 * (sc[i] - best_other) / scale if scale > 0 else 0.0)))


cdef inline void end_of_playout(Worker* w, const char* s) noexcept nogil:
    """Where a playout ends (the game's end or the cut-off): the searcher's score margin over the best other
    player, kept for the root statistics, and the margin blended into the values when margin_weight asks."""
    cdef double sc[MAX_PLAYERS]
    cdef double best_other = -1e300
    cdef int j
    w.game.scores(s, sc)
    for j in range(w.game.num_players):
        if j != w.cfg.searcher and sc[j] > best_other:
            best_other = sc[j]
    w.margin = sc[w.cfg.searcher] - best_other
    if w.cfg.margin_weight > 0:
        blend_margin(w, sc)
    if w.hurry:
        discount_by_length(w)


cdef int statistics_tree(int algorithm, int searcher) noexcept nogil:
    """The tree whose root children are the searcher's moves: the searcher's own under MO-ISMCTS, else the first."""
    return searcher if algorithm == ALG_MO_ISMCTS else 0


cdef void update_hurry(Worker* w) noexcept nogil:
    """Sets w.hurry when the search finds its position decided: its most visited root move's mean at least
    1 - DECIDED_VALUE or at most DECIDED_VALUE. Only then are values discounted by length: in an open game the
    discount would only blur the values the moves are told apart by."""
    cdef int32_t c = w.arena.nodes[w.roots[statistics_tree(w.cfg.algorithm, w.cfg.searcher)]].first_child
    cdef int32_t best = NO_NODE
    while c != NO_NODE:
        if w.arena.nodes[c].player == w.cfg.searcher and (
                best == NO_NODE or w.arena.nodes[c].visits > w.arena.nodes[best].visits):
            best = c
        c = w.arena.nodes[c].next_sibling
    w.hurry = best != NO_NODE and (w.arena.nodes[best].mean >= 1.0 - DECIDED_VALUE
                                   or w.arena.nodes[best].mean <= DECIDED_VALUE)


cdef void discount_by_length(Worker* w) noexcept nogil:
    """Shrinks every player's value toward 0.5 by (1 - length_discount) ** plies, so that of two equal wins the
    earlier is worth more and of two equal losses the later: a search far ahead then hurries to the end instead of
    wandering (issue 36: a won Dino Jagd game travelled back and forth to the turn cap)."""
    cdef double keep = pow(1.0 - w.cfg.length_discount, w.plies)
    cdef int i
    for i in range(w.game.num_players):
        w.values[i] = 0.5 + (w.values[i] - 0.5) * keep


cdef inline void record_root_sample(Worker* w, int tree) noexcept nogil:
    """Adds this iteration's return and margin to the moments of the root action it began with (the path's
    second node, a decision of the searcher's at the root)."""
    cdef Node* first
    cdef double* m
    cdef double value
    if w.path_len[tree] < 2:
        return
    first = &w.arena.nodes[w.paths[tree * w.max_depth + 1]]
    if first.player != w.cfg.searcher:
        return
    value = w.values[w.cfg.searcher]
    m = w.root_moments + <size_t>first.action * ROOT_MOMENTS
    m[0] += 1.0
    m[1] += value
    m[2] += value * value
    m[3] += w.margin
    m[4] += w.margin * w.margin


cdef inline int allowed_at_root(Worker* w, int n) noexcept nogil:
    """Keeps in w.actions[:n] only the actions the search may try at the root (allowed_moves); returns how many."""
    cdef int i, kept = 0
    for i in range(n):
        if w.root_allowed[w.actions[i]]:
            w.actions[kept] = w.actions[i]
            kept += 1
    return kept


cdef void rollout(Worker* w, char* s) noexcept nogil:
    """Plays `s` on to the end (or to the depth cut-off) and leaves the outcome in w.values. What the settings
    decide (the cut-off, MAST, the game's policy or uniform) is decided once here, not at every step."""
    cdef const GameTable* g = w.game
    cdef int player, action, n, decisions = 0
    cdef int depth = w.cfg.rollout_depth if w.cfg.rollout_depth >= 0 else INT32_MAX
    cdef bint mast = w.mast_mean != NULL
    cdef bint game_policy = g.rollout_action != NULL and w.cfg.rollout_policy != POLICY_UNIFORM
    cdef int variant = w.cfg.rollout_variant
    cdef int* actions = w.actions
    cdef Rng* rng = &w.rng
    while True:
        player = g.current_player(s)
        if player == TERMINAL:
            w.plies += decisions
            g.returns(s, w.values)
            end_of_playout(w, s)
            return
        if player == CHANCE:
            g.apply_action(s, g.sample_chance(s, rng))
            continue
        if decisions >= depth:
            w.plies += decisions
            g.heuristic(s, w.values, w.cfg.heuristic_variant)
            end_of_playout(w, s)
            return
        if mast:
            action = random_action(w, s, player)
            mast_record(w, player, action)
        elif game_policy:
            action = g.rollout_action(s, rng, variant)
        else:
            n = g.legal_actions(s, actions)
            action = actions[rng_below(rng, n)]
        g.apply_action(s, action)
        decisions += 1


cdef inline void backup_path(Worker* w, int tree) noexcept nogil:
    cdef int i
    cdef Node* n
    cdef int32_t* path = w.paths + tree * w.max_depth
    for i in range(w.path_len[tree]):
        n = &w.arena.nodes[path[i]]
        n.visits += 1
        n.inv_sqrt_visits = inv_sqrt(n.visits)
        if n.player >= 0:
            n.mean += <float>((w.values[n.player] - n.mean) / n.visits)


cdef void minimax_backup(Worker* w, int tree) noexcept nogil:
    """Implicit minimax backups (above), from the end of the path up to the root; after backup_path, so that
    every node on the path has been visited. The values live in w.arena.minimax, beside the nodes."""
    cdef Node* nodes = w.arena.nodes
    cdef float* minimax = w.arena.minimax
    cdef Node* child
    cdef int32_t* path = w.paths + tree * w.max_depth
    cdef int32_t c, chance_visits, node
    cdef int i, mover = 0
    cdef double best, value, chance_sum
    for i in range(w.path_len[tree] - 1, -1, -1):
        node = path[i]
        best = -1.0
        chance_sum = 0.0
        chance_visits = 0
        c = nodes[node].first_child
        while c != NO_NODE:
            child = &nodes[c]
            if child.visits > 0:
                if child.player == CHANCE_NODE:
                    chance_sum += child.visits * minimax[c]
                    chance_visits += child.visits
                elif child.player >= 0:
                    value = minimax[c] if child.player == 0 else 1.0 - minimax[c]
                    if value > best:
                        best = value
                        mover = child.player
            c = child.next_sibling
        if best >= 0:
            minimax[node] = <float>(best if mover == 0 else 1.0 - best)
        elif chance_visits > 0:
            minimax[node] = <float>(chance_sum / chance_visits)
        else:       # a leaf: the mean of the heuristic over its visits
            minimax[node] += <float>((w.leaf_value0 - minimax[node]) / nodes[node].visits)


cdef inline void path_push(Worker* w, int tree, int32_t node) noexcept nogil:
    if w.path_len[tree] < w.max_depth:
        w.paths[tree * w.max_depth + w.path_len[tree]] = node
        w.path_len[tree] += 1


cdef int32_t chance_child(Worker* w, int32_t parent, const char* s, int outcome, bint as_perceived) noexcept nogil:
    """The closed-loop node of chance `outcome` below `parent` (created if new), or NO_NODE when this chance event
    has more outcomes than cfg.chance_branching (it stays open loop) or the arena is full."""
    cdef Node* nodes = w.arena.nodes
    cdef int n = w.game.chance_outcomes(s, w.actions, w.chance_probs)
    cdef int key = w.game.observed_action(s, outcome, w.cfg.searcher) if as_perceived else outcome
    cdef int32_t c = nodes[parent].first_child, tail = NO_NODE
    if n > w.cfg.chance_branching:
        return NO_NODE
    while c != NO_NODE:
        if nodes[c].player == CHANCE_NODE and nodes[c].action == key:
            return c
        tail = c
        c = nodes[c].next_sibling
    if w.arena.size >= w.arena.max_nodes:
        return NO_NODE
    return arena_add_child(&w.arena, parent, tail, key, CHANCE_NODE, n)


cdef void single_tree_iteration(Worker* w, int tree, const char* start, bint resample,
                                bint use_availability) noexcept nogil:
    """One iteration on one tree: copy `start` (determinized for the searcher if `resample`), descend,
    expand, roll out, back up. MCTS, SO-ISMCTS and PIMC are all this loop with different arguments."""
    cdef const GameTable* g = w.game
    cdef char* s = w.work
    cdef int player, n, outcome
    cdef int32_t node = w.roots[tree], child
    cdef bint expanded = False
    memcpy(s, start, g.state_size)
    if resample:
        g.determinize(s, w.cfg.searcher, &w.rng)
    w.plies = 0
    w.path_len[tree] = 0
    path_push(w, tree, node)
    while True:
        player = g.current_player(s)
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcome = g.sample_chance(s, &w.rng)
            if w.cfg.chance_branching > 0:
                child = chance_child(w, node, s, outcome, use_availability)
                if child != NO_NODE:
                    path_push(w, tree, child)
                    node = child
            g.apply_action(s, outcome)
            continue
        n = g.legal_actions(s, w.actions)
        if w.root_allowed != NULL and node == w.roots[tree]:
            n = allowed_at_root(w, n)
            if n == 0:
                break
        child = select_or_expand(w, s, node, player, n, use_availability, &expanded)
        if child == NO_NODE:
            break
        g.apply_action(s, w.arena.nodes[child].action)
        mast_record(w, player, w.arena.nodes[child].action)
        w.plies += 1
        path_push(w, tree, child)
        node = child
        if expanded:
            break
    if w.cfg.implicit_minimax > 0:
        if g.current_player(s) == TERMINAL:
            g.returns(s, w.values)
        else:
            g.heuristic(s, w.values, w.cfg.heuristic_variant)
        w.leaf_value0 = 0.5 * (w.values[0] + 1.0 - w.values[1])   # (player 0's, kept even if they do not sum to 1)
    rollout(w, s)
    backup_path(w, tree)
    record_root_sample(w, tree)
    if w.cfg.implicit_minimax > 0:
        minimax_backup(w, tree)
    if w.mast_played != NULL:
        mast_backup(w)
