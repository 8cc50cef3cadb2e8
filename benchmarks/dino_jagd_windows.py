"""What a pass in Dino Jagd's reaction window tells: how often a player who may play a one-use card there does.

    python benchmarks/dino_jagd_windows.py benchmarks/results/ladder/dino_jagd__ismcts_iterations4000_depth40__ismcts_iterations1000_depth40.jsonl.gz

Replays the 2-player games of arena results files and, at every reaction-window decision where the player to move
may play a Fehlschuss (the hunt's result is a capture and the card is in hand) or a Stoersender, counts whether
the player played that card, another card or passed. `determinize` deals the cards a searcher has not seen
uniformly (the game's README, Interpretation 15), so it ignores this: where holders of a card seldom pass, a pass
is evidence that the card is not held.
"""
from __future__ import annotations

import argparse
from collections import Counter

import cavemind
from cavemind.arena import read_results

CARDS = ("Fehlschuss", "Stoersender")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="arena results files of 2-player Dino Jagd games")
    args = parser.parse_args()
    counts: Counter[tuple[str, str]] = Counter()
    games = 0
    for path in args.files:
        header, records = read_results(path)
        if header is None or header["game"] != "dino_jagd" or header["players"] != 2:
            continue
        game = cavemind.load_game("dino_jagd", players=2, **header["options"])
        for record in records:
            games += 1
            state = game.new_initial_state(seed=record["deal_seed"])
            for player, move, _ in record["moves"]:
                if player >= 0:
                    legal = {state.action_to_string(a) for a in state.legal_actions()}
                    for card in CARDS:
                        if card in legal and "pass" in legal:
                            what = "played" if move == card else "passed" if move == "pass" else "another card"
                            counts[card, what] += 1
                state.apply(move)
    print(f"{games} games")
    print("| card playable | played | another card | passed | share passed |")
    print("|---|---:|---:|---:|---:|")
    for card in CARDS:
        played, other, passed = (counts[card, k] for k in ("played", "another card", "passed"))
        total = played + other + passed
        print(f"| {card} | {played} | {other} | {passed} | {passed / total if total else 0:.0%} |")


if __name__ == "__main__":
    main()
