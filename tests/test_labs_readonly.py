"""Defence in depth: SQL that slips past the validator still cannot write, read logs or stall."""

from __future__ import annotations

import pytest

from quarry.apps.labs.testing import load_test_data
from quarry.db import get_database
from quarry.settings import Settings
from quarry.sqlguard.readonly import ReadOnlyQueryError, explain, reader_mode, run_readonly

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
