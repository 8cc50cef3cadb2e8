"""cavemind in the game-AI ecosystem: adapters to OpenSpiel and PettingZoo.

- `cavemind.interop.openspiel` (needs `pip install cavemind[openspiel]`): every game as an OpenSpiel Python game,
  registered as ``cavemind_<game>``, playable by OpenSpiel's own algorithms and bots.
- `cavemind.interop.pettingzoo` (needs `pip install cavemind[pettingzoo]`): every game as a PettingZoo AEC
  environment with action masks and numeric observations.

Neither is imported by ``import cavemind``; import the one you need. See docs/interop.md.
"""
