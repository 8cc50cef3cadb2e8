# MO-ISMCTS: multiple-observer information set MCTS (Cowling, Powley and Whitehouse 2012, algorithm 3).
#
# One tree per player. Each iteration determinizes the root from the searcher's view and descends all
# trees together. At a decision of player p, p's own tree selects (UCB with availability counts, keyed by
# the true action, which p sees), and every other tree q follows the child keyed by
# observed_action(s, a, q): the masked id when q cannot see the action. So in q's tree, hidden moves of p
# that q cannot tell apart share one node, and q's own choices cannot depend on them. A missing child is
# created in every tree; an iteration that expands in the acting tree then rolls out. Backup adds each
# node's player's return along every tree's path. The searcher's tree gives the final statistics.

cdef void mo_ismcts_iteration(Worker* w) noexcept nogil:
    cdef const GameTable* g = w.game
    cdef char* s = w.work
    cdef int player, n, q, seen
    cdef int num_trees = w.num_roots
    cdef int32_t child, follow, action
    cdef bint expanded = False
    memcpy(s, w.root_state, g.state_size)
    g.determinize(s, w.cfg.searcher, &w.rng)
    w.plies = 0
    for q in range(num_trees):
        w.current[q] = w.roots[q]
        w.path_len[q] = 0
        path_push(w, q, w.roots[q])
    while True:
        player = g.current_player(s)
        if player == TERMINAL:
            break
        if player == CHANCE:
            g.apply_action(s, g.sample_chance(s, &w.rng))
            continue
        if w.current[player] == NO_NODE:
            break
        n = g.legal_actions(s, w.actions)
        if w.root_allowed != NULL and w.current[player] == w.roots[player] and player == w.cfg.searcher:
            n = allowed_at_root(w, n)
            if n == 0:
                break
        child = select_or_expand(w, s, w.current[player], player, n, True, &expanded)
        if child == NO_NODE:
            break
        action = w.arena.nodes[child].action
        for q in range(num_trees):
            if q == player or w.current[q] == NO_NODE:
                continue
            seen = g.observed_action(s, action, q)
            follow = find_child(&w.arena, w.current[q], seen, player)
            if follow == NO_NODE:
                # q's children here are keyed by what q sees; their number is not known in advance
                follow = arena_add_child(&w.arena, w.current[q], last_child(&w.arena, w.current[q]), seen,
                                         player, 1)
            w.current[q] = follow
            if follow != NO_NODE:
                w.arena.nodes[follow].available += 1
                path_push(w, q, follow)
        g.apply_action(s, action)
        mast_record(w, player, action)
        w.plies += 1
        w.current[player] = child
        path_push(w, player, child)
        if expanded:
            break
    rollout(w, s)
    for q in range(num_trees):
        backup_path(w, q)
    record_root_sample(w, w.cfg.searcher)
    if w.mast_played != NULL:
        mast_backup(w)
