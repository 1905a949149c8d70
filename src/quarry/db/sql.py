"""The one path for SQL: bound parameters, statement timeout (set on the engine), tracing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from opentelemetry import trace
from sqlalchemy import Connection, Engine, TextClause, text

from quarry.db.engine import get_engine, get_read_engine

Params = Mapping[str, Any]
_tracer = trace.get_tracer("quarry.db")


def _clause(sql: str | TextClause) -> TextClause:
    return text(sql) if isinstance(sql, str) else sql


def fetch_all(
    sql: str | TextClause, params: Params | None = None, *, engine: Engine | None = None
) -> list[dict[str, Any]]:
    """Run a read query and return rows as dicts."""
    with _tracer.start_as_current_span("sql.fetch_all") as span:
        span.set_attribute("db.statement", str(sql)[:2000])
        with (engine or get_read_engine()).connect() as conn:
            result = conn.execute(_clause(sql), dict(params or {}))
            return [dict(r) for r in result.mappings()]


def fetch_one(
    sql: str | TextClause, params: Params | None = None, *, engine: Engine | None = None
) -> dict[str, Any] | None:
    """Run a read query and return the first row (or None)."""
    rows = fetch_all(sql, params, engine=engine)
    return rows[0] if rows else None


def scalar(sql: str | TextClause, params: Params | None = None, *, engine: Engine | None = None) -> Any:
    """Run a read query and return the first column of the first row."""
    with _tracer.start_as_current_span("sql.scalar") as span:
        span.set_attribute("db.statement", str(sql)[:2000])
        with (engine or get_read_engine()).connect() as conn:
            return conn.execute(_clause(sql), dict(params or {})).scalar()


def execute(
    sql: str | TextClause, params: Params | Sequence[Params] | None = None, *, engine: Engine | None = None
) -> int:
    """Run a write statement in its own transaction; returns the affected row count."""
    with _tracer.start_as_current_span("sql.execute") as span:
        span.set_attribute("db.statement", str(sql)[:2000])
        with (engine or get_engine()).begin() as conn:
            if params is None or isinstance(params, Mapping):
                result = conn.execute(_clause(sql), dict(params or {}))
            else:
                result = conn.execute(_clause(sql), [dict(p) for p in params])
            return int(result.rowcount or 0)


def run_in_transaction(conn: Connection, sql: str, params: Params | None = None) -> list[dict[str, Any]]:
    """Execute on an open connection (used by multi-statement jobs like ingest)."""
    result = conn.execute(text(sql), dict(params or {}))
    return [dict(r) for r in result.mappings()] if result.returns_rows else []
