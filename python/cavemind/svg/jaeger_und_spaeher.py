"""Jäger und Späher: the face-up locations (every space in its material's colour, covered spaces under a
stone, the members standing there), the Holy Places, the three display rows of characters, the two location
piles, and each player's tribe (points, hunger, members on the tribe card, in the camp and the reserve,
characters, objects: the other player's objects and face-down discards as backs).

What a move names is classed `<kind> <target>` for the web page (python/cavemind/web/static/app.js), which makes
it clickable for the legal moves whose names hold the target's words, split at "-", in a row: the locations
`location <card>` (`place W3`, `take back H2`), their spaces `space <material>` (`cover wood`), the Holy Places,
the display's rows by their label and their free card `place row-<a|b|c>` (`take row a`, `put row a`), the
location piles `place wilderness` and `place hunting-ground` (`reveal hunting ground`), and on the board of the
player to move the characters in hand `item <character>` (`play great_hunter`) and the face-down objects
`item <object>` (`keep spear`, `create hand_axe`)."""
from __future__ import annotations

import json
from importlib import resources
from itertools import groupby
from typing import Any

from cavemind.svg.draw import PANEL, Picture, player_colour, plural, status_line, text_width, wrap

WIDTH = 960
MATERIAL_COLOURS = {"meat": "#c0392b", "hide": "#b07d4f", "stone": "#8c8c8c", "wood": "#6b4423", "clay": "#d9822b",
                    "fruit": "#7cb342", "points": "#f1c40f"}
LOC_W, LOC_H, PER_ROW = 152, 66, 6


def _cards() -> dict[str, Any]:
    cards: dict[str, Any] = json.loads((resources.files("cavemind") / "data" / "jaeger_und_spaeher" / "cards.json")
                                       .read_text())
    return cards


def _spaces() -> dict[str, list[str]]:
    data = _cards()
    return {card["name"]: card["spaces"] for card in data["wilderness"] + data["hunting_grounds"]}


def _object_titles() -> dict[str, str]:
    """'spear: costs 1 wood, 1 stone, 1 point' by object name: what keeping or creating it is about."""
    return {card["name"]: f"{card['name'].replace('_', ' ')}: costs "
                          + ", ".join(f"{n} {material}" for material, n in card["cost"].items())
                          + f", {plural(card['points'], 'point')}"
            for card in _cards()["objects"]}



def _members(picture: Picture, members: list[int], x: float, y: float) -> None:
    i = 0
    for q, count in enumerate(members):
        for _ in range(count):
            picture.person(x + i * 15, y, q, r=6, cls="member")
            i += 1


def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    options = doc.get("options", {})
    locations, holy = state["locations"], state["holy_places"]
    loc_rows = (len(locations) + PER_ROW - 1) // PER_ROW
    board_top = 58
    holy_top = board_top + loc_rows * (LOC_H + 6) + 8
    display_top = holy_top + (60 if holy else 0)
    players_top = display_top + 118
    board_heights = [_player_height(p) for p in state["players"]]
    picture = Picture(WIDTH, players_top + sum(board_heights) + 8 * len(board_heights) + 2, "jaeger_und_spaeher")
    if state["terminal"]:
        turn = f"game over, winner: {state['winner']}"
    else:
        turn = f"player {state['to_move']} to move ({state['phase'].replace('_', ' ')})"
    picture.text(10, 22, f"Jäger und Späher ({options.get('variant', 'normal')}), turn {state['turn']}, {turn} "
                         f"({status_line(doc)})", size=15, bold=True)

    # The key to the space colours; a grey stone marks a covered space.
    for i, (material, colour) in enumerate(MATERIAL_COLOURS.items()):
        picture.rect(10 + i * 90, 34, 12, 12, fill=colour, rx=2)
        picture.text(26 + i * 90, 44, material, size=11)
    picture.circle(10 + 7 * 90 + 6, 40, 6, "#5f5f5f", stroke="#fff")
    picture.text(26 + 7 * 90, 44, "covered", size=11)
    spaces = _spaces()
    for i, loc in enumerate(locations):
        x = 10 + (i % PER_ROW) * (LOC_W + 6)
        y = board_top + (i // PER_ROW) * (LOC_H + 6)
        card = loc["card"]
        kind = "hunting ground" if card.startswith("H") else "wilderness"
        marked = loc["slot"] in (state.get("current_slot"), state.get("revealed_slot"))
        picture.rect(x, y, LOC_W, LOC_H, fill="#e8efe0" if kind == "wilderness" else PANEL, rx=5,
                     cls=f"location {card}", stroke_width=3 if marked else 1,
                     title=f"{card}: {kind}, slot {loc['slot']}")
        picture.text(x + 5, y + 14, card, size=12, bold=True)
        if loc.get("locked"):
            picture.text(x + LOC_W - 5, y + 14, f"{loc['locked']} locked", size=9, anchor="end")
        for k, material in enumerate(spaces.get(card, [])):
            sx = x + 5 + k * 24
            picture.rect(sx, y + 20, 20, 20, fill=MATERIAL_COLOURS.get(material, "#fff"), rx=2,
                         cls=f"space {material}", title=material)
            if k in loc["covered"]:
                picture.circle(sx + 10, y + 30, 8, "#5f5f5f", cls="cover-stone", stroke="#fff",
                               title=f"{material}, covered")
        _members(picture, loc["members"], x + 12, y + 53)

    if holy:
        picture.text(10, holy_top + 12, "Holy Places", size=13, bold=True)
        for i, place in enumerate(holy):
            x = 110 + i * 200
            picture.rect(x, holy_top, 190, 46, fill="#f3e5f5", rx=5, cls=f"holy-place {place['place']}")
            picture.text(x + 5, holy_top + 14, place["place"].replace("_", " "), size=11, bold=True)
            _members(picture, place["members"], x + 12, holy_top + 32)

    picture.text(10, display_top + 14, "display (take the free card at the end of a row)", size=13, bold=True)
    for r, row in enumerate(state["display"]):
        y = display_top + 22 + r * 30
        letter = "abc"[r]
        picture.text(10, y + 17, f"row {letter}", size=12, bold=True)
        for k, name in enumerate(row):
            picture.card(60 + k * 86, y, 82, 26, [name.replace("_", " ")], cls="card character", size=10)
        # `take row a` takes the free card at the row's end, `put row a` puts the played card there
        picture.click_target(8, y, 48, 26, f"place row-{letter}", f"row {letter}")
        if row:
            picture.click_target(60 + (len(row) - 1) * 86, y, 82, 26, f"place row-{letter} free-card",
                       f"row {letter}: its free card, {row[-1].replace('_', ' ')}", rx=4)

    pile = state["object_pile"]
    pile_count = pile if isinstance(pile, int) else sum(pile.values())
    px = WIDTH - 300         # room beside the display's rows for the pile and what was gathered
    picture.card_back(px, display_top + 22, 40, 56, cls="card-back pile", title=f"object pile: {pile_count}")
    picture.text(px + 48, display_top + 40, f"object pile: {pile_count}", size=12)
    if state.get("gathered"):
        gathered = ", ".join(f"{v} {k}" for k, v in state["gathered"].items())
        picture.text(px + 48, display_top + 58, f"gathered: {gathered}", size=11, width=WIDTH - 10 - px - 48)
    if state.get("location_discards"):
        picture.text(px + 48, display_top + 76, f"locations discarded: {len(state['location_discards'])}", size=11)
    # The face-down location piles, which `reveal wilderness` and `reveal hunting ground` draw from.
    for i, (pile, label) in enumerate((("wilderness", "wilderness pile"), ("hunting-ground", "hunting ground pile"))):
        x = px + i * 130
        picture.card_back(x, display_top + 84, 18, 26, cls=f"place {pile} location-pile card-back",
                          title=f"the {label}: reveal {pile.replace('-', ' ')}")
        picture.text(x + 24, display_top + 101, label, size=11)

    board_y: float = players_top
    mover = None if state["terminal"] else state["to_move"]
    for q, p in enumerate(state["players"]):
        _player(picture, q, p, 10, board_y, board_heights[q], q == mover)
        board_y += board_heights[q] + 8
    return picture


BOARD_W = WIDTH - 20                 # a player's board
LINE_H = 20                          # a line of text on it
OBJECT_W, OBJECT_H, BACK_W = 74, 30, 22
ROW_LEFT = 64                        # where the rows of object cards start, after their label


def _object_cards(objects: dict[str, Any]) -> list[str | None]:
    """One entry per object card: its name (`hand_axe`), or None for one drawn face down (a back)."""
    if "hidden" in objects:
        return [None] * objects["hidden"]
    return [name for name, count in objects.items() for _ in range(count)]


def _per_row(cards: list[str | None]) -> int:
    step = (BACK_W if cards and cards[0] is None else OBJECT_W) + 3
    return max(1, int((BOARD_W - ROW_LEFT - 8) // step))


def _card_rows(cards: list[str | None]) -> int:
    return max(1, -(-len(cards) // _per_row(cards)))


def _listed(counts: dict[str, int]) -> str:
    return ", ".join(f"{name.replace('_', ' ')} x{n}" for name, n in counts.items())


def _player_lines(p: dict[str, Any]) -> tuple[list[str], list[str] | None]:
    """The board's wrapped text lines: the characters, and the face-down discards (None when they are backs)."""
    characters = wrap("characters: " + (_listed(p["characters"]) or "-"), BOARD_W - 16, 11)
    discards = p["discarded_face_down"]
    if "hidden" in discards:
        return characters, None
    return characters, wrap(f"discarded face down: {sum(discards.values())}" + (f": {_listed(discards)}"
                                                                              if discards else ""), BOARD_W - 16, 11)


def _player_height(p: dict[str, Any]) -> float:
    characters, discards = _player_lines(p)
    rows = _card_rows(_object_cards(p["objects"])) + _card_rows(_object_cards(p["created"]))
    discard_h = OBJECT_H + 6 if discards is None else LINE_H * len(discards)
    return 44 + LINE_H * len(characters) + rows * (OBJECT_H + 4) + discard_h + 6


def _objects(picture: Picture, cards: list[str | None], q: int, kind: str, label: str, x: float,
             y: float, clickable: bool = False) -> float:
    """A label and object cards after it (face up: name; hidden: backs) in rows; returns the y below them. The
    face-up cards of a `clickable` row are the places of the moves that name them (`keep spear`, `create spear`)."""
    picture.text(x + 8, y + 20, label, size=11)
    per_row = _per_row(cards)
    titles = _object_titles() if clickable else {}
    for i, name in enumerate(cards):
        cx, cy = x + ROW_LEFT + (i % per_row) * ((BACK_W if name is None else OBJECT_W) + 3), y + (i // per_row) * 34
        if name is None:
            picture.card_back(cx, cy, BACK_W, OBJECT_H, cls=f"card-back {kind} p{q}")
        else:
            picture.card(cx, cy, OBJECT_W, OBJECT_H, [name.replace("_", " ")], cls=f"card {kind} p{q}", size=9)
            if clickable:
                picture.click_target(cx, cy, OBJECT_W, OBJECT_H, f"item {name} p{q}", titles.get(name, name), rx=4)
    return y + _card_rows(cards) * (OBJECT_H + 4)


def _characters(picture: Picture, p: dict[str, Any], q: int, x: float, y: float, lines: list[str],
                to_move: bool) -> float:
    """The characters in hand as the wrapped `lines` say them, each character's words a text of their own, so that
    on the board of the player `to_move` each can be the place of `play <character>`; returns the last line's y."""
    # whose the words of the lines are, in order: "characters:" (and "-" for none) nobody's
    owners: list[str | None] = [None] if p["characters"] else [None, None]
    for name, count in p["characters"].items():
        owners += [name] * len(f"{name.replace('_', ' ')} x{count}".split(" "))
    words_owners = iter(owners)
    for line in lines:
        y += LINE_H
        left = x
        owned = [(word, next(words_owners)) for word in line.split(" ")]
        for name, words in groupby(owned, key=lambda word_owner: word_owner[1]):
            piece = " ".join(word for word, _ in words)
            picture.text(left, y, piece, size=11)
            if to_move and name is not None:
                picture.click_target(left - 1, y - 10, text_width(piece, 11) + 2, 13, f"item {name} p{q}",
                           f"{name.replace('_', ' ')}: {plural(p['characters'][name], 'card')} in hand, play it")
            left += text_width(f"{piece} ", 11)
    return y


def _player(picture: Picture, q: int, p: dict[str, Any], x: float, y: float, height: float, to_move: bool) -> None:
    """Player q's board; on the board of the player `to_move`, what the moves name is classed for the page (the
    characters in hand, the face-down objects)."""
    colour = player_colour(q)
    picture.rect(x, y, BOARD_W, height, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}",
                 stroke_width=3)
    picture.text(x + 8, y + 18, f"player {q}: {plural(p['points'], 'point')}, {p['hunger']} hunger", size=14, bold=True,
                 fill=colour)
    bonus = p.get("bonus_spaces_passed") or []
    if bonus:
        picture.text(x + 300, y + 18, f"bonus spaces passed: {', '.join(map(str, bonus))}", size=11,
                     width=BOARD_W - 308)
    cx = x + 8
    for label, key in (("tribe card", "tribe_card"), ("camp", "camp"), ("reserve", "reserve")):
        picture.text(cx, y + 38, f"{label}:", size=11)
        cx += text_width(f"{label}:", 11) + 10
        for _ in range(p[key]):
            picture.person(cx, y + 34, q, r=5, cls=f"home-{key.replace('_', '-')}")
            cx += 12
        cx += 14
    characters, discards = _player_lines(p)
    line_y = _characters(picture, p, q, x + 8, y + 38, characters, to_move)
    row_y = _objects(picture, _object_cards(p["objects"]), q, "object", "objects:", x, line_y + 6, to_move)
    row_y = _objects(picture, _object_cards(p["created"]), q, "created", "created:", x, row_y)
    if discards is None:
        hidden = p["discarded_face_down"]["hidden"]
        picture.text(x + 8, row_y + 18, f"discarded face down: {hidden}", size=11)
        if hidden:
            picture.card_back(x + 150, row_y + 2, BACK_W, OBJECT_H, cls=f"card-back discards p{q}",
                              title=f"{hidden} face down")
    else:
        for line in discards:
            row_y += LINE_H
            picture.text(x + 8, row_y - 2, line, size=11, cls=f"discards p{q}")
