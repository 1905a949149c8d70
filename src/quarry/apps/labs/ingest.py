"""`quarry labs ingest`: analyte tables from the reference file + generated patients and results.

The whole replace runs in one transaction (a failed ingest leaves the previous data), with
COPY for the bulk tables. For large loads the trigram indexes of lab_results are dropped
and rebuilt after the COPY, which is several times faster than updating them row by row.
"""

from __future__ import annotations

import time
from datetime import date

from pydantic import BaseModel, Field

from quarry.db import Tx, get_database, migrate
from quarry.errors import BadInput
from quarry.progress import Reporter, SilentReporter
from quarry.settings import Settings, get_settings

from .authoring.generate import DEMO_RESULTS, Dataset, generate
from .clock import forget_data_today
from .fuzzy import forget_searches
from .patients import forget_roster
from .reference import LANGS, load_analytes
from .spec import MIGRATIONS

MAX_RESULTS = 20_000_000
REBUILD_INDEXES_ABOVE = 50_000
RESULT_COLUMNS = (
    "id", "report_id", "patient_id", "parameter_name", "value_numeric", "value_text", "unit",
    "reference_low", "reference_high", "collected_at",
)  # fmt: skip


class IngestReport(BaseModel):
    """What one ingest loaded."""

    patients: int = Field(description="Rows in patients.")
    reports: int = Field(description="Rows in lab_reports.")
    results: int = Field(description="Rows in lab_results.")
    parameter_names: int = Field(description="Distinct lab_results.parameter_name values.")
    analytes: int = Field(description="Rows in analytes (from the reference file).")
    aliases: int = Field(description="Rows in analyte_aliases.")
    seed: int = Field(description="Generator seed.")
    anchor: date = Field(description="Last day covered by the five years of data.")
    seconds: float = Field(description="Wall time of the load.")
    rows_per_second: float = Field(description="lab_results rows per second.")


def _load_analytes(conn: Tx) -> tuple[int, int]:
    conn.execute("TRUNCATE analyte_aliases, analytes RESTART IDENTITY CASCADE")
    aliases = 0
    for analyte in load_analytes():
        analyte_id = conn.scalar(
            "INSERT INTO analytes (code, name, unit) VALUES (:c, :n, :u) RETURNING id",
            {"c": analyte.code, "n": analyte.name, "u": analyte.unit},
        )
        rows = [{"a": analyte_id, "alias": n, "lang": lang} for lang in LANGS for n in analyte.names.get(lang, ())]
        rows.append({"a": analyte_id, "alias": analyte.name, "lang": "en"})
        rows.append({"a": analyte_id, "alias": analyte.code, "lang": "code"})
        conn.execute(
            "INSERT INTO analyte_aliases (analyte_id, alias, lang) VALUES (:a, :alias, :lang) ON CONFLICT DO NOTHING",
            rows,
        )
        aliases += len(rows)
    return len(load_analytes()), aliases


def _copy(conn: Tx, table: str, columns: tuple[str, ...], rows: object, rep: Reporter) -> int:
    count = 0
    with conn.copy_in(table, columns) as copy:
        for row in rows:  # type: ignore[attr-defined]
            copy.write_row(row)
            count += 1
            if count % 50_000 == 0:
                rep.advance(50_000)
    rep.advance(count % 50_000)
    return count


def _trigram_indexes(conn: Tx) -> list[tuple[str, str]]:
    rows = conn.fetch_all(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
        " AND tablename = 'lab_results' AND indexdef LIKE '%gin_trgm_ops%'"
    )
    return [(str(r["indexname"]), str(r["indexdef"])) for r in rows]


def _load(conn: Tx, data: Dataset, rep: Reporter) -> None:
    conn.execute("TRUNCATE lab_results, lab_reports, patients, lab_parameter_names RESTART IDENTITY")
    rep.phase("patients", total=len(data.patients))
    _copy(
        conn,
        "patients",
        ("id", "full_name", "birth_date", "sex"),
        ((p.id, p.full_name, p.birth_date, p.sex) for p in data.patients),
        rep,
    )
    rep.phase("lab reports", total=len(data.reports))
    _copy(
        conn,
        "lab_reports",
        ("id", "patient_id", "lab_name", "collected_at", "language"),
        ((r.id, r.patient_id, r.lab.name, r.collected_at, r.lab.language) for r in data.reports),
        rep,
    )
    rebuild = _trigram_indexes(conn) if data.n_results > REBUILD_INDEXES_ABOVE else []
    for name, _ in rebuild:
        conn.execute(f'DROP INDEX "{name}"')
    rep.phase("lab results", total=data.n_results)
    _copy(conn, "lab_results", RESULT_COLUMNS, data.results(), rep)
    if rebuild:
        rep.phase("trigram indexes", total=len(rebuild))
        conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
        for _, definition in rebuild:
            conn.execute(definition)
            rep.advance()
    # Explicit ids were loaded: move the identity sequences past them.
    for table in ("patients", "lab_reports", "lab_results"):
        conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), greatest((SELECT max(id) FROM {table}), 1))"
        )


def ingest(
    n_results: int = DEMO_RESULTS,
    *,
    seed: int = 42,
    anchor: date | None = None,
    settings: Settings | None = None,
    reporter: Reporter | None = None,
) -> IngestReport:
    """Replace the labs data with a generated dataset of `n_results` results."""
    if not 1 <= n_results <= MAX_RESULTS:
        raise BadInput(f"--scale must be between 1 and {MAX_RESULTS:,} lab results, got {n_results:,}")
    s = settings or get_settings()
    rep = reporter or SilentReporter()
    db = get_database(s)
    migrate(db, [MIGRATIONS])
    started = time.perf_counter()
    rep.phase("plan patients and reports", total=None)
    data = generate(n_results, seed=seed, anchor=anchor)
    with db.transaction(timeout_ms=0) as conn:
        n_analytes, n_aliases = _load_analytes(conn)
        _load(conn, data, rep)
    with db.connect(autocommit=True) as conn:
        conn.execute("ANALYZE patients, lab_reports, lab_results, lab_parameter_names, analytes, analyte_aliases")
    forget_searches()
    forget_roster()
    forget_data_today()
    elapsed = time.perf_counter() - started
    names = int(db.scalar("SELECT count(*) FROM lab_parameter_names", write=True) or 0)
    return IngestReport(
        patients=len(data.patients),
        reports=len(data.reports),
        results=data.n_results,
        parameter_names=names,
        analytes=n_analytes,
        aliases=n_aliases,
        seed=seed,
        anchor=data.anchor,
        seconds=round(elapsed, 2),
        rows_per_second=round(data.n_results / elapsed if elapsed else 0.0),
    )


def has_data(settings: Settings | None = None) -> bool:
    """True when lab_results holds at least one row (tables created if needed)."""
    db = get_database(settings or get_settings())
    migrate(db, [MIGRATIONS])
    return bool(db.scalar("SELECT EXISTS (SELECT 1 FROM lab_results)"))
