"""Drawing helpers shared by the game pictures: a Picture collects SVG elements as plain strings (no
dependency, in the manner of python-chess's chess.svg) and writes the document.

Every element that stands for something in the position carries a class naming it (`person p0`, `card`,
`card-back`, ...), so that a test or a style sheet can find it.
"""
from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from cavemind.errors import InvalidOptionError

# One colour per seat, told apart also by people with the commonest colour-vision deficiencies
# (Okabe-Ito palette).
PLAYER_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7")
INK = "#222"
PAPER = "#fbf7ef"
PANEL = "#efe6d2"
CARD_FACE = "#fffdf8"
CARD_BACK = "#7a5230"
FONT = "Helvetica, Arial, sans-serif"
# The width of an average character of FONT, in em, to fit texts without a font at hand to measure them (the
# layout test, tests/test_svg_layout.py, estimates text boxes the same way).
EM_PER_CHARACTER, EM_PER_BOLD_CHARACTER = 0.55, 0.6
LINE_HEIGHT = 1.15                  # the distance between the baselines of two lines on a card, in em
SMALLEST_TEXT = 6                   # a text shrunk to fit gets no smaller than this; beyond, it is cut short


def text_width(text: object, size: float, bold: bool = False) -> float:
    """The estimated width of `text` at font size `size`."""
    return len(str(text)) * size * (EM_PER_BOLD_CHARACTER if bold else EM_PER_CHARACTER)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a single word wider than that stays whole)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def _number(value: float) -> str:
    """A coordinate without a trailing .0 (shorter files, stable output)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _attributes(**attrs: object) -> str:
    """XML attributes, keyword names with _ written as - (class_ becomes class); None values left out."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        parts.append(f"{name}={quoteattr(text)}")
    return " ".join(parts)


class Picture:
    """An SVG document of `width` x `height` user units, built element by element."""

    def __init__(self, width: float, height: float, title: str = ""):
        self.width, self.height = width, height
        self.parts: list[str] = []
        if title:
            self.parts.append(f"<title>{escape(title)}</title>")
        self.parts.append(
            "<defs><pattern id=\"back\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
            "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"" + CARD_BACK + "\"/>"
            "<rect width=\"3\" height=\"6\" fill=\"#936640\"/></pattern></defs>")
        self.rect(0, 0, width, height, fill=PAPER, stroke="none")

    def add(self, element: str) -> None:
        self.parts.append(element)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = INK,
             cls: str | None = None, rx: float = 0, title: str | None = None, stroke_width: float = 1) -> None:
        attrs = _attributes(x=x, y=y, width=w, height=h, rx=rx or None, fill=fill, stroke=stroke,
                            stroke_width=stroke_width if stroke != "none" else None, class_=cls)
        self.parts.append(_titled("rect", attrs, title))

    def click_target(self, x: float, y: float, w: float, h: float, cls: str, title: str, rx: float = 3) -> None:
        """An invisible box classed `cls` (`<kind> <target> ...`, the web page's click targets) over something
        drawn with text on it: the text would catch the clicks meant for a shape under it, and a class on a
        card's group would outline its text on hover. Its title tells what it stands for."""
        self.rect(x, y, w, h, fill="transparent", stroke="none", rx=rx, cls=cls, title=title)

    def circle(self, cx: float, cy: float, r: float, fill: str, cls: str | None = None, stroke: str = INK,
               title: str | None = None) -> None:
        attrs = _attributes(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, class_=cls)
        self.parts.append(_titled("circle", attrs, title))

    def polygon(self, points: list[tuple[float, float]], fill: str, cls: str | None = None, stroke: str = INK,
                title: str | None = None) -> None:
        attrs = _attributes(points=" ".join(f"{_number(round(x, 2))},{_number(round(y, 2))}" for x, y in points),
                            fill=fill, stroke=stroke, class_=cls)
        self.parts.append(_titled("polygon", attrs, title))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1,
             cls: str | None = None) -> None:
        attrs = _attributes(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width, class_=cls)
        self.parts.append(f"<line {attrs}/>")

    def text(self, x: float, y: float, text: object, size: float = 12, anchor: str = "start", bold: bool = False,
             fill: str = INK, cls: str | None = None, width: float | None = None) -> None:
        """A line of text; given a `width`, one too wide for it is drawn smaller, and if even the smallest size
        is too wide, cut short with an ellipsis (the whole text then its tooltip)."""
        words, tooltip = str(text), ""
        if width is not None and text_width(words, size, bold) > width:
            size = max(SMALLEST_TEXT, _round_down(size * width / text_width(words, size, bold)))
            if text_width(words, size, bold) > width:
                tooltip = f"<title>{escape(words)}</title>"
                words = words[:max(1, int(width / text_width("x", size, bold)) - 1)] + "\u2026"
        attrs = _attributes(x=x, y=y, font_size=size, font_family=FONT,
                            text_anchor=anchor if anchor != "start" else None,
                            font_weight="bold" if bold else None, fill=fill, class_=cls)
        self.parts.append(f"<text {attrs}>{escape(words)}{tooltip}</text>")

    def card(self, x: float, y: float, w: float, h: float, lines: list[str], cls: str = "card",
             fill: str = CARD_FACE, size: float = 10, title: str | None = None, stroke: str = INK) -> None:
        """A face-up card: a rounded box with up to a few lines of text, the first in bold. A line too wide for
        the card is wrapped when the card has room for more lines, else all lines are drawn smaller."""
        self.parts.append(f"<g {_attributes(class_=cls)}>")
        self.rect(x, y, w, h, fill=fill, rx=4, title=title, stroke=stroke)
        pieces, size = _fit_card(lines, w - 2 * CARD_MARGIN, h - CARD_MARGIN, size)
        for i, (line, bold) in enumerate(pieces):
            self.text(x + w / 2, y + CARD_MARGIN + size * (i + 1) * LINE_HEIGHT, line, size=size, anchor="middle",
                      bold=bold)
        self.parts.append("</g>")

    def card_back(self, x: float, y: float, w: float, h: float, cls: str = "card-back",
                  title: str | None = None) -> None:
        """A face-down card: the same box, hatched, nothing written on it."""
        self.rect(x, y, w, h, fill="url(#back)", rx=4, cls=cls, title=title or "face-down card")

    def person(self, cx: float, cy: float, player: int, r: float = 6, cls: str = "person",
               title: str | None = None) -> None:
        """A player's piece: a disc in the seat's colour, classed `<cls> p<seat>`."""
        self.circle(cx, cy, r, player_colour(player), cls=f"{cls} p{player}", title=title or f"player {player}")

    def svg(self, size: int | None = None) -> str:
        """The document; `size` is the width in pixels (the height follows), else the natural size."""
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
            raise InvalidOptionError(f"size {size!r}: expected a positive whole number of pixels")
        width = size if size is not None else self.width
        height = round(width * self.height / self.width, 2)
        head = (f"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                f"{_attributes(width=width, height=height)} "
                f"viewBox=\"0 0 {_number(self.width)} {_number(self.height)}\">")
        return "\n".join([head, *self.parts, "</svg>"]) + "\n"


CARD_MARGIN = 4                     # between a card's edge and its text


def _fit_card(lines: list[str], width: float, height: float, size: float) -> tuple[list[tuple[str, bool]], float]:
    """The (line, bold) pieces of a card's text and their size: wrapped at `size` if that fits `height`, else the
    lines as given, drawn small enough to fit both `width` and `height`."""
    def fits(count: int, size: float) -> bool:
        return size * (count * LINE_HEIGHT + 0.2) <= height          # 0.2 em: the last line's descenders

    wrapped = [(piece, i == 0) for i, line in enumerate(lines) for piece in wrap(line, width, size, i == 0)]
    if fits(len(wrapped), size) and all(text_width(piece, size, bold) <= width for piece, bold in wrapped):
        return wrapped, size
    plain = [(line, i == 0) for i, line in enumerate(lines)]
    widest = max((text_width(line, 1, bold) for line, bold in plain), default=0)
    smaller = min(size, height / (len(plain) * LINE_HEIGHT + 0.2), width / widest if widest else size)
    return plain, _round_down(smaller)


def _round_down(size: float) -> float:
    """A font size to a tenth, rounded down so that the text still fits (shorter files, stable output)."""
    return math.floor(size * 10) / 10


def _titled(tag: str, attrs: str, title: str | None) -> str:
    """An element, with a tooltip (<title>) when given: viewers show it on hover."""
    if title is None:
        return f"<{tag} {attrs}/>"
    return f"<{tag} {attrs}><title>{escape(title)}</title></{tag}>"


def flow(count: int, x: float, y: float, width: float, step: float) -> list[tuple[float, float]]:
    """Centres for `count` small pieces laid out left to right in rows inside a box `width` wide."""
    per_row = max(1, int(width // step))
    return [(x + step / 2 + (i % per_row) * step, y + step / 2 + (i // per_row) * step) for i in range(count)]


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def status_line(doc: dict[str, Any]) -> str:
    """'seen by player 1' or 'all cards face up' for the caption of every picture."""
    observer = doc.get("observer")
    return f"as seen by player {observer}" if observer is not None else "everything face up"
