"""SVG pictures of positions, one module per game, drawn from the position JSON (`State.to_dict(observer)`):
what the observer cannot see is drawn as card backs. A game's record names its drawer
(`GameInfo.drawer`, "cavemind.svg.<game>:draw").

>>> import cavemind
>>> state = cavemind.load_game("tictactoe").new_initial_state()
>>> state.to_svg().startswith("<svg")
True

`python -m cavemind.svg.gallery DIR` writes the pictures of the games' gallery views (the docs gallery).
"""
from __future__ import annotations

from typing import Any

from cavemind.errors import InvalidPositionError
from cavemind.game import state_from_json
from cavemind.games import game_info, game_names


def pictured_games() -> list[str]:
    """The games whose record names a drawer."""
    return [name for name in game_names() if game_info(name).drawer is not None]


def position_svg(doc: dict[str, Any], size: int | None = None, checked: bool = False) -> str:
    """The SVG picture of a position document (the dict `State.to_dict` returns); `size` is the width in
    pixels (default: the picture's natural size). A document not written by `to_dict` (`checked=False`) is
    loaded first, so that a wrong one is refused with the InvalidPositionError naming the wrong field."""
    name = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(name, str) or name not in pictured_games():
        raise InvalidPositionError(f"game: no picture for {name!r}; pictures exist for {', '.join(pictured_games())}")
    if not checked:
        state_from_json(doc)
    return game_info(name).picture(doc, size)
