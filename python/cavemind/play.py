"""Playing a game in the terminal: human seats and bots, hints, undo, saving and resuming.

The game itself is a cavemind.GameSession (moves by number, name or unique prefix; chance drawn from the deal
seed; undo); this module is its terminal: prompts, the board, the commands, and files. A saved game is the list
of every move from the raw starting state, chance outcomes (the deal, the dice) included, written in move
notation; replaying it gives the same state. The same shape (game, players, options, moves) is what
`cavemind engine` accepts as a query, so a saved game can be analysed directly. Next to each saved game
(FILE.json) goes its game record (FILE.jsonl, docs/records.md): the same moves with the time each took and the
bots' evaluations, which `cavemind review` and `cavemind show --move` read. A file name ending in .jsonl gets
the record alone. A game left unfinished (quit, end of input, Ctrl-C) is saved to one folder, games_folder().
"""
from __future__ import annotations

import os
import shlex
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

import cavemind
from cavemind.analysis_output import document_text, format_table
from cavemind.botspec import HUMAN, BotSpec, BotSpecError, parse_bot_spec
from cavemind.errors import AmbiguousMoveError, CavemindError, EmptyHistoryError, IllegalActionError
from cavemind.game import State
from cavemind.game_files import parse_game_file
from cavemind.levels import TOP_LEVEL
from cavemind.progress import Thinking
from cavemind.records import GameRecord, RecordEntry, RecordWriteError
from cavemind.session import GameSession, LegalMove

# The opponent of `cavemind play GAME` when no seats are given: the top level (cavemind.levels), a second a move: a
# person waits that long gladly, and ISMCTS searching that long plays far better than a fixed 1,000 iterations.
DEFAULT_AI = parse_bot_spec(f"ismcts:level={TOP_LEVEL}")
# The search behind 'hint' unless `cavemind play --hint` says otherwise: ISMCTS with the default settings
# (1,000 iterations, the game's exploration and rollout depth; docs/settings.md).
DEFAULT_HINT = parse_bot_spec("ismcts")
LIST_WIDTH = 100           # the list of legal moves wraps between moves at this width

COMMANDS = """commands:
  NUMBER      play the move with that number in the list
  MOVE        play a move by its name, or by the start of it if only one move starts so (case does not matter)
  moves       list the legal moves
  board       show your view of the board again
  legend      what the board's symbols and abbreviations mean
  undo        take back your last move (the moves and dice after it are taken back too; the dice repeat)
  hint        an analysis of your position ('hint iterations=5000,rollout_depth=10' changes its settings once)
  save FILE   save the game to FILE (resume with: cavemind play --from FILE)
  quit        stop; the game is saved (resume it later with cavemind play --from FILE)
  help        this list"""


class PlayError(CavemindError, ValueError):
    """A game that cannot be set up or resumed: a bad seat list, a bad record, a closed input."""


class InputEnded(PlayError):
    """Standard input ended at a prompt."""


def games_folder(environ: Mapping[str, str] | None = None) -> str:
    """The one folder where unfinished games are saved: $CAVEMIND_HOME/games if CAVEMIND_HOME is set, else
    $XDG_DATA_HOME/cavemind/games, else ~/.local/share/cavemind/games (the XDG default)."""
    environ = os.environ if environ is None else environ
    if environ.get("CAVEMIND_HOME"):
        return os.path.join(environ["CAVEMIND_HOME"], "games")
    data = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data):              # the XDG rule: a relative path is ignored
        data = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "cavemind", "games")


class Match:
    """A game at the terminal: its GameSession, a bot for each bot seat, and the hint search."""

    def __init__(self, session: GameSession, hint: BotSpec = DEFAULT_HINT):
        hint.search_settings()           # a bad hint search is refused now, not at the first 'hint'
        self.session, self.hint = session, hint
        # Each bot gets its own seed, so a game with a given deal seed replays the same way.
        self.bots = {seat: spec.make(seed=session.deal_seed * 1000 + seat) for seat, spec in enumerate(session.seats)
                     if spec.kind != HUMAN}

    @property
    def game(self) -> cavemind.Game:
        return self.session.game

    @property
    def seats(self) -> list[BotSpec]:
        return self.session.seats

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def moves(self) -> list[str]:
        return self.session.moves

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    def describe_for(self, state: State, action: int, viewers: list[int]) -> str:
        """The notation of `action`, played in `state`, as the human seats perceive it, with what its codes stand
        for (State.action_to_words); '(hidden)' if they disagree."""
        if not viewers:
            return state.action_to_words(action)
        names = {state.action_to_words(state.observed_action(action, seat)) for seat in viewers}
        return names.pop() if len(names) == 1 else "(hidden)"

    def record(self) -> dict[str, Any]:
        """The saved game (GameSession.to_saved_game)."""
        return self.session.to_saved_game()

    def game_record(self) -> GameRecord:
        """The game record so far (records.GameRecord), with a result line for the state now."""
        return self.session.to_record()

    def save(self, path: str, mode: str = "w") -> None:
        """Writes the saved game to `path` (mode "x": only if no such file exists yet) and the game record
        next to it (record_path_for); a path ending in .jsonl gets the record alone."""
        try:
            self._write(path, mode)
        except RecordWriteError as error:
            raise PlayError(str(error)) from None
        except OSError as error:
            raise PlayError(f"cannot save to {path}: {error.strerror}") from None

    def _write(self, path: str, mode: str) -> None:
        record_only = path.endswith(".jsonl")
        with open(path, mode, encoding="utf-8") as file:
            file.write(self.game_record().text() if record_only else document_text(self.record()))
        if not record_only and os.path.isfile(path):     # not for /dev/null and the like
            self.game_record().write(record_path_for(path))

    def save_in_games_folder(self, folder: str | None = None) -> str:
        """Saves the game to a new file GAME-YYYYMMDD-HHMMSS.json (and its record .jsonl) in `folder` (default:
        games_folder()), never over an existing file; returns its path. PlayError says why it could not."""
        folder = games_folder() if folder is None else folder
        stamp = time.strftime("%Y%m%d-%H%M%S")
        try:
            os.makedirs(folder, exist_ok=True)
            for copy in range(1, 1000):
                path = os.path.join(folder, f"{self.game.name}-{stamp}{f'-{copy}' if copy > 1 else ''}"
                                            ".json")
                try:
                    self._write(path, "x")
                    return path
                except FileExistsError:
                    continue
                except RecordWriteError:
                    return path                # the saved game is written: the game is kept, without its record
        except OSError as error:
            raise PlayError(f"cannot save the game in {folder}: {error.strerror}") from None
        raise PlayError(f"cannot save the game in {folder}: too many games saved there this second")


def record_path_for(path: str) -> str:
    """Where the game record of a game saved to `path` goes: game.json -> game.jsonl."""
    return (path[:-len(".json")] if path.endswith(".json") else path) + ".jsonl"


def resume_hint(path: str) -> str:
    return f"resume with: cavemind play --from {shlex.quote(path)}"


def load_session(text: str, source: str, move: int | None = None, seats: list[BotSpec] | None = None,
                 deal_seed: int | None = None, game: int | None = None) -> GameSession:
    """The game that a saved game, a game record or game number `game` of an arena results file describes (cut
    after `move` entries if given), to go on with; `seats` and `deal_seed` replace the file's. Errors name the
    file and the field, or say what the file is and what to pass (cavemind.game_files)."""
    try:
        record = parse_game_file(text, source, game, move=move)
    except CavemindError as error:
        raise PlayError(str(error)) from None
    return session_of(record, source, seats, deal_seed)


def session_of(record: GameRecord, source: str, seats: list[BotSpec] | None = None,
               deal_seed: int | None = None) -> GameSession:
    """The session going on from `record`, with its seats unless `seats` replaces them: a file's seat that is no
    bot specification (an arena's own bot, a saved game naming no seats) asks for seats=."""
    if seats is None:
        for seat, label in enumerate(record.seats):
            try:
                parse_bot_spec(label)
            except BotSpecError:
                raise PlayError(f"{source}: seat {seat} is {label!r}, not human or a bot specification; give the "
                                "seats with seats=") from None
    return GameSession.from_record(record, seats=seats, deal_seed=deal_seed, source="cavemind play")


class Terminal:
    """Input and output of a game; a class so that tests and other front ends can replace it. `interactive`
    says whether a person answers (input is a terminal): only then are questions asked that a script
    piping moves would not expect (the record's file name, overwriting a file)."""

    def __init__(self, read: Callable[[str], str] = input, out: TextIO | None = None,
                 interactive: bool | None = None, progress: bool | None = None, err: TextIO | None = None):
        self.read, self.out, self.err = read, out, err
        self.interactive = (read is input and sys.stdin.isatty()) if interactive is None else interactive
        # The 'is thinking' line goes to stderr, so only where a person watches it (None: stderr is a
        # terminal): never into a pipe.
        self.progress = progress

    def thinking(self, text: str) -> Thinking:
        """A context manager showing `text` and the time on stderr while a search runs."""
        return Thinking(text, self.progress)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def warn(self, text: str) -> None:
        """Text for standard error (or `err`): what must not be mixed into the game's output."""
        print(text, file=sys.stderr if self.err is None else self.err, flush=True)

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise InputEnded("input ended before the game did") from None

    def discard_typed_ahead(self) -> None:
        """Drops the lines a person typed before a question was asked (a move typed while a bot thought), so
        that none is taken as its answer. Only for a terminal on standard input."""
        if self.read is input and sys.stdin.isatty():
            try:
                import termios
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
            except (ImportError, OSError):      # no termios (Windows), or not a real terminal after all
                pass


def play(match: Match, terminal: Terminal, record_path: str | None = None) -> int:
    """Plays `match` to the end. Returns 0, 1 if a human quits, 130 on Ctrl-C; raises PlayError when input
    ends. A game left unfinished (quit, Ctrl-C, the end of input) is first saved to a new file in
    games_folder(), and the message says where and how to resume it."""
    try:
        return _play(match, terminal, record_path)
    except (KeyboardInterrupt, InputEnded) as interruption:
        if match.session.is_over():
            if isinstance(interruption, KeyboardInterrupt):
                return 130
            raise
        kept = keep_game(match, terminal)
        if isinstance(interruption, InputEnded):
            raise PlayError(f"input ended before the game did; {kept}") from None
        terminal.say(f"\ninterrupted: {kept}")
        return 130


def keep_game(match: Match, terminal: Terminal) -> str:
    """Saves the game in the games folder (Match.save_in_games_folder) and says where. If it cannot be saved
    (a full disk, no permission), its game record goes to standard error as the last resort, and the message
    says so."""
    try:
        path = match.save_in_games_folder()
    except PlayError as error:
        terminal.warn(match.game_record().text().rstrip("\n"))
        return (f"{error}; the game's record is printed above on standard error: keep those lines as a file "
                "GAME.jsonl" + ("" if match.session.is_over() else " and resume with: cavemind play --from GAME.jsonl"))
    if match.session.is_over():
        return f"the game is saved to {path}"
    return f"the game is saved to {path}; {resume_hint(path)}"


def _play(match: Match, terminal: Terminal, record_path: str | None) -> int:
    session, humans = match.session, match.humans
    terminal.say(f"{match.game.name}, {match.game.num_players} players: "
                 + ", ".join(f"player {i} {spec}" for i, spec in enumerate(match.seats)))
    while not session.is_over():
        before = session.state
        if before.is_chance_node():
            action = session.chance_outcome()
            terminal.say(f"chance: {match.describe_for(before, action, humans)}")
            session.play(action)
            continue
        seat = before.current_player()
        if seat in match.bots:
            with terminal.thinking(f"player {seat} ({match.seats[seat]}) is thinking"):
                entry = session.ai_move(match.bots[seat])
            terminal.say(f"player {seat} ({match.seats[seat]}): {match.describe_for(before, entry.action, humans)}")
        else:
            played = human_turn(match, seat, terminal)
            if played is None:
                terminal.say(f"game left unfinished: {keep_game(match, terminal)}")
                return 1
            terminal.say(f"player {seat} (you): {played.name}")
    finish(match, terminal, record_path)
    return 0


def save_command(match: Match, path: str, terminal: Terminal) -> bool:
    """The `save FILE` command: asks before overwriting a file (a script piping moves gets a refusal
    instead of a question it does not expect); a failure is reported and the game goes on. True if saved."""
    if os.path.isfile(path):
        if not terminal.interactive:
            terminal.say(f"{path} exists: not overwritten (save to another name)")
            return False
        if terminal.ask(f"{path} exists; overwrite it? [y/N] ").strip().lower() not in ("y", "yes"):
            terminal.say("not saved")
            return False
    try:
        match.save(path)
    except PlayError as error:
        terminal.say(f"{error}; the game goes on (try 'save' with another file name)")
        return False
    return True


def move_list(moves: list[Any], title: str = "moves:", numbered: bool = True) -> str:
    """The legal moves (numbered from 1), several to a line, a line broken only between moves."""
    lines, line = [], title
    for number, move in enumerate(moves, 1):
        item = f"{number}) {move.name}" if numbered else move.name
        if len(line) + 2 + len(item) > LIST_WIDTH and line.strip():
            lines.append(line)
            line = " " * (len(title) - 1)
        line += (" " if line == title or not line.strip() else "  ") + item
    return "\n".join([*lines, line])


def legal_moves_in_words(session: GameSession) -> list[LegalMove]:
    """The legal moves, each named with what its codes stand for (State.action_to_words: 'keep G12[3010]: a grey
    3-0-1-0 disc'); a person still types the notation, or its start, or the number."""
    return [LegalMove(move.action, session.state.action_to_words(move.action)) for move in session.legal_moves()]


def show_turn(match: Match, seat: int, terminal: Terminal) -> None:
    state = match.session.state
    terminal.say(f"\n--- player {seat}, your move ---")
    terminal.say(state.render(observer=seat))
    terminal.say(move_list(legal_moves_in_words(match.session)))


def human_turn(match: Match, seat: int, terminal: Terminal) -> RecordEntry | None:
    """Asks a human seat for a move and plays it; returns its entry, or None if they quit. They see only their
    own view. 'undo' takes back their previous move and asks again there."""
    session = match.session
    show_turn(match, seat, terminal)
    start = time.perf_counter()
    while True:
        answer = " ".join(terminal.ask(f"player {seat}> ").split())
        command, _, argument = answer.partition(" ")
        word = command.lower()
        if not answer:
            continue
        if answer.isdigit():
            legal = session.legal_moves()
            if 1 <= int(answer) <= len(legal):
                return session.play(legal[int(answer) - 1].action, seconds=time.perf_counter() - start)
            terminal.say(f"no move {answer}: choose 1 to {len(legal)}")
        elif word == "hint":
            with terminal.thinking("searching for a hint"):
                hint = give_hint(match, seat, argument)
            terminal.say(hint)
        elif word == "save":
            if not argument:
                terminal.say("usage: save FILE")
            elif save_command(match, argument, terminal):
                terminal.say(f"saved to {argument}; {resume_hint(argument)}")
        elif word in ("board", "show") and not argument:
            terminal.say(session.state.render(observer=seat))
        elif word == "legend" and not argument:
            terminal.say(legend_of(match.game))
        elif word == "moves" and not argument:
            terminal.say(move_list(legal_moves_in_words(session)))
        elif word == "undo" and not argument:
            if undo_command(match, seat, terminal):
                show_turn(match, seat, terminal)
                start = time.perf_counter()
        elif word in ("quit", "exit") and not argument:
            return None
        elif word in ("help", "?") and not argument:
            terminal.say(COMMANDS)
        else:
            try:
                return session.play(answer, seconds=time.perf_counter() - start)
            except AmbiguousMoveError as error:
                terminal.say(move_list([LegalMove(-1, name) for name in error.candidates], numbered=False,
                                       title=f"{answer!r} could be {len(error.candidates)} moves (type more of one):"))
            except IllegalActionError as error:
                terminal.say(f"{error} (type 'moves' for the list, 'help' for the commands)")


def legend_of(game: cavemind.Game) -> str:
    """The `legend` command's text: the game's legend (its registration record's), or a note that its board
    names everything in words."""
    legend = cavemind.game_info(game.name).legend
    if not legend:
        return f"{game.name}'s board names everything in words: it has no legend"
    return f"legend of the {game.name} board:\n{legend}"


def undo_command(match: Match, seat: int, terminal: Terminal) -> bool:
    """`undo`: back to `seat`'s previous decision. What was taken back is told by count only: the names of the
    chance events and the other seats' moves could show what this seat may not see. True if anything was."""
    try:
        taken = match.session.undo(seat)
    except EmptyHistoryError:
        terminal.say("nothing to undo: you have not moved yet")
        return False
    moves = sum(not entry.is_chance for entry in taken[1:])
    chance = len(taken) - 1 - moves
    after = [f"{count} {what}{'s' * (count != 1)}" for count, what in ((moves, "move"), (chance, "chance event"))
             if count]
    terminal.say(f"undone: your move {taken[0].name}" + (f", and the {' and '.join(after)} after it" if after else ""))
    return True


def give_hint(match: Match, seat: int, settings: str = "") -> str:
    """The analysis behind 'hint': the match's hint search, with `settings` ('iterations=5000,rollout_depth=10',
    the keys of the bot language) changed for this hint only. Bad settings give a message, not an error."""
    spec = match.hint
    try:
        if settings:
            changes = parse_bot_spec(f"{spec.kind}:{settings}").options
            spec = BotSpec(spec.kind, {**spec.options, **changes})
        limit, options = spec.search_settings()
    except BotSpecError as error:
        return f"{error} (settings are those of the bot language, e.g. hint iterations=5000)"
    # The hint searches a world rebuilt from this seat's view alone, so it cannot reveal hidden cards.
    view = match.session.view(seat)
    options.setdefault("seed", match.session.ply)
    try:
        info = cavemind.analyse(view, limit, **options)
    except CavemindError as error:
        return f"no hint: {error}"
    return format_table(info, match.game.name, top=3)


def finish(match: Match, terminal: Terminal, record_path: str | None) -> None:
    state = match.state
    terminal.say("\ngame over")
    terminal.say(state.render())
    scores, returns = state.scores(), state.returns()
    for seat, spec in enumerate(match.seats):
        terminal.say(f"player {seat} ({spec}): score {scores[seat]:g}, result {returns[seat]:g}")
    if record_path is not None:
        try:
            match.save(record_path)
            terminal.say(f"record saved to {record_path}")
            return
        except PlayError as error:
            if not terminal.interactive:       # nobody to ask: keep the record under a new name
                terminal.say(f"{error}; {keep_game(match, terminal)}")
                return
            terminal.say(str(error))
    if not (terminal.interactive and match.humans):
        return                                 # a script piping moves is not asked for a file name
    terminal.discard_typed_ahead()             # a move typed while a bot thought is not a file name
    while True:
        try:
            answer = terminal.read("save the game record to (Enter to skip): ").strip()
        except EOFError:
            return
        path = answer.removeprefix("save ").strip()   # 'save FILE' works here too
        if not path:
            return
        if save_command(match, path, terminal):
            terminal.say(f"record saved to {path}")
            return
