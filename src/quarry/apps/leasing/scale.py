"""`quarry leasing ingest --scale N`: a generated inventory of N units, for benchmarks only.

It goes into a database of its own (`quarry_leasing_bench_<N>` on the same server), so the
demo data is never touched. The units come from the same generator as the bundled data
(`generate.generate(N)`), rendered as the same messy CSVs and read back through the real import
layer, so a benchmark also measures the importer at that size.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from quarry.db import get_database
from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

from .authoring.generate import buildings_csv, generate, units_csv
from .ingest import IngestReport, load_inventory, migrate_app

PREFIX = "quarry_leasing_bench_"


def bench_name(n: int) -> str:
    return f"{PREFIX}{n}"


def bench_settings(n: int, settings: Settings | None = None) -> Settings:
    """Settings pointing at the benchmark database for N units (created when missing)."""
    base = settings or get_settings()
    return base.model_copy(update={"database_url": get_database(base).sibling_url(bench_name(n))})


@dataclass
class ScaleReport:
    units: int
    database: str
    generate_s: float
    ingest: IngestReport


def scale_ingest(n: int, *, settings: Settings | None = None, reporter: Reporter | None = None) -> ScaleReport:
    """Generate N units, write them as messy CSV text, import them into the benchmark database."""
    rep = reporter or SilentReporter()
    started = time.perf_counter()
    data = generate(n, tenancies=False)
    units, buildings = units_csv(data), buildings_csv(data)
    generated = round(time.perf_counter() - started, 2)
    s = bench_settings(n, settings)
    db = get_database(s)
    migrate_app(db)
    report = load_inventory(db, units, buildings, source="bundled", reporter=rep)
    return ScaleReport(units=report.units, database=bench_name(n), generate_s=generated, ingest=report)
