"""Tic-tac-toe's registration record: a perfect-information reference game for testing the search (the rules in
src/games/tictactoe)."""
from cavemind.games import GalleryView, GameInfo

# What the readable board's symbols and abbreviations mean: `legend` at cavemind play's prompt.
LEGEND = """\
X  player 0's mark, O  player 1's mark, .  an empty square
columns a, b, c from the left and rows 1, 2, 3 from the bottom: a move names its square (b2 is the centre)"""


GAME = GameInfo(
    "cavemind.games._tictactoe",
    drawer="cavemind.svg.tictactoe:draw",
    gallery=(GalleryView(order=6),),
    legend=LEGEND,
)
