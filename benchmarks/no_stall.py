"""Does the AI finish its games? Games of a bot against itself and against the passive bot (it ends its turn or
passes where it can, else plays its first legal move), at every player count of a game; each game is replayed
from its line in the results to read its turn count against the game's safety cap (the soak plan's `turn_cap`,
not a rule). A stalling search, far ahead and in no hurry, shows as games that reach the cap.

    python benchmarks/no_stall.py --game dino_jagd --games 200 --out benchmarks/results/no_stall

Each table's games go to OUT/GAME_Np_MODE.jsonl (resumed when run again); the table is printed and written to
OUT/GAME_no_stall.json with the command that played it (the tables of other runs stay there). `--bot` is the
searcher (default: the default AI's specification).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import cavemind
from cavemind.arena import run_arena
from cavemind.games import game_info
from cavemind.testing import soak_plan, soak_turn_cap

MODES = ("self-play", "passive")


def final_turns(game: cavemind.Game, line: dict[str, Any], turns_field: str | None) -> int:
    """The turn count at the end of one game of a results file, replayed from its deal seed and moves."""
    state = game.new_initial_state(seed=line.get("deal_seed", line.get("seed")))    # "seed" before format 2
    for _seat, name, _seconds in line["moves"]:
        state.apply(state.string_to_action(name))
    return int(state.to_dict()["state"][turns_field]) if turns_field else 0


def table(name: str, players: int, mode: str, bot: str, games: int, jobs: int, seed: int, out: str) -> dict[str, Any]:
    specs = [bot] * players if mode == "self-play" else [bot] + ["passive"] * (players - 1)
    path = os.path.join(out, f"{name}_{players}p_{mode}.jsonl")
    result = run_arena(name, specs, games, players=players, jobs=jobs, seed=seed, out=path)
    game = cavemind.load_game(name, players=players, **result.match.header()["options"])
    plan = soak_plan(name)
    cap = soak_turn_cap(game, plan)
    turns = [final_turns(game, line, plan.turns) for line in result.games]
    lengths = [line["length"] for line in result.games]
    return {"players": players, "mode": mode, "bots": specs, "games": len(result.games), "turn_cap": cap,
            "capped": sum(cap is not None and t >= cap for t in turns), "longest_moves": max(lengths),
            "most_turns": max(turns), "median_moves": sorted(lengths)[len(lengths) // 2],
            "results": os.path.basename(path)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--bot", default="ismcts", help="the searcher (default: ismcts, the default AI's search)")
    parser.add_argument("--games", type=int, default=200, help="games per player count and mode")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: every one the game has)")
    parser.add_argument("--modes", nargs="*", choices=MODES, default=list(MODES))
    parser.add_argument("--match-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True, help="a folder for the games and the table")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for players in args.players or game_info(args.game).player_counts:
        for mode in args.modes:
            rows.append(table(args.game, players, mode, args.bot, args.games, args.jobs, args.match_seed, args.out))
            row = rows[-1]
            print(f"{args.game} {players}p {mode:>9}: {row['games']} games, {row['capped']} reached the turn cap "
                  f"({row['turn_cap']}); longest {row['longest_moves']:,} moves, most turns {row['most_turns']}, "
                  f"median {row['median_moves']:,} moves", flush=True)
    command = "python benchmarks/no_stall.py " + " ".join(sys.argv[1:])
    path = os.path.join(args.out, f"{args.game}_no_stall.json")
    kept = []
    if os.path.exists(path):   # the tables of earlier runs stay, each with its own command, unless played again
        with open(path, encoding="utf-8") as handle:
            earlier = json.load(handle)
        fallback = earlier.get("command")   # a file of one run holds its command once
        kept = [{"command": fallback, **row} for row in earlier["tables"]
                if (row["players"], row["mode"]) not in {(r["players"], r["mode"]) for r in rows}]
    tables = sorted(kept + [{"command": command, **row} for row in rows], key=lambda r: (r["players"], r["mode"]))
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"game": args.game, "bot": args.bot, "tables": tables}, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
