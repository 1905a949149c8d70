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
5. with at most ``max_rows`` rows and ``max_bytes`` bytes fetched (rows are streamed one by
   one, the rest is cancelled); a single row larger than ``max_bytes`` is refused by the
   server itself (``quarry_row_size_ok``), because libpq always buffers a whole row;
6. with ``work_mem`` and ``temp_file_limit`` bounded (role defaults, see the labs migration
   ``004_reader_limits.sql``, and per transaction), so one sort cannot fill the disk;
7. under a client-side deadline as well: PostgreSQL only notices ``statement_timeout`` at its
   next interrupt check, and some functions (``similarity`` over huge strings, a backend
   blocked sending rows) check rarely, so the connection is cut ``_hard_stop_s`` after the
   timeout and the call returns anyway.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any, Literal

import psycopg
from psycopg import errors as pg_errors
from psycopg import sql as pg_sql
from pydantic import BaseModel, Field

from quarry.auth.scope import signed_scope
from quarry.caller import current_principal
from quarry.db import ReaderMode, get_database
from quarry.db.backend_limits import cap_backend_memory, terminate_backend
from quarry.errors import DatabaseUnavailable, QuarryError
from quarry.settings import Settings, get_settings

FailureKind = Literal["read_only", "permission", "timeout", "syntax", "too_large", "error"]
"""Why a read-only statement failed (too_large: a resource limit such as the result cap or
temp_file_limit)."""

_ROLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_STREAM_CHUNK = 500
WORK_MEM = "16MB"
"""Memory per sort/hash node of a sandboxed statement before it spills to disk."""
TEMP_FILE_LIMIT = "256MB"
"""Disk one sandboxed statement may spill (also the reader role's default)."""
_ROW_OVERHEAD = 16


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
    if isinstance(exc, pg_errors.ConfigurationLimitExceeded | pg_errors.ProgramLimitExceeded | pg_errors.OutOfMemory):
        return "too_large"
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
        return _message_timeout(timeout_ms)
    return first


@contextmanager
def _sandbox(role: str, timeout_ms: int, settings: Settings) -> Iterator[tuple[psycopg.Cursor[Any], ReaderMode]]:
    """A cursor inside a READ ONLY transaction as ``role``, rolled back on exit."""
    try:
        with get_database(settings).sandbox_connection(role) as (raw, mode):
            if mode == "login":
                # Only the reader's own backend: a SET ROLE connection is the app's and pooled.
                cap_backend_memory(raw, role, settings.reader_max_backend_mb * 1024 * 1024)
            try:
                with raw.cursor() as cur:
                    # psycopg opens the transaction itself; this must be its first statement.
                    cur.execute("SET TRANSACTION READ ONLY")
                    # Whose rows the restricted role may read (row-level security), signed so that
                    # nothing the model wrote can widen it; read before the role changes.
                    scope = signed_scope(get_database(settings), current_principal())
                    cur.execute(
                        "SELECT set_config('statement_timeout', %s, true), set_config('work_mem', %s, true),"
                        " set_config('quarry.scope', %s, true)",
                        (str(int(timeout_ms)), WORK_MEM, scope),
                    )
                    if mode == "set_role":
                        # Role defaults do not apply to SET ROLE; temp_file_limit needs a superuser.
                        cur.execute(
                            "SELECT set_config('temp_file_limit', %s, true) FROM pg_roles"
                            " WHERE rolname = current_user AND rolsuper",
                            (TEMP_FILE_LIMIT,),
                        )
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


def _hard_stop_s(timeout_ms: int) -> float:
    """Seconds after which the client gives up on a statement: the timeout plus 5 % (at
    least 50 ms), so the server's own ``statement_timeout`` normally wins and the cut is the
    backstop that keeps the call within 10 % of the timeout."""
    timeout_s = timeout_ms / 1000
    return timeout_s + max(0.05, 0.05 * timeout_s)


class _Deadline:
    """Cuts the connection (socket shutdown) if the statement outlives ``seconds``, and ends
    its backend.

    A cancel request would not help where the timeout did not: the backend acts on both at
    its next interrupt check. Shutting the socket down makes the blocked client call fail at
    once; the broken connection is then discarded by the pool (``sandbox_connection``). The
    backend is then terminated from the app's connection, so it stops at its next interrupt
    check instead of finishing a result nobody will read; how long it can go without one is
    bounded by the memory cap and the guard's size bounds (``quarry.sqlguard.bounds``).
    """

    def __init__(self, conn: psycopg.Connection[Any], seconds: float, settings: Settings) -> None:
        self._conn = conn
        self._settings = settings
        self._backend_pid = conn.info.backend_pid
        self.at = time.monotonic() + seconds
        self.cut = False
        self._lock = threading.Lock()
        self._done = False
        self._timer = threading.Timer(seconds, self._cut)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._done = True
        self._timer.cancel()

    def passed(self) -> bool:
        return time.monotonic() >= self.at

    def cut_now(self) -> None:
        """Cut the connection now (the caller noticed the deadline before the timer did)."""
        self._cut()

    def _cut(self) -> None:
        with self._lock:
            if self._done:
                return  # the connection may already be someone else's
            self.cut = True
            try:
                sock = socket.socket(fileno=os.dup(self._conn.pgconn.socket))
            except (OSError, psycopg.Error):
                return
            with sock, contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        terminate_backend(get_database(self._settings), self._backend_pid)


def _row_bytes(row: list[Any]) -> int:
    """Approximate size of a fetched row as the caller will hold it."""
    return _ROW_OVERHEAD + sum(len(v) if isinstance(v, str | bytes) else 8 for v in row)


@lru_cache(maxsize=512)
def _is_plain_query(sql: str) -> bool:
    """True when ``sql`` is one SELECT without data-modifying parts, so it can be wrapped.
    Cached: it is asked of the text the guard just wrote, and the same texts recur."""
    from sqlglot import exp

    from quarry.sqlguard.parsing import parse_single

    root, _ = parse_single(sql)
    if not isinstance(root, exp.Select | exp.SetOperation | exp.Subquery):
        return False
    return root.find(exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Into, exp.Lock) is None


def row_capped(sql: str, max_bytes: int) -> str:
    """``sql`` wrapped so the server refuses any single row larger than ``max_bytes``.

    Non-queries are returned unchanged (the read-only walls stop them). Order and column
    names are kept: a subquery with ORDER BY is never flattened into the outer query.
    """
    if not _is_plain_query(sql):
        return sql
    body = sql.strip().rstrip(";")
    return f"SELECT _q.* FROM (\n{body}\n) AS _q WHERE quarry_row_size_ok(pg_column_size(_q.*), {int(max_bytes)})"


def run_readonly(
    sql: str,
    *,
    role: str,
    timeout_ms: int,
    max_rows: int,
    max_bytes: int | None = None,
    settings: Settings | None = None,
) -> ReadOnlyResult:
    """Run one SELECT as ``role`` in a read-only transaction; at most ``max_rows`` rows and
    about ``max_bytes`` bytes of them come back (``truncated`` says when more existed);
    ``max_bytes`` defaults to the ``reader_max_result_mb`` setting.

    Raises ``ReadOnlyQueryError`` (``kind`` read_only / permission / timeout / syntax /
    too_large / error) when PostgreSQL refuses or cancels the statement, when one row alone
    exceeds ``max_bytes``, or when the statement outlives the timeout by more than 5 %.
    Nothing it does is ever committed.
    """
    s = settings or get_settings()
    if max_bytes is None:
        max_bytes = int(s.reader_max_result_mb * 1024 * 1024)
    if max_rows < 0 or max_bytes <= 0:
        raise ValueError("max_rows must be non-negative and max_bytes positive")
    started = time.perf_counter()
    rows: list[list[Any]] = []
    truncated = False
    size = 0
    capped = row_capped(sql, max_bytes)
    with _sandbox(_check_role(role), timeout_ms, s) as (cur, mode):
        with _Deadline(cur.connection, _hard_stop_s(timeout_ms), s) as deadline:
            # stream() always uses the extended protocol: one statement per call,
            # server-enforced. Row by row (size=1), so libpq holds one row, not a chunk.
            stream = cur.stream(capped, size=1)
            try:
                for row in stream:
                    if deadline.passed():
                        deadline.cut_now()  # no draining of the rest: it may be endless
                        raise ReadOnlyQueryError(_message_timeout(timeout_ms), kind="timeout")
                    if len(rows) >= max_rows:
                        truncated = True
                        break
                    values = [_jsonable(v) for v in row]
                    size += _row_bytes(values)
                    if size > max_bytes:
                        truncated = True
                        break
                    rows.append(values)
                columns = [col.name for col in (cur.description or [])]
            except psycopg.Error as exc:
                if deadline.cut:
                    raise ReadOnlyQueryError(_message_timeout(timeout_ms), kind="timeout") from exc
                raise
            finally:
                # Always: the suspended generator holds the connection's lock, so the
                # rollback after it would wait forever. Closing cancels the rest of a
                # truncated result; on a cut socket it fails at once and is ignored.
                close = getattr(stream, "close", None)
                if close is not None:
                    close()
        if not rows and not columns:
            columns = _describe(cur, capped)
    ms = round((time.perf_counter() - started) * 1000, 2)
    return ReadOnlyResult(columns=columns, rows=rows, row_count=len(rows), truncated=truncated, ms=ms, mode=mode)


def _message_timeout(timeout_ms: int) -> str:
    return f"Query exceeded the {timeout_ms} ms statement timeout and was cancelled."


def explain(sql: str, *, role: str, timeout_ms: int, settings: Settings | None = None) -> list[str]:
    """``EXPLAIN`` (plan only, nothing executed) of one statement as ``role``; the plan lines.

    This is the seed's EXPLAIN gate: it proves the query parses, names real tables and
    columns the role may read, and type-checks, without running it.
    """
    s = settings or get_settings()
    with _sandbox(_check_role(role), timeout_ms, s) as (cur, _mode):
        return [str(row[0]) for row in cur.stream("EXPLAIN " + sql, size=_STREAM_CHUNK)]
