"""Fuzzy-search benchmark for the labs app at scale (seed target: p95 <= 30 ms at 1M results).

    uv run python bench/bench_labs.py              # 1,000,000 lab_results (generated once)
    uv run python bench/bench_labs.py --scale 200000 --reload

The data goes into a separate database on the server in use, `quarry_labs_bench`, so the
demo data of the main database is left alone. The script times the privileged tool
(`search_parameter_names`: the distinct-name table with its folded trigram GIN index) and,
for comparison, the same fuzzy match run directly against lab_results through its folded
trigram GIN expression index, over terms users type (every reference name in several
scripts), and prints p50/p95/max per method.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests/ holds the labs test helpers

import argparse
import statistics
import time

from tests.labs_support import sibling_settings

from quarry.apps.labs.evaluate import script_variations
from quarry.apps.labs.ingest import ingest
from quarry.apps.labs.reference import load_analytes
from quarry.apps.labs.tools import search_parameter_names
from quarry.db import get_database
from quarry.evaluate import percentile
from quarry.progress import RichReporter
from quarry.settings import Settings

BENCH_DB = "quarry_labs_bench"
DIRECT_SQL = """
SELECT parameter_name, max(similarity(labs_fold(parameter_name), labs_fold(:term))) AS similarity_score
FROM lab_results
WHERE labs_fold(parameter_name) % labs_fold(:term)
GROUP BY parameter_name
ORDER BY similarity_score DESC, parameter_name
LIMIT :limit
"""


def terms() -> list[str]:
    out: list[str] = []
    for analyte in load_analytes():
        for name in analyte.all_names():
            out.extend(script_variations(name))
    out += ["витамин д", "холестерин", "vitamin d", "glucosa", "сахар", "hemoglobina", "ттг", "ферритин"]
    return list(dict.fromkeys(out))


def time_tool(settings: Settings, queries: list[str], limit: int) -> list[float]:
    times = []
    for term in queries:
        started = time.perf_counter()
        search_parameter_names(term, limit, settings)
        times.append((time.perf_counter() - started) * 1000)
    return times


def time_direct(settings: Settings, queries: list[str], limit: int) -> list[float]:
    times = []
    with get_database(settings).transaction(read_only=True) as tx:
        tx.execute(
            "SELECT set_config('pg_trgm.similarity_threshold', :t, true)",
            {"t": str(settings.agentic_similarity_threshold)},
        )
        for term in queries:
            started = time.perf_counter()
            tx.fetch_all(DIRECT_SQL, {"term": term, "limit": limit})
            times.append((time.perf_counter() - started) * 1000)
    return times


def summary(label: str, times: list[float]) -> str:
    return (
        f"{label:<34} n={len(times):>4}  p50 {percentile(times, 50):7.2f} ms  p95 {percentile(times, 95):7.2f} ms"
        f"  max {max(times):7.2f} ms  mean {statistics.fmean(times):7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=int, default=1_000_000, help="lab_results rows (default 1,000,000)")
    parser.add_argument("--reload", action="store_true", help="regenerate even if the row count already matches")
    parser.add_argument("--limit", type=int, default=20, help="fuzzy search limit (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes over all terms (default 3)")
    parser.add_argument("--skip-direct", action="store_true", help="skip the direct lab_results comparison")
    args = parser.parse_args()

    settings = sibling_settings(BENCH_DB)
    have = 0
    try:
        have = int(get_database(settings).scalar("SELECT count(*) FROM lab_results") or 0)
    except Exception:
        have = 0
    if args.reload or have != args.scale:
        rep = RichReporter()
        with rep.running():
            report = ingest(args.scale, settings=settings, reporter=rep)
        print(
            f"generated {report.results:,} lab_results ({report.parameter_names} distinct names, "
            f"{report.patients:,} patients) into database {BENCH_DB} in {report.seconds}s "
            f"({report.rows_per_second:,.0f} rows/s)"
        )
    else:
        print(f"reusing {have:,} lab_results in database {BENCH_DB}")
    queries = terms()
    time_tool(settings, queries[:50], args.limit)  # warm caches and the connection pool
    tool = [t for _ in range(args.rounds) for t in time_tool(settings, queries, args.limit)]
    print(summary("fuzzy_search_parameter_names", tool))
    if not args.skip_direct:
        time_direct(settings, queries[:20], args.limit)
        direct = time_direct(settings, queries, args.limit)
        print(summary("direct on lab_results (GIN expr)", direct))


if __name__ == "__main__":
    main()
