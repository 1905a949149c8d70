"""`Database`: the one handle every tool, app and core service uses for SQL.

Built from settings (`get_database(settings)`), it owns the writer engine, the read
replicas and the statement timeout, and opens a tracing span per statement. Nothing
outside `quarry.db` opens a connection; a test keeps it so.

    db = get_database(settings)
    n = db.scalar("SELECT count(*) FROM hdb_resale WHERE town = :t", {"t": "BEDOK"})
    with db.transaction(timeout_ms=0) as tx:   # ingest: many statements, one commit
        tx.execute("TRUNCATE hdb_resale")
        with tx.copy_in("hdb_resale", columns) as copy:
            copy.write(lines)
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

import psycopg
from opentelemetry import trace
from psycopg import sql as pg_sql
from psycopg.copy import QueuedLibpqWriter
from sqlalchemy import Connection, Engine, TextClause, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError

from quarry.db.healing import pgdata_of, revive_embedded
from quarry.db.server import libpq_url
from quarry.errors import DatabaseUnavailable
from quarry.settings import Settings, get_settings

Params = Mapping[str, Any]
Sql = str | TextClause
P = ParamSpec("P")
T = TypeVar("T")
ReaderMode = Literal["login", "set_role"]
"""How a sandbox role is assumed: its own login connection, or SET LOCAL ROLE."""

_tracer = trace.get_tracer("quarry.db")
_LOGIN_RETRY_S = 60.0
_log = logging.getLogger(__name__)
_restricted: ContextVar[tuple[str, str] | None] = ContextVar("quarry_restricted", default=None)
"""(role, signed row scope) every statement of the current context runs under; see `restricted_to`."""


@contextmanager
def restricted_to(role: str, scope: str) -> Iterator[None]:
    """Every transaction opened in the block runs as `role` (a role without BYPASSRLS) with the
    row-level security scope `scope` (`quarry.auth.scope.signed_scope`): whatever the code reads
    is limited by the database to the rows that scope allows. It follows the block into worker
    threads (`Database.run` copies the context)."""
    token = _restricted.set((role, scope))
    try:
        yield
    finally:
        _restricted.reset(token)


def _restrict(tx: Tx) -> None:
    """SET LOCAL the current context's role and scope in a fresh transaction, if any."""
    restricted = _restricted.get()
    if restricted is not None:
        role, scope = restricted
        tx.execute(f"SET LOCAL ROLE {pg_sql.Identifier(role).as_string(None)}")
        tx.execute("SELECT set_config('quarry.scope', :s, true)", {"s": scope})


REPLICA_RETRY_S = 30.0
"""How long reads avoid a replica that refused a connection."""
RETRY_AFTER_S = 5.0
"""What a 503 tells the client to wait: about one embedded restart."""


def sqlalchemy_url(url: str) -> str:
    """libpq URL → SQLAlchemy URL with the psycopg 3 driver."""
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@lru_cache(maxsize=16)
def _engine_for(url: str, timeout_ms: int, role: str | None = None) -> Engine:
    options = f"-c statement_timeout={timeout_ms} -c work_mem=32MB"
    target: Any = sqlalchemy_url(url)
    if role is not None:
        # A sandbox role's own login: every transaction read-only by default as well.
        target = make_url(target).set(username=role, password=None)
        options = f"-c statement_timeout={timeout_ms} -c default_transaction_read_only=on"
    return create_engine(
        target,
        # Every checkout is pinged: a connection that died in the pool (a restarted server, a
        # terminated backend) is replaced there, so the one retry a call gets after a heal is not
        # spent on it. Pinging only connections idle for over a second saved ~10 % of a labs turn
        # under load, but a connection killed within that second then took the retry, and a read
        # lost mid-call failed (tests/test_self_healing.py).
        pool_pre_ping=True,
        hide_parameters=True,  # error messages (and so logs) never carry user values
        pool_size=5 if role is None else 2,
        max_overflow=5 if role is None else 4,
        # Every statement runs under a timeout so a bad query cannot stall the server.
        # work_mem: search sorts (BM25 groups, percentiles) stay in memory instead of spilling.
        connect_args={"options": options},
    )


def _clause(sql: Sql) -> TextClause:
    return text(sql) if isinstance(sql, str) else sql


def _span_name(sql: Sql) -> str:
    words = str(sql).lstrip().split(None, 1)
    return f"sql.{words[0].lower()}" if words else "sql"


class Tx:
    """An open connection (usually inside a transaction) with the same traced methods."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def _run(self, sql: Sql, params: Params | Sequence[Params] | None) -> Any:
        with _tracer.start_as_current_span(_span_name(sql)) as span:
            span.set_attribute("db.statement", str(sql)[:2000])
            if params is None or isinstance(params, Mapping):
                return self.conn.execute(_clause(sql), dict(params or {}))
            return self.conn.execute(_clause(sql), [dict(p) for p in params])

    def fetch_all(self, sql: Sql, params: Params | None = None) -> list[dict[str, Any]]:
        """Rows as dicts.

        Zipped from plain rows: building dicts through SQLAlchemy's `RowMapping` took twice as
        long (500 comp rows: ~8 → ~4 ms), and `text()` queries have no result types to apply.
        """
        result = self._run(sql, params)
        keys = list(result.keys())
        return [dict(zip(keys, row, strict=True)) for row in result.all()]

    def fetch_one(self, sql: Sql, params: Params | None = None) -> dict[str, Any] | None:
        """The first row, or None."""
        result = self._run(sql, params)
        keys = list(result.keys())
        row = result.first()
        return dict(zip(keys, row, strict=True)) if row is not None else None

    def scalar(self, sql: Sql, params: Params | None = None) -> Any:
        """The first column of the first row."""
        return self._run(sql, params).scalar()

    def execute(self, sql: Sql, params: Params | Sequence[Params] | None = None) -> int:
        """A write (or DDL); returns the affected row count."""
        return int(self._run(sql, params).rowcount or 0)

    @contextmanager
    def copy_in(self, table: str, columns: Sequence[str], *, freeze: bool = False) -> Iterator[psycopg.Copy]:
        """`COPY table (columns) FROM STDIN` in text format; write lines to what this yields.

        `freeze` writes the rows already frozen and visible (allowed only into a table created or
        truncated in this transaction), so the VACUUM after a bulk load has little left to do.

        Writes are queued to a thread that feeds the socket, so the caller keeps producing
        rows while PostgreSQL parses the previous ones; a blocking writer makes the two take
        turns (on its own this took a 1M-row comps ingest from 16.4 to 14.3 s on a busy machine).
        """
        statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN" + (" WITH (FREEZE)" if freeze else "")
        with _tracer.start_as_current_span(_span_name(statement)) as span:
            span.set_attribute("db.statement", statement)
            with self.driver.cursor() as cur, cur.copy(statement, writer=QueuedLibpqWriter(cur)) as copy:
                yield copy

    @property
    def driver(self) -> psycopg.Connection[Any]:
        """The psycopg connection underneath (COPY, raw DDL with literal '%')."""
        raw = self.conn.connection.driver_connection
        assert isinstance(raw, psycopg.Connection)
        return raw


class _LostAndHealed(DatabaseUnavailable):
    """The connection was lost mid-call and the server is back: the call may be retried."""


def _unreachable(exc: BaseException) -> bool:
    """A lost or refused connection, as opposed to an error in the statement itself."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return (
        isinstance(exc, OperationalError | InterfaceError)
        and isinstance(getattr(exc, "orig", None), psycopg.OperationalError | psycopg.InterfaceError)
        and not isinstance(exc.orig, psycopg.errors.QueryCanceled | psycopg.errors.LockNotAvailable)
    )


class Database:
    """The database in use (embedded or DATABASE_URL), with optional read replicas.

    When the server cannot be reached the handle heals once per call: the embedded server
    is restarted by this process (`revive`), an external one is given a moment and the
    pool's dead connections are dropped; then the call is retried once. If that fails too,
    `DatabaseUnavailable` (HTTP 503 with Retry-After) reaches the caller, never a raw
    driver error.
    """

    def __init__(
        self,
        url: str,
        *,
        timeout_ms: int,
        read_urls: Sequence[str] = (),
        revive: Callable[[], bool] | None = None,
    ) -> None:
        self.url = url
        self.timeout_ms = timeout_ms
        self.read_urls = tuple(read_urls)
        self.revive = revive
        self._login_failed_at: dict[str, float] = {}
        self._login_ok: set[str] = set()
        """Roles whose own login was accepted: not probed again until the next heal."""
        self._replica_down_until: dict[str, float] = {}

    # --- engines -------------------------------------------------------------------
    @property
    def engine(self) -> Engine:
        """The read-write engine."""
        return _engine_for(self.url, self.timeout_ms)

    def _read_checkout(self) -> tuple[Engine, Connection]:
        """A connection for reads: a random reachable replica, else the writer.

        A replica that refuses connections is skipped for REPLICA_RETRY_S, so searches keep
        working (on the writer) while it is down and move back once it returns.
        """
        now = time.monotonic()
        candidates = [u for u in self.read_urls if self._replica_down_until.get(u, 0.0) <= now]
        random.shuffle(candidates)
        for url in candidates:
            engine = _engine_for(url, self.timeout_ms)
            try:
                return engine, engine.connect()
            except SQLAlchemyError as exc:
                if not _unreachable(exc):
                    raise
                self._replica_down_until[url] = now + REPLICA_RETRY_S
                engine.dispose()
                _log.warning("read replica unreachable; reads use the writer for %.0f s", REPLICA_RETRY_S)
        return self.engine, self._checkout(self.engine)

    # --- one-statement helpers --------------------------------------------------------
    def fetch_all(self, sql: Sql, params: Params | None = None, *, write: bool = False) -> list[dict[str, Any]]:
        """Run a query; rows as dicts.

        Reads go to a replica; `write=True` runs on the writer in a committed transaction
        (INSERT ... RETURNING, or reading what this process just wrote).
        """
        return self._retrying(write, lambda tx: tx.fetch_all(sql, params))

    def fetch_one(self, sql: Sql, params: Params | None = None, *, write: bool = False) -> dict[str, Any] | None:
        """Run a query; the first row or None (`write` as in `fetch_all`)."""
        return self._retrying(write, lambda tx: tx.fetch_one(sql, params))

    def scalar(self, sql: Sql, params: Params | None = None, *, write: bool = False) -> Any:
        """Run a query; the first column of the first row (`write` as in `fetch_all`)."""
        return self._retrying(write, lambda tx: tx.scalar(sql, params))

    def reading(self, fn: Callable[[Tx], T]) -> T:
        """Several reads on one (replica) connection: `fn(tx)`, run once more after a lost
        connection. A checkout per statement adds a ping and a rollback to each; a caller
        with a handful of short statements saves those."""
        return self._retrying(False, fn)

    def _one(self, write: bool) -> AbstractContextManager[Tx]:
        return self.transaction() if write else self.connect()

    def _retrying(self, write: bool, fn: Callable[[Tx], T]) -> T:
        """One statement; after a lost connection it is healed and run once more.

        A write is retried only when the connection was lost before its transaction
        committed, so at worst the write is attempted twice, never applied twice.
        """
        try:
            with self._one(write) as tx:
                return fn(tx)
        except _LostAndHealed:
            pass
        with self._one(write) as tx:
            return fn(tx)

    def execute(self, sql: Sql, params: Params | Sequence[Params] | None = None) -> int:
        """Run a write in its own transaction; the affected row count."""
        return self._retrying(True, lambda tx: tx.execute(sql, params))

    # --- connections --------------------------------------------------------------------
    @contextmanager
    def connect(self, *, write: bool = False, autocommit: bool = False) -> Iterator[Tx]:
        """A connection without an explicit transaction (reads; autocommit for VACUUM)."""
        engine, conn = (self.engine, self._checkout(self.engine)) if (write or autocommit) else self._read_checkout()
        with conn, self._guarded(engine):
            if autocommit:
                conn = conn.execution_options(isolation_level="AUTOCOMMIT")
                yield Tx(conn)
                return
            tx = Tx(conn)
            _restrict(tx)  # inside the transaction the connection begins on its first statement
            yield tx

    @contextmanager
    def transaction(self, *, timeout_ms: int | None = None, read_only: bool = False) -> Iterator[Tx]:
        """One transaction on the writer (or a replica when `read_only`), committed on success.

        `timeout_ms` replaces the statement timeout for this transaction (0 = none: ingest).
        """
        engine, conn = self._read_checkout() if read_only else (self.engine, self._checkout(self.engine))
        with conn, self._guarded(engine), conn.begin():
            tx = Tx(conn)
            _restrict(tx)
            if timeout_ms is not None:
                tx.execute("SELECT set_config('statement_timeout', :t, true)", {"t": str(int(timeout_ms))})
            yield tx

    @contextmanager
    def sandbox_connection(self, role: str) -> Iterator[tuple[psycopg.Connection[Any], ReaderMode]]:
        """A raw connection for `quarry.sqlguard`'s read-only sandbox, and how `role` is assumed.

        The role's own login when the server accepts it (trust or peer auth, as with the
        embedded server), so `session_user` is the reader and a smuggled `SET ROLE` has
        nothing to climb back to; otherwise the app's connection (the caller then runs
        `SET LOCAL ROLE`). The connection is invalidated if a rollback fails.
        """
        engine, mode = self._role_engine(role)
        sa_conn = self._checkout(engine)
        with sa_conn, self._guarded(engine):
            raw = sa_conn.connection.driver_connection
            assert isinstance(raw, psycopg.Connection)
            try:
                yield raw, mode
            finally:
                try:
                    raw.rollback()
                except psycopg.Error:
                    sa_conn.invalidate()

    # --- healing ---------------------------------------------------------------------------
    def _checkout(self, engine: Engine) -> Connection:
        """A pooled connection (pre-pinged); heals and tries once more when none can be had."""
        try:
            return engine.connect()
        except SQLAlchemyError as exc:
            if not _unreachable(exc):
                raise
            self._heal(engine, exc)
        try:
            return engine.connect()
        except SQLAlchemyError as exc:
            raise self._unavailable(exc) from exc

    @contextmanager
    def _guarded(self, engine: Engine) -> Iterator[None]:
        """Turn a connection lost mid-statement into a healed `DatabaseUnavailable`."""
        try:
            yield
        except SQLAlchemyError as exc:
            if not _unreachable(exc):
                raise
            unavailable = self._unavailable(exc)
            if self._heal(engine, exc):
                raise _LostAndHealed(unavailable.message, retry_after_s=RETRY_AFTER_S) from exc
            raise unavailable from exc

    def _heal(self, engine: Engine, exc: BaseException) -> bool:
        """Bring the server back if we own it, forget dead pooled connections; True if it may work now."""
        _log.warning("database connection lost (%s); healing", type(getattr(exc, "orig", exc)).__name__)
        engine.dispose()
        self._login_ok.clear()
        if self.revive is not None:
            return self.revive()
        time.sleep(0.2)  # an external server or proxy blipped: one short pause, then one retry
        return True

    @staticmethod
    def _unavailable(exc: BaseException) -> DatabaseUnavailable:
        # The driver's text names sockets and hosts: it goes to the log, not to the client.
        _log.error("database unavailable: %s", str(getattr(exc, "orig", exc)).strip().splitlines()[:1])
        return DatabaseUnavailable(
            "The database is unavailable right now; try again in a few seconds.", retry_after_s=RETRY_AFTER_S
        )

    def reader_mode(self, role: str) -> ReaderMode:
        """Which way `role` is assumed on this database (see `sandbox_connection`)."""
        return self._role_engine(role)[1]

    def _role_engine(self, role: str) -> tuple[Engine, ReaderMode]:
        if role in self._login_ok:
            # Probed once: a probe per call cost a pooled checkout and its ping on every sandboxed
            # statement (two a labs turn). A heal forgets it, so a rebuilt server is probed again.
            return _engine_for(self.url, self.timeout_ms, role), "login"
        failed = self._login_failed_at.get(role)
        if failed is None or time.monotonic() - failed > _LOGIN_RETRY_S:
            engine = _engine_for(self.url, self.timeout_ms, role)
            try:
                with engine.connect():
                    pass
            except SQLAlchemyError:
                # Password auth, missing role or no LOGIN: fall back to SET LOCAL ROLE.
                self._login_failed_at[role] = time.monotonic()
            else:
                self._login_failed_at.pop(role, None)
                self._login_ok.add(role)
                return engine, "login"
        return self.engine, "set_role"

    # --- siblings (tests, benchmarks) ---------------------------------------------------
    def sibling_url(self, name: str) -> str:
        """libpq URL of database `name` on the same server; created when missing."""
        base = make_url(sqlalchemy_url(self.url))
        target = _libpq(base.set(database=name).render_as_string(hide_password=False))
        maintenance = _libpq(base.set(database="postgres").render_as_string(hide_password=False))
        try:
            with psycopg.connect(maintenance, autocommit=True) as conn:
                if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
                    conn.execute(pg_sql.SQL("CREATE DATABASE {}").format(pg_sql.Identifier(name)))
        except psycopg.Error as exc:
            raise DatabaseUnavailable(f"Could not create database {name}: {exc}") from exc
        return target

    # --- async ---------------------------------------------------------------------------
    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking database work in a worker thread so the event loop stays free.

        Context (tracing span, fallback log) is copied into the thread.
        """
        return await asyncio.to_thread(fn, *args, **kwargs)


@lru_cache(maxsize=16)
def _database_for(url: str, timeout_ms: int, read_urls: tuple[str, ...], pgdata: Path | None) -> Database:
    revive = partial(revive_embedded, pgdata) if pgdata is not None else None
    return Database(url, timeout_ms=timeout_ms, read_urls=read_urls, revive=revive)


def get_database(settings: Settings | None = None) -> Database:
    """The `Database` the settings select (one handle per URL, timeout and replicas)."""
    s = settings or get_settings()
    pgdata = None if s.database_url else pgdata_of(s.state_dir)
    return _database_for(libpq_url(s.database_url, s.state_dir), s.db_statement_timeout_ms, tuple(s.read_urls), pgdata)


def database_url(settings: Settings | None = None) -> str:
    """The libpq URL of the database in use (starts the embedded server if needed)."""
    s = settings or get_settings()
    return libpq_url(s.database_url, s.state_dir)
