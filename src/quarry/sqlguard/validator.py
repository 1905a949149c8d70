"""Parser-based validator for model-generated SQL.

The guard parses the text with sqlglot (Postgres dialect) and checks the syntax tree, never
the raw string: regular expressions cannot see through comments, quoting and nesting, a
parser can. A query passes only if it is one read-only SELECT that touches allowed tables
and calls allowed functions within the join and subquery budgets. The SQL handed back is
regenerated from the checked tree, so callers execute exactly what was inspected. (String
literals are regenerated for ``standard_conforming_strings = on``, the Postgres default.)

Defence in depth still belongs to the connection: a read-only role, a read-only
transaction and a ``statement_timeout``. The guard bounds what a query may touch, not how
long an allowed query (a huge ``generate_series``, a recursive CTE) may run.
"""

from __future__ import annotations

from sqlglot import exp

from quarry.sqlguard.casts import check_casts
from quarry.sqlguard.columns import check_columns
from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.limits import cap_limit, enforce_limit
from quarry.sqlguard.parsing import DIALECT, parse_single
from quarry.sqlguard.policy import GuardPolicy, ValidationResult
from quarry.sqlguard.rules import (
    QUERY_ROOTS,
    check_complexity,
    check_functions,
    check_statements,
    check_tables,
    check_unicode_escapes,
)

__all__ = [
    "DEFAULT_FUNCTION_ALLOWLIST",
    "GuardPolicy",
    "ValidationResult",
    "enforce_limit",
    "validate_sql",
]


def _dedupe(reasons: list[str]) -> list[str]:
    """Keep the first occurrence of each reason, in order (one message per distinct problem)."""
    return list(dict.fromkeys(reasons))


def _collect_reasons(root: exp.Expr, policy: GuardPolicy) -> list[str]:
    """All problems with a parsed statement.

    A statement that is not a query at all (``DROP``, ``CREATE FUNCTION``...) gets just that
    one reason: table and function findings inside DDL would only be noise.
    """
    statement_reasons = check_statements(root)
    if not isinstance(root, QUERY_ROOTS):
        return statement_reasons
    return _dedupe(
        statement_reasons
        + check_unicode_escapes(root)
        + check_casts(root)
        + check_tables(root, policy)
        + check_functions(root, policy)
        + check_columns(root, policy)
        + check_complexity(root, policy)
    )


def _render(root: exp.Expr, policy: GuardPolicy) -> tuple[str | None, str | None]:
    """Normalised Postgres SQL without comments, with the policy's row cap applied; or
    ``(None, reason)`` when the checked tree cannot be written back as SQL (a query that
    cannot be regenerated is not run: executing the raw text would skip the guard)."""
    if policy.max_limit is not None and isinstance(root, QUERY_ROOTS):
        root = cap_limit(root.copy(), policy.max_limit)
    try:
        rendered = root.sql(dialect=DIALECT, comments=False)
    except Exception as error:  # sqlglot generator bugs on odd trees
        return None, f"The query could not be normalised for execution ({type(error).__name__})."
    # What runs must read back as what was checked ("SELECT ALL" + a LIMIT does not parse).
    if parse_single(rendered)[0] is None:
        return None, "The query could not be normalised for execution (it does not read back as SQL)."
    return rendered, None


def validate_sql(sql: str, policy: GuardPolicy) -> ValidationResult:
    """Check ``sql`` against ``policy``; never raises.

    Rejections carry one human sentence per problem. A missing or too-large LIMIT is not a
    rejection: when ``policy.max_limit`` is set the returned ``sql`` is already capped (see
    ``enforce_limit``).
    """
    try:
        root, error = parse_single(sql)
        if root is None:
            return ValidationResult(ok=False, reasons=[error or "Could not parse SQL."], sql=None)
        reasons = _collect_reasons(root, policy)
        if reasons:
            return ValidationResult(ok=False, reasons=reasons, sql=None)
        sql_out, problem = _render(root, policy)
        if sql_out is None:
            return ValidationResult(ok=False, reasons=[problem or "Could not normalise SQL."], sql=None)
        return ValidationResult(ok=True, reasons=[], sql=sql_out)
    except Exception as error:  # fail closed: a guard bug must never let a query through
        return ValidationResult(ok=False, reasons=[f"The SQL guard failed to check this query: {error}"], sql=None)
