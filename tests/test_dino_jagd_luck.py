"""benchmarks/dino_jagd_luck.py, behind the measure of how much the hunt dice decide a Dino Jagd game
(docs/research/2026-12-06-dino-jagd-how-much-a-4x-budget-can-be-worth.md):
a hunt's roll counts for the hunter, at the creature's points times (capture or not, less the table's capture share);
the die that deals the creatures at a turn's start counts for nobody."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import load_benchmark


def test_hunt_luck_counts_each_hunt_roll_for_its_hunter_only():
    luck_script = load_benchmark("dino_jagd_luck")
    creatures = luck_script.CREATURES
    creature = next(c for c in creatures if c["hunt"].count("C") not in (0, 6))
    table = {c["name"]: c["hunt"] for c in creatures}
    points = {c["name"]: c["points"] for c in creatures}
    capture_face = creature["hunt"].index("C") + 1
    other_face = next(k + 1 for k, r in enumerate(creature["hunt"]) if r != "C")
    share = creature["hunt"].count("C") / 6
    name = creature["name"]
    moves = [[0, f"hunt {name} T1", 0.0], [-1, f"roll {capture_face}", 0.0], [1, "pass", 0.0],
             [0, "end turn", 0.0], [-1, f"roll {capture_face}", 0.0],            # the deal's die: nobody's hunt
             [1, f"hunt {name} T1", 0.0], [-1, f"roll {other_face}", 0.0]]
    luck = luck_script.hunt_luck(moves, table, points)
    assert luck[0] == pytest.approx(creature["points"] * (1 - share))
    assert luck[1] == pytest.approx(-creature["points"] * share)


def test_the_logistic_fit_reads_the_win_rate_at_even_luck():
    luck_script = load_benchmark("dino_jagd_luck")
    rng = np.random.default_rng(0)
    x = rng.normal(0, 10, 20000)
    y = (rng.random(20000) < 1 / (1 + np.exp(-(0.4 + 0.1 * x)))).astype(float)
    beta, covariance = luck_script.logistic_fit(x, y)
    assert beta == pytest.approx([0.4, 0.1], abs=0.06)
    assert covariance[0, 0] > 0
