"""Dice hunt's expert: rest while ahead by a rest or more, hunt when behind (it reads only the mover's view)."""
from __future__ import annotations

from typing import Any


def choose(view: dict[str, Any], actions: list[int], names: list[str]) -> int:
    state = view["state"]
    mine = state["points"][view["to_move"]]
    best_other = max(points for seat, points in enumerate(state["points"]) if seat != view["to_move"])
    return names.index("rest" if mine >= best_other + 2 else "hunt")
