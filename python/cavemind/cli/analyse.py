"""`cavemind analyse`: search a position and rank the candidate moves, as a table or KataGo-style JSON."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import cavemind
from cavemind.analysis_output import format_table, hidden_information_warning, json_record
from cavemind.cli import analyse_game
from cavemind.cli.arguments import (
    CommandError,
    position_arguments,
    positive_float,
    positive_int,
    search_arguments,
    search_settings_of,
    seed_number,
)
from cavemind.cli.interruptible import analyse_interruptibly
from cavemind.cli.output import PROGRESS_EVERY, search_line, status_line
from cavemind.cli.positions import game_number_argument, load_position, view_of
from cavemind.errors import CavemindError
from cavemind.move_list import play_move_list, split_moves


def command_analyse(args: argparse.Namespace) -> int:
    if args.all or args.turns is not None:
        return analyse_game.command_analyse_game(args)
    if args.deal_seed is not None and args.moves is None:
        raise CommandError("--deal-seed draws the chance events between --moves: give --moves too")
    doc, state = load_position(args, seed=args.seed)
    if args.moves is not None:
        state = played_moves(state, args.moves, args.deal_seed or 0)
    viewer = view_of(args, doc, state)
    if args.observer is not None:
        state = state.determinize(args.observer, args.seed)     # what that seat cannot see is resampled
    if state.is_terminal():
        raise CommandError("the game is over: nothing to analyse")
    if state.is_chance_node():
        raise CommandError("the position is at a chance event; give its outcome first "
                           f"({', '.join(state.legal_action_strings()[:6])}...)")
    warnings = []
    warning = hidden_information_warning(state, args.algorithm)
    if warning:
        warnings.append(warning)
        print(f"warning: {warning}", file=sys.stderr)
    mover = state.current_player()
    if viewer is not None and viewer != mover and state.game.module.HIDDEN_INFORMATION:
        print(f"note: player {mover} is to move but the position is seen by player {viewer}: what player "
              f"{mover} holds is a guess sampled from player {viewer}'s view", file=sys.stderr)
    # Unset flags are None, which analyse() reads as the game's or the setting's default (docs/settings.md).
    settings = search_settings_of(args)
    # The progress line (stderr) and the --report-every records (stdout) read the same stream of reports.
    progress = status_line(args)
    every = PROGRESS_EVERY
    if args.report_every is not None:
        if not args.json:
            raise CommandError("--report-every writes JSON records during the search: add --json")
        every = min(every, args.report_every) if progress.enabled else args.report_every
    last_record = 0.0

    def report(so_far: cavemind.AnalysisInfo) -> None:
        nonlocal last_record
        line = search_line(so_far, args.seconds)
        if line is not None:
            progress.show(line)
        if args.report_every is not None and so_far.seconds >= last_record + args.report_every - 1e-9:
            last_record = so_far.seconds
            print(json.dumps(json_record(so_far, args.top, warnings=warnings, during_search=True)), flush=True)

    try:
        info, stopped = analyse_interruptibly(state, settings, on_report=report, report_every=every, seed=args.seed)
    finally:
        progress.close()
    if args.json:
        print(json.dumps(json_record(info, args.top, stopped=stopped, warnings=warnings)))
    else:
        print(format_table(info, state.game.name, args.top, stopped=stopped))
    return 0


def played_moves(state: cavemind.State, text: str, deal_seed: int) -> cavemind.State:
    """`state` after the moves of --moves (cavemind.move_list); a bad one is a CommandError naming it and its
    place in the list."""
    try:
        return play_move_list(state, split_moves(text), deal_seed)
    except CavemindError as error:
        commas = "" if "," in text else " (moves are separated by spaces, or by commas when names hold spaces)"
        raise CommandError(f"--moves: {error}{commas}") from None


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    analyse = commands.add_parser(
        "analyse", aliases=["analyze"], help="rank the candidate moves of a position",
        description="Search a position and rank the candidate moves by visits, with their value (mean result "
                    "in [0, 1] for the player to move) and principal variation. Long searches show progress "
                    "on stderr; Ctrl-C stops the search and prints the best result so far. With --moves, the "
                    "position after those moves; with --all or --turns, each decision of a whole game from its "
                    "mover's own view.")
    position_arguments(analyse)
    game_number_argument(analyse, "POSITION")
    search_arguments(analyse)
    analyse.add_argument("--moves", metavar="MOVES",
                         help="first play these moves from POSITION, then analyse: names (or unique starts of "
                              "names, or action ids) separated by spaces, or by commas when names hold spaces; "
                              "chance events may be named, the others are drawn from --deal-seed")
    analyse.add_argument("--deal-seed", type=seed_number, metavar="S",
                         help="with --moves: seed of the chance events drawn between and after the moves "
                              "(default 0)")
    analyse_game.add_arguments(analyse)
    analyse.add_argument("--top", type=positive_int, metavar="K", help="show only the K best moves")
    analyse.add_argument("--json", action="store_true", help="one JSON record (KataGo analysis style)")
    analyse.add_argument("--report-every", type=positive_float, metavar="T",
                         help="with --json: also a record of the statistics so far every T seconds, "
                              "with \"isDuringSearch\": true")
    analyse.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    analyse.set_defaults(run=command_analyse)
