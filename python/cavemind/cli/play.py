"""`cavemind play`: a game in the terminal between people and bots, new or resumed from a saved game or a
record (the game itself is cavemind.play's)."""
from __future__ import annotations

import argparse
import random
from typing import Any

import cavemind
from cavemind.botspec import parse_bot_spec, split_bot_specs
from cavemind.cli.arguments import (
    CommandError,
    deprecated_flag,
    key_value,
    move_number,
    search_spec,
    seed_number,
)
from cavemind.cli.positions import game_from_args, read_text


def command_play(args: argparse.Namespace) -> int:
    from cavemind.play import Match, PlayError, Terminal, load_record, play

    moves, seed = [], args.deal_seed
    if args.move is not None and not args.from_file:
        raise CommandError("--move needs --from RECORD (a game record)")
    if args.from_file:
        if args.game:
            raise CommandError("give a game or --from FILE, not both")
        record = load_record(read_text(args.from_file), args.from_file, args.move)
        if not args.players and "seats" not in record:
            raise CommandError(f"{args.from_file}: the record names no seats; give --players")
        seats = split_bot_specs(args.players or ",".join(record["seats"]))
        game = cavemind.load_game(record["game"], players=record.get("players", len(seats)),
                                  **record.get("options", {}))
        moves = record["moves"]
        seed = record.get("seed", 0) if seed is None else seed
    else:
        if not args.game:
            raise CommandError("give a game to play (see cavemind games), or --from FILE")
        if not args.players:
            raise CommandError("give the seats with --players, e.g. --players human,ismcts:iterations=2000")
        seats = split_bot_specs(args.players)
        counts = cavemind.parameters_of(args.game)["players"].get("choices")
        if counts and len(seats) not in counts:
            raise CommandError(f"--players: {len(seats)} seat{'s' * (len(seats) != 1)} given; {args.game} is "
                               f"played by {' or '.join(map(str, counts))} players")
        game = game_from_args(args.game, len(seats), args.option)
    match = Match(game, seats, seed=random.randrange(2**32) if seed is None else seed, moves=moves,
                  hint=args.hint, entries=record.get("entries") if args.from_file else None)
    if match.state.is_terminal():
        raise PlayError("that game is already over")
    return play(match, Terminal(progress=True if args.progress else None), args.record)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    play = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play GAME in the terminal. A human seat sees only what it may see and types a move "
                    "number or its notation, 'hint', 'save FILE', 'board' or 'quit'.")
    play.add_argument("game", nargs="?", metavar="GAME", help="a registered game (see cavemind games)")
    play.add_argument("--players", metavar="SEATS",
                      help="one seat per player: human, random, heuristic, mcts:..., ismcts:iterations=2000,... ")
    play.add_argument("--option", action="append", type=key_value, metavar="KEY=VALUE", help="a game option")
    play.add_argument("--deal-seed", type=seed_number, metavar="S",
                      help="seed of the chance events (the deal, the dice) and of the bots (default: random)")
    play.add_argument("--hint", type=search_spec, default=parse_bot_spec("ismcts"), metavar="SEARCH",
                      help="the search behind 'hint', in the bot language, e.g. ismcts:iterations=5000,"
                           "rollout_depth=10 or pimc:determinizations=16 (default ismcts: 1,000 iterations, "
                           "the game's settings)")
    deprecated_flag(play, "--seed", type=seed_number)
    play.add_argument("--from", dest="from_file", metavar="FILE", help="resume a game saved with 'save FILE'")
    play.add_argument("--move", type=move_number, metavar="N",
                      help="with --from RECORD: continue from the position after the record's first N entries")
    play.add_argument("--record", metavar="FILE", help="save the finished game to FILE and its game record "
                                                        "(docs/records.md) next to it; FILE.jsonl: the record only")
    play.add_argument("--progress", action="store_true",
                      help="show that a bot is thinking even when stderr is not a terminal")
    play.set_defaults(run=command_play)

