"""`cavemind play`: a game in the terminal between people and bots, new or resumed from a saved game or a
record (the game itself is cavemind.play's)."""
from __future__ import annotations

import argparse
import random
import sys
from typing import Any

import cavemind
from cavemind.botspec import HUMAN, BotSpec, parse_bot_spec, split_bot_specs
from cavemind.cli.arguments import (
    CommandError,
    deprecated_flag,
    key_value,
    move_number,
    search_spec,
    seat_number,
    seed_number,
)
from cavemind.cli.positions import game_from_args, game_number_argument, read_text
from cavemind.game_files import is_compressed, parse_game_file, read_game_file
from cavemind.levels import LEVELS


def level_number(text: str) -> int:
    """A --level value: an integer from 1 to 10 (cavemind.levels)."""
    try:
        level = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"{text} is not a level: levels are {LEVELS[0]} to {LEVELS[-1]}")
    return level


# The note for `--players SEATS`, the old form of --seats (as cavemind.cli.arguments notes the old flag names).
OLD_PLAYERS_NOTE = "note: --players SEATS is deprecated here, use --seats SEATS (--players N is a count, as in new)"


def seats_given(args: argparse.Namespace) -> tuple[list[BotSpec] | None, str, list[str]]:
    """The seats given on the command line (None: not given), the flag they came from, and notes for stderr.
    `--players` is a count; a list of seats in it is the old form of --seats, still read."""
    notes = []
    if args.players is not None and not args.players.strip().isdigit():
        if args.seats is not None:
            raise CommandError("--players SEATS is the old form of --seats: give only --seats")
        args.seats, args.players = args.players, None
        notes.append(OLD_PLAYERS_NOTE)
        flag = "--players"
    else:
        flag = "--seats"
    if args.players is not None:
        args.players = int(args.players)
        if args.players < 1:
            raise CommandError(f"--players {args.players}: must be at least 1")
    return (None if args.seats is None else split_bot_specs(args.seats)), flag, notes


def new_game(args: argparse.Namespace, seats: list[BotSpec] | None,
             flag: str) -> tuple[cavemind.Game, list[BotSpec]]:
    """The game and seats of a new game: the seats given, or the human at --seat (default 0) against the
    AI (the default AI, or the --level asked for) in every other seat of a game of --players N (default: the game's
    own count)."""

    if any(key == "players" for key, _ in args.option or []):
        count = "give one seat per player in --seats" if seats is not None else "give the count with --players N"
        raise CommandError(f"--option players: the number of players is not a game option here; {count}")
    if seats is None:
        game = game_from_args(args.game, args.players, args.option)
        seat = 0 if args.seat is None else args.seat
        if seat >= game.num_players:
            raise CommandError(f"--seat {seat}: seats are 0 to {game.num_players - 1} in a "
                               f"{game.num_players}-player game")
        return game, [parse_bot_spec(HUMAN) if i == seat else opponent(args) for i in range(game.num_players)]
    if args.seat is not None:
        raise CommandError(f"--seat {args.seat}: {flag} already says who sits where (write human at your seat)")
    if args.players is not None and args.players != len(seats):
        raise CommandError(f"--players {args.players}, but {flag} gives {len(seats)} seat{'s' * (len(seats) != 1)}")
    counts = cavemind.parameters_of(args.game)["players"].get("choices")
    if counts and len(seats) not in counts:
        raise CommandError(f"{flag}: {len(seats)} seat{'s' * (len(seats) != 1)} given; {args.game} is "
                           f"played by {' or '.join(map(str, counts))} players")
    return game_from_args(args.game, len(seats), args.option), seats


def opponent(args: argparse.Namespace) -> BotSpec:
    """The AI of a game against the default AI: at --level L if given."""
    from cavemind.play import DEFAULT_AI

    return DEFAULT_AI if args.level is None else parse_bot_spec(f"ismcts:level={args.level}")


def resumed_session(args: argparse.Namespace, seats: list[BotSpec] | None) -> cavemind.GameSession:
    """The game of --from FILE (game --game N of an arena results file), after --move N entries if given."""
    from cavemind.play import PlayError, session_of

    try:
        if args.from_file != "-" and is_compressed(args.from_file):
            record = read_game_file(args.from_file, args.game_number, move=args.move)
        else:
            record = parse_game_file(read_text(args.from_file), args.from_file, args.game_number, move=args.move)
    except cavemind.InvalidRecordError as error:
        raise PlayError(str(error)) from None
    return session_of(record, args.from_file, seats, args.deal_seed)


def command_play(args: argparse.Namespace) -> int:
    from cavemind.play import Match, PlayError, Terminal, play

    seats, flag, notes = seats_given(args)
    against_default_ai = seats is None and not args.from_file
    if args.level is not None and not against_default_ai:
        raise CommandError(f"--level {args.level}: it sets the AI of a new game against you; with --seats or --from, "
                           "write the level in a seat (ismcts:level=3)")
    for given, needs_file in ((args.move, "--move N"), (args.game_number, "--game N")):
        if given is not None and not args.from_file:
            raise CommandError(f"{needs_file} needs --from FILE (a saved game, a game record or an arena results file)")
    if args.from_file:
        if args.game:
            raise CommandError("give a game or --from FILE, not both")
        for given, name in ((args.players, "--players N"), (args.seat, "--seat K"), (args.option, "--option")):
            if given is not None:
                raise CommandError(f"{name}: the game in {args.from_file} is already set up; with --from, "
                                   "--seats may change who sits where")
        session = resumed_session(args, seats)
    else:
        if not args.game:
            raise CommandError("give a game to play (see cavemind games), or --from FILE")
        game, seats = new_game(args, seats, flag)
        deal_seed = random.randrange(2**32) if args.deal_seed is None else args.deal_seed
        session = cavemind.GameSession(game, seats, deal_seed, source="cavemind play")
    if session.is_over():
        raise PlayError("that game is already over")
    match = Match(session, hint=args.hint)
    for note in notes:                   # after every check, so that bad input still gets exactly one line
        print(f"cavemind play: {note}", file=sys.stderr)
    terminal = Terminal(progress=True if args.progress else None)
    if against_default_ai:
        ai = opponent(args)
        terminal.say(f"you play seat {session.humans[0]} against the AI at level {ai.options['level']} of 10 ({ai}; "
                     "--level 1 to 10 chooses another, --seats other seats); type 'help' for the commands")
    return play(match, terminal, args.record)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    play = commands.add_parser(
        "play", help="play a game in the terminal against the AI or other bots",
        description="Play GAME in the terminal: you (seat 0, or --seat K) against the default AI, or the seats "
                    "given with --seats. A human seat sees only what it may see and types a move's number, its "
                    "name or the start of it; 'moves', 'board', 'undo', 'hint', 'save FILE', 'quit' and 'help' "
                    "are commands. A game left unfinished is saved in $CAVEMIND_HOME/games, else "
                    "$XDG_DATA_HOME/cavemind/games, else ~/.local/share/cavemind/games, and resumed with --from FILE.")
    play.add_argument("game", nargs="?", metavar="GAME", help="a registered game (see cavemind games)")
    play.add_argument("--seats", metavar="SEATS",
                      help="one seat per player, in order: human, random, heuristic, expert, mcts:..., "
                           "ismcts:seconds=1,... (default: you at seat 0, the default AI elsewhere)")
    play.add_argument("--players", metavar="N",
                      help="the number of players, when you play against the default AI (default: the game's)")
    play.add_argument("--seat", type=seat_number, metavar="K",
                      help="your seat against the default AI (default 0; seats count from 0)")
    play.add_argument("--option", action="append", type=key_value, metavar="KEY=VALUE", help="a game option")
    play.add_argument("--level", type=level_number, metavar="L",
                      help="the AI's strength, 1 (a beginner) to 10 (about a second a move, the default)")
    play.add_argument("--deal-seed", type=seed_number, metavar="S",
                      help="seed of the chance events (the deal, the dice) and of the bots (default: random)")
    play.add_argument("--hint", type=search_spec, default=parse_bot_spec("ismcts"), metavar="SEARCH",
                      help="the search behind 'hint', in the bot language, e.g. ismcts:iterations=5000,"
                           "rollout_depth=10 or pimc:determinizations=16 (default ismcts: 1,000 iterations, "
                           "the game's settings)")
    deprecated_flag(play, "--seed", type=seed_number)
    play.add_argument("--from", dest="from_file", metavar="FILE",
                      help="resume a saved game (from 'save FILE', 'quit' or an interrupted game), a game record, "
                           "or a game of an arena results file (with --game N)")
    play.add_argument("--move", type=move_number, metavar="N",
                      help="with --from FILE: continue from the position after the game's first N entries")
    game_number_argument(play, "--from FILE")
    play.add_argument("--record", metavar="FILE", help="save the finished game to FILE and its game record "
                                                        "(docs/records.md) next to it; FILE.jsonl: the record only")
    play.add_argument("--progress", action="store_true",
                      help="show that a bot is thinking even when stderr is not a terminal")
    play.set_defaults(run=command_play)
