"""`cavemind analyse GAME-FILE --all` (or `--turns LIST`): the decisions of a whole game analysed one by one, in
the manner of KataGo's analyzeTurns. Each decision is searched from its mover's own view, as `review` searches it
(cavemind.game.mover_view, with a seed that depends only on the decision's entry index), so nothing the mover
could not see is used. Text: one table per decision under a line naming the entry, the mover and the move
played; --json: one KataGo-style record per decision with "turnNumber" (the entry index) and "playedMove"."""
from __future__ import annotations

import argparse
import json
import sys

import cavemind
from cavemind.analysis_output import format_table, hidden_information_warning, json_record
from cavemind.cli.arguments import CommandError, search_settings_of
from cavemind.cli.interruptible import analyse_interruptibly
from cavemind.cli.output import search_line, status_line
from cavemind.cli.positions import read_text
from cavemind.game import mover_view
from cavemind.game_files import GAME_KINDS, WHOLE_GAME, file_kind, is_compressed, parse_game_file, read_game_file
from cavemind.records import GameRecord, RecordEntry


def turn_list(text: str) -> list[int]:
    """--turns: entry indices separated by commas ("4,7,12"), each once."""
    turns = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit():
            raise argparse.ArgumentTypeError(f"{item!r} is not an entry index (a whole number from 0); give "
                                             "indices separated by commas, such as 4,7,12")
        if int(item) in turns:
            raise argparse.ArgumentTypeError(f"entry {int(item)} is listed twice")
        turns.append(int(item))
    return turns


def add_arguments(command: argparse.ArgumentParser) -> None:
    """--all and --turns, on `analyse`."""
    command.add_argument("--all", action="store_true",
                         help="POSITION is a whole game: analyse each of its decisions (those with more than one "
                              "legal move) from the mover's own view, one table or JSON record each")
    command.add_argument("--turns", type=turn_list, metavar="LIST",
                         help="like --all, only the decisions at these entry indices (comma-separated, "
                              "e.g. 4,7,12)")


def game_record(args: argparse.Namespace, mode: str) -> GameRecord:
    """The whole game POSITION names (a saved game, a game record, an arena results file with --game N)."""
    if args.position is None:
        raise CommandError(f"{mode} analyses a whole game: give a game file (a saved game, a game record, or an "
                           "arena results file with --game N), not --example")
    if args.position != "-" and is_compressed(args.position):
        return read_game_file(args.position, args.game_number)
    source = "standard input" if args.position == "-" else args.position
    text = read_text(args.position)
    if file_kind(text) not in GAME_KINDS:
        raise CommandError(f"{mode}: {source} is not {WHOLE_GAME} (a position has no moves to go through)")
    return parse_game_file(text, source, args.game_number)


def chosen_decisions(record: GameRecord, turns: list[int] | None,
                     ) -> list[tuple[int, RecordEntry, cavemind.State]]:
    """(entry index, entry, the state before it) of each decision to analyse: those at `turns`, in that order,
    or else every decision with more than one legal move."""
    decisions = {index: (entry, state) for index, entry, state in record.decisions()}
    if turns is None:
        chosen = [(index, entry, state) for index, (entry, state) in decisions.items()
                  if len(state.legal_actions()) > 1]
        if not chosen:
            raise CommandError("--all: the game has no decision with more than one legal move: nothing to analyse")
        return chosen
    for turn in turns:
        if turn >= len(record):
            raise CommandError(f"--turns {turn}: the game has entries 0 to {len(record) - 1}")
        if turn not in decisions:
            raise CommandError(f"--turns {turn}: entry {turn} is a chance event ({record.entries[turn].name}), not "
                               "a decision")
    return [(turn, *decisions[turn]) for turn in turns]


def command_analyse_game(args: argparse.Namespace) -> int:
    mode = "--all" if args.all else "--turns"
    if args.all and args.turns is not None:
        raise CommandError("--turns picks some decisions, --all takes every one: give one of them")
    refused = {"--example": args.example, "--move": args.move, "--moves": args.moves, "--deal-seed": args.deal_seed,
               "--observer": args.observer, "--report-every": args.report_every}
    for flag, value in refused.items():
        if value is not None:
            raise CommandError(f"{flag}: not with {mode}, which analyses each decision of the game as its mover "
                               "saw it")
    record = game_record(args, mode)
    decisions = chosen_decisions(record, args.turns)
    settings = search_settings_of(args)
    progress = status_line(args)
    warned = False
    try:
        for count, (index, entry, state) in enumerate(decisions, 1):
            # The seed depends on the decision's place in the game only, never on what is hidden (as in review).
            view = mover_view(state, entry.mover, args.seed + index)
            warning = hidden_information_warning(view, args.algorithm)
            if warning and not warned:
                print(f"warning: {warning}", file=sys.stderr)
                warned = True
            where = f"entry {index} ({count} of {len(decisions)})"
            progress.show(f"analysing {where}")

            def report(so_far: cavemind.AnalysisInfo, where: str = where) -> None:
                line = search_line(so_far, args.seconds)
                if line is not None:
                    progress.show(f"{where}: {line}")

            info, stopped = analyse_interruptibly(view, settings, on_report=report, seed=args.seed + index)
            progress.erase()       # the tables and records go to stdout, on the same terminal
            if args.json:
                answer = json_record(info, args.top, stopped=stopped, warnings=[warning] if warning else None)
                answer["turnNumber"], answer["playedMove"] = index, entry.name
                print(json.dumps(answer), flush=True)
            else:
                if count > 1:
                    print()
                print(f"entry {index}: player {entry.mover} ({record.seats[entry.mover]}) played {entry.name}")
                print(format_table(info, record.game.name, args.top, stopped=stopped), flush=True)
            if stopped:
                print(f"stopped at entry {index}: the decisions after it were not analysed", file=sys.stderr)
                break
    finally:
        progress.close()
    return 0
