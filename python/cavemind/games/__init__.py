"""The registry of games: name -> compiled module and default search settings. Each module follows
src/games/README.md."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

FULL_ROLLOUT = -1   # rollout_depth that plays every rollout to the end of the game


@dataclass(frozen=True)
class SearchDefaults:
    """A game's default search settings: what analyse(), the bots, the command line, the engine and the
    arena use when a setting is not given. Chosen by arena matches (docs/strength.md); `by_players`
    overrides them for one player count."""

    exploration: float = 0.7          # UCB constant c on returns in [0, 1]
    rollout_depth: int = FULL_ROLLOUT  # decisions before the rollout is cut off and the heuristic read
    by_players: dict[int, SearchDefaults] = field(default_factory=dict)

    def for_players(self, players: int) -> SearchDefaults:
        return self.by_players.get(players, self)


@dataclass(frozen=True)
class GameInfo:
    """One registered game: its compiled module and its default search settings."""

    module: str
    search: SearchDefaults = SearchDefaults()


# One entry per game; the module is imported only when the game is first loaded. The rollout depths of the
# board games are the cut-offs their strength ladders were measured with; Stone Age's and Jäger und Späher's
# settings won tuning matches against those (docs/strength.md, "Tuning").
REGISTRY: dict[str, GameInfo] = {
    "tictactoe": GameInfo("cavemind.games.tictactoe"),
    "kuhn_poker": GameInfo("cavemind.games.kuhn_poker"),
    "stone_age": GameInfo("cavemind.games.stone_age", SearchDefaults(rollout_depth=160)),
    "jaeger_und_spaeher": GameInfo("cavemind.games.jaeger_und_spaeher",
                                   SearchDefaults(exploration=0.3, rollout_depth=15)),
    "prehistory": GameInfo("cavemind.games.prehistory", SearchDefaults(rollout_depth=20)),
    "honga": GameInfo("cavemind.games.honga", SearchDefaults(rollout_depth=60)),
    "dino_jagd": GameInfo("cavemind.games.dino_jagd", SearchDefaults(rollout_depth=40)),
}


def search_defaults(name: str, players: int) -> SearchDefaults:
    """The default search settings of game `name` with `players` players."""
    game_module(name)  # raises UnknownGameError for an unknown name
    return REGISTRY[name].search.for_players(players)


def game_names() -> list[str]:
    return sorted(REGISTRY)


def game_module(name: str) -> ModuleType:
    from cavemind.errors import UnknownGameError

    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(game_names())}")
    return importlib.import_module(REGISTRY[name].module)
