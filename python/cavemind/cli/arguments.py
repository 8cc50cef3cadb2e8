"""What the commands share: the checked argument types, the position and search flag groups (named as the
keywords of cavemind.analyse), the deprecated flags and CommandError."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeVar

import cavemind
from cavemind.botspec import BotSpec, BotSpecError, parse_bot_spec
from cavemind.errors import CavemindError
from cavemind.search import DEFAULT_DETERMINIZATIONS, DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_THREADS, ROLLOUT_POLICIES

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


def iteration_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_ITERATIONS:
        raise argparse.ArgumentTypeError(f"{text} is more than {MAX_ITERATIONS:,} (2**31-1: the "
                                         "search counts visits in 32 bits); use --seconds for longer searches")
    return value


def thread_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_THREADS:
        raise argparse.ArgumentTypeError(f"{text} must be at most {MAX_THREADS}")
    return value


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


def exploration_value(text: str) -> float:
    value = _parsed(text, float, "a number")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a finite number >= 0")
    return value


def rollout_depth_value(text: str) -> int:
    value = _parsed(text, int, "an integer")
    if not -1 <= value <= 2**31 - 1:
        raise argparse.ArgumentTypeError(f"{text} must be -1 (play to the end) or an integer from 0 to 2**31-1")
    return value


def chance_branching_value(text: str) -> int:
    value = _parsed(text, int, "an integer")
    if not 0 <= value <= 2**31 - 1:
        raise argparse.ArgumentTypeError(f"{text} must be 0 (every chance event open loop) or a positive integer")
    return value


def minimax_weight(text: str) -> float:
    value = _parsed(text, float, "a number")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} must be a number from 0 (off) to 1")
    return value


def determinization_count(text: str) -> int:
    value = positive_int(text)
    if value > 64:
        raise argparse.ArgumentTypeError(f"{text} must be at most 64")
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
                         help="a JSON position file, or - to read it from standard input")
    command.add_argument("--example", metavar="GAME", help="use the example position that ships for GAME")
    command.add_argument("--move", type=move_number, metavar="N",
                         help="POSITION is a game record: use the position after its first N entries "
                              "(default: the last)")
    command.add_argument("--observer", type=seat_number, metavar="P",
                         help="only what seat P can see (seats count from 0)")
    deprecated_flag(command, "--as-player", type=seat_number)


def deprecated_flag(command: argparse.ArgumentParser, flag: str, **kwargs: Any) -> None:
    """An old flag, hidden from --help; main() moves its value to the new flag (see DEPRECATED_FLAGS)."""
    command.add_argument(flag, dest="old_" + flag.lstrip("-").replace("-", "_"), help=argparse.SUPPRESS, **kwargs)


def search_arguments(command: argparse.ArgumentParser) -> None:
    """The search settings, named as the keywords of cavemind.analyse (docs/settings.md)."""
    command.add_argument("--iterations", type=iteration_count, metavar="N",
                         help=f"search iterations (default {DEFAULT_ITERATIONS:,} unless --seconds is given)")
    command.add_argument("--seconds", type=positive_float, metavar="T",
                         help="search for at most T seconds (with --iterations: the first to run out ends "
                              "the search)")
    command.add_argument("--threads", type=thread_count, default=1, metavar="K",
                         help="root-parallel search threads (default 1)")
    command.add_argument("--memory-mb", type=positive_float, metavar="MB",
                         help="cap each thread's tree at MB megabytes (default: half the machine's memory, shared "
                              "by the threads)")
    command.add_argument("--algorithm", choices=cavemind.ALGORITHMS, default="ismcts",
                         help="ismcts (default), mo-ismcts and pimc decide from the mover's view; mcts sees "
                              "everything")
    command.add_argument("--exploration", type=exploration_value, metavar="C",
                         help="the UCB exploration constant (default: the game's)")
    command.add_argument("--rollout-depth", type=rollout_depth_value, metavar="D",
                         help="decisions before a rollout stops and the game's heuristic is read; -1 plays to "
                              "the end (default: the game's)")
    command.add_argument("--rollout-policy", choices=ROLLOUT_POLICIES,
                         help="rollouts beyond the tree: game (the game's policy; uniform where it has none), "
                              "uniform, mast (mostly the move with the best mean return so far, else the "
                              "game's policy), or nast (as mast, per move that came before) (default: the game's)")
    command.add_argument("--chance-branching", type=chance_branching_value, metavar="K",
                         help="closed-loop chance: each outcome of a chance event with at most K outcomes gets a "
                              "tree node of its own; 0 keeps every chance event open loop (default: the game's)")
    command.add_argument("--implicit-minimax", type=minimax_weight, metavar="A",
                         help="weight from 0 to 1 of the heuristic's minimax value of a move's subtree beside its "
                              "mean return (2 players; 0: off; default: the game's)")
    command.add_argument("--determinizations", type=determinization_count, metavar="W",
                         help=f"worlds sampled by pimc, 1 to 64 (default {DEFAULT_DETERMINIZATIONS})")
    command.add_argument("--seed", type=seed_number, default=0, metavar="S",
                         help="seed of the search and of sampling hidden parts (default 0)")



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


