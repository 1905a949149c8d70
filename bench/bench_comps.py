"""Comps benchmark: p50/p95 of count, fetch, hybrid fetch and the whole offline pipeline at the
bundled 26k rows and a resampled 1M rows, plus ingest rows/s and (optionally) start-to-page time.

Runs on its own embedded database (.quarry/bench) so the demo data is untouched.
    uv run python bench/bench_comps.py [--rows 1000000] [--startup]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("STATE_DIR", str(ROOT / ".quarry" / "bench"))
sys.path.insert(0, str(ROOT / "bench"))

from make_scaled_hdb import make  # noqa: E402
from quarry.apps.comps import tools  # noqa: E402
from quarry.apps.comps.evaluate import load as load_cases  # noqa: E402
from quarry.apps.comps.ingest import BUNDLED_CSV, load_csv  # noqa: E402
from quarry.apps.comps.models import CompFilters  # noqa: E402
from quarry.apps.comps.orchestrator import run  # noqa: E402
from quarry.apps.comps.vectors import embed_listings  # noqa: E402
from quarry.db import get_database  # noqa: E402
from quarry.embed import LocalE5, embed_query  # noqa: E402
from quarry.evaluate import percentile  # noqa: E402

FILTERS = [
    CompFilters(
        town="SENGKANG",
        flat_type="4 ROOM",
        month_from="2023-01",
        month_to="2023-12",
        floor_area_min=90,
        floor_area_max=100,
    ),
    CompFilters(town="TAMPINES", flat_type="5 ROOM", month_from="2023-07", month_to="2023-12", price_max=700000),
    CompFilters(town="BEDOK", flat_type="3 ROOM", month_from="2023-01", month_to="2023-12", storey_min=13),
    CompFilters(town="ANG MO KIO", flat_type="3 ROOM", month_from="2022-01", month_to="2023-12"),
]


def timings(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    fn()  # warm caches and plans
    ms = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t) * 1000)
    return round(percentile(ms, 50), 1), round(percentile(ms, 95), 1)


def measure(label: str, repeat: int) -> dict[str, object]:
    db = get_database()
    vec = embed_query(db, LocalE5(), "Compassvale")
    prompts = [c.turns[0] for c in load_cases()]
    rows = tools.count_candidates(db, CompFilters())
    figs: dict[str, tuple[float, float]] = {
        "count": timings(lambda: [tools.count_candidates(db, f) for f in FILTERS], repeat),
        "fetch": timings(lambda: [tools.fetch_candidates(db, f, 500) for f in FILTERS], repeat),
        "hybrid_fetch": timings(
            lambda: [
                tools.hybrid_fetch_candidates(db, f, query_vec=vec, lexical_query="4 room near Compassvale", limit=500)
                for f in FILTERS
            ],
            repeat,
        ),
    }
    per_prompt: list[float] = []
    for _ in range(max(1, repeat // 5)):
        for p in prompts:
            t = time.perf_counter()
            asyncio.run(run(p))
            per_prompt.append((time.perf_counter() - t) * 1000)
    n = len(FILTERS)
    # count/fetch/hybrid are timed over all FILTERS at once; report per query
    for key in ("count", "fetch", "hybrid_fetch"):
        figs[key] = (round(figs[key][0] / n, 1), round(figs[key][1] / n, 1))
    figs["pipeline"] = (round(percentile(per_prompt, 50), 1), round(percentile(per_prompt, 95), 1))
    print(f"\n[{label}] {rows:,} rows   (p50 / p95 ms per query)")
    for key, (p50, p95) in figs.items():
        print(f"  {key:14} {p50:8.1f} / {p95:8.1f}")
    print(f"  ({len(per_prompt)} offline pipeline turns over the {len(prompts)} eval prompts)")
    return {"rows": rows, **figs}


def load(path: Path) -> dict[str, object]:
    """Ingest + embed (embeddings come from the cache after the first run); prints the ingest figures."""
    rep = load_csv(path)
    embed_listings(get_database(), LocalE5())
    print(
        f"\ningest {rep.rows_loaded:,}: {rep.rows_per_second:,.0f} rows/s load+derive "
        f"({rep.load_derive_seconds}s), {rep.load_seconds}s with indexes, term statistics and VACUUM"
    )
    return rep.model_dump()


def startup_seconds() -> float:
    """`quarry demo` on a fresh state dir of an installed checkout → the page answers."""
    env = {**os.environ, "STATE_DIR": str(ROOT / ".quarry" / "bench-startup"), "PORT": "7931"}
    subprocess.run(["rm", "-rf", env["STATE_DIR"]], check=True)
    t = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "quarry.cli", "demo"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while time.perf_counter() - t < 600:
            try:
                with urllib.request.urlopen("http://127.0.0.1:7931/", timeout=2) as r:
                    if r.status == 200:
                        return round(time.perf_counter() - t, 1)
            except OSError:
                time.sleep(1)
        return float("nan")
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--startup", action="store_true", help="also time `quarry demo` to a usable page")
    a = ap.parse_args()
    results: dict[str, object] = {"ingest_26k": load(BUNDLED_CSV)}
    results["26k"] = measure("bundled", a.repeat)
    if a.rows:
        big = ROOT / "bench" / "data" / f"hdb-{a.rows}.csv.gz"
        if not big.exists():
            make(a.rows, big)
        results["ingest_big"] = load(big)
        results["big"] = measure(f"{a.rows:,} resampled", a.repeat)
        load_csv(BUNDLED_CSV)  # leave the bench DB small again
    if a.startup:
        results["startup_s"] = startup_seconds()
        print(f"\nstart command → usable page: {results['startup_s']} s")
    out = ROOT / "bench" / "results" / "comps.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, default=str))
    print(f"\nwritten {out}")


if __name__ == "__main__":
    main()
