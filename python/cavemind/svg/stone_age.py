"""Stone Age: the board's places with the people placed there (a disc per person in the seat's colour),
the card display and building stacks, the deck, the dice bar while it is picked from, and one board per player
(score, food, resources, agriculture, tool tiles and tool cards, people, cards; face-down "extra card" draws as
backs for the other seats).

What a move names is classed `<kind> <target>` for the web page (python/cavemind/web/static/app.js), which makes
it clickable for the legal moves whose names hold the target's words, split at "-", in a row: the locations
`place <location>` (`place 3 forest`, `resolve card2`), the dice of the dice bar `item pick-<face>`, and on the
board of the player to move the resources `item <resource>` (`pay wood`, `take gold`), the unused tool tiles
`item tool-<value>` (`use tool 2`), the tool cards `item tool-card-<value>` and a kept "2 resources of choice"
card `item kept` (`take kept wood+gold`)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from cavemind.svg.draw import CARD_FACE, INK, PANEL, Picture, flow, player_colour, plural, status_line, text_width

WIDTH = 960
STEP = 16             # distance between two people in a place
RESOURCE_COLOURS = {"food": "#c0392b", "wood": "#8e5b2d", "clay": "#d9822b", "stone": "#8c8c8c", "gold": "#e1b80d"}
PLACE_LABELS = {"hunt": "hunting grounds", "forest": "forest (wood)", "claypit": "clay pit (clay)",
                "quarry": "quarry (stone)", "river": "river (gold)", "toolmaker": "tool maker", "hut": "hut",
                "field": "field", "animal": "animal"}
PAID_RESOURCES = ("wood", "clay", "stone", "gold")      # the ones moves pay and take; food is never named
TOOL = 18             # the side of a tool tile or tool card drawn on a player's board
TOOL_STEP = TOOL + 4  # from one tool to the next
DIE = 22              # the side of a die of the dice bar
KEPT_CARD = "G02"     # "2 resources of choice", which its buyer may keep and use later (`take kept wood+gold`)


def _igloos() -> dict[str, dict[str, Any]]:
    data = json.loads((resources.files("cavemind") / "data" / "stone_age" / "expansions.json").read_text())
    return {igloo["name"]: igloo for igloo in data["igloos"]}


def _card_lines(card_id: str) -> list[str]:
    """'G16', 'weaving', '1 food': the card's id, its bottom (culture or multiplier), its top."""
    from cavemind.games import compiled_module
    text: str = compiled_module("stone_age").describe_card(card_id)       # "G16 weaving / 1 food"
    head, _, top = text.partition(" / ")
    ident, _, bottom = head.partition(" ")
    return [ident, bottom.replace("_", " "), top]


def _people(picture: Picture, players: list[dict[str, Any]], place: str, x: float, y: float, w: float) -> None:
    """The people every seat has on `place`, seat by seat, in rows inside the box."""
    pieces = [q for q, p in enumerate(players) for _ in range(p["placed"].get(place, 0))]
    for (cx, cy), q in zip(flow(len(pieces), x, y, w, STEP), pieces, strict=False):
        picture.person(cx, cy, q, r=6.5, title=f"player {q} on {place}")


def _mover(doc: dict[str, Any]) -> int | None:
    """The seat to move, None at a chance node, at the end or when the position does not say."""
    mover = doc.get("to_move")
    return mover if isinstance(mover, int) and not isinstance(mover, bool) else None



def draw(doc: dict[str, Any]) -> Picture:
    state = doc["state"]
    players = state["players"]
    options = doc.get("options", {})
    n = len(players)
    igloos = bool(options.get("igloos"))
    animals = bool(options.get("wild_animals"))
    board_h = 560 + (90 if igloos or animals else 0)
    # Two boards side by side, each pair as high as the higher of the two.
    pair_heights = [max(_board_height(p) for p in players[k:k + 2]) for k in range(0, n, 2)]
    picture = Picture(WIDTH, board_h + sum(pair_heights) + 10 * len(pair_heights), "stone_age")
    actor = "game over" if state["step"].get("finished") else f"player {state['current_player']} to act"
    picture.text(10, 22, f"Stone Age, round {state['round']}, phase {state['phase'].replace('_', ' ')}, {actor} "
                         f"({status_line(doc)})", size=15, bold=True)

    def place(name: str, x: float, y: float, w: float, h: float, label: str | None = None) -> None:
        picture.rect(x, y, w, h, fill=PANEL, rx=6, cls=f"place {name}")
        picture.text(x + 6, y + 15, label or PLACE_LABELS.get(name, name), size=12, bold=True, width=w - 12)
        _people(picture, players, name, x + 4, y + 20, w - 8)

    # The gathering places: the hunting grounds hold any number, the others up to 7 people.
    place("hunt", 10, 34, 300, 84)
    for i, name in enumerate(("forest", "claypit", "quarry", "river")):
        place(name, 320 + i * 158, 34, 150, 84)
    # The village: tool maker, hut (2 people), field.
    for i, name in enumerate(("toolmaker", "hut", "field")):
        place(name, 10 + i * 158, 126, 150, 56)
    deck = state["deck"]
    picture.card_back(520, 126, 40, 56, cls="card-back deck", title=f"deck: {deck['size']} civilization cards")
    animals_in_deck = f", {plural(len(deck['animals']), 'animal')}" if deck.get("animals") else ""
    picture.text(568, 148, f"deck: {plural(deck['size'], 'card')}{animals_in_deck}", size=12)
    picture.text(568, 166, f"start player: {state['start_player']}", size=12)
    if state["phase"] == "bar_pick":
        _dice_bar(picture, state["step"]["bar"], 760, 126)

    # The display: slot i costs i + 1 resources; the people there want that card.
    picture.text(10, 204, "civilization cards (cost 1 to 4 resources)", size=13, bold=True)
    for i, card_id in enumerate(state["display"]):
        x = 10 + i * 236
        picture.rect(x, 212, 228, 150, fill=PANEL, rx=6, cls=f"place card{i + 1}")
        picture.text(x + 6, 227, f"card{i + 1} (cost {i + 1})", size=12, bold=True)
        if card_id is None:
            picture.rect(x + 8, 234, 96, 120, fill="none", rx=4, stroke="#999", cls="no-card")
        else:
            picture.card(x + 8, 234, 96, 120, _card_lines(card_id), cls="card display", size=11)
        _people(picture, players, f"card{i + 1}", x + 110, 234, 112)

    # The building stacks: the top tile face up, the tiles below it face down (nobody has seen them).
    picture.text(10, 384, "buildings", size=13, bold=True)
    for i, stack in enumerate(state["stacks"]):
        x = 10 + i * 236
        picture.rect(x, 392, 228, 150, fill=PANEL, rx=6, cls=f"place building{i + 1}")
        picture.text(x + 6, 407, f"building{i + 1} ({stack['left']} left)", size=12, bold=True)
        if stack["left"] > 1:
            picture.card_back(x + 14, 420, 90, 110, cls="card-back stack", title=f"{stack['left'] - 1} tiles below")
        if stack["top"] is not None:
            picture.card(x + 8, 414, 90, 110, ["building", *_cost_lines(stack["top"])], cls="building", size=11)
        _people(picture, players, f"building{i + 1}", x + 110, 414, 112)

    y = 552
    if igloos:
        built = set(state.get("igloos_built", []))
        for i, (name, igloo) in enumerate(_igloos().items()):
            x = 10 + i * 150
            picture.rect(x, y, 142, 80, fill=PANEL, rx=6, cls=f"place {name}")
            cost = "+".join(f"{v} {k}" for k, v in igloo["cost"].items())
            picture.text(x + 6, y + 15, f"{name}{' (built)' if name in built else ''}", size=12, bold=True)
            picture.text(x + 6, y + 30, f"{cost}, {igloo['points']} pts", size=10)
            _people(picture, players, name, x + 4, y + 36, 134)
    if animals:
        x = 620
        label = f"animal: {state['animal'] or '-'}"
        if state.get("animals_waiting"):
            label += f" (waiting: {', '.join(state['animals_waiting'])})"
        place("animal", x, y, 330, 80, label)

    mover = _mover(doc)
    for q, p in enumerate(players):
        top = board_h + sum(pair_heights[:q // 2]) + 10 * (q // 2)
        _player_board(picture, q, p, state, 10 + (q % 2) * 475, top, pair_heights[q // 2], q == mover)
    return picture


def _dice_bar(picture: Picture, bar: list[int], x: float, y: float) -> None:
    """The dice of the dice bar still to pick from (`bar`: how many show each face), each the place of the move
    `pick <face>` that takes it; every player picks one, so they are the picker's to click whoever it is."""
    from cavemind.games import compiled_module
    rewards: tuple[str, ...] = compiled_module("stone_age").BAR_REWARDS      # by face, 1 to 6
    picture.text(x, y + 14, "dice bar (pick a die)", size=12, bold=True)
    faces = [face for face in range(1, 7) for _ in range(bar[face - 1])]
    for i, face in enumerate(faces):
        dx = x + i * (DIE + 6)
        picture.rect(dx, y + 22, DIE, DIE, fill="#fff", rx=3, cls="die")
        picture.text(dx + DIE / 2, y + 22 + DIE / 2 + 5, face, size=13, anchor="middle", bold=True)
        picture.click_target(dx, y + 22, DIE, DIE, f"item pick-{face} die", f"die {face}: +1 {rewards[face - 1]}")


def _cost_lines(name: str) -> list[str]:
    """A building's cost name ('1wood+1stone+1gold', '4of2kinds', '1to7any') as short lines."""
    if "of" in name:
        count, kinds = name.split("of")
        return [f"{count} resources", f"of {kinds.replace('kinds', ' kinds').replace('kind', ' kind')}"]
    if "to" in name and "any" in name:
        return [name.replace("any", "").replace("to", " to ") + " resources", "of any kinds"]
    return [part.replace("wood", " wood").replace("clay", " clay").replace("stone", " stone").replace("gold", " gold")
            for part in name.split("+")]


CARDS_PER_ROW, CARD_STEP_X, CARD_STEP_Y = 14, 29, 21     # the small civilization cards on a player's board


def _card_count(p: dict[str, Any]) -> int:
    hidden = p["hidden_cards"]
    return len(p["cards"]) + (len(hidden) if isinstance(hidden, list) else hidden)


def _board_height(p: dict[str, Any]) -> float:
    """A player's board: 106 to its cards, their rows, and a line for the people on the animal."""
    rows = max(1, -(-_card_count(p) // CARDS_PER_ROW))
    return 106 + rows * CARD_STEP_Y + (20 if p.get("on_animal") else 0) + 12


def _player_board(picture: Picture, q: int, p: dict[str, Any], state: dict[str, Any], x: float, y: float,
                  height: float, to_move: bool) -> None:
    """Player q's board; on the board of the player `to_move`, what the moves name is classed for the page (the
    resources they pay and take, the tools they use, a kept "2 resources of choice" card)."""
    colour = player_colour(q)
    picture.rect(x, y, 465, height, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}", stroke_width=3)
    start = " (start player)" if q == state["start_player"] else ""
    picture.text(x + 8, y + 18, f"player {q}{start}: {plural(p['score'], 'point')}", size=14, bold=True, fill=colour)
    for i, key in enumerate(("food", "wood", "clay", "stone", "gold")):
        cx = x + 20 + i * 62
        if to_move and key in PAID_RESOURCES:
            picture.rect(cx - 10, y + 28, 20, 20, fill=RESOURCE_COLOURS[key], rx=3, cls=f"item {key} resource p{q}",
                         title=f"{key}: {p[key]} (pay or take {key})")
        else:
            picture.rect(cx - 10, y + 28, 20, 20, fill=RESOURCE_COLOURS[key], rx=3, cls=f"resource {key} p{q}")
        picture.text(cx + 14, y + 43, f"{p[key]}", size=13, bold=True)
        picture.text(cx - 10, y + 60, key, size=9)
    _tools(picture, q, p, x + 318, y + 29, to_move)
    tools = " ".join(f"{v}{'*' if used else ''}"
                     for v, used in zip(p["tools"], p["tools_used"], strict=False) if v) or "-"
    extra = (f", tool cards {'/'.join(map(str, p['one_use_tools']))}" if p["one_use_tools"] else "")
    picture.text(x + 8, y + 78, f"agriculture {p['agriculture']}   tools {tools}{extra}   buildings {p['buildings']}"
                 + (f"   igloos {p['igloos']}" if p.get("igloos") else ""), size=12, width=465 - 16)
    # People: the ones at home as discs, the ones out on the board as rings.
    people = f"people {p['people']} ({p['available']} at home)"
    picture.text(x + 8, y + 98, people, size=12)
    home_x = x + 8 + text_width(people, 12) + 12           # the discs after the words, however long they are
    for i in range(p["available"]):
        picture.person(home_x + i * 13, y + 94, q, r=5, cls="home")
    cards = p["cards"]
    hidden = p["hidden_cards"]
    picture.text(x + 8, y + 118, "cards:", size=11)
    # Public cards, then the face-down draws: face up for their owner, backs for the other seats.
    items = [(card_id, "civ") for card_id in cards]
    items += [(card_id, "face-down-drawn") for card_id in hidden] if isinstance(hidden, list) else [(None, "")] * hidden
    for i, (card_id, kind) in enumerate(items):
        cx, cy = x + 46 + (i % CARDS_PER_ROW) * CARD_STEP_X, y + 106 + (i // CARDS_PER_ROW) * CARD_STEP_Y
        if card_id is None:
            picture.card_back(cx, cy, 26, 18, cls=f"card-back p{q}", title="a card drawn face down")
        else:
            picture.card(cx, cy, 26, 18, [card_id], cls=f"card {kind} p{q}", size=8,
                         title="drawn face down" if kind != "civ" else None)
            if to_move and card_id == KEPT_CARD and state["step"].get("choice_kept") == q:
                picture.click_target(cx, cy, 26, 18, f"item kept p{q}",
                           f"{card_id}, 2 resources of choice, kept unused: take them now or later", rx=4)
    if p.get("on_animal"):
        rows = max(1, -(-len(items) // CARDS_PER_ROW))
        picture.text(x + 8, y + 106 + rows * CARD_STEP_Y + 14, f"{p['on_animal']} on the animal", size=11)


def _tools(picture: Picture, q: int, p: dict[str, Any], x: float, y: float, to_move: bool) -> None:
    """Player q's tool tiles (a used one grey) and one-use tool cards, each with its value, beside the resources;
    on the board of the player `to_move` the unused tiles are the places of `use tool <value>` and the cards those
    of `use tool card <value>`."""
    tiles = [(value, used) for value, used in zip(p["tools"], p["tools_used"], strict=False) if value]
    if tiles:
        picture.text(x, y + 31, "tools", size=9)
    for i, (value, used) in enumerate(tiles):
        tx = x + i * TOOL_STEP
        words = f"tool tile {value}" + (", used this round" if used else "")
        picture.rect(tx, y, TOOL, TOOL, fill="#ccc" if used else "#fff", stroke=INK, rx=3,
                     cls=f"tool p{q}" + (" used" if used else ""), title=None if to_move and not used else words)
        picture.text(tx + TOOL / 2, y + TOOL / 2 + 4, value, size=12, anchor="middle", bold=True)
        if to_move and not used:
            picture.click_target(tx, y, TOOL, TOOL, f"item tool-{value} tool p{q}", f"{words}: use tool {value}")
    cards_x = x + 3 * TOOL_STEP + 6
    if p["one_use_tools"]:
        picture.text(cards_x, y + 31, "tool cards", size=9)
    for i, value in enumerate(p["one_use_tools"]):
        tx = cards_x + i * TOOL_STEP
        words = f"one-use tool card {value}"
        picture.rect(tx, y, TOOL, TOOL, fill=CARD_FACE, rx=3, cls=f"tool-card p{q}", title=None if to_move else words)
        picture.text(tx + TOOL / 2, y + TOOL / 2 + 4, value, size=12, anchor="middle", bold=True)
        if to_move:
            picture.click_target(tx, y, TOOL, TOOL, f"item tool-card-{value} tool-card p{q}",
                       f"{words}: use tool card {value}")
