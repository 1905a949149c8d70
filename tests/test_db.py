"""Embedded server lifecycle and migrations, against the real server the tests use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from quarry.db import database_url, migrate, scalar
from quarry.db.migrate import discover
from quarry.settings import get_settings


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
    assert scalar("SELECT 1") == 1


def test_psql_runs_on_the_database_in_use(db: None) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "quarry.cli", "db", "psql", "--", "-tAc", "SELECT count(*) FROM hdb_resale"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) == scalar("SELECT count(*) FROM hdb_resale")


def test_migrations_are_ordered_tracked_and_idempotent(db: None) -> None:
    names = [m.name for m in discover()]
    assert names[:2] == ["core/001_extensions.sql", "core/002_core_tables.sql"]
    assert migrate() == []
    assert scalar("SELECT count(*) FROM schema_migrations") == len(names)
    exts = scalar("SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension")
    assert {"vector", "pg_trgm", "unaccent"} <= set(exts.split(","))
