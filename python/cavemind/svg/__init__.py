"""SVG pictures of positions, one module per game, drawn from the position JSON (`State.to_dict(observer)`):
what the observer cannot see is drawn as card backs.

>>> import cavemind
>>> state = cavemind.load_game("tictactoe").new_initial_state()
>>> state.to_svg().startswith("<svg")
True

`python -m cavemind.svg.gallery DIR` writes one picture per game (the docs gallery).
"""
from __future__ import annotations

import importlib
from typing import Any

from cavemind.errors import InvalidPositionError
from cavemind.svg.draw import Picture

GAMES = ("stone_age", "honga", "jaeger_und_spaeher", "dino_jagd", "prehistory", "tictactoe", "kuhn_poker")


def position_svg(doc: dict[str, Any], size: int | None = None, checked: bool = False) -> str:
    """The SVG picture of a position document (the dict `State.to_dict` returns); `size` is the width in
    pixels (default: the picture's natural size). A document not written by `to_dict` (`checked=False`) is
    loaded first, so that a wrong one is refused with the InvalidPositionError naming the wrong field."""
    name = doc.get("game") if isinstance(doc, dict) else None
    if name not in GAMES:
        raise InvalidPositionError(f"game: no picture for {name!r}; pictures exist for {', '.join(GAMES)}")
    if not checked:
        from cavemind.game import state_from_json
        state_from_json(doc)
    module = importlib.import_module(f"cavemind.svg.{name}")
    picture: Picture = module.draw(doc)
    return picture.svg(size)
