"""Table-driven tests for the SQL guard: hostile cases must fail, benign cases must pass."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from quarry.sqlguard import (
    DEFAULT_FUNCTION_ALLOWLIST,
    GuardPolicy,
    ValidationResult,
    enforce_limit,
    validate_sql,
)

FIXTURES = Path(__file__).parent / "fixtures" / "sqlguard"
CASE_MARKER = re.compile(r"^-- case:\s*(?P<title>.+?)\s*$")

LABS_POLICY = GuardPolicy(
    allowed_tables=frozenset({"patients", "lab_reports", "lab_results", "analytes", "analyte_aliases"})
)


def load_cases(path: Path) -> list[tuple[str, str]]:
    """Split a corpus file into (title, sql) pairs on ``-- case: <title>`` lines."""
    cases: list[tuple[str, str]] = []
    title: str | None = None
    body: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        marker = CASE_MARKER.match(line)
        if marker:
            if title is not None:
                cases.append((title, "\n".join(body).strip()))
            title, body = marker.group("title"), []
        elif title is not None:
            body.append(line)
    if title is not None:
        cases.append((title, "\n".join(body).strip()))
    return cases


HOSTILE = load_cases(FIXTURES / "hostile.sql")
BENIGN = load_cases(FIXTURES / "benign.sql")


def test_corpus_sizes() -> None:
    assert len(HOSTILE) >= 200
    assert len(BENIGN) >= 100


@pytest.mark.parametrize("cases", [HOSTILE, BENIGN], ids=["hostile", "benign"])
def test_corpus_titles_are_unique(cases: list[tuple[str, str]]) -> None:
    titles = [title for title, _ in cases]
    assert len(titles) == len(set(titles))


@pytest.mark.parametrize(("title", "sql"), HOSTILE, ids=[title for title, _ in HOSTILE])
def test_hostile_is_rejected(title: str, sql: str) -> None:
    result = validate_sql(sql, LABS_POLICY)
    assert result.ok is False, f"{title!r} passed the guard: {result.sql}"
    assert result.sql is None
    assert result.reasons
    assert all(reason.strip() for reason in result.reasons)


@pytest.mark.parametrize(("title", "sql"), BENIGN, ids=[title for title, _ in BENIGN])
def test_benign_is_accepted(title: str, sql: str) -> None:
    result = validate_sql(sql, LABS_POLICY)
    assert result.ok is True, f"{title!r} was rejected: {result.reasons}"
    assert result.reasons == []
    assert result.sql
    # The normalised SQL must itself be accepted (what we return is what gets executed).
    assert validate_sql(result.sql, LABS_POLICY).ok


def _reasons(sql: str, policy: GuardPolicy = LABS_POLICY) -> str:
    result = validate_sql(sql, policy)
    assert not result.ok
    return " ".join(result.reasons)


def test_reason_names_the_statement() -> None:
    assert "Only SELECT statements are allowed; found DELETE." in _reasons("DELETE FROM patients")


def test_reason_names_nested_dml() -> None:
    assert "DELETE" in _reasons("WITH x AS (DELETE FROM patients RETURNING *) SELECT * FROM x")


def test_reason_names_the_function() -> None:
    assert "pg_sleep" in _reasons("SELECT * FROM patients WHERE pg_sleep(5) IS NULL")


def test_reason_gives_the_join_count() -> None:
    joins = " ".join(f"JOIN lab_results l{i} ON l{i}.patient_id = p.id" for i in range(9))
    reasons = _reasons(f"SELECT 1 FROM patients p {joins}")
    assert "9" in reasons and "joins" in reasons


def test_reason_gives_the_subquery_count() -> None:
    sql = "SELECT (SELECT 1), (SELECT 2), (SELECT 3)"
    assert "3" in _reasons(sql)


def test_reason_names_the_table() -> None:
    assert "pg_shadow" in _reasons("SELECT * FROM pg_shadow")
    assert "sql_generation_logs" in _reasons("SELECT * FROM sql_generation_logs")
    assert "other_schema" in _reasons("SELECT * FROM other_schema.patients")


def test_collects_several_reasons() -> None:
    result = validate_sql("SELECT pg_sleep(1) FROM pg_shadow FOR UPDATE", LABS_POLICY)
    assert not result.ok
    assert len(result.reasons) == 3


def test_parse_error_reason() -> None:
    assert _reasons("SELEC 1").startswith("Could not parse SQL:")


def test_stacked_statements_reason() -> None:
    assert "one statement" in _reasons("SELECT 1; DROP TABLE patients")


def test_null_byte_rejected() -> None:
    assert "null byte" in _reasons("SELECT 1\x00; DROP TABLE patients")


@pytest.mark.parametrize("sql", ["", "   ", "\n\t "])
def test_empty_rejected(sql: str) -> None:
    assert "empty" in _reasons(sql)


def test_psql_meta_command_reason() -> None:
    assert "psql" in _reasons("\\! rm -rf /")


def test_backslash_inside_string_is_fine() -> None:
    result = validate_sql(r"SELECT id FROM lab_results WHERE value_text ~ '^\d+$'", LABS_POLICY)
    assert result.ok, result.reasons


def test_trailing_semicolon_is_fine() -> None:
    result = validate_sql("SELECT id FROM patients;  ", LABS_POLICY)
    assert result.ok
    assert result.sql == "SELECT id FROM patients"


def test_comments_are_removed_from_normalised_sql() -> None:
    result = validate_sql("SELECT 1 -- */ ; DROP TABLE patients; /*\n", LABS_POLICY)
    assert result.ok
    assert result.sql == "SELECT 1"


def test_empty_allowed_tables_means_no_restriction() -> None:
    policy = GuardPolicy(allowed_tables=frozenset())
    assert validate_sql("SELECT * FROM anything_at_all", policy).ok
    assert not validate_sql("SELECT * FROM pg_shadow", policy).ok
    assert not validate_sql("SELECT * FROM other_schema.x", policy).ok


def test_quoted_cte_name_is_case_sensitive() -> None:
    # Postgres folds unquoted names only: "PG_SHADOW" does not shadow pg_shadow.
    policy = GuardPolicy(allowed_tables=frozenset())
    assert not validate_sql('WITH "PG_SHADOW" AS (SELECT 1) SELECT * FROM pg_shadow', policy).ok
    assert validate_sql('WITH "x" AS (SELECT 1) SELECT * FROM x', LABS_POLICY).ok


def test_public_prefix_in_policy_and_query() -> None:
    policy = GuardPolicy(allowed_tables=frozenset({"public.patients"}))
    assert validate_sql("SELECT * FROM patients", policy).ok
    assert validate_sql("SELECT * FROM public.patients", policy).ok
    assert not validate_sql("SELECT * FROM lab_results", policy).ok


def test_system_catalog_allowed_when_listed_explicitly() -> None:
    policy = GuardPolicy(allowed_tables=frozenset({"pg_catalog.pg_class"}))
    assert validate_sql("SELECT relname FROM pg_catalog.pg_class", policy).ok


def test_denylist_beats_a_careless_allowlist() -> None:
    policy = GuardPolicy(
        allowed_tables=frozenset(),
        allowed_functions=DEFAULT_FUNCTION_ALLOWLIST | {"pg_sleep", "set_config", "lo_import"},
    )
    for call in ("pg_sleep(1)", "set_config('a', 'b', false)", "lo_import('/etc/passwd')"):
        assert not validate_sql(f"SELECT {call}", policy).ok


def test_custom_function_allowlist() -> None:
    policy = GuardPolicy(allowed_tables=frozenset(), allowed_functions=DEFAULT_FUNCTION_ALLOWLIST | {"md5"})
    assert validate_sql("SELECT md5('x')", policy).ok
    assert not validate_sql("SELECT md5('x')", LABS_POLICY).ok


def test_join_and_subquery_budgets_are_configurable() -> None:
    sql = "SELECT 1 FROM patients p JOIN lab_reports r ON r.patient_id = p.id"
    assert not validate_sql(sql, GuardPolicy(allowed_tables=frozenset(), max_joins=0)).ok
    sub = "SELECT (SELECT 1)"
    assert not validate_sql(sub, GuardPolicy(allowed_tables=frozenset(), max_subqueries=0)).ok


def test_cte_definitions_do_not_count_as_subqueries() -> None:
    sql = "WITH a AS (SELECT 1 AS x), b AS (SELECT 2 AS x), c AS (SELECT 3 AS x) SELECT * FROM a, b, c"
    assert validate_sql(sql, LABS_POLICY).ok


def test_validation_never_raises_on_odd_input() -> None:
    for sql in ["(((((", "'", '"', "$$", "/*", "SELECT " + "(" * 500 + "1" + ")" * 500]:
        result = validate_sql(sql, LABS_POLICY)
        assert isinstance(result, ValidationResult)


def test_enforce_limit_caps_large_limit() -> None:
    assert enforce_limit("SELECT id FROM patients LIMIT 1000", 20) == ("SELECT id FROM patients LIMIT 20")


def test_enforce_limit_adds_missing_limit() -> None:
    assert enforce_limit("SELECT id FROM patients", 20) == "SELECT id FROM patients LIMIT 20"


def test_enforce_limit_keeps_smaller_limit() -> None:
    assert enforce_limit("SELECT id FROM patients LIMIT 5", 20) == ("SELECT id FROM patients LIMIT 5")


def test_enforce_limit_on_set_operation_and_cte() -> None:
    assert enforce_limit("SELECT 1 UNION SELECT 2 LIMIT 100", 20) == ("SELECT 1 UNION SELECT 2 LIMIT 20")
    assert enforce_limit("WITH a AS (SELECT 1 AS x) SELECT x FROM a OFFSET 3", 20) == (
        "WITH a AS (SELECT 1 AS x) SELECT x FROM a LIMIT 20 OFFSET 3"
    )


def test_enforce_limit_wraps_uncomparable_limits() -> None:
    assert enforce_limit("SELECT 1 LIMIT ALL", 20) == ("SELECT * FROM (SELECT 1 LIMIT ALL) AS _capped LIMIT 20")
    assert enforce_limit("SELECT 1 FETCH FIRST 50 ROWS ONLY", 20) == "SELECT 1 LIMIT 20"


def test_enforce_limit_rejects_non_queries() -> None:
    with pytest.raises(ValueError):
        enforce_limit("DELETE FROM patients", 20)
    with pytest.raises(ValueError):
        enforce_limit("SELECT 1; SELECT 2", 20)


def test_max_limit_policy_caps_but_does_not_reject() -> None:
    policy = GuardPolicy(allowed_tables=frozenset({"patients"}), max_limit=20)
    result = validate_sql("SELECT id FROM patients LIMIT 1000", policy)
    assert result.ok
    assert result.sql == "SELECT id FROM patients LIMIT 20"
    assert validate_sql("SELECT id FROM patients", policy).sql == ("SELECT id FROM patients LIMIT 20")
