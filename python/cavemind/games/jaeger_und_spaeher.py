"""Jäger und Späher's registration record (the rules in src/games/jaeger_und_spaeher) and its test hooks."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cavemind.games import FINISH_WON_GAMES, GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


def position_invariants(state: State) -> int | None:
    """Every player's tribe members, all objects, points up to one past the target; returns the character cards in
    play (the display, the players' hands and a card on its way to the display), which a game conserves."""
    module = compiled_module("jaeger_und_spaeher")    # the counts and caps its C header and data set
    doc = state.to_dict()["state"]
    for p, pd in enumerate(doc["players"]):
        on = sum(loc["members"][p] for loc in doc["locations"]) + sum(h["members"][p] for h in doc["holy_places"])
        assert pd["tribe_card"] + pd["camp"] + pd["reserve"] + on == module.MEMBERS, f"player {p}'s tribe members"
        assert 0 <= pd["points"] <= module.TARGET + 1, f"player {p}'s points"
    assert sum(pd["hunger"] for pd in doc["players"]) <= module.HUNGER_TILES, "hunger"
    assert all(sum(loc["members"]) <= 3 for loc in doc["locations"]), "a crowded location"
    assert all(min(h["members"]) == 0 for h in doc["holy_places"]), "a shared holy place"
    assert sum(len(loc["covered"]) for loc in doc["locations"]) <= module.STONES, "covered cards"
    objects = sum(doc["object_pile"].values()) + sum(doc["objects_discarded_face_up"].values())
    for pd in doc["players"]:
        objects += sum(pd["objects"].values()) + sum(pd["created"].values()) + sum(pd["discarded_face_down"].values())
    copies = sum(card["copies"] for card in module.DATA["objects"])
    assert objects == copies, f"{objects} objects, not {copies}"
    cards = sum(len(row) for row in doc["display"]) + sum(sum(pd["characters"].values()) for pd in doc["players"])
    return cards + sum(1 for op in doc["queue"] if op[0] == "put_in_row")


def ended(state: State) -> str | None:
    """The rules' end: a player at the target."""
    target = compiled_module("jaeger_und_spaeher").TARGET
    return None if max(state.scores()) >= target else f"the game ended with no player at the target of {target}"


# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
W6, H3   a location: W wilderness, H hunting ground, and its number
raw materials  the spaces of a location in order (stone, wood, clay, fruit, ...); [stone] a covered space
members 0/1  the members of player 0 / player 1 on that location
row a, b, c  the three rows of the display (the characters and locations on offer)
hunger tiles, points  a player's hunger and victory points; members: on the tribe card, in the camp, in the
         reserve; objects held (another player's as a count face down) and created
pending  the steps still to do in the turn, in words, in order"""


# MAST rollouts won 80.0% [70.0, 87.3] of 80 games against its uniform rollouts
# (docs/research/2026-12-01-nast-rollouts-and-mast-in-jaeger-und-spaeher.md); the rollout depth is the cut-off its
# strength ladder was measured with, and the setting (exploration 0.3) won tuning matches
# (docs/research/2026-12-01-tuning.md).
GAME = GameInfo(
    "cavemind.games._jaeger_und_spaeher",
    SearchDefaults(exploration=0.3, rollout_depth=15, rollout_policy="mast", bots=FINISH_WON_GAMES),
    expert="cavemind.experts.jaeger_und_spaeher:choose",
    drawer="cavemind.svg.jaeger_und_spaeher:draw",
    gallery=(GalleryView(observer=0, order=3),),
    invariants=position_invariants,
    soak=SoakPlan({"variant": ("intro", "normal", "survival"), "holy_places": ("none", "first", "random")},
                  turns="turn", turn_cap="turn_limit", cap_may_end=True, ended=ended),
    # Random play rarely reaches the target and runs to the turn limit (4,000+ steps at the default of 1,000): a
    # limit of 60 keeps the playthrough file readable.
    playthrough_options={"turn_limit": 60},
    legend=LEGEND,
    points_per_game=10.0,     # twice the median winning margin of 300-iteration self-play (docs/records.md)
)
