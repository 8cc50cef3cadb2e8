# SO-ISMCTS: single-observer information set MCTS (Cowling, Powley and Whitehouse, "Information Set Monte
# Carlo Tree Search", IEEE TCIAIG 2012, algorithm 2).
#
# One tree whose nodes are sequences of actions from the searcher's information set. Each iteration draws
# a determinization of the root from the searcher's view (GameTable.determinize), then descends the one
# tree restricted to the actions legal in that determinization. Because an action is not available in
# every determinization, UCB uses availability counts: for child j,
#     mean_j + c * sqrt(ln(available_j + 1) / visits_j)
# where available_j counts the parent visits in which action j was legal. Expansion, open-loop chance and
# max^n backup are as in MCTS. Opponent actions are keyed by their true ids, so opponents are modelled as
# if they saw the determinization: the known weakness SO-ISMCTS accepts (MO-ISMCTS removes it).

cdef void ismcts_iteration(Worker* w) noexcept nogil:
    single_tree_iteration(w, 0, w.root_state, True, True)
