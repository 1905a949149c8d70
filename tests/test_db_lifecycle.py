"""`quarry db start | stop | status`, and no orphaned postmaster after a SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quarry.db import lifecycle

pytestmark = pytest.mark.slow


def _quarry(state: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STATE_DIR": str(state)}
    env.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "-m", "quarry.cli", *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )


def _wait_stopped(pgdata: Path, within_s: float) -> float:
    started = time.monotonic()
    while lifecycle.state(pgdata).running:
        assert time.monotonic() - started < within_s, "postmaster still running"
        time.sleep(0.25)
    return time.monotonic() - started


def test_detached_server_outlives_commands_until_stopped(tmp_path: Path) -> None:
    state = tmp_path / "state"
    pgdata = state / "pgdata"
    assert _quarry(state, "db", "status").returncode == 3  # not running
    started = _quarry(state, "db", "start")
    assert started.returncode == 0, started.stderr
    try:
        first = lifecycle.state(pgdata)
        assert first.running and first.detached
        # Other commands connect without attaching: the server is still up after them.
        assert _quarry(state, "db", "migrate").returncode == 0
        url = _quarry(state, "db", "url")
        assert url.returncode == 0 and "note:" not in url.stderr
        time.sleep(2 * lifecycle.WATCH_INTERVAL_S + 1)  # the watchdog leaves a detached server alone
        after = lifecycle.state(pgdata)
        assert after.running and after.pid == first.pid
        import psycopg

        with psycopg.connect(url.stdout.strip()) as conn:  # the printed URL works after the command exited
            assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] > 0  # type: ignore[index]
        status = _quarry(state, "db", "status")
        assert status.returncode == 0 and "detached" in status.stdout
    finally:
        stopped = _quarry(state, "db", "stop")
    assert stopped.stdout.strip() == "stopped"
    assert not lifecycle.state(pgdata).running and not lifecycle.is_detached(pgdata)


def test_killed_owner_leaves_no_orphaned_postmaster(tmp_path: Path) -> None:
    state = tmp_path / "state"
    env = {**os.environ, "STATE_DIR": str(state)}
    env.pop("DATABASE_URL", None)
    owner = subprocess.Popen(
        [sys.executable, "-c", "from quarry.db import database_url; print(database_url(), flush=True); "
         "import time; time.sleep(600)"],
        env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert owner.stdout is not None and owner.stdout.readline().startswith("postgresql://")
        pgdata = state / "pgdata"
        assert lifecycle.state(pgdata).running
        owner.send_signal(signal.SIGKILL)
        owner.wait(10)
        took = _wait_stopped(pgdata, within_s=15)
        print(f"orphaned postmaster stopped {took:.1f} s after its owner was killed")
    finally:
        if owner.poll() is None:
            owner.kill()
        lifecycle.stop(state / "pgdata")
