"""The pictures' layout: drawn at positions along seeded random games of every game, player count and option
that changes what is drawn, from every seat's view and from none, no two texts overlap, no text crosses the
edge of a shape (it stands inside it or clear of it), no card lies across the edge of a board or place, and nothing
leaves the canvas.

A text's box is estimated from its font size and its characters, as no font is at hand to measure it: the
pictures ask for Helvetica or Arial, whose characters are about 0.55 em wide on average (0.6 em in bold), whose
capitals and ascenders rise about 0.75 em above the baseline and whose descenders reach about 0.2 em below it.
"""
from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib import resources

import pytest

import cavemind
from cavemind.testing import walk

SVG = "{http://www.w3.org/2000/svg}"
EM_PER_CHARACTER = 0.55          # the average width of a Helvetica / Arial character, in em
EM_PER_BOLD_CHARACTER = 0.6
ASCENT, DESCENT = 0.75, 0.2      # above and below the baseline, in em
SLACK = 0.5                      # user units a box may touch another by (rounding, hairline strokes)
POSITIONS_PER_GAME = 6
GAME_SEEDS = (1, 2)

# The options that change what a picture shows, beyond the player count; the others leave it as it is.
LAYOUT_OPTIONS = {
    "stone_age": {"igloos": (False, True), "wild_animals": (False, True)},
    "jaeger_und_spaeher": {"variant": ("intro", "normal", "survival"), "holy_places": ("none", "first", "random")},
    "dino_jagd": {"deck_fraction": (0.5, 1.0)},
}


# The classes of the boxes that hold cards: a card lies inside one of them or clear of it.
PANELS = {"player-board", "place", "period", "hunt-space", "location", "holy-place", "action-board"}


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return (min(self.right, other.right) - max(self.left, other.left) > SLACK
                and min(self.bottom, other.bottom) - max(self.top, other.top) > SLACK)

    def within(self, other: Box) -> bool:
        return (self.left >= other.left - SLACK and self.right <= other.right + SLACK
                and self.top >= other.top - SLACK and self.bottom <= other.bottom + SLACK)

    def corners(self) -> list[tuple[float, float]]:
        return [(self.left, self.top), (self.right, self.top), (self.right, self.bottom), (self.left, self.bottom)]

    def shrunk(self) -> Box:
        """The box less the slack on every side: what must lie clear of or inside another shape."""
        return Box(self.left + SLACK, self.top + SLACK, self.right - SLACK, self.bottom - SLACK)


def _number(element: ET.Element, name: str) -> float:
    return float(element.get(name, 0))


def text_box(element: ET.Element) -> Box:
    """The estimated box a <text> covers (see the module's docstring)."""
    size = _number(element, "font-size")
    bold = element.get("font-weight") == "bold"
    width = len(element.text or "") * size * (EM_PER_BOLD_CHARACTER if bold else EM_PER_CHARACTER)
    x, y = _number(element, "x"), _number(element, "y")
    left = {"middle": x - width / 2, "end": x - width}.get(element.get("text-anchor", "start"), x)
    return Box(left, y - ASCENT * size, left + width, y + DESCENT * size)


class Shape:
    """A drawn rect, circle or polygon: its bounding box, whether a box lies inside it, and whether clear of it."""

    def __init__(self, element: ET.Element):
        tag = element.tag.removeprefix(SVG)
        self.tag, self.name = tag, element.get("class") or tag
        if tag == "rect":
            x, y = _number(element, "x"), _number(element, "y")
            self.polygon = Box(x, y, x + _number(element, "width"), y + _number(element, "height")).corners()
            self.radius = 0.0
        elif tag == "circle":
            self.centre = (_number(element, "cx"), _number(element, "cy"))
            self.radius = _number(element, "r")
        else:
            self.polygon = [tuple(map(float, point.split(","))) for point in element.get("points", "").split()]
            self.radius = 0.0
        half = float(element.get("stroke-width", 1)) / 2 if element.get("stroke", "#") != "none" else 0
        self.box = self._bounds(half)

    def _bounds(self, half_stroke: float) -> Box:
        if self.tag == "circle":
            (cx, cy), r = self.centre, self.radius + half_stroke
            return Box(cx - r, cy - r, cx + r, cy + r)
        xs, ys = [x for x, _ in self.polygon], [y for _, y in self.polygon]
        return Box(min(xs) - half_stroke, min(ys) - half_stroke, max(xs) + half_stroke, max(ys) + half_stroke)

    def holds(self, box: Box) -> bool:
        inner = box.shrunk()
        if self.tag == "circle":
            (cx, cy), r = self.centre, self.radius
            return all(math.dist((x, y), (cx, cy)) <= r for x, y in inner.corners())
        return all(_inside_convex(self.polygon, point) for point in inner.corners())

    def clear_of(self, box: Box) -> bool:
        inner = box.shrunk()
        if self.tag == "circle":
            (cx, cy), r = self.centre, self.radius
            nearest = (min(max(cx, inner.left), inner.right), min(max(cy, inner.top), inner.bottom))
            return math.dist(nearest, (cx, cy)) >= r
        return _separated(self.polygon, inner.corners())


class Grid:
    """The shapes filed by the squares of a grid their bounding boxes touch, to find those near a box quickly (a
    picture has thousands of shapes and hundreds of texts)."""

    SQUARE = 64

    def __init__(self, shapes: list[Shape]):
        self.squares: dict[tuple[int, int], list[Shape]] = {}
        for shape in shapes:
            for square in self._squares(shape.box):
                self.squares.setdefault(square, []).append(shape)

    def _squares(self, box: Box) -> itertools.product[tuple[int, int]]:
        return itertools.product(range(int(box.left // self.SQUARE), int(box.right // self.SQUARE) + 1),
                                 range(int(box.top // self.SQUARE), int(box.bottom // self.SQUARE) + 1))

    def near(self, box: Box) -> list[Shape]:
        """The shapes whose bounding box shares a square with `box`, each once, in drawing order."""
        found = {id(shape): shape for square in self._squares(box) for shape in self.squares.get(square, [])}
        return list(found.values())


def _inside_convex(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    """Whether `point` lies inside the convex `polygon` (either orientation) or on its edge."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def _separated(first: list[tuple[float, float]], second: list[tuple[float, float]]) -> bool:
    """Whether two convex polygons are disjoint: some edge normal of either separates their projections."""
    for polygon in (first, second):
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            axis = (y1 - y2, x2 - x1)
            a = [axis[0] * x + axis[1] * y for x, y in first]
            b = [axis[0] * x + axis[1] * y for x, y in second]
            if max(a) <= min(b) or max(b) <= min(a):
                return True
    return False


def layout_defects(svg: str) -> list[str]:
    """What is wrong with a picture's layout, in words; empty when nothing is."""
    root = ET.fromstring(svg)
    _, _, width, height = map(float, root.get("viewBox", "").split())
    canvas = Box(0, 0, width, height)
    patterns = {id(e) for defs in root.iter(SVG + "defs") for e in defs.iter()}      # fills, not drawn as such
    shapes = [Shape(e) for e in root.iter() if e.tag in {SVG + "rect", SVG + "circle", SVG + "polygon"}
              and id(e) not in patterns]
    texts = [(e.text or "", text_box(e)) for e in root.iter(SVG + "text")]
    defects = []
    for shape in shapes:
        if not shape.box.within(canvas):
            defects.append(f"{shape.name} at {_where(shape.box)} leaves the {width:g} x {height:g} canvas")
    for line in root.iter(SVG + "line"):
        xs = (_number(line, "x1"), _number(line, "x2"))
        ys = (_number(line, "y1"), _number(line, "y2"))
        if not Box(min(xs), min(ys), max(xs), max(ys)).within(canvas):
            defects.append(f"a line at {xs}, {ys} leaves the canvas")
    nearby = Grid(shapes)
    for words, box in texts:
        if not box.within(canvas):
            defects.append(f"text {words!r} at {_where(box)} leaves the {width:g} x {height:g} canvas")
        for shape in nearby.near(box):
            if not shape.box.overlaps(box):
                continue                    # clear of it: the common case, told by the bounding boxes alone
            if not (shape.holds(box) or shape.clear_of(box)):
                defects.append(f"text {words!r} at {_where(box)} crosses the edge of {shape.name} at "
                               f"{_where(shape.box)}")
    defects += _cards_across_edges(root, shapes)
    texts.sort(key=lambda entry: entry[1].left)
    for i, (first, a) in enumerate(texts):
        for second, b in texts[i + 1:]:
            if b.left >= a.right:
                break                       # sorted by their left edges: no later text reaches back to this one
            if a.overlaps(b):
                defects.append(f"texts {first!r} at {_where(a)} and {second!r} at {_where(b)} overlap")
    return defects


def _cards_across_edges(root: ET.Element, shapes: list[Shape]) -> list[str]:
    """Cards (faces and backs) lying across the edge of a board, place or space: a row of cards run past it."""
    faces = [group.find(SVG + "rect") for group in root.iter(SVG + "g")
             if "card" in (group.get("class") or "").split()]
    cards = [Shape(rect) for rect in faces if rect is not None]
    cards += [shape for shape in shapes if "card-back" in shape.name.split()]
    panels = [shape for shape in shapes if shape.tag == "rect" and set(shape.name.split()) & PANELS]
    return [f"a card at {_where(card.box)} crosses the edge of {panel.name} at {_where(panel.box)}"
            for card in cards for panel in panels
            if card.box.overlaps(panel.box) and not (panel.holds(card.box) or panel.clear_of(card.box))]


def _where(box: Box) -> str:
    return f"({box.left:.0f}, {box.top:.0f})-({box.right:.0f}, {box.bottom:.0f})"


def layout_configurations() -> list[tuple[str, dict[str, object]]]:
    """Every pictured game in every player count and every combination of its layout options."""
    from cavemind.svg import pictured_games
    configurations = []
    for name in pictured_games():
        options = LAYOUT_OPTIONS.get(name, {})
        for players in cavemind.game_info(name).player_counts:
            for values in itertools.product(*options.values()):
                configurations.append((name, {"players": players, **dict(zip(options, values, strict=True))}))
    return configurations


def spread_positions(game: cavemind.Game, seed: int, count: int) -> list[tuple[int, cavemind.State]]:
    """`count` (step, position) pairs spread evenly along one seeded random game, its start and end included."""
    line = list(walk(game.new_initial_state(seed=seed), seed))
    steps = sorted({round(i * (len(line) - 1) / (count - 1)) for i in range(count)})
    return [(step, line[step]) for step in steps]


CONFIGURATIONS = layout_configurations()


@pytest.mark.parametrize("name, options", CONFIGURATIONS,
                         ids=[name + "-" + "-".join(f"{k}={v}" for k, v in o.items()) for name, o in CONFIGURATIONS])
def test_pictures_along_random_games_have_no_layout_defects(name, options):
    game = cavemind.load_game(name, **options)
    found = []
    for seed in GAME_SEEDS:
        for step, state in spread_positions(game, seed, POSITIONS_PER_GAME):
            for observer in (None, *range(game.num_players)):
                for defect in layout_defects(state.to_svg(observer=observer)):
                    found.append(f"game seed {seed}, step {step}, observer {observer}: {defect}")
    assert not found, f"{len(found)} layout defects, the first ones:\n" + "\n".join(found[:12])


@pytest.mark.parametrize("name", cavemind.game_names())
def test_the_example_positions_draw_cleanly_from_every_view_they_allow(name):
    """The positions `show --example GAME` draws (issue 36 found Dino Jagd's from seat 0 with the 'play deck:'
    heading over the 4th creature to place)."""
    text = (resources.files("cavemind") / "data" / "examples" / f"{name}.json").read_text(encoding="utf-8")
    state = cavemind.state_from_json(text)
    written_for = json.loads(text).get("observer")
    for observer in (written_for,) if written_for is not None else (None, *range(state.num_players)):
        assert layout_defects(state.to_svg(observer=observer)) == [], f"observer {observer}"


def test_a_full_row_of_cards_stays_on_its_board():
    """Rarer positions than the spread ones reach: a Honga player with six face-up bonus cards (150 px each ran
    past the board and the canvas)."""
    game = cavemind.load_game("honga", players=2)
    for seed in range(10):
        for state in walk(game.new_initial_state(seed=seed), seed):
            players = state.to_dict()["state"]["players"]
            if max(sum(p["bonus"].values()) + sum(p["bonus_fresh"].values()) for p in players) >= 6:
                assert layout_defects(state.to_svg()) == []
                return
    pytest.fail("no Honga position with six bonus cards in the seeded games")


# ---- the checker itself finds what it is meant to find

def picture(*elements: str, width: int = 200, height: int = 100) -> str:
    return (f"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\">"
            + "".join(elements) + "</svg>")


def text(x: float, y: float, words: str, size: float = 10, **attributes: str) -> str:
    extra = " ".join(f"{key.replace('_', '-')}=\"{value}\"" for key, value in attributes.items())
    return f"<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" {extra}>{words}</text>"


def test_the_estimate_is_the_documented_one():
    plain = text_box(ET.fromstring(text(10, 50, "abcd", size=20).replace("<text", f"<text xmlns=\"{SVG[1:-1]}\"")))
    assert (plain.left, plain.right, plain.top, plain.bottom) == (10, 10 + 4 * 0.55 * 20, 35, 54)
    bold = text_box(ET.fromstring(f"<text xmlns=\"{SVG[1:-1]}\" x=\"100\" y=\"50\" font-size=\"10\" "
                                  "font-weight=\"bold\" text-anchor=\"middle\">abcde</text>"))
    assert (bold.left, bold.right) == (100 - 15, 100 + 15)


def test_a_clean_picture_has_no_defects():
    assert layout_defects(picture("<rect x=\"10\" y=\"10\" width=\"100\" height=\"30\"/>", text(14, 30, "inside"),
                                  text(14, 60, "below"), "<circle cx=\"150\" cy=\"50\" r=\"10\"/>")) == []


def test_overlapping_texts_are_found():
    defects = layout_defects(picture(text(10, 30, "play deck:"), text(20, 33, "Triceratops")))
    assert len(defects) == 1 and "overlap" in defects[0]


def test_a_text_crossing_a_box_edge_is_found():
    defects = layout_defects(picture("<rect x=\"10\" y=\"10\" width=\"40\" height=\"30\"/>",
                                     text(14, 30, "far too long for its box")))
    assert len(defects) == 1 and "crosses the edge of rect" in defects[0]
    hexagon = "<polygon points=\"50,10 70,20 70,40 50,50 30,40 30,20\"/>"
    assert layout_defects(picture(hexagon, text(50, 24, "a long label", text_anchor="middle")))
    assert layout_defects(picture(hexagon, text(50, 34, "ok", text_anchor="middle"))) == []
    assert layout_defects(picture("<circle cx=\"50\" cy=\"50\" r=\"8\"/>", text(40, 50, "a label"))) != []


def test_a_card_across_a_board_edge_is_found():
    board = "<rect x=\"10\" y=\"10\" width=\"100\" height=\"60\" class=\"player-board p0\"/>"
    inside = "<g class=\"card hand p0\"><rect x=\"20\" y=\"20\" width=\"40\" height=\"20\"/></g>"
    across = "<rect x=\"90\" y=\"20\" width=\"40\" height=\"20\" class=\"card-back hand p0\"/>"
    assert layout_defects(picture(board, inside)) == []
    defects = layout_defects(picture(board, inside, across))
    assert len(defects) == 1 and "crosses the edge of player-board p0" in defects[0]


def test_leaving_the_canvas_is_found():
    assert "leaves" in layout_defects(picture(text(150, 50, "too far to the right")))[0]
    assert "leaves" in layout_defects(picture("<rect x=\"150\" y=\"80\" width=\"40\" height=\"30\"/>"))[0]
    assert "leaves" in layout_defects(picture("<circle cx=\"5\" cy=\"50\" r=\"8\"/>"))[0]
