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

from quarry.sqlguard.bounds import bound_sizes
from quarry.sqlguard.casts import check_casts
from quarry.sqlguard.columns import check_columns
from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.limits import cap_limit, enforce_limit
from quarry.sqlguard.parsing import DIALECT, parse_single, reads_back
from quarry.sqlguard.policy import GuardPolicy, ValidationResult
from quarry.sqlguard.rejection import Rejection
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
    "Rejection",
    "ValidationResult",
    "enforce_limit",
    "validate_sql",
]


def _dedupe(rejections: list[Rejection]) -> list[Rejection]:
    """Keep the first rejection of each message, in order (one message per distinct problem)."""
    first: dict[str, Rejection] = {}
    for rejection in rejections:
        first.setdefault(rejection.message, rejection)
    return list(first.values())


def _collect_rejections(root: exp.Expr, policy: GuardPolicy) -> list[Rejection]:
    """All problems with a parsed statement.

    A statement that is not a query at all (``DROP``, ``CREATE FUNCTION``...) gets just that
    one rejection: table and function findings inside DDL would only be noise.
    """
    statement = check_statements(root)
    if not isinstance(root, QUERY_ROOTS):
        return statement
    return _dedupe(
        statement
        + check_unicode_escapes(root)
        + check_casts(root)
        + check_tables(root, policy)
        + check_functions(root, policy)
        + check_columns(root, policy)
        + check_complexity(root, policy)
    )


def _render(root: exp.Expr, policy: GuardPolicy) -> tuple[str | None, Rejection | None]:
    """Normalised Postgres SQL without comments, with the policy's row cap applied; or
    ``(None, rejection)`` when the checked tree cannot be written back as SQL (a query that
    cannot be regenerated is not run: executing the raw text would skip the guard)."""
    if isinstance(root, QUERY_ROOTS):
        root = bound_sizes(root.copy())
        if policy.max_limit is not None:
            root = cap_limit(root, policy.max_limit)
    try:
        rendered = root.sql(dialect=DIALECT, comments=False)
    except Exception as error:  # sqlglot generator bugs on odd trees
        kind = type(error).__name__
        message = f"The query could not be normalised for execution ({kind})."
        return None, Rejection(code="not_normalisable", subject=kind, message=message)
    # What runs must read back as what was checked ("SELECT ALL" + a LIMIT does not parse).
    if not reads_back(rendered):
        message = "The query could not be normalised for execution (it does not read back as SQL)."
        return None, Rejection(code="not_normalisable", message=message)
    return rendered, None


def _refused(rejections: list[Rejection]) -> ValidationResult:
    return ValidationResult(ok=False, rejections=rejections, sql=None)


def validate_sql(sql: str, policy: GuardPolicy) -> ValidationResult:
    """Check ``sql`` against ``policy``; never raises.

    Each rejection carries a stable code and one human sentence per problem. A missing or
    too-large LIMIT is not a rejection: when ``policy.max_limit`` is set the returned ``sql`` is
    already capped (see ``enforce_limit``).
    """
    try:
        root, unparsed = parse_single(sql)
        if root is None:
            return _refused([unparsed or Rejection(code="parse_error", message="Could not parse SQL.")])
        rejections = _collect_rejections(root, policy)
        if rejections:
            return _refused(rejections)
        sql_out, problem = _render(root, policy)
        if sql_out is None:
            return _refused([problem or Rejection(code="not_normalisable", message="Could not normalise SQL.")])
        return ValidationResult(ok=True, rejections=[], sql=sql_out)
    except Exception as error:  # fail closed: a guard bug must never let a query through
        message = f"The SQL guard failed to check this query: {error}"
        return _refused([Rejection(code="guard_error", subject=type(error).__name__, message=message)])
