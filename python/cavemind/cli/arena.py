"""`cavemind arena`: bots play each other over every deal and seat rotation and are rated (the match itself is
cavemind.arena's, the statistics cavemind.ratings', the report cavemind.report's)."""
from __future__ import annotations

import argparse
import sys
from typing import Any

import cavemind
from cavemind.arena import CHANCE_STREAMS, ArenaError, parse_sprt, run_arena
from cavemind.cli.arguments import deprecated_flag, seed_number, use_new_flags
from cavemind.cli.parameter_flags import command_message
from cavemind.errors import CavemindError


def parse_options(items: list[str] | None) -> dict[str, str]:
    """KEY=VALUE strings as a dict (the game converts and checks the values)."""
    options = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ArenaError(f"--option {item!r}: expected KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def command_arena(args: argparse.Namespace) -> int:
    from cavemind import ratings, report

    if args.sprt:
        parse_sprt(args.sprt)  # a malformed test fails before any game is played
    if args.plot:
        report.require_matplotlib()
    result = run_arena(args.game, args.bot, args.games, players=args.players, options=parse_options(args.option),
                       jobs=args.jobs, seed=args.match_seed, out=args.out, scheduler=args.scheduler,
                       progress=True if args.progress else None, time_limit=args.time_limit, sprt=args.sprt or None,
                       records=args.records, chance_streams=args.chance_streams)
    fitted = ratings.fit_ratings(result.games, result.bots, bootstrap=args.bootstrap, seed=args.match_seed)
    text = report.markdown(result, fitted)
    print(text)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write(text)
    if args.plot:
        report.plot_ratings(fitted, args.plot, title=f"{args.game}: ratings ({len(result.games)} games)")
    return 0


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Registers `cavemind arena` on an argparse subparsers object; after `use_new_flags(args)` (which moves the
    old --seed to --match-seed and gives --match-seed its default), `args.run(args)` runs it."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena", help="play bots against each other and rate them",
        description="Plays every deal in every seat rotation, appends results to --out as games end "
                    "(and resumes from it), and prints statistics and Elo ratings with 95% intervals.")
    parser.add_argument("game", choices=cavemind.game_names())
    parser.add_argument("--bot", action="append", required=True, metavar="SPEC",
                        help="a bot such as random, heuristic, ismcts:iterations=1000 (give 2 or more)")
    parser.add_argument("--games", type=int, required=True, metavar="N",
                        help="games per table, rounded up to whole deals (every deal in every seat rotation)")
    parser.add_argument("--players", type=int, metavar="P", help="player count (default: the number of bots)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, metavar="K", help="worker processes (default 1)")
    parser.add_argument("--match-seed", type=seed_number, metavar="S",
                        help="seed of the match: every deal's seed and every bot's seed derive from it (default 0)")
    deprecated_flag(parser, "--seed", type=seed_number)
    parser.add_argument("--out", metavar="FILE", help="results as JSON lines; an existing file is resumed")
    parser.add_argument("--report", metavar="FILE", help="also write the Markdown report to FILE")
    parser.add_argument("--records", metavar="DIR", help="write each game's record to DIR, one JSON-lines file "
                                                         "per game (docs/records.md)")
    parser.add_argument("--plot", metavar="PNG", help="plot the ratings with their intervals (needs matplotlib)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://host:8786")
    parser.add_argument("--sprt", metavar="ELO0,ELO1[,ALPHA,BETA]",
                        help="stop once 'bot 1 is ELO1 stronger than bot 2' is accepted or 'only ELO0' is (the "
                             "paired pentanomial test in 2-player games; alpha and beta default 0.05)")
    parser.add_argument("--time-limit", type=float, metavar="SECONDS", help="a slower move forfeits the game")
    parser.add_argument("--chance-streams", choices=CHANCE_STREAMS, default="shared",
                        help="seat: each seat draws its dice and cards from a stream of its own after the first "
                             "decision, so the rotations of a deal share each seat's luck (duplicate deals; default "
                             "shared: one stream a game)")
    parser.add_argument("--bootstrap", type=int, default=200, metavar="B",
                        help="bootstrap samples for the rating intervals (default 200)")
    parser.add_argument("--progress", action="store_true", help="show progress even when stderr is not a terminal")
    parser.set_defaults(run=command_arena)
    return parser


def main(argv: list[str] | None = None) -> int:
    """`python -m cavemind.cli.arena ...`: `cavemind arena ...` on a parser of its own."""
    parser = argparse.ArgumentParser(prog="cavemind")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["arena", *(sys.argv[1:] if argv is None else argv)])
    try:
        notes = use_new_flags(args)
        code: int = args.run(args)
        for note in notes:
            print(f"cavemind arena: {note}", file=sys.stderr)
        return code
    except CavemindError as error:
        print(f"cavemind: error: {command_message('arena', str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
