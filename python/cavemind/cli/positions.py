"""`cavemind games | new | show | examples`, and reading the position named on the command line (shared by
`analyse` and `play`)."""
from __future__ import annotations

import argparse
import json
import random
import sys
from importlib import resources
from typing import TYPE_CHECKING, Any

import cavemind
from cavemind.analysis_output import document_text
from cavemind.cli.arguments import (
    CommandError,
    deprecated_flag,
    key_value,
    position_arguments,
    positive_int,
    seat_number,
    seed_number,
)
from cavemind.errors import CavemindError
from cavemind.game_files import (
    GAME_KINDS,
    WHOLE_GAME,
    file_kind,
    is_compressed,
    parse_game_file,
    read_game_file,
)
from cavemind.inputs import load_json, read_text_file
from cavemind.records import GameRecord

if TYPE_CHECKING:      # for annotations only (importlib.resources.abc is Python 3.11+)
    from importlib.abc import Traversable


def read_text(path: str) -> str:
    """The contents of a file, or of standard input for '-'; errors are one line."""
    if path == "-":
        return sys.stdin.read()
    return read_text_file(path, CommandError)


def example_path(name: str) -> Traversable:
    return resources.files("cavemind") / "data" / "examples" / f"{name}.json"


def example_text(name: str) -> str:
    if name not in cavemind.game_names():
        raise cavemind.UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(cavemind.game_names())}")
    path = example_path(name)
    if not path.is_file():
        raise CommandError(f"no example position ships for {name} yet")
    return path.read_text(encoding="utf-8")


def load_position(args: argparse.Namespace, seed: int = 0) -> tuple[dict[str, Any], cavemind.State]:
    """The position named on the command line (a file, '-' for stdin, or --example GAME): its JSON document
    and the state. A file that holds a whole game (a saved game, a game record, an arena results file with
    --game N) gives its position after --move N entries, by default its end."""
    if (args.position is None) == (args.example is None):
        raise CommandError("give a position file (or '-' for standard input), or --example GAME")
    source = args.position or f"the {args.example} example"
    if args.position and args.position != "-" and is_compressed(args.position):
        return final_position(read_game_file(args.position, args.game_number, move=args.move))
    text = read_text(args.position) if args.position else example_text(args.example)
    if args.position and file_kind(text) in GAME_KINDS:
        return final_position(parse_game_file(text, source, args.game_number, move=args.move))
    for given, flag in ((args.move, "--move"), (args.game_number, "--game")):
        if given is not None:
            raise CommandError(f"{flag} {given}: {source} is a position, not {WHOLE_GAME}: {flag} needs a whole "
                               "game")
    doc = load_json(text, CommandError, source)
    if isinstance(doc, dict) and "game" in doc and not isinstance(doc["game"], str):
        raise CommandError(f"{source}: game: expected a game name, got {json.dumps(doc['game'])}")
    try:
        return doc, cavemind.state_from_json(doc, seed=seed)
    except CavemindError as error:
        raise CommandError(f"{source}: {error}") from None


def final_position(record: GameRecord) -> tuple[dict[str, Any], cavemind.State]:
    """The position at the end of `record` (cut where --move said), as load_position gives it."""
    state = record.state_at()
    return state.to_dict(), state


def game_number_argument(command: argparse.ArgumentParser, what: str = "FILE") -> None:
    """--game N: which game of an arena results file (counted from 1)."""
    command.add_argument("--game", dest="game_number", type=positive_int, metavar="N",
                         help=f"{what} is an arena results file: take its game N (counted from 1, in the "
                              "order of the file); a file with a single game needs none")


def view_of(args: argparse.Namespace, doc: dict[str, Any], state: cavemind.State) -> int | None:
    """The seat whose view is shown or searched: --observer, else the seat the position was written from."""
    observer: int | None = doc.get("observer")
    if args.observer is None:
        return observer
    if args.observer >= state.game.num_players:
        raise CommandError(f"--observer {args.observer}: seats are 0 to {state.game.num_players - 1}")
    if observer is not None and args.observer != observer:
        # What the other seat holds was never written down, only sampled: showing it would be made up.
        raise CommandError(f"--observer {args.observer}: this position is written from seat {observer}'s view "
                           f"and knows only what seat {observer} sees")
    return int(args.observer)


def describe_turn(state: cavemind.State, observer: int | None) -> str:
    """Who is to move, and the legal moves when the viewer may know them."""
    if state.is_terminal():
        scores = ", ".join(f"{s:g}" for s in state.scores())
        returns = ", ".join(f"{r:g}" for r in state.returns())
        return f"game over: scores {scores}; results {returns}"
    if state.is_chance_node():
        return "next: a chance event"
    player = state.current_player()
    if observer is not None and observer != player:
        return f"player {player} to move"          # their options could reveal what they hold
    return f"player {player} to move; legal: {', '.join(state.legal_action_strings())}"


def _describe_parameter(name: str, spec: dict[str, Any]) -> str:
    kind = spec["type"].__name__
    choices = f" in {list(spec['choices'])}" if spec.get("choices") is not None else ""
    help_text = f"  {spec['help']}" if spec.get("help") else ""
    return f"    {name} ({kind}{choices}, default {spec['default']!r}){help_text}"


def command_games(args: argparse.Namespace) -> int:
    for name in cavemind.game_names():
        print(f"{name}: {cavemind.games.game_info(name).description}")
        for key, spec in cavemind.parameters_of(name).items():
            print(_describe_parameter(key, spec))
    return 0


def game_from_args(name: str, players: int | None, options: list[tuple[str, str]]) -> cavemind.Game:
    params: dict[str, Any] = {}
    for key, value in options or []:
        if key == "players":
            raise CommandError("give the player count with --players, not --option")
        if key in params:
            raise CommandError(f"--option {key} given twice")
        params[key] = value
    if players is not None:
        params["players"] = players
    return cavemind.load_game(name, **params)


def command_new(args: argparse.Namespace) -> int:
    game = game_from_args(args.game, args.players, args.option)
    # Without --deal-seed the deal is shuffled afresh, like opening a new box.
    seed = args.deal_seed if args.deal_seed is not None else random.randrange(2**32)
    state = game.new_initial_state(seed=seed)
    if args.observer is not None and args.observer >= game.num_players:
        raise CommandError(f"--observer {args.observer}: seats are 0 to {game.num_players - 1}")
    text = document_text(state.to_dict(observer=args.observer))
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise CommandError(f"{args.output}: {error.strerror}") from None
    else:
        sys.stdout.write(text)
    return 0


def command_show(args: argparse.Namespace) -> int:
    doc, state = load_position(args)
    observer = view_of(args, doc, state)
    if args.svg or args.png:
        write_pictures(state, observer, args.svg, args.png)
    if observer is not None:
        print(f"{state.game.name}, as seen by player {observer}")
    print(state.render(observer=observer))
    print(describe_turn(state, observer))
    return 0


def write_pictures(state: cavemind.State, observer: int | None, svg_path: str | None, png_path: str | None) -> None:
    """The picture of the position as an SVG file and/or, when cairosvg is installed, a PNG file."""
    if png_path:
        try:
            import cairosvg
        except ImportError:
            raise CommandError("--png needs the cairosvg package (pip install cairosvg); --svg needs nothing") from None
    picture = state.to_svg(observer=observer)
    try:
        if svg_path:
            with open(svg_path, "w", encoding="utf-8") as file:
                file.write(picture)
        if png_path:
            cairosvg.svg2png(bytestring=picture.encode("utf-8"), write_to=png_path)
    except OSError as error:
        raise CommandError(f"{error.filename}: {error.strerror}") from None


def command_examples(args: argparse.Namespace) -> int:
    if args.game:
        sys.stdout.write(example_text(args.game))
        return 0
    for name in cavemind.game_names():
        if example_path(name).is_file():
            print(f"{name:<12}  cavemind analyse --example {name}")
        else:
            print(f"{name:<12}  (no example position yet)")
    return 0


def add_parsers(commands: argparse._SubParsersAction[Any]) -> None:
    """Registers games, new, show and examples."""
    games = commands.add_parser("games", help="list the registered games and their parameters")
    games.set_defaults(run=command_games)

    new = commands.add_parser("new", help="write a starting position as JSON",
                              description="Write the starting position of GAME as JSON (to standard output).")
    new.add_argument("game", metavar="GAME", help="a registered game (see cavemind games)")
    new.add_argument("--players", type=positive_int, metavar="N", help="number of players (default: the game's)")
    new.add_argument("--option", action="append", type=key_value, metavar="KEY=VALUE",
                     help="a game option (repeatable; see cavemind games)")
    new.add_argument("--deal-seed", type=seed_number, metavar="S",
                     help="seed of the opening chance events such as the deal (default: random)")
    new.add_argument("--observer", type=seat_number, metavar="P",
                     help="write the position as seat P sees it, hidden parts left out")
    deprecated_flag(new, "--seed", type=seed_number)
    deprecated_flag(new, "--as-player", type=seat_number)
    new.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    new.set_defaults(run=command_new)

    show = commands.add_parser("show", help="print the readable board of a position",
                               description="Print the readable board of a position.")
    position_arguments(show)
    game_number_argument(show, "POSITION")
    show.add_argument("--svg", metavar="FILE", help="also write the picture of the position as an SVG file")
    show.add_argument("--png", metavar="FILE", help="also write the picture as a PNG file (needs cairosvg)")
    show.set_defaults(run=command_show)

    examples = commands.add_parser("examples", help="list the example positions that ship with cavemind",
                                   description="List the example positions; with GAME, print that one.")
    examples.add_argument("game", nargs="?", metavar="GAME", help="print the example position of GAME")
    examples.set_defaults(run=command_examples)
