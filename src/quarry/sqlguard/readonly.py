"""Read-only execution of model-written SQL: the second wall behind the validator.

The validator (``validate_sql``) decides what may run; this module makes sure that even a
query the validator wrongly accepts cannot write, read what it should not, or stall the
server. Every statement here runs

1. as a dedicated low-privilege role (``quarry_reader`` for labs) that holds SELECT on an
   app's whitelisted tables only. When the server lets us log in as that role (local trust
   or peer auth, as with the embedded server) we open our own connection as it, so
   ``session_user`` is the reader and a smuggled ``SET ROLE`` has nothing to climb back to;
   otherwise we connect as the app and ``SET LOCAL ROLE`` to it inside the transaction;
2. in a ``READ ONLY`` transaction that is always rolled back;
3. under a per-call ``statement_timeout``;
4. through the extended query protocol, which the server accepts one statement at a time,
   so ``SELECT 1; DELETE ...`` is refused by PostgreSQL itself;
5. with at most ``max_rows`` rows fetched (rows are streamed, the rest is cancelled).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

import psycopg
from psycopg import errors as pg_errors
from psycopg import sql as pg_sql
from pydantic import BaseModel, Field

from quarry.db import ReaderMode, get_database
from quarry.errors import DatabaseUnavailable, QuarryError
from quarry.settings import Settings, get_settings

FailureKind = Literal["read_only", "permission", "timeout", "syntax", "error"]
"""Why a read-only statement failed."""

_ROLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_STREAM_CHUNK = 500


class ReadOnlyQueryError(QuarryError):
    """A statement failed inside the read-only sandbox; ``kind`` says which wall stopped it."""

    status_code = 400

    def __init__(self, message: str, *, kind: FailureKind) -> None:
        super().__init__(message)
        self.kind: FailureKind = kind


class ReadOnlyResult(BaseModel):
    """Rows of one read-only statement."""

    columns: list[str] = Field(description="Column names in select-list order.")
    rows: list[list[Any]] = Field(description="At most max_rows rows; numerics as float, dates as ISO text.")
    row_count: int = Field(description="Number of rows returned here (len(rows)).")
    truncated: bool = Field(description="True when the statement had more than max_rows rows.")
    ms: float = Field(description="Wall time of the statement in milliseconds.")
    mode: ReaderMode = Field(description="login: own connection as the role; set_role: SET LOCAL ROLE.")


def _jsonable(value: Any) -> Any:
    """Plain JSON-friendly values so every interface renders rows the same way."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def _check_role(role: str) -> str:
    if not _ROLE_NAME.match(role):
        raise ValueError(f"not a plain role name: {role!r}")
    return role


def reader_mode(role: str, *, settings: Settings | None = None) -> ReaderMode:
    """Which way ``role`` is assumed on the database in use (see the module docstring)."""
    return get_database(settings or get_settings()).reader_mode(_check_role(role))


def _classify(exc: psycopg.Error) -> FailureKind:
    if isinstance(exc, pg_errors.ReadOnlySqlTransaction):
        return "read_only"
    if isinstance(exc, pg_errors.InsufficientPrivilege):
        return "permission"
    if isinstance(exc, pg_errors.QueryCanceled):
        return "timeout"
    if isinstance(
        exc,
        pg_errors.SyntaxError
        | pg_errors.UndefinedTable
        | pg_errors.UndefinedColumn
        | pg_errors.UndefinedFunction
        | pg_errors.GroupingError
        | pg_errors.DatatypeMismatch
        | pg_errors.AmbiguousColumn
        | pg_errors.InvalidTextRepresentation,
    ):
        return "syntax"
    return "error"


def _message(exc: psycopg.Error, kind: FailureKind, timeout_ms: int) -> str:
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    if kind == "timeout":
        return f"Query exceeded the {timeout_ms} ms statement timeout and was cancelled."
    return first


@contextmanager
def _sandbox(role: str, timeout_ms: int, settings: Settings) -> Iterator[tuple[psycopg.Cursor[Any], ReaderMode]]:
    """A cursor inside a READ ONLY transaction as ``role``, rolled back on exit."""
    try:
        with get_database(settings).sandbox_connection(role) as (raw, mode):
            try:
                with raw.cursor() as cur:
                    # psycopg opens the transaction itself; this must be its first statement.
                    cur.execute("SET TRANSACTION READ ONLY")
                    cur.execute("SELECT set_config('statement_timeout', %s, true)", (str(int(timeout_ms)),))
                    if mode == "set_role":
                        cur.execute(pg_sql.SQL("SET LOCAL ROLE {}").format(pg_sql.Identifier(role)))
                    yield cur, mode
            except psycopg.Error as exc:
                kind = _classify(exc)
                raise ReadOnlyQueryError(_message(exc, kind, timeout_ms), kind=kind) from exc
    except DatabaseUnavailable as exc:
        raise ReadOnlyQueryError(exc.message, kind="error") from exc


def _describe(cur: psycopg.Cursor[Any], sql: str) -> list[str]:
    """Column names of a statement that returned no rows (a streamed empty result has no
    description): Parse + Describe of the unnamed statement, which executes nothing."""
    pgconn = cur.connection.pgconn
    prepared = pgconn.prepare(b"", sql.encode())
    if prepared.status != psycopg.pq.ExecStatus.COMMAND_OK:
        return []
    described = pgconn.describe_prepared(b"")
    return [(described.fname(i) or b"").decode() for i in range(described.nfields)]


def run_readonly(
    sql: str,
    *,
    role: str,
    timeout_ms: int,
    max_rows: int,
    settings: Settings | None = None,
) -> ReadOnlyResult:
    """Run one SELECT as ``role`` in a read-only transaction; at most ``max_rows`` rows come back.

    Raises ``ReadOnlyQueryError`` (``kind`` read_only / permission / timeout / syntax / error)
    when PostgreSQL refuses or cancels the statement. Nothing it does is ever committed.
    """
    if max_rows < 0:
        raise ValueError("max_rows must be non-negative")
    s = settings or get_settings()
    started = time.perf_counter()
    rows: list[list[Any]] = []
    truncated = False
    with _sandbox(_check_role(role), timeout_ms, s) as (cur, mode):
        # stream() always uses the extended protocol: one statement per call, server-enforced.
        stream = cur.stream(sql, size=_STREAM_CHUNK)
        try:
            for row in stream:
                if len(rows) >= max_rows:
                    truncated = True
                    break
                rows.append([_jsonable(v) for v in row])
            columns = [col.name for col in (cur.description or [])]
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()  # cancels the rest of a truncated result
        if not rows and not columns:
            columns = _describe(cur, sql)
    ms = round((time.perf_counter() - started) * 1000, 2)
    return ReadOnlyResult(columns=columns, rows=rows, row_count=len(rows), truncated=truncated, ms=ms, mode=mode)


def explain(sql: str, *, role: str, timeout_ms: int, settings: Settings | None = None) -> list[str]:
    """``EXPLAIN`` (plan only, nothing executed) of one statement as ``role``; the plan lines.

    This is the seed's EXPLAIN gate: it proves the query parses, names real tables and
    columns the role may read, and type-checks, without running it.
    """
    s = settings or get_settings()
    with _sandbox(_check_role(role), timeout_ms, s) as (cur, _mode):
        return [str(row[0]) for row in cur.stream("EXPLAIN " + sql, size=_STREAM_CHUNK)]
