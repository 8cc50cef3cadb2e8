"""Dino Jagd: the hunting area (five periods of three spaces, the creatures in each space, each hunter's
time machine in its period), the creatures to place, the decks, and each player's energy, captured
creatures, face-up gimmicks and hand (backs for the other players)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from cavemind.svg.draw import PANEL, Picture, player_colour, plural, status_line

WIDTH = 960
ROW_LABEL_W = 170
SLOT_W = 190
CARD_H = 18


def _data() -> dict[str, Any]:
    text = (resources.files("cavemind") / "data" / "dino_jagd" / "dino_jagd.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    data = _data()
    creatures = {c["name"]: c for c in data["creatures"]}
    periods, names = data["periods"], data["period_names"]
    area = state["hunting_area"]
    heights = [max(2, max((len(slot) for slot in area.get(p, [])), default=0)) * (CARD_H + 2) + 12 for p in periods]
    players = state["players"]
    area_top = 40
    players_top = area_top + sum(heights) + 5 * 4 + 14
    picture = Picture(WIDTH, players_top + len(players) * 104 + 10, "dino_jagd")
    picture.text(10, 22, f"Dino Jagd, turn {state['turns']}, phase {state['phase']}, player {state['turn_player']} "
                         f"to play ({status_line(doc)})", size=15, bold=True)
    y = area_top
    for p, label, height in zip(periods, names, heights, strict=False):
        picture.rect(10, y, ROW_LABEL_W + 3 * SLOT_W + 8, height, fill=PANEL, rx=5, cls=f"period {p}")
        marker = " *" if state.get("kein_aussterben_marker") == p else ""
        picture.text(16, y + 16, f"{p} {label}{marker}", size=12, bold=True)
        hunters = [q for q, player in enumerate(players) if player.get("period") == p]
        for i, q in enumerate(hunters):
            picture.person(24 + i * 16, y + 30, q, r=6, cls="hunter", title=f"player {q}'s time machine")
        for k, slot in enumerate(area.get(p, [])):
            x = 10 + ROW_LABEL_W + k * SLOT_W
            picture.rect(x, y + 4, SLOT_W - 4, height - 8, fill="none", stroke="#b9a98a", rx=3, cls="hunt-space")
            for i, name in enumerate(slot):
                picture.card(x + 4, y + 8 + i * (CARD_H + 2), SLOT_W - 12, CARD_H, [_creature(creatures, name)],
                             cls="card creature", size=9, title=_creature_title(creatures, name))
        y += height + 4
    if state.get("kein_aussterben_marker"):
        picture.text(16, y + 8, "* the Kein Aussterben marker", size=10)

    x = 10 + ROW_LABEL_W + 3 * SLOT_W + 26
    picture.text(x, area_top + 12, "to place:", size=12, bold=True)
    for i, name in enumerate(state.get("to_place", [])):
        picture.card(x, area_top + 18 + i * (CARD_H + 2), 180, CARD_H, [_creature(creatures, name)],
                     cls="card to-place", size=9)
    deck = state["play_deck"]
    deck_y = area_top + 90
    picture.text(x, deck_y, "play deck:", size=12, bold=True)
    if deck.get("top"):
        picture.card(x, deck_y + 6, 180, CARD_H, [_creature(creatures, deck["top"])], cls="card deck-top", size=9)
    if deck.get("below_top"):
        picture.card_back(x, deck_y + 28, 30, 40, cls="card-back deck", title=plural(deck['below_top'], 'card'))
    picture.text(x + 36, deck_y + 52, f"{deck.get('below_top', 0)} below", size=11)
    special = state.get("special_deck")
    special_count = len(special) if isinstance(special, list) else state.get("special_deck_count", 0)
    picture.text(x, deck_y + 90, "gimmick deck:", size=12, bold=True)
    if special_count:
        picture.card_back(x, deck_y + 96, 30, 40, cls="card-back gimmick-deck", title=plural(special_count, "card"))
    discarded = len(state.get("special_discard", []))
    picture.text(x + 36, deck_y + 120, f"{plural(special_count, 'card')}, {discarded} discarded", size=11)
    picture.text(x, deck_y + 150, f"creatures discarded: {len(state.get('dinosaur_discards_seen', []))}", size=11)

    for q, player in enumerate(players):
        _player(picture, q, player, 10, players_top + q * 104)
    return picture


def _creature(creatures: dict[str, Any], name: str) -> str:
    info = creatures.get(name)
    if info is None:
        return name
    return f"{name} {'C' if info['carnivore'] else 'H'} {info['points']}p/{info['cost']}e"


def _creature_title(creatures: dict[str, Any], name: str) -> str:
    info = creatures.get(name)
    if info is None:
        return name
    return (f"{name}: {'carnivore' if info['carnivore'] else 'herbivore'}, {info['points']} points, "
            f"costs {info['cost']} energy, hunt {info['hunt']}")


def _player(picture: Picture, q: int, p: dict[str, Any], x: float, y: float) -> None:
    colour = player_colour(q)
    picture.rect(x, y, WIDTH - 20, 96, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}", stroke_width=3)
    picture.text(x + 8, y + 18,
                 f"player {q}: {plural(p['captured_points'], 'point')}, energy {p['energy']}, in {p['period']}",
                 size=14, bold=True, fill=colour)
    captured = p.get("captured", [])
    listed = ", ".join(captured) or "-"
    if len(listed) > 150:        # keep to one line; the count says how many there are
        listed = listed[:listed.rfind(", ", 0, 140)] + ", ..."
    picture.text(x + 8, y + 36, f"captured ({len(captured)}): {listed}", size=10, cls=f"captured p{q}")
    picture.text(x + 8, y + 58, "face up:", size=11)
    cx = x + 60
    for name in p.get("face_up", []):
        picture.card(cx, y + 44, 110, 20, [name], cls=f"card gimmick p{q}", size=9)
        cx += 113
    picture.text(x + 8, y + 84, "hand:", size=11)
    cx = x + 60
    if "hand" in p:
        for name in p["hand"]:
            picture.card(cx, y + 70, 110, 20, [name], cls=f"card hand p{q}", size=9)
            cx += 113
    else:
        for _ in range(p.get("hand_count", 0)):
            picture.card_back(cx, y + 70, 16, 22, cls=f"card-back hand p{q}")
            cx += 19
