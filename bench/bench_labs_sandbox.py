"""labs sandbox: how close to its 1 s statement timeout a CPU-heavy guard-approved query is cut
(target: within 10 %, plus ~0.15 s of fixed overhead for the connection checkout, the SET
statements and dropping the cut connection). The same statements as tests/test_labs_readonly.py.
Uses the labs test database (`quarry_labs_test`, loaded once) on the server in use.
    uv run python bench/bench_labs_sandbox.py [--runs 5]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests/ holds the labs test helpers

import argparse
import statistics
import time

from tests.labs_support import load_test_data
from tests.test_labs_readonly import CPU_HEAVY, ROLE

from quarry.sqlguard.readonly import ReadOnlyQueryError, run_readonly

TIMEOUT_S = 1.0
TARGET_S = TIMEOUT_S * 1.1 + 0.15


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    settings, _ = load_test_data()
    ids = ["count", "regexp", "similarity", "streamed rows"]
    worst = 0.0
    for name, sql in zip(ids, CPU_HEAVY, strict=True):
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            try:
                run_readonly(sql, role=ROLE, timeout_ms=int(TIMEOUT_S * 1000), max_rows=10**9, max_bytes=10**9,
                             settings=settings)  # fmt: skip
            except ReadOnlyQueryError as exc:
                if exc.kind != "timeout":
                    raise
            times.append(time.perf_counter() - started)
        worst = max(worst, max(times))
        print(f"{name:>14}: median {statistics.median(times):.2f} s, max {max(times):.2f} s")
    print(f"worst {worst:.2f} s against a target of {TARGET_S:.2f} s: {'ok' if worst <= TARGET_S else 'OVER'}")


if __name__ == "__main__":
    main()
