"""A hard memory cap on the backend process that runs sandboxed SQL.

PostgreSQL has no per-backend memory limit: ``work_mem`` bounds sorts and hashes, but not
a plain aggregate (``string_agg`` over generated rows reached 1 GB) nor the values a
function builds (``lpad`` to 250 MB). The operating system has one: ``RLIMIT_DATA`` caps a
process's private memory (heap and anonymous mappings, not the shared buffers). A backend
over it gets NULL from malloc, and PostgreSQL turns that into an ordinary "out of memory"
error: the statement fails at once, the backend and the server live on.

Each backend is a process of its own, so the limit is set on the sandbox connection's
backend only (``prlimit``), once per connection, and never on the app's own connections.
It needs the backend on this machine and the right to change its limits: the same user, or
root acting as the server's user (the embedded server runs as its own user when Quarry runs
as root). Elsewhere (a remote ``DATABASE_URL``) ``cap_backend_memory`` says it could not,
and the guard's size bounds (``quarry.sqlguard.bounds``) plus ``statement_timeout`` remain.
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import threading
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy.exc import SQLAlchemyError

from quarry.errors import QuarryError

if TYPE_CHECKING:
    from quarry.db.database import Database

_log = logging.getLogger(__name__)
_capped: weakref.WeakKeyDictionary[psycopg.Connection[Any], int] = weakref.WeakKeyDictionary()
_lock = threading.Lock()
_warned = False


def _backend_title(pid: int) -> str | None:
    """The process title of local process ``pid`` when it is a PostgreSQL backend."""
    try:
        title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    return title if title.startswith("postgres: ") else None


def _set_limit(pid: int, limit: int) -> bool:
    try:
        resource.prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
        return True
    except PermissionError:
        if os.geteuid() != 0:
            return False
    except OSError:
        return False
    owner = os.stat(f"/proc/{pid}")
    return _set_limit_as(owner.st_uid, owner.st_gid, pid, limit)


def _set_limit_as(uid: int, gid: int, pid: int, limit: int) -> bool:
    """prlimit(2) from a forked child that has become the server's user.

    The kernel lets a process change another's limits only when both belong to the same
    user (or with CAP_SYS_RESOURCE, which containers usually drop); root can become that
    user, but only in a child, and not by running a program: the server's user may not be
    allowed to execute this interpreter. The child makes system calls only and exits.
    """
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        code = 1
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            resource.prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status) == 0


def backend_data_limit(pid: int) -> int | None:
    """The RLIMIT_DATA (bytes) of local backend ``pid``; None when unlimited or not readable."""
    try:
        lines = Path(f"/proc/{pid}/limits").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("Max data size"):
            soft = line.split()[3]
            return int(soft) if soft.isdigit() else None
    return None


def cap_backend_memory(conn: psycopg.Connection[Any], role: str, limit_bytes: int) -> bool:
    """Cap the private memory of ``conn``'s backend at ``limit_bytes``; True when it holds.

    Only a backend on this machine logged in as ``role`` is touched (its process title
    names the role), so a pid of a remote server that happens to exist here is left alone.
    """
    global _warned
    pid = conn.info.backend_pid
    with _lock:
        if _capped.get(conn) == pid:
            return True
    title = _backend_title(pid)
    held = title is not None and f" {role} " in f"{title} " and _set_limit(pid, limit_bytes)
    with _lock:
        if held:
            _capped[conn] = pid
        elif not _warned:
            _warned = True
            _log.warning(
                "sandbox backends are not memory-capped (the server is not on this machine or its "
                "limits cannot be changed): only the SQL guard's size bounds and statement_timeout apply"
            )
    return held


def terminate_backend(db: Database, pid: int) -> None:
    """Ask the server to end backend ``pid`` (best effort: a lost server has no backends left)."""
    with contextlib.suppress(QuarryError, psycopg.Error, SQLAlchemyError, OSError):
        db.scalar("SELECT pg_terminate_backend(%(pid)s)", {"pid": pid}, write=True)
