"""Attribute notation and catalog casts (issue 11): `p.to_jsonb` is `to_jsonb(p)` to PostgreSQL."""

from __future__ import annotations

import pytest

from quarry.apps.labs.policy import LABS_COLUMNS, LABS_TABLES, labs_policy
from quarry.db import get_database
from quarry.sqlguard import validate_sql
from tests.labs_support import load_test_data

POLICY = labs_policy()

ATTRIBUTE_CALLS = [
    ("restore stats", "SELECT p.pg_restore_relation_stats FROM patients p"),
    ("to_jsonb", "SELECT p.to_jsonb FROM patients p"),
    ("column size", "SELECT p.pg_column_size FROM patients p"),
    ("row as text", "SELECT p.text FROM patients p"),
    ("table name qualifier", "SELECT patients.to_jsonb FROM patients"),
    ("schema qualified", "SELECT public.patients.row_to_json FROM public.patients"),
    ("in where", "SELECT p.id FROM patients p WHERE p.pg_sleep IS NULL"),
    ("correlated", "SELECT id FROM patients p WHERE EXISTS (SELECT 1 FROM lab_results r WHERE r.md5 = p.full_name)"),
    ("derived table", "SELECT x.to_jsonb FROM (SELECT id FROM patients) x"),
    ("derived star", "SELECT x.to_json FROM (SELECT * FROM patients) x"),
    ("cte", "WITH c AS (SELECT id FROM patients) SELECT c.name FROM c"),
    ("field selection", "SELECT (p).to_jsonb FROM patients p"),
    ("field selection star", "SELECT (p.*).to_jsonb FROM patients p"),
    ("field of subscript", "SELECT (ARRAY[p])[1].to_jsonb FROM patients p"),
    ("field of cast", "SELECT p.full_name::text.length FROM patients p"),
    ("unknown qualifier", "SELECT q.id FROM patients p"),
]
REAL_COLUMNS = [
    ("alias", "SELECT p.full_name, r.value_numeric FROM patients p JOIN lab_results r ON r.patient_id = p.id"),
    ("table name", "SELECT patients.id FROM patients"),
    ("schema qualified", "SELECT public.patients.id FROM public.patients"),
    ("derived", "SELECT x.full_name FROM (SELECT * FROM patients) x"),
    ("cte aggregate", "WITH c AS (SELECT patient_id, count(*) FROM lab_results GROUP BY 1) SELECT c.count FROM c"),
    ("renamed", "SELECT u.x FROM unnest(ARRAY[1, 2]) AS u(x)"),
    ("union", "SELECT u.a FROM (SELECT 1 AS a UNION SELECT 2) u"),
    ("upper-case alias", "SELECT P.full_name FROM patients p"),
]
CASTS = [
    "SELECT CAST('postgres' AS pg_catalog.regrole)",
    "SELECT 'pg_authid'::regclass",
    "SELECT 'pg_authid'::pg_catalog.regclass",
    "SELECT CAST('pg_sleep(double precision)' AS regprocedure)",
    "SELECT 'x'::pg_catalog.regclass[]",
    "SELECT 1::oid",
    "SELECT 1::pg_catalog.oid",
    "SELECT '1'::xid",
    "SELECT '0/0'::pg_lsn",
    "SELECT 'english'::regconfig",
    "SELECT 'public'::regnamespace",
    "SELECT 'int4'::regtype",
    "SELECT '+'::regoper",
    "SELECT 'C'::regcollation",
    "SELECT 'simple'::regdictionary",
    "SELECT 'x'::other_schema.some_type",
]


@pytest.mark.parametrize(("title", "sql"), ATTRIBUTE_CALLS, ids=[t for t, _ in ATTRIBUTE_CALLS])
def test_attribute_notation_is_rejected(title: str, sql: str) -> None:
    result = validate_sql(sql, POLICY)
    assert not result.ok, f"{title}: {result.sql}"


@pytest.mark.parametrize(("title", "sql"), REAL_COLUMNS, ids=[t for t, _ in REAL_COLUMNS])
def test_real_columns_pass(title: str, sql: str) -> None:
    result = validate_sql(sql, POLICY)
    assert result.ok, f"{title}: {result.reasons}"


@pytest.mark.parametrize("sql", CASTS)
def test_catalog_casts_are_rejected(sql: str) -> None:
    result = validate_sql(sql, POLICY)
    assert not result.ok and {r.code for r in result.rejections} & {"system_cast", "cast_type_schema"}, result


def test_ordinary_casts_pass() -> None:
    sql = "SELECT CAST(value_numeric AS numeric(10, 2)), collected_at::date, 'x'::pg_catalog.text FROM lab_results"
    assert validate_sql(sql, POLICY).ok


def test_reason_names_the_function_call() -> None:
    reasons = validate_sql("SELECT p.to_jsonb FROM patients p", POLICY).reasons
    assert reasons == ["Column p.to_jsonb does not exist in patients (PostgreSQL would call to_jsonb(p) instead)."]


def test_labs_column_list_matches_the_database() -> None:
    settings = load_test_data()[0]
    rows = get_database(settings).fetch_all(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public' AND table_name = ANY(:tables)",
        {"tables": sorted(LABS_TABLES)},
    )
    actual: dict[str, set[str]] = {}
    for row in rows:
        actual.setdefault(row["table_name"], set()).add(row["column_name"])
    assert {table: set(columns) for table, columns in LABS_COLUMNS.items()} == actual
