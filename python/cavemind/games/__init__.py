"""The registry of games: name -> compiled module and default search settings. Each module follows
src/games/README.md."""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, cast, runtime_checkable

FULL_ROLLOUT = -1   # rollout_depth that plays every rollout to the end of the game


@runtime_checkable
class GameModule(Protocol):
    """The module-level names every compiled game module provides (src/games/README.md, "The Python side").
    `Game` and `State` reach a game only through these, so mypy checks every use against this list, and the
    contract tests check that each registered module has all of them."""

    NAME: str
    DESCRIPTION: str
    HIDDEN_INFORMATION: bool
    PARAMETERS: Mapping[str, Mapping[str, Any]]

    def make_table(self, params: dict[str, Any], /) -> object: ...   # a capsule named cavemind.GameTable
    def initial_state(self, params: dict[str, Any], /) -> bytes: ...
    def check_state(self, data: bytes, /) -> str | None: ...
    def phase_name(self, data: bytes, /) -> str: ...
    def action_to_string(self, data: bytes, action: int, /) -> str: ...
    def state_to_dict(self, data: bytes, observer: int | None = None, /) -> dict[str, Any]: ...
    def state_from_dict(self, params: dict[str, Any], doc: dict[str, Any], /) -> bytes: ...
    def render(self, data: bytes, observer: int | None = None, /) -> str: ...
    def observation_size(self, params: dict[str, Any], /) -> int: ...
    def observation(self, data: bytes, player: int, /) -> Sequence[float]: ...


@dataclass(frozen=True)
class SearchDefaults:
    """A game's default search settings: what analyse(), the bots, the command line, the engine and the
    arena use when a setting is not given. Chosen by arena matches (docs/strength.md); `by_players`
    overrides them for one player count."""

    exploration: float = 0.7          # UCB constant c on returns in [0, 1]
    rollout_depth: int = FULL_ROLLOUT  # decisions before the rollout is cut off and the heuristic read
    rollout_policy: str = "game"      # "game" (its rollout_action, uniform where it has none), "uniform", "mast",
                                      # "nast"
    chance_branching: int = 0         # chance events with at most this many outcomes are closed loop (0: none)
    implicit_minimax: float = 0.0     # weight of the heuristic-minimax value in selection (0: off; 2 players only)
    by_players: dict[int, SearchDefaults] = field(default_factory=dict)

    def for_players(self, players: int) -> SearchDefaults:
        return self.by_players.get(players, self)


@dataclass(frozen=True)
class GameInfo:
    """One registered game: where its compiled module is, its default search settings, and what the module
    declares about it (name, description, parameters, player counts, hidden information, chance), read from
    the module when asked so that each fact has one place: the game's own source."""

    module: str
    search: SearchDefaults = SearchDefaults()

    @property
    def compiled(self) -> GameModule:
        """The compiled game module (imported on first use)."""
        return cast(GameModule, importlib.import_module(self.module))

    @property
    def name(self) -> str:
        return self.compiled.NAME

    @property
    def description(self) -> str:
        """One line: the game's long name and what is modelled."""
        return self.compiled.DESCRIPTION

    @property
    def parameters(self) -> dict[str, dict[str, Any]]:
        """{parameter: {"type", "default", "choices"?, "help"?}}, always with "players" (a copy)."""
        return {key: dict(spec) for key, spec in self.compiled.PARAMETERS.items()}

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the game can be set up for, smallest first."""
        players = self.compiled.PARAMETERS["players"]
        return tuple(sorted(players.get("choices") or (players["default"],)))

    @property
    def hidden_information(self) -> bool:
        """Whether anything is ever hidden from a player."""
        return bool(self.compiled.HIDDEN_INFORMATION)

    @property
    def chance(self) -> bool:
        """Whether the game has chance events (deals, dice, draws), in its default configuration."""
        from cavemind.game import load_game
        return load_game(self.name).max_chance_outcomes > 0


# One entry per game; the module is imported only when the game is first loaded. The rollout depths of the
# board games are the cut-offs their strength ladders were measured with; the settings of Stone Age, Jäger und
# Späher and Dino Jagd (exploration 0.4) won tuning matches against those (docs/strength.md, "Tuning").
REGISTRY: dict[str, GameInfo] = {
    "tictactoe": GameInfo("cavemind.games.tictactoe"),
    "kuhn_poker": GameInfo("cavemind.games.kuhn_poker"),
    "stone_age": GameInfo("cavemind.games.stone_age", SearchDefaults(rollout_depth=160)),
    # MAST rollouts won 80.0% [70.0, 87.3] of 80 games against its uniform rollouts (docs/strength.md, "NAST
    # rollouts, and MAST in Jäger und Späher")
    "jaeger_und_spaeher": GameInfo("cavemind.games.jaeger_und_spaeher",
                                   SearchDefaults(exploration=0.3, rollout_depth=15, rollout_policy="mast")),
    # MAST rollouts won 63.3% [54.4, 71.4] of 120 games against the game's policy with 2 players
    # (docs/strength.md, "MAST rollouts"); 3 and 4 players are not measured yet and keep the game's policy.
    "prehistory": GameInfo("cavemind.games.prehistory", SearchDefaults(
        rollout_depth=20, by_players={2: SearchDefaults(rollout_depth=20, rollout_policy="mast")})),
    # 2 players: exploration 0.3 won 72.5% [57.2, 83.9] of 40 against 0.7 (with the heuristic's variant 1,
    # docs/strength.md, "Honga: the cut-off"), and implicit minimax backups with weight 0.3 77.2% [71.0, 82.5] of
    # 200 against none at 1,000 iterations and 62.7% [53.1, 71.5] of 102 at 4,000 ("Implicit minimax backups");
    # 3-5 players are not tuned yet and keep 0.7 (implicit minimax is for 2 players).
    "honga": GameInfo("cavemind.games.honga", SearchDefaults(
        rollout_depth=60, by_players={2: SearchDefaults(exploration=0.3, rollout_depth=60, implicit_minimax=0.3)})),
    # 2 players: the learned cut-off evaluation (the module's default heuristic with 2 players) with exploration
    # 0.25 won 61.2% [50.3, 71.2] of 80 games against the previous default, c = 0.4 with the score lead
    # (docs/strength.md, "Dino Jagd: a learned evaluation"), and closed-loop chance for the hunt's die (6 faces)
    # 63.8% [52.8, 73.4] of 80 against open loop at 1,000 iterations and 58.1% [47.2, 68.3] of 80 at 4,000
    # ("Closed-loop chance nodes"), and implicit minimax backups with weight 0.3 61.5% [54.6, 68.0] of 200 against
    # none at 1,000 iterations and 56.4% [48.6, 63.9] of 156 at 4,000 ("Implicit minimax backups"); 3 and 4
    # players keep exploration 0.4, the score lead and open loop (implicit minimax is for 2 players).
    "dino_jagd": GameInfo("cavemind.games.dino_jagd", SearchDefaults(
        exploration=0.4, rollout_depth=40,
        by_players={2: SearchDefaults(exploration=0.25, rollout_depth=40, chance_branching=6,
                                      implicit_minimax=0.3)})),
}


def game_info(name: str) -> GameInfo:
    """The registry record of game `name`. Raises UnknownGameError."""
    game_module(name)  # raises UnknownGameError for an unknown name
    return REGISTRY[name]


def search_defaults(name: str, players: int) -> SearchDefaults:
    """The default search settings of game `name` with `players` players."""
    game_module(name)  # raises UnknownGameError for an unknown name
    return REGISTRY[name].search.for_players(players)


def game_names() -> list[str]:
    return sorted(REGISTRY)


def game_module(name: str) -> GameModule:
    """The compiled module of game `name`, seen through its contract. Raises UnknownGameError."""
    # The compiled modules have no stubs: the contract tests check that each one has every GameModule name.
    return cast(GameModule, compiled_module(name))


def compiled_module(name: str) -> ModuleType:
    """The compiled module of game `name` with everything it defines, for a game's own extras (its data
    tables, debug helpers) beyond the GameModule contract. Raises UnknownGameError."""
    from cavemind.errors import UnknownGameError

    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(game_names())}")
    return importlib.import_module(REGISTRY[name].module)
