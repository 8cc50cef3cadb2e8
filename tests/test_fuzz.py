"""Fuzzing in the test suite (the hardening issue): mutated real positions of every game configuration must
be refused with InvalidPositionError or survive everything a user can do with them (a position accepted with a
field the fuzzer invented is a failure: its loader ignored a field); each batch runs in a
child process so a crash is reported with its case number instead of ending the run. The budget here fits
CI; `python benchmarks/fuzz.py --cases N` runs long campaigns with the same cases (seed, index)."""
import json
import os

import pytest

import cavemind
from cavemind.testing import ACCEPTED_UNKNOWN_FIELD, UNKNOWN_FIELD, fuzz_configurations, fuzz_positions, run_isolated

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


def test_an_accepted_unknown_field_is_a_failure(monkeypatch):
    """A loader that let an unknown field through (as every game's did before issue 35) fails the fuzzer: here a
    stand-in that drops the fields the fuzzer invents before loading."""
    real = cavemind.state_from_json

    def without_invented_fields(node):
        if isinstance(node, dict):
            return {k: without_invented_fields(v) for k, v in node.items() if k != UNKNOWN_FIELD}
        return [without_invented_fields(v) for v in node] if isinstance(node, list) else node

    monkeypatch.setattr(cavemind, "state_from_json",
                        lambda text, seed=0: real(without_invented_fields(json.loads(text)), seed=seed))
    report = fuzz_positions("kuhn_poker", {"players": 2}, 400, seed=20261201, search=False)
    found = [f for f in report.failures if f["error"].startswith(f"{ACCEPTED_UNKNOWN_FIELD} position.")]
    assert found and len(found) == len(report.failures), report.failures[:3]
    assert report.accepted == report.survived + len(found) and report.unknown_fields == len(found)
