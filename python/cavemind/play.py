"""Playing a game in the terminal: human seats and bots, hints, saving and resuming.

A saved game is the list of every move from the raw starting state, chance outcomes (the deal, the dice)
included, written in move notation; replaying it gives the same state. The same shape (game, players,
options, moves) is what `cavemind engine` accepts as a query, so a saved game can be analysed directly.
Next to each saved game (FILE.json) goes its game record (FILE.jsonl, docs/records.md): the same moves with
the time each took and the bots' evaluations, which `cavemind review` and `cavemind show --move` read. A file
name ending in .jsonl gets the record alone.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any, TextIO

import cavemind
from cavemind.analysis_output import document_text, format_table
from cavemind.botspec import HUMAN, BotSpec, BotSpecError, parse_bot_spec, split_bot_specs
from cavemind.errors import CavemindError, IllegalActionError
from cavemind.inputs import load_json
from cavemind.progress import Thinking
from cavemind.records import RecordBuilder, RecordWriteError, looks_like_record, parse_record

RECORD_FORMAT = 1
# The search behind 'hint' unless `cavemind play --hint` says otherwise: ISMCTS with the default settings
# (1,000 iterations, the game's exploration and rollout depth; docs/settings.md).
DEFAULT_HINT = parse_bot_spec("ismcts")


class PlayError(CavemindError, ValueError):
    """A game that cannot be set up or resumed: a bad seat list, a bad record, a closed input."""


class InputEnded(PlayError):
    """Standard input ended at a prompt."""


class Match:
    """One game in progress: the state, the seats (bot specs or 'human'), and the moves played so far."""

    def __init__(self, game: cavemind.Game, seats: list[BotSpec], seed: int = 0, moves: list[str] | None = None,
                 hint: BotSpec = DEFAULT_HINT, entries: list[Any] | None = None):
        """`entries`: the game record's entries of `moves` when resuming from a record, so that the new
        record keeps their times and evaluations."""
        if len(seats) != game.num_players:
            raise PlayError(f"seats= gives {len(seats)} seat{'s' * (len(seats) != 1)} for a "
                            f"{game.num_players}-player game")
        hint.search_settings()           # a bad hint search is refused now, not at the first 'hint'
        self.game, self.seats, self.seed, self.hint = game, seats, seed, hint
        self.moves: list[str] = []
        self.builder = RecordBuilder(game, [str(s) for s in seats], deal_seed=seed, source="cavemind play")
        self.state = game.new_initial_state()
        for index, move in enumerate(moves or []):
            try:
                self.apply(move)
            except (IllegalActionError, TypeError):
                raise PlayError(f"moves[{index}]: {move!r} is not legal in the saved game") from None
        if entries is not None and [e.action for e in entries] == [e.action for e in self.builder.entries]:
            self.builder.entries = list(entries)
        # Each bot gets its own seed, so a game with a given seed replays the same way.
        self.bots = {seat: spec.make(seed=seed * 1000 + seat) for seat, spec in enumerate(seats)
                     if spec.kind != HUMAN}

    @property
    def humans(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec.kind == HUMAN]

    def apply(self, action: int | str, seconds: float | None = None,
              analysis: cavemind.AnalysisInfo | None = None) -> str:
        """Plays an action (that took `seconds`, chosen by the search `analysis` if a bot searched); returns
        its full notation, which the saved game keeps."""
        if isinstance(action, str):
            action = self.state.string_to_action(action)
        name = self.state.action_to_string(action)
        if action not in self.state.legal_actions():
            raise IllegalActionError(f"{name} is not legal here")
        self.builder.add(self.state, action, seconds=seconds, analysis=analysis)
        self.state.apply(action)
        self.moves.append(name)
        return name

    def sample_chance(self) -> int:
        # Seeded by the ply, so resuming a saved game draws the same dice as playing it through would.
        return self.state.sample_chance(self.seed * 100_003 + len(self.moves))

    def describe_for(self, action: int, viewers: list[int]) -> str:
        """The notation of `action` as the human seats perceive it; '(hidden)' if they disagree."""
        if not viewers:
            return self.state.action_to_string(action)
        names = {self.state.action_to_string(self.state.observed_action(action, seat)) for seat in viewers}
        return names.pop() if len(names) == 1 else "(hidden)"

    def record(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "record": RECORD_FORMAT, "game": self.game.name, "players": self.game.num_players,
            "options": self.game.options, "seats": [str(s) for s in self.seats], "seed": self.seed,
            "moves": list(self.moves), "finished": self.state.is_terminal()}
        if self.state.is_terminal():
            doc["scores"] = self.state.scores()
            doc["returns"] = self.state.returns()
        doc["position"] = self.state.to_dict()
        return doc

    def game_record(self) -> cavemind.GameRecord:
        """The game record so far (records.GameRecord), with a result line for the state now."""
        return self.builder.record(self.state)

    def save(self, path: str, mode: str = "w") -> None:
        """Writes the saved game to `path` (mode "x": only if no such file exists yet) and the game record
        next to it (record_path_for); a path ending in .jsonl gets the record alone."""
        record_only = path.endswith(".jsonl")
        try:
            with open(path, mode, encoding="utf-8") as file:
                file.write(self.game_record().text() if record_only else document_text(self.record()))
        except OSError as error:
            raise PlayError(f"cannot save to {path}: {error.strerror}") from None
        if not record_only and os.path.isfile(path):     # not for /dev/null and the like
            try:
                self.game_record().write(record_path_for(path))
            except RecordWriteError as error:
                raise PlayError(str(error)) from None

    def save_unfinished(self) -> str:
        """Saves the game to a new file named after the game and the time, in the current directory (or the
        temporary one if that cannot be written), never over an existing file; returns its path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for directory in (os.curdir, tempfile.gettempdir()):
            for copy in range(1, 100):
                name = f"cavemind-{self.game.name}-unfinished-{stamp}{f'-{copy}' if copy > 1 else ''}.json"
                path = os.path.join(directory, name) if directory != os.curdir else name
                try:
                    self.save(path, mode="x")
                    return path
                except PlayError:
                    if not os.path.exists(path):
                        break              # this directory cannot be written: try the next one
        raise PlayError("the game could not be saved anywhere (neither here nor in the temporary directory)")


def record_path_for(path: str) -> str:
    """Where the game record of a game saved to `path` goes: game.json -> game.jsonl."""
    return (path[:-len(".json")] if path.endswith(".json") else path) + ".jsonl"


def load_record(text: str, source: str, move: int | None = None) -> dict[str, Any]:
    """A saved game, checked field by field; a game record (JSON lines) is read as the same fields, cut
    after `move` entries if given."""
    if looks_like_record(text):
        try:
            record = parse_record(text, source)
            if move is not None and not 0 <= move <= len(record):
                raise PlayError(f"move={move}: {source} has entries 0 to {len(record)}")
            kept = record.entries[:move]                  # all of them when move is None
            return {"game": record.header["game"], "players": record.header["players"],
                    "options": record.header["options"], "seats": record.seats,
                    "seed": record.header.get("deal_seed") or 0,
                    "moves": [entry.action for entry in kept], "entries": kept}
        except CavemindError as error:
            raise PlayError(str(error)) from None
    if move is not None:
        raise PlayError(f"move={move}: needs a game record (JSON lines); {source} is a saved game")
    doc = load_json(text, PlayError, source)
    if not isinstance(doc, dict) or "moves" not in doc or "game" not in doc:
        raise PlayError(f"{source}: not a saved game (expected an object with 'game' and 'moves')")
    if not isinstance(doc["game"], str):
        raise PlayError(f"{source}: game: expected a game name")
    if not isinstance(doc.get("options", {}), dict):
        raise PlayError(f"{source}: options: expected an object")
    if not isinstance(doc["moves"], list) or not all(isinstance(m, str) for m in doc["moves"]):
        raise PlayError(f"{source}: moves: expected a list of move strings")
    if not isinstance(doc.get("seed", 0), int) or isinstance(doc.get("seed"), bool):
        raise PlayError(f"{source}: seed: expected an integer")
    if "seats" in doc and not (isinstance(doc["seats"], list) and all(isinstance(s, str) for s in doc["seats"])):
        raise PlayError(f"{source}: seats: expected a list of bot specifications")
    return doc


def parse_seats(text: str) -> list[BotSpec]:
    return split_bot_specs(text)


class Terminal:
    """Input and output of a game; a class so that tests and other front ends can replace it. `interactive`
    says whether a person answers (input is a terminal): only then are questions asked that a script
    piping moves would not expect (the record's file name, overwriting a file)."""

    def __init__(self, read: Callable[[str], str] = input, out: TextIO | None = None,
                 interactive: bool | None = None, progress: bool | None = None):
        self.read, self.out = read, out
        self.interactive = (read is input and sys.stdin.isatty()) if interactive is None else interactive
        # The 'is thinking' line goes to stderr, so only where a person watches it (None: stderr is a
        # terminal): never into a pipe.
        self.progress = progress

    def thinking(self, text: str) -> Thinking:
        """A context manager showing `text` and the time on stderr while a search runs."""
        return Thinking(text, self.progress)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise InputEnded("input ended before the game did") from None


def play(match: Match, terminal: Terminal, record_path: str | None = None) -> int:
    """Plays `match` to the end. Returns 0, 1 if a human quits, 130 on Ctrl-C; raises PlayError when input
    ends. A game cut short by Ctrl-C or the end of input is saved first to a new file (named after the game
    and the time, in the current directory), and the message says where."""
    try:
        return _play(match, terminal, record_path)
    except (KeyboardInterrupt, InputEnded) as interruption:
        if match.state.is_terminal():
            if isinstance(interruption, KeyboardInterrupt):
                return 130
            raise
        path = match.save_unfinished()
        resume = f"the game is saved to {path}; resume with: cavemind play --from {path}"
        if isinstance(interruption, InputEnded):
            raise PlayError(f"input ended before the game did; {resume}") from None
        terminal.say(f"\ninterrupted: {resume}")
        return 130


def _play(match: Match, terminal: Terminal, record_path: str | None) -> int:
    humans = match.humans
    terminal.say(f"{match.game.name}, {match.game.num_players} players: "
                 + ", ".join(f"player {i} {spec}" for i, spec in enumerate(match.seats)))
    while not match.state.is_terminal():
        state = match.state
        if state.is_chance_node():
            action = match.sample_chance()
            terminal.say(f"chance: {match.describe_for(action, humans)}")
            match.apply(action)
            continue
        seat = state.current_player()
        start = time.perf_counter()
        if seat in match.bots:
            bot = match.bots[seat]
            with terminal.thinking(f"player {seat} ({match.seats[seat]}) is thinking"):
                action = bot.step(state)
            terminal.say(f"player {seat} ({match.seats[seat]}): {match.describe_for(action, humans)}")
            match.apply(action, seconds=time.perf_counter() - start,
                        analysis=getattr(bot, "last_analysis", None))
        else:
            chosen = human_turn(match, seat, terminal)
            if chosen is None:
                terminal.say("game left unfinished")
                return 1
            terminal.say(f"player {seat} (you): {state.action_to_string(chosen)}")
            match.apply(chosen, seconds=time.perf_counter() - start)
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


def human_turn(match: Match, seat: int, terminal: Terminal) -> int | None:
    """Asks a human seat for a move; they see only their own view. None means they quit."""
    state = match.state
    legal = state.legal_actions()
    terminal.say(f"\n--- player {seat}, your move ---")
    terminal.say(state.render(observer=seat))
    terminal.say("moves: " + "  ".join(f"{i}) {state.action_to_string(a)}" for i, a in enumerate(legal, 1)))
    while True:
        answer = " ".join(terminal.ask(f"player {seat}> ").split())
        command, _, argument = answer.partition(" ")
        if not answer:
            continue
        if answer.isdigit():
            if 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            terminal.say(f"no move {answer}: choose 1 to {len(legal)}")
        elif command.lower() == "hint":
            with terminal.thinking("searching for a hint"):
                hint = give_hint(match, seat, argument)
            terminal.say(hint)
        elif command.lower() == "save":
            if not argument:
                terminal.say("usage: save FILE")
                continue
            if save_command(match, argument, terminal):
                terminal.say(f"saved to {argument}; resume with: cavemind play --from {argument}")
        elif command.lower() in ("board", "show"):
            terminal.say(state.render(observer=seat))
        elif command.lower() in ("quit", "exit"):
            return None
        elif command.lower() in ("help", "?"):
            terminal.say("type a move number or its notation; 'hint' for an analysis ('hint iterations=5000,"
                         "rollout_depth=10' to change its settings once), 'save FILE' to save, 'board' to see "
                         "the board again, 'quit' to stop")
        else:
            try:
                return state.string_to_action(answer)
            except IllegalActionError as error:
                terminal.say(f"{error} (or type 'help')")


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
    # The hint searches a world sampled from this seat's view, so it cannot reveal hidden cards.
    view = match.state.determinize(seat, len(match.moves))
    options.setdefault("seed", len(match.moves))
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
                path = match.save_unfinished()
                terminal.say(f"{error}; the record is saved to {path} instead")
                return
            terminal.say(str(error))
    if not (terminal.interactive and match.humans):
        return                                 # a script piping moves is not asked for a file name
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
