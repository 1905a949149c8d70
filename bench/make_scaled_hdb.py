"""Resample the real 2023 HDB data to N rows spread over five years (deterministic).

Each copied row moves back k years (k = 0..4): its month shifts by k years and its
remaining lease grows by k years, as the same flat sold earlier would have had. Prices get
a ±3 % jitter so percentiles are not just repeated values.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "data" / "hdb" / "resale-flat-prices-2023.csv.gz"


def lease_plus(text: str, years: int) -> str:
    parts = text.split()
    y = int(parts[0]) + years
    rest = " ".join(parts[2:]) if len(parts) > 2 else ""
    return f"{y} years {rest}".strip()


def make(rows: int, out: Path, seed: int = 7) -> Path:
    rng = random.Random(seed)
    with gzip.open(SOURCE, "rt", encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        data = list(reader)
    idx = {n: i for i, n in enumerate(header)}
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8", newline="", compresslevel=1) as fh:
        w = csv.writer(fh)
        w.writerow(header)
        for _ in range(rows):
            row = list(rng.choice(data))
            k = rng.randrange(5)
            row[idx["month"]] = f"{int(row[idx['month']][:4]) - k}{row[idx['month']][4:]}"
            row[idx["remaining_lease"]] = lease_plus(row[idx["remaining_lease"]], k)
            row[idx["resale_price"]] = str(round(int(float(row[idx["resale_price"]])) * rng.uniform(0.97, 1.03)))
            w.writerow(row)
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "data" / "hdb-1m.csv.gz")
    a = ap.parse_args()
    print(make(a.rows, a.out))
