"""Tree reuse (cavemind.SearchTree, the bots' reuse_tree, bot-spec key `reuse`): a search continues the subtree of
the position its game reached since the last search, never from anything the searcher did not see."""
import random

import pytest

import cavemind
from cavemind import _core
from cavemind.botspec import BotSpecError, parse_bot_spec
from cavemind.game import State
from cavemind.testing import walk

TWO_PLAYER_GAMES = cavemind.game_names()


def two_players(name):
    return cavemind.load_game(name, players=2)


def test_the_next_search_continues_the_subtree_it_reached():
    game = cavemind.load_game("tictactoe")
    state = game.new_initial_state()
    tree = cavemind.SearchTree()
    first = cavemind.analyse(state, cavemind.Limit(iterations=2000), tree=tree, seed=1)
    assert tree.reused_visits == 0 and tree.nodes > 0
    state.apply(first.best.action)
    state.apply(first.pv[1] if len(first.pv) > 1 else state.legal_actions()[0])
    second = cavemind.analyse(state, cavemind.Limit(iterations=300), tree=tree, seed=2)
    assert tree.reused_visits > 0
    # the moves' visits are the reused ones and the new iterations, but for the reused node's first visit: the
    # iteration that created it rolled out from it
    assert sum(move.visits for move in second.moves) == tree.reused_visits - 1 + second.iterations
    assert second.iterations == 300


def test_each_thread_keeps_its_tree():
    state = cavemind.load_game("tictactoe").new_initial_state()
    tree = cavemind.SearchTree()
    first = cavemind.analyse(state, cavemind.Limit(iterations=2000, threads=2), tree=tree, seed=1)
    state.apply(first.best.action)
    state.apply(first.pv[1])
    second = cavemind.analyse(state, cavemind.Limit(iterations=300, threads=2), tree=tree, seed=1)
    assert tree.reused_visits > 0
    assert sum(move.visits for move in second.moves) == tree.reused_visits - 2 + 300   # (two reused roots)
    state.apply(second.best.action)
    state.apply(state.legal_actions()[0])
    cavemind.analyse(state, cavemind.Limit(iterations=300, threads=1), tree=tree, seed=1)   # another thread count
    assert tree.reused_visits == 0


def test_without_a_history_that_leads_on_the_search_starts_afresh():
    game = cavemind.load_game("tictactoe")
    tree = cavemind.SearchTree()
    state = game.new_initial_state()
    cavemind.analyse(state, cavemind.Limit(iterations=500), tree=tree, seed=1)
    loaded = State(game, state.child(4).child(0).to_bytes())          # the same position, but no history
    cavemind.analyse(loaded, cavemind.Limit(iterations=100), tree=tree, seed=1)
    assert tree.reused_visits == 0
    other = game.new_initial_state()
    other.apply(8)
    other.apply(0)
    cavemind.analyse(other, cavemind.Limit(iterations=100), tree=tree, seed=1)   # a different game's history
    assert tree.reused_visits == 0
    dino = two_players("dino_jagd").new_initial_state(seed=1)
    while dino.is_chance_node():
        dino.apply(dino.sample_chance(0))
    cavemind.analyse(dino, cavemind.Limit(iterations=100), tree=tree, seed=1)    # another game altogether
    assert tree.reused_visits == 0
    tree.clear()
    assert tree.nodes == 0


def budget(iterations):
    return cavemind.SearchSettings(iterations=iterations).resolved()


def test_a_history_from_outside_is_checked_before_it_is_followed():
    game = cavemind.load_game("tictactoe")
    tree = _core.SearchTree()
    state = game.new_initial_state()
    _core.search(state, budget(200), 0, tree=tree, history=[])
    later = state.child(4).child(0)
    for bogus in ([10**12, 0], [-1, 0], [4, 4], ["4", 0], [4, 0, 1], [0, 4]):
        _core.search(state, budget(50), 0, tree=tree, history=[])   # keep a tree of the empty board
        raw = _core.search(later, budget(50), 0, tree=tree, history=bogus)
        assert raw["reused"] == 0 and sum(move[0] for move in raw["moves"].values()) == 50, bogus
    _core.search(state, budget(200), 0, tree=tree, history=[])
    assert _core.search(later, budget(50), 0, tree=tree, history=[4, 0])["reused"] > 0


@pytest.mark.parametrize("name", TWO_PLAYER_GAMES)
def test_a_reusing_bot_plays_whole_games_and_reuses_most_trees(name):
    game = two_players(name)
    for seed in range(2):
        state = game.new_initial_state(seed=seed)
        bot = parse_bot_spec("ismcts:iterations=200,reuse=1").make(seed=seed)
        searches = reused = 0
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng.getrandbits(32)))
            elif player == 0:
                state.apply(bot.step(state.clone()))       # an illegal move would raise here
                if bot.last_analysis is not None:
                    searches += 1
                    reused += bot.tree.reused_visits > 0
            else:
                state.apply(rng.choice(state.legal_actions()))
        if name != "kuhn_poker":       # (one decision a player: nothing to reuse)
            assert reused > 0, (name, searches)


def _alike(seen, candidates, views, mine, rng):
    """One of `candidates` that the observer sees as `seen` (`views`: how it sees each), another than `mine` where
    there is one, or None."""
    matches = [c for c, view in zip(candidates, views, strict=True) if view == seen]
    others = [c for c in matches if c != mine]
    return rng.choice(others) if others else (matches[0] if matches else None)


# (Kuhn poker has one decision a player: no tree to reuse)
@pytest.mark.parametrize("name", [n for n in TWO_PLAYER_GAMES if cavemind.load_game(n).module.HIDDEN_INFORMATION
                                  and n != "kuhn_poker"])
def test_no_peeking_with_tree_reuse(name):
    """Two games that the searcher cannot tell apart (other hidden cards, other hidden moves and draws by the
    other player) give identical searches, tree reuse included."""
    game = two_players(name)
    rng = random.Random(7)
    compared = reused = 0
    for start in walk(game.new_initial_state(seed=3), seed=5):
        player = start.current_player()
        if player < 0 or len(start.legal_actions()) < 2 or compared >= 6:
            continue
        real = State(game, start.to_bytes())
        twin = real.determinize(player, seed=rng.getrandbits(32))
        if twin == real:
            continue
        bots = [cavemind.ISMCTSBot(iterations=150, reuse_tree=True, seed=4) for _ in range(2)]
        for _decision in range(3):
            moves = [bots[0].step(real.clone()), bots[1].step(twin.clone())]
            analyses = [bots[k].last_analysis for k in range(2)]
            assert moves[0] == moves[1]
            if analyses[0] is not None:
                assert [(m.action, m.visits, m.value) for m in analyses[0].moves] == \
                       [(m.action, m.visits, m.value) for m in analyses[1].moves]
                assert bots[0].tree.reused_visits == bots[1].tree.reused_visits
                compared += 1
                reused += bots[0].tree.reused_visits > 0
            real.apply(moves[0])
            twin.apply(moves[0])
            # the other player's moves and chance, alike to the searcher, differing where it cannot see
            while not real.is_terminal() and real.current_player() != player:
                if real.is_chance_node():
                    mine = real.sample_chance(rng.getrandbits(32))
                    candidates = [a for a, _ in twin.chance_outcomes()]
                else:
                    mine = rng.choice(real.legal_actions())
                    candidates = twin.legal_actions()
                theirs = _alike(real.observed_action(mine, player), candidates,
                                [twin.observed_action(a, player) for a in candidates], mine, rng)
                if theirs is None:
                    break
                real.apply(mine)
                twin.apply(theirs)
            if (real.is_terminal() or real.current_player() != player or twin.current_player() != player
                    or real.infoset_hash(player) != twin.infoset_hash(player)):
                break      # (alike ids are not always alike information: the game decides, and it did not here)
    assert compared > 0
    assert reused > 0, "no search reused a tree: the test compared nothing of reuse"


def test_a_bot_with_a_kept_tree_pickles_and_copies_without_it():
    import copy
    import pickle

    state = cavemind.load_game("tictactoe").new_initial_state()
    bot = cavemind.ISMCTSBot(iterations=200, reuse_tree=True)
    bot.step(state)
    assert bot.tree.nodes > 0
    for twin in (pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)):
        assert twin.tree.nodes == 0 and twin.step(state) in state.legal_actions()


def test_the_bot_setting_is_checked():
    assert parse_bot_spec("ismcts:reuse=1").make().tree is not None
    assert parse_bot_spec("ismcts:reuse_tree=0").make().tree is None
    with pytest.raises(BotSpecError, match="reuse must be 0 or 1"):
        parse_bot_spec("ismcts:reuse=2")
    with pytest.raises(cavemind.SearchError, match="reuse_tree"):
        cavemind.ISMCTSBot(reuse_tree="yes")
    with pytest.raises(cavemind.SearchError, match="tree="):
        cavemind.analyse(cavemind.load_game("tictactoe").new_initial_state(), tree="mine")
