"""Kuhn poker's registration record: a hidden-information reference game for testing the search (the rules in
src/games/kuhn_poker)."""
from cavemind.games import GalleryView, GameInfo

GAME = GameInfo(
    "cavemind.games._kuhn_poker",
    drawer="cavemind.svg.kuhn_poker:draw",
    gallery=(GalleryView({"players": 3}, observer=1, order=7),),
)
