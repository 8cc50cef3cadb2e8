"""The boards of Stone Age, Honga, Jäger und Späher and Dino Jagd in the web page: every move that names a thing
drawn on the board (a location, a resource, a tool, a die of the dice bar, a quarter of a round field, a disc, a
bonus card, a row of the display, a location pile, a character or object card, a hunting space, a creature to
place, a special card) has an element there that the page makes clickable for it, and no such element stands for
a move it does not name.

The page's rule (python/cavemind/web/static/app.js, markBoardTargets): an element whose class attribute is
`<kind> <target> ...`, kind one of PLACE_KINDS, is clickable for the legal moves whose names (lower-cased, split
at whitespace) hold the target as a word, or its words, split at "-", in a row (tests/board_targets.py). A click
plays the move when only one matches, and otherwise marks the matching moves in the list. The page draws the board for its seat, the player to move when
there are moves to click.
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from board_targets import PLACE_KINDS, matches

import cavemind

SVG = "{http://www.w3.org/2000/svg}"


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def title(element: ET.Element) -> str:
    found = element.find(SVG + "title")
    return (found.text or "") if found is not None else ""


def places(svg: str) -> list[tuple[ET.Element, str]]:
    """The (element, target) pairs the page would consider: elements classed `<kind> <target> ...`."""
    root = ET.fromstring(svg)
    return [(e, classes(e)[1]) for e in root.iter() if len(classes(e)) >= 2 and classes(e)[0] in PLACE_KINDS]


@dataclass
class Board:
    """What a game's moves name on its board: `placed` lists, per kind of move, the pattern of its names and the
    targets that stand for such a move (templates of the pattern's groups, compared in lower case); a move that no
    pattern matches has no place. `reached`: the kinds the seeded games must offer. `rare`: moves at which the
    picture is always checked (elsewhere only a share of the decisions is drawn, the pictures cost the time)."""
    game: str
    configurations: list[tuple[dict[str, object], tuple[int, ...]]]
    placed: list[tuple[str, re.Pattern[str], tuple[str, ...]]]
    reached: set[str]
    rare: re.Pattern[str]
    decisions: int
    drawn_share: float
    # further checks of a place that matches a move: (element, move) -> what is wrong, or None
    extra_checks: list[Callable[[ET.Element, str], str | None]] = field(default_factory=list)

    def kind_and_targets(self, move: str) -> tuple[str | None, set[str]]:
        for kind, pattern, templates in self.placed:
            found = pattern.fullmatch(move)
            if found:
                return kind, {found.expand(template).lower() for template in templates}
        return None, set()


def _honga_quarter_says_its_hands(element: ET.Element, move: str) -> str | None:
    """`place NW/1 (forest2,trade1,honga1)`: the quarter's title gives each field the hands the move gives it."""
    found = re.fullmatch(r"place (\S+) \((.*)\)", move)
    if not found or "rotation" not in classes(element):
        return None
    wanted = sorted(re.findall(r"([a-z]+)(\d+)", found.group(2)))
    told = sorted(re.findall(r"([a-z]+) (\d+)", title(element).partition(": ")[2]))
    return None if told == wanted else f"its title {title(element)!r} tells other hands than {move!r}"


def _dino_topmost_is_the_hunted_creature(element: ET.Element, move: str) -> str | None:
    """`hunt Troodon LK1`: the topmost creature of the space, whose box stands for the hunt, is the one hunted."""
    found = re.fullmatch(r"hunt (\w+) (\w+)", move)
    if not found or "topmost" not in classes(element):
        return None
    return None if f"topmost: {found.group(1)}:" in title(element) else f"{title(element)!r} is not {move!r}'s"


BOARDS = {
    "stone_age": Board(
        "stone_age",
        [({"players": 2}, (1, 2)), ({"players": 4, "igloos": True, "wild_animals": True, "choice_at_once": True},
                                   (1,))],
        [("place", re.compile(r"(?:place(?: \d+)?|resolve) (\w+)"), (r"\1",)),
         ("pay", re.compile(r"pay (wood|clay|stone|gold)"), (r"\1",)),
         ("take", re.compile(r"take (wood|clay|stone|gold)"), (r"\1",)),
         ("pay bonus gold", re.compile(r"pay bonus (gold)"), (r"\1",)),      # paying the extra gold pays a gold
         ("use tool", re.compile(r"use tool (\d+)"), (r"tool-\1",)),
         ("use tool card", re.compile(r"use tool card (\d+)"), (r"tool-card-\1",)),
         ("pick", re.compile(r"pick (\d)"), (r"pick-\1",)),
         ("take kept", re.compile(r"take kept \S+"), ("kept",))],
        {"place", "pay", "use tool", "use tool card", "pick", "take kept"},
        re.compile(r"pick|take kept|use tool card|take (wood|clay|stone|gold)"),
        decisions=600, drawn_share=0.15),
    "honga": Board(
        "honga",
        [({"players": 2}, (1, 2, 3)), ({"players": 4}, (1, 2))],
        [("place", re.compile(r"place (\w\w/\d) \(.*\)"), (r"\1",)),
         ("field", re.compile(r"(mushroom|berry|fish|water|forest|mountain|mammoth)(?: sated-\w+)?"), (r"\1",)),
         ("trade", re.compile(r"trade \d #\S+"), ("trade",)),
         # the field of the food paid: the places of `pay fish` before this change, kept
         ("pay", re.compile(r"pay (?:2 )?(fish|berry|mushroom|water)"), (r"\1",)),
         # the move names the card by one word with "-" in it, which no target can hold: every card is `bonus`;
         # a lucky hand's field (`bonus lucky-hand fish`) is the place of the hand it adds
         ("bonus", re.compile(r"bonus \S+(?: (\w+))?"), ("bonus", r"\1")),
         ("keep", re.compile(r"keep (\S+)"), (r"\1",))],
        {"place", "field", "trade", "pay", "bonus", "keep"},
        re.compile(r"keep|bonus|pay|trade"),
        decisions=400, drawn_share=0.1, extra_checks=[_honga_quarter_says_its_hands]),
    "jaeger_und_spaeher": Board(
        "jaeger_und_spaeher",
        [({"players": 2}, (1, 2)), ({"players": 2, "variant": "intro", "holy_places": "first"}, (1,))],
        [("play", re.compile(r"play (\w+)"), (r"\1",)),
         ("row", re.compile(r"(?:take|put) row ([abc])"), (r"row-\1",)),
         ("object", re.compile(r"(?:keep|create) (\w+)"), (r"\1",)),
         ("reveal", re.compile(r"reveal (wilderness)"), (r"\1",)),
         ("reveal", re.compile(r"reveal (hunting) (ground)"), (r"\1-\2",)),
         ("location", re.compile(r"(?:place|take back|discard) ([WH]\d+)"), (r"\1",)),
         ("holy place", re.compile(r"(?:place \d+|take back) (\w+)"), (r"\1",)),
         ("cover", re.compile(r"cover (\w+)"), (r"\1",))],
        {"play", "row", "object", "reveal", "location", "holy place", "cover"},
        re.compile(r"keep|create|reveal|put row|place \d"),
        decisions=250, drawn_share=0.15),
    "dino_jagd": Board(
        "dino_jagd",
        [({"players": 2}, (1, 2)), ({"players": 3}, (1, 2))],
        [("place", re.compile(r"place (\w+) (\w+\d)"), (r"\1", r"\2")),
         ("hunt", re.compile(r"hunt \w+ (\w+\d)"), (r"\1",)),
         ("travel", re.compile(r"travel (\w+)"), (r"\1",)),
         ("Aussterben", re.compile(r"Aussterben (\w+)"), ("aussterben", r"\1")),
         ("Kein Aussterben", re.compile(r"Kein Aussterben (\w+)"), ("kein-aussterben", r"\1")),
         ("Zeitschleife", re.compile(r"Zeitschleife \w+"), ("zeitschleife",)),
         ("window", re.compile(r"(Superschocker|Stoersender|Fehlschuss|Glueckstreffer|Zielfernrohr|Stoerfeld)"),
          (r"\1",))],
        {"place", "hunt", "travel", "Aussterben", "Kein Aussterben", "Zeitschleife", "window"},
        re.compile(r"(Aussterben|Kein Aussterben|Zeitschleife|Superschocker|Stoersender|Fehlschuss|Glueckstreffer"
                   r"|Zielfernrohr|Stoerfeld)\b.*"),
        decisions=500, drawn_share=0.25, extra_checks=[_dino_topmost_is_the_hunted_creature]),
}


@dataclass
class Tally:
    """What the checked positions offered: the kinds of moves with a place, and how many legal moves had one."""
    kinds: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    matched: int = 0


def check(board: Board, state: cavemind.State, tally: Tally, svg: str | None = None) -> list[str]:
    """What is wrong with the places of the picture of `state` (or of `svg`, drawn for it), drawn for the player to
    move: a move with a place that no element matches, an element that matches a move it does not stand for, a
    place inside another (the click would reach both), a held thing on another player's board."""
    mover = state.current_player()
    found = places(svg if svg is not None else state.to_svg(observer=mover))
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    wrong = []
    for move in moves:
        kind, _ = board.kind_and_targets(move)
        matching = [(element, target) for element, target in found if matches(target, move)]
        tally.moves += 1
        tally.matched += bool(matching)
        if kind is not None:
            tally.kinds[kind] += 1
            if not matching:
                wrong.append(f"{move!r}: no place on the board")
        for element, target in matching:
            if target.lower() not in board.kind_and_targets(move)[1]:
                wrong.append(f"{classes(element)} ({title(element)!r}) matches {move!r}, which it does not stand for")
            owners = [name for name in classes(element)[2:] if re.fullmatch(r"p\d", name)]
            if classes(element)[0] == "item" and owners and owners != [f"p{mover}"]:
                wrong.append(f"{classes(element)} matches {move!r} of player {mover} on another player's board")
            wrong += [f"{classes(element)}: {problem}" for problem in
                      (extra(element, move) for extra in board.extra_checks) if problem]
    inside = {id(inner) for element, _ in found for inner in element.iter() if inner is not element}
    wrong += [f"{classes(element)} lies inside another place" for element, _ in found if id(element) in inside]
    return wrong


def seen_places(state: cavemind.State, observer: int) -> list[tuple[str, str]]:
    """The classes and titles of the places drawn for `observer`: what the page shows of them."""
    return [(" ".join(classes(element)), title(element)) for element, _ in places(state.to_svg(observer=observer))]


def play(board: Board, options: dict[str, object], seed: int, tally: Tally) -> list[str]:
    """Plays a seeded random game for the board's number of decisions; returns what is wrong at the positions
    drawn. Every tenth drawn position is also drawn in another world the player to move cannot tell apart from it
    (determinize): the places and their titles must not change, or they would tell what the player cannot see."""
    rng = random.Random(f"{board.game} board {options} {seed}")
    state = cavemind.load_game(board.game, **options).new_initial_state(seed=seed)
    wrong: list[str] = []
    decisions = drawn = 0
    while not state.is_terminal() and decisions < board.decisions:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.randrange(1 << 30)))
            continue
        decisions += 1
        names = [state.action_to_string(a) for a in state.legal_actions()]
        if any(board.rare.match(name) for name in names) or rng.random() < board.drawn_share:
            where = f"{options}, seed {seed}, decision {decisions}"
            wrong += [f"{where}: {w}" for w in check(board, state, tally)]
            drawn += 1
            mover = state.current_player()
            if drawn % 10 == 0 and seen_places(state, mover) != seen_places(state.determinize(mover, seed=drawn),
                                                                            mover):
                wrong.append(f"{where}: the places drawn for player {mover} change with what the player cannot see")
        state.apply(rng.choice(state.legal_actions()))
    return wrong


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_move_with_a_place_has_one_on_the_board_and_no_place_stands_for_another_move(game):
    board = BOARDS[game]
    tally = Tally()
    wrong = [w for options, seeds in board.configurations for seed in seeds for w in play(board, options, seed, tally)]
    print(f"\n{game}: {tally.matched}/{tally.moves} legal moves at the drawn positions have a place on the board "
          f"({tally.matched / tally.moves:.0%}); moves with a place by kind: {dict(tally.kinds)}")
    assert not wrong, f"{len(wrong)} wrong places, the first ones:\n" + "\n".join(wrong[:12])
    assert board.reached <= set(tally.kinds), f"the games did not reach {board.reached - set(tally.kinds)}"


def test_the_rule_of_the_page():
    assert matches("row-a", "take row a") and matches("row-a", "put row a")
    assert matches("nw/0", "place NW/0 (forest2,trade1,honga1)")
    assert matches("LJ1", "hunt Ceratosaurus LJ1")
    assert matches("tool-1", "use tool 1") and not matches("tool-1", "use tool card 1")
    # a target with "-" is a word of its own as well as its parts in a row
    assert matches("extra-disc", "bonus extra-disc") and matches("extra-disc", "take extra disc")
    assert matches("aussterben", "Kein Aussterben T")


def _position(game: str, players: int, wanted: Callable[[list[str]], bool]) -> cavemind.State:
    """The first position of seeded random games whose legal moves `wanted` accepts."""
    for seed in range(20):
        rng = random.Random(seed)
        state = cavemind.load_game(game, players=players).new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng.randrange(1 << 30)))
                continue
            if wanted([state.action_to_string(a) for a in state.legal_actions()]):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no such {game} position in the seeded games")


def test_missing_and_misleading_places_are_found():
    """The check finds a move left without its place, a place that names another move, a held thing classed on
    another player's board, and a round field's quarter whose title tells other hands than its move."""
    board = BOARDS["dino_jagd"]
    state = _position("dino_jagd", 2, lambda moves: any(m.startswith("hunt ") for m in moves))
    hunt = next(m for m in map(state.action_to_string, state.legal_actions()) if m.startswith("hunt "))
    space = hunt.split()[2]
    svg = state.to_svg(observer=state.current_player())
    assert check(board, state, Tally(), svg) == []
    missing = svg.replace(f"space {space} ", "space gone ")
    assert f"{hunt!r}: no place on the board" in check(board, state, Tally(), missing)
    misleading = svg.replace(f"space {space} topmost", "space end-turn topmost")
    assert any("matches 'end turn', which it does not stand for" in w for w in check(board, state, Tally(), misleading))

    board = BOARDS["stone_age"]
    state = _position("stone_age", 2, lambda moves: any(m.startswith("pay wood") for m in moves))
    mover = state.current_player()
    svg = state.to_svg(observer=mover)
    assert check(board, state, Tally(), svg) == []
    elsewhere = svg.replace(f"item wood resource p{mover}", f"item wood resource p{1 - mover}")
    assert elsewhere != svg and any("another player's board" in w for w in check(board, state, Tally(), elsewhere))

    board = BOARDS["honga"]
    state = _position("honga", 2, lambda moves: moves[0].startswith("place "))
    svg = state.to_svg(observer=state.current_player())
    assert check(board, state, Tally(), svg) == []
    swapped = svg.replace("place NW/0 rotation", "place NW/X rotation").replace("place NW/1 rotation",
                                                                                "place NW/0 rotation")
    assert any("tells other hands" in w for w in check(board, state, Tally(), swapped))
