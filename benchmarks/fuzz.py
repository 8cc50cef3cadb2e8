"""Fuzzing campaign: mutated positions of every game configuration, each batch in a child process so that a
crash is a finding, not the end of the run. Prints per configuration the positions tried, rejected cleanly,
accepted and survived (legal moves, rendering, JSON round trips, determinize, searches of every algorithm and
a random playout to the end, all with the legal-state check), failures (of which "unknown": positions accepted
with a field the fuzzer invented, which the loader must refuse), and cases per second.

    python benchmarks/fuzz.py                       # 2,000 cases per configuration
    python benchmarks/fuzz.py --cases 20000 --seed 7 --out fuzz.json
    python benchmarks/fuzz.py --game prehistory --cases 500
The test suite runs the same fuzzer with a small budget (tests/test_fuzz.py); docs/reliability.md has the
figures of the last long run.
"""
from __future__ import annotations

import argparse
import json
import time

import cavemind
from cavemind.testing import fuzz_configurations, run_isolated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=cavemind.game_names(),
                        help="fuzz only this game (repeatable; default: every game)")
    parser.add_argument("--cases", type=int, default=2000, help="mutated positions per configuration")
    parser.add_argument("--seed", type=int, default=0, help="seed of the campaign (cases are reproducible)")
    parser.add_argument("--no-search", action="store_true", help="skip the short searches on accepted positions")
    parser.add_argument("--out", help="write the report as JSON to this file")
    args = parser.parse_args()
    rows, total = [], {"tried": 0, "rejected": 0, "accepted": 0, "survived": 0, "failures": 0, "unknown_fields": 0}
    print(f"{'configuration':48} {'tried':>7} {'rejected':>9} {'accepted':>9} {'survived':>9} {'failed':>7} "
          f"{'unknown':>7} {'cases/s':>8}")
    for name, params in fuzz_configurations(args.game):
        started = time.perf_counter()
        report = run_isolated(name, params, args.cases, seed=args.seed, search=not args.no_search)
        rate = report.tried / (time.perf_counter() - started)
        label = name + " " + ",".join(f"{k}={v}" for k, v in params.items())
        print(f"{label:48} {report.tried:7d} {report.rejected:9d} {report.accepted:9d} {report.survived:9d} "
              f"{len(report.failures):7d} {report.unknown_fields:7d} {rate:8.0f}", flush=True)
        for failure in report.failures[:5]:
            print(f"    case {failure['case']}: {failure['error'][:300]}")
        rows.append({**report.as_dict(), "cases_per_second": rate})
        for key in ("tried", "rejected", "accepted", "survived", "unknown_fields"):
            total[key] += getattr(report, key)
        total["failures"] += len(report.failures)
    print(f"{'total':48} {total['tried']:7d} {total['rejected']:9d} {total['accepted']:9d} {total['survived']:9d} "
          f"{total['failures']:7d} {total['unknown_fields']:7d}")
    if args.out:
        with open(args.out, "w") as handle:
            json.dump({"seed": args.seed, "cases": args.cases, "total": total, "configurations": rows}, handle,
                      indent=1)


if __name__ == "__main__":
    main()
