"""The registry of games: name -> compiled module. Each module follows src/games/README.md."""
from __future__ import annotations

import importlib
from types import ModuleType

# One entry per game; the module is imported only when the game is first loaded.
REGISTRY: dict[str, str] = {
    "tictactoe": "cavemind.games.tictactoe",
    "kuhn_poker": "cavemind.games.kuhn_poker",
    "stone_age": "cavemind.games.stone_age",
    "jaeger_und_spaeher": "cavemind.games.jaeger_und_spaeher",
    "prehistory": "cavemind.games.prehistory",
    "honga": "cavemind.games.honga",
    "dino_jagd": "cavemind.games.dino_jagd",
}


def game_names() -> list[str]:
    return sorted(REGISTRY)


def game_module(name: str) -> ModuleType:
    from cavemind.errors import UnknownGameError

    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(game_names())}")
    return importlib.import_module(REGISTRY[name])
