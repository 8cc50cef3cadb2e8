"""Every cavemind game as an OpenSpiel (pyspiel) Python game, so OpenSpiel's algorithms and bots can play it.

>>> import pyspiel
>>> import cavemind.interop.openspiel  # registers cavemind_<game> for every game in cavemind.game_names()
>>> game = pyspiel.load_game("cavemind_kuhn_poker", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

Importing this module registers each game under ``cavemind_<name>`` with its parameters (OpenSpiel parameter
defaults = cavemind's). The mapping:

- **Game type**: sequential, terminal rewards, general sum, explicit stochastic chance (deterministic when the
  game has no chance node), imperfect information where the game module says ``HIDDEN_INFORMATION``.
- **Game info**: ``num_distinct_actions`` = the game's ``max_actions``; ``max_chance_outcomes`` = ``max_actions``
  too for games with chance, because cavemind numbers chance outcomes in the same action space and OpenSpiel needs
  every outcome id below ``max_chance_outcomes``; utilities 0..1 (cavemind's returns: winner 1, loser 0, ties
  share); ``max_game_length`` = the game's bound (it counts chance steps too, so it bounds OpenSpiel's count).
- **Actions and chance**: the same integer ids as cavemind; action strings are cavemind's notation.
- **Strings**: ``information_state_string(p)`` and ``observation_string(p)`` are both the compact JSON of the
  game's seat view ``state_to_dict(p)``, which holds only what ``p`` sees (cavemind's views carry the public
  history where the rules need it; they are not a perfect-recall record of every past observation).
- **Tensors**: ``information_state_tensor(p)`` and ``observation_tensor(p)`` are both ``State.observation(p)``,
  the game's documented fixed-length numeric view.
- **Resampling**: ``state.resample_from_infostate(p, sampler)`` is cavemind's ``determinize(p)``, seeded from the
  sampler. The new state's ``history()`` is empty: cavemind resamples the state, not the action sequence, and
  copying the true history would reveal the hidden actions it records.
- **Serialization**: states pickle as (game, parameters, raw state bytes), so ``pyspiel.serialize_game_and_state``
  round-trips.
"""
from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any, cast

import numpy as np
import pyspiel

import cavemind
from cavemind.game import Game as _CavemindGame
from cavemind.game import State as _CavemindState
from cavemind.games import game_info, game_module

PREFIX = "cavemind_"
_PLAYER_IDS = {cavemind.CHANCE: int(pyspiel.PlayerId.CHANCE), cavemind.TERMINAL: int(pyspiel.PlayerId.TERMINAL)}
_registered: dict[str, pyspiel.GameType] = {}
_creators: dict[str, type] = {}


def openspiel_name(name: str) -> str:
    """The OpenSpiel short name of cavemind game `name`."""
    return PREFIX + name


class HeldState(_CavemindState):
    """A cavemind State that OpenSpiel can copy: pyspiel clones a Python state by deep-copying its attributes
    (State.__deepcopy__ clones, keeping the class) and serializes it by pickling them (as the game's name and
    parameters and the raw state bytes)."""

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any], bytes], HeldState],
                                  tuple[str, dict[str, Any], bytes]]:
        return _restore_state, (self.game.name, dict(self.game.params), self.to_bytes())


@functools.cache
def _cavemind_game(name: str, params: tuple[Any, ...]) -> _CavemindGame:
    return cavemind.load_game(name, **dict(params))


def _restore_state(name: str, params: dict[str, Any], data: bytes) -> HeldState:
    return HeldState(_cavemind_game(name, tuple(sorted(params.items()))), data)


@functools.lru_cache(maxsize=1 << 14)
def _view_string(name: str, data: bytes, player: int) -> str:
    """The compact JSON of the seat view of `player` at state `data` of game `name` (cached: OpenSpiel asks for
    the information state and the observation string of the same state in turn, and its searches revisit
    states). The key is the game's name, not its Game: a string hashes at no cost, a Game sorts its parameters."""
    return json.dumps(game_module(name).state_to_dict(data, player), sort_keys=True, separators=(",", ":"))


def _game_type(name: str) -> pyspiel.GameType:
    info = game_info(name)
    spec = info.parameters
    players = info.player_counts
    has_chance = info.chance
    hidden = info.hidden_information
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"cavemind {name}: {info.description}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if has_chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={key: s["default"] for key, s in spec.items()},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _table(game: _CavemindGame) -> dict[str, Any]:
    from cavemind import _core

    return _core.table_info(game._capsule)


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information: Game is Any
    """A cavemind game in one configuration, as a pyspiel game. `cavemind_game` is the cavemind Game.
    register() makes one subclass per game, with the game's name in `NAME`."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None):
        name = self.NAME
        params = dict(params or {})
        game = _cavemind_game(name, tuple(sorted(cavemind.load_game(name, **params).params.items())))
        table = _table(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.max_actions,
            max_chance_outcomes=game.max_actions if table["max_chance_outcomes"] > 0 else 0,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_game_length,
        )
        super().__init__(_registered[name], info, dict(game.params))
        self.cavemind_game = game

    def new_initial_state(self, state: _CavemindState | None = None) -> OpenSpielState:
        """The starting position (the raw root, chance nodes included), or a wrap of the cavemind `state`."""
        if state is None:
            held = HeldState(self.cavemind_game, self.cavemind_game.module.initial_state(self.cavemind_game.params))
        elif isinstance(state, _CavemindState) and state.game == self.cavemind_game:
            held = HeldState(self.cavemind_game, state.to_bytes())
        else:
            raise ValueError(f"{self}: new_initial_state takes nothing or a cavemind State of "
                             f"{self.cavemind_game!r}, not {state!r}")
        return OpenSpielState(self, held)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return Observer(self.cavemind_game)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information: State is Any
    """A cavemind State seen through pyspiel's State API. `cavemind_state` is a copy-safe cavemind State."""

    def __init__(self, game: OpenSpielGame, held: HeldState):
        super().__init__(game)
        self._cm = held

    @property
    def cavemind_state(self) -> HeldState:
        return self._cm

    def current_player(self) -> int:
        player = self._cm.current_player()
        return player if player >= 0 else _PLAYER_IDS[player]

    def _legal_actions(self, player: int) -> list[int]:
        return self._cm.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._cm.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._cm.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self._cm.action_to_string(int(action))
        except Exception:  # not legal here: the notation may depend on the position
            return f"action {int(action)}"

    def is_terminal(self) -> bool:
        return self._cm.is_terminal()

    def returns(self) -> list[float]:
        if self._cm.is_terminal():
            return self._cm.returns()
        return [0.0] * self._cm.num_players

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float] | None = None) -> OpenSpielState:
        """A state in `player_id`'s information set, with everything they cannot see resampled by cavemind's
        determinize. The seed comes from `probability_sampler` (a callable giving floats in [0, 1), such as
        pyspiel.UniformProbabilitySampler) when given."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**52) ^ (int(probability_sampler() * 2**52) << 11)
        else:
            seed = random.getrandbits(63)
        world = self._cm.determinize(int(player_id), seed)
        return OpenSpielState(self.get_game(), world)

    def view_string(self, player: int) -> str:
        """The compact JSON of what `player` sees (the game's seat view)."""
        self._cm._check_player(player)
        return _view_string(self._cm.game.name, self._cm.to_bytes(), int(player))

    # The same strings and tensors as pyspiel's C++ path through Observer (which OpenSpiel's C++ code uses),
    # answered directly for Python callers such as OpenSpiel's Python bots: pyspiel sizes every C++ tensor
    # call by building a new initial state and observing it first.
    def information_state_string(self, player: int | None = None) -> str:
        return self.view_string(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.view_string(self.current_player() if player is None else player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._cm.observation(self.current_player() if player is None else player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._cm.observation(self.current_player() if player is None else player)

    def __str__(self) -> str:
        return self._cm.render()


class Observer:
    """pyspiel's Python observer interface: `tensor` and `dict` hold State.observation(player); strings are the
    seat view. Used for both the information state and the observation."""

    def __init__(self, game: _CavemindGame):
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = state.cavemind_state.observation(player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return state.view_string(player)


def register(name: str) -> pyspiel.GameType:
    """Registers cavemind game `name` with OpenSpiel as cavemind_<name> (once); returns its GameType."""
    if name not in _registered:
        game_type = _game_type(name)
        _registered[name] = game_type
        if openspiel_name(name) not in pyspiel.registered_names():
            # A class, as in OpenSpiel's own Python games: OpenSpiel's registry keeps the creator until the
            # process exits, and a class outlives the interpreter's teardown where a plain function would be
            # freed without the GIL (a crash at exit).
            creator = type(f"OpenSpielGame_{name}", (OpenSpielGame,), {"NAME": name, "__module__": __name__})
            _creators[name] = creator
            pyspiel.register_game(game_type, creator)
    return _registered[name]


def register_all() -> list[str]:
    """Registers every game in cavemind.game_names(); returns their OpenSpiel names."""
    return [openspiel_name(name) for name in cavemind.game_names() if register(name)]


def load_game(name: str, **params: Any) -> OpenSpielGame:
    """pyspiel.load_game for cavemind game `name` (registered on demand) with cavemind parameters."""
    register(name)
    # pyspiel hands back the Python object its registered creator (an OpenSpielGame subclass) made.
    return cast(OpenSpielGame, pyspiel.load_game(openspiel_name(name), params))


def from_cavemind(state: _CavemindState) -> OpenSpielState:
    """An OpenSpiel state holding a copy of the cavemind `state` (its OpenSpiel history() is empty)."""
    game = load_game(state.game.name, **state.game.params)
    return game.new_initial_state(state)


register_all()
