# MCTS (UCT) on the true state.
#
# Every iteration starts from the exact position searched, so the search sees everything, hidden cards
# included: use it for perfect-information games, or as an upper-bound "cheating" player. Selection is
# UCB1 with the parent's visit count N (search.pxi); chance is sampled open loop; one random untried action
# is expanded per iteration; backup is max^n: every node holds the mean return of the player who chose it.
# Reference: Kocsis and Szepesvari, "Bandit based Monte-Carlo planning" (ECML 2006); Browne et al.,
# "A survey of Monte Carlo tree search methods" (2012).

cdef void mcts_iteration(Worker* w) noexcept nogil:
    single_tree_iteration(w, 0, w.root_state, False, False)
