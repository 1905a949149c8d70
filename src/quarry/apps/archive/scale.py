"""`quarry archive ingest --scale N`: a synthetic archive of N items, for benchmarks only.

It goes into a database of its own (`quarry_archive_bench` on the same server), so the real
archive is never touched. The first min(N, real) rows are the real items with their vectors;
the rest are variants of them: same text fields (titles marked as variants), a media type and
place drawn from the real ones, and a vector that is a real item's vector plus a share of
another's plus Gaussian noise, normalised. No embedding model runs, and the same `seed` gives
the same rows.

    report = scale_ingest(get_database(), get_database(bench_settings()), 100_000)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from quarry.db import Database, get_database, migrate
from quarry.errors import DataMissing
from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

from .corpus import MEDIA_TYPES
from .ingest import refresh_term_stats
from .spec import MIGRATIONS

BENCH_DB = "quarry_archive_bench"
"""The sibling database the synthetic corpus goes into."""
SEED = 20_260_801
MIX = 0.35
"""Share of a second real item's vector mixed into a variant (spreads variants between topics)."""
NOISE = 0.02
"""Standard deviation of the per-dimension Gaussian noise added before normalising."""
KEEP_MEDIA = 0.5
"""Chance that a variant keeps its base item's media type (else one drawn uniformly)."""
_BATCH = 1000

_COLUMNS = (
    "identifier",
    "title",
    "title_ms",
    "description",
    "summary",
    "tags",
    "media_type",
    "place",
    "period",
    "year_from",
    "year_to",
    "collection",
    "rights",
    "topic",
    "embed_text",
    "terms",
    "synthetic",
)
_INSERT = (
    f"INSERT INTO archive_items ({', '.join(_COLUMNS)}, embedding)"
    f" VALUES ({', '.join(':' + c for c in _COLUMNS)}, CAST(:embedding AS vector))"
)
_SOURCE = (
    f"SELECT {', '.join(c for c in _COLUMNS if c != 'synthetic')}, embedding::text AS embedding"
    " FROM archive_items WHERE NOT synthetic AND embedding IS NOT NULL ORDER BY identifier"
)


@dataclass
class ScaleReport:
    """What one synthetic load did."""

    items: int = 0
    """Rows in the benchmark database now."""
    real: int = 0
    """Of which real items (copied with their vectors)."""
    synthetic: int = 0
    """Of which synthetic variants."""
    dim: int = 0
    """Vector dimension (that of the real archive's embedding model)."""
    seconds: float = 0.0


def bench_settings(settings: Settings | None = None, *, name: str = BENCH_DB) -> Settings:
    """Settings pointing at the benchmark database `name` (created when missing)."""
    base = settings or get_settings()
    return base.model_copy(update={"database_url": get_database(base).sibling_url(name)})


def _vectors(rows: list[dict[str, Any]]) -> np.ndarray:
    return np.asarray([[float(x) for x in r["embedding"].strip("[]").split(",")] for r in rows], dtype=np.float32)


def synthetic_rows(
    base: list[dict[str, Any]], vecs: np.ndarray, start: int, count: int, seed: int = SEED
) -> list[dict[str, Any]]:
    """Variants number `start` … `start + count - 1` of the real rows `base` (deterministic per number)."""
    places = sorted({str(r["place"]) for r in base})
    out: list[dict[str, Any]] = []
    for k in range(start, start + count):
        rng = np.random.default_rng([seed, k])
        b, o = k % len(base), int(rng.integers(len(base)))
        v = vecs[b] + MIX * vecs[o] + np.asarray(rng.normal(0.0, NOISE, size=vecs.shape[1]), dtype=np.float32)
        v /= np.linalg.norm(v)
        src = base[b]
        media = src["media_type"] if rng.random() < KEEP_MEDIA else MEDIA_TYPES[int(rng.integers(len(MEDIA_TYPES)))]
        place = src["place"] if rng.random() < 0.5 else places[int(rng.integers(len(places)))]
        out.append(
            {
                **src,
                "identifier": f"SYN-{k + 1:07d}",
                "title": f"{src['title']} (variant {k + 1})",
                "description": src["summary"],
                "media_type": media,
                "place": place,
                "embed_text": f"synthetic {k + 1}: {src['title']}",
                "synthetic": True,
                "embedding": v.tolist(),
            }
        )
    return out


def scale_ingest(
    source: Database, target: Database, n: int, *, seed: int = SEED, reporter: Reporter | None = None
) -> ScaleReport:
    """Replace the archive in `target` with `n` items: real ones from `source`, then synthetic variants."""
    if source.url == target.url:
        raise ValueError("the synthetic corpus must go into its own database, not the real archive's")
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    migrate(target, [MIGRATIONS])
    rows = source.fetch_all(_SOURCE) if source.scalar("SELECT to_regclass('archive_items') IS NOT NULL") else []
    meta = source.fetch_one("SELECT model, dim FROM archive_vector_meta WHERE id = 1") if rows else None
    if not rows or meta is None:
        raise DataMissing("No embedded archive items to copy: run `quarry archive ingest` first.")
    vecs = _vectors(rows)
    real = rows[: min(n, len(rows))]
    with target.transaction(timeout_ms=0) as tx:
        tx.execute("DROP INDEX IF EXISTS archive_items_hnsw")
        tx.execute("TRUNCATE archive_items")
        tx.execute(f"ALTER TABLE archive_items ALTER COLUMN embedding TYPE vector({int(meta['dim'])}) USING NULL")
        tx.execute(
            "INSERT INTO archive_vector_meta (id, model, dim) VALUES (1, :m, :d)"
            " ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dim = EXCLUDED.dim",
            dict(m=meta["model"], d=meta["dim"]),
        )
    rep.phase("synthetic archive items", total=n)
    with target.transaction(timeout_ms=0) as tx:
        tx.execute(_INSERT, [{**r, "synthetic": False, "embedding": vecs[i].tolist()} for i, r in enumerate(real)])
        rep.advance(len(real))
        for start in range(0, n - len(real), _BATCH):
            count = min(_BATCH, n - len(real) - start)
            tx.execute(_INSERT, synthetic_rows(rows, vecs, start, count, seed))
            rep.advance(count)
    rep.phase("HNSW index", total=None)
    with target.transaction(timeout_ms=0) as tx:
        tx.execute("SET LOCAL maintenance_work_mem = '512MB'")
        tx.execute("CREATE INDEX archive_items_hnsw ON archive_items USING hnsw (embedding vector_cosine_ops)")
    refresh_term_stats(target)
    target.execute("ANALYZE archive_items")
    return ScaleReport(
        items=n,
        real=len(real),
        synthetic=n - len(real),
        dim=int(meta["dim"]),
        seconds=round(time.perf_counter() - started, 2),
    )


def scaled_count(target: Database) -> int:
    """Rows in the benchmark database's archive (0 when it has none yet)."""
    if not target.scalar("SELECT to_regclass('archive_items') IS NOT NULL"):
        return 0
    return int(target.scalar("SELECT count(*) FROM archive_items"))
