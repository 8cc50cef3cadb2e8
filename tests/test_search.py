"""The search core on games with known answers: tic-tac-toe and Kuhn poker."""
import math
import random

import pytest

import cavemind
from cavemind.bots import Bot

TICTACTOE = cavemind.load_game("tictactoe")
KUHN = cavemind.load_game("kuhn_poker", players=2)


def ttt(*rows):
    return TICTACTOE.state_from_dict({"board": list(rows)})


@pytest.mark.parametrize("policy", ["game", "mast", "nast"])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("algorithm", ["mcts", "ismcts", "mo-ismcts", "pimc"])
def test_takes_a_forced_win(algorithm, threads, policy):
    state = ttt("XX.", "OO.", "...")                 # X to move wins at c3
    info = cavemind.analyse(state, cavemind.Limit(iterations=4000, threads=threads), algorithm=algorithm, seed=3,
                            rollout_policy=policy)
    assert info.best.name == "c3"
    assert info.best.value > 0.9


@pytest.mark.parametrize("policy", ["game", "mast", "nast"])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("algorithm", ["mcts", "ismcts"])
def test_blocks_a_forced_loss(algorithm, threads, policy):
    state = ttt("X..", "OO.", "X..")                 # X to move must block c2
    info = cavemind.analyse(state, cavemind.Limit(iterations=4000, threads=threads), algorithm=algorithm, seed=4,
                            rollout_policy=policy)
    assert info.best.name == "c2"


# A tree of 16 nodes (the smallest memory cap) holds the root's five children and a few grandchildren, so
# O's winning reply c2 is mostly met in the rollouts. Uniform rollouts find it a quarter of the time; MAST
# learns that "O plays c2" has the best mean for O and plays it, so X's moves other than c2 read as lost.
# (MCTS only: ISMCTS's availability counts make so small a tree erratic with either policy.)
TINY_TREE = cavemind.Limit(iterations=3000, memory_mb=16 * 32 / 2**20)


@pytest.mark.parametrize("policy", ["mast", "nast"])     # NAST: "O plays c2 after X's move" has the best mean
def test_mast_rollouts_learn_the_reply_that_a_tiny_tree_cannot_see(policy):
    state = ttt("X..", "OO.", "X..")                 # X to move must block c2
    for seed in (1, 2, 3):
        mast = cavemind.analyse(state, TINY_TREE, algorithm="mcts", seed=seed, rollout_policy=policy)
        game = cavemind.analyse(state, TINY_TREE, algorithm="mcts", seed=seed, rollout_policy="game")
        assert mast.best.name == "c2"
        assert mast.best.visits > 0.9 * 3000
        others = [m.value for m in mast.moves if m.name != "c2"]
        uniform_others = [m.value for m in game.moves if m.name != "c2"]   # tic-tac-toe's policy is uniform
        assert sum(others) / len(others) < 0.15 < sum(uniform_others) / len(uniform_others)


def test_mast_is_a_different_search_from_the_game_policy():
    state = cavemind.load_game("honga", players=2).new_initial_state(seed=1)
    limit = cavemind.Limit(iterations=300)
    game = cavemind.analyse(state, limit, seed=5, rollout_policy="game")
    mast = cavemind.analyse(state, limit, seed=5, rollout_policy="mast")
    nast = cavemind.analyse(state, limit, seed=5, rollout_policy="nast")
    assert [(m.action, m.visits, m.value) for m in game.moves] != [(m.action, m.visits, m.value) for m in mast.moves]
    assert [(m.action, m.visits, m.value) for m in nast.moves] != [(m.action, m.visits, m.value) for m in mast.moves]
    assert mast.iterations == 300 and sum(m.visits for m in mast.moves) == 300
    assert nast.iterations == 300 and sum(m.visits for m in nast.moves) == 300


def play(game, bots, seed):
    """Plays one game; chance is sampled with `seed`. Returns the final state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(63)))
        else:
            state.apply(bots[state.current_player()].step(state))
    return state


def test_mcts_never_loses_to_random_in_200_games():
    losses = 0
    for g in range(200):
        mcts = cavemind.MCTSBot(iterations=1500, seed=g)
        bots = [mcts, cavemind.RandomBot(seed=g)] if g % 2 == 0 else [cavemind.RandomBot(seed=g), mcts]
        returns = play(TICTACTOE, bots, g).returns()
        losses += returns[g % 2] == 0.0
    assert losses == 0


class AlwaysBet(Bot):
    """An exploitable Kuhn opponent: bets and calls with every card."""

    def step(self, state):
        return state.string_to_action("call") if "call" in state.legal_action_strings() else state.string_to_action("bet")


def mean_chips_against(bot_factory, opponent, hands=600):
    results = []
    for h in range(hands):
        seat = h % 2
        bots = [None, None]
        bots[seat], bots[1 - seat] = bot_factory(h), opponent
        results.append(play(KUHN, bots, 10_000 + h).scores()[seat])
    mean = sum(results) / hands
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / (hands - 1))
    return mean, sd / math.sqrt(hands)


@pytest.mark.parametrize("threads", [1, 2])
def test_ismcts_exploits_an_always_bet_opponent_in_kuhn_poker(threads):
    mean, standard_error = mean_chips_against(
        lambda h: cavemind.ISMCTSBot(iterations=1000, threads=threads, seed=h), AlwaysBet())
    # Best response earns 1/3 chip a hand (fold J to a bet, call Q and K); demand a significant profit.
    assert mean - 3 * standard_error > 0, (mean, standard_error)
    assert mean > 0.15


@pytest.mark.parametrize("policy", ["game", "mast"])
@pytest.mark.parametrize("algorithm", ["mcts", "ismcts", "mo-ismcts", "pimc"])
@pytest.mark.parametrize("game_name", ["tictactoe", "kuhn_poker"])
def test_same_seed_gives_the_same_analysis(algorithm, game_name, policy):
    state = cavemind.load_game(game_name).new_initial_state(seed=2)
    first = cavemind.analyse(state, cavemind.Limit(iterations=3000), algorithm=algorithm, seed=42, rollout_policy=policy)
    second = cavemind.analyse(state, cavemind.Limit(iterations=3000), algorithm=algorithm, seed=42, rollout_policy=policy)
    assert [(m.action, m.visits, m.value, m.pv) for m in first.moves] == \
           [(m.action, m.visits, m.value, m.pv) for m in second.moves]
    assert first.iterations == 3000


def test_two_threads_share_the_iteration_budget():
    info = cavemind.analyse(TICTACTOE.new_initial_state(), cavemind.Limit(iterations=5001, threads=2),
                            algorithm="mcts")
    assert info.iterations == 5001
    assert sum(m.visits for m in info.moves) == 5001


def test_pimc_sums_the_root_statistics_of_its_trees():
    state = KUHN.new_initial_state(seed=1)
    info = cavemind.analyse(state, cavemind.Limit(iterations=800), algorithm="pimc", determinizations=8)
    assert sum(m.visits for m in info.moves) == 800


def test_seconds_budget_and_stop_flag_end_the_search():
    state = TICTACTOE.new_initial_state()
    info = cavemind.analyse(state, cavemind.Limit(seconds=0.05), algorithm="mcts")
    assert info.iterations > 0 and info.seconds < 1.0
    stop = cavemind.StopFlag()
    stop.set()
    info = cavemind.analyse(state, cavemind.Limit(seconds=30), algorithm="mcts", stop=stop)
    assert info.iterations <= 16 and info.seconds < 1.0


def test_memory_cap_bounds_the_tree():
    state = TICTACTOE.new_initial_state()
    limit = cavemind.Limit(iterations=20000, memory_mb=0.01)
    info = cavemind.analyse(state, limit, algorithm="mcts")
    assert info.nodes <= limit.max_nodes()
    assert info.iterations == 20000 and info.best.visits > 0


@pytest.mark.parametrize("algorithm", ["mcts", "ismcts"])
def test_every_legal_root_action_is_tried(game, algorithm):
    """Children are reserved in blocks of at most 16 slots; a node with more legal actions continues in
    further blocks, and every action must still get its child (the widest decision of a random walk)."""
    from conftest import walk

    decisions = [s for s in walk(game.new_initial_state(seed=3), seed=3, max_steps=200)
                 if not s.is_terminal() and not s.is_chance_node()]
    state = max(decisions, key=lambda s: len(s.legal_actions()))
    legal = state.legal_actions()
    # (without move priors, which hold moves of a small prior back on purpose: tests/test_move_priors.py)
    info = cavemind.analyse(state, cavemind.Limit(iterations=3 * len(legal) + 20), algorithm=algorithm,
                            rollout_depth=5, seed=1, prior_weight=0)
    assert {m.action for m in info.moves if m.visits > 0} == set(legal)


@pytest.mark.parametrize("threads", [1, 2])
def test_progress_reports_show_the_search_growing_without_changing_it(threads):
    state = KUHN.new_initial_state(seed=2)
    limit = cavemind.Limit(iterations=400_000, threads=threads)
    reports = []
    info = cavemind.analyse(state, limit, seed=9, on_progress=reports.append, progress_every=0.005)
    assert reports, "a search of this size lasts several report intervals"
    counts = [r.iterations for r in reports]
    assert counts == sorted(counts) and 0 < counts[0] and counts[-1] < info.iterations == 400_000
    assert all(sum(m.visits for m in r.moves) == r.iterations for r in reports)
    if threads == 1:  # pausing to report leaves a seeded single-thread search exactly as it was
        plain = cavemind.analyse(state, limit, seed=9)
        assert [(m.action, m.visits, m.value) for m in info.moves] == \
            [(m.action, m.visits, m.value) for m in plain.moves]


@pytest.mark.parametrize("every", [0, -1.0, "1"])
def test_progress_interval_must_be_positive(every):
    with pytest.raises(cavemind.SearchError, match="progress_every"):
        cavemind.analyse(TICTACTOE.new_initial_state(), on_progress=print, progress_every=every)


def test_rollout_cut_off_uses_the_heuristic():
    state = KUHN.new_initial_state(seed=5)
    info = cavemind.analyse(state, cavemind.Limit(iterations=500), rollout_depth=0)
    assert sum(m.visits for m in info.moves) == 500


def test_principal_variation_starts_with_the_move_and_is_replayable():
    state = ttt("XX.", "OO.", "...")
    info = cavemind.analyse(state, cavemind.Limit(iterations=3000), algorithm="mcts")
    assert info.pv[0] == info.best.action and info.best.pv_names[0] == "c3"


@pytest.mark.parametrize("minimax", [None, 0.5])
@pytest.mark.parametrize("policy", ["game", "mast"])
@pytest.mark.parametrize("algorithm", ["ismcts", "mo-ismcts", "pimc"])
def test_no_peeking_same_information_set_same_analysis(game, algorithm, policy, minimax):
    """Two true states the searcher cannot tell apart give identical analyses with the same seed (with the game's
    default settings, and with implicit minimax backups, which read the heuristic inside the tree)."""
    if not game.module.HIDDEN_INFORMATION:
        pytest.skip("nothing is hidden in this game")
    if minimax is not None and game.num_players != 2:
        pytest.skip("implicit minimax is for 2 players")
    from conftest import walk

    checked = 0
    for state in walk(game.new_initial_state(), seed=21):
        player = state.current_player()
        if player < 0 or len(state.legal_actions()) < 2:
            continue
        for k in range(3):
            twin = state.determinize(player, seed=1000 + k)
            if twin == state:
                continue
            a = cavemind.analyse(state, cavemind.Limit(iterations=300), algorithm=algorithm, seed=8,
                                 rollout_policy=policy, implicit_minimax=minimax)
            b = cavemind.analyse(twin, cavemind.Limit(iterations=300), algorithm=algorithm, seed=8,
                                 rollout_policy=policy, implicit_minimax=minimax)
            assert [(m.action, m.visits, m.value) for m in a.moves] == [(m.action, m.visits, m.value) for m in b.moves]
            checked += 1
            break
        if checked >= 4:
            break
    assert checked > 0, "no decision with hidden information was found to test"


def test_mcts_does_peek_which_is_why_it_is_the_cheating_baseline():
    seen_q = KUHN.state_from_dict({"cards": ["Q", "K"], "history": ""})
    seen_j = KUHN.state_from_dict({"cards": ["Q", "J"], "history": ""})
    a = cavemind.analyse(seen_q, cavemind.Limit(iterations=2000), algorithm="mcts", seed=1)
    b = cavemind.analyse(seen_j, cavemind.Limit(iterations=2000), algorithm="mcts", seed=1)
    assert a.best.value < b.best.value


def test_search_errors_are_specific():
    with pytest.raises(cavemind.SearchError):
        cavemind.Limit()
    with pytest.raises(cavemind.SearchError):
        cavemind.Limit(iterations=0)
    with pytest.raises(cavemind.SearchError):
        cavemind.Limit(iterations=10, threads=0)
    with pytest.raises(cavemind.SearchError, match="algorithm"):
        cavemind.analyse(TICTACTOE.new_initial_state(), algorithm="alphabeta")
    with pytest.raises(cavemind.SearchError, match=r"rollout_policy='greedy': expected None \(the game's default\) or one of game, uniform, mast, nast"):
        cavemind.analyse(TICTACTOE.new_initial_state(), rollout_policy="greedy")
    with pytest.raises(cavemind.SearchError, match="chance"):
        cavemind.analyse(KUHN.new_initial_state())
    with pytest.raises(cavemind.SearchError):
        cavemind.ISMCTSBot().step(KUHN.new_initial_state())


def test_the_rollout_policy_defaults_to_the_games_setting():
    # 2-player Prehistory plays MAST rollouts by default (docs/research/2026-12-01-mast-rollouts-tried.md); 3 players
    # the game's
    assert cavemind.search_defaults("prehistory", 2).rollout_policy == "mast"
    assert cavemind.search_defaults("prehistory", 3).rollout_policy == "game"
    state = cavemind.load_game("prehistory", players=2).new_initial_state(seed=4)
    limit = cavemind.Limit(iterations=300)
    unset = cavemind.analyse(state, limit, seed=9)
    assert unset.moves == cavemind.analyse(state, limit, seed=9, rollout_policy="mast").moves
    assert cavemind.ISMCTSBot(iterations=300, seed=1).step(state) == \
        cavemind.ISMCTSBot(iterations=300, seed=1, rollout_policy="mast").step(state)


def test_closed_loop_chance_gives_each_outcome_a_node_and_leaves_games_without_chance_alone():
    dino = cavemind.load_game("dino_jagd", players=2).new_initial_state(seed=4)
    while dino.is_chance_node():
        dino.apply(dino.sample_chance(1))
    limit = cavemind.Limit(iterations=2000)
    open_loop = cavemind.analyse(dino, limit, seed=2, chance_branching=0)
    closed = cavemind.analyse(dino, limit, seed=2, chance_branching=6)      # a hunt's die has 6 faces
    assert closed.nodes > open_loop.nodes     # the outcomes below a hunt are nodes of their own
    assert [(m.action, m.visits) for m in closed.moves] != [(m.action, m.visits) for m in open_loop.moves]
    # MO-ISMCTS stays open loop; a game without chance events searches the same tree whatever K is
    assert (cavemind.analyse(dino, limit, algorithm="mo-ismcts", seed=2, chance_branching=6).moves
            == cavemind.analyse(dino, limit, algorithm="mo-ismcts", seed=2, chance_branching=0).moves)
    board = ttt("X..", "OO.", "X..")
    assert (cavemind.analyse(board, limit, seed=2, chance_branching=6).moves
            == cavemind.analyse(board, limit, seed=2, chance_branching=0).moves)
    with pytest.raises(cavemind.SearchError, match="chance_branching=-1"):
        cavemind.analyse(board, limit, chance_branching=-1)


def test_implicit_minimax_follows_the_heuristic_line_and_is_refused_where_it_cannot_apply():
    limit = cavemind.Limit(iterations=2000)
    # With all the weight on the minimax value and no exploration, selection is greedy on it: a move that wins
    # at once is worth 1 there after its first visit, so the search stays on it
    state = ttt("XX.", "OO.", "...")
    info = cavemind.analyse(state, limit, seed=3, implicit_minimax=1.0, exploration=0.0)
    assert info.best.name == "c3" and info.best.visits > 0.9 * info.iterations
    # and where every move but one loses at once (X must block c2), the minimax value finds the one that does not
    state = ttt("X..", "OO.", "X..")
    for algorithm in ("mcts", "ismcts", "pimc"):
        info = cavemind.analyse(state, limit, algorithm=algorithm, seed=4, implicit_minimax=0.5)
        assert info.best.name == "c2", algorithm
    # It changes a search with a cut-off heuristic, reproducibly; MO-ISMCTS (one tree per player) ignores it
    dino = cavemind.load_game("dino_jagd", players=2).new_initial_state(seed=4)
    while dino.is_chance_node():
        dino.apply(dino.sample_chance(1))
    plain = cavemind.analyse(dino, limit, seed=2, implicit_minimax=0.0)
    blended = cavemind.analyse(dino, limit, seed=2, implicit_minimax=0.3)
    assert [(m.action, m.visits) for m in blended.moves] != [(m.action, m.visits) for m in plain.moves]
    assert blended.moves == cavemind.analyse(dino, limit, seed=2, implicit_minimax=0.3).moves
    assert (cavemind.analyse(dino, limit, algorithm="mo-ismcts", seed=2, implicit_minimax=0.3).moves
            == cavemind.analyse(dino, limit, algorithm="mo-ismcts", seed=2, implicit_minimax=0.0).moves)
    # A kept tree grown with another weight is not continued
    tree = cavemind.SearchTree()
    cavemind.analyse(state, limit, seed=1, tree=tree, implicit_minimax=0.0)
    cavemind.analyse(state, limit, seed=1, tree=tree, implicit_minimax=0.3)
    assert tree.reused_visits == 0
    for bad in (-0.1, 1.5, math.nan, True):
        with pytest.raises(cavemind.SearchError, match="implicit_minimax="):
            cavemind.analyse(state, limit, implicit_minimax=bad)
    three = cavemind.load_game("kuhn_poker", players=3).new_initial_state(seed=1)
    while three.is_chance_node():
        three.apply(three.sample_chance(1))
    with pytest.raises(cavemind.SearchError, match="needs a 2-player game"):
        cavemind.analyse(three, limit, implicit_minimax=0.3)
    assert cavemind.analyse(three, limit, implicit_minimax=0.0).iterations == 2000


@pytest.mark.parametrize("name", ["stone_age", "honga", "jaeger_und_spaeher", "prehistory", "dino_jagd", "kuhn_poker"])
def test_implicit_minimax_searches_every_2_player_game_along_a_game(name):
    """The heuristic is read where an iteration leaves the tree, at chance events too: every game's heuristic must
    give values in [0, 1] there, and the search must stay sound."""
    game = cavemind.load_game(name, players=2)
    state, rng, searched = game.new_initial_state(seed=5), random.Random(5), 0
    share = 1.0 if name == "kuhn_poker" else 0.2     # (a Kuhn poker hand has one or two decisions)
    while not state.is_terminal() and searched < 6:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(32)))
            continue
        actions = state.legal_actions()
        if len(actions) > 1 and rng.random() < share:
            info = cavemind.analyse(state, cavemind.Limit(iterations=300), seed=searched, implicit_minimax=0.5)
            assert info.iterations == 300 and {m.action for m in info.moves} <= set(actions)
            assert all(0.0 <= m.value <= 1.0 for m in info.moves if m.visits)
            searched += 1
        state.apply(rng.choice(actions))
    assert searched > 0
