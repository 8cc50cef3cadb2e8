"""Rule-based expert bots: hand-written strategy, one policy per game, as a competent yardstick for search.

An expert decides from its own information set only: a policy receives the state as the mover sees it
(`state.to_dict(observer=mover)`), the legal actions and their notation, never the true state.

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

if TYPE_CHECKING:      # for annotations only
    from cavemind.game import State

# game name -> policy(view, actions, names) -> index into actions; filled by the game modules below
Policy = Callable[[dict[str, Any], list[int], list[str]], int]
POLICIES: dict[str, Policy] = {}


def expert_games() -> list[str]:
    """The games that have an expert policy."""
    return sorted(POLICIES)


class ExpertBot(Bot):
    """Plays a game's hand-written expert policy (deterministic: the same information set gives the same
    action). A game without an expert raises SearchError naming the games that have one."""

    name = "expert"

    def __init__(self, seed: int | None = None):
        self.seed = seed  # accepted for a uniform bot interface; the policies are deterministic

    def step(self, state: State) -> int:
        _require_decision(state)
        name = state.game.name
        policy = POLICIES.get(name)
        if policy is None:
            raise SearchError(f"no expert bot for the game {name!r}; experts exist for {', '.join(expert_games())}")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        player = state.current_player()
        view = state.to_dict(observer=player)
        names = [state.action_to_string(a) for a in actions]
        return actions[policy(view, actions, names)]


from cavemind.experts import dino_jagd as _dino_jagd  # noqa: E402
from cavemind.experts import honga as _honga  # noqa: E402
from cavemind.experts import jaeger_und_spaeher as _jaeger_und_spaeher  # noqa: E402
from cavemind.experts import prehistory as _prehistory  # noqa: E402
from cavemind.experts import stone_age as _stone_age  # noqa: E402

POLICIES["stone_age"] = _stone_age.choose
POLICIES["jaeger_und_spaeher"] = _jaeger_und_spaeher.choose
POLICIES["honga"] = _honga.choose
POLICIES["dino_jagd"] = _dino_jagd.choose
POLICIES["prehistory"] = _prehistory.choose

__all__ = ["POLICIES", "ExpertBot", "expert_games"]
