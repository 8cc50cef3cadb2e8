"""Dino Jagd: the hunting area (five periods of three spaces, the creatures in each space, each hunter's
time machine in its period), the creatures to place, the decks, and each player's energy, captured
creatures, face-up gimmicks and hand (backs for the other players).

What a move names is classed `<kind> <target>` for the web page (python/cavemind/web/static/app.js), which makes
it clickable for the legal moves whose names hold the target's words, split at "-", in a row: the periods
`period <period>` (`travel EK`, `Aussterben EK`), the spaces and the topmost creature of each `space <space>`
(`place Troodon LK1`, `hunt Troodon LK1`), the creatures to place `item <creature>`, and on the board of the
player to move the special cards they play, in hand or face up, `item <card>` (`Glueckstreffer`,
`Zeitschleife Troodon`, `Kein Aussterben T` by `item kein-aussterben`)."""
from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from cavemind.svg.draw import PANEL, Picture, player_colour, plural, status_line

WIDTH = 960
ROW_LABEL_W = 170
SLOT_W = 190
CARD_H = 18
# The special cards a move plays, by name; the bonus cards (Praemien) and the Experts are never played.
PLAYED_KINDS = ("one-use", "gimmick")


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
    to_place = state.get("to_place", [])
    # The decks stand below the creatures to place, however many there are.
    deck_y = area_top + max(90, 18 + len(to_place) * (CARD_H + 2) + 18)
    players_top = max(area_top + sum(heights) + 5 * 4, deck_y + 156) + 14
    board_heights = [_player_height(player) for player in players]
    picture = Picture(WIDTH, players_top + sum(board_heights) + 8 * len(players) + 2, "dino_jagd")
    picture.text(10, 22, f"Dino Jagd, turn {state['turns']}, phase {state['phase']}, player {state['turn_player']} "
                         f"to play ({status_line(doc)})", size=15, bold=True, width=WIDTH - 20)
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
            space = f"{p}{k + 1}"
            # While creatures wait to be placed, the space is filled, though invisibly, so that a click anywhere in it
            # reaches it (`place Troodon LK1`); else the clicks beside its creatures go to the period (`travel LK`).
            picture.rect(x, y + 4, SLOT_W - 4, height - 8, fill="transparent" if to_place else "none",
                         stroke="#b9a98a", rx=3, cls=f"space {space} hunt-space",
                         title=f"space {space}: {plural(len(slot), 'creature')}")
            for i, name in enumerate(slot):
                picture.card(x + 4, y + 8 + i * (CARD_H + 2), SLOT_W - 12, CARD_H, [_creature(creatures, name)],
                             cls="card creature", size=9, title=_creature_title(creatures, name))
            if slot:
                # only the topmost creature, the last one laid, is hunted (`hunt Troodon LK1`)
                picture.click_target(x + 4, y + 8 + (len(slot) - 1) * (CARD_H + 2), SLOT_W - 12, CARD_H,
                           f"space {space} topmost", f"{space}, topmost: {_creature_title(creatures, slot[-1])}")
        y += height + 4
    if state.get("kein_aussterben_marker"):
        picture.text(16, y + 8, "* the Kein Aussterben marker", size=10)

    x = 10 + ROW_LABEL_W + 3 * SLOT_W + 26
    picture.text(x, area_top + 12, "to place:", size=12, bold=True)
    for i, name in enumerate(to_place):
        picture.card(x, area_top + 18 + i * (CARD_H + 2), 180, CARD_H, [_creature(creatures, name)],
                     cls="card to-place", size=9)
        picture.click_target(x, area_top + 18 + i * (CARD_H + 2), 180, CARD_H, f"item {name.lower()} to-place",
                   f"to place: {_creature_title(creatures, name)}")
    deck = state["play_deck"]
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

    board_y: float = players_top
    mover = doc.get("to_move")
    played = {card["name"]: card["text"] for card in data["specials"] if card["kind"] in PLAYED_KINDS}
    for q, (player, board_height) in enumerate(zip(players, board_heights, strict=True)):
        _player(picture, q, player, 10, board_y, board_height, played if q == mover else {})
        board_y += board_height + 8
    return picture



def _card_target(name: str, held: list[str]) -> str | None:
    """The target of a special card: its name in lower case, its words joined by "-" (`kein-aussterben`). The
    target of Aussterben also names every `Kein Aussterben T`; while the hand holds both, it is left to the periods,
    the places of its moves too."""
    if name == "Aussterben" and "Kein Aussterben" in held:
        return None
    return "-".join(name.lower().split())


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


GIMMICK_W, GIMMICK_H = 128, 20                       # a face-up gimmick card on a player's board
BACK_W, BACK_H = 16, 22                              # a hidden one
ROW_LEFT = 60                                        # where the rows of cards start, after their label
ROW_WIDTH = WIDTH - 20 - ROW_LEFT - 8


def _per_row(step: float) -> int:
    return max(1, int(ROW_WIDTH // step))


def _rows(count: int, step: float) -> int:
    """How many rows `count` cards `step` apart take on a player's board (at least one, for the label)."""
    return max(1, -(-count // _per_row(step)))


def _player_height(p: dict[str, Any]) -> float:
    """A player's board: the title and captured lines, then the face-up row(s) and the hand row(s)."""
    face_up = _rows(len(p.get("face_up", [])), GIMMICK_W + 3) * (GIMMICK_H + 4)
    if "hand" in p:
        hand = _rows(len(p["hand"]), GIMMICK_W + 3) * (GIMMICK_H + 4)
    else:
        hand = _rows(p.get("hand_count", 0), BACK_W + 3) * (BACK_H + 2)
    return 44 + face_up + 4 + hand + 2


def _card_row(picture: Picture, label: str, x: float, y: float, count: int, step: float, row_h: float,
              draw_card: Callable[[int, float, float], None]) -> float:
    """A label and `count` cards after it, `step` apart, in as many rows as they need; returns the y below."""
    picture.text(x + 8, y + 14, label, size=11)
    per_row = _per_row(step)
    for i in range(count):
        draw_card(i, x + ROW_LEFT + (i % per_row) * step, y + (i // per_row) * row_h)
    return y + _rows(count, step) * row_h


def _player(picture: Picture, q: int, p: dict[str, Any], x: float, y: float, height: float,
            played: dict[str, str]) -> None:
    """Player q's board; the cards named in `played` (the player to move's: the cards moves play, by name, with
    their texts) are the places of the moves that play them."""
    colour = player_colour(q)
    picture.rect(x, y, WIDTH - 20, height, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}",
                 stroke_width=3)
    picture.text(x + 8, y + 18,
                 f"player {q}: {plural(p['captured_points'], 'point')}, energy {p['energy']}, in {p['period']}",
                 size=14, bold=True, fill=colour)
    captured = p.get("captured", [])
    listed = ", ".join(captured) or "-"
    picture.text(x + 8, y + 36, f"captured ({len(captured)}): {listed}", size=10, cls=f"captured p{q}",
                 width=WIDTH - 36)       # one line: the count says how many there are when it is cut short
    face_up = p.get("face_up", [])
    held = face_up + p.get("hand", [])

    def special(cards: list[str], cls: str) -> Callable[[int, float, float], None]:
        def draw_card(i: int, cx: float, cy: float) -> None:
            picture.card(cx, cy, GIMMICK_W, GIMMICK_H, [cards[i]], cls=cls, size=9)
            target = _card_target(cards[i], held) if cards[i] in played else None
            if target:
                # (the title names the card only: its rules text names other cards, such as the Kein
                # Aussterben marker, which a test of hidden information could not tell from an opponent's card)
                picture.click_target(cx, cy, GIMMICK_W, GIMMICK_H, f"item {target} p{q}", f"play {cards[i]}")
        return draw_card

    row_y = _card_row(picture, "face up:", x, y + 44, len(face_up), GIMMICK_W + 3, GIMMICK_H + 4,
                      special(face_up, f"card gimmick p{q}"))
    if "hand" in p:
        hand = p["hand"]
        _card_row(picture, "hand:", x, row_y + 4, len(hand), GIMMICK_W + 3, GIMMICK_H + 4,
                  special(hand, f"card hand p{q}"))
    else:
        _card_row(picture, "hand:", x, row_y + 4, p.get("hand_count", 0), BACK_W + 3, BACK_H + 2,
                  lambda i, cx, cy: picture.card_back(cx, cy, BACK_W, BACK_H, cls=f"card-back hand p{q}"))
