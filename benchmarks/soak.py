"""Soak: many seeded uniformly random games of one game, each checked (cavemind.testing.soak).

    python benchmarks/soak.py --game honga                        # 10,000 games per configuration
    python benchmarks/soak.py --game stone_age --games 500        # what the slow-marked CI test runs
    python benchmarks/soak.py --game jaeger_und_spaeher --games 2000 --option turn_limit=2000
    python benchmarks/soak.py --game prehistory --players 3 --loop c

Every game is checked with check_state (the game's one definition of a legal state), its length against
max_game_length, its returns (in [0, 1], summing to 1) and the position invariants of its record (JSON-level
conservation laws). The game's soak plan (its record's GameInfo.soak) adds the rest: the configurations (player
counts, variants, option sets), the rules' end condition (Honga: the score threshold after a full round; Jäger
und Späher: the target of 24), the engine's turn cap (Dino Jagd's 1,000 turns may never end a game; Jäger und
Späher's turn_limit may, and the games it ends are counted) and the raw fields whose caps random games must stay
below (Prehistory). Prints per configuration the games, games/s and steps/s, steps and turns per game, the
longest game, the games the cap ended and the peaks; exits 1 when a check failed.

--loop python plays each step from Python with check_state after every step; --loop c plays each game in C
(Stone Age: its own loop checking every step in C; the others: State.random_playout, checks at the end).
Without --loop, each game's plan chooses (c for Stone Age and Dino Jagd). Search speed is `cavemind bench`.
"""
from __future__ import annotations

import argparse
import sys

import cavemind
from cavemind.testing import soak, soak_plan, soak_turn_cap


def key_value(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key, value


def label(params: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=cavemind.game_names())
    parser.add_argument("--games", type=int, default=10_000, help="games per configuration (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="game i of a configuration uses seed + i")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--base-only", action="store_true",
                        help="only the first option set of each player count (Stone Age: the base game)")
    parser.add_argument("--option", action="append", type=key_value, default=[], metavar="KEY=VALUE",
                        help="a game option for every configuration (e.g. turn_limit=2000)")
    parser.add_argument("--loop", choices=("python", "c"), help="where the games are played (default: the plan's)")
    parser.add_argument("--invariants-every", type=int, default=53, metavar="N",
                        help="Python loop: the position invariants every N steps (default %(default)s)")
    args = parser.parse_args(argv)
    plan = soak_plan(args.game)
    default_players = cavemind.parameters_of(args.game)["players"]["default"]
    configurations = [dict(c) for c in plan.configurations
                      if not args.players or c.get("players", default_players) in args.players]
    if args.base_only:
        seen: set = set()
        configurations = [c for c in configurations if not (c.get("players") in seen or seen.add(c.get("players")))]
    if not configurations:
        parser.error(f"{args.game} has no soak configuration with {args.players} players")
    failed = False
    for params in configurations:
        try:
            game = cavemind.load_game(args.game, **params, **dict(args.option))
        except cavemind.CavemindError as error:
            parser.error(str(error))
        s = soak(game, args.games, args.seed, loop=args.loop, invariants_every=args.invariants_every)
        line = (f"{label(params)}: {s.games} games, {s.games / s.seconds:,.0f} games/s, "
                f"{s.steps / s.seconds / 1e6:.2f} M steps/s, {s.steps / max(1, s.games):.0f} steps/game, longest "
                f"{s.longest} (max_game_length {game.max_game_length})")
        if plan.turns:
            line += f", {plan.turns} {s.turns / max(1, s.games):.1f}/game"
            line += f" (most {s.most_turns} in a game the rules ended)" if s.most_turns else ""
        cap = soak_turn_cap(game, plan)
        if cap is not None:
            line += f", {s.capped} ended by the turn cap of {cap}"
            line += f" (highest score then {s.best_at_cap:g})" if s.capped else ""
        if s.peaks:
            line += "; peaks vs caps: " + ", ".join(f"{k} {v}/{plan.peaks[k]}" for k, v in s.peaks.items())
        print(line + ("  OK" if s.failure is None else f"  FAILED: {s.failure}"), flush=True)
        failed = failed or s.failure is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
