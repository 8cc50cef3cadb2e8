"""Honga: the 3 x 3 board (the four round fields with the disc on top of each, the mammoth herd, the
Honga figure and the tusk where they are), the trade display, the bonus pile, and each player's board
(points, resources, mammoths, mountain step, next disc, bonus cards: backs for the other players)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from cavemind.svg.draw import PANEL, Picture, player_colour, plural, status_line

WIDTH = 900
CELL_W, CELL_H = 150, 120
BOARD_X, BOARD_Y = 10, 40
FIELD_COLOURS = {"forest": "#cfe3c1", "trade": "#f2e2c4", "berry": "#e9c6d6", "mammoth": "#e6dccb",
                 "honga": "#f5d9a8", "mountain": "#d9d9d9", "fish": "#c8dcef", "water": "#d5ecf3",
                 "mushroom": "#eadfcf"}
ROUND_NAMES = ("NW", "NE", "SE", "SW")
RESOURCES = ("fish", "berry", "mushroom", "water")


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((resources.files("cavemind") / "data" / "honga" / "honga.json").read_text())
    return data


def _disc(picture: Picture, data: dict[str, Any], disc: int | None, cx: float, cy: float, r: float, cls: str) -> None:
    """A disc: grey or red, with the hands of its four quadrants (clockwise from the top left)."""
    if disc is None:
        return
    grey = len(data["grey_discs"])
    red = disc >= grey
    hands = (data["red_discs"][disc - grey] if red else data["grey_discs"][disc])
    name = f"{'R' if red else 'G'}{disc}"
    picture.circle(cx, cy, r, "#e8a39a" if red else "#c9c9c9", cls=f"disc {cls}",
                   title=f"disc {name}: hands {hands}")
    picture.line(cx - r, cy, cx + r, cy, stroke="#666")
    picture.line(cx, cy - r, cx, cy + r, stroke="#666")
    for value, (dx, dy) in zip(hands, ((-1, -1), (1, -1), (1, 1), (-1, 1)), strict=False):
        picture.text(cx + dx * r * 0.45, cy + dy * r * 0.45 + 4, value, size=r * 0.42, anchor="middle", bold=True)


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    data = _data()
    players = state["players"]
    n = len(players)
    players_top = BOARD_Y + 3 * CELL_H + 20
    picture = Picture(WIDTH, players_top + n * 92 + 10, "honga")
    status = "game over" if state["finished"] else f"turn {state['turn']}, player {state['to_move']} to move " \
                                                   f"({state['phase']})"
    picture.text(10, 22, f"Honga, {n} players, {status} ({status_line(doc)})", size=15, bold=True)

    cells = data["board_grid"]["cells"]
    centres = {}
    for i, name in enumerate(cells):
        x, y = BOARD_X + (i % 3) * CELL_W, BOARD_Y + (i // 3) * CELL_H
        centres[name] = (x, y)
        picture.rect(x, y, CELL_W, CELL_H, fill=FIELD_COLOURS.get(name, PANEL), cls=f"field {name}")
        picture.text(x + CELL_W / 2, y + 16, name, size=12, anchor="middle", bold=True)
    # The round fields are the inner corners of the centre cell, each with its top disc.
    hx, hy = centres["honga"]
    corners = {"NW": (hx, hy), "NE": (hx + CELL_W, hy), "SE": (hx + CELL_W, hy + CELL_H), "SW": (hx, hy + CELL_H)}
    for name, disc in zip(ROUND_NAMES, state["field_top"], strict=False):
        cx, cy = corners[name]
        _disc(picture, data, disc, cx, cy, 26, f"round-field {name}")
    if state["honga"] is None:
        picture.circle(hx + CELL_W / 2, hy + CELL_H / 2, 14, "#e67e22", cls="honga", title="Honga")
        picture.text(hx + CELL_W / 2, hy + CELL_H / 2 + 4, "H", size=13, anchor="middle", bold=True)
    # The herd on the mammoth field, newest first; the tusk there while nobody holds it.
    mx, my = centres["mammoth"]
    picture.text(mx + 6, my + 34, "herd (newest first):", size=10)
    for i, q in enumerate(state["herd"]):
        picture.rect(mx + 8 + i * 26, my + 42, 22, 22, fill=player_colour(q), rx=4, cls=f"mammoth herd p{q}",
                     title=f"player {q}'s mammoth")
    if state["tusk"] is None:
        picture.text(mx + 6, my + 86, "tusk", size=11, bold=True, cls="tusk")

    # Trade display and bonus pile.
    tx = BOARD_X + 3 * CELL_W + 20
    picture.text(tx, BOARD_Y + 12, "trade cards (fish, berry, mushroom, mammoth -> points)", size=12, bold=True)
    for i, card in enumerate(state["trade_slots"]):
        x = tx + i * 130
        if card is None:
            picture.rect(x, BOARD_Y + 20, 120, 70, fill="none", stroke="#999", rx=4, cls="no-card")
            continue
        f, b, m, mam, pts = data["trade_cards"][card]
        picture.card(x, BOARD_Y + 20, 120, 70, [f"trade #{card}", f"{f} fish {b} berry", f"{m} mushroom {mam} mam.",
                                                f"-> {plural(pts, 'point')}"], cls="card trade", size=10)
    picture.text(tx, BOARD_Y + 110, f"trade pile: {len(state['trade_pile'])}", size=11)
    bonus_pile = state["bonus_pile"]
    pile_count = bonus_pile if isinstance(bonus_pile, int) else sum(bonus_pile.values())
    picture.text(tx, BOARD_Y + 136, "bonus cards:", size=12, bold=True)
    if pile_count:
        picture.card_back(tx, BOARD_Y + 144, 36, 50, cls="card-back bonus-pile", title=f"{pile_count} bonus cards")
    picture.text(tx + 44, BOARD_Y + 164, f"pile: {pile_count}", size=11)
    discard = state.get("bonus_discard") or {}
    picture.text(tx + 44, BOARD_Y + 182, f"discarded: {sum(discard.values())}", size=11)
    picture.text(tx, BOARD_Y + 220, f"disc piles: {len(state['disc_pile'])} discs left", size=11)
    under = state.get("disc_under") or {}
    hidden_under = sum(1 for discs in under.values() for disc, _ in discs if disc is None)
    if any(under.values()):
        picture.text(tx, BOARD_Y + 238, f"discs under a pile: {sum(len(d) for d in under.values())}"
                                        + (f" ({hidden_under} face down)" if hidden_under else ""), size=11)
    turn = state.get("turn_state") or {}
    if state["phase"] == "act" and turn.get("field") is not None:
        uses = ", ".join(f"{v} {k}" for k, v in turn["uses"].items()) or "-"
        picture.text(tx, BOARD_Y + 262, f"this turn: disc on {turn['field']} (rotation {turn['rotation']})",
                     size=11)
        picture.text(tx, BOARD_Y + 278, f"hands left: {uses}", size=11, width=WIDTH - 10 - tx)

    for q, p in enumerate(players):
        _player(picture, data, q, p, state, 10, players_top + q * 92)
    return picture


def _player(picture: Picture, data: dict[str, Any], q: int, p: dict[str, Any], state: dict[str, Any], x: float,
            y: float) -> None:
    colour = player_colour(q)
    picture.rect(x, y, WIDTH - 20, 84, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}", stroke_width=3)
    holds = [name for name, key in (("Honga", "honga"), ("the tusk", "tusk")) if state[key] == q]
    held = f", holds {' and '.join(holds)}" if holds else ""
    picture.text(x + 8, y + 18, f"player {q}: {plural(p['score'], 'point')}{held}", size=14, bold=True, fill=colour)
    picture.text(x + 8, y + 38, "  ".join(f"{p[r]} {r}" for r in RESOURCES)
                 + f"   mountain step {p['mountain']}", size=12)
    picture.text(x + 8, y + 58, f"mammoths: {p['board_mammoths']} on the board, {p['depot_mammoths']} in the depot",
                 size=12)
    for i in range(p["board_mammoths"]):
        picture.rect(x + 290 + i * 16, y + 46, 13, 13, fill=colour, rx=2, cls=f"mammoth board p{q}")
    _disc(picture, data, p.get("disc"), x + WIDTH - 60, y + 42, 24, f"next p{q}")
    picture.text(x + 8, y + 77, "bonus cards:", size=11)
    cx = x + 84
    face_up = sum(sum(cards.values()) for cards in (p.get("bonus"), p.get("bonus_fresh")) if isinstance(cards, dict))
    # the face-up cards share the room up to the next disc: narrower (their names smaller) when there are many
    card_w = min(150, (x + WIDTH - 60 - 24 - 8 - cx) / max(1, face_up) - 3)
    for key, fresh in (("bonus", False), ("bonus_fresh", True)):
        cards = p.get(key)
        if isinstance(cards, int):
            for _ in range(cards):
                picture.card_back(cx, y + 64, 14, 18, cls=f"card-back bonus p{q}",
                                  title="a new bonus card" if fresh else "a bonus card")
                cx += 17
        else:
            for kind, count in (cards or {}).items():
                for _ in range(count):
                    picture.card(cx, y + 64, card_w, 18, [kind.replace("_", " ") + (" (new)" if fresh else "")],
                                 cls=f"card bonus p{q}", size=9)
                    cx += card_w + 3
