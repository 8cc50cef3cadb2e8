"""The games the web application holds: each a cavemind.GameSession with what the browser may be shown of it,
kept in memory under an unguessable id, isolated from the others and bounded in number.

A WebGame names every move and chance event as each seat perceives it (State.observed_action) at the moment it
is played, so the move list sent to a seat never holds what that seat could not see (an opponent's drawn card,
a face-down discard). Every change to a game holds its lock: two requests for one game never interleave.
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cavemind.botspec import HUMAN, BotSpec
from cavemind.errors import CavemindError
from cavemind.game import State
from cavemind.records import GameRecord
from cavemind.search import AnalysisInfo, StopFlag
from cavemind.session import GameSession

# Open games at once: past it the least recently used game is dropped (a page left open long ago), so memory
# stays bounded whatever clients do.
MAX_GAMES = 256
SOURCE = "cavemind serve"


class GameNotFoundError(CavemindError, KeyError):
    """No open game has this id (never created, or dropped as the least recently used)."""


@dataclass
class LoggedEvent:
    """A played move or chance event: who played it (a seat, or -1 for chance), its name, and its name as each
    seat perceives it."""

    mover: int
    name: str
    seen_as: list[str]


@dataclass
class WebGame:
    """A game of the web application. `revealed`: the player already holds everything (a file they uploaded
    with the whole game in it), so nothing of this game needs hiding from them."""

    id: str
    session: GameSession
    revealed: bool = False
    log: list[LoggedEvent] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    last_used: float = field(default_factory=time.monotonic)

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    @property
    def hidden_information(self) -> bool:
        return bool(self.session.game.module.HIDDEN_INFORMATION)

    def may_show_everything(self) -> bool:
        """Whether the whole game (the record with every hidden card, a review naming every move) may go to the
        browser: the game is over, hides nothing, or came from the player's own file."""
        return self.revealed or self.session.is_over() or not self.hidden_information

    def play(self, move: int | str) -> None:
        """Plays a decision (a move or an action id) and logs it; IllegalActionError changes nothing."""
        before = self.session.state
        action = self.session.parse_move(move)
        self.session.play(action)
        self._log(before, action)

    def ai_move(self, on_progress: Callable[[AnalysisInfo], None] | None = None,
                stop: StopFlag | None = None) -> None:
        """The bot of the seat to move searches (from its own view) and plays; a searching bot shows its
        statistics to `on_progress` as it goes, and `stop` set makes it play its choice so far."""
        before = self.session.state
        entry = self.session.ai_move(on_progress=on_progress, stop=stop)
        self._log(before, entry.action)

    def play_chance(self) -> list[int]:
        """Plays the chance events up to the next decision, drawn from the deal seed; returns their log indexes."""
        played = []
        while self.session.to_move < 0 and not self.session.is_over():
            before = self.session.state
            entry = self.session.play_chance()
            self._log(before, entry.action)
            played.append(len(self.log) - 1)
        return played

    def undo_last_human_decision(self) -> int:
        """Takes back the last decision of a human seat and everything after it; returns the number of entries
        taken back. EmptyHistoryError (nothing changes) when no human has decided yet."""
        last = next((e.mover for e in reversed(self.session.entries) if e.mover in self.humans), None)
        taken = self.session.undo(last if last is not None else self.humans[0] if self.humans else None)
        del self.log[len(self.log) - len(taken):]
        return len(taken)

    def _log(self, before: State, action: int) -> None:
        self.log.append(logged_event(before, action))

    def touch(self) -> None:
        self.last_used = time.monotonic()


def logged_event(before: State, action: int) -> LoggedEvent:
    """`action`, played in the state `before`, named as it is and as each seat perceives it."""
    seen_as = [before.action_to_string(before.observed_action(action, seat))
               for seat in range(before.game.num_players)]
    return LoggedEvent(before.current_player(), before.action_to_string(action), seen_as)


def logged_session(session: GameSession) -> list[LoggedEvent]:
    """The log of a session made from a file: its entries replayed from the raw start, each named per seat."""
    state = session.to_record().state_at(0)
    log = []
    for entry in session.entries:
        log.append(logged_event(state, entry.action))
        state.apply(entry.action)
    return log


class GameStore:
    """The open games by id, at most `limit` of them: adding one more drops the least recently used."""

    def __init__(self, limit: int = MAX_GAMES):
        self.limit = limit
        self._games: OrderedDict[str, WebGame] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def new(self, session: GameSession, revealed: bool = False) -> WebGame:
        game = WebGame(secrets.token_urlsafe(18), session, revealed)
        if session.entries:
            game.log = logged_session(session)
        game.play_chance()
        with self._lock:
            self._games[game.id] = game
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return game

    def get(self, game_id: str) -> WebGame:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                raise GameNotFoundError(f"game: no open game {game_id!r} (it was never created, was closed, "
                                        f"or was dropped as the least recently used of {self.limit})")
            self._games.move_to_end(game_id)
        game.touch()
        return game

    def close(self, game_id: str) -> None:
        with self._lock:
            if self._games.pop(game_id, None) is None:
                raise GameNotFoundError(f"game: no open game {game_id!r}")


def session_from_record(record: GameRecord, seats: Sequence[BotSpec | str] | None) -> GameSession:
    """The session a game record describes, to go on with; seats named "unknown" or bots become human seats
    unless `seats` gives them."""
    if seats is None:
        seats = [HUMAN] * record.game.num_players
    return GameSession.from_record(record, seats=seats, source=SOURCE)
