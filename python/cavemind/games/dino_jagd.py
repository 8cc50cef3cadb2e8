"""Dino Jagd's registration record (the rules in src/games/dino_jagd) and its test hooks."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cavemind.games import FINISH_WON_GAMES, GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


def position_invariants(state: State) -> int | None:
    """Every creature in one place and only in a period it lived in; every special card accounted for; energies
    within their track."""
    module = compiled_module("dino_jagd")    # its data tables and the caps its C header sets
    periods = {c["name"]: c["periods"] for c in module.CREATURES}
    doc = state.to_dict()["state"]
    seen = [doc["play_deck"]["top"]] if doc["play_deck"]["top"] else []
    for code, spaces in doc["hunting_area"].items():
        for stack in spaces:
            assert all(code in periods[name] for name in stack), f"a creature outside its periods in {code}"
            seen += stack
    seen += doc["to_place"] + doc["dinosaur_discards_seen"]
    specials = list(doc["special_deck"]) + list(doc["special_discard"])
    for player in doc["players"]:
        assert 0 <= player["energy"] <= module.MAX_ENERGY, f"energy {player['energy']}"
        seen += player["captured"]
        specials += player["hand"] + player["face_up"]
    assert len(seen) == len(set(seen)) and len(seen) + doc["play_deck"]["below_top"] <= module.NUM_CREATURES, \
        "creatures"
    assert Counter(specials) == Counter({s["name"]: s["count"] for s in module.SPECIALS}), "special cards"
    return None


# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
periods  T Triassic, EJ Early Jurassic, LJ Late Jurassic, EK Early Cretaceous, LK Late Cretaceous (a move names a
         period by its code: travel EK; a space by code and number: LJ2)
[01  ]   the players whose hunter is in that period (0 and 1 here)
. | . | .  the period's three spaces, each a stack of creatures from the bottom up: the last one, on top, can be
         hunted; . an empty space
to place  the creatures you still have to place; hand  your special cards (another player's: how many, secret)
energy   what a player has left to travel and hunt with; points and creatures: what the hunts have captured
Kein Aussterben marker  the period it protects from extinction (- none)"""


# 2 players: the learned cut-off evaluation (the module's default heuristic with 2 players) with exploration
# 0.25 won 61.2% [50.3, 71.2] of 80 games against the previous default, c = 0.4 with the score lead
# (docs/research/2026-12-02-dino-jagd-a-learned-evaluation.md), and closed-loop chance for the hunt's die (6 faces)
# 63.8% [52.8, 73.4] of 80 against open loop at 1,000 iterations and 58.1% [47.2, 68.3] of 80 at 4,000
# ("Closed-loop chance nodes"), and implicit minimax backups with weight 0.3 61.5% [54.6, 68.0] of 200 against
# none at 1,000 iterations and 56.4% [48.6, 63.9] of 156 at 4,000 ("Implicit minimax backups"); 3 and 4
# players keep exploration 0.4, the score lead and open loop (implicit minimax is for 2 players). The rollout depth
# is the cut-off its strength ladder was measured with, and exploration 0.4 won tuning matches
# (docs/research/2026-12-01-tuning.md).
GAME = GameInfo(
    "cavemind.games._dino_jagd",
    SearchDefaults(
        exploration=0.4, rollout_depth=40,
        by_players={2: SearchDefaults(exploration=0.25, rollout_depth=40, chance_branching=6,
                                      implicit_minimax=0.3)},
        bots=FINISH_WON_GAMES),
    expert="cavemind.experts.dino_jagd:choose",
    drawer="cavemind.svg.dino_jagd:draw",
    gallery=(GalleryView({"players": 2}, observer=0, order=4),),
    invariants=position_invariants,
    soak=SoakPlan({"players": (2, 3, 4), "deck_fraction": (0.5, 1.0)}, loop="c", turns="turns",
                  turn_cap="MAX_TURNS"),
    legend=LEGEND,
    points_per_game=60.0,     # twice the median winning margin of 300-iteration self-play (docs/records.md)
)
