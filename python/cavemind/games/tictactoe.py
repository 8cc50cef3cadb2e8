"""Tic-tac-toe's registration record: a perfect-information reference game for testing the search (the rules in
src/games/tictactoe)."""
from cavemind.games import GalleryView, GameInfo

GAME = GameInfo(
    "cavemind.games._tictactoe",
    drawer="cavemind.svg.tictactoe:draw",
    gallery=(GalleryView(order=6),),
)
