"""Prehistory's board in the web page: every move that names a place on the board (a map space, an action's
card or painting section, a member in the tent, a pillar, a pricing tile, a resource being paid) has an element
there that the page makes clickable for it, and such an element stands for no other move.

The page's rule (python/cavemind/web/static/app.js, markBoardTargets): an element whose class attribute is
`<kind> <target> ...`, kind one of PLACE_KINDS, is clickable for the legal moves whose names (lower-cased, split
at whitespace) hold the target as a word, or its words, split at "-", in a row. A click plays the move when only
one matches.
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from board_targets import PLACE_KINDS, matches, target_runs, word_runs

import cavemind

SVG = "{http://www.w3.org/2000/svg}"
DECISIONS = 260                 # per game, from the start: spring, summer and autumn of the first rounds and more
DRAWN_SHARE = 0.3               # of the decisions where only common places are named (the pictures cost the time)

# The moves that have a place on the board, each with the target its place is classed with. A ceremony card is
# named by one word (`c6:fish-type/v1`), which the page matches whole.
PLACED_MOVES = [
    (re.compile(r"(?:to|select|settle) (r\d+c\d+)"), r"\1"),
    (re.compile(r"(paint|gather|fish|hunt|migrate) (\d+)"), r"\1-\2"),
    (re.compile(r"(pillar|footing|pay) (\w+)"), r"\1-\2"),
    (re.compile(r"ceremony (c\d+:[a-z0-9-]+/v\d)"), r"\1"),
    (re.compile(r"(rotate) (painting|gathering|ceremony|fishing|hunting|migration) c?cw"), r"\1-\2"),
]
# Where a place is rare along a game, every position that offers it is drawn.
RARE = re.compile(r"(to|select|settle|pillar|footing|pay) ")


def expected_target(move: str) -> str | None:
    """The target of the place a move names; None for a move without a place (pass, end turn, buy, ...)."""
    for pattern, target in PLACED_MOVES:
        if pattern.fullmatch(move):
            return pattern.sub(target, move)
    return None


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def is_place(element: ET.Element) -> bool:
    """Whether the page considers the element: classed `<kind> <target> ...`."""
    names = classes(element)
    return len(names) >= 2 and names[0] in PLACE_KINDS


def places(root: ET.Element) -> list[tuple[ET.Element, str]]:
    """The (element, target) pairs the page would consider."""
    return [(e, classes(e)[1]) for e in root.iter() if is_place(e)]


def title(element: ET.Element) -> str:
    found = element.find(SVG + "title")
    return found.text or "" if found is not None else ""


def number(element: ET.Element, name: str) -> float:
    return float(element.get(name, 0))


def polygon_points(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (point.split(",") for point in element.get("points", "").split())]


def inside(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    """Whether `point` lies inside the convex `polygon`."""
    signs = {(x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1) > 0
             for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True)}
    return len(signs) == 1


def centre(element: ET.Element) -> tuple[float, float]:
    if element.tag == SVG + "circle":
        return number(element, "cx"), number(element, "cy")
    if element.tag == SVG + "polygon":
        points = polygon_points(element)
        return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    return number(element, "x") + number(element, "width") / 2, number(element, "y") + number(element, "height") / 2


class Picture:
    """A drawn position and the lookups that tell whether a place stands where its target says."""

    def __init__(self, svg: str, mover: int):
        self.root = ET.fromstring(svg)
        self.mover = mover
        self.hexagons = {classes(e)[1]: polygon_points(e) for e in self.root.iter(SVG + "polygon")
                         if classes(e)[:1] == ["space"]}
        self.texts = [(e.text or "", number(e, "x"), number(e, "y")) for e in self.root.iter(SVG + "text")]
        # the face-up cards and empty slots of the displays, by the top of their row, left to right
        self.display_rows: dict[float, list[tuple[ET.Element, ET.Element]]] = {}
        for group in self.root.iter(SVG + "g"):
            box = group.find(SVG + "rect")
            if box is not None and {"gathering", "fish", "hunting", "ceremony-display", "empty-slot"} & set(
                    classes(group)):
                self.display_rows.setdefault(number(box, "y"), []).append((group, box))
        for row in self.display_rows.values():
            row.sort(key=lambda entry: number(entry[1], "x"))

    def mistake(self, element: ET.Element, target: str) -> str | None:
        """Why `element`, classed with `target`, is not the place that target stands for; None when it is."""
        if re.fullmatch(r"r\d+c\d+", target):
            hexagon = self.hexagons.get(target)
            if hexagon is None or not inside(hexagon, centre(element)):
                return "not on the space's hexagon"
            return None
        verb, _, rest = target.partition("-")
        if verb in ("paint", "migrate", "footing", "pay") and f"p{self.mover}" not in classes(element):
            return "not on the board of the player to move"
        if verb == "paint":
            if not self.under(element, "painting-section", f"p{self.mover}"):
                return "over no section of the painting"
            return None if title(element).startswith(f"painting section {rest}:") else "another section"
        if verb == "migrate":
            tent = sorted((e for e in self.root.iter(SVG + "circle") if {"tent", f"p{self.mover}"} <= set(classes(e))),
                          key=lambda e: number(e, "cx"))
            return None if len(tent) >= int(rest) and tent[int(rest) - 1] is element else "not that member of the tent"
        if verb in ("footing", "pay"):
            if not self.under(element, "resource", f"p{self.mover}", rest):
                return "not over a resource of that colour"
            return None
        if verb in ("pillar", "rotate"):
            # the cube stands in the row of the action board its action names
            top, bottom = number(element, "y"), number(element, "y") + number(element, "height")
            labels = [words for words, _, y in self.texts if top <= y <= bottom]
            return None if rest in labels else f"not in the row of {rest}"
        return self._card_mistake(element, verb, rest, target)

    def under(self, element: ET.Element, *wanted: str) -> bool:
        """Whether a rect classed with all of `wanted` lies exactly under `element` (a box over it)."""
        box = [element.get(name) for name in ("x", "y", "width", "height")]
        return any(set(wanted) <= set(classes(e)) and [e.get(name) for name in ("x", "y", "width", "height")] == box
                   for e in self.root.iter(SVG + "rect") if e is not element)

    def _card_mistake(self, element: ET.Element, verb: str, slot: str, target: str) -> str | None:
        """A card's place: an invisible box over the face-up card it takes, the slot-th of its display."""
        box = (number(element, "x"), number(element, "y"), number(element, "width"), number(element, "height"))
        for row in self.display_rows.values():
            for index, (group, card) in enumerate(row):
                if (number(card, "x"), number(card, "y"), number(card, "width"), number(card, "height")) != box:
                    continue
                if target.startswith("c") and ":" in target:
                    ident = target.partition(":")[0]
                    words = " ".join(e.text or "" for e in group.iter(SVG + "text"))
                    if "ceremony-display" not in classes(group) or not words.startswith(f"{ident} "):
                        return "not over that ceremony card"
                    return None
                display = {"gather": "gathering", "fish": "fish", "hunt": "hunting"}.get(verb)
                if display not in classes(group) or str(index) != slot:
                    return f"over the card of {classes(group)} slot {index}"
                return None
        return "over no card of a display"


def check(state: cavemind.State, seen: Counter[str]) -> list[str]:
    """What is wrong with the places of the picture of `state`, drawn for the player to move."""
    mover = state.current_player()
    picture = Picture(state.to_svg(observer=mover), mover)
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    matched_by: dict[tuple[str, ...], list[str]] = {}          # the moves a target matches, by its words
    for move in moves:
        for run in word_runs(move):
            matched_by.setdefault(run, []).append(move)
    found = places(picture.root)
    targets = {run for _, place in found for run in target_runs(place)}
    wrong = []
    for move in moves:
        if expected_target(move) is None:
            continue
        seen[move.split()[0]] += 1
        if not targets & word_runs(move):
            wrong.append(f"{move!r}: no place on the board")
    for element, place in found:
        # a place inside another would play its move twice: the click reaches both
        if any(inner is not element and is_place(inner) for inner in element.iter()):
            wrong.append(f"{classes(element)} holds another place")
        matched = sorted({move for run in target_runs(place) for move in matched_by.get(run, [])})
        wrong += [f"{classes(element)} matches {move!r}, which it does not stand for"
                  for move in matched if expected_target(move) != place]
        mistake = picture.mistake(element, place) if matched else None
        if mistake:
            wrong.append(f"{classes(element)} ({title(element)!r}): {mistake}")
    return wrong


def play(players: int, seed: int, seen: Counter[str]) -> list[str]:
    """Plays a random game for DECISIONS decisions; returns what is wrong at the positions drawn. The player
    takes the board's actions and movement payments more often than the development trades, so that the game
    gets to every kind of move (uniformly random play spends most autumns buying and discarding)."""
    rng = random.Random(f"prehistory board {players} {seed}")
    state = cavemind.load_game("prehistory", players=players).new_initial_state(seed=seed)
    wrong: list[str] = []
    decisions = 0
    while not state.is_terminal() and decisions < DECISIONS:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.randrange(1 << 30)))
            continue
        decisions += 1
        actions = state.legal_actions()
        names = {a: state.action_to_string(a) for a in actions}
        if any(RARE.match(name) for name in names.values()) or rng.random() < DRAWN_SHARE:
            wrong += [f"{players} players, seed {seed}, decision {decisions}: {w}" for w in check(state, seen)]
        trades = [a for a in actions if names[a].split()[0] not in ("buy", "discard", "rotate")]
        state.apply(rng.choice(trades if trades and rng.random() < 0.9 else actions))
    return wrong


# Two seeded games per player count; in those of 2 and 4 players members also settle after a campsite is built.
@pytest.mark.parametrize("players, seeds, settling", [(2, (1, 3), True), (3, (1, 2), False), (4, (1, 2), True)])
def test_every_move_with_a_place_has_one_on_the_board_and_no_place_stands_for_another_move(players, seeds, settling):
    seen: Counter[str] = Counter()
    wrong = [w for seed in seeds for w in play(players, seed, seen)]
    assert not wrong, f"{len(wrong)} wrong places, the first ones:\n" + "\n".join(wrong[:12])
    # the games reached every kind of move the test is about
    assert {"to", "select", "paint", "gather", "fish", "hunt", "migrate", "pillar", "footing", "pay", "ceremony",
            "rotate"} <= set(seen), seen
    assert ("settle" in seen) == settling, seen


def test_the_rule_of_the_page():
    assert matches("r0c4", "to r0c4") and matches("r0c4", "select r0c4") and not matches("r0c4", "to r0c5")
    assert matches("paint-2", "paint 2") and not matches("paint-2", "paint 20") and not matches("paint-2", "2 paint")
    assert matches("paint", "paint 7") and not matches("paint", "rotate painting cw")
    assert matches("c6:fish-type/v1", "ceremony c6:fish-type/v1") and not matches("c6:fish-type/v1", "fish 1")
    assert expected_target("ceremony c6:fish-type/v1") == "c6:fish-type/v1" and expected_target("pass") is None
    assert expected_target("rotate weather") is None and expected_target("rotate hunting ccw") == "rotate-hunting"


def test_misplaced_and_missing_places_are_found():
    """The check finds places swapped between two gathering tiles, and a move left without a place."""
    state = cavemind.load_game("prehistory", players=2).new_initial_state(seed=1)
    rng = random.Random(0)

    def gathers():
        return [name for name in map(state.action_to_string, state.legal_actions()) if name.startswith("gather ")]

    while state.is_chance_node() or len(gathers()) < 2:
        state.apply(state.sample_chance(rng.randrange(1 << 30)) if state.is_chance_node()
                    else rng.choice(state.legal_actions()))
    assert check(state, Counter()) == []
    first, second = (move.replace(" ", "-") for move in gathers()[:2])
    svg = state.to_svg(observer=state.current_player())
    swapped = (svg.replace(f"place {first}\"", "place SWAP\"").replace(f"place {second}\"", f"place {first}\"")
               .replace("place SWAP\"", f"place {second}\""))
    missing = svg.replace(f"place {first}\"", "place gathered\"")
    assert swapped != svg and missing != svg

    class Drawn:
        """The state, drawn as `picture`."""
        def __init__(self, picture):
            self.picture = picture

        def __getattr__(self, name):
            return getattr(state, name)

        def to_svg(self, observer=None):
            return self.picture

    wrong = check(Drawn(swapped), Counter())
    assert len(wrong) == 2 and all("over the card of" in w for w in wrong), wrong
    wrong = check(Drawn(missing), Counter())
    assert wrong == [f"{first.replace('-', ' ')!r}: no place on the board"], wrong
