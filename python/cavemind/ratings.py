"""Statistics of arena results: win rate, mean score and margin with 95% intervals, Elo ratings fitted by
maximum likelihood (Bradley-Terry) with bootstrap intervals, and sequential probability ratio tests (Wald's on
single results, and the paired pentanomial test of chess engine testing on seat-rotated pairs of games).

Small matches are the rule here, so the intervals are the small-sample ones: Student's t for means, and a
likelihood-ratio interval where the bootstrap has too few distinct resamples to say anything (every deal
ending alike makes every resample the same, and a percentile interval of zero width).

Multi-player games are decomposed into the pairwise results they imply: in a game of n seats, every pair
of seats held by different bots is one "game" between them, won by the seat with the higher return (equal
returns: half each). The pairs of one game are not independent, so the bootstrap resamples whole deals.

Input is the list of game records written by cavemind.arena (dicts with "deal", "seats", "returns",
"scores", "forfeit"); bots are the arena's distinct bot labels, which "seats" indexes.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cavemind.errors import InvalidOptionError

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


# ----------------------------------------------------------------------------------------------- Student's t
# scipy.stats.t when scipy is installed; otherwise the exact quantile from the regularized incomplete beta
# function (a continued fraction) inverted by bisection, so that the zero-dependency install gives the same
# intervals (tests check the two agree).

def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function, by the modified Lentz method."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return h


def regularized_beta(x: float, a: float, b: float) -> float:
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):  # where the fraction converges fast; else use the symmetry
        return front * _beta_continued_fraction(a, b, x) / a
    return 1.0 - front * _beta_continued_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with df degrees of freedom."""
    tail = 0.5 * regularized_beta(df / (df + t * t), df / 2.0, 0.5)
    return 1.0 - tail if t > 0 else tail


def t_quantile_exact(p: float, df: float) -> float:
    """The p-quantile of Student's t, by bisection on t_cdf (no dependencies)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"p={p!r} must be between 0 and 1")
    if p < 0.5:
        return -t_quantile_exact(1.0 - p, df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, 2.0 * high
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        low, high = (middle, high) if t_cdf(middle, df) < p else (low, middle)
    return 0.5 * (low + high)


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t: scipy's when installed, else t_quantile_exact."""
    try:
        from scipy.stats import t as student_t
    except ImportError:
        return t_quantile_exact(p, df)
    return float(student_t.ppf(p, df))


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean and its Student's t interval (exact for normal data at every sample size; the normal
    interval is too narrow for the small matches an arena often plays). Infinite with one value."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def elo_from_score(score: float) -> float:
    """The Elo difference that gives an expected score `score` (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))  # math.pow: a float for the type checker, as ** is


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
    per_bot: list[dict[str, list[Any]]] = [{"returns": [], "scores": [], "margins": [], "outcomes": [],
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
    for label, row in zip(bots, per_bot, strict=True):
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
    m = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
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


def _gradient_hessian(r: list[float], points: Matrix, count: Matrix, prior: float) -> tuple[list[float], Matrix]:
    """Gradient and Hessian of the log-likelihood below, in natural-log strengths."""
    k = len(r)
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
    return gradient, hessian


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def log_likelihood(r: Sequence[float], points: Matrix, count: Matrix, prior: float = 1.0) -> float:
    """The Bradley-Terry log-likelihood of natural-log strengths r, the prior's virtual draws included."""
    total = sum(prior * 0.5 * (_log_sigmoid(x) + _log_sigmoid(-x)) for x in r)
    for i in range(len(r)):
        for j in range(len(r)):
            if i != j and count[i][j]:
                total += points[i][j] * _log_sigmoid(r[i] - r[j])
    return total


def _maximise(points: Matrix, count: Matrix, prior: float, tie: tuple[int, int, float] | None = None) -> list[float]:
    """The natural-log strengths of maximum likelihood, by Newton's method. With tie = (i, a, d), bot i's
    strength is held at bot a's plus d (the profile likelihood of that difference): i's row and column of
    the derivatives fold into a's, by the chain rule."""
    k = len(points)
    r = [0.0] * k
    free = [j for j in range(k) if tie is None or j != tie[0]]
    for _ in range(200):
        if tie is not None:
            r[tie[0]] = r[tie[1]] + tie[2]
        gradient, hessian = _gradient_hessian(r, points, count, prior)
        if tie is not None:
            i, a, _ = tie
            gradient[a] += gradient[i]
            for j in range(k):
                hessian[a][j] += hessian[i][j]
            for j in range(k):
                hessian[j][a] += hessian[j][i]
        step = _solve([[hessian[x][y] for y in free] for x in free], [-gradient[x] for x in free])
        # the log-likelihood is concave; clipping only tames the first steps from far away
        step = [max(-2.0, min(2.0, s)) for s in step]
        for x, s in zip(free, step, strict=True):
            r[x] += s
        if max(abs(s) for s in step) < 1e-10:
            break
    if tie is not None:
        r[tie[0]] = r[tie[1]] + tie[2]
    return r


def fit_elo(points: Matrix, count: Matrix, anchor: int | None = 0, prior: float = 1.0) -> list[float]:
    """Bradley-Terry maximum likelihood on the Elo scale, by Newton's method.

    points/count as from score_matrix. `prior` adds that many virtual draws of each bot against a phantom
    of rating 0 (as BayesElo does), so that a bot that won or lost every game still gets a finite rating
    and bots with no games in common stay defined; it pulls ratings slightly together. The result is
    shifted so that bot `anchor` is at 0 (or, with anchor None, so that the mean is 0)."""
    elo = [x * ELO_PER_NAT for x in _maximise(points, count, prior)]
    shift = elo[anchor] if anchor is not None else sum(elo) / len(elo)
    return [e - shift for e in elo]


CHI2_1_95 = 3.841458820694124  # the 95% quantile of chi-square with 1 degree of freedom
LIKELIHOOD_SEARCH_LIMIT = 4000.0  # Elo: beyond this a bound is reported as infinite


def likelihood_interval(points: Matrix, count: Matrix, bot: int, anchor: int = 0, prior: float = 1.0,
                        level_chi2: float = CHI2_1_95) -> tuple[float, float]:
    """The 95% likelihood-ratio interval of bot's Elo relative to anchor's: the differences whose profile
    log-likelihood is within chi2(1)/2 of the maximum. Unlike a bootstrap it does not need the results to
    vary: 3 wins out of 3 give a wide interval rather than a point. It treats the pairwise results as
    independent (the games of a deal are not quite)."""
    if bot == anchor:
        return 0.0, 0.0
    best_r = _maximise(points, count, prior)
    best_d = best_r[bot] - best_r[anchor]
    best = log_likelihood(best_r, points, count, prior)

    def excess(d: float) -> float:  # > 0 inside the interval
        r = _maximise(points, count, prior, (bot, anchor, d))
        return log_likelihood(r, points, count, prior) - best + level_chi2 / 2.0

    bounds = []
    for direction in (-1.0, 1.0):
        inside, step = best_d, 50.0 / ELO_PER_NAT
        outside = best_d + direction * step
        unbounded = False
        while excess(outside) > 0:
            inside, step = outside, 2.0 * step
            outside = best_d + direction * step
            if abs(outside - best_d) * ELO_PER_NAT > LIKELIHOOD_SEARCH_LIMIT:
                unbounded = True
                break
        if unbounded:
            bounds.append(direction * math.inf)
            continue
        for _ in range(60):
            middle = 0.5 * (inside + outside)
            inside, outside = (middle, outside) if excess(middle) > 0 else (inside, middle)
        bounds.append(0.5 * (inside + outside) * ELO_PER_NAT)
    return bounds[0], bounds[1]


MIN_DISTINCT_RESAMPLES = 10  # fewer distinct bootstrap ratings than this: the bootstrap has collapsed


@dataclass
class Rating:
    """A bot's Elo and its 95% interval. `interval` says how the interval was found: "bootstrap"
    (percentiles over resampled deals), "likelihood" (the bootstrap collapsed: fewer than
    MIN_DISTINCT_RESAMPLES distinct resampled ratings, as when every deal ends alike; the likelihood-ratio
    interval instead), "anchor" (the reference bot, 0 by definition) or "none" (no bootstrap asked for)."""

    bot: str
    elo: float
    low: float
    high: float
    games: int  # pairwise results the bot took part in
    interval: str = "bootstrap"
    distinct_resamples: int | None = None


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def fit_ratings(games: Sequence[dict[str, Any]], bots: Sequence[str], anchor: int | None = 0,
                bootstrap: int = 200, seed: int = 0, prior: float = 1.0) -> list[Rating]:
    """Elo ratings of `bots` (bot `anchor` at 0) with 95% percentile-bootstrap intervals, resampling deals;
    where the bootstrap collapses (see Rating), the likelihood-ratio interval instead."""
    k = len(bots)
    pairs = pairwise_outcomes(games)
    points, count = score_matrix(games, k)
    elo = fit_elo(points, count, anchor, prior)
    played = [int(sum(row)) for row in count]
    if bootstrap <= 0 or not pairs:
        return [Rating(bots[i], elo[i], math.nan, math.nan, played[i], "none") for i in range(k)]
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
    points, count = score_matrix(games, k)
    fitted = []
    for i in range(k):
        values = [s[i] for s in samples]
        distinct = len({round(v, 9) for v in values})
        if i == anchor:
            fitted.append(Rating(bots[i], elo[i], 0.0, 0.0, played[i], "anchor", distinct))
        elif distinct < MIN_DISTINCT_RESAMPLES:
            if anchor is None:  # relative to the mean there is no simple profile: say that nothing is known
                fitted.append(Rating(bots[i], elo[i], math.nan, math.nan, played[i], "collapsed", distinct))
                continue
            low, high = likelihood_interval(points, count, i, anchor, prior)
            fitted.append(Rating(bots[i], elo[i], low, high, played[i], "likelihood", distinct))
        else:
            fitted.append(Rating(bots[i], elo[i], _percentile(values, 0.025), _percentile(values, 0.975),
                                 played[i], "bootstrap", distinct))
    return fitted


# ----------------------------------------------------------------------------------------------- SPRT

def _check_sprt_settings(elo0: float, elo1: float, alpha: float, beta: float) -> None:
    for name, value in (("elo0", elo0), ("elo1", elo1), ("alpha", alpha), ("beta", beta)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InvalidOptionError(f"{name}={value!r}: must be a finite number")
    if not elo1 > elo0:
        raise InvalidOptionError(f"elo1 ({elo1}) must be greater than elo0 ({elo0})")
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise InvalidOptionError("alpha and beta must be between 0 and 0.5")


def _decision(llr: float, lower: float, upper: float) -> str | None:
    """A sequential test's verdict once its log-likelihood ratio leaves (lower, upper): "H1" (A is stronger)
    at or above the upper bound, "H0" at or below the lower one, None while in between."""
    if llr >= upper:
        return "H1"
    if llr <= lower:
        return "H0"
    return None


class SPRT:
    """Wald's sequential probability ratio test of H0 "A is elo0 stronger than B" against H1 "elo1".

    Each observation is A's score against B (1, 0.5 or 0). A score x adds x*log(s1/s0) +
    (1-x)*log((1-s1)/(1-s0)) to the log-likelihood ratio, s being the expected score at each Elo
    difference (a draw counts as half a win and half a loss). The test accepts H1 ("A is stronger")
    once the ratio reaches log((1-beta)/alpha) and H0 once it falls to log(beta/(1-alpha)); alpha and
    beta are the error rates of the two kinds."""

    def __init__(self, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05, beta: float = 0.05):
        _check_sprt_settings(elo0, elo1, alpha, beta)
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
            self.decision = _decision(self.llr, self.lower, self.upper)
        return self.decision

    def update_deal(self, scores: Sequence[float]) -> str | None:
        """A's pairwise scores of one deal, one by one (as if they were independent)."""
        for score in scores:
            self.update(score)
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


# ----------------------------------------------------------------------------------------------- paired SPRT
# The generalized SPRT of chess engine testing (Fishtest; Michel Van den Bergh's pentanomial model). With
# seat rotation a deal is a pair of games, and the two games of a pair are correlated (the same cards, each
# bot in each seat), so the pair is the independent observation: its score 0, 0.5, 1, 1.5 or 2 (LL, LD,
# LW or DD, DW, WW) falls in one of five bins. The log-likelihood ratio compares the multinomial of the five
# bins fitted by maximum likelihood under "expected score s1" with the one fitted under "s0" (s = the
# expected per-game score at elo1 and elo0). Empty bins count as 0.001 of a pair, as Fishtest does, so that
# the fits exist from the first pair on.

PENTANOMIAL_EMPTY_BIN = 1e-3


def _secular_root(pdf: Sequence[tuple[float, float]]) -> float:
    """The x with sum_i p_i a_i / (1 + x a_i) = 0, for support a_i on both sides of 0. The sum falls from
    +inf to -inf as x runs over (-1/max a, -1/min a), so bisection finds the root."""
    high_a, low_a = max(a for a, _ in pdf), min(a for a, _ in pdf)
    low, high = -1.0 / high_a, -1.0 / low_a
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if sum(p * a / (1.0 + middle * a) for a, p in pdf) > 0:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


def mle_with_mean(pdf: Sequence[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    """The distribution on the same support, closest in likelihood to the empirical `pdf` ((value,
    probability) pairs), whose mean is s: p_i / (1 + x (a_i - s)) with x from the secular equation."""
    x = _secular_root([(a - s, p) for a, p in pdf])
    return [(a, p / (1.0 + x * (a - s))) for a, p in pdf]


def pentanomial_llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of elo1 against elo0 (logistic Elo) for pentanomial counts
    [LL, LD, LW+DD, DW, WW] (or trinomial [L, D, W]: the same formula on three bins)."""
    if len(counts) not in (3, 5) or any(c < 0 for c in counts):
        raise InvalidOptionError(f"counts {list(counts)!r}: expected 3 or 5 non-negative numbers")
    regular = [c if c > 0 else PENTANOMIAL_EMPTY_BIN for c in counts]
    total = sum(regular)
    pdf = [(i / (len(regular) - 1), c / total) for i, c in enumerate(regular)]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    pdf0, pdf1 = mle_with_mean(pdf, s0), mle_with_mean(pdf, s1)
    return total * sum(p * (math.log(q1) - math.log(q0))
                       for (_, p), (_, q0), (_, q1) in zip(pdf, pdf0, pdf1, strict=True))


class PentanomialSPRT:
    """The paired (pentanomial) generalized SPRT of H0 "A is elo0 stronger than B" against H1 "elo1", on
    pairs of seat-rotated games: update(pair score of A in 0..2). Bounds as Wald's: accept H1 once the LLR
    reaches log((1-beta)/alpha), H0 once it falls to log(beta/(1-alpha))."""

    model = "pentanomial"

    def __init__(self, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05, beta: float = 0.05):
        _check_sprt_settings(elo0, elo1, alpha, beta)
        self.elo0, self.elo1, self.alpha, self.beta = elo0, elo1, alpha, beta
        self.lower, self.upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
        self.counts = [0, 0, 0, 0, 0]
        self.llr, self.n, self.points = 0.0, 0, 0.0
        self.decision: str | None = None

    def update(self, pair_score: float) -> str | None:
        """A's total score over one pair of games: 0, 0.5, 1, 1.5 or 2."""
        index = round(2 * pair_score)
        if isinstance(pair_score, bool) or not (0 <= index <= 4 and abs(2 * pair_score - index) < 1e-9):
            raise InvalidOptionError(f"pair score {pair_score!r}: must be 0, 0.5, 1, 1.5 or 2")
        if self.decision is None:
            self.counts[index] += 1
            self.n += 1
            self.points += pair_score
            self.llr = pentanomial_llr(self.counts, self.elo0, self.elo1)
            self.decision = _decision(self.llr, self.lower, self.upper)
        return self.decision

    def update_deal(self, scores: Sequence[float]) -> str | None:
        """A's scores in the 2 games of one deal."""
        if len(scores) != 2:
            raise InvalidOptionError(f"the pentanomial test takes pairs of games, got a deal of {len(scores)} "
                                     "results")
        return self.update(scores[0] + scores[1])

    def describe(self, a: str = "A", b: str = "B") -> str:
        verdict = {"H1": f"accepted H1: {a} is stronger than {b} by about {self.elo1:g} Elo or more",
                   "H0": f"accepted H0: {a} is not stronger than {b} by more than about {self.elo0:g} Elo",
                   None: "undecided"}[self.decision]
        counts = ", ".join(str(c) for c in self.counts)
        return (f"Paired (pentanomial) SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} "
                f"beta={self.beta:g}: {verdict} after {self.n} game pairs (score {self.points:g}/{2 * self.n}, "
                f"pairs scoring 0/0.5/1/1.5/2: {counts}; LLR {self.llr:.2f} in [{self.lower:.2f}, {self.upper:.2f}])")

    def __repr__(self) -> str:
        return f"<PentanomialSPRT {self.decision or 'undecided'} pairs={self.n} llr={self.llr:.2f}>"
