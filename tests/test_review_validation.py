"""Review's flags against exact values (issue 37), at review's defaults: a smaller run of
benchmarks/review_validation.py, whose full figures are in docs/records.md."""
import argparse

import pytest
from conftest import load_benchmark


@pytest.fixture(scope="module")
def validation():
    return load_benchmark("review_validation")


def arguments(**given):
    defaults = {"games": 40, "seed": 0, "iterations": None, "no_proofs": False, "weak": "ismcts:iterations=30",
                "strong": "ismcts", "game": None}
    return argparse.Namespace(**{**defaults, **given})


def test_tictactoe_flags_are_the_moves_that_lose_game_theoretic_value(validation):
    figures = validation.tictactoe(arguments())
    for kind in ("random", "weak_vs_strong"):
        row = figures[kind]
        assert row["value_losing"] > 0, kind
        assert row["precision"] >= 0.95 and row["recall"] >= 0.90, (kind, row)


def test_kuhn_flags_agree_with_the_exact_values_against_the_equilibrium(validation):
    figures = validation.kuhn(arguments())
    assert figures["moves"] == 24 and figures["agree"] == 24, [r for r in figures["rows"] if not r["agrees"]]
    # The clear errors are there: folding the king to a bet, calling a bet with the jack.
    flagged = {(r["card"], r["history"], r["move"]) for r in figures["rows"] if r["flag"]}
    assert {("K", "b", "fold"), ("K", "pb", "fold"), ("J", "b", "call"), ("J", "pb", "call")} <= flagged


def test_a_search_only_review_still_finds_a_missed_win(validation):
    """Without proofs the review measures by search: the blunders of random play are still found."""
    figures = validation.tictactoe(arguments(games=6, no_proofs=True))
    assert figures["random"]["flagged_and_losing"] > 0
