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
    assert result.rejections
    assert all(rejection.message.strip() for rejection in result.rejections)


@pytest.mark.parametrize(("title", "sql"), BENIGN, ids=[title for title, _ in BENIGN])
def test_benign_is_accepted(title: str, sql: str) -> None:
    result = validate_sql(sql, LABS_POLICY)
    assert result.ok is True, f"{title!r} was rejected: {result.reasons}"
    assert result.rejections == [] and result.reasons == []
    assert result.sql
    # The normalised SQL must itself be accepted (what we return is what gets executed).
    assert validate_sql(result.sql, LABS_POLICY).ok


def _rejections(sql: str, policy: GuardPolicy = LABS_POLICY) -> list[tuple[str, str | None, int | None]]:
    """(code, subject, count) of every rejection of ``sql``, in order."""
    result = validate_sql(sql, policy)
    assert not result.ok
    return [(r.code, r.subject, r.count) for r in result.rejections]


# One case per rule: the stable code, what it names, and the number measured when a limit was exceeded.
RULE_CASES: list[tuple[str, str, tuple[str, str | None, int | None]]] = [
    ("empty", "", ("empty", None, None)),
    ("blank", "  \n\t ", ("empty", None, None)),
    ("null byte", "SELECT 1\x00; DROP TABLE patients", ("null_byte", None, None)),
    ("too long", "SELECT " + "1" * 100_000, ("too_long", None, 100_007)),
    ("psql meta-command", "\\! rm -rf /", ("psql_meta_command", None, None)),
    ("parse error", "SELEC 1", ("parse_error", None, None)),
    ("no statement", ";", ("no_statement", None, None)),
    ("stacked statements", "SELECT 1; DROP TABLE patients", ("multiple_statements", "SELECT, DROP", 2)),
    ("not a select", "DELETE FROM patients", ("not_select", "DELETE", None)),
    (
        "DML inside a CTE",
        "WITH x AS (DELETE FROM patients RETURNING *) SELECT * FROM x",
        ("nested_statement", "DELETE", None),
    ),
    ("select into", "SELECT * INTO evil FROM patients", ("select_into", "evil", None)),
    ("empty target list", "SELECT", ("empty_select", None, None)),
    ("row lock", "SELECT id FROM patients FOR UPDATE", ("row_lock", "FOR UPDATE", None)),
    ("uescape", "SELECT U&'x!0041' UESCAPE '!'", ("unicode_escape", None, None)),
    ("cast to a catalog type", "SELECT 'pg_authid'::regclass", ("system_cast", "regclass", None)),
    ("cast to a foreign type", "SELECT 'x'::myschema.mytype", ("cast_type_schema", "myschema.mytype", None)),
    (
        "database-qualified table",
        "SELECT * FROM db.public.patients",
        ("table_database_qualified", "db.public.patients", None),
    ),
    ("system catalog", "SELECT * FROM pg_shadow", ("system_catalog", "pg_shadow", None)),
    ("other schema", "SELECT * FROM other_schema.patients", ("table_schema", "other_schema.patients", None)),
    ("table not listed", "SELECT * FROM sql_generation_logs", ("table_not_allowed", "sql_generation_logs", None)),
    ("denied function", "SELECT * FROM patients WHERE pg_sleep(5) IS NULL", ("function_denied", "pg_sleep", None)),
    ("function not listed", "SELECT md5('x')", ("function_not_allowed", "md5", None)),
    ("function in another schema", "SELECT evil.lower('x')", ("function_schema", "evil.lower", None)),
    ("session function", "SELECT current_role", ("session_function", "current_role", None)),
    ("field selection", "SELECT (p).to_jsonb FROM patients p", ("field_selection", "(p).to_jsonb", None)),
    ("column of four parts", "SELECT a.b.c.d FROM patients", ("column_too_many_parts", "a.b.c.d", None)),
    ("unknown qualifier", "SELECT z.id FROM patients p", ("unknown_qualifier", "z.id", None)),
    (
        "function name as an unchecked column",
        "SELECT p.to_jsonb FROM patients p",
        ("column_unchecked_function", "p.to_jsonb", None),
    ),
    (
        "too many joins",
        "SELECT 1 FROM patients p " + " ".join(f"JOIN lab_results l{i} ON l{i}.patient_id = p.id" for i in range(9)),
        ("too_many_joins", None, 9),
    ),
    ("too many subqueries", "SELECT (SELECT 1), (SELECT 2), (SELECT 3)", ("too_many_subqueries", None, 3)),
]


@pytest.mark.parametrize(("title", "sql", "expected"), RULE_CASES, ids=[title for title, _, _ in RULE_CASES])
def test_rejection_gives_code_subject_and_count(
    title: str, sql: str, expected: tuple[str, str | None, int | None]
) -> None:
    assert expected in _rejections(sql), title


COLUMNS_POLICY = GuardPolicy(
    allowed_tables=frozenset({"patients"}), table_columns={"patients": frozenset({"id"})}, max_limit=5
)
"""A policy that knows the table's columns and caps rows (the rules that need either)."""
COLUMN_CASES: list[tuple[str, str, tuple[str, str | None, int | None]]] = [
    ("not a column of the table", "SELECT p.to_jsonb FROM patients p", ("unknown_column", "p.to_jsonb", None)),
    (
        "schema of another table",
        "SELECT other.patients.id FROM public.patients",
        ("column_schema_mismatch", "other.patients.id", None),
    ),
    ("capped form does not read back", "SELECT ALL", ("not_normalisable", None, None)),
]


@pytest.mark.parametrize(("title", "sql", "expected"), COLUMN_CASES, ids=[title for title, _, _ in COLUMN_CASES])
def test_column_and_rendering_rejections(title: str, sql: str, expected: tuple[str, str | None, int | None]) -> None:
    assert _rejections(sql, COLUMNS_POLICY) == [expected], title


def test_reasons_are_the_rejection_messages_in_the_serialised_result() -> None:
    # HTTP and the CLI read `reasons`: it stays in the JSON, one sentence per rejection.
    dumped = validate_sql("SELECT pg_sleep(1) FROM pg_shadow", LABS_POLICY).model_dump(mode="json")
    assert dumped["reasons"] == [r["message"] for r in dumped["rejections"]]
    assert [r["code"] for r in dumped["rejections"]] == ["system_catalog", "function_denied"]


def test_collects_several_reasons() -> None:
    rejections = _rejections("SELECT pg_sleep(1) FROM pg_shadow FOR UPDATE")
    assert rejections == [
        ("row_lock", "FOR UPDATE", None),
        ("system_catalog", "pg_shadow", None),
        ("function_denied", "pg_sleep", None),
    ]


def test_one_rejection_per_distinct_problem() -> None:
    assert _rejections("SELECT pg_sleep(1), pg_sleep(1)") == [("function_denied", "pg_sleep", None)]


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
