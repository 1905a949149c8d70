"""Tree rules of the SQL guard: each takes the parsed statement and returns rejections.

Every rule walks the whole sqlglot tree instead of the top level only, because Postgres lets
dangerous pieces hide deep inside a query (``WITH d AS (DELETE ... RETURNING *) SELECT``,
``FOR UPDATE`` in a subquery, ``pg_sleep`` in a ``WHERE``).
"""

from __future__ import annotations

from sqlglot import exp

from quarry.sqlguard.functions import SQL_VALUE_FUNCTIONS, function_name, is_denied_function
from quarry.sqlguard.parsing import statement_keyword
from quarry.sqlguard.policy import GuardPolicy
from quarry.sqlguard.rejection import Rejection

QUERY_ROOTS: tuple[type[exp.Expr], ...] = (exp.Select, exp.SetOperation, exp.Subquery)
"""Node types accepted as the statement itself: SELECT (with or without WITH), set
operations of SELECTs, and a parenthesised query."""

FORBIDDEN_STATEMENTS: tuple[type[exp.Expr], ...] = (
    exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Create, exp.Drop, exp.Alter,
    exp.AlterSession, exp.TruncateTable, exp.Grant, exp.Revoke, exp.Comment, exp.Copy,
    exp.Command, exp.Set, exp.Show, exp.Transaction, exp.Commit, exp.Rollback, exp.Analyze,
    exp.Use, exp.Describe, exp.Pragma, exp.Kill, exp.Cache, exp.Uncache, exp.Refresh,
    exp.LoadData, exp.Execute, exp.Declare, exp.Summarize, exp.Attach, exp.Detach,
    exp.Install, exp.Export, exp.Undrop, exp.LockingStatement, exp.SwapTable,
    exp.ConnectTo, exp.Disconnect,
)  # fmt: skip
"""Statement nodes rejected wherever they appear. ``exp.Command`` is sqlglot's fallback for
syntax it does not model (DO, CALL, PREPARE, EXECUTE, LOCK, VACUUM, EXPLAIN ANALYZE, ...),
so anything it could not understand is refused rather than trusted. A bare ``VALUES``
statement is refused by the root check only (``VALUES`` is harmless inside FROM or a CTE)."""

_SYSTEM_SCHEMAS = frozenset({"pg_catalog", "information_schema", "pg_toast"})
_FUNCTION_SCHEMAS = frozenset({"public", "pg_catalog"})
_REPORTED = (exp.Into, exp.Lock)


def check_statements(root: exp.Expr) -> list[Rejection]:
    """Only a read query at the top; no DML/DDL/utility statement anywhere below it."""
    if not isinstance(root, QUERY_ROOTS):
        keyword = statement_keyword(root)
        message = f"Only SELECT statements are allowed; found {keyword}."
        return [Rejection(code="not_select", subject=keyword, message=message)]
    reasons: list[Rejection] = []
    for node in root.walk():
        if node is root or not isinstance(node, FORBIDDEN_STATEMENTS):
            continue
        keyword = statement_keyword(node)
        message = f"{keyword} statements are not allowed anywhere in the query, including inside CTEs or subqueries."
        reasons.append(Rejection(code="nested_statement", subject=keyword, message=message))
    for into in root.find_all(exp.Into):
        target = into.this.sql(dialect="postgres", comments=False) if into.this else None
        message = f"SELECT ... INTO is not allowed (it would create {target or 'a table'})."
        reasons.append(Rejection(code="select_into", subject=target, message=message))
    if any(not select.expressions for select in root.find_all(exp.Select)):
        # "SELECT LIMIT 5" cannot be re-read
        reasons.append(Rejection(code="empty_select", message="A SELECT must name at least one column."))
    for lock in root.find_all(exp.Lock):
        clause = lock.sql(dialect="postgres", comments=False).strip() or "FOR UPDATE"
        message = f"Row-locking clauses are not allowed; found {clause}."
        reasons.append(Rejection(code="row_lock", subject=clause, message=message))
    return reasons


def check_unicode_escapes(root: exp.Expr) -> list[Rejection]:
    """``U&'...' UESCAPE 'c'`` is refused: a custom escape character changes how the
    literal decodes, and reporting SQL never needs it (plain ``U&'\\00e9'`` is fine)."""
    return [
        Rejection(code="unicode_escape", message="Unicode strings with a UESCAPE clause are not allowed.")
        for node in root.find_all(exp.UnicodeString)
        if node.args.get("escape") is not None
    ][:1]


def check_functions(root: exp.Expr, policy: GuardPolicy) -> list[Rejection]:
    """Every call must be allowlisted, never denylisted, and unqualified or public/pg_catalog."""
    allowed = policy.normalised_functions()
    reasons: list[Rejection] = []
    for func in root.find_all(exp.Func):
        if isinstance(func, exp.Connector):
            continue  # AND / OR / XOR are boolean operators that sqlglot models as functions
        name = function_name(func)
        if is_denied_function(name):
            message = f"Function {name}() is not allowed (dangerous server function)."
            reasons.append(Rejection(code="function_denied", subject=name, message=message))
        elif name not in allowed:
            message = f"Function {name}() is not in the allowed function list."
            reasons.append(Rejection(code="function_not_allowed", subject=name, message=message))
        schema = _function_schema(func)
        if schema is not None and schema.lower() not in _FUNCTION_SCHEMAS:
            message = (
                f"Function {name}() is qualified with schema '{schema}'; only public "
                "and pg_catalog functions may be called."
            )
            reasons.append(Rejection(code="function_schema", subject=f"{schema}.{name}", message=message))
    for column in root.find_all(exp.Column):
        ident = column.this
        if (
            isinstance(ident, exp.Identifier)
            and not ident.quoted
            and not column.table
            and ident.this.lower() in SQL_VALUE_FUNCTIONS
        ):
            name = ident.this.lower()
            message = f"Function {name} is not allowed (session information)."
            reasons.append(Rejection(code="session_function", subject=name, message=message))
    return reasons


def _function_schema(func: exp.Func) -> str | None:
    """Schema a call is qualified with (``s.f(x)`` or ``FROM s.f(x)``), else None."""
    parent = func.parent
    if isinstance(parent, exp.Dot) and parent.expression is func:
        return parent.this.sql(dialect="postgres", comments=False)
    if isinstance(parent, exp.Table) and parent.this is func and (parent.db or parent.catalog):
        return ".".join(part for part in (parent.catalog, parent.db) if part)
    return None


def pg_name(identifier: exp.Expr | None) -> str:
    """An identifier as Postgres resolves it: unquoted names fold to lower case, quoted
    names are exact. ``"PG_SHADOW"`` and ``pg_shadow`` are different names to Postgres, so
    comparing them case-insensitively would let a quoted CTE name "hide" a real table."""
    if isinstance(identifier, exp.Identifier):
        return identifier.this if identifier.quoted else identifier.this.lower()
    return identifier.name.lower() if identifier is not None else ""


def _cte_names(with_: exp.Expr | None, upto: exp.Expr | None = None) -> set[str]:
    """CTE names of ``with_``; when ``upto`` is one of its CTEs, only those before it."""
    if not isinstance(with_, exp.With):
        return set()
    names: set[str] = set()
    for cte in with_.expressions:
        if cte is upto and not with_.args.get("recursive"):
            break
        alias = cte.args.get("alias")
        names.add(pg_name(alias.this if isinstance(alias, exp.TableAlias) else None))
    return names


def refers_to_cte(table: exp.Table) -> bool:
    """True when an unqualified table name resolves to a CTE visible at that point.

    Follows Postgres scoping: a CTE is visible to its query's body and, in a non-recursive
    WITH, only to the CTEs declared after it. A CTE declared in an inner scope does not hide
    a real table of the same name in an outer scope.
    """
    if table.db or table.catalog:
        return False
    name = pg_name(table.this)
    child: exp.Expr = table
    node = table.parent
    while node is not None:
        if isinstance(node, exp.With):
            if name in _cte_names(node, upto=child):
                return True
        elif isinstance(node, exp.Query):
            with_ = node.args.get("with_")
            if with_ is not None and with_ is not child and name in _cte_names(with_):
                return True
        child, node = node, node.parent
    return False


def check_tables(root: exp.Expr, policy: GuardPolicy) -> list[Rejection]:
    """Tables must be allowlisted (if a list is given), in public, and not system catalogs."""
    allowed = policy.normalised_tables()
    reasons: list[Rejection] = []
    for table in root.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier) or isinstance(table.parent, _REPORTED):
            continue  # table functions go through the function rules; INTO/FOR UPDATE OF are
            # already reported by check_statements
        if refers_to_cte(table):
            continue
        name, schema = pg_name(table.this), pg_name(table.args.get("db"))
        shown = ".".join(part for part in (table.catalog, table.db, table.name) if part)
        if table.catalog:
            message = f"Database-qualified table name {shown} is not allowed."
            reasons.append(Rejection(code="table_database_qualified", subject=shown, message=message))
            continue
        if f"{schema}.{name}" in allowed or (schema in ("", "public") and name in allowed):
            continue
        # System detection is case-insensitive on purpose: over-rejecting "PG_Shadow" is fine.
        low_schema, low_name = schema.lower(), name.lower()
        if low_schema in _SYSTEM_SCHEMAS or low_schema.startswith("pg_") or low_name.startswith("pg_"):
            message = f"System catalog {shown} is not allowed."
            reasons.append(Rejection(code="system_catalog", subject=shown, message=message))
        elif schema not in ("", "public"):
            message = f"Table {shown} is in schema '{schema}'; only public is allowed."
            reasons.append(Rejection(code="table_schema", subject=shown, message=message))
        elif allowed:
            message = f"Table {shown} is not in the allowed table list."
            reasons.append(Rejection(code="table_not_allowed", subject=shown, message=message))
    return reasons


def count_joins(root: exp.Expr) -> int:
    """Number of JOINs (including comma joins and LATERAL joins) anywhere in the tree."""
    return sum(1 for _ in root.find_all(exp.Join))


def count_subqueries(root: exp.Expr) -> int:
    """Number of nested queries, not counting CTE definitions.

    Counted: derived tables in FROM/JOIN, scalar subqueries, EXISTS/IN/ANY/ALL subqueries,
    and any of these inside CTE bodies. Not counted: the statement itself, the operands of
    a set operation (they are one query), and each CTE's own body, because CTEs are the
    readable way to structure a query and limiting them would push the model toward nesting.
    """
    total = 0
    for query in root.find_all(exp.Select, exp.SetOperation):
        parent = query.parent
        while isinstance(parent, exp.Subquery | exp.Paren):
            parent = parent.parent
        if parent is None or isinstance(parent, exp.SetOperation | exp.CTE):
            continue
        total += 1
    return total


def check_complexity(root: exp.Expr, policy: GuardPolicy) -> list[Rejection]:
    """Join and subquery budgets keep generated queries cheap and reviewable."""
    reasons: list[Rejection] = []
    joins = count_joins(root)
    if joins > policy.max_joins:
        message = f"Too many joins: {joins} (at most {policy.max_joins} allowed)."
        reasons.append(Rejection(code="too_many_joins", count=joins, message=message))
    subqueries = count_subqueries(root)
    if subqueries > policy.max_subqueries:
        message = (
            f"Too many subqueries: {subqueries} (at most {policy.max_subqueries} allowed; "
            "CTE definitions do not count)."
        )
        reasons.append(Rejection(code="too_many_subqueries", count=subqueries, message=message))
    return reasons
