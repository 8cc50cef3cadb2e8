"""Honga: the 3 x 3 board (the four round fields with the disc on top of each, the mammoth herd, the
Honga figure and the tusk where they are), the trade display, the bonus pile, the two discs drawn with Extra
disc (for the player who drew them), and each player's board (points, resources, mammoths, mountain step, next
disc, bonus cards: backs for the other players).

What a move names is classed `<kind> <target>` for the web page (python/cavemind/web/static/app.js), which makes
it clickable for the legal moves whose names hold the target's words, split at "-", in a row: the action fields
`field <field>` (`forest`, `trade 2 #17`), while a disc is placed the four quarters around each round field
`place <field>/<rotation>` (`place NW/1 (forest2,trade1,honga1)`), the two discs drawn with Extra disc
`item <disc>` (`keep G10[2020]`), and on the board of the player to move the bonus cards played by a `bonus ...`
move `item bonus` (the move names the card by one word with "-" in it, which no target can hold)."""
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
# Around a round field, the cells clockwise from the top-left one as (column, row) steps from the corner it lies
# on: the disc's quarters are drawn in this order, and a disc turned r times gives its quarter q to cell q + r.
AROUND_CORNER = ((-1, -1), (0, -1), (0, 0), (-1, 0))
DISC_R = 26           # a disc on a round field
# The bonus cards a `bonus ...` move plays; Good trade and the swap card are played with a trade (`trade 2 #5+good`).
PLAYED_BONUS = ("two_points", "chase_honga", "lucky_hand", "lucky_hand_or_honga", "extra_disc", "sated_mammoths",
                "caveman_or_honga", "bought_points")
RESOURCES = ("fish", "berry", "mushroom", "water")


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((resources.files("cavemind") / "data" / "honga" / "honga.json").read_text())
    return data


def _hands(data: dict[str, Any], disc: int) -> list[int]:
    """The hands on a disc's four quarters, clockwise from the top left."""
    grey = len(data["grey_discs"])
    hands: list[int] = data["red_discs"][disc - grey] if disc >= grey else data["grey_discs"][disc]
    return hands


def _disc_name(data: dict[str, Any], disc: int) -> str:
    """'G10' or 'R30', as the moves name a disc (the id counts the grey discs first)."""
    return f"{'R' if disc >= len(data['grey_discs']) else 'G'}{disc}"



def _disc(picture: Picture, data: dict[str, Any], disc: int | None, cx: float, cy: float, r: float, cls: str) -> None:
    """A disc: grey or red, with the hands of its four quadrants (clockwise from the top left)."""
    if disc is None:
        return
    red = disc >= len(data["grey_discs"])
    hands = _hands(data, disc)
    name = _disc_name(data, disc)
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
        _disc(picture, data, disc, cx, cy, DISC_R, f"round-field {name}")
    placing = state["players"][state["to_move"]] if state["phase"] == "place" and not state["finished"] else None
    if placing is not None and placing.get("disc") is not None:
        for name, (cx, cy) in corners.items():
            _rotations(picture, data, cells, placing["disc"], name, cx, cy)
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
    if state["phase"] == "keep":
        _drawn_discs(picture, data, turn.get("drawn_discs") or [], tx, BOARD_Y + 250)
    if state["phase"] == "act" and turn.get("field") is not None:
        uses = ", ".join(f"{v} {k}" for k, v in turn["uses"].items()) or "-"
        picture.text(tx, BOARD_Y + 262, f"this turn: disc on {turn['field']} (rotation {turn['rotation']})",
                     size=11)
        picture.text(tx, BOARD_Y + 278, f"hands left: {uses}", size=11, width=WIDTH - 10 - tx)

    for q, p in enumerate(players):
        _player(picture, data, q, p, state, 10, players_top + q * 92)
    return picture


def _rotations(picture: Picture, data: dict[str, Any], cells: list[str], disc: int, name: str, cx: float,
               cy: float) -> None:
    """The four places of `place <name>/<r>` on the round field at (cx, cy): the quarter of the spot that the
    disc's top-left quarter turns to (r quarter turns clockwise), invisible, its title the hands each field gets."""
    column, row = round((cx - BOARD_X) / CELL_W), round((cy - BOARD_Y) / CELL_H)
    around = [cells[(row + dy) * 3 + column + dx] for dx, dy in AROUND_CORNER]
    hands = _hands(data, disc)
    for rotation, (dx, dy) in enumerate(AROUND_CORNER):
        gets: dict[str, int] = {}
        for quarter, count in enumerate(hands):
            if count:
                field = around[(quarter + rotation) % 4]
                gets[field] = gets.get(field, 0) + count
        given = ", ".join(f"{field} {count}" for field, count in gets.items()) or "no hands"
        turned = f"turned {plural(rotation, 'quarter')} clockwise" if rotation else "as it lies"
        picture.click_target(cx + dx * DISC_R, cy + dy * DISC_R, DISC_R, DISC_R, f"place {name}/{rotation} rotation",
                   f"place {_disc_name(data, disc)} on {name}, {turned}: {given}")


def _drawn_discs(picture: Picture, data: dict[str, Any], drawn: list[int | None], x: float, y: float) -> None:
    """The two discs drawn with Extra disc, as the viewer knows them (only their drawer does), each the place of
    the move that keeps it (`keep G10[2020]`)."""
    known = [disc for disc in drawn if disc is not None]
    if not known:
        return
    picture.text(x, y + 12, "extra disc: keep one", size=11, bold=True)
    for i, disc in enumerate(known):
        cx, cy = x + 30 + i * 66, y + 50
        _disc(picture, data, disc, cx, cy, 24, "drawn")
        target = f"{_disc_name(data, disc)}[{''.join(map(str, _hands(data, disc)))}]"
        picture.circle(cx, cy, 24, "transparent", cls=f"item {target.lower()} drawn-disc", stroke="none",
                       title=f"keep {target}: hands {'-'.join(map(str, _hands(data, disc)))} clockwise from the "
                             "top left")


def _player(picture: Picture, data: dict[str, Any], q: int, p: dict[str, Any], state: dict[str, Any], x: float,
            y: float) -> None:
    """Player q's board; on the board of the player to move, the bonus cards a `bonus ...` move plays are classed
    for the page."""
    colour = player_colour(q)
    to_move = q == state["to_move"] and not state["finished"]
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
                    # a card drawn this turn is played from the next one on
                    if to_move and not fresh and kind in PLAYED_BONUS:
                        picture.click_target(cx, y + 64, card_w, 18, f"item bonus p{q}",
                                   f"bonus card {kind.replace('_', ' ')}: play it")
                    cx += card_w + 3
