"""Levels 1 to 10 (cavemind.levels): each level's budget and how it chooses, in the Python API, bot
specifications, `cavemind play --level` and the engine's ai_move."""
import random
import sys
from pathlib import Path

import pytest

import cavemind
from cavemind import cli
from cavemind.botspec import BotSpecError, parse_bot_spec
from cavemind.levels import GOOD_SHARE, LEVELS, choose, level_seconds, level_temperature
from cavemind.play import DEFAULT_AI
from cavemind.search import MoveInfo

sys.path.insert(0, str(Path(__file__).parent / "cli"))
from test_cli_engine_sessions import NEW_TTT, run  # noqa: E402


def test_each_level_halves_the_time_of_the_next_and_weak_levels_choose_more_loosely():
    assert level_seconds(10) == 1.0 and level_seconds(1) == pytest.approx(1 / 512)
    assert all(level_seconds(n + 1) == 2 * level_seconds(n) for n in LEVELS[:-1])
    temperatures = [level_temperature(n) for n in LEVELS]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[7:] == [0.0, 0.0, 0.0]
    assert temperatures[0] > 0


def moves(*rows):
    return [MoveInfo(action=i, name=f"m{i}", visits=visits, value=value, available=visits)
            for i, (visits, value) in enumerate(rows)]


def test_a_level_draws_among_the_good_moves_and_rarely_the_worse_ones():
    rng = random.Random(1)
    candidates = moves((900, 0.60), (300, 0.58), (200, 0.40), (int(900 * GOOD_SHARE) - 1, 0.99))
    assert choose(candidates, 0.0, rng).name == "m0"                 # no temperature: the most visited
    drawn = [choose(candidates, level_temperature(1), rng).name for _ in range(4000)]
    counts = {name: drawn.count(name) for name in ("m0", "m1", "m2", "m3")}
    assert counts["m3"] == 0                          # hardly tried: never a candidate, whatever its value
    assert counts["m0"] > counts["m1"] > counts["m2"] > 0
    assert counts["m2"] / counts["m0"] == pytest.approx(2.718 ** (-0.2 / level_temperature(1)), rel=0.25)
    stronger = [choose(candidates, level_temperature(6), rng).name for _ in range(4000)]
    assert stronger.count("m2") < counts["m2"] / 5 and stronger.count("m0") > counts["m0"]


def test_a_level_in_a_bot_specification_sets_the_budget_unless_one_is_given():
    bot = parse_bot_spec("ismcts:level=3").make(seed=1)
    assert bot.level == 3 and bot.settings.seconds == level_seconds(3) and bot.temperature == level_temperature(3)
    given = parse_bot_spec("ismcts:level=3,iterations=200").make(seed=1)
    assert given.settings.iterations == 200 and given.settings.seconds is None and given.temperature > 0
    assert parse_bot_spec("ismcts:level=9").make().temperature == 0.0
    for bad in ("ismcts:level=0", "ismcts:level=11", "ismcts:level=2.5"):
        with pytest.raises((BotSpecError, cavemind.SearchError), match="level"):
            parse_bot_spec(bad).make()


def test_a_level_plays_legal_moves_from_its_own_view():
    game = cavemind.load_game("kuhn_poker")
    state = game.new_initial_state(seed=4)
    bot = parse_bot_spec("ismcts:level=1,iterations=300").make(seed=2)
    assert bot.step(state) in state.legal_actions()


def test_the_top_level_is_plays_default_and_play_takes_a_level(capsys):
    assert DEFAULT_AI.options == {"level": 10}
    assert cli.main(["play", "tictactoe", "--level", "4", "--seats", "human,random"]) == 2
    assert "--level 4: it sets the AI of a new game against you" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "tictactoe", "--level", "0"])
    assert "levels are 1 to 10" in capsys.readouterr().err


def test_the_engine_moves_at_a_level():
    answers = run(NEW_TTT, {"id": 1, "action": "ai_move", "session": 1, "level": 2, "limit": {"iterations": 200},
                            "searchSeed": 3},
                  {"id": 2, "action": "ai_move", "session": 1, "level": 11},
                  {"id": 3, "action": "ai_move", "session": 1, "level": "3"})
    by_id = {answer["id"]: answer for answer in answers}
    assert by_id[1]["level"] == 2 and by_id[1]["move"] in {m["move"] for m in by_id[1]["moveInfos"]}
    for bad in (by_id[2], by_id[3]):      # (refused as they are read, before the search answers)
        assert bad["error"].startswith("level: ")
