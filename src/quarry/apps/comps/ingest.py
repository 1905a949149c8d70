"""`quarry comps ingest`: the data set's CSV (plain or .gz) → `hdb_resale` with derived columns.

Rows are parsed with the csv module and COPYed as text into a staging table, so a row
with the wrong shape or a bad value is counted and reported instead of failing the load.
The whole replace runs in one transaction: a failed ingest leaves the previous data intact.
"""

from __future__ import annotations

import csv
import gzip
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from pydantic import BaseModel, Field
from sqlalchemy import Connection, text

from quarry.db import get_engine, migrate
from quarry.errors import BadInput
from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

COLUMNS = (
    "month", "town", "flat_type", "block", "street_name", "storey_range",
    "floor_area_sqm", "flat_model", "lease_commence_date", "remaining_lease", "resale_price",
)  # fmt: skip
# Older releases of the data set have no remaining_lease column; it is derived from the lease start.
OPTIONAL_COLUMNS = frozenset({"remaining_lease"})
BUNDLED_CSV = Path(__file__).resolve().parents[4] / "data" / "hdb" / "resale-flat-prices-2023.csv.gz"

_VALID = r"""
    month ~ '^\d{4}-\d{2}$'
    AND coalesce(trim(town), '') <> '' AND coalesce(trim(flat_type), '') <> ''
    AND coalesce(trim(street_name), '') <> '' AND coalesce(trim(block), '') <> ''
    AND storey_range ~ '^\s*\d+ TO \d+\s*$'
    AND floor_area_sqm ~ '^\s*\d+(\.\d+)?\s*$'
    AND resale_price ~ '^\s*\d+(\.\d+)?\s*$'
    AND lease_commence_date ~ '^\s*\d{4}\s*$'
    AND (coalesce(remaining_lease, '') = '' OR remaining_lease ~ '^\s*\d+(\s*years?)?(\s*\d+\s*months?)?\s*$')
"""

_DERIVE = rf"""
INSERT INTO hdb_resale (
    month, town, flat_type, block, street_name, storey_range, floor_area_sqm, flat_model,
    lease_commence_date, remaining_lease, resale_price, month_date, storey_min, storey_max,
    storey_mid, remaining_lease_months, listing_text, listing_terms)
SELECT month, town, flat_type, block, street_name, storey_range, floor_area_sqm, flat_model,
       lease_commence_date, remaining_lease, resale_price, month_date, storey_min, storey_max,
       (storey_min + storey_max) / 2.0, remaining_lease_months, listing_text,
       array_remove(regexp_split_to_array(lower(listing_text), '[^a-z0-9]+'), '')
FROM (
    SELECT *,
           concat_ws(' ', town, flat_type, block, street_name, flat_model, 'storey', storey_range,
                     floor_area_sqm::text || 'sqm', 'lease', remaining_lease) AS listing_text
    FROM (
        SELECT month,
               upper(trim(town)) AS town,
               upper(trim(flat_type)) AS flat_type,
               upper(trim(block)) AS block,
               upper(trim(street_name)) AS street_name,
               trim(storey_range) AS storey_range,
               trim(floor_area_sqm)::numeric AS floor_area_sqm,
               trim(flat_model) AS flat_model,
               trim(lease_commence_date)::int AS lease_commence_date,
               lease_months,
               coalesce(nullif(trim(remaining_lease), ''),
                        format('%s years %s months', lease_months / 12, lpad((lease_months % 12)::text, 2, '0')))
                   AS remaining_lease,
               round(trim(resale_price)::numeric)::int AS resale_price,
               to_date(month || '-01', 'YYYY-MM-DD') AS month_date,
               split_part(trim(storey_range), ' TO ', 1)::int AS storey_min,
               split_part(trim(storey_range), ' TO ', 2)::int AS storey_max,
               lease_months AS remaining_lease_months
        FROM (
            SELECT s.*,
                   CASE
                     WHEN coalesce(trim(remaining_lease), '') = '' THEN
                       (trim(lease_commence_date)::int + 99) * 12
                       - (left(month, 4)::int * 12 + right(month, 2)::int - 1)
                     ELSE
                       coalesce((substring(remaining_lease from '(\d+)\s*year'))::int,
                                (substring(remaining_lease from '^\s*(\d+)\s*$'))::int, 0) * 12
                       + coalesce((substring(remaining_lease from '(\d+)\s*month'))::int, 0)
                   END AS lease_months
            FROM hdb_resale_staging s
            WHERE {_VALID}
        ) parsed
    ) typed
) derived
WHERE month_date >= :keep_from
"""


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


def _rows(reader: Iterator[list[str]], header: list[str], bad: list[str]) -> Iterator[tuple[object, ...]]:
    """Map by header name (column order may differ between releases); wrong-shape rows are skipped."""
    index = {name.strip().lower(): i for i, name in enumerate(header)}
    missing = [c for c in COLUMNS if c not in index and c not in OPTIONAL_COLUMNS]
    if missing:
        raise BadInput(f"CSV header lacks column(s) {', '.join(missing)}; found {', '.join(header)}")
    picks = [index.get(c) for c in COLUMNS]
    width = len(header)
    for line_no, row in enumerate(reader, start=2):
        if len(row) != width:
            if len(bad) < 5:
                bad.append(f"line {line_no}: expected {width} fields, got {len(row)}")
            yield (line_no, None)
            continue
        yield (line_no, *[row[i] if i is not None else "" for i in picks])


def load_csv(
    path: Path | None = None,
    *,
    settings: Settings | None = None,
    reporter: Reporter | None = None,
) -> IngestReport:
    """Replace `hdb_resale` with the CSV's rows from the last N years (N from settings)."""
    s = settings or get_settings()
    rep = reporter or SilentReporter()
    src = path or BUNDLED_CSV
    migrate()
    started = time.perf_counter()
    bad: list[str] = []
    with _open(src) as fh, get_engine().begin() as conn:
        conn.execute(text("SET LOCAL statement_timeout = 0"))
        reader = csv.reader(fh)
        try:
            header = next(reader)
        except StopIteration as exc:
            raise BadInput(f"CSV file is empty: {src}") from exc
        except (csv.Error, UnicodeDecodeError) as exc:
            raise BadInput(f"Not a readable CSV file: {src}: {exc}") from exc
        rep.phase("read + COPY rows", total=None)
        read, bad_shape = _copy_staging(conn, reader, header, bad, rep)
        if read == 0:
            raise BadInput(f"CSV file has a header but no rows: {src}")
        rep.phase("derive columns", total=None)
        valid, newest = _window(conn)
        if newest is None:
            raise BadInput(f"No row of {src} could be parsed; first problems: {bad[:3]}")
        keep_from = _months_before(newest, s.comps_years_kept * 12 - 1)
        bad.extend(_bad_value_examples(conn, 5 - len(bad)))
        conn.execute(text("TRUNCATE hdb_resale RESTART IDENTITY"))
        indexes = _drop_secondary_indexes(conn)
        loaded = conn.execute(text(_DERIVE), {"keep_from": keep_from}).rowcount or 0
        rep.advance(loaded)
        derived_at = time.perf_counter()
        rep.phase("indexes + term statistics", total=len(indexes) + 1)
        for ddl in indexes:  # building after the bulk insert is several times faster than maintaining
            conn.execute(text(ddl))
            rep.advance()
        _term_stats(conn)
        rep.advance()
        conn.execute(text("TRUNCATE hdb_resale_staging"))
        oldest = conn.execute(text("SELECT to_char(min(month_date), 'YYYY-MM') FROM hdb_resale")).scalar()
    elapsed = time.perf_counter() - started
    load_derive = derived_at - started
    with get_engine().connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("ANALYZE hdb_resale"))
    return IngestReport(
        source=str(src),
        rows_read=read,
        rows_bad_shape=bad_shape,
        rows_bad_value=read - bad_shape - valid,
        rows_outside_window=valid - loaded,
        rows_loaded=loaded,
        newest_month=newest,
        oldest_month=oldest,
        load_seconds=round(elapsed, 2),
        load_derive_seconds=round(load_derive, 2),
        rows_per_second=round(read / load_derive if load_derive else 0.0),
        bad_examples=bad,
    )


def _copy_staging(
    conn: Connection, reader: Iterator[list[str]], header: list[str], bad: list[str], rep: Reporter
) -> tuple[int, int]:
    conn.execute(text("TRUNCATE hdb_resale_staging"))
    raw = conn.connection.driver_connection
    assert raw is not None
    read = bad_shape = 0
    with raw.cursor() as cur, cur.copy(
        "COPY hdb_resale_staging (line, " + ", ".join(COLUMNS) + ") FROM STDIN"
    ) as copy:
        for row in _rows(reader, header, bad):
            read += 1
            if row[1:] == (None,):
                bad_shape += 1
            else:
                copy.write_row(row)
            if read % 20000 == 0:
                rep.advance(20000)
    rep.advance(read % 20000)
    return read, bad_shape


def _drop_secondary_indexes(conn: Connection) -> list[str]:
    """Drop hdb_resale's indexes except the primary key; returns their DDL to rebuild them."""
    rows = conn.execute(
        text(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
            " AND tablename = 'hdb_resale' AND indexname <> 'hdb_resale_pkey'"
        )
    ).all()
    for name, _ in rows:
        conn.execute(text(f'DROP INDEX "{name}"'))
    return [ddl for _, ddl in rows]


def _window(conn: Connection) -> tuple[int, str | None]:
    row = conn.execute(
        text(f"SELECT count(*), max(month) FROM hdb_resale_staging WHERE {_VALID}")
    ).one()
    return int(row[0]), row[1]


def _bad_value_examples(conn: Connection, limit: int) -> list[str]:
    if limit <= 0:
        return []
    rows = conn.execute(
        text(f"SELECT line, month, storey_range, floor_area_sqm, resale_price FROM hdb_resale_staging"
             f" WHERE NOT coalesce(({_VALID}), false) ORDER BY line LIMIT :n"),
        {"n": limit},
    ).all()
    return [f"line {r[0]}: unparseable values {list(r[1:])}" for r in rows]


def _months_before(month: str, n: int) -> str:
    y, m = int(month[:4]), int(month[5:7])
    total = y * 12 + (m - 1) - n
    return f"{total // 12:04d}-{total % 12 + 1:02d}-01"


def _term_stats(conn: Connection) -> None:
    """Document frequencies and average length for BM25, computed once per ingest."""
    conn.execute(text("TRUNCATE hdb_term_stats"))
    conn.execute(
        text(
            "INSERT INTO hdb_term_stats (term, df)"
            " SELECT term, count(DISTINCT id) FROM hdb_resale, unnest(listing_terms) AS term GROUP BY term"
        )
    )
    conn.execute(text("TRUNCATE hdb_corpus_stats"))
    conn.execute(
        text(
            "INSERT INTO hdb_corpus_stats (key, value)"
            " SELECT 'docs', count(*) FROM hdb_resale"
            " UNION ALL SELECT 'avgdl', coalesce(avg(cardinality(listing_terms)), 0) FROM hdb_resale"
        )
    )
