"""Kuhn poker's registration record: a hidden-information reference game for testing the search (the rules in
src/games/kuhn_poker)."""
from cavemind.games import GalleryView, GameInfo

# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
card  the card you hold: J < Q < K (< A with 3 players), the highest card wins the showdown; ? a card you cannot see
in the pot  the chips a player has put in (1 ante each, 1 more for a bet or a call)
betting  the decisions so far, in order: p pass (check or fold), b bet (or call)"""


GAME = GameInfo(
    "cavemind.games._kuhn_poker",
    drawer="cavemind.svg.kuhn_poker:draw",
    gallery=(GalleryView({"players": 3}, observer=1, order=7),),
    legend=LEGEND,
)
