# PIMC: Perfect Information Monte Carlo, or determinized UCT (Long et al., "Understanding the success of
# perfect information Monte Carlo sampling in game tree search", AAAI 2010; Frank and Basin 1998).
#
# k determinizations of the root are drawn once from the searcher's view; each gets its own UCT tree
# (plain parent-visit UCB, as in MCTS) and iterations go to the trees in turn. The root actions' visits
# are summed over the k trees ("votes": the move played is the most visited), and an action's value is
# the plain average over the trees of its value in each (collect_statistics in _core.pyx), every world
# weighing the same. Each tree sees its determinization as the truth, which is the method's known flaw
# (strategy fusion): values are optimistic when decisions follow the move. It is the classic baseline
# against which ISMCTS is measured.

cdef void pimc_iteration(Worker* w, long long iteration) noexcept nogil:
    cdef int tree = <int>(iteration % w.num_roots)
    single_tree_iteration(w, tree, w.fixed_states + <size_t>tree * w.game.state_size, False, False)
