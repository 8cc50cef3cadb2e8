"""A game in progress, without any input or output: the layer `cavemind play`, the engine and a web application
share. A GameSession holds a game, its seats (people and bots), its deal seed and its history.

    >>> import cavemind
    >>> session = cavemind.GameSession(cavemind.load_game("kuhn_poker"), ["human", "random"], deal_seed=4)
    >>> while session.state.is_chance_node():
    ...     _ = session.play_chance()                     # the deal, drawn from the deal seed
    >>> session.play("b").name                            # a unique prefix of a legal move's name
    'bet'
    >>> _ = session.ai_move()                             # seat 1's bot answers, from its own view
    >>> [entry.name for entry in session.undo(0)]         # back to seat 0's decision
    ['bet', 'call']

Moves are given as an action id, a legal move's name, or a unique prefix of one (case and extra spaces do not
matter). Chance outcomes are drawn from a stream fixed by the deal seed and the position in the game
(`chance_seed`), so a game replayed from any point draws the same dice: undo cannot re-roll them.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from cavemind.bots import Bot, SearchBot
from cavemind.botspec import HUMAN, BotSpec, parse_bot_spec
from cavemind.errors import (
    AmbiguousMoveError,
    CavemindError,
    EmptyHistoryError,
    IllegalActionError,
    InvalidPlayerError,
    InvalidPositionError,
    InvalidRecordError,
    SearchError,
)
from cavemind.game import CHANCE, Game, State, load_game, mover_view
from cavemind.records import GameRecord, RecordBuilder, RecordEntry, start_state
from cavemind.search import AnalysisInfo, StopFlag

SAVED_GAME_FORMAT = 1      # the "record" field of a saved game (docs/cli.md, `play`)


class SessionError(CavemindError, ValueError):
    """A session that cannot be set up or asked this: seats that do not fit the game, a saved game that cannot be
    continued, a bot asked to move for a human seat."""


class LegalMove(NamedTuple):
    """A legal move: its action id and its name (notation)."""

    action: int
    name: str


def chance_seed(deal_seed: int, ply: int) -> int:
    """The seed of the chance outcome drawn at `ply` (the number of moves and chance events before it) in a game
    with `deal_seed`. It is the formula `cavemind play` has used since its first saved games, so a game resumed
    from a file draws the dice it would have drawn had it never stopped."""
    return deal_seed * 100_003 + ply


def _normal(name: str) -> str:
    """A move's name as typed input is compared with it: lower case, runs of spaces as one."""
    return " ".join(name.lower().split())


def resolve_move(state: State, move: int | str) -> int:
    """The action id of `move` in `state`: a legal action id, a legal move's name, or a prefix that only one legal
    move's name starts with (case and extra spaces ignored; an exact name wins over longer names it starts). The
    one way a move given by a person is read: GameSession.parse_move, `cavemind analyse --moves`.

    :raises AmbiguousMoveError: several legal moves start with `move` (its `candidates` lists them).
    :raises IllegalActionError: `move` is none of these."""
    if isinstance(move, bool) or not isinstance(move, (int, str)):
        raise IllegalActionError(f"move {move!r}: expected an action id (an int) or a move's name (a str)")
    if state.is_terminal():
        raise IllegalActionError(f"{move!r}: the game is over")
    legal = [LegalMove(a, state.action_to_string(a)) for a in state.legal_actions()]
    if isinstance(move, int):
        if move in [m.action for m in legal]:
            return move
        raise IllegalActionError(f"action {move} is not legal here; legal: "
                                 + ", ".join(f"{m.action} ({m.name})" for m in legal))
    wanted = _normal(move)
    if not wanted:
        raise IllegalActionError("an empty move: give a legal move's name")
    for candidate in legal:
        if _normal(candidate.name) == wanted:
            return candidate.action
    starting = [m for m in legal if _normal(m.name).startswith(wanted)]
    if len(starting) == 1:
        return starting[0].action
    if starting:
        names = [m.name for m in starting]
        raise AmbiguousMoveError(f"{move!r} could be {len(names)} moves: {', '.join(names)}", names)
    raise IllegalActionError(f"{move!r} is not a legal move here; legal: {', '.join(m.name for m in legal)}")


class GameSession:
    """A game being played: the state, the seats, the deal seed and every move so far (the game record's
    entries, with the time each took and the bots' evaluations).

    `seats` are bot specifications (`BotSpec` or their text, docs/cli.md) or "human", one per player; by default
    every seat is human. `start` sets the game up from a position instead of the game's start: {"position": a
    position (State.to_dict), "seed": the seed that samples what a position from one seat's view hides}, kept in the
    record's header (see cavemind.records.start_state). Every change goes through play(), play_chance(), ai_move()
    and undo(); `state` is a copy, so nothing else can change the game behind the session's back."""

    def __init__(self, game: Game, seats: Sequence[BotSpec | str] | None = None, deal_seed: int = 0, *,
                 source: str = "", start: dict[str, Any] | None = None):
        """`source` names the program in the game record's header (e.g. "cavemind play").

        :raises InvalidPositionError: `start` is malformed or not a position of `game`."""
        if isinstance(deal_seed, bool) or not isinstance(deal_seed, int) or deal_seed < 0:
            raise SessionError(f"deal_seed={deal_seed!r}: expected an integer >= 0")
        specs = [HUMAN] * game.num_players if seats is None else list(seats)
        self.seats: list[BotSpec] = [s if isinstance(s, BotSpec) else parse_bot_spec(s) for s in specs]
        if len(self.seats) != game.num_players:
            raise SessionError(f"seats= gives {len(self.seats)} seat{'s' * (len(self.seats) != 1)} for a "
                               f"{game.num_players}-player game")
        self.game, self.deal_seed = game, deal_seed
        self._state = start_state(game, start)
        # The builder's entries are the history: entry i is the action that took the state from ply i to i + 1.
        self._builder = RecordBuilder(game, [str(s) for s in self.seats], deal_seed=deal_seed, source=source,
                                      start=start)

    # ------------------------------------------------------------------------------------------- reading

    @property
    def state(self) -> State:
        """A copy of the state now (with its history): changing it does not change the session."""
        return self._state.clone()

    @property
    def ply(self) -> int:
        """The number of moves and chance events played from the start (the raw start or `start`)."""
        return len(self._builder.entries)

    @property
    def entries(self) -> list[RecordEntry]:
        """Every move and chance event so far, as the game record lists them."""
        return list(self._builder.entries)

    @property
    def moves(self) -> list[str]:
        """The names of every move and chance event so far (a saved game's `moves`)."""
        return [entry.name for entry in self._builder.entries]

    @property
    def to_move(self) -> int:
        """The seat to move, or cavemind.CHANCE, or cavemind.TERMINAL once the game is over."""
        return self._state.current_player()

    @property
    def humans(self) -> list[int]:
        """The human seats."""
        return [seat for seat, spec in enumerate(self.seats) if spec.kind == HUMAN]

    def is_over(self) -> bool:
        return self._state.is_terminal()

    def legal_moves(self) -> list[LegalMove]:
        """The legal moves (or chance outcomes) now, in action id order."""
        return [LegalMove(a, self._state.action_to_string(a)) for a in self._state.legal_actions()]

    def view(self, seat: int) -> State:
        """The state as `seat` knows it: their view written out and loaded back, what they cannot see sampled
        with a seed fixed by the deal seed and the position. Nothing of the true hidden parts is in it."""
        self._check_seat(seat)
        return mover_view(self._state, seat, chance_seed(self.deal_seed, self.ply) * 3 + 1)

    def parse_move(self, move: int | str) -> int:
        """The action id of `move` here (see resolve_move: a legal action id, a legal move's name, or a prefix
        that only one legal move's name starts with).

        :raises AmbiguousMoveError: several legal moves start with `move` (its `candidates` lists them).
        :raises IllegalActionError: `move` is none of these."""
        return resolve_move(self._state, move)

    # ------------------------------------------------------------------------------------------- playing

    def play(self, move: int | str, *, seconds: float | None = None, analysis: Any = None) -> RecordEntry:
        """Plays `move` (see parse_move), a decision or a chance outcome given from outside (real dice), that
        took `seconds` and was chosen by the search `analysis` (a cavemind.AnalysisInfo) if a bot searched;
        returns its entry. A bad move raises IllegalActionError and changes nothing."""
        action = self.parse_move(move)
        entry = self._builder.add(self._state, action, seconds=seconds, analysis=analysis)
        try:
            self._state.apply(action)
        except BaseException:              # Ctrl-C in between: the history and the state stay in step
            self._builder.entries.pop()
            raise
        return entry

    def chance_outcome(self) -> int:
        """The outcome the session's chance stream draws here (see chance_seed), at a chance node."""
        return self._state.sample_chance(chance_seed(self.deal_seed, self.ply))

    def play_chance(self) -> RecordEntry:
        """Plays the chance outcome drawn here (chance_outcome()) and returns its entry."""
        return self.play(self.chance_outcome())

    def ai_move(self, bot: Bot | BotSpec | str | None = None, *,
                on_progress: Callable[[AnalysisInfo], None] | None = None, stop: StopFlag | None = None) -> RecordEntry:
        """Asks `bot` for the move of the seat to move and plays it; returns its entry (with the time the bot
        took and its evaluation). The bot sees only that seat's view (see view()), whatever it is, so it cannot
        use what the seat does not know. `bot` is a Bot, or a specification ("ismcts:seconds=1") built afresh
        with a seed fixed by the deal seed and the position, so asking again after undo() gives the same answer
        under an iteration budget; None: the seat's own specification. A searching bot shows its statistics so far
        to `on_progress` as it searches, and `stop` set ends its search early (it plays its choice so far)."""
        mover = self._state.current_player()
        if mover < 0:
            raise SearchError("ai_move() needs a player's decision, not a chance event or the end of the game")
        if bot is None:
            bot = self.seats[mover]
        if isinstance(bot, str):
            bot = parse_bot_spec(bot)
        if isinstance(bot, BotSpec):
            if bot.kind == HUMAN:
                raise SessionError(f"seat {mover} is a human seat: give ai_move() a bot or a bot specification")
            bot = bot.make(seed=chance_seed(self.deal_seed, self.ply) * 3 + 2)
        start = time.perf_counter()
        view = self.view(mover)
        action = (bot.step(view, on_progress=on_progress, stop=stop) if isinstance(bot, SearchBot)
                  else bot.step(view))
        seconds = time.perf_counter() - start
        if action not in self._state.legal_actions():     # a bot's bug, never a person's: say whose
            raise IllegalActionError(f"{bot!r} chose action {action!r}, which is not legal here")
        return self.play(action, seconds=seconds, analysis=getattr(bot, "last_analysis", None))

    def undo(self, seat: int | None = None) -> list[RecordEntry]:
        """Takes back the last decision of `seat` (None: the last decision of any seat) and everything played
        after it, the chance events and the other seats' moves, so that `seat` is to move again where it decided
        last. Returns the entries taken back, in the order they were played. The chance events after that point
        repeat when the game goes on (their seeds depend only on the position in the game).

        :raises EmptyHistoryError: the seat has no decision to take back (nothing changes)."""
        if seat is not None:
            self._check_seat(seat)
        entries = self._builder.entries
        decisions = [i for i, e in enumerate(entries) if not e.is_chance and (seat is None or e.mover == seat)]
        if not decisions:
            whose = "nobody" if seat is None else f"seat {seat}"
            raise EmptyHistoryError(f"undo: {whose} has no decision to take back yet")
        taken = entries[decisions[-1]:]
        for _ in taken:
            self._state.pop()
        del entries[decisions[-1]:]
        return taken

    # ------------------------------------------------------------------------------------------- files

    def to_record(self) -> GameRecord:
        """The game record so far (docs/records.md), with a result line for the state now."""
        return self._builder.record(self._state)

    def to_saved_game(self) -> dict[str, Any]:
        """The saved game (docs/cli.md, `play`): every move from the start (the raw start, or the position `start`
        gives) by name, the seats, the deal seed and the position now. It holds every hidden card: it is not for
        the players' eyes."""
        start = self._builder.header.get("start")
        doc: dict[str, Any] = {
            "record": SAVED_GAME_FORMAT, "game": self.game.name, "players": self.game.num_players,
            "options": self.game.options, "seats": [str(s) for s in self.seats], "deal_seed": self.deal_seed,
            **({"start": start} if start is not None else {}), "moves": self.moves,
            "finished": self._state.is_terminal()}
        if self._state.is_terminal():
            doc["scores"] = self._state.scores()
            doc["returns"] = self._state.returns()
        doc["position"] = self._state.to_dict()
        return doc

    @classmethod
    def from_record(cls, record: GameRecord | Mapping[str, Any], *, seats: Sequence[BotSpec | str] | None = None,
                    deal_seed: int | None = None, source: str = "") -> GameSession:
        """The session that a game record (a GameRecord, whose entries keep their times and evaluations) or a
        saved game (its parsed JSON) describes, to go on with. `seats` and `deal_seed` replace the file's;
        without a deal seed in the file it is 0.

        :raises InvalidRecordError: a saved game with a missing or bad field, or a move that is not legal."""
        if isinstance(record, GameRecord):
            header = record.header
            session = cls(record.game, record.seats if seats is None else seats,
                          (header.get("deal_seed") or 0) if deal_seed is None else deal_seed, source=source,
                          start=header.get("start"))
            session._builder.header = {**header, "seats": [str(s) for s in session.seats],
                                       **({} if deal_seed is None else {"deal_seed": deal_seed})}
            for entry in record.entries:        # the record's reader replayed them: they are legal
                session._state.apply(entry.action)
            session._builder.entries = list(record.entries)
            return session
        doc = _checked_saved_game(record)
        if seats is None and "seats" not in doc:
            raise InvalidRecordError("seats: the saved game names no seats; give them")
        chosen = doc["seats"] if seats is None else seats
        game = load_game(doc["game"], players=doc.get("players", len(chosen)), **doc.get("options", {}))
        try:
            session = cls(game, chosen, saved_deal_seed(doc) if deal_seed is None else deal_seed, source=source,
                          start=doc.get("start"))
        except InvalidPositionError as error:
            raise InvalidRecordError(str(error)) from None
        for index, move in enumerate(doc["moves"]):
            try:                        # by its exact name: a file is not typed by a person
                action = session._state.string_to_action(move)
            except IllegalActionError:
                raise InvalidRecordError(f"moves[{index}]: {move!r} is not legal in the saved game") from None
            session.play(action)
        return session

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.num_players:
            raise InvalidPlayerError(f"seat {seat!r}: seats are 0 to {self.game.num_players - 1}")

    def __repr__(self) -> str:
        to_move = self.to_move
        where = ("over" if self.is_over() else "chance" if to_move == CHANCE else f"seat {to_move} to move")
        return f"<GameSession {self.game.name}, ply {self.ply}, {where}>"


def _checked_saved_game(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """A saved game's fields, each checked; InvalidRecordError names the one that is wrong."""
    if not isinstance(doc, Mapping) or "moves" not in doc or "game" not in doc:
        raise InvalidRecordError("not a saved game (expected an object with 'game' and 'moves')")
    checks: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
        ("game", lambda v: isinstance(v, str), "expected a game name"),
        ("players", lambda v: isinstance(v, int) and not isinstance(v, bool), "expected an integer"),
        ("options", lambda v: isinstance(v, dict), "expected an object"),
        ("moves", lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v),
         "expected a list of move strings"),
        ("deal_seed", _is_seed, "expected an integer >= 0"),
        ("seed", _is_seed, "expected an integer >= 0 (the deal seed, as saved games before deal_seed called it)"),
        ("seats", lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v),
         "expected a list of bot specifications"),
        ("start", lambda v: isinstance(v, dict), "expected an object with 'position' and 'seed' (the position the "
                                                 "game was set up from)"))
    for key, check, what in checks:
        if key in doc and not check(doc[key]):
            raise InvalidRecordError(f"{key}: {what}")
    if "seed" in doc and "deal_seed" in doc:
        raise InvalidRecordError("seed: the old name of deal_seed; give only deal_seed")
    return doc


def _is_seed(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def saved_deal_seed(doc: Mapping[str, Any]) -> int:
    """The deal seed of a checked saved game: "deal_seed", or "seed" in a game saved before that name; 0 without
    either."""
    seed: int = doc.get("deal_seed", doc.get("seed", 0))
    return seed
