"""`cavemind review`: every decision of a whole game (a record, a saved game, an arena game) searched again from
the mover's own view (the review itself is cavemind.review's)."""
from __future__ import annotations

import argparse
import json
from typing import Any

from cavemind.cli.arguments import CommandError, search_arguments, search_settings_of
from cavemind.cli.output import status_line
from cavemind.cli.positions import game_number_argument
from cavemind.game_files import read_game_file
from cavemind.review import FLAGS, ReviewedMove, Thresholds, format_markdown, format_table, review_record


def threshold_value(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text} must be in (0, 1]: a loss in result units")
    return value


def add_parser(commands: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Registers `cavemind review` (the search flags are analyse's)."""
    default = Thresholds()
    review: argparse.ArgumentParser = commands.add_parser(
        "review", help="review every decision of a recorded game from the mover's own view",
        description="Search every decision of a game (a record, a saved game, or a game of an arena results "
                    "file) again from the mover's own view (never with what the mover could not see), report "
                    "the played and the best move's values and the loss, flag inaccuracies, mistakes and "
                    "blunders, and summarise per player. Decisions with a single "
                    "legal move are skipped. See docs/records.md.")
    review.add_argument("game_file", metavar="FILE",
                        help="a whole game: a game record (docs/records.md), a saved game (cavemind play), or an "
                             "arena results file with --game N")
    game_number_argument(review)
    search_arguments(review, advanced=False)     # (review_record takes the settings for users)
    review.add_argument("--player", type=int, action="append", metavar="P",
                        help="review only seat P's decisions (repeatable; default: every seat)")
    for name in FLAGS:
        review.add_argument(f"--{name}", type=threshold_value, default=getattr(default, name), metavar="LOSS",
                            help=f"flag a loss of at least LOSS as {'an' if name[0] == 'i' else 'a'} {name} "
                                 f"(default {getattr(default, name):g})")
    review.add_argument("--no-proofs", action="store_true",
                        help="measure every decision by search, even where the position can be solved exactly")
    review.add_argument("--svg", metavar="FILE", help="also write the evaluation graph over the game as SVG")
    review.add_argument("--png", metavar="FILE", help="also write the evaluation graph as PNG (the plot extra)")
    output = review.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON document")
    output.add_argument("--markdown", action="store_true", help="Markdown tables")
    review.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    review.set_defaults(run=command_review)
    return review


def command_review(args: argparse.Namespace) -> int:
    record = read_game_file(args.game_file, args.game_number)
    thresholds = Thresholds(args.inaccuracy, args.mistake, args.blunder)
    progress = status_line(args, every=0.1)

    def show(move: ReviewedMove) -> None:
        progress.show(f"reviewed entry {move.entry} of {len(record)}")

    try:
        result = review_record(record, settings=search_settings_of(args), seed=args.seed, thresholds=thresholds,
                               players=args.player, proofs=not args.no_proofs, on_move=show)
    finally:
        progress.close()
    try:
        if args.svg:
            with open(args.svg, "w", encoding="utf-8") as out:
                out.write(result.evaluation_svg())
        if args.png:
            result.evaluation_png(args.png)
    except OSError as error:
        raise CommandError(f"{error.filename}: {error.strerror}") from None
    if args.json:
        print(json.dumps(result.to_dict()))
    elif args.markdown:
        print(format_markdown(result))
    else:
        print(format_table(result))
    return 0
