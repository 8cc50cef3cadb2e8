"""Stone Age: the board's places with the people placed there (a disc per person in the seat's colour),
the card display and building stacks, the deck, and one board per player (score, food, resources,
agriculture, tools, people, cards; face-down "extra card" draws as backs for the other seats)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from cavemind.svg.draw import PANEL, Picture, flow, player_colour, plural, status_line, text_width

WIDTH = 960
STEP = 16             # distance between two people in a place
RESOURCE_COLOURS = {"food": "#c0392b", "wood": "#8e5b2d", "clay": "#d9822b", "stone": "#8c8c8c", "gold": "#e1b80d"}
PLACE_LABELS = {"hunt": "hunting grounds", "forest": "forest (wood)", "claypit": "clay pit (clay)",
                "quarry": "quarry (stone)", "river": "river (gold)", "toolmaker": "tool maker", "hut": "hut",
                "field": "field", "animal": "animal"}


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

    for q, p in enumerate(players):
        top = board_h + sum(pair_heights[:q // 2]) + 10 * (q // 2)
        _player_board(picture, q, p, state, 10 + (q % 2) * 475, top, pair_heights[q // 2])
    return picture


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
                  height: float) -> None:
    colour = player_colour(q)
    picture.rect(x, y, 465, height, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}", stroke_width=3)
    start = " (start player)" if q == state["start_player"] else ""
    picture.text(x + 8, y + 18, f"player {q}{start}: {plural(p['score'], 'point')}", size=14, bold=True, fill=colour)
    for i, key in enumerate(("food", "wood", "clay", "stone", "gold")):
        cx = x + 20 + i * 62
        picture.rect(cx - 10, y + 28, 20, 20, fill=RESOURCE_COLOURS[key], rx=3, cls=f"resource {key}")
        picture.text(cx + 14, y + 43, f"{p[key]}", size=13, bold=True)
        picture.text(cx - 10, y + 60, key, size=9)
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
    if p.get("on_animal"):
        rows = max(1, -(-len(items) // CARDS_PER_ROW))
        picture.text(x + 8, y + 106 + rows * CARD_STEP_Y + 14, f"{p['on_animal']} on the animal", size=11)
