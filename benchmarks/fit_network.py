"""EXPERIMENT (Dino Jagd, reverted after its match; docs/strength.md, "Dino Jagd: how much a 4x budget can be worth"):
a small network on the learned evaluation's features in place of the linear conditional logit.

    python benchmarks/fit_network.py --hidden 16 --out network16.json FILES...
    CAVEMIND_DINO_NETWORK=network16.json python benchmarks/heuristic_match.py --game dino_jagd \\
        --a "ismcts:iterations=1000@2" --b "ismcts:iterations=1000@1" --deals 100 --out FILE

P(player 0 wins) = sigmoid(h(x0, x1) - h(x1, x0)), h(a, b) = v . tanh(W [a; b] + b0) + a_lin . [a; b], x the standardised
features of each player (so the model is antisymmetric: swapping the players swaps the probabilities). Fitted with
Adam on mini-batches of 1,024 positions, L2 penalty 1e-3, learning rate 1e-3; games k % 5 == 0 held out, k % 5 == 1
for early stopping (the validation loss is read every 100 batches); the linear logit fitted on the same training games
for comparison. The module's heuristic variant 2 reads the written file (CAVEMIND_DINO_NETWORK) at import.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fit_evaluation  # noqa: E402


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    games = fit_evaluation.read_games(sorted(set(args.files)), "dino_jagd")
    features, results, game_of = [], [], []
    for k, game in enumerate(games):
        row = fit_evaluation.positions("dino_jagd", game, 3)
        if row is None:
            continue
        features += row[0]
        results += [r[0] for r in row[1]]
        game_of += [k] * len(row[0])
    f, y, g = np.array(features), np.array(results), np.array(game_of)
    held, valid = g % 5 == 0, g % 5 == 1
    train = ~held & ~valid
    linear = fit_evaluation.fit(f[train], np.column_stack([y, 1 - y])[train], np.zeros(f.shape[2]))
    mu, sd = f[~held].reshape(-1, f.shape[2]).mean(0), f[~held].reshape(-1, f.shape[2]).std(0) + 1e-6
    x0, x1 = (f[:, 0] - mu) / sd, (f[:, 1] - mu) / sd
    n, hidden = f.shape[2], args.hidden
    rng = np.random.default_rng(0)
    params = {"W": rng.normal(0, 0.3, (2 * n, hidden)), "b": np.zeros(hidden), "v": rng.normal(0, 0.1, hidden),
              "a": np.zeros(2 * n)}

    def side(xa, xb, p):
        x = np.concatenate([xa, xb], 1)
        z = np.tanh(x @ p["W"] + p["b"])
        return x, z, z @ p["v"] + x @ p["a"]

    def predict(rows, p):
        return 1 / (1 + np.exp(-(side(x0[rows], x1[rows], p)[2] - side(x1[rows], x0[rows], p)[2])))

    first = {k: np.zeros_like(v) for k, v in params.items()}
    second = {k: np.zeros_like(v) for k, v in params.items()}
    order, valid_rows, held_rows = np.where(train)[0], np.where(valid)[0], np.where(held)[0]
    best = (np.inf, None)
    for _ in range(args.epochs):
        rng.shuffle(order)
        for batch, start in enumerate(range(0, len(order), 1024)):
            rows = order[start:start + 1024]
            xa, za, ha = side(x0[rows], x1[rows], params)
            xb, zb, hb = side(x1[rows], x0[rows], params)
            error = (1 / (1 + np.exp(-(ha - hb))) - y[rows]) / len(rows)
            grads = {k: 1e-3 * v for k, v in params.items()}
            for sign, x, z in ((1, xa, za), (-1, xb, zb)):
                dz = np.outer(sign * error, params["v"]) * (1 - z * z)
                grads["v"] += z.T @ (sign * error)
                grads["a"] += x.T @ (sign * error)
                grads["W"] += x.T @ dz
                grads["b"] += dz.sum(0)
            for k in params:
                first[k] = 0.9 * first[k] + 0.1 * grads[k]
                second[k] = 0.999 * second[k] + 0.001 * grads[k] ** 2
                params[k] -= 1e-3 * first[k] / (np.sqrt(second[k]) + 1e-8)
            if batch % 100 == 99:
                loss = log_loss(predict(valid_rows, params), y[valid_rows])
                if loss < best[0]:
                    best = (loss, {k: v.copy() for k, v in params.items()})
    net = best[1]
    p_linear = fit_evaluation.probabilities(f[held], linear)[:, 0]
    print(f"{len(games)} games, {len(f)} positions; held-out log loss: linear {log_loss(p_linear, y[held]):.4f}, "
          f"network ({hidden} hidden) {log_loss(predict(held_rows, net), y[held]):.4f}")
    Path(args.out).write_text(json.dumps({"mu": mu.tolist(), "sd": sd.tolist(),
                                          **{k: v.tolist() for k, v in net.items()}}) + "\n")


if __name__ == "__main__":
    main()
