"""Statistics: intervals, per-bot figures, pairwise decomposition, the Elo fit and the SPRT."""
import math
import random

import pytest

from cavemind import ratings
from cavemind.ratings import SPRT, bot_stats, fit_ratings, pairwise_outcomes, score_from_elo


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
