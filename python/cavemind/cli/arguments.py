"""What the commands share: the checked argument types, the position and search flag groups (named as the
keywords of cavemind.analyse), the deprecated flags and CommandError."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeVar

from cavemind.botspec import BotSpec, BotSpecError, parse_bot_spec
from cavemind.errors import CavemindError
from cavemind.settings import DEFAULT_ITERATIONS, SearchSettings, Setting, records

# Old flags that still work under their new names: (command, old flag, new flag). They are hidden from --help,
# and using one prints a note on stderr. --seed names the search seed everywhere it is kept.
DEPRECATED_FLAGS = [
    ("new", "--as-player", "--observer"), ("show", "--as-player", "--observer"),
    ("analyse", "--as-player", "--observer"), ("new", "--seed", "--deal-seed"), ("play", "--seed", "--deal-seed"),
]


Number = TypeVar("Number", int, float)


class CommandError(CavemindError, ValueError):
    """Bad command-line input that is not about a game itself: a missing file, conflicting arguments."""


def _parsed(text: str, convert: Callable[[str], Number], what: str) -> Number:
    """`text` as a number, or argparse's error saying it is not `what` ("an integer", "a number of moves")."""
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def positive_int(text: str) -> int:
    value = _parsed(text, int, "an integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def setting_value(setting: Setting) -> Callable[[str], Any]:
    """An argparse type reading a flag's text by the setting's record (its message names the value)."""
    def parse(text: str) -> Any:
        try:
            return setting.from_text(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    parse.__name__ = setting.name
    return parse


def move_number(text: str) -> int:
    value = _parsed(text, int, "a number of moves")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must be 0 or more")
    return value


def seat_number(text: str) -> int:
    value = _parsed(text, int, "a seat number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is not a seat (seats count from 0)")
    return value


def positive_float(text: str) -> float:
    value = _parsed(text, float, "a number")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a positive number")
    return value


def seed_number(text: str) -> int:
    value = _parsed(text, int, "an integer")
    # Any integer is a valid seed (the core reduces it to 64 bits): the bound is a convention, shared with the
    # engine's dealSeed, that keeps seeds short enough to type and to store exactly in JSON.
    if not 0 <= value < 2**47:
        raise argparse.ArgumentTypeError(f"{text} must be from 0 to 2**47-1")
    return value


def search_spec(text: str) -> BotSpec:
    """A search in the bot specification language, for play's hints."""
    try:
        spec = parse_bot_spec(text)
        spec.search_settings()
    except BotSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return spec


def key_value(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


# ---------------------------------------------------------------- flag groups

def position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("position", nargs="?", metavar="POSITION",
                         help="a JSON position file (or a whole game: a saved game, a game record, an arena "
                              "results file), or - to read it from standard input")
    command.add_argument("--example", metavar="GAME", help="use the example position that ships for GAME")
    command.add_argument("--move", type=move_number, metavar="N",
                         help="POSITION is a whole game: use the position after its first N entries "
                              "(default: the last)")
    command.add_argument("--observer", type=seat_number, metavar="P",
                         help="only what seat P can see (seats count from 0)")
    deprecated_flag(command, "--as-player", type=seat_number)


def deprecated_flag(command: argparse.ArgumentParser, flag: str, **kwargs: Any) -> None:
    """An old flag, hidden from --help; main() moves its value to the new flag (see DEPRECATED_FLAGS)."""
    command.add_argument(flag, dest="old_" + flag.lstrip("-").replace("-", "_"), help=argparse.SUPPRESS, **kwargs)


def search_arguments(command: argparse.ArgumentParser, advanced: bool = True) -> None:
    """The search settings, one flag per record of cavemind.settings that has one (docs/settings.md), with the
    Python keyword as its destination; the advanced ones are hidden from --help (and left out without
    `advanced`)."""
    for setting in records(("limit", "search", "seed")):
        if setting.cli_flag is None or (setting.advanced and not advanced):
            continue
        # A setting each game tunes, and the iterations (1,000 unless --seconds is given), default to None: unset.
        default = None if setting.tuned or setting.name == "iterations" else setting.default
        shown = setting.default_words().replace("`", "")
        help_text = argparse.SUPPRESS if setting.advanced else f"{setting.help} (default: {shown})"
        if setting.choices:
            command.add_argument(setting.cli_flag, dest=setting.name, choices=setting.choices, default=default,
                                 help=help_text)
        else:
            # The search seed's text bound is the CLI's convention for every seed (seed_number).
            kind = seed_number if setting.group == "seed" else setting_value(setting)
            command.add_argument(setting.cli_flag, dest=setting.name, type=kind, default=default,
                                 metavar=setting.metavar, help=help_text)


def search_settings_of(args: argparse.Namespace) -> SearchSettings:
    """The search flags' values as a SearchSettings (unset flags unset); more threads than iterations is a
    CommandError naming --threads."""
    values = {s.name: getattr(args, s.name) for s in records(("limit", "search"))
              if s.cli_flag is not None and hasattr(args, s.name)}
    iterations = values["iterations"] or (None if values["seconds"] else DEFAULT_ITERATIONS)
    if iterations is not None and values["threads"] > iterations:
        raise CommandError(f"--threads {values['threads']}: more threads than iterations ({iterations}); each "
                           "thread runs at least one iteration")
    return SearchSettings(**values)


def use_new_flags(args: argparse.Namespace) -> list[str]:
    """Moves the values of deprecated flags to their new names; returns a note for each one used."""
    notes = []
    command = "analyse" if args.command == "analyze" else args.command
    for where, old, new in DEPRECATED_FLAGS:
        old_dest, new_dest = "old_" + old.lstrip("-").replace("-", "_"), new.lstrip("-").replace("-", "_")
        if where != command or getattr(args, old_dest, None) is None:
            continue
        if getattr(args, new_dest) is not None:
            raise CommandError(f"{old} is the old name of {new}: give only {new}")
        setattr(args, new_dest, getattr(args, old_dest))
        notes.append(f"note: {old} is deprecated here, use {new} (docs/settings.md)")
    return notes


