"""Bot specifications, the small language shared by play, the engine and the arena."""
import pytest

import cavemind
from cavemind.botspec import BotSpecError, parse_bot_spec, split_bot_specs


def test_search_spec_builds_the_configured_bot():
    bot = parse_bot_spec("ismcts:iterations=1500,c=0.9,threads=2,depth=20").make(seed=1)
    assert isinstance(bot, cavemind.ISMCTSBot)
    assert bot.limit.iterations == 1500 and bot.limit.threads == 2
    assert bot.exploration == 0.9 and bot.rollout_depth == 20
    assert isinstance(parse_bot_spec("pimc:worlds=16").make(), cavemind.PIMCBot)
    assert parse_bot_spec("mo-ismcts:seconds=0.5").make().limit.iterations is None


def test_simple_bots_and_round_trip():
    assert isinstance(parse_bot_spec("random").make(), cavemind.RandomBot)
    assert isinstance(parse_bot_spec("heuristic:seed=3").make(), cavemind.HeuristicBot)
    assert str(parse_bot_spec("ismcts:iterations=100,c=0.5")) == "ismcts:iterations=100,c=0.5"


def test_player_lists_keep_settings_with_their_bot():
    specs = split_bot_specs("human,ismcts:iterations=500,c=1,random")
    assert [s.kind for s in specs] == ["human", "ismcts", "random"]
    assert specs[1].options == {"iterations": 500, "exploration": 1.0}


@pytest.mark.parametrize("text, message", [
    ("alphabeta", "unknown bot"), ("ismcts:depth", "unknown setting"), ("ismcts:speed=3", "unknown setting"),
    ("mcts:iterations=lots", "not an integer"), ("mcts:iterations=0", "positive"), ("", "empty"),
    ("random:iterations=5", "unknown setting"),
])
def test_bad_specs_get_clear_errors(text, message):
    with pytest.raises(BotSpecError, match=message):
        parse_bot_spec(text)
