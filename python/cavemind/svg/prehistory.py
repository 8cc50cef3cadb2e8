"""Prehistory: the hex map with row and column labels as the move notation names its spaces (`rRcC`:
row R, column C, odd rows shifted right), every space's terrain, symbol and token, the members and
campsites on it; the action board (pricing tile colours, footings, pillar cubes), the central tile with
movement values, the displays, and each player's board (its rock painting's nine sections, ceremony cards of
the other players as backs showing only their public value).

What a move names is classed `<kind> <target>` for the web page (python/cavemind/web/static/app.js), which makes
it clickable for the legal moves whose names hold the target's words, split at "-", in a row: the map spaces
and the members on them `space rRcC` (`to`, `select`, `settle`), the face-up gathering tiles, fish and hunting
cards `place gather-K`, `place fish-K`, `place hunt-K`, the ceremony cards `place cN:kind/vV` (a kind without a
"-"), the pillar tops `place pillar-<action>`, the pricing tiles `place rotate-<action>`; and on the board of the
player to move the painting's sections `place paint-K`, the members in the tent `place migrate-N` (the Nth) and,
while paying, the resources `place footing-<colour>` or `place pay-<colour>`."""
from __future__ import annotations

import math
from types import ModuleType
from typing import Any

from cavemind.svg.draw import PANEL, Picture, player_colour, plural, status_line

NROWS, NCOLS, START_SPACE = 11, 8, 4
HEX_W = 58                               # pointy-top hexagons, width across the flats
HEX_R = HEX_W / math.sqrt(3)             # centre to corner
ROW_STEP = HEX_R * 1.5
MAP_X, MAP_Y = 44, 70
RIGHT_X = 570
WIDTH = 1130
CUBE_COLOURS = {"grey": "#9e9e9e", "red": "#d32f2f", "yellow": "#fbc02d", "blue": "#1976d2", "brown": "#795548",
                "white": "#ffffff"}
TERRAIN_COLOURS = {"water": "#cfe6f5", "rock": "#e0dcd4", "forest": "#d5ead0"}
FEATURE_LABELS = {"plain": "", "camp": "campsite", "gather": "gather", "fish": "fish", "animal": "animal",
                  "megA": "megalith A", "megB": "megalith B", "megC": "megalith C"}
TOK_G, TOK_F, TOK_A, TOK_MEGA = 1, 13, 22, 25
SECTION = 14                             # a square of the rock painting drawn on a player's board
# While the player to move pays resources one by one, the move that pays each colour (`footing grey`).
PAYING_VERBS = {"pay-footing": "footing", "pay-distinct-colours": "pay"}


def _module() -> ModuleType:
    """The compiled game module, for its data tables (DATA, COLOURS, SPECIES) beyond the game contract."""
    from cavemind.games import compiled_module
    return compiled_module("prehistory")


def _centre(r: int, c: int) -> tuple[float, float]:
    return MAP_X + HEX_W / 2 + c * HEX_W + (HEX_W / 2 if r % 2 else 0), MAP_Y + HEX_R + r * ROW_STEP


def _hexagon(cx: float, cy: float) -> list[tuple[float, float]]:
    return [(cx + HEX_R * math.cos(math.radians(60 * k - 30)), cy + HEX_R * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _chord(height: float) -> float:
    """The width of a hexagon `height` above (or below) its centre."""
    if height <= HEX_R / 2:
        return HEX_W
    return max(0.0, HEX_W * (HEX_R - height) / (HEX_R / 2))


def _space_exists(state: dict[str, Any], sp: int) -> bool:
    if sp < NCOLS:
        return sp == START_SPACE
    players: int = state["num_players"]
    return ((sp // NCOLS) - 1) * 2 + (sp % NCOLS) // 4 < 5 * players


def _space_info(data: dict[str, Any], state: dict[str, Any], sp: int) -> tuple[str, str]:
    """(terrain, feature) of a map space: the map tile in its slot says both."""
    if sp == START_SPACE:
        return "rock", "start"
    tile = state["map_tile"][((sp // NCOLS) - 1) * 2 + (sp % NCOLS) // 4]
    if tile >= len(data["map_tiles"]):
        return "rock", "plain"                # not drawn yet (setup)
    space = data["map_tiles"][tile]["spaces"][sp % 4]
    return space["terrain"], space["feature"]


def _token_label(module: ModuleType, data: dict[str, Any], token: int) -> str:
    if token == 0 or token == 255:
        return ""
    if token == TOK_MEGA:
        return "megalith A"
    if token >= TOK_A:
        species: str = module.SPECIES[token - TOK_A]
        return species
    if token >= TOK_F:
        kind = token - TOK_F
        return f"{data['fishing']['types'][kind // 3]} {kind % 3 + 1}"
    kind = token - TOK_G
    gathering: str = data["gathering"]["types"][kind // 2]
    return gathering + ("+d" if kind % 2 else "")


def _mover(doc: dict[str, Any]) -> int | None:
    """The seat to move, None at a chance node, at the end or when the position does not say."""
    mover = doc.get("to_move")
    return mover if isinstance(mover, int) and not isinstance(mover, bool) else None


def draw(doc: dict[str, Any]) -> Picture:
    module = _module()
    data = module.DATA
    state = doc["state"]
    n = state["num_players"]
    mover = _mover(doc)
    colours = module.COLOURS
    map_rows = 1 + (5 * n + 1) // 2         # the starter row, then 2 map tiles (of 4 spaces) a row
    map_bottom = MAP_Y + 2 * HEX_R + (map_rows - 1) * ROW_STEP + 10
    right_bottom = 640
    players_top = max(map_bottom, right_bottom) + 10
    picture = Picture(WIDTH, players_top + ((n + 1) // 2) * 150 + 10, "prehistory")
    phase = str(state["phase"])
    if phase == "summer":
        phase += f" ({module.ACTIONS[state['summer_action']]})"
    picture.text(10, 22, f"Prehistory, {n} players, round {state['round'] + 1}/5, {phase} ({status_line(doc)})",
                 size=15, bold=True)
    order = [state["turn_order"][i] for i in range(n)]
    picture.text(10, 42, "turn order: " + ", ".join(f"player {q}" for q in order), size=12)

    # The map: column labels on top, row labels on the left, as in `select r3c5`.
    for c in range(NCOLS):
        picture.text(_centre(0, c)[0], MAP_Y - 6, f"c{c}", size=11, anchor="middle", bold=True, cls="column-label")
    for r in range(map_rows):
        picture.text(14, _centre(r, 0)[1] + 4, f"r{r}", size=11, anchor="middle", bold=True, cls="row-label")
    for sp in range(NROWS * NCOLS):
        if not _space_exists(state, sp):
            continue
        r, c = divmod(sp, NCOLS)
        cx, cy = _centre(r, c)
        terrain, feature = _space_info(data, state, sp)
        picture.polygon(_hexagon(cx, cy), TERRAIN_COLOURS.get(terrain, "#eee"), cls=f"space r{r}c{c}",
                        title=f"r{r}c{c}: {terrain}, {feature}")
        if feature.startswith("marker"):
            colour = colours[int(feature[6:])]
            picture.rect(cx - 6, cy - 27, 12, 12, fill=CUBE_COLOURS[colour], cls="marker-space",
                         title=f"a {colour} action marker")
        else:
            label = "starter camp" if feature == "start" else FEATURE_LABELS.get(feature, feature)
            # the hexagon narrows towards its top corner: the label is drawn smaller if it would cross its edges
            picture.text(cx, cy - 13, label, size=8, anchor="middle", width=_chord(19) - 4)
        picture.text(cx, cy - 4, f"r{r}c{c}", size=7, anchor="middle", fill="#777")
        token = _token_label(module, data, state["space_token"][sp])
        if token:
            picture.text(cx, cy + 6, token, size=8, anchor="middle", bold=True, cls="token")
        if state["campsite_owner"][sp]:
            q = state["campsite_owner"][sp] - 1
            picture.polygon([(cx - 22, cy + 20), (cx - 14, cy + 6), (cx - 6, cy + 20)], player_colour(q),
                            cls=f"camp p{q}", title=f"player {q}'s campsite")
        if sp == START_SPACE:
            pieces = [q for q in range(n) for _ in range(state["starter_members"][q])]
            tired = []
        else:
            owner, count = state["member_owner"][sp], state["member_count"][sp]
            pieces = [owner - 1] * count if owner else []
            tired = [True] * state["members_tired"][sp]
        # A row of discs 12 apart, closer together when many share the space, so that they stay inside the
        # hexagon (beside the campsite's triangle when there is one). They are classed with their space too:
        # drawn over its hexagon, they would otherwise swallow the clicks that select them.
        middle, half_span = (cx + 6, 13) if state["campsite_owner"][sp] else (cx, 19)
        step = min(12, 2 * half_span / max(1, len(pieces) - 1))
        for i, q in enumerate(pieces):
            tired_note = " tired" if i < len(tired) else ""
            picture.person(middle + (i - (len(pieces) - 1) / 2) * step, cy + 14, q, r=5,
                           cls=f"space r{r}c{c} member{tired_note}",
                           title=f"player {q}'s{tired_note} member on r{r}c{c}")

    _action_board(picture, module, data, state)
    _displays(picture, module, data, state)
    for q in range(n):
        _player(picture, module, data, state, q, 10 + (q % 2) * 560, players_top + (q // 2) * 150, q == mover)
    return picture


def _price_colour(data: dict[str, Any], state: dict[str, Any], slot: int, position: int) -> int:
    tile = data["pricing_tiles"][state["pricing_tile"][slot]]
    colour: int = tile["colours"][(position + state["pricing_rotation"][slot]) % 6]
    return colour


def _cube(picture: Picture, colours: tuple[Any, ...], colour: int, x: float, y: float, label: str = "",
          cls: str = "cube", size: float = 14) -> None:
    name = colours[colour]
    picture.rect(x, y, size, size, fill=CUBE_COLOURS[name], rx=2, cls=f"{cls} {name}", title=name)
    if label:
        picture.text(x + size / 2, y + size - 3, label, size=size * 0.7, anchor="middle", bold=True,
                     fill="#000" if name in ("white", "yellow", "grey") else "#fff")


def _action_board(picture: Picture, module: ModuleType, data: dict[str, Any], state: dict[str, Any]) -> None:
    colours = module.COLOURS
    x, y = RIGHT_X, 56
    picture.rect(x, y, WIDTH - x - 10, 250, fill=PANEL, rx=6, cls="action-board")
    if state["pricing_tile"][6] < len(data["pricing_tiles"]):
        picture.text(x + 8, y + 18, "central tile (movement per colour):", size=12, bold=True)
        tile = data["pricing_tiles"][state["pricing_tile"][6]]
        for k in range(6):
            position = (k + state["pricing_rotation"][6]) % 6
            _cube(picture, colours, tile["colours"][position], x + 290 + k * 36, y + 6, str(tile["move"][position]),
                  cls="central", size=18)
    picture.text(x + 8, y + 44, "action", size=11, bold=True)
    picture.text(x + 100, y + 44, "prices (directions 0-5)", size=11, bold=True)
    picture.text(x + 270, y + 44, "footing", size=11, bold=True)
    picture.text(x + 340, y + 44, "pillar top", size=11, bold=True)
    for k, action in enumerate(module.ACTIONS):
        row_y = y + 54 + k * 31
        picture.text(x + 8, row_y + 13, action, size=12)
        if state["pricing_tile"][k] >= len(data["pricing_tiles"]):
            continue
        for j in range(6):
            _cube(picture, colours, _price_colour(data, state, k, j), x + 100 + j * 26, row_y, size=18,
                  cls=f"place rotate-{action} price")
        for i, cube in enumerate(state["footings"][k]):
            if cube:
                _cube(picture, colours, cube - 1, x + 270 + i * 24, row_y, size=18, cls="footing")
        cx = x + 340
        for colour, count in enumerate(state["pillar_cubes"][k]):
            for _ in range(count):
                _cube(picture, colours, colour, cx, row_y, size=18, cls=f"place pillar-{action} pillar")
                cx += 22


def _displays(picture: Picture, module: ModuleType, data: dict[str, Any], state: dict[str, Any]) -> None:
    x, y = RIGHT_X, 318
    picture.text(x, y + 12, "gathering slots", size=12, bold=True)
    for k, kind in enumerate(state["gathering_slot"]):
        if kind:
            label = data["gathering"]["types"][(kind - 1) // 2] + ("+d" if (kind - 1) % 2 else "")
            _display_card(picture, x + k * 90, y + 18, 86, 22, [label], "card gathering", 10, f"gather-{k}",
                          f"gathering slot {k}: {module._gathering_tile_text(kind - 1)}")
        else:
            picture.card(x + k * 90, y + 18, 86, 22, ["-"], cls="empty-slot", size=10)
    y += 50
    picture.text(x, y + 12, "fish slots", size=12, bold=True)
    for k, kind in enumerate(state["fishing_slot"]):
        if kind:
            fish, value = data["fishing"]["types"][(kind - 1) // 3], (kind - 1) % 3 + 1
            _display_card(picture, x + k * 90, y + 18, 86, 22, [f"{fish} {value}"], "card fish", 10, f"fish-{k}",
                          f"fish slot {k}: {fish} of value {value}")
        else:
            picture.card(x + k * 90, y + 18, 86, 22, ["-"], cls="empty-slot", size=10)
    y += 50
    picture.text(x, y + 12, "hunting cards", size=12, bold=True)
    for k, card in enumerate(state["hunting_display"]):
        if card:
            info = data["hunting_cards"][card - 1]
            kind = "animal" if info.get("animal") else "footprint"
            vp = f", {info['vp']} VP" if "vp" in info else ""
            lines = [f"{info['species']} {kind}", f"cost {info['cost']}{vp}"]
            _display_card(picture, x + k * 108, y + 18, 104, 36, lines, "card hunting", 10, f"hunt-{k}",
                          f"hunting card {k}: {module.hunting_card_text(card - 1)}")
        else:
            picture.card(x + k * 108, y + 18, 104, 36, ["-"], cls="empty-slot", size=10)
    y += 64
    picture.text(x, y + 12, "ceremony cards", size=12, bold=True)
    for k, card in enumerate(state["ceremony_display"]):
        if card:
            # The move names the card by one word (`ceremony c10:animals/v1`, `ceremony c6:fish-type/v1`).
            name: str = module._card_name(card - 1)
            _display_card(picture, x + k * 108, y + 18, 104, 36, _ceremony_lines(module, card - 1),
                          "card ceremony-display", 9, name,
                          f"ceremony card {module.ceremony_card_text(card - 1)}")
        else:
            picture.card(x + k * 108, y + 18, 104, 36, ["-"], cls="empty-slot", size=9)
    y += 64
    track = [f"player {q}" for q in state.get("ceremony_track", [])[:state.get("ceremony_track_length", 0)]]
    picture.text(x, y + 12, "ceremony track: " + (", ".join(track) or "-"), size=12)


def _display_card(picture: Picture, x: float, y: float, w: float, h: float, lines: list[str], cls: str,
                  size: float, target: str | None, title: str) -> None:
    """A face-up card of a display that a move takes (`target`; None: no move names the card alone)."""
    picture.card(x, y, w, h, lines, cls=cls, size=size, title=None if target else title)
    if target:
        picture.click_target(x, y, w, h, f"place {target}", title, rx=4)



def _ceremony_lines(module: ModuleType, card: int) -> list[str]:
    name = module._card_name(card)          # "c30:fishing-3/v2"
    ident, _, rest = name.partition(":")
    kind, _, value = rest.rpartition("/")
    return [f"{ident} ({value})", kind]


def _player(picture: Picture, module: ModuleType, data: dict[str, Any], state: dict[str, Any], q: int, x: float,
            y: float, to_move: bool) -> None:
    """Player q's board; on the board of the player `to_move`, what the moves name is classed for the page (their
    painting's sections, the members in the tent, the resources while paying them)."""
    colours = module.COLOURS
    colour = player_colour(q)
    picture.rect(x, y, 550, 142, fill="#fff", stroke=colour, rx=6, cls=f"player-board p{q}", stroke_width=3)
    camps = bin(state["campsites_built"][q]).count("1")
    picture.text(x + 8, y + 18, f"player {q}: {state['victory_points'][q]} VP, {state['development'][q]} development, "
                                f"fishing track {state['fishing_track'][q]}", size=13, bold=True, fill=colour)
    picture.text(x + 8, y + 38, "resources", size=11)
    picture.text(x + 8, y + 58, "markers", size=11)
    paying = PAYING_VERBS.get(state["pending_decision"]) if to_move else None
    for c in range(6):
        _cube(picture, colours, c, x + 80 + c * 40, y + 26, str(state["resources"][q][c]), cls=f"resource p{q}",
              size=16)
        if paying:
            picture.click_target(x + 80 + c * 40, y + 26, 16, 16, f"place {paying}-{colours[c]} p{q}",
                        f"{paying} {colours[c]}: {plural(state['resources'][q][c], 'resource')} held")
        _cube(picture, colours, c, x + 80 + c * 40, y + 46, str(state["action_markers"][q][c]), cls=f"marker p{q}",
              size=16)
    picture.text(x + 8, y + 80, f"tent: {plural(state['available_members'][q], 'member')}, "
                                f"{state['members'][q]} in all, "
                                f"{plural(camps, 'campsite')} built", size=11)
    for i in range(state["available_members"][q]):
        if to_move:
            # `migrate N` sends N members: the Nth member of the tent counted from the left stands for it
            picture.person(x + 330 + i * 13, y + 76, q, r=5, cls=f"place migrate-{i + 1} tent",
                           title=f"migrate {i + 1}: {plural(i + 1, 'member')} from the tent")
        else:
            picture.person(x + 330 + i * 13, y + 76, q, r=5, cls="tent")
    painted = bin(state["painted_sections"][q]).count("1")
    picture.text(x + 8, y + 98, f"painting: {painted}/9 sections", size=11)
    _painting(picture, module, data, state, q, x + 496, y + 26, to_move)
    picture.text(x + 8, y + 120, "ceremony:", size=11)
    hand = state["hand"][q]
    cx = x + 70
    if hand is None:
        values = state.get("hidden_ceremony_values", {}).get(str(q), [0, 0, 0])
        for value, count in enumerate(values, start=1):
            for _ in range(count):
                picture.card_back(cx, y + 106, 22, 30, cls=f"card-back ceremony p{q}", title=f"a card of value {value}")
                picture.text(cx + 11, y + 125, f"v{value}", size=9, anchor="middle", fill="#fff")
                cx += 25
    else:
        # up to 4 cards at full width on the board; more share its width, narrower (their text then smaller)
        card_w = min(96, (x + 550 - 8 - cx) / max(1, sum(hand)) - 3)
        for card, count in enumerate(hand):
            for _ in range(count):
                picture.card(cx, y + 104, card_w, 34, _ceremony_lines(module, card), cls=f"card ceremony p{q}",
                             size=8)
                cx += card_w + 3


def _painting(picture: Picture, module: ModuleType, data: dict[str, Any], state: dict[str, Any], q: int, x: float,
              y: float, to_move: bool) -> None:
    """Player q's rock painting as its 3 x 3 sections, numbered as `paint K` names them (row by row), the painted
    ones grey (the painting action's colour); on the board of the player to move each is the place `paint-K`."""
    picture.text(x - 4, y + 11, "painting", size=9, anchor="end")
    tile_drawn = state["pricing_tile"][0] < len(data["pricing_tiles"])
    for k, symbols in enumerate(data["painting"]["symbols"]):
        painted = bool(state["painted_sections"][q] >> k & 1)
        sx, sy = x + (k % 3) * (SECTION + 2), y + (k // 3) * (SECTION + 2)
        # the colours its symbols cost in spring, as the painting's pricing tile is turned now
        cost = (" (" + ", ".join(module.COLOURS[_price_colour(data, state, 0, symbol)] for symbol in symbols) + ")"
                if tile_drawn else "")
        title = (f"painting section {k}: {plural(len(symbols), 'symbol')}{cost}, "
                 + ("painted" if painted else "not painted"))
        picture.rect(sx, sy, SECTION, SECTION, fill=CUBE_COLOURS["grey"] if painted else "#fff", rx=2,
                     cls=f"painting-section p{q}" + (" painted" if painted else ""), title=None if to_move else title)
        picture.text(sx + SECTION / 2, sy + SECTION - 4, str(k), size=9, anchor="middle",
                     fill="#000" if painted else "#777")
        if to_move:
            picture.click_target(sx, sy, SECTION, SECTION, f"place paint-{k} p{q}", title)
