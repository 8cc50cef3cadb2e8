"""cavemind: MCTS, ISMCTS and PIMC search for prehistoric board games, with a Cython C core.

>>> import cavemind
>>> game = cavemind.load_game("kuhn_poker", players=2)
>>> state = game.new_initial_state(seed=7)
>>> info = cavemind.analyse(state, cavemind.Limit(iterations=2000))
>>> info.best.name in ("pass", "bet")
True
"""
from cavemind.bots import Bot, HeuristicBot, ISMCTSBot, MCTSBot, MOISMCTSBot, PIMCBot, RandomBot
from cavemind.errors import (
                             AmbiguousMoveError,
                             CavemindError,
                             EmptyHistoryError,
                             GameNotOverError,
                             IllegalActionError,
                             InvalidOptionError,
                             InvalidPlayerError,
                             InvalidPositionError,
                             InvalidRecordError,
                             NotChanceNodeError,
                             SearchError,
                             UnknownGameError,
)
from cavemind.experts import ExpertBot
from cavemind.game import CHANCE, TERMINAL, Game, State, load_game, parameters_of, state_from_json
from cavemind.games import FULL_ROLLOUT, GameInfo, SearchDefaults, game_info, game_names, search_defaults
from cavemind.records import GameRecord, read_record
from cavemind.search import ALGORITHMS, Analysis, AnalysisInfo, Limit, MoveInfo, SearchTree, StopFlag, analyse, analysis
from cavemind.session import GameSession, SessionError
from cavemind.settings import SearchSettings

__version__ = "0.1.0"

__all__ = [
                             "ALGORITHMS",
                             "CHANCE",
                             "FULL_ROLLOUT",
                             "TERMINAL",
                             "AmbiguousMoveError",
                             "Analysis",
                             "AnalysisInfo",
                             "Bot",
                             "CavemindError",
                             "EmptyHistoryError",
                             "ExpertBot",
                             "Game",
                             "GameInfo",
                             "GameNotOverError",
                             "GameRecord",
                             "GameSession",
                             "HeuristicBot",
                             "ISMCTSBot",
                             "IllegalActionError",
                             "InvalidOptionError",
                             "InvalidPlayerError",
                             "InvalidPositionError",
                             "InvalidRecordError",
                             "Limit",
                             "MCTSBot",
                             "MOISMCTSBot",
                             "MoveInfo",
                             "NotChanceNodeError",
                             "PIMCBot",
                             "RandomBot",
                             "SearchDefaults",
                             "SearchError",
                             "SearchSettings",
                             "SearchTree",
                             "SessionError",
                             "State",
                             "StopFlag",
                             "UnknownGameError",
                             "analyse",
                             "analysis",
                             "game_info",
                             "game_names",
                             "load_game",
                             "parameters_of",
                             "read_record",
                             "search_defaults",
                             "state_from_json",
]
