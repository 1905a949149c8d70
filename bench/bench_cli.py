"""CLI latency: what a user waits for per command, with the embedded server kept running.

Starts a detached embedded server on its own state folder (`quarry db start`), prepares the
bundled data once, then times each command end to end (process start to exit) and prints
the median and worst of N runs next to the target from issue 10.
    uv run python bench/bench_cli.py [--runs 5] [--keep]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / ".quarry" / "bench-cli"
QUARRY = [sys.executable, "-m", "quarry.cli"]

COMMANDS: list[tuple[str, list[str], float]] = [
    ("quarry --help", ["--help"], 0.7),
    ("quarry labs validate", ["labs", "validate", "DELETE FROM patients", "--json"], 0.7),
    ("quarry labs fuzzy", ["labs", "fuzzy", "ферритин", "--json"], 1.0),
    ("quarry comps ask", ["comps", "ask", "4-room in Bedok around 95 sqm", "--json"], 1.5),
    ("quarry labs ask", ["labs", "ask", "ferritin results last year", "--json"], 1.5),
]


def _run(args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    proc = subprocess.run([*QUARRY, *args], env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - started
    if proc.returncode not in (0, 1):  # validate exits 1 when it rejects, as it should here
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {proc.stderr[-500:]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="Leave the embedded server running.")
    args = parser.parse_args()
    env = {**os.environ, "STATE_DIR": str(STATE), "LLM_PROVIDER": "offline"}
    env.pop("DATABASE_URL", None)
    subprocess.run([*QUARRY, "db", "start"], env=env, check=True, capture_output=True)
    try:
        print("preparing bundled data (once)…", flush=True)
        subprocess.run([*QUARRY, "demo", "--setup-only"], env=env, check=True, capture_output=True)
        print(f"{'command':24} {'median s':>9} {'worst s':>8} {'target s':>9}  ok   (load {os.getloadavg()[0]:.2f})")
        for label, argv, target in COMMANDS:
            _run(argv, env)  # warm the page cache and bytecode
            times = [_run(argv, env) for _ in range(args.runs)]
            median = statistics.median(times)
            ok = "yes" if median <= target else "NO"
            print(f"{label:24} {median:9.2f} {max(times):8.2f} {target:9.2f}  {ok}")
    finally:
        if not args.keep:
            subprocess.run([*QUARRY, "db", "stop"], env=env, check=False, capture_output=True)


if __name__ == "__main__":
    main()
