"""The search node's layout (32 bytes, implicit minimax values beside it) and fixed-seed results recorded before
the minimax value moved out of the node (issue 39): moving it changed no search."""
import pytest

import cavemind
from cavemind import _core
from cavemind.testing import first_decision


def test_a_node_is_32_bytes_and_minimax_values_cost_4_more_only_when_on():
    assert _core.NODE_BYTES == 32
    assert _core.max_nodes_per_thread(1.0, 1) == 2**20 // 32
    assert _core.max_nodes_per_thread(1.0, 1, True) == 2**20 // 36     # the cap of a search with minimax values
    assert _core.max_nodes_per_thread(1.0, 2, True) == 2**20 // 36 // 2


def _visits(state, seed, **options):
    settings = cavemind.search.resolve(cavemind.SearchSettings(**options), state.game)
    result = _core.search(state, settings, seed)
    return result["nodes"], {action: entry[0] for action, entry in result["moves"].items()}


# (game, seed, settings) -> (nodes, root visits per action), recorded with the 36-byte node (minimax inside).
RECORDED = [
    (("tictactoe", 7, {"iterations": 3000, "algorithm": "mcts", "implicit_minimax": 0.3}),
     (5204, {0: 201, 1: 158, 2: 285, 3: 166, 4: 1267, 5: 192, 6: 305, 7: 272, 8: 154})),
    (("stone_age", 9, {"iterations": 800, "algorithm": "ismcts", "implicit_minimax": 0.5, "chance_branching": 6}),
     (1827, {0: 56, 1: 52, 2: 56, 3: 74, 4: 54, 5: 71, 6: 109, 7: 76, 8: 50, 9: 43, 10: 33, 11: 58, 12: 37,
             13: 31})),
    (("dino_jagd", 7, {"iterations": 800, "algorithm": "pimc", "implicit_minimax": 0.3}),
     (1189, {75: 84, 180: 76, 183: 84, 186: 108, 189: 88, 192: 60, 576: 115, 579: 90, 714: 95})),
    # a memory cap: with minimax values a node still counts 36 bytes, so the same 582 nodes fit in 0.02 MB
    (("honga", 3, {"iterations": 800, "algorithm": "ismcts", "implicit_minimax": 0.3, "memory_mb": 0.02}),
     (582, {0: 23, 1: 44, 2: 72, 3: 21, 4: 47, 5: 79, 6: 49, 7: 28, 8: 74, 9: 40, 10: 79, 11: 48, 12: 40,
            13: 50, 14: 29, 15: 77})),
    (("tictactoe", 7, {"iterations": 3000, "algorithm": "mcts"}),
     (4762, {0: 261, 1: 106, 2: 132, 3: 84, 4: 1911, 5: 90, 6: 149, 7: 102, 8: 165})),
    (("kuhn_poker", 7, {"iterations": 3000, "algorithm": "ismcts"}), (9, {0: 740, 1: 2260})),
]


@pytest.mark.parametrize(("case", "expected"), RECORDED, ids=[f"{c[0]}-{c[2]['algorithm']}" for c, _ in RECORDED])
def test_search_results_are_those_recorded_with_the_minimax_value_in_the_node(case, expected):
    name, seed, options = case
    assert _visits(first_decision(name), seed, **options) == expected


def test_a_reused_tree_keeps_its_minimax_values_as_recorded():
    state = first_decision("dino_jagd")
    tree = cavemind.SearchTree()
    recorded = [(0, 2803, [[189, 236], [714, 202], [186, 176], [75, 174], [183, 152], [192, 151], [576, 150],
                           [180, 134], [579, 125]]),
                (57, 2994, [[576, 599], [715, 590], [580, 367]]),
                (598, 3838, [[1173, 606], [1171, 543], [1170, 362], [1181, 324], [1174, 235], [1190, 27]]),
                (65, 2426, [[1175, 822], [1172, 304], [1171, 201], [1173, 156], [1174, 60], [1190, 21]])]
    for step, (reused, nodes, moves) in enumerate(recorded):
        while state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
        info = cavemind.analyse(state, cavemind.Limit(iterations=1500), tree=tree, seed=step, algorithm="ismcts",
                                implicit_minimax=0.3, chance_branching=6)
        assert (tree.reused_visits, info.nodes, [[m.action, m.visits] for m in info.moves]) == (reused, nodes, moves)
        state.apply(info.best.action)
        if not state.is_terminal() and not state.is_chance_node():
            state.apply(state.legal_actions()[0])
