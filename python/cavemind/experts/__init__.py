"""Rule-based expert bots: hand-written strategy, one policy per game, as a competent yardstick for search.

An expert decides from its own information set only: a policy receives the state as the mover sees it
(`state.to_dict(observer=mover)`), the legal actions and their notation, never the true state. A game's record
names its policy (`GameInfo.expert`, "cavemind.experts.<game>:choose"), imported when the expert first plays it.

>>> import cavemind
>>> from cavemind.experts import ExpertBot
>>> state = cavemind.load_game("stone_age").new_initial_state(seed=1)
>>> state.action_to_string(ExpertBot().step(state)).startswith("place")
True
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cavemind.bots import Bot, _require_decision
from cavemind.errors import SearchError
from cavemind.games import game_info, game_names

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

# policy(view, actions, names) -> index into actions
Policy = Callable[[dict[str, Any], list[int], list[str]], int]


def expert_games() -> list[str]:
    """The games that have an expert policy."""
    return [name for name in game_names() if game_info(name).expert is not None]


class ExpertBot(Bot):
    """Plays a game's hand-written expert policy (deterministic: the same information set gives the same
    action). A game without an expert raises SearchError naming the games that have one."""

    name = "expert"

    def __init__(self, seed: int | None = None):
        self.seed = seed  # accepted for a uniform bot interface; the policies are deterministic

    def step(self, state: State) -> int:
        _require_decision(state)
        name = state.game.name
        policy = game_info(name).expert_policy()
        if policy is None:
            raise SearchError(f"no expert bot for the game {name!r}; experts exist for {', '.join(expert_games())}")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        player = state.current_player()
        view = state.to_dict(observer=player)
        names = [state.action_to_string(a) for a in actions]
        return actions[policy(view, actions, names)]


__all__ = ["ExpertBot", "Policy", "expert_games"]
