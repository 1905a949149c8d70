"""Embedded server lifecycle and migrations, against the real server the tests use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from quarry.apps import APPS
from quarry.db import database_url, get_database
from quarry.db.migrate import discover
from quarry.settings import get_settings
from quarry.setup import migrate_all


def _postmaster_pid() -> int:
    pgdata = Path(get_settings().state_dir).resolve() / "pgdata"
    return int((pgdata / "postmaster.pid").read_text().splitlines()[0])


def test_second_process_reuses_the_running_server(db: None) -> None:
    pid = _postmaster_pid()
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "db", "url"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=os.environ.copy(),
    )
    assert out.stdout.strip() == database_url()
    # The other process detached without stopping the server this process still uses.
    assert _postmaster_pid() == pid
    assert get_database().scalar("SELECT 1") == 1


def test_psql_runs_on_the_database_in_use(db: None) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "db", "psql", "--", "-tAc", "SELECT count(*) FROM hdb_resale"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) == get_database().scalar("SELECT count(*) FROM hdb_resale")


def test_migrations_are_ordered_tracked_and_idempotent(db: None) -> None:
    names = [m.name for m in discover([spec.migrations for spec in APPS])]
    assert names[:2] == ["core/001_extensions.sql", "core/002_core_tables.sql"]
    assert migrate_all() == []
    assert get_database().scalar("SELECT count(*) FROM schema_migrations") == len(names)
    exts = get_database().scalar("SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension")
    assert {"vector", "pg_trgm", "unaccent"} <= set(exts.split(","))


def _own_state(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "STATE_DIR": str(tmp_path / "state")}


@pytest.mark.slow
def test_server_stops_cleanly_when_its_last_process_exits(tmp_path: Path) -> None:
    env = _own_state(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "db", "url"], capture_output=True, text=True, timeout=180, env=env
    )
    assert out.returncode == 0, out.stderr
    assert not (tmp_path / "state" / "pgdata" / "postmaster.pid").exists()


@pytest.mark.slow
def test_sigterm_still_stops_the_server(tmp_path: Path) -> None:
    env = _own_state(tmp_path)
    code = (
        "import signal, time\n"
        "from quarry.cli import _exit_on_sigterm\n"
        "signal.signal(signal.SIGTERM, _exit_on_sigterm)\n"
        "from quarry.db import database_url\n"
        "database_url()\n"
        "print('ready', flush=True)\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    pidfile = tmp_path / "state" / "pgdata" / "postmaster.pid"
    assert pidfile.exists()
    proc.terminate()
    proc.wait(60)
    assert not pidfile.exists()
