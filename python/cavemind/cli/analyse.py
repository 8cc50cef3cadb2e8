"""`cavemind analyse`: search a position and rank the candidate moves, as a table or KataGo-style JSON."""
from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

import cavemind
from cavemind.analysis_output import format_table, hidden_information_warning, json_record
from cavemind.cli.arguments import (
    CommandError,
    position_arguments,
    positive_float,
    positive_int,
    search_arguments,
    search_settings_of,
)
from cavemind.cli.output import PROGRESS_EVERY, search_line, status_line
from cavemind.cli.positions import game_number_argument, load_position, view_of
from cavemind.search import AnalysisInfo
from cavemind.settings import SearchSettings


def command_analyse(args: argparse.Namespace) -> int:
    doc, state = load_position(args, seed=args.seed)
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


def analyse_interruptibly(state: cavemind.State, settings: SearchSettings,
                          on_report: Callable[[AnalysisInfo], None] | None = None,
                          report_every: float = PROGRESS_EVERY, seed: int = 0) -> tuple[AnalysisInfo, bool]:
    """Runs the search in a thread (cavemind.analysis) so that Ctrl-C ends it early with the best result so
    far. `on_report(info)` gets the statistics so far about every `report_every` seconds. Returns the
    analysis and whether it was stopped early.

    In the main thread, Ctrl-C is caught by a SIGINT handler that only sets the stop flag: a KeyboardInterrupt
    raised inside a wait on a lock can leave the lock held, after which the main thread waits on itself
    forever (seen as a hang after Ctrl-C on a loaded machine)."""
    stop = cavemind.StopFlag()
    interrupted = threading.Event()

    def on_sigint(signum: int, frame: Any) -> None:
        stop.set()
        interrupted.set()

    # A process started with SIGINT ignored (a background job) keeps ignoring it.
    own_handler = (threading.current_thread() is threading.main_thread()
                   and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)
    previous = signal.signal(signal.SIGINT, on_sigint) if own_handler else None
    result = None
    try:
        with cavemind.analysis(state, settings=settings, seed=seed, stop=stop, progress_every=report_every) as search:
            while result is None:
                try:
                    info = next(search)
                except KeyboardInterrupt:   # only outside the main thread's handler
                    stop.set()
                    interrupted.set()
                    continue
                if info.final:
                    result = info
                elif on_report is not None:
                    on_report(info)
    finally:
        if own_handler and previous is not None:
            signal.signal(signal.SIGINT, previous)
    return result, interrupted.is_set()


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    analyse = commands.add_parser(
        "analyse", aliases=["analyze"], help="rank the candidate moves of a position",
        description="Search a position and rank the candidate moves by visits, with their value (mean result "
                    "in [0, 1] for the player to move) and principal variation. Long searches show progress "
                    "on stderr; Ctrl-C stops the search and prints the best result so far.")
    position_arguments(analyse)
    game_number_argument(analyse, "POSITION")
    search_arguments(analyse)
    analyse.add_argument("--top", type=positive_int, metavar="K", help="show only the K best moves")
    analyse.add_argument("--json", action="store_true", help="one JSON record (KataGo analysis style)")
    analyse.add_argument("--report-every", type=positive_float, metavar="T",
                         help="with --json: also a record of the statistics so far every T seconds, "
                              "with \"isDuringSearch\": true")
    analyse.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    analyse.set_defaults(run=command_analyse)
