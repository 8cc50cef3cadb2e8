"""Statistics of arena results: win rate, mean score and margin with 95% intervals, Elo ratings fitted by
maximum likelihood (Bradley-Terry) with bootstrap intervals, and Wald's sequential probability ratio test.

Multi-player games are decomposed into the pairwise results they imply: in a game of n seats, every pair
of seats held by different bots is one "game" between them, won by the seat with the higher return (equal
returns: half each). The pairs of one game are not independent, so the bootstrap resamples whole deals.

Input is the list of game records written by cavemind.arena (dicts with "deal", "seats", "returns",
"scores", "forfeit"); bots are the arena's distinct bot labels, which "seats" indexes.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence


Z95 = 1.959963984540054
ELO_PER_NAT = 400.0 / math.log(10.0)  # Elo: P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))


def wilson_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion. Draws counted as half make the score fractional; the
    binomial variance bounds the true one from above, so the interval is, if anything, a little wide."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)


def elo_from_score(score: float) -> float:
    """The Elo difference that gives an expected score `score` (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


# ----------------------------------------------------------------------------------------------- per bot

@dataclass
class BotStats:
    """One bot over every seat it held. win_rate is the mean return (a tie shares the win); wins are
    seats with the single highest return, draws a shared highest one. margin is the bot's score minus
    the best other score in the game."""

    bot: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_score: float
    score_ci: tuple[float, float]
    margin: float
    margin_ci: tuple[float, float]
    forfeits: int
    seconds_per_move: float


def bot_stats(games: Iterable[dict[str, Any]], bots: Sequence[str]) -> list[BotStats]:
    """Per-bot statistics, in the order of `bots`."""
    per_bot: list[dict[str, list]] = [{"returns": [], "scores": [], "margins": [], "outcomes": [],
                                       "forfeits": [], "seconds": [], "moves": []} for _ in bots]
    for game in games:
        returns, scores = game["returns"], game["scores"]
        best = max(returns)
        for seat, bot in enumerate(game["seats"]):
            row = per_bot[bot]
            row["returns"].append(returns[seat])
            row["scores"].append(scores[seat])
            row["margins"].append(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
            tied = sum(1 for r in returns if r == best)
            row["outcomes"].append("w" if returns[seat] == best and tied == 1 else "d" if returns[seat] == best
                                   else "l")
            forfeit = game.get("forfeit")
            row["forfeits"].append(1 if forfeit and forfeit["seat"] == seat else 0)
            row["seconds"].append(game.get("seconds", [0.0] * len(returns))[seat])
            row["moves"].append(sum(1 for move in game.get("moves", []) if move[0] == seat))
    stats = []
    for label, row in zip(bots, per_bot):
        n = len(row["returns"])
        rate = sum(row["returns"]) / n if n else math.nan
        score, score_lo, score_hi = mean_interval(row["scores"])
        margin, margin_lo, margin_hi = mean_interval(row["margins"])
        moves = sum(row["moves"])
        stats.append(BotStats(
            bot=label, games=n, wins=row["outcomes"].count("w"), draws=row["outcomes"].count("d"),
            losses=row["outcomes"].count("l"), win_rate=rate,
            win_rate_ci=wilson_interval(rate, n) if n else (math.nan, math.nan), mean_score=score,
            score_ci=(score_lo, score_hi), margin=margin, margin_ci=(margin_lo, margin_hi),
            forfeits=sum(row["forfeits"]), seconds_per_move=sum(row["seconds"]) / moves if moves else 0.0))
    return stats


# ----------------------------------------------------------------------------------------------- pairs

def pairwise_outcomes(games: Iterable[dict[str, Any]]) -> list[tuple[int, int, int, float]]:
    """(deal, a, b, score of bot a against bot b) for every pair of seats of different bots in every game,
    with a < b: 1 if a's return is higher, 0.5 if equal, 0 if lower."""
    pairs = []
    for game in games:
        seats, returns = game["seats"], game["returns"]
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                if seats[i] == seats[j]:
                    continue
                score = 1.0 if returns[i] > returns[j] else 0.5 if returns[i] == returns[j] else 0.0
                a, b = (seats[i], seats[j]) if seats[i] < seats[j] else (seats[j], seats[i])
                pairs.append((game["deal"], a, b, score if a == seats[i] else 1.0 - score))
    return pairs


Matrix = list[list[float]]


def _zeros(k: int) -> Matrix:
    return [[0.0] * k for _ in range(k)]


def score_matrix(games: Iterable[dict[str, Any]], n_bots: int) -> tuple[Matrix, Matrix]:
    """(points, count): points[a][b] is the total score of bot a against bot b over count[a][b] pairs."""
    points, count = _zeros(n_bots), _zeros(n_bots)
    for _, a, b, score in pairwise_outcomes(games):
        points[a][b] += score
        points[b][a] += 1.0 - score
        count[a][b] += 1
        count[b][a] += 1
    return points, count


def _solve(matrix: Matrix, vector: list[float]) -> list[float]:
    """x with matrix x = vector, by Gaussian elimination with partial pivoting (the systems are tiny:
    one row per bot, so plain Python keeps numpy out of the dependencies)."""
    k = len(vector)
    m = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, k):
            factor = m[r][col] / m[col][col]
            for c in range(col, k + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][c] * x[c] for c in range(r + 1, k))) / m[r][r]
    return x


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def fit_elo(points: Matrix, count: Matrix, anchor: int | None = 0, prior: float = 1.0) -> list[float]:
    """Bradley-Terry maximum likelihood on the Elo scale, by Newton's method.

    points/count as from score_matrix. `prior` adds that many virtual draws of each bot against a phantom
    of rating 0 (as BayesElo does), so that a bot that won or lost every game still gets a finite rating
    and bots with no games in common stay defined; it pulls ratings slightly together. The result is
    shifted so that bot `anchor` is at 0 (or, with anchor None, so that the mean is 0)."""
    k = len(points)
    r = [0.0] * k  # natural-log strengths
    for _ in range(200):
        gradient, hessian = [0.0] * k, _zeros(k)
        for i in range(k):
            q = _sigmoid(r[i])  # against the phantom
            gradient[i] = prior * (0.5 - q)
            hessian[i][i] = -prior * q * (1.0 - q)
            for j in range(k):
                if i != j and count[i][j]:
                    p = _sigmoid(r[i] - r[j])
                    gradient[i] += points[i][j] - count[i][j] * p
                    w = count[i][j] * p * (1.0 - p)
                    hessian[i][i] -= w
                    hessian[i][j] += w
        step = _solve(hessian, [-g for g in gradient])
        # the log-likelihood is concave; clipping only tames the first steps from far away
        step = [max(-2.0, min(2.0, s)) for s in step]
        r = [ri + si for ri, si in zip(r, step)]
        if max(abs(s) for s in step) < 1e-10:
            break
    elo = [ri * ELO_PER_NAT for ri in r]
    shift = elo[anchor] if anchor is not None else sum(elo) / k
    return [e - shift for e in elo]


@dataclass
class Rating:
    bot: str
    elo: float
    low: float
    high: float
    games: int  # pairwise results the bot took part in


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(math.floor(position))
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def fit_ratings(games: Sequence[dict[str, Any]], bots: Sequence[str], anchor: int | None = 0,
                bootstrap: int = 200, seed: int = 0, prior: float = 1.0) -> list[Rating]:
    """Elo ratings of `bots` (bot `anchor` at 0) with 95% percentile-bootstrap intervals, resampling deals."""
    k = len(bots)
    pairs = pairwise_outcomes(games)
    points, count = score_matrix(games, k)
    elo = fit_elo(points, count, anchor, prior)
    played = [int(sum(row)) for row in count]
    if bootstrap <= 0 or not pairs:
        return [Rating(bots[i], elo[i], math.nan, math.nan, played[i]) for i in range(k)]
    by_deal: dict[int, list[tuple[int, int, int, float]]] = {}
    for pair in pairs:
        by_deal.setdefault(pair[0], []).append(pair)
    deals = list(by_deal.values())
    rng = random.Random(seed)
    samples = []
    for _ in range(bootstrap):
        points, count = _zeros(k), _zeros(k)
        for _ in range(len(deals)):
            for _, a, b, score in deals[rng.randrange(len(deals))]:
                points[a][b] += score
                points[b][a] += 1.0 - score
                count[a][b] += 1
                count[b][a] += 1
        samples.append(fit_elo(points, count, anchor, prior))
    return [Rating(bots[i], elo[i], _percentile([s[i] for s in samples], 0.025),
                   _percentile([s[i] for s in samples], 0.975), played[i]) for i in range(k)]


# ----------------------------------------------------------------------------------------------- SPRT

class SPRT:
    """Wald's sequential probability ratio test of H0 "A is elo0 stronger than B" against H1 "elo1".

    Each observation is A's score against B (1, 0.5 or 0). A score x adds x*log(s1/s0) +
    (1-x)*log((1-s1)/(1-s0)) to the log-likelihood ratio, s being the expected score at each Elo
    difference (a draw counts as half a win and half a loss). The test accepts H1 ("A is stronger")
    once the ratio reaches log((1-beta)/alpha) and H0 once it falls to log(beta/(1-alpha)); alpha and
    beta are the error rates of the two kinds."""

    def __init__(self, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05, beta: float = 0.05):
        if not elo1 > elo0:
            raise ValueError(f"elo1 ({elo1}) must be greater than elo0 ({elo0})")
        if not (0 < alpha < 0.5 and 0 < beta < 0.5):
            raise ValueError("alpha and beta must be between 0 and 0.5")
        self.elo0, self.elo1, self.alpha, self.beta = elo0, elo1, alpha, beta
        s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
        self._win, self._loss = math.log(s1 / s0), math.log((1 - s1) / (1 - s0))
        self.lower, self.upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
        self.llr, self.n, self.points = 0.0, 0, 0.0
        self.decision: str | None = None  # "H1" (A is stronger) or "H0"

    def update(self, score: float) -> str | None:
        if self.decision is None:
            self.n += 1
            self.points += score
            self.llr += score * self._win + (1.0 - score) * self._loss
            if self.llr >= self.upper:
                self.decision = "H1"
            elif self.llr <= self.lower:
                self.decision = "H0"
        return self.decision

    def describe(self, a: str = "A", b: str = "B") -> str:
        verdict = {"H1": f"accepted H1: {a} is stronger than {b} by about {self.elo1:g} Elo or more",
                   "H0": f"accepted H0: {a} is not stronger than {b} by more than about {self.elo0:g} Elo",
                   None: "undecided"}[self.decision]
        return (f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}: {verdict} "
                f"after {self.n} pairwise results (score {self.points:g}/{self.n}, "
                f"LLR {self.llr:.2f} in [{self.lower:.2f}, {self.upper:.2f}])")

    def __repr__(self) -> str:
        return f"<SPRT {self.decision or 'undecided'} n={self.n} llr={self.llr:.2f}>"
