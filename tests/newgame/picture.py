"""Dice hunt's picture: each seat's card (a back where the observer cannot see it) and points."""
from __future__ import annotations

from typing import Any

from cavemind.svg.draw import Picture, player_colour, status_line

CARD_W, CARD_H = 60, 84
SEAT_W = 110


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    n = len(state["cards"])
    picture = Picture(20 + n * SEAT_W, 190, "dice_hunt")
    picture.text(10, 20, f"Dice hunt, {state['round']} rounds played, {status_line(doc)}", size=13, bold=True)
    for seat, card in enumerate(state["cards"]):
        x = 10 + seat * SEAT_W + (SEAT_W - CARD_W) / 2
        picture.text(x + CARD_W / 2, 44, f"player {seat}", size=12, anchor="middle", fill=player_colour(seat),
                     bold=True)
        if card == "?":
            picture.card_back(x, 52, CARD_W, CARD_H, title=f"player {seat}'s card, not seen")
        elif card is None:
            picture.rect(x, 52, CARD_W, CARD_H, fill="none", rx=4, stroke="#999", cls="no-card")
        else:
            picture.card(x, 52, CARD_W, CARD_H, [str(card)], cls=f"card p{seat}", size=28)
        picture.text(x + CARD_W / 2, 156, f"{state['points'][seat]} points", size=11, anchor="middle",
                     cls=f"points p{seat}")
    return picture
