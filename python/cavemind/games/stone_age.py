"""Stone Age's registration record (the rules in src/games/stone_age) and its test hooks."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cavemind.games import FINISH_WON_GAMES, GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


def position_invariants(state: State) -> int | None:
    """No negative stock; the civilization cards and building tiles conserved; people, agriculture and tools within
    their caps; placed people never more than owned."""
    module = compiled_module("stone_age")    # the counts and caps its C header sets
    doc = state.to_dict()["state"]
    cards = [c for c in doc["display"] if c] + doc["deck"]["cards"]
    built = 0
    for p in doc["players"]:
        for key in ("food", "wood", "clay", "stone", "gold"):
            assert p[key] >= 0, f"negative {key}"
        assert (5 <= p["people"] <= module.MAX_PEOPLE and 0 <= p["agriculture"] <= module.MAX_AGRICULTURE
                and sum(p["tools"]) <= module.MAX_TOOL_VALUE), "a cap"
        assert p["available"] + p["on_animal"] + sum(p["placed"].values()) <= p["people"], "people"
        cards += p["cards"] + p["hidden_cards"]
        built += p["buildings"]
    assert sorted(cards) == sorted(module.CARD_IDS), "every civilization card is in exactly one place"
    tops = sum(1 for s in doc["stacks"] if s["top"])
    assert sum(doc["unseen_buildings"].values()) + tops + built == module.NUM_BUILDINGS, "building tiles"
    assert len(doc["stacks"]) == state.num_players, "building stacks"
    return None


def c_soak(params: dict[str, Any], games: int, seed: int) -> tuple[Any, ...]:
    """The module's own C loop of random games, checking the state after every step."""
    counts: tuple[Any, ...] = compiled_module("stone_age").random_playouts(params, games, seed, True)
    return counts


def action_words(notation: str) -> str | None:
    """A card drawn or revealed by what it gives ('draw G07' is 7 food / culture pottery), a building revealed by
    its price and points; None for the other moves, whose notation says what they do."""
    module = compiled_module("stone_age")
    verb, _, code = notation.partition(" ")
    if verb in ("draw", "reveal") and code in module.CARD_IDS:
        return str(module.card_text(code))
    if verb == "reveal" and code in module.BUILDING_NAMES:
        return f"a building of {module.describe_building(module.BUILDING_NAMES.index(code))}"
    return None


# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
card1..card4  the civilization cards on display, by price in resources: what the card gives now / how it scores
         at the end (e.g. 2 farmers x agriculture); [G01] its id, which the chance moves (reveal G01) name
building1..  the top building of each stack: its price and its points (the moves name stacks building1, ...)
P0 (start)  a player (the start player of the round): points, food, wood, clay, stone, gold, agriculture, people
         (at home), tools, buildings; cards bought by how they score; face down: cards drawn unseen
tools    tool tile values; * a tile used this round
now:     the step under way: the dice total and tools added, what is still to pay, resources of choice left, the
         dice bar's dice"""


# The rollout depth is the cut-off its strength ladder was measured with; the setting won tuning matches
# (docs/research/2026-12-01-tuning.md).
GAME = GameInfo(
    "cavemind.games._stone_age",
    SearchDefaults(rollout_depth=160, bots=FINISH_WON_GAMES),
    expert="cavemind.experts.stone_age:choose",
    drawer="cavemind.svg.stone_age:draw",
    gallery=(GalleryView({"players": 3}, order=1),),
    invariants=position_invariants,
    soak=SoakPlan({"players": (2, 3, 4), "winter_is_hard": (False, True), "wild_animals": (False, True),
                   "igloos": (False, True), "choice_at_once": (False, True)},
                  loop="c", turns="round", c_soak=c_soak),
    legend=LEGEND,
    action_words=action_words,
    points_per_game=52.0,     # twice the median winning margin of 300-iteration self-play (docs/records.md)
)
