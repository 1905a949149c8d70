"""`match_archives` latency at the real size (340 items) and at 100k (issue target: p95 <= 20 ms).

    uv run python bench/bench_archive.py              # 340 real + 100,000 synthetic (generated once)
    uv run python bench/bench_archive.py --scale 200000 --reload

340 items: the real archive in the main database, read only. Larger sizes: the synthetic
corpus of `quarry archive ingest --scale N` in its own database (`quarry_archive_bench`),
written here when its row count differs. Query vectors are the labelled search queries,
embedded once through the cache. Each configuration runs every query unfiltered, filtered
by media type (the four types in turn) and by place; it prints p50/p95 client-side wall
time, the mean rows returned and recall@10 against an exact scan (index scans off).

Filtered HNSW scans stop after `hnsw.ef_search` candidates, so a selective filter can return
fewer rows than asked; `hnsw.iterative_scan = relaxed_order` keeps scanning until enough
rows pass (or `hnsw.max_scan_tuples`). The columns show what each setting costs and buys;
"(tool)" marks the settings `search_archives_db` uses (`tools.HNSW_EF_SEARCH`, `HNSW_ITERATIVE_SCAN`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from quarry.apps.archive.corpus import MEDIA_TYPES, load_search_eval
from quarry.apps.archive.scale import BENCH_DB, bench_settings, scale_ingest, scaled_count
from quarry.apps.archive.tools import HNSW_EF_SEARCH, HNSW_ITERATIVE_SCAN, MATCH_THRESHOLD
from quarry.db import Database, get_database
from quarry.embed import embed_query, get_embedder, vector_literal
from quarry.evaluate import percentile
from quarry.progress import RichReporter
from quarry.settings import get_settings
from quarry.setup import prepare_app

MATCH = (
    "SELECT identifier FROM match_archives(CAST(:q AS vector), :threshold, :count,"
    " CAST(:media AS text), CAST(:place AS text), NULL, NULL)"
)
PLACE = "Kelantan"


@dataclass(frozen=True)
class Config:
    """Session settings of one benchmark column."""

    label: str
    ef_search: int
    iterative: str  # off | relaxed_order | strict_order


CONFIGS: tuple[Config, ...] = (
    Config("ef40", 40, "off"),
    Config("ef40 relaxed", 40, "relaxed_order"),
    Config("ef100 relaxed", 100, "relaxed_order"),
    Config(f"ef{HNSW_EF_SEARCH} relaxed (tool)", HNSW_EF_SEARCH, HNSW_ITERATIVE_SCAN),
)
FILTERS = ("none", "media", "place")


def _params(kind: str, n: int) -> dict[str, str | None]:
    if kind == "media":
        return {"media": MEDIA_TYPES[n % len(MEDIA_TYPES)], "place": None}
    if kind == "place":
        return {"media": None, "place": PLACE}
    return {"media": None, "place": None}


def run_queries(
    db: Database, vecs: Sequence[str], kind: str, cfg: Config | None, *, count: int, threshold: float
) -> tuple[list[float], list[list[str]]]:
    """Time every query in one transaction with `cfg`'s settings (None: exact, index scans off)."""
    import time

    times: list[float] = []
    found: list[list[str]] = []
    with db.transaction(read_only=True, timeout_ms=0) as tx:
        if cfg is None:
            tx.execute("SET LOCAL enable_indexscan = off")
        else:
            tx.execute(f"SET LOCAL hnsw.ef_search = {int(cfg.ef_search)}")
            tx.execute(f"SET LOCAL hnsw.iterative_scan = {cfg.iterative}")
        for n, q in enumerate(vecs[:5]):  # warm the cache of the index pages
            tx.fetch_all(MATCH, {"q": q, "threshold": threshold, "count": count, **_params(kind, n)})
        for n, q in enumerate(vecs):
            started = time.perf_counter()
            rows = tx.fetch_all(MATCH, {"q": q, "threshold": threshold, "count": count, **_params(kind, n)})
            times.append((time.perf_counter() - started) * 1000)
            found.append([r["identifier"] for r in rows])
    return times, found


def recall(got: list[list[str]], exact: list[list[str]]) -> float:
    pairs = [(set(g), set(e)) for g, e in zip(got, exact, strict=True) if e]
    return sum(len(g & e) / len(e) for g, e in pairs) / len(pairs) if pairs else 1.0


def bench(db: Database, items: int, vecs: list[str], *, count: int, threshold: float) -> list[str]:
    lines = []
    for kind in FILTERS:
        times, exact = run_queries(db, vecs, kind, None, count=count, threshold=threshold)
        lines.append(_row(items, kind, "exact (no index)", times, exact, exact))
        print(lines[-1], flush=True)
        for cfg in CONFIGS:
            times, got = run_queries(db, vecs, kind, cfg, count=count, threshold=threshold)
            lines.append(_row(items, kind, cfg.label, times, got, exact))
            print(lines[-1], flush=True)
    return lines


def _row(items: int, kind: str, label: str, times: list[float], got: list[list[str]], exact: list[list[str]]) -> str:
    rows = sum(len(g) for g in got) / len(got)
    return (
        f"| {items:>7,} | {kind:<5} | {label:<22} | {percentile(times, 50):6.2f} | "
        f"{percentile(times, 95):6.2f} | {rows:5.1f} | {recall(got, exact):5.3f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=int, default=100_000, help="synthetic corpus size (default 100,000)")
    parser.add_argument("--reload", action="store_true", help="rewrite the synthetic corpus even if its size matches")
    parser.add_argument("--count", type=int, default=10, help="match_count (default 10)")
    parser.add_argument("--threshold", type=float, default=MATCH_THRESHOLD, help="match_threshold")
    args = parser.parse_args()

    settings = get_settings()
    main_db = get_database(settings)
    bench_db = get_database(bench_settings(settings))
    if scaled_count(main_db) == 0:
        prepare_app("archive", settings=settings)  # the synthetic corpus is built from the real one
    if args.reload or scaled_count(bench_db) != args.scale:
        rep = RichReporter()
        with rep.running():
            sr = scale_ingest(main_db, bench_db, args.scale, reporter=rep)
        print(f"wrote {sr.items:,} items ({sr.synthetic:,} synthetic) into {BENCH_DB} in {sr.seconds}s")
    embedder = get_embedder(settings)
    vecs = [vector_literal(embed_query(main_db, embedder, c.query)) for c in load_search_eval()]
    print(f"{len(vecs)} queries · match_count {args.count} · threshold {args.threshold} · place filter {PLACE!r}")
    print("|   items | filter| setting                |  p50ms |  p95ms |  rows | recall |")
    print("|--------:|-------|------------------------|-------:|-------:|------:|-------:|")
    bench(main_db, scaled_count(main_db), vecs, count=args.count, threshold=args.threshold)
    bench(bench_db, args.scale, vecs, count=args.count, threshold=args.threshold)


if __name__ == "__main__":
    main()
