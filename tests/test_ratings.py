"""Statistics: intervals, per-bot figures, pairwise decomposition, the Elo fit and the SPRT."""
import math
import random
import statistics
import sys

import pytest

import cavemind
from cavemind import ratings
from cavemind.ratings import SPRT, PentanomialSPRT, bot_stats, fit_ratings, pairwise_outcomes, score_from_elo


def synthetic_games(true_elo, games_per_pair, seed=0, draw=0.0):
    """Two-player results drawn from the Elo model: deal d of each pair is played in both seat orders."""
    rng = random.Random(seed)
    games, deal = [], 0
    for a in range(len(true_elo)):
        for b in range(a + 1, len(true_elo)):
            p = score_from_elo(true_elo[a] - true_elo[b])
            for _ in range(games_per_pair // 2):
                for seats in ([a, b], [b, a]):
                    u = rng.random()  # a's result: draws keep the expected score at p
                    result = 1.0 if u < p - draw / 2 else 0.5 if u < p + draw / 2 else 0.0
                    first = result if seats[0] == a else 1.0 - result
                    games.append({"deal": deal, "seats": seats, "returns": [first, 1.0 - first],
                                  "scores": [first, 1.0 - first], "forfeit": None})
                deal += 1
    return games


def test_rating_fit_recovers_known_strengths():
    truth = [0.0, 120.0, 300.0, 550.0]
    games = synthetic_games(truth, 800, seed=3, draw=0.1)
    fitted = fit_ratings(games, ["a", "b", "c", "d"], anchor=0, bootstrap=60, seed=1)
    for rating, true in zip(fitted, truth):
        assert abs(rating.elo - true) < 45, (rating, true)
        assert rating.low - 15 <= true <= rating.high + 15
    assert fitted[0].elo == 0.0 and fitted[3].low < fitted[3].elo < fitted[3].high


def test_unbeaten_bot_gets_a_finite_rating():
    games = [{"deal": d, "seats": [0, 1], "returns": [1.0, 0.0], "scores": [1, 0], "forfeit": None}
             for d in range(30)]
    fitted = fit_ratings(games, ["strong", "weak"], bootstrap=10)
    assert math.isfinite(fitted[1].elo) and fitted[1].elo < -300


def test_pairwise_decomposition_of_a_three_player_game():
    game = {"deal": 4, "seats": [2, 0, 1], "returns": [0.5, 0.3, 0.2]}
    assert sorted(pairwise_outcomes([game])) == [(4, 0, 1, 1.0), (4, 0, 2, 0.0), (4, 1, 2, 0.0)]
    same_bot_twice = {"deal": 0, "seats": [0, 1, 1], "returns": [0.2, 0.4, 0.4]}
    assert pairwise_outcomes([same_bot_twice]) == [(0, 0, 1, 0.0), (0, 0, 1, 0.0)]


def test_bot_stats_counts_wins_draws_losses_margin_and_forfeits():
    games = [
        {"deal": 0, "seats": [0, 1], "returns": [1.0, 0.0], "scores": [10, 4], "forfeit": None},
        {"deal": 0, "seats": [1, 0], "returns": [0.5, 0.5], "scores": [7, 7], "forfeit": None},
        {"deal": 1, "seats": [0, 1], "returns": [0.0, 1.0], "scores": [3, 0], "forfeit": {"seat": 0}},
    ]
    a, b = bot_stats(games, ["a", "b"])
    assert (a.games, a.wins, a.draws, a.losses, a.forfeits) == (3, 1, 1, 1, 1)
    assert a.win_rate == pytest.approx(0.5) and b.win_rate == pytest.approx(0.5)
    assert a.mean_score == pytest.approx(20 / 3) and a.margin == pytest.approx((6 + 0 + 3) / 3)
    assert a.win_rate_ci[0] < 0.5 < a.win_rate_ci[1]


def test_wilson_interval():
    low, high = ratings.wilson_interval(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert ratings.wilson_interval(1.0, 20)[1] == 1.0 and ratings.wilson_interval(1.0, 20)[0] > 0.8


def test_sprt_decides_both_ways_and_stops_updating():
    strong = SPRT(0, 50)
    while strong.update(1.0) is None:
        pass
    assert strong.decision == "H1" and strong.n == 23  # log(19) / log(s(50) / 0.5) = 22.3
    n = strong.n
    strong.update(0.0)
    assert strong.n == n  # decided: later results are ignored
    rng = random.Random(2)
    even = SPRT(0, 50)
    for _ in range(20000):
        if even.update(1.0 if rng.random() < 0.5 else 0.0):
            break
    assert even.decision == "H0"
    with pytest.raises(ValueError):
        SPRT(10, 0)


# ----------------------------------------------------------------------------------------------- Student's t

T_TABLE = [(1, 0.975, 12.706205), (2, 0.975, 4.302653), (5, 0.975, 2.570582), (10, 0.995, 3.169273),
           (30, 0.95, 1.697261), (1, 0.75, 1.0), (3, 0.025, -3.182446)]  # printed t tables


@pytest.mark.parametrize("df, p, expected", T_TABLE)
def test_exact_t_quantile_matches_the_printed_table(df, p, expected):
    assert ratings.t_quantile_exact(p, df) == pytest.approx(expected, abs=1e-5)


def test_exact_t_quantile_agrees_with_scipy():
    stats = pytest.importorskip("scipy.stats")
    for df in (1, 2, 3, 4, 6, 9, 15, 29, 60, 200, 5000):
        for p in (0.5, 0.6, 0.9, 0.95, 0.975, 0.995, 0.9995, 0.05, 0.001):
            assert ratings.t_quantile_exact(p, df) == pytest.approx(stats.t.ppf(p, df), abs=1e-3, rel=1e-6)
            assert ratings.t_quantile(p, df) == pytest.approx(stats.t.ppf(p, df), abs=1e-12)


def test_without_scipy_the_t_quantile_is_the_exact_one(monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy.stats", None)  # import scipy.stats now raises ImportError
    assert ratings.t_quantile(0.975, 4) == ratings.t_quantile_exact(0.975, 4)


def test_mean_interval_is_students_t():
    values = [3.0, -1.0, 4.0, 1.0, 5.0]
    mean, low, high = ratings.mean_interval(values)
    sd = statistics.stdev(values)
    assert mean == pytest.approx(2.4)
    assert high - mean == pytest.approx(2.776445 * sd / math.sqrt(5), rel=1e-5)  # t(0.975, 4), not 1.96
    assert mean - low == pytest.approx(high - mean)
    stats = pytest.importorskip("scipy.stats")
    expected = stats.t.interval(0.95, 4, loc=mean, scale=sd / math.sqrt(5))
    assert (low, high) == pytest.approx(expected, abs=1e-9)
    assert ratings.mean_interval([2.0])[1:] == (-math.inf, math.inf)


# ----------------------------------------------------------------------------------------------- bootstrap collapse

def _pairs(outcomes):
    """2-player games of bots 0 and 1 in seat-rotated pairs; outcomes[d] = (return of bot 0 in game 1, in game 2)."""
    games = []
    for deal, pair in enumerate(outcomes):
        for rotation, result in enumerate(pair):
            seats = [0, 1] if rotation == 0 else [1, 0]
            returns = [result, 1.0 - result] if rotation == 0 else [1.0 - result, result]
            games.append({"deal": deal, "seats": seats, "returns": returns, "scores": returns})
    return games


def test_a_collapsed_bootstrap_reports_a_likelihood_interval():
    # 6 games, all won by bot 0: every resample is the same, the percentile interval would be [-505, -505]
    fitted = fit_ratings(_pairs([(1.0, 1.0)] * 3), ["ismcts", "random"], bootstrap=100)
    weak = fitted[1]
    assert weak.interval == "likelihood" and weak.distinct_resamples == 1
    assert weak.elo == pytest.approx(-505.1, abs=0.5)
    assert weak.low < weak.elo - 300 and weak.elo + 300 < weak.high < 0
    assert fitted[0].interval == "anchor"
    # the bound is where the profile log-likelihood has fallen by chi2(1, 0.95) / 2
    points, count = ratings.score_matrix(_pairs([(1.0, 1.0)] * 3), 2)
    best = ratings.log_likelihood(ratings._maximise(points, count, 1.0), points, count)
    for bound in (weak.low, weak.high):
        at = ratings.log_likelihood(ratings._maximise(points, count, 1.0, (1, 0, bound / ratings.ELO_PER_NAT)),
                                    points, count)
        assert best - at == pytest.approx(ratings.CHI2_1_95 / 2, abs=1e-6)


def test_even_pairs_collapse_too_and_get_a_symmetric_interval():
    fitted = fit_ratings(_pairs([(1.0, 0.0)] * 4), ["a", "b"], bootstrap=50)
    assert fitted[1].interval == "likelihood"
    assert fitted[1].elo == pytest.approx(0.0, abs=1e-6) and fitted[1].low == pytest.approx(-fitted[1].high)
    assert fitted[1].high > 100


def test_a_varied_match_keeps_the_bootstrap():
    rng = random.Random(3)
    fitted = fit_ratings(_pairs([(float(rng.random() < 0.6), float(rng.random() < 0.6)) for _ in range(40)]),
                         ["a", "b"], bootstrap=100)
    assert fitted[1].interval == "bootstrap" and fitted[1].distinct_resamples >= ratings.MIN_DISTINCT_RESAMPLES
    assert fitted[1].low < fitted[1].elo < fitted[1].high


def test_the_report_says_when_the_interval_is_a_likelihood_one():
    from cavemind import report

    fitted = fit_ratings(_pairs([(1.0, 1.0)] * 3), ["ismcts", "random"], bootstrap=20)
    stats = bot_stats(_pairs([(1.0, 1.0)] * 3), ["ismcts", "random"])
    table = report.stats_table(stats, fitted)
    assert "-505 [" in table and "]†" in table and "[-505, -505]" not in table
    assert "likelihood-ratio interval" in report.interval_notes(fitted)[0]


# ----------------------------------------------------------------------------------------------- pentanomial SPRT

def test_mle_with_mean_on_two_points_is_forced():
    # on a 2-point support the mean fixes the distribution: (1 - s, s) whatever was observed
    assert [q for _, q in ratings.mle_with_mean([(0.0, 0.9), (1.0, 0.1)], 0.3)] == pytest.approx([0.7, 0.3])


def test_mle_with_mean_has_the_mean_and_maximises_the_likelihood():
    pdf = [(0.0, 0.1), (0.25, 0.2), (0.5, 0.4), (0.75, 0.2), (1.0, 0.1)]
    fitted = ratings.mle_with_mean(pdf, 0.56)
    assert sum(q for _, q in fitted) == pytest.approx(1.0) and sum(a * q for a, q in fitted) == pytest.approx(0.56)
    optimize = pytest.importorskip("scipy.optimize")
    result = optimize.minimize(lambda q: -sum(p * math.log(x) for (_, p), x in zip(pdf, q)), [0.2] * 5,
                               method="SLSQP", bounds=[(1e-9, 1)] * 5, options={"ftol": 1e-14, "maxiter": 500},
                               constraints=[{"type": "eq", "fun": lambda q: sum(q) - 1},
                                            {"type": "eq", "fun": lambda q: sum(a * x for (a, _), x in zip(pdf, q)) - 0.56}])
    assert [q for _, q in fitted] == pytest.approx(list(result.x), abs=1e-5)


def test_trinomial_llr_without_draws_is_walds():
    # wins and losses only: the fitted trinomials put (almost) nothing on draws, and the generalized LLR is
    # Wald's binomial one, W log(s1/s0) + L log((1-s1)/(1-s0)), up to the 0.001 given to the empty bin
    s0, s1 = score_from_elo(0), score_from_elo(50)
    expected = 30 * math.log(s1 / s0) + 20 * math.log((1 - s1) / (1 - s0))
    assert ratings.pentanomial_llr([20, 0, 30], 0, 50) == pytest.approx(expected, abs=0.01)


def test_pentanomial_llr_by_hand_and_by_the_normal_approximation():
    counts = [30, 120, 260, 150, 40]
    # the 5 bins hold pair scores 0, 0.5, 1, 1.5, 2, i.e. per-game scores 0, 0.25, ... 1
    n = sum(counts)
    mean = sum(c * i / 4 for i, c in enumerate(counts)) / n
    var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(counts)) / n
    s0, s1 = score_from_elo(0), score_from_elo(10)
    approximation = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)  # Van den Bergh's LLR_alt2
    llr = ratings.pentanomial_llr(counts, 0, 10)
    assert llr == pytest.approx(approximation, rel=0.02)
    # and exactly: sum over bins of count * log(q1 / q0), q the fitted pentanomials at s1 and s0
    pdf = [(i / 4, c / n) for i, c in enumerate(counts)]
    q0, q1 = ratings.mle_with_mean(pdf, s0), ratings.mle_with_mean(pdf, s1)
    assert llr == pytest.approx(sum(c * math.log(b / a) for c, (_, a), (_, b) in zip(counts, q0, q1)))
    assert ratings.pentanomial_llr([10, 5, 2, 5, 10], -20, 20) == pytest.approx(0.0, abs=1e-9)  # symmetry


def test_pentanomial_sprt_decides_and_describes():
    strong = PentanomialSPRT(0, 100)
    while strong.update(2.0) is None:
        pass
    assert strong.decision == "H1" and strong.llr >= strong.upper == pytest.approx(math.log(19))
    assert strong.counts == [0, 0, 0, 0, strong.n]
    assert "accepted H1" in strong.describe() and "LLR" in strong.describe()
    rng = random.Random(5)
    even = PentanomialSPRT(0, 50)
    for _ in range(20000):
        if even.update_deal([float(rng.random() < 0.5), float(rng.random() < 0.5)]):
            break
    assert even.decision == "H0" and even.llr <= even.lower
    with pytest.raises(cavemind.InvalidOptionError, match="pair score"):
        even.update(2.5)
    with pytest.raises(cavemind.InvalidOptionError, match="pairs of games"):
        PentanomialSPRT().update_deal([1.0, 0.0, 1.0])
    with pytest.raises(cavemind.InvalidOptionError, match="elo1"):
        PentanomialSPRT(10, 0)


def test_budget_plot_accepts_a_rate_a_hair_outside_its_interval(tmp_path):
    pytest.importorskip("matplotlib")
    from cavemind.report import plot_budget
    # a 100% win rate whose Wilson upper end rounds to just below 100 (the strength ladder hit this)
    out = tmp_path / "budget.png"
    plot_budget({"ISMCTS vs expert": [(250, 100.0, 72.2, 99.99999999999999), (1000, 50.0, 20.0, 80.0)]},
                str(out), title="budget", ylabel="win rate %")
    assert out.stat().st_size > 0
