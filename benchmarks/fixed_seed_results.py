"""Fixed-seed search results of every algorithm and of the settings that change the search's inner loop, for
comparing two builds: root visits, totals (repr, bit for bit) and node counts, as JSON.

    python benchmarks/fixed_seed_results.py before.json      # with one build installed
    python benchmarks/fixed_seed_results.py after.json       # with the other; then compare the two files

Covers the 7 games (2 players, and 3 for Kuhn poker and Dino Jagd) under MCTS, ISMCTS, PIMC and MO-ISMCTS with the
game's defaults, implicit minimax off and on (with and without closed-loop chance), MAST, NAST, progressive widening,
the length discount, the margin weight, move priors (alone and with widening; a build before them has no
prior_weight), a memory cap, and tree reuse over four moves with and without implicit minimax. It takes a few
seconds.
"""
import json
import sys

import cavemind
from cavemind import _core
from cavemind.testing import first_decision


def raw(state, seed, **opts):
    settings = cavemind.search.resolve(cavemind.SearchSettings(**opts), state.game)
    r = _core.search(state, settings, seed)
    return {"moves": {str(a): [v[0], repr(v[1]), v[2]] for a, v in sorted(r["moves"].items())},
            "nodes": r["nodes"], "iterations": r["iterations"]}


cases = {}
games = [("tictactoe", 2), ("kuhn_poker", 2), ("dino_jagd", 2), ("honga", 2), ("stone_age", 2),
         ("prehistory", 2), ("jaeger_und_spaeher", 2), ("kuhn_poker", 3), ("dino_jagd", 3)]
for name, players in games:
    st = first_decision(name, players)
    its = 3000 if name in ("tictactoe", "kuhn_poker") else 800
    for alg in ("mcts", "ismcts", "pimc", "mo-ismcts"):
        cases[f"{name}/{players}/{alg}/default"] = raw(st, 7, iterations=its, algorithm=alg)
        cases[f"{name}/{players}/{alg}/minimax0"] = raw(st, 7, iterations=its, algorithm=alg, implicit_minimax=0.0)
        if players == 2 and alg != "mo-ismcts":
            cases[f"{name}/{players}/{alg}/minimax0.3"] = raw(st, 7, iterations=its, algorithm=alg,
                                                             implicit_minimax=0.3)
            cases[f"{name}/{players}/{alg}/minimax0.5/cb6"] = raw(st, 9, iterations=its, algorithm=alg,
                                                                implicit_minimax=0.5, chance_branching=6)
    for opts in ({"rollout_policy": "mast"}, {"rollout_policy": "nast"}, {"widening": 0.5},
                 {"length_discount": 0.01}, {"margin_weight": 0.3}, {"memory_mb": 0.02, "implicit_minimax": 0.0},
                 {"prior_weight": 1.0}, {"prior_weight": 0.5, "widening": 0.5}):
        key = ",".join(f"{k}={v}" for k, v in opts.items())
        cases[f"{name}/{players}/ismcts/{key}"] = raw(st, 3, iterations=its, algorithm="ismcts", **opts)
    if players == 2:
        cases[f"{name}/{players}/ismcts/minimax,memory"] = raw(st, 3, iterations=its, algorithm="ismcts",
                                                              implicit_minimax=0.3, memory_mb=0.02)

# tree reuse with and without minimax
for name in ("tictactoe", "dino_jagd", "kuhn_poker"):
    for alg in ("mcts", "ismcts"):
        for mm in (0.0, 0.3):
            st = first_decision(name, 2)
            tree = cavemind.SearchTree()
            seq = []
            for step in range(4):
                if st.is_terminal():
                    break
                while st.is_chance_node():
                    st.apply(st.chance_outcomes()[0][0])
                info = cavemind.analyse(st, cavemind.Limit(iterations=1500), tree=tree, seed=step,
                                        algorithm=alg, implicit_minimax=mm, chance_branching=6)
                seq.append({"reused": tree.reused_visits, "nodes": info.nodes,
                            "moves": [[m.action, m.visits, repr(m.value)] for m in info.moves]})
                st.apply(info.best.action)
                if not st.is_terminal() and not st.is_chance_node():
                    st.apply(st.legal_actions()[0])
            cases[f"reuse/{name}/{alg}/minimax{mm}"] = seq
with open(sys.argv[1], "w") as out:
    json.dump(cases, out, indent=0, sort_keys=True)
print(len(cases), "cases")
