"""Tic-tac-toe: the 3 x 3 grid with its a-c / 1-3 labels (the move notation) and the marks."""
from __future__ import annotations

from typing import Any

from cavemind.svg.draw import Picture, player_colour

CELL = 60
MARGIN = 30


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    board = state["board"]              # rows from the top: row "3" first, as the text board prints it
    picture = Picture(2 * MARGIN + 3 * CELL, 2 * MARGIN + 3 * CELL + 24, "tictactoe")
    for r, row in enumerate(board):
        for c, mark in enumerate(row):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            picture.rect(x, y, CELL, CELL, fill="#fff", cls=f"cell {'abc'[c]}{3 - r}")   # classed by its name: a move
            cx, cy = x + CELL / 2, y + CELL / 2
            if mark == "X":
                colour = player_colour(0)
                picture.add("<g class=\"mark x\"><title>X</title>")
                picture.line(cx - 18, cy - 18, cx + 18, cy + 18, stroke=colour, width=6)
                picture.line(cx - 18, cy + 18, cx + 18, cy - 18, stroke=colour, width=6)
                picture.add("</g>")
            elif mark == "O":
                picture.add(f"<circle cx=\"{cx}\" cy=\"{cy}\" r=\"19\" fill=\"none\" stroke=\"{player_colour(1)}\" "
                            "stroke-width=\"6\" class=\"mark o\"><title>O</title></circle>")
        picture.text(MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 5, str(3 - r), size=14, anchor="middle")
    for c in range(3):
        picture.text(MARGIN + c * CELL + CELL / 2, MARGIN + 3 * CELL + 18, "abc"[c], size=14, anchor="middle")
    picture.text(MARGIN, 2 * MARGIN + 3 * CELL + 14, _status(board, state.get("to_move")), size=12)
    return picture


def _status(board: list[str], to_move: int | None) -> str:
    """'X to move', 'O wins' or 'draw' (the position JSON may leave out to_move: then the marks tell)."""
    cells = "".join(board)
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for a, b, c in lines:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return f"{cells[a]} wins"
    if "." not in cells:
        return "draw"
    if to_move is None:
        to_move = (9 - cells.count(".")) % 2
    return f"{'XO'[to_move]} to move"
