"""Every cavemind game as a PettingZoo AEC environment, with action masks and numeric observations.

>>> from cavemind.interop.pettingzoo import env
>>> e = env("kuhn_poker", players=3)
>>> e.reset(seed=42)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

- Agents are ``player_0`` .. ``player_{n-1}`` (cavemind seats 0..n-1); ``agent_selection`` is the seat to move.
- Actions: ``Discrete(max_actions)``, the game's action ids; ``obs["action_mask"]`` (int8, 1 = legal) marks the
  legal ones for the agent to move and is all zeros for the others and after the end. An illegal action raises
  cavemind.IllegalActionError and leaves the game unchanged.
- Observations: ``Dict(observation=Box(-inf, inf, (observation_size,), float32), action_mask=Box(0, 1,
  (max_actions,), int8))``; ``observation`` is ``State.observation(seat)``, the game's documented view from that
  seat (it reveals nothing the seat cannot see).
- Chance (deals, dice, draws) is resolved inside the environment with a generator seeded by ``reset(seed=...)``,
  so a seed replays the same game for the same actions.
- Rewards are 0 until the end, then each seat's return in [0, 1] (winner 1, loser 0, ties share). No truncation:
  every game ends by its own rules.
- ``render()`` (render_mode "ansi" or "human") gives the full board as text; ``infos[agent]`` holds
  ``{"legal_actions": [...], "action_names": [...]}`` for the agent to move.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cavemind


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class CavemindAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information: AECEnv is Any
    """One cavemind game in one configuration as an AEC environment."""

    # The class's metadata; __init__ gives each environment its own copy naming the game, so this is an instance
    # attribute (as AECEnv declares it), not a ClassVar.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "cavemind",  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game_name: str, render_mode: str | None = None, **params: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.game = cavemind.load_game(game_name, **params)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cavemind_{game_name}")
        n = self.game.num_players
        self.possible_agents = [agent_name(i) for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size, actions = self.game.observation_size, self.game.max_actions
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.cavemind_state: cavemind.State | None = None  # the true game state
        self._rng = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.cavemind_state is None:
            self._rng = np.random.default_rng(seed)
        self.cavemind_state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_move()

    def _state(self, use: str) -> cavemind.State:
        """The true game state, which reset() makes; `use` names what needs it, for the error before reset()."""
        if self.cavemind_state is None:
            # AttributeError, as for any environment attribute used before reset()
            raise AttributeError(f"reset() needs to be called before {use}")
        return self.cavemind_state

    def _resolve_chance(self) -> None:
        state = self._state("step")
        while state.is_chance_node():
            state.apply(state.sample_chance(int(self._rng.integers(0, 2**63 - 1))))

    def _after_move(self) -> None:
        """Chance resolved: selects the seat to move, or ends the game and hands out the returns."""
        state = self._state("step")
        for agent in self.agents:
            self.infos[agent] = {}
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns(), strict=False):
                if agent in self.rewards:
                    self.rewards[agent] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = agent_name(state.current_player())
        legal = state.legal_actions()
        self.infos[self.agent_selection] = {"legal_actions": legal,
                                            "action_names": [state.action_to_string(a) for a in legal]}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self._state("observe")
        mask = np.zeros(self.game.max_actions, dtype=np.int8)
        if not state.is_terminal() and state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": np.asarray(state.observation(seat), dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise cavemind.IllegalActionError(f"{agent} is to move: an action is needed, not None")
        self._state("step").apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._resolve_chance()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.cavemind_state.render() if self.cavemind_state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_name: str, render_mode: str | None = None, **params: Any) -> CavemindAECEnv:
    """The AEC environment of cavemind game `game_name` with its parameters (`players=`, options)."""
    return CavemindAECEnv(game_name, render_mode=render_mode, **params)


raw_env = env
