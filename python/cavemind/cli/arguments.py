"""What the commands share: the checked argument types, the position and search flag groups (named as the
keywords of cavemind.analyse), the deprecated flags and CommandError."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from cavemind.botspec import BotSpec, BotSpecError, parse_bot_spec
from cavemind.errors import CavemindError
from cavemind.settings import BY_NAME, DEFAULT_ITERATIONS, SETTINGS, SearchSettings, Setting, records


class OldFlag(NamedTuple):
    """A flag that still works under its new name in one command: hidden from --help, and using it prints a
    note on stderr. The new flag is declared with no argparse default (None), so that giving both is caught;
    use_new_flags then sets `default`."""

    command: str
    old: str
    new: str
    default: Any = None


# One meaning per name: --deal-seed seeds the opening chance events, --search-seed the search, --match-seed an
# arena match; the bare --seed of earlier versions meant each of them in some command.
DEPRECATED_FLAGS = [
    OldFlag("new", "--as-player", "--observer"), OldFlag("show", "--as-player", "--observer"),
    OldFlag("analyse", "--as-player", "--observer"), OldFlag("new", "--seed", "--deal-seed"),
    OldFlag("play", "--seed", "--deal-seed"),
    OldFlag("analyse", "--seed", "--search-seed", BY_NAME["seed"].default),
    OldFlag("review", "--seed", "--search-seed", BY_NAME["seed"].default),
    OldFlag("arena", "--seed", "--match-seed", 0),
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
        # A setting each game tunes, and the iterations (1,000 unless --seconds is given), default to None: unset;
        # so does the search seed, whose old flag --seed use_new_flags moves to it before setting its default.
        default = None if setting.tuned or setting.name == "iterations" or setting.group == "seed" \
            else setting.default
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
            if setting.group == "seed":
                deprecated_flag(command, "--seed", type=seed_number)     # the search seed's old flag


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


def flag_destination(flag: str) -> str:
    """The argparse destination of a flag: a search setting's Python name (--search-seed: seed), else the
    flag's words joined by _ (--deal-seed: deal_seed)."""
    return next((s.name for s in SETTINGS if s.cli_flag == flag), flag.lstrip("-").replace("-", "_"))


def use_new_flags(args: argparse.Namespace) -> list[str]:
    """Moves the values of deprecated flags to their new names, then gives the new flags left unset their
    defaults; returns a note for each old flag used."""
    notes = []
    command = "analyse" if args.command == "analyze" else args.command
    for where, old, new, default in DEPRECATED_FLAGS:
        old_dest, new_dest = "old_" + old.lstrip("-").replace("-", "_"), flag_destination(new)
        if where != command:
            continue
        if getattr(args, old_dest, None) is not None:
            if getattr(args, new_dest) is not None:
                raise CommandError(f"{old} is the old name of {new}: give only {new}")
            setattr(args, new_dest, getattr(args, old_dest))
            notes.append(f"note: {old} is deprecated here, use {new} (docs/settings.md)")
        if getattr(args, new_dest) is None:
            setattr(args, new_dest, default)
    return notes


