"""Accuracy figures and the evaluation graph of a reviewed game (cavemind.review_graph)."""
import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from cavemind.errors import InvalidOptionError
from cavemind.review_graph import EvaluationPoint, evaluation_png, evaluation_svg, move_accuracy, player_accuracy

SVG = "{http://www.w3.org/2000/svg}"
SEATS = ["ismcts:iterations=500", "random & <friends>"]


def point(entry, player, before, after, flag=None, label="move"):
    return EvaluationPoint(entry=entry, player=player, before=before, after=after, flag=flag, label=label)


def game_points():
    """Two players alternating from entry 2 (entries 0 and 1 a deal), player 1 blundering at entry 5."""
    return [point(2, 0, 0.55, 0.55, label="bet"), point(3, 1, 0.45, 0.44, label="call"),
            point(4, 0, 0.60, 0.52, "inaccuracy", label="pass"), point(5, 1, 0.48, 0.10, "blunder", label="fold"),
            point(6, 0, 0.90, 0.90, label="bet"), point(7, 1, 0.10, 0.10, label="call"),
            point(9, 0, 0.95, 0.80, "mistake", label="raise")]


# ---------------------------------------------------------------------------------------------- accuracy

def test_a_move_that_loses_nothing_is_100_and_one_that_loses_everything_is_0():
    assert move_accuracy(0.5, 0.5) == 100.0
    assert move_accuracy(1.0, 1.0) == 100.0
    assert move_accuracy(1.0, 0.0) == 0.0               # 100 points lost: the formula is below 0, clamped
    assert move_accuracy(0.9, 0.0) == 0.0


def test_move_accuracy_follows_lichess_published_formula():
    # 10 percentage points lost: 103.1668 * exp(-0.4354) - 3.1669
    assert move_accuracy(0.6, 0.5) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert move_accuracy(0.6, 0.5) == pytest.approx(63.58, abs=0.01)
    assert move_accuracy(0.7, 0.3) == pytest.approx(14.91, abs=0.01)   # 40 points


def test_a_gain_counts_as_no_loss():
    assert move_accuracy(0.4, 0.7) == 100.0
    assert move_accuracy(0.0, 1.0) == 100.0


def test_move_accuracy_falls_as_the_loss_grows():
    accuracies = [move_accuracy(0.9, 0.9 - loss / 100) for loss in range(0, 91)]
    assert all(a >= b for a, b in pairwise(accuracies))
    # strictly until the clamp at 0 is reached
    positive = [a for a in accuracies if a > 0]
    assert len(positive) > 50 and all(a > b for a, b in pairwise(positive))
    assert all(0 <= a <= 100 for a in accuracies)


def test_move_accuracy_refuses_a_value_that_is_no_probability():
    for before, after in [(1.2, 0.5), (0.5, -0.1), (math.nan, 0.5)]:
        with pytest.raises(InvalidOptionError):
            move_accuracy(before, after)


def test_perfect_play_is_100():
    points = [point(e, 0, v, v) for e, v in enumerate([0.5, 0.6, 0.8, 1.0])]
    assert player_accuracy(points, 0) == 100.0


def test_one_blunder_among_good_moves_lowers_the_accuracy_more_than_an_average_would():
    good = [point(e, 0, 0.6, 0.59) for e in range(9)]
    blunder = point(9, 0, 0.6, 0.1, "blunder")
    clean, with_blunder = player_accuracy(good, 0), player_accuracy([*good, blunder], 0)
    assert with_blunder < clean
    accuracies = [move_accuracy(p.before, p.after) for p in [*good, blunder]]
    arithmetic = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    assert with_blunder == pytest.approx((arithmetic + harmonic) / 2)
    assert with_blunder < arithmetic                   # the harmonic mean drags it down


def test_a_move_of_accuracy_0_does_not_make_the_player_0():
    points = [point(0, 0, 0.5, 0.5), point(1, 0, 1.0, 0.0)]
    assert move_accuracy(1.0, 0.0) == 0.0
    accuracy = player_accuracy(points, 0)
    assert accuracy is not None and 25 < accuracy < 50   # (50 + 2 / (1/100 + 1/1)) / 2 = 25.99


def test_accuracy_is_per_player_and_none_without_a_move():
    points = game_points()
    assert player_accuracy(points, 0) != player_accuracy(points, 1)
    assert player_accuracy(points, 2) is None
    assert player_accuracy([], 0) is None
    # a move the review has no value for counts in no accuracy
    assert player_accuracy([point(3, 1, 0.5, None)], 1) is None
    assert player_accuracy([*points, point(10, 1, 0.5, None)], 1) == player_accuracy(points, 1)


def test_a_point_is_checked():
    with pytest.raises(InvalidOptionError, match="flag"):
        point(0, 0, 0.5, 0.5, "howler")
    with pytest.raises(InvalidOptionError, match="before"):
        point(0, 0, 1.5, 0.5)
    with pytest.raises(InvalidOptionError, match="player"):
        point(0, -1, 0.5, 0.5)


# ------------------------------------------------------------------------------------------------- graph

def numbers(text):
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def parsed(points, players=2, seats=SEATS, title="review of a kuhn_poker game"):
    svg = evaluation_svg(points, players, title, seats)
    return svg, ET.fromstring(svg)


def test_the_svg_has_one_line_per_player_through_each_decision():
    points = game_points()
    _, root = parsed(points)
    lines = root.findall(f".//{SVG}polyline")
    assert sorted(line.get("class") for line in lines) == ["evaluation p0", "evaluation p1"]
    for line in lines:
        player = int(line.get("class").split()[-1][1:])
        coordinates = line.get("points").split()
        assert len(coordinates) == sum(p.player == player for p in points)
        xs = [float(c.split(",")[0]) for c in coordinates]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)    # in the order of the game
        ys = [float(c.split(",")[1]) for c in coordinates]
        befores = [p.before for p in points if p.player == player]
        # higher win probability is drawn higher (smaller y)
        for (y1, b1), (y2, b2) in pairwise(zip(ys, befores, strict=True)):
            assert (y1 < y2) == (b1 > b2) or b1 == b2


def test_the_svg_marks_each_flagged_move_with_a_tooltip():
    points = game_points()
    _, root = parsed(points)
    markers = [c for c in root.iter(f"{SVG}circle") if (c.get("class") or "").startswith("flag ")]
    flagged = [p for p in points if p.flag]
    assert sorted(m.get("class") for m in markers) == sorted(f"flag {p.flag}" for p in flagged)
    tooltips = sorted(m.find(f"{SVG}title").text for m in markers)
    blunder = next(t for t in tooltips if "blunder" in t)
    assert "entry 5" in blunder and "player 1" in blunder and "fold" in blunder and "random & <friends>" in blunder
    # each marker sits on its player's line
    lines = {line.get("class"): line.get("points").split() for line in root.iter(f"{SVG}polyline")}
    for marker in markers:
        centre = f"{float(marker.get('cx')):g},{float(marker.get('cy')):g}"
        assert any(centre in coordinates for coordinates in lines.values())


def test_the_svg_has_a_legend_with_the_seats_and_the_flags():
    _, root = parsed(game_points())
    legend = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "legend")
    assert "0: ismcts:iterations=500" in legend and "1: random & <friends>" in legend


def test_a_long_seat_name_is_cut_short_in_the_legend_and_whole_in_the_tooltip():
    seats = ["ismcts:iterations=5000,exploration=0.7,rollout_depth=12", "random"]
    _, root = parsed(game_points(), seats=seats)
    legend = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "legend"]
    cut = next(text for text in legend if text.startswith("0: ismcts:"))
    assert cut.endswith("\u2026") and len(cut) < len(seats[0])
    tooltips = [line.find(f"{SVG}title").text for line in root.iter(f"{SVG}polyline")]
    assert any(seats[0] in tooltip for tooltip in tooltips)
    assert all(flag in legend for flag in ("inaccuracy", "mistake", "blunder"))


def test_the_svg_has_gridlines_at_the_quarters_and_axis_labels():
    _, root = parsed(game_points())
    grid = [line for line in root.iter(f"{SVG}line") if line.get("class") == "grid"]
    assert len(grid) == 5 and len({line.get("y1") for line in grid}) == 5
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert {"0", "0.25", "0.5", "0.75", "1"} <= set(texts)
    assert "record entry" in texts and "win probability of the mover" in texts


@pytest.mark.parametrize("points", [game_points(), [], [point(0, 0, 1.0, 0.0, "blunder")],
                                    [point(e, e % 2, float(e % 2), 1.0 - e % 2, "mistake") for e in range(400)]],
                         ids=["game", "empty", "one decision", "long game"])
def test_everything_in_the_svg_lies_inside_the_canvas(points):
    long_names = ["ismcts:iterations=5000,exploration=0.7,rollout_depth=12", "W" * 80]
    svg, root = parsed(points, seats=long_names, title="a title " * 30)
    width, height = float(root.get("width")), float(root.get("height"))
    assert (width, height) == (720, 320)
    assert root.get("viewBox") == "0 0 720 320"
    assert "<script" not in svg and "href" not in svg
    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        if tag == "polyline":
            values = numbers(element.get("points"))
            xs, ys = values[0::2], values[1::2]
        elif tag == "circle":
            r = float(element.get("r"))
            cx, cy = float(element.get("cx")), float(element.get("cy"))
            xs, ys = [cx - r, cx + r], [cy - r, cy + r]
        elif tag == "rect":
            x, y = float(element.get("x", 0)), float(element.get("y", 0))
            xs, ys = [x, x + float(element.get("width"))], [y, y + float(element.get("height"))]
        elif tag == "line":
            xs, ys = [float(element.get("x1")), float(element.get("x2"))], [float(element.get("y1")),
                                                                           float(element.get("y2"))]
        elif tag == "text":
            # the estimated box of the text, as tests/test_svg_layout.py estimates it: 0.55 em a character (0.6 in
            # bold), 0.75 em above the baseline, 0.2 below
            size, x, y = float(element.get("font-size")), float(element.get("x")), float(element.get("y"))
            em = 0.6 if element.get("font-weight") == "bold" else 0.55
            wide = em * size * len("".join(element.itertext()) if element.find(f"{SVG}title") is None
                                   else element.text)
            left = {"middle": x - wide / 2, "end": x - wide}.get(element.get("text-anchor"), x)
            xs, ys = [left, left + wide], [y - 0.75 * size, y + 0.2 * size]
        else:
            continue
        assert all(0 <= v <= width for v in xs) and all(0 <= v <= height for v in ys), (tag, element.attrib)


def test_the_svg_refuses_seat_names_that_do_not_match_the_players():
    with pytest.raises(InvalidOptionError, match="seat_names"):
        evaluation_svg(game_points(), 3, "title", SEATS)
    with pytest.raises(InvalidOptionError, match="player 1"):
        evaluation_svg(game_points(), 1, "title", SEATS[:1])


def test_the_png_is_written(tmp_path):
    pytest.importorskip("matplotlib")
    for name, points in [("game.png", game_points()), ("empty.png", [])]:
        path = tmp_path / name
        evaluation_png(points, 2, "review of a kuhn_poker game", SEATS, path)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a PNG whatever the name says
    evaluation_png(game_points(), 2, "title", SEATS, tmp_path / "graph.svg")
    assert (tmp_path / "graph.svg").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
