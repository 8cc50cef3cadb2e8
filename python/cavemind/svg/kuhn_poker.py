"""Kuhn poker: each seat's card (a back where the observer cannot see it), chips in the pot, the betting."""
from __future__ import annotations

from typing import Any

from cavemind.svg.draw import Picture, player_colour, status_line

CARD_W, CARD_H = 60, 84
SEAT_W = 110


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    cards, history = state["cards"], state["history"]
    n = len(cards)
    width = 20 + n * SEAT_W
    picture = Picture(width, 216, "kuhn_poker")
    # The title on two lines: on one it is wider than two seats.
    picture.text(10, 20, f"Kuhn poker, {n} players", size=13, bold=True)
    picture.text(10, 36, status_line(doc), size=11)
    pot = _chips(n, history)
    top = 68
    for seat, card in enumerate(cards):
        x = 10 + seat * SEAT_W + (SEAT_W - CARD_W) / 2
        picture.text(x + CARD_W / 2, top - 8, f"player {seat}", size=12, anchor="middle", fill=player_colour(seat),
                     bold=True)
        if card == "?":
            picture.card_back(x, top, CARD_W, CARD_H, title=f"player {seat}'s card, not seen")
        elif card is None:
            picture.rect(x, top, CARD_W, CARD_H, fill="none", rx=4, stroke="#999", cls="no-card")
        else:
            picture.card(x, top, CARD_W, CARD_H, [card], cls=f"card p{seat}", size=28)
        picture.text(x + CARD_W / 2, top + CARD_H + 20, f"{pot[seat]} in the pot", size=11, anchor="middle")
    words = {"p": "pass", "b": "bet"}
    picture.text(10, top + CARD_H + 50, "betting: " + (", ".join(words.get(h, h) for h in history) or "-"), size=12,
                 width=width - 20)
    return picture


def _chips(n: int, history: str) -> list[int]:
    """Each seat's chips in the pot: the ante, plus one for a bet or a call (the seats act in turn)."""
    pot = [1] * n
    for i, move in enumerate(history):
        if move == "b":
            pot[i % n] += 1
    return pot
