"""Fits a game's learned cut-off evaluation on the positions of arena games, and shows how well it predicts.

    python benchmarks/fit_evaluation.py --game dino_jagd benchmarks/results/ladder/dino_jagd__ismcts*.jsonl.gz
    python benchmarks/fit_evaluation.py --game dino_jagd FILES... --write     # stores the weights
    (results files may be compressed, .jsonl.gz, as the logs kept in benchmarks/results are)

Reads arena results files (`cavemind arena ... --out FILE`: every game with its seed and all its moves, chance
included), keeps the games of the game's 2-player setting in which every seat was a search bot, replays each and
at every `--every`-th decision reads each player's features (the game module's `evaluation_features`, the same C
function the search's cut-off evaluates). The model is a conditional logit: P(player i wins) = exp(u_i) /
sum_j exp(u_j) with u_i = weights . features_i, fitted by Newton's method with a small L2 penalty; ties count
as shared results. One game in five is held out, and the held-out positions score the fitted weights against
the game's hand-set heuristic (variant 0, as weights: the module's VARIANT0_WEIGHTS) by log loss and Brier score, over all positions and by
quarter of the game. `--write` stores the weights (fitted on all games) in the game's data file
(python/cavemind/data/<game>/evaluation.json), which the compiled module reads at import. After changing a game's
features, write their names (and a weight each) into that file first: the module refuses weights that do not
match its features, so it would not load for the fit.

Self-play data comes from the arena, so it scales out like any match (`cavemind arena ... --scheduler`).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

import cavemind
from cavemind.arena import read_results
from cavemind.search import ALGORITHMS

DATA_DIR = Path(__file__).resolve().parent.parent / "python" / "cavemind" / "data"
L2 = 1e-3


def search_bot(spec: str) -> bool:
    return spec.split(":", 1)[0] in ALGORITHMS


def read_games(paths: list[str], game_name: str) -> list[dict]:
    """The 2-player games of search bots, from arena results files (cavemind.arena.read_results)."""
    games = []
    for path in paths:
        header, records = read_results(path)
        if header is None or header["game"] != game_name or header["players"] != 2:
            continue
        games += [{"options": header["options"], "deal_seed": r["deal_seed"], "moves": r["moves"]} for r in records
                  if all(search_bot(b) for b in r["bots"]) and r.get("forfeit") is None]
    return games


Positions = tuple[list[np.ndarray], list[np.ndarray], list[float]]


def positions(game_name: str, record: dict, every: int) -> Positions | None:
    """(features per player, result per player, stage in [0, 1)) at every `every`-th decision of one game, or None
    when its moves are not legal under today's rules (a game played before a rules change)."""
    game = cavemind.load_game(game_name, players=2, **record["options"])
    state = game.new_initial_state(seed=record["deal_seed"])
    taken, decisions = [], 0
    for player, move, _ in record["moves"]:
        if player >= 0:
            if decisions % every == 0:
                taken.append((decisions, np.array(game.module.evaluation_features(state.to_bytes()))))
            decisions += 1
        try:
            state.apply(move)
        except cavemind.IllegalActionError:
            return None
    result = np.array(state.returns())
    return [f for _, f in taken], [result] * len(taken), [k / decisions for k, _ in taken]


def probabilities(features: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """softmax over the players of features . weights; features has shape (positions, players, features)."""
    u = features @ weights
    u -= u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def objective(features: np.ndarray, results: np.ndarray, w: np.ndarray) -> float:
    """The mean log likelihood of the results, less the L2 penalty."""
    p = np.clip(probabilities(features, w), 1e-300, 1.0)
    return float((results * np.log(p)).sum(axis=1).mean() - 0.5 * L2 * w @ w)


def fit(features: np.ndarray, results: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Newton's method, with step halving, on the conditional logit's penalised log likelihood (concave)."""
    w = start.astype(float).copy()
    n = len(features)
    value = objective(features, results, w)
    for _ in range(100):
        p = probabilities(features, w)
        gradient = np.einsum("np,npf->f", results - p, features) / n - L2 * w
        mean = np.einsum("np,npf->nf", p, features)
        centred = features - mean[:, None, :]
        hessian = -np.einsum("np,npf,npg->fg", p, centred, centred) / n - L2 * np.eye(len(w))
        step = -np.linalg.solve(hessian, gradient)
        while objective(features, results, w + step) < value and np.abs(step).max() > 1e-12:
            step /= 2
        w += step
        value = objective(features, results, w)
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores_of(features: np.ndarray, results: np.ndarray, weights: np.ndarray) -> tuple[float, float]:
    """(log loss, Brier score) of the first player's predicted win probability."""
    p = np.clip(probabilities(features, weights)[:, 0], 1e-9, 1 - 1e-9)
    y = results[:, 0]
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()), float(((p - y) ** 2).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="arena results files")
    parser.add_argument("--game", required=True)
    parser.add_argument("--every", type=int, default=3, help="read the features at every N-th decision")
    parser.add_argument("--write", action="store_true", help="store the weights fitted on all games")
    args = parser.parse_args()
    module = cavemind.load_game(args.game).module
    names = list(module.EVALUATION_FEATURES)
    baseline = np.array(module.VARIANT0_WEIGHTS, dtype=float)   # the hand-set heuristic as weights (a test holds it)

    replayed = [(g, positions(args.game, g, args.every)) for g in read_games(args.files, args.game)]
    games = [g for g, row in replayed if row is not None]
    rows = [row for _, row in replayed if row is not None]
    if len(games) < len(replayed):
        print(f"left out {len(replayed) - len(games)} games whose moves are not legal under today's rules")
    def stack(which: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        f = [x for k in which for x in rows[k][0]]
        r = [x for k in which for x in rows[k][1]]
        s = [x for k in which for x in rows[k][2]]
        return np.array(f), np.array(r), np.array(s)

    train = [k for k in range(len(games)) if k % 5]
    held = [k for k in range(len(games)) if k % 5 == 0]
    f_train, r_train, _ = stack(train)
    f_held, r_held, stage = stack(held)
    weights = fit(f_train, r_train, baseline)
    print(f"{args.game}: {len(games)} games of search bots from {len(args.files)} files, "
          f"{len(f_train)} training and {len(f_held)} held-out positions (one decision in {args.every}; "
          f"one game in 5 held out)")
    print()
    print("| weights | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    print("| variant 0 (hand-set) | " + " | ".join(f"{w:.4g}" for w in baseline) + " |")
    print("| fitted | " + " | ".join(f"{w:.4g}" for w in weights) + " |")
    print()
    print("| held-out positions | log loss | Brier | Brier 1st quarter | 2nd | 3rd | 4th |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, w in (("variant 0 (hand-set)", baseline), ("learned evaluation", weights)):
        loss, brier = scores_of(f_held, r_held, w)
        quarters = []
        for q in range(4):
            mask = (stage >= q / 4) & (stage < (q + 1) / 4)
            quarters.append(scores_of(f_held[mask], r_held[mask], w)[1])
        print(f"| {label} | {loss:.4f} | {brier:.4f} | " + " | ".join(f"{b:.4f}" for b in quarters) + " |")
    if args.write:
        f_all, r_all, _ = stack(list(range(len(games))))
        final = fit(f_all, r_all, weights)
        path = DATA_DIR / args.game / "evaluation.json"
        doc = json.loads(path.read_text())
        doc["weights"] = [round(float(w), 6) for w in final]
        doc["fitted_on"] = (f"{len(games)} 2-player games of search bots, {len(f_all)} positions (one decision in "
                            f"{args.every}): benchmarks/fit_evaluation.py --game {args.game} --every "
                            f"{args.every} --write " + " ".join(args.files))
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print()
        print(f"wrote {path}: " + ", ".join(f"{n} {w:.4g}" for n, w in zip(names, final, strict=True)))


if __name__ == "__main__":
    main()
