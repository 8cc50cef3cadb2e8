"""Dino Jagd: how much the hunt dice decide a game, next to how much a bigger search budget does.

    python benchmarks/dino_jagd_luck.py benchmarks/results/ladder/dino_jagd__ismcts_iterations4000*.jsonl.gz ...

Reads 2-player arena results files (`cavemind arena dino_jagd ... --out FILE`, every move with the chance outcomes).
A player's hunt luck is the sum over their hunts of the creature's points times (1 if the rolled face reads a
capture on the creature's hunt table, else 0, less the share of captures on that table): what the raw die gave above
its expectation, before any card changed the roll. Printed per file: how often the first bot of the file won, how
often the player with more hunt luck won, the spread of the luck difference, and a logistic fit of the first bot's
result on the luck difference, whose value at a difference of 0 is the first bot's win rate with the hunt dice
even (with a 95% interval from the fit's standard error). Drawn games are left out.
"""
from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

from cavemind.arena import read_results
from cavemind.games._dino_jagd import CREATURES  # the creature cards of the game's data file


def hunt_luck(moves: list, table: dict, points: dict) -> list[float]:
    """Each player's point-weighted hunt luck in one game (see the module's docstring)."""
    luck = [0.0, 0.0]
    hunter = None
    for player, move, _ in moves:
        if player >= 0 and move.startswith("hunt "):
            hunter = (player, move.split()[1])
        elif player < 0 and move.startswith("roll ") and hunter is not None:
            seat, name = hunter
            face = int(move.split()[1])
            hunt = table[name]
            luck[seat] += points[name] * ((hunt[face - 1] == "C") - hunt.count("C") / 6)
            hunter = None
    return luck


def logistic_fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Coefficients (intercept, slope) of P(y = 1) = sigmoid(b0 + b1 x) by Newton's method, and their covariance."""
    design = np.column_stack([np.ones_like(x), x])
    beta = np.zeros(2)
    for _ in range(50):
        p = 1 / (1 + np.exp(-design @ beta))
        hessian = design.T @ (design * (p * (1 - p))[:, None])
        step = np.linalg.solve(hessian, design.T @ (y - p))
        beta += step
        if np.abs(step).max() < 1e-10:
            break
    return beta, np.linalg.inv(hessian)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="2-player Dino Jagd arena results files")
    args = parser.parse_args()
    table = {c["name"]: c["hunt"] for c in CREATURES}
    points = {c["name"]: c["points"] for c in CREATURES}
    print("| file | first bot | decided games | first bot won % | more hunt luck won % | sd of the luck difference "
          "(points) | first bot's win % at even luck (95% CI) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for path in args.files:
        header, records = read_results(path)
        if header is None or header["game"] != "dino_jagd" or header["players"] != 2:
            continue
        first = header["bots"][0]
        differences, results = [], []
        for record in records:
            seat = record["bots"].index(first)
            result = record["returns"][seat]
            if result == 0.5:
                continue
            luck = hunt_luck(record["moves"], table, points)
            differences.append(luck[seat] - luck[1 - seat])
            results.append(result)
        x, y = np.array(differences), np.array(results)
        if len(x) < 10:
            continue
        luckier = float(np.mean((x > 0) == (y == 1)))
        beta, covariance = logistic_fit(x, y)
        half = 1.96 * math.sqrt(covariance[0, 0])
        even = [100 / (1 + math.exp(-b)) for b in (beta[0], beta[0] - half, beta[0] + half)]
        print(f"| `{Path(path).name}` | `{first}` | {len(x)} | {100 * y.mean():.1f} | {100 * luckier:.1f} | "
              f"{x.std():.1f} | {even[0]:.1f} [{even[1]:.1f}, {even[2]:.1f}] |")


if __name__ == "__main__":
    main()
