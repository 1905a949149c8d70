"""Defence in depth: SQL that slips past the validator still cannot write, read logs or stall."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import psutil
import pytest

from quarry.apps.labs.policy import labs_policy
from quarry.db import get_database
from quarry.settings import Settings
from quarry.sqlguard import validate_sql
from quarry.sqlguard.readonly import (
    TEMP_FILE_LIMIT,
    WORK_MEM,
    ReadOnlyQueryError,
    _Deadline,
    explain,
    reader_mode,
    run_readonly,
)
from tests.labs_support import load_test_data

ROLE = "quarry_reader"

# (title, SQL the validator would reject, walls that may stop it)
BYPASSES = [
    (
        "insert",
        "INSERT INTO patients (full_name, birth_date, sex) VALUES ('X', '2000-01-01', 'F')",
        {"read_only", "permission"},
    ),
    ("update", "UPDATE lab_results SET value_numeric = 0", {"read_only", "permission"}),
    (
        "delete in cte",
        "WITH d AS (DELETE FROM lab_results RETURNING *) SELECT count(*) FROM d",
        {"read_only", "permission"},
    ),
    ("truncate", "TRUNCATE lab_results", {"read_only", "permission"}),
    ("second statement", "SELECT 1; DELETE FROM lab_results", {"syntax"}),
    ("create table", "CREATE TABLE pwned (x int)", {"read_only", "permission"}),
    ("audit log read", "SELECT * FROM sql_generation_logs", {"permission"}),
    ("role escalation", "SELECT set_config('role', 'postgres', true)", {"permission", "error"}),
    ("sleep", "SELECT pg_sleep(10)", {"timeout"}),
    ("sequence", "SELECT nextval(pg_get_serial_sequence('patients', 'id'))", {"read_only", "permission"}),
]


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


def _fingerprint(settings: Settings) -> tuple[int, int, str]:
    db = get_database(settings)
    return (
        int(db.scalar("SELECT count(*) FROM lab_results")),
        int(db.scalar("SELECT count(*) FROM patients")),
        str(db.scalar("SELECT md5(string_agg(value_numeric::text, ',' ORDER BY id)) FROM lab_results")),
    )


@pytest.mark.parametrize(("title", "sql", "walls"), BYPASSES, ids=[b[0] for b in BYPASSES])
def test_bypassing_sql_fails_and_changes_nothing(
    labs_settings: Settings, title: str, sql: str, walls: set[str]
) -> None:
    before = _fingerprint(labs_settings)
    with pytest.raises(ReadOnlyQueryError) as caught:
        run_readonly(sql, role=ROLE, timeout_ms=500, max_rows=10, settings=labs_settings)
    assert caught.value.kind in walls, (title, caught.value.kind, caught.value.message)
    assert _fingerprint(labs_settings) == before


def test_sleep_is_cut_by_the_statement_timeout_quickly(labs_settings: Settings) -> None:
    import time

    started = time.perf_counter()
    with pytest.raises(ReadOnlyQueryError) as caught:
        run_readonly("SELECT pg_sleep(10)", role=ROLE, timeout_ms=300, max_rows=1, settings=labs_settings)
    assert caught.value.kind == "timeout"
    assert time.perf_counter() - started < 3


def test_reader_connects_as_its_own_role(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT session_user::text, current_user::text, current_setting('transaction_read_only')",
        role=ROLE,
        timeout_ms=1000,
        max_rows=1,
        settings=labs_settings,
    )
    mode = reader_mode(ROLE, settings=labs_settings)
    assert result.rows[0][1] == ROLE
    assert result.rows[0][2] == "on"
    if mode == "login":  # embedded server: trust auth lets us log in as the role itself
        assert result.rows[0][0] == ROLE


def test_rows_are_capped_and_flagged(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT id, collected_at, value_numeric FROM lab_results ORDER BY id",
        role=ROLE,
        timeout_ms=2000,
        max_rows=5,
        settings=labs_settings,
    )
    assert result.row_count == 5 and result.truncated
    assert result.columns == ["id", "collected_at", "value_numeric"]
    assert isinstance(result.rows[0][1], str) and isinstance(result.rows[0][2], float)


def test_empty_result_keeps_its_columns(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT id, full_name FROM patients WHERE false", role=ROLE, timeout_ms=1000, max_rows=5, settings=labs_settings
    )
    assert result.columns == ["id", "full_name"] and result.rows == [] and not result.truncated


def test_explain_plans_without_running(labs_settings: Settings) -> None:
    plan = explain(
        "SELECT count(*) FROM lab_results WHERE parameter_name = 'x'",
        role=ROLE,
        timeout_ms=1000,
        settings=labs_settings,
    )
    assert plan and "lab_results" in " ".join(plan)
    with pytest.raises(ReadOnlyQueryError) as caught:
        explain("SELECT nope FROM lab_results", role=ROLE, timeout_ms=1000, settings=labs_settings)
    assert caught.value.kind == "syntax"


# --- resource limits (issue 11): memory, disk and time one statement may take -----------------


def _peak_rss_growth(fn: Callable[[], object]) -> tuple[int, object]:
    """Run ``fn`` while sampling this process's RSS; (peak growth in bytes, fn's result or error)."""
    proc = psutil.Process()
    base = proc.memory_info().rss
    peak = [base]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], proc.memory_info().rss)
            time.sleep(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        outcome: object = fn()
    except ReadOnlyQueryError as exc:
        outcome = exc
    finally:
        done.set()
        sampler.join()
    return peak[0] - base, outcome


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT RPAD(g::text, 20000000) FROM GENERATE_SERIES(1, 1000) g",  # 20 MB rows, one after another
        "SELECT RPAD('x', 200000000) FROM GENERATE_SERIES(1, 1000)",  # the probe's statement (took 873 MB)
    ],
    ids=["20MB rows", "200MB constant rows"],
)
def test_huge_rows_cannot_take_the_process_memory(labs_settings: Settings, sql: str) -> None:
    # Before: 366 MB and 978 MB of peak growth here; libpq buffers whole rows, so the server
    # refuses any row above the byte cap before sending it.
    growth, outcome = _peak_rss_growth(
        lambda: run_readonly(
            sql, role=ROLE, timeout_ms=5000, max_rows=1000, max_bytes=8_000_000, settings=labs_settings
        )
    )
    assert isinstance(outcome, ReadOnlyQueryError), outcome
    assert outcome.kind in {"too_large", "timeout"}
    assert growth < 60_000_000, f"process grew by {growth / 1e6:.0f} MB"


def test_a_row_above_the_cap_is_refused_by_the_server(labs_settings: Settings) -> None:
    with pytest.raises(ReadOnlyQueryError) as caught:
        run_readonly(
            "SELECT RPAD(g::text, 2000000) AS big FROM GENERATE_SERIES(1, 3) g",
            role=ROLE,
            timeout_ms=5000,
            max_rows=10,
            max_bytes=1_000_000,
            settings=labs_settings,
        )
    assert caught.value.kind == "too_large" and "result cap" in caught.value.message


def test_many_rows_stop_at_the_byte_cap(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT g, RPAD('x', 100000) AS pad FROM GENERATE_SERIES(1, 1000) g ORDER BY g",
        role=ROLE,
        timeout_ms=5000,
        max_rows=1000,
        max_bytes=1_000_000,
        settings=labs_settings,
    )
    assert result.truncated and 5 <= result.row_count <= 10
    assert [row[0] for row in result.rows] == list(range(1, result.row_count + 1))  # order kept by the wrapper
    assert result.columns == ["g", "pad"]


def test_reader_sessions_carry_work_mem_and_temp_file_limit(labs_settings: Settings) -> None:
    result = run_readonly(
        "SELECT current_setting('work_mem'), current_setting('temp_file_limit')",
        role=ROLE,
        timeout_ms=2000,
        max_rows=1,
        settings=labs_settings,
    )
    assert result.rows[0] == [WORK_MEM, TEMP_FILE_LIMIT]


def test_a_huge_sort_hits_the_temp_file_limit(labs_settings: Settings) -> None:
    # Before: unlimited (0.8 GB of temp files in 5 s). Allowed by the guard as it stands.
    sql = "SELECT count(*) FROM (SELECT g FROM generate_series(1, 1000000000) g ORDER BY random()) s"
    assert validate_sql(sql, labs_policy()).ok
    with pytest.raises(ReadOnlyQueryError) as caught:
        run_readonly(sql, role=ROLE, timeout_ms=60_000, max_rows=1, settings=labs_settings)
    assert caught.value.kind == "too_large" and "temp_file_limit" in caught.value.message


# CPU-heavy statements the guard allows. similarity() over huge strings never checks for
# interrupts, so statement_timeout alone let it run 5.5 s against a 1 s timeout.
# Row sources are cross joins of two small series: a FunctionScan materialises its whole
# output first, so one generate_series(1, 1e8) spills and may hit temp_file_limit
# (too_large) before the timeout on a fast disk. 100k integers stay inside work_mem.
CPU_HEAVY = [
    "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b",
    "SELECT length(regexp_replace(rpad('x', 100000000, 'x'), 'x', 'y', 'g'))",
    "SELECT similarity(rpad('ab', 50000000, 'abc'), rpad('ab', 50000000, 'bca'))",
    # Rows keep streaming to the client until the deadline: the timeout must hold there too.
    "SELECT a, rpad('x', 500) FROM generate_series(1, 100000) a, generate_series(1, 100000) b",
]
# Uncut, each of these runs for many seconds (the similarity one 5.5 s, the cross joins far longer).
# The test asserts the cut; how close to 1 s it lands (the 10 % target) is a speed figure, measured
# by bench/bench_labs_sandbox.py, since a busy CI machine moves it by a few hundred ms.
CUT_WITHIN_S = 3.0


@pytest.mark.parametrize("sql", CPU_HEAVY, ids=["count", "regexp", "similarity", "streamed rows"])
def test_statement_timeout_cuts_cpu_heavy_queries(labs_settings: Settings, sql: str) -> None:
    assert validate_sql(sql, labs_policy()).ok
    started = time.perf_counter()
    with pytest.raises(ReadOnlyQueryError) as caught:
        run_readonly(sql, role=ROLE, timeout_ms=1000, max_rows=10**9, max_bytes=10**9, settings=labs_settings)
    took = time.perf_counter() - started
    # The backend's memory cap may stop a huge string before the clock does (too_large).
    assert caught.value.kind in {"timeout", "too_large"}
    assert took <= CUT_WITHIN_S, f"{took:.2f} s against a 1 s timeout: the statement was not cut"
    # The sandbox still works afterwards (a cut connection is discarded, not reused).
    assert run_readonly("SELECT 1", role=ROLE, timeout_ms=1000, max_rows=1, settings=labs_settings).rows == [[1]]


@pytest.mark.timeout(60, method="thread")  # a regression deadlocks: end the run with a stack dump
def test_a_deadline_seen_between_rows_cuts_and_releases_the_connection(
    labs_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A client slower than the server: rows still arrive after the deadline, so the loop's
    # own check (not the server's statement_timeout) stops the call. This once left the
    # stream generator suspended holding the connection lock, and the rollback that
    # returns the connection waited on it forever.
    seen: list[int] = []

    def passed(self: _Deadline) -> bool:
        seen.append(1)
        return len(seen) > 3

    monkeypatch.setattr(_Deadline, "passed", passed)
    with pytest.raises(ReadOnlyQueryError) as caught:
        sql = "SELECT g FROM generate_series(1, 1000) g"
        run_readonly(sql, role=ROLE, timeout_ms=5000, max_rows=10**6, settings=labs_settings)
    assert caught.value.kind == "timeout"
    assert len(seen) == 4
    monkeypatch.undo()
    assert run_readonly("SELECT 1", role=ROLE, timeout_ms=1000, max_rows=1, settings=labs_settings).rows == [[1]]
