"""A server worker exits when the process that forked it dies, even by SIGKILL.

uvicorn's supervisor forks the workers of `quarry serve --workers N`. Killed with SIGKILL it
cannot stop them: they are adopted by init, keep serving on the inherited socket, and the
next `quarry serve` on that port fails with "address already in use".

Two guards, because each has a gap. Linux's parent-death signal (`prctl(PR_SET_PDEATHSIG)`)
is immediate, but fires when the parent *thread* that forked the worker ends, and is Linux
only. A daemon thread that polls `os.getppid()` catches everything else within a poll. Both
send SIGTERM, so the worker shuts down gracefully (requests in flight finish); the thread
ends it hard if that takes longer than `GRACE_S`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time

POLL_S = 0.5
"""How often the fallback thread checks who the parent is."""
GRACE_S = 15.0
"""A graceful shutdown after the parent died may take this long, then the worker exits anyway."""
_PR_SET_PDEATHSIG = 1
_log = logging.getLogger(__name__)
_armed = False


def exit_with_parent() -> bool:
    """Arm both guards in a uvicorn worker; True when armed (a no-op in a process with no supervisor).

    Only a process started by `multiprocessing` is guarded: a single-process `quarry serve`
    is its own supervisor, and must not die with the shell that started it.
    """
    global _armed
    parent = multiprocessing.parent_process()
    if parent is None or parent.pid is None:
        return False
    if _armed:
        return True
    _armed = True
    _set_pdeathsig(signal.SIGTERM)
    if os.getppid() != parent.pid:  # the parent died before the signal was armed
        _parent_died(parent.pid)
    else:
        threading.Thread(target=_watch_parent, args=(parent.pid,), name="parent-death", daemon=True).start()
    return True


def _set_pdeathsig(sig: signal.Signals) -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
            _log.warning("prctl(PR_SET_PDEATHSIG) failed: errno %d; the polling guard remains", ctypes.get_errno())
    except OSError as exc:  # no libc to load (static or exotic runtime): the polling guard remains
        _log.warning("parent-death signal unavailable (%s); the polling guard remains", exc)


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(POLL_S)
    _parent_died(parent_pid)


def _parent_died(parent_pid: int) -> None:
    _log.warning("server supervisor %d is gone; worker %d shuts down", parent_pid, os.getpid())
    os.kill(os.getpid(), signal.SIGTERM)
    threading.Thread(target=_exit_after_grace, name="parent-death-grace", daemon=True).start()


def _exit_after_grace() -> None:
    time.sleep(GRACE_S)
    _log.error("worker %d did not shut down within %.0f s of its supervisor's death; exiting", os.getpid(), GRACE_S)
    os._exit(1)
