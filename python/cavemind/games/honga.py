"""Honga's registration record (the rules in src/games/honga) and its test hooks."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cavemind.games import FINISH_WON_GAMES, GalleryView, GameInfo, SearchDefaults, SoakPlan, compiled_module

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State


def position_invariants(state: State) -> int | None:
    """Every player's mammoths, all bonus cards, resources within their store, the tusk with the largest herd
    share."""
    module = compiled_module("honga")    # the counts and caps its C header and data set
    doc, n = state.to_dict()["state"], state.num_players
    bonus = sum(doc["bonus_pile"].values()) + sum(doc["bonus_discard"].values()) + sum(doc["bonus_played"].values())
    assert len(doc["herd"]) <= module.HERD_SIZE[n], "herd size"
    for i, p in enumerate(doc["players"]):
        bonus += sum(p["bonus"].values()) + sum(p["bonus_fresh"].values())
        assert (p["board_mammoths"] + p["depot_mammoths"] + doc["herd"].count(i)
                == module.MAMMOTHS_PER_PLAYER), f"player {i}'s mammoths"
        assert all(0 <= p[r] <= module.RES_STORE for r in ("fish", "berry", "mushroom", "water")), \
            f"player {i}'s resources"
        assert 0 <= p["mountain"] < module.MOUNTAIN_TOP and p["score"] >= 0, f"player {i}'s mountain or score"
    assert bonus == module.NUM_BONUS, f"{bonus} bonus cards"
    slots = [c for c in doc["trade_slots"] if c is not None]
    assert not set(slots) & set(doc["trade_pile"]), "a trade card in a slot and in the pile"
    held = [p["disc"] for p in doc["players"] if p["disc"] is not None]
    assert len(set(held)) == len(held) and not set(held) & set(doc["disc_pile"]), "discs"
    if doc["tusk"] is not None:
        counts = [doc["herd"].count(i) for i in range(n)]
        assert counts[doc["tusk"]] == max(counts) > 0, "the tusk"
    else:
        assert not doc["herd"], "a herd without the tusk"
    return None


def ended(state: State) -> str | None:
    """The rules' end: a score at the threshold, and the round played to its end."""
    n = state.num_players
    if max(state.scores()) < compiled_module("honga").THRESHOLD[n]:
        return "the game ended below the score threshold"
    if state.to_dict()["state"]["to_move"] != n - 1:
        return "the game ended before the round was complete"
    return None


DISC_CODE = re.compile(r"[GR](\d+)\[\d+\]")    # a disc in the notation: its number, then its hands
TRADE_CARD_CODE = re.compile(r"#(\d+)")           # a trade card in the notation: its number


def action_words(notation: str) -> str | None:
    """A disc by its hands ('disc G27[1120]' is grey 1-1-2-0), a trade card by its cost and points, a bonus card
    by its name in the rulebook; None for the other moves, whose notation says what they do."""
    module = compiled_module("honga")
    verb, _, rest = notation.partition(" ")
    if verb in ("disc", "keep") and (disc := DISC_CODE.fullmatch(rest)):
        return f"a {module.disc_hands(int(disc[1]))} disc"
    if verb in ("trade-card", "trade") and (card := TRADE_CARD_CODE.search(rest)):
        return f"trade card {module.trade_card_text(int(card[1]))}"
    if verb == "bonus-card" and rest in module.KIND_NAMES:
        return f"bonus card {module.BONUS_TITLES[module.KIND_NAMES.index(rest)]}"
    return None


# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
board    the nine action fields (forest, trade, berry, mammoth, honga, mountain, fish, water, mushroom) and between
         them the round fields NW, NE, SW, SE, where the action discs are placed
discs    colour, then the hands on the disc's four quarters clockwise: grey 2-1-1-0 (a red disc has five hands);
         placing turns it (place NW/0..3), and each quarter's hands act on the action field it faces
>P0      the player to move; points, resources, the mammoths on the player board and on the discard board, the
         caveman's step on the mountain, the next disc, the bonus cards (new: usable next turn)
trade cards  [#17] the card's number (the trade moves name it), its cost and the points it scores
Honga, mammoth tooth  the field each stands on; mammoth herd: the mammoths by owner, newest first"""


# 2 players: exploration 0.3 won 72.5% [57.2, 83.9] of 40 against 0.7 (with the heuristic's variant 1,
# docs/research/2026-12-01-honga-the-cut-off-heuristic-and-the-exploration-constant.md), and implicit minimax backups
# with weight 0.3 77.2% [71.0, 82.5] of 200 against none at 1,000 iterations and 62.7% [53.1, 71.5] of 102 at 4,000
# ("Implicit minimax backups"); 3-5 players are not tuned yet and keep 0.7 (implicit minimax is for 2 players). The
# rollout depth is the cut-off its strength ladder was measured with.
GAME = GameInfo(
    "cavemind.games._honga",
    SearchDefaults(
        rollout_depth=60, by_players={2: SearchDefaults(exploration=0.3, rollout_depth=60, implicit_minimax=0.3)},
        bots=FINISH_WON_GAMES),
    expert="cavemind.experts.honga:choose",
    drawer="cavemind.svg.honga:draw",
    gallery=(GalleryView({"players": 3}, observer=0, order=2),),
    invariants=position_invariants,
    soak=SoakPlan({"players": (2, 3, 4, 5)}, turns="turn", turn_cap="MAX_TURNS", ended=ended),
    legend=LEGEND,
    action_words=action_words,
    points_per_game=18.0,     # twice the median winning margin of 300-iteration self-play (docs/records.md)
)
