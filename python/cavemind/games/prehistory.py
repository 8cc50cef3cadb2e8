"""Prehistory's registration record (the rules in src/games/prehistory) and its test hooks."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cavemind.games import GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


def position_invariants(state: State) -> int | None:
    """Tribe members on the map plus available ones equal the members (3 + one per camp used); all ceremony cards
    accounted for."""
    module = compiled_module("prehistory")    # the counts its C header sets
    doc = state.to_dict()["state"]
    for p in range(state.num_players):
        on_map = doc["starter_members"][p] + sum(doc["member_count"][sp] for sp in range(module.NSP)
                                                 if doc["member_owner"][sp] == p + 1)
        assert on_map + doc["available_members"][p] == doc["members"][p] <= 3 + module.NCAMP, f"player {p}'s members"
        assert doc["members"][p] == 3 + bin(doc["campsites_built"][p]).count("1"), f"player {p}'s camps"
    cards = sum(map(sum, doc["hand"])) + sum(doc["ceremony_pile"]) + sum(doc["ceremony_discard"])
    assert cards + sum(1 for c in doc["ceremony_display"] if c) == module.NCC, "ceremony cards"
    return None


CEREMONY_CARD_CODE = re.compile(r"c(\d+):\S+")   # a ceremony card in the notation: its number, kind and value


def action_words(notation: str) -> str | None:
    """A ceremony card or hunting card drawn, or a ceremony card taken, by what it scores or gives ('draw
    ceremony card 4' is 1 VP per pike); None for the other moves, whose notation the board and the legend
    explain."""
    module = compiled_module("prehistory")
    words = notation.split(" ")
    if len(words) == 4 and words[:3] == ["draw", "ceremony", "card"] and words[3].isdigit():
        return f"ceremony card {module.ceremony_card_text(int(words[3]))}"
    if len(words) == 4 and words[:3] == ["draw", "hunting", "card"] and words[3].isdigit():
        return f"hunting card {module.hunting_card_text(int(words[3]))}"
    if words[0] == "ceremony" and len(words) == 2 and (card := CEREMONY_CARD_CODE.fullmatch(words[1])):
        return f"ceremony card {module.ceremony_card_text(int(card[1]))}"
    return None


# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
map      . plain, ^ campsite spot, ^N campsite of seat N, g gathering tile, f fish, a animal, m action marker,
         A/B/C megalith, S starter space (a digit per member of that seat), NxK: K members of seat N;
         rows r0..r8 and columns c0..c7 are the rRcC names the moves use
colours  the six resource and marker colours: yellow, brown, red, white, grey, blue
action rows  painting, gathering, ceremony, fishing, hunting, migration: the colour each of the six price
         positions asks for, the footing cubes paid in spring, the cubes on the pillar top
central tile  the movement points each colour gives
seat N   VP (victory points), development points, fishing track, members in the tent, campsites, resources and
         action markers by colour, rock painting sections 0-8 (paint K), ceremony cards (value; [cN] the id the
         ceremony moves name), what it collected, its shamans' fire spots
now:     in autumn, the movement points to spend or left and the member being moved"""


# MAST rollouts won 63.3% [54.4, 71.4] of 120 games against the game's policy with 2 players
# (docs/research/2026-12-01-mast-rollouts-tried.md); 3 and 4 players are not measured yet and keep the game's policy.
# The rollout depth is the cut-off its strength ladder was measured with.
# Heuristic variant 1 (expected final points, as the expert counts them) won 62.0% [52.2, 70.9] of 100 games
# against variant 0 at 0.05 s a move with 2 players (docs/research/2026-12-07-prehistory-search-repair.md);
# 3 and 4 players are not measured and keep the table's default, variant 0.
# Exploration 0.35 with variant 1 (whose values move 0.025 a point of lead near even) won 65.0% [55.3, 73.6] of 100
# games against 0.7 at 0.05 s a move with 2 players (docs/research/2026-12-07-prehistory-search-repair-2.md).
# Move priors (rotations and discards tried late and explored little: prior_weight 1) won 72.0% [62.5, 79.9] of 100
# games against the search without them at 1,000 iterations and 72.5% [63.0, 80.3] of 100 at 0.05 s a move with
# 2 players, 67.6% [58.1, 75.9] of 102 against two such searches with 3 players and 51.0% [41.4, 60.6] of 100
# against three with 4 (fair shares 33.3% and 25%) (docs/research/2026-12-07-prehistory-move-priors.md).
GAME = GameInfo(
    "cavemind.games._prehistory",
    SearchDefaults(
        rollout_depth=20,
        prior_weight=1.0,
        by_players={2: SearchDefaults(exploration=0.35, rollout_depth=20, rollout_policy="mast",
                                      heuristic_variant=1)}),
    expert="cavemind.experts.prehistory:choose",
    drawer="cavemind.svg.prehistory:draw",
    gallery=(GalleryView({"players": 3}, observer=0, order=5),),
    invariants=position_invariants,
    # development points, resources and action markers of one colour stop at 250 (uint8); movement points are
    # offered only below 60
    soak=SoakPlan({"players": (2, 3, 4)}, turns="round", invariants_during=False,  # members move
                  peaks={"development": 250, "resources": 250, "action_markers": 250, "movement_points": 60}),
    legend=LEGEND,
    action_words=action_words,
    points_per_game=20.0,     # twice the median winning margin of 300-iteration self-play (docs/records.md)
)
