"""`quarry comps ingest`: the data set's CSV (plain or .gz) → `hdb_resale` with derived columns.

Rows are parsed with the csv module, derived in Python (`derive.RowDeriver`: each distinct
value parsed once) and COPYed straight into the table, so a row with the wrong shape or a
bad value is counted and reported instead of failing the load.
The whole replace runs in one transaction: a failed ingest leaves the previous data intact.
"""

from __future__ import annotations

import csv
import gzip
import io
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pydantic import BaseModel, Field

from quarry.db import Tx, get_database, migrate
from quarry.errors import BadInput
from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

from .derive import RowDeriver, TermCounts
from .spec import MIGRATIONS

COLUMNS = (
    "month", "town", "flat_type", "block", "street_name", "storey_range",
    "floor_area_sqm", "flat_model", "lease_commence_date", "remaining_lease", "resale_price",
)  # fmt: skip
# Older releases of the data set have no remaining_lease column; it is derived from the lease start.
OPTIONAL_COLUMNS = frozenset({"remaining_lease"})
BUNDLED_CSV = Path(__file__).resolve().parents[4] / "data" / "hdb" / "resale-flat-prices-2023.csv.gz"

TARGET_COLUMNS = (
    "month", "town", "flat_type", "block", "street_name", "storey_range", "floor_area_sqm", "flat_model",
    "lease_commence_date", "remaining_lease", "resale_price", "month_date", "storey_min", "storey_max",
    "storey_mid", "remaining_lease_months", "listing_text", "listing_terms",
)  # fmt: skip


class IngestReport(BaseModel):
    """What an ingest did, printed by the CLI and returned by the API."""

    source: str
    rows_read: int
    rows_bad_shape: int
    rows_bad_value: int
    rows_outside_window: int
    rows_loaded: int
    newest_month: str | None
    oldest_month: str | None
    load_seconds: float = Field(description="Whole load: read, derive, indexes, statistics.")
    load_derive_seconds: float = Field(description="Read + COPY + derive only (the ingest throughput).")
    rows_per_second: float = Field(description="Rows read per second of load + derive.")
    embedded_texts: int = 0
    embed_seconds: float = 0.0
    bad_examples: list[str] = []


def _open(path: Path) -> IO[str]:
    if not path.exists():
        raise BadInput(f"CSV file not found: {path}")
    with path.open("rb") as fh:
        magic = fh.read(2)
    if magic == b"\x1f\x8b":
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8-sig", newline="")
    return path.open(encoding="utf-8-sig", newline="")


def _rows(reader: Iterator[list[str]], header: list[str], bad: list[str]) -> Iterator[tuple[int, list[str] | None]]:
    """Map by header name (column order may differ between releases); wrong-shape rows are skipped."""
    index = {name.strip().lower(): i for i, name in enumerate(header)}
    missing = [c for c in COLUMNS if c not in index and c not in OPTIONAL_COLUMNS]
    if missing:
        raise BadInput(f"CSV header lacks column(s) {', '.join(missing)}; found {', '.join(header)}")
    picks = [index.get(c) for c in COLUMNS]
    width = len(header)
    as_is = picks == list(range(len(COLUMNS))) and width == len(COLUMNS)  # the data set's own layout
    for line_no, row in enumerate(reader, start=2):
        if len(row) != width:
            if len(bad) < 5:
                bad.append(f"line {line_no}: expected {width} fields, got {len(row)}")
            yield line_no, None
            continue
        yield line_no, row if as_is else [row[i] if i is not None else "" for i in picks]


def load_csv(
    path: Path | None = None,
    *,
    settings: Settings | None = None,
    reporter: Reporter | None = None,
) -> IngestReport:
    """Replace `hdb_resale` with the CSV's rows from the last N years (N from settings)."""
    s = settings or get_settings()
    db = get_database(s)
    rep = reporter or SilentReporter()
    src = path or BUNDLED_CSV
    migrate(db, [MIGRATIONS])
    started = time.perf_counter()
    bad: list[str] = []
    with _open(src) as fh, db.transaction(timeout_ms=0) as conn:
        reader = csv.reader(fh)
        try:
            header = next(reader)
        except StopIteration as exc:
            raise BadInput(f"CSV file is empty: {src}") from exc
        except (csv.Error, UnicodeDecodeError) as exc:
            raise BadInput(f"Not a readable CSV file: {src}: {exc}") from exc
        conn.execute("TRUNCATE hdb_resale RESTART IDENTITY")
        indexes = _drop_secondary_indexes(conn)
        rep.phase("read + derive + COPY", total=None)
        try:
            counts = _copy_rows(conn, reader, header, bad, rep)
        except (csv.Error, UnicodeDecodeError) as exc:
            raise BadInput(f"Not a readable CSV file: {src}: {exc}") from exc
        if counts.read == 0:
            raise BadInput(f"CSV file has a header but no rows: {src}")
        if counts.terms.newest is None:
            raise BadInput(f"No row of {src} could be parsed; first problems: {bad[:3]}")
        keep_from = _months_before(counts.terms.newest, s.comps_years_kept * 12 - 1)
        outside = conn.execute("DELETE FROM hdb_resale WHERE month_date < CAST(:k AS date)", {"k": keep_from})
        derived_at = time.perf_counter()
        rep.phase("indexes + term statistics", total=len(indexes) + 1)
        for ddl in indexes:  # building after the bulk load is several times faster than maintaining
            conn.execute(ddl)
            rep.advance()
        _term_stats(conn, counts.terms, keep_from)
        rep.advance()
        oldest = conn.scalar("SELECT to_char(min(month_date), 'YYYY-MM') FROM hdb_resale")
    elapsed = time.perf_counter() - started
    load_derive = derived_at - started
    with db.connect(autocommit=True) as conn:
        # VACUUM sets the visibility map so comp-set counts run as index-only scans.
        conn.execute("VACUUM (ANALYZE) hdb_resale")
    return IngestReport(
        source=str(src),
        rows_read=counts.read,
        rows_bad_shape=counts.bad_shape,
        rows_bad_value=counts.bad_value,
        rows_outside_window=outside,
        rows_loaded=counts.copied - outside,
        newest_month=counts.terms.newest,
        oldest_month=oldest,
        load_seconds=round(elapsed, 2),
        load_derive_seconds=round(load_derive, 2),
        rows_per_second=round(counts.read / load_derive if load_derive else 0.0),
        bad_examples=bad,
    )


BATCH_ROWS = 20000
"""Rows per COPY write (and per progress step)."""


@dataclass
class _Counts:
    """What the file held."""

    read: int = 0
    bad_shape: int = 0
    bad_value: int = 0
    copied: int = 0
    deriver: RowDeriver = field(default_factory=RowDeriver)

    @property
    def terms(self) -> TermCounts:
        return self.deriver.terms


def _copy_rows(conn: Tx, reader: Iterator[list[str]], header: list[str], bad: list[str], rep: Reporter) -> _Counts:
    """Parse, derive and COPY every row; rows that do not parse are counted and the first explained.

    One process: each distinct value is derived once (`RowDeriver`), and `copy_in` sends from a
    thread, so PostgreSQL parses one batch while this process reads and derives the next.
    Worker processes (the previous design) now cost more in pickling than they save. Rows are
    COPYed frozen (the table was truncated in this transaction): VACUUM has little left to do.
    """
    c = _Counts()
    batch: list[str] = []
    with conn.copy_in("hdb_resale", TARGET_COLUMNS, freeze=True) as copy:
        for line_no, fields in _rows(reader, header, bad):
            c.read += 1
            if fields is None:
                c.bad_shape += 1
                continue
            try:
                batch.append(c.deriver.line(fields))
            except (ValueError, IndexError) as exc:
                c.bad_value += 1
                if len(bad) < 5:
                    bad.append(f"line {line_no}: {exc}")
                continue
            if len(batch) >= BATCH_ROWS:
                copy.write("".join(batch))
                c.copied += len(batch)
                rep.advance(len(batch))
                batch = []
        copy.write("".join(batch))
        c.copied += len(batch)
        rep.advance(len(batch))
    return c


def _drop_secondary_indexes(conn: Tx) -> list[str]:
    """Drop hdb_resale's indexes except the primary key; returns their DDL to rebuild them."""
    rows = conn.fetch_all(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
        " AND tablename = 'hdb_resale' AND indexname <> 'hdb_resale_pkey'"
    )
    for r in rows:
        conn.execute(f'DROP INDEX "{r["indexname"]}"')
    return [r["indexdef"] for r in rows]


def _months_before(month: str, n: int) -> str:
    y, m = int(month[:4]), int(month[5:7])
    total = y * 12 + (m - 1) - n
    return f"{total // 12:04d}-{total % 12 + 1:02d}-01"


def _term_stats(conn: Tx, terms: TermCounts, keep_from: str) -> None:
    """BM25 document frequencies, documents and average length of the rows kept, counted during the load."""
    df, docs, avgdl = terms.statistics(keep_from)
    conn.execute("TRUNCATE hdb_term_stats")
    conn.execute("INSERT INTO hdb_term_stats (term, df) VALUES (:t, :d)", [{"t": t, "d": n} for t, n in df.items()])
    conn.execute("TRUNCATE hdb_corpus_stats")
    conn.execute(
        "INSERT INTO hdb_corpus_stats (key, value) VALUES ('docs', :n), ('avgdl', :a)", {"n": docs, "a": avgdl}
    )
