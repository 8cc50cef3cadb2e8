"""cavemind.settings: every search setting declared once. The records name each setting everywhere; the CLI flags,
the engine fields, the bot-spec keys and docs/settings.md are made from them; a SearchSettings is checked once; the
experiment switches are settings of one search, so two threads can search with different ones at once."""
import argparse
import pickle
import threading
from pathlib import Path

import pytest

import cavemind
from cavemind import _core
from cavemind.botspec import SEARCH_KEYS, BotSpecError, parse_bot_spec
from cavemind.cli.arguments import search_arguments
from cavemind.engine import LIMIT_FIELDS, QUERY_FIELDS
from cavemind.settings import BY_NAME, CORE_FIELDS, FIELDS, SETTINGS, SearchSettings, generated_page, records

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- the records

def test_each_name_belongs_to_one_setting():
    for names in ([s.name for s in SETTINGS], [s.short_key for s in SETTINGS if s.short_key],
                  [s.cli_flag for s in SETTINGS if s.cli_flag], [s.engine_field for s in SETTINGS if s.engine_field]):
        assert len(names) == len(set(names)), names
    long_keys = {s.name for s in SETTINGS if s.short_key}
    assert not long_keys & {s.short_key for s in SETTINGS if s.short_key and s.short_key != s.name}


def test_the_core_receives_each_core_setting_in_a_field_of_the_same_name():
    assert set(CORE_FIELDS) <= set(_core.CONFIG_FIELDS)
    # the C fields that are no setting: what the core derives for each search
    assert set(_core.CONFIG_FIELDS) - set(CORE_FIELDS) == {"max_nodes", "searcher"}


def test_bounds_the_c_code_sets_are_read_from_the_core():
    assert BY_NAME["iterations"].high == _core.MAX_ITERATIONS == 2**31 - 1
    assert BY_NAME["determinizations"].high == _core.MAX_DETERMINIZATIONS == 64
    assert BY_NAME["algorithm"].choices == cavemind.ALGORITHMS == ("mcts", "ismcts", "mo-ismcts", "pimc")


def test_search_settings_are_frozen_hashable_and_picklable():
    settings = SearchSettings(exploration=0.5, iterations=100)
    assert settings == SearchSettings(iterations=100, exploration=0.5) and hash(settings) == hash(
        SearchSettings(iterations=100, exploration=0.5))
    assert settings.given() == {"iterations": 100, "exploration": 0.5} and settings.rollout_depth is None
    with pytest.raises(AttributeError, match="frozen"):
        settings.exploration = 1.0
    assert settings.replace(exploration=None).given() == {"iterations": 100}
    resolved = settings.resolved(cavemind.search_defaults("honga", 2), heuristic_variant=1)
    assert pickle.loads(pickle.dumps(resolved)) == resolved
    assert pickle.loads(pickle.dumps(resolved)).core_values == resolved.core_values
    assert (resolved.exploration, resolved.implicit_minimax, resolved.rollout_depth) == (0.5, 0.3, 60)
    assert resolved.core_values["algorithm"] == cavemind.ALGORITHMS.index("ismcts")
    assert resolved.core_values["memory_mb"] == 0 and resolved.seconds is None
    # the budget: 1,000 iterations only when no seconds are given
    assert SearchSettings().resolved().iterations == 1000
    assert SearchSettings(seconds=2.0).resolved().iterations is None
    assert repr(SearchSettings(exploration=0.5)) == "SearchSettings(exploration=0.5)"


def test_game_defaults_are_partial_settings_resolved_per_player_count():
    two, three = cavemind.search_defaults("dino_jagd", 2), cavemind.search_defaults("dino_jagd", 3)
    assert isinstance(two, SearchSettings) and two is cavemind.search_defaults("dino_jagd", 2)
    assert (two.exploration, two.chance_branching, three.exploration, three.chance_branching) == (0.25, 6, 0.4, 0)
    assert two.iterations is None and two.algorithm is None          # a game tunes only its own settings
    assert cavemind.search_defaults("tictactoe", 2).given() == {
        s.name: s.default for s in SETTINGS if s.tuned}
    defaults = cavemind.SearchDefaults(exploration=0.3, by_players={2: cavemind.SearchDefaults(rollout_depth=5)})
    assert (defaults.for_players(2).exploration, defaults.for_players(2).rollout_depth) == (0.3, 5)
    with pytest.raises(cavemind.SearchError, match="exploration=-1"):
        cavemind.SearchDefaults(exploration=-1)


# ---------------------------------------------------------------- bad values, on every surface

@pytest.mark.parametrize("name, value, message", [
    ("exploration", -1, "exploration=-1: must be None (the game's default) or a finite number >= 0"),
    ("exploration", float("inf"), "exploration=inf: must be"),
    ("rollout_depth", 2.0, "rollout_depth=2.0: must be None (the game's default) or -1 (play to the end) or an "
                           "integer from 0 to 2147483647"),
    ("determinizations", 65, "determinizations=65: must be an integer from 1 to 64"),
    ("rollout_policy", "best", "rollout_policy='best': expected None (the game's default) or one of game, uniform"),
    ("algorithm", "alphabeta", "algorithm='alphabeta': expected one of mcts, ismcts, mo-ismcts, pimc"),
    ("mast_epsilon", 1.5, "mast_epsilon=1.5: must be a number from 0 to 1"),
    ("margin_weight", True, "margin_weight=True: must be a number from 0 (off) to 1"),
    ("heuristic_variant", -1, "heuristic_variant=-1: must be None (the game's default) or an integer >= 0"),
    ("threads", 0, "threads=0: must be an integer from 1 to 256"),
    ("iterations", 2**31, "iterations=2147483648: must be an integer from 1 to 2147483647"),
    ("seconds", 0, "seconds=0: must be a positive finite number"),
])
def test_a_bad_value_names_the_python_parameter(name, value, message):
    with pytest.raises(cavemind.SearchError) as error:
        SearchSettings(**{name: value})
    assert str(error.value).startswith(message)


def test_unknown_settings_and_combinations_are_refused_by_name():
    with pytest.raises(cavemind.SearchError, match="^exploraton: not a search setting"):
        SearchSettings(exploraton=1.0)
    with pytest.raises(cavemind.SearchError, match="^threads=4: more threads than iterations"):
        SearchSettings(iterations=2, threads=4)
    state = cavemind.load_game("stone_age").new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply(state.sample_chance(1))
    with pytest.raises(cavemind.SearchError, match="^heuristic_variant=2: stone_age has heuristic variants 0 to 1"):
        cavemind.analyse(state, cavemind.Limit(iterations=10), heuristic_variant=2)
    with pytest.raises(cavemind.SearchError, match="^heuristic_variant=1: tictactoe has heuristic variants 0 to 0"):
        cavemind.analyse(cavemind.load_game("tictactoe").new_initial_state(), heuristic_variant=1)
    with pytest.raises(cavemind.SearchError, match="^exploraton: not a search setting"):
        cavemind.ISMCTSBot(exploraton=1.0)


@pytest.mark.parametrize("text, message", [
    ("ismcts:epsilon=2", "mast_epsilon=2.0: must be a number from 0 to 1"),
    ("ismcts:variant=-1", "variant must be at least 0"),
    ("ismcts:margin=x", "margin='x' is not a number"),
])
def test_advanced_bot_spec_values_name_the_key(text, message):
    with pytest.raises(BotSpecError, match=message):
        parse_bot_spec(text).make()


def test_the_cli_and_the_engine_read_values_by_the_records():
    parser = argparse.ArgumentParser(exit_on_error=False)
    search_arguments(parser)
    args = parser.parse_args(["--mast-epsilon", "0.5", "--heuristic-variant", "0", "--exploration", "1"])
    assert (args.mast_epsilon, args.heuristic_variant, args.exploration, args.algorithm, args.threads) == (
        0.5, 0, 1.0, "ismcts", 1)
    assert args.rollout_depth is None and args.iterations is None     # unset: the game's, and 1,000 unless seconds
    with pytest.raises(argparse.ArgumentError, match="--margin-weight: 2 must be a number from 0 \\(off\\) to 1"):
        parser.parse_args(["--margin-weight", "2"])
    assert BY_NAME["mast_epsilon"].from_json(0.5, "mastEpsilon") == 0.5
    with pytest.raises(ValueError, match="^heuristicVariant: expected an integer, got 0.5$"):
        BY_NAME["heuristic_variant"].from_json(0.5, "heuristicVariant")
    with pytest.raises(ValueError, match="^marginWeight: 2 must be a number from 0 to 1$"):
        BY_NAME["margin_weight"].from_json(2, "marginWeight")


# ---------------------------------------------------------------- what is made from the records

def test_every_surface_is_made_from_the_records():
    parser = argparse.ArgumentParser()
    search_arguments(parser)
    flags = {option for action in parser._actions for option in action.option_strings}
    shown = parser.format_help()
    for s in records(("limit", "search", "seed")):
        assert s.cli_flag in flags
        assert (s.cli_flag in shown) != s.advanced        # the advanced flags are hidden from --help
        assert s.engine_field.removeprefix("limit.") in (LIMIT_FIELDS if s.group == "limit" else QUERY_FIELDS)
    for s in SETTINGS:
        if s.short_key:
            assert SEARCH_KEYS[s.short_key] is s
    assert set(FIELDS) == {s.name for s in records(("limit", "search"))}


def test_the_settings_page_is_generated_from_the_records_and_the_registry():
    page = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    assert generated_page(page) == page, "run: python -m cavemind.settings docs/settings.md"
    for s in SETTINGS:
        assert f"| {s.name} |" in page
    assert "| dino_jagd | 2 | 0.25 | 40 | game | 6 | 0.3 |" in page


# ---------------------------------------------------------------- per search, never per process

def stone_age_decision():
    state = cavemind.load_game("stone_age", players=2).new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply(state.sample_chance(3))
    return state


EXPERIMENTS = [{"heuristic_variant": 0}, {"heuristic_variant": 1, "mast_epsilon": 0.5, "rollout_policy": "mast"},
               {"margin_weight": 0.4}, {"widening": 0.5}, {}]


def searched(state, options):
    info = cavemind.analyse(state, cavemind.Limit(iterations=600), seed=4, rollout_depth=6, **options)
    return [(m.action, m.visits, m.value) for m in info.moves]


def test_two_threads_searching_with_different_settings_each_get_what_they_get_alone():
    state = stone_age_decision()
    alone = [searched(state, options) for options in EXPERIMENTS]
    assert len({tuple(result) for result in alone}) == len(alone)     # each setting changes the search
    for first, second in ((0, 1), (1, 2), (2, 3), (3, 4)):
        results = {}

        def search(index):
            for _ in range(3):
                results.setdefault(index, []).append(searched(state, EXPERIMENTS[index]))

        workers = [threading.Thread(target=search, args=(i,)) for i in (first, second)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        for index in (first, second):
            assert results[index] == [alone[index]] * 3, EXPERIMENTS[index]


def test_the_experiment_settings_are_in_the_bot_spec_a_results_file_stores():
    spec = parse_bot_spec("ismcts:iterations=50,heuristic_variant=0,mast_epsilon=0.3,margin_weight=0.2")
    assert str(spec) == "ismcts:iterations=50,variant=0,epsilon=0.3,margin=0.2"
    bot = spec.make(seed=1)
    assert (bot.heuristic_variant, bot.mast_epsilon, bot.margin_weight) == (0, 0.3, 0.2)
    state = stone_age_decision()
    expected = cavemind.analyse(state, cavemind.Limit(iterations=50), heuristic_variant=0, mast_epsilon=0.3,
                                margin_weight=0.2, seed=5)
    limit, options = spec.search_settings()
    again = cavemind.analyse(state, limit, seed=5, **options)
    assert [(m.action, m.visits) for m in again.moves] == [(m.action, m.visits) for m in expected.moves]


@pytest.mark.parametrize("name", cavemind.game_names())
def test_every_game_says_how_many_heuristic_variants_it_has(name):
    game = cavemind.load_game(name)
    table = _core.table_info(game._capsule)
    assert 0 <= table["default_heuristic_variant"] < table["heuristic_variants"]
    assert table["heuristic_variants"] == (2 if name in ("stone_age", "honga", "jaeger_und_spaeher", "dino_jagd")
                                           else 3 if name == "prehistory" else 1)
    state = game.new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply(state.sample_chance(2))
    readings = [state.heuristic(v) for v in range(table["heuristic_variants"])]
    assert state.heuristic() == readings[table["default_heuristic_variant"]]
    assert all(len(r) == game.num_players and all(0 <= x <= 1 for x in r) for r in readings)


def test_progressive_widening_is_a_setting_of_one_search():
    state = stone_age_decision()
    plain, widened = searched(state, {}), searched(state, {"widening": 0.3})
    assert widened != plain and widened == searched(state, {"widening": 0.3})
    # fewer children at the root: at most 1 + floor(visits ** 0.3) of them
    assert sum(visits > 0 for _, visits, _ in widened) <= 1 + int(600 ** 0.3)
    assert str(parse_bot_spec("ismcts:iterations=600,widening=0.3")) == "ismcts:iterations=600,widening=0.3"
    with pytest.raises(cavemind.SearchError, match="^widening=2: must be a number from 0 \\(off\\) to 1"):
        cavemind.analyse(state, widening=2)
