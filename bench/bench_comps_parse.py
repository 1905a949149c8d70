"""Offline comps parser latency: ms per message over the parse fixture (budget: 5 ms).

No database: the street list comes from the bundled CSV, as the caller passes it.
    uv run python bench/bench_comps_parse.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import statistics
import time
from pathlib import Path

from quarry.apps.comps.ingest import BUNDLED_CSV
from quarry.apps.comps.parse import parse_target

ROOT = Path(__file__).resolve().parents[1]
CASES_FILE = ROOT / "tests" / "fixtures" / "comps_parse.jsonl"
BUDGET_MS = 5.0


def load_streets() -> tuple[str, ...]:
    with gzip.open(BUNDLED_CSV, "rt", newline="") as fh:
        return tuple(sorted({row["street_name"] for row in csv.DictReader(fh)}))


def load_texts() -> list[str]:
    with CASES_FILE.open(encoding="utf-8") as fh:
        return [json.loads(line)["text"] for line in fh if line.strip()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20, help="passes over the fixture after one warm-up pass")
    args = ap.parse_args()
    streets, texts = load_streets(), load_texts()
    for text in texts:  # warm the street index and regex caches
        parse_target(text, streets=streets)
    per_round = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        for text in texts:
            parse_target(text, streets=streets)
        per_round.append((time.perf_counter() - start) * 1000 / len(texts))
    median, worst = statistics.median(per_round), max(per_round)
    print(f"comps parse: {len(texts)} messages x {args.rounds} rounds")
    print(f"  ms per message: median {median:.3f}  worst round {worst:.3f}  (budget {BUDGET_MS:.1f})")
    print("  within budget" if median < BUDGET_MS else "  OVER BUDGET")


if __name__ == "__main__":
    main()
