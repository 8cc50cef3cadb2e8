"""Fuzzing in the test suite (the hardening issue): mutated real positions of every game configuration must
be refused with InvalidPositionError or survive everything a user can do with them; each batch runs in a
child process so a crash is reported with its case number instead of ending the run. The budget here fits
CI; `python benchmarks/fuzz.py --cases N` runs long campaigns with the same cases (seed, index)."""
import os

import pytest

from cavemind.testing import fuzz_configurations, run_isolated

CASES = int(os.environ.get("CAVEMIND_FUZZ_CASES", "600"))
CONFIGS = fuzz_configurations()


@pytest.mark.parametrize("name,params", CONFIGS,
                         ids=[name + "-" + "-".join(f"{k}={v}" for k, v in p.items()) for name, p in CONFIGS])
def test_mutated_positions_are_refused_or_survive(name, params):
    report = run_isolated(name, params, CASES, seed=20261201)
    assert report.tried == CASES
    assert report.failures == [], "\n".join(f"case {f['case']}: {f['error'][:600]}" for f in report.failures[:5])
    assert report.rejected + report.survived == CASES
    assert report.survived > 0, "no mutation was accepted: the fuzzer tests only the rejections"
