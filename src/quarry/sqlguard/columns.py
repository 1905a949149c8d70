"""Column rule of the SQL guard: every qualified column must be a real column.

Why: PostgreSQL treats ``rel.name`` as ``name(rel)`` when ``rel`` has no column ``name``
(attribute notation). ``SELECT p.pg_restore_relation_stats FROM patients p`` therefore
*calls* a function the function allowlist never saw, and ``p.to_jsonb`` or ``p.text``
dump whole rows. The same holds for field selection on any expression:
``(p).to_jsonb``, ``(ARRAY[p])[1].to_jsonb``, ``x::text.length``.

So: field selection on an expression is refused outright (reporting queries never need
it), and a qualified column ``q.name`` must name a column that ``q`` really has, known
from the policy's ``table_columns`` for real tables and from the select list for derived
tables and CTEs. Where the columns cannot be known (a table the policy lists no columns
for, a ``SELECT *`` over such a table), names that are function names Postgres could call
this way are refused instead; that fallback is a net, the column list is the fix.
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.optimizer.normalize_identifiers import normalize_identifiers
from sqlglot.optimizer.scope import Scope, traverse_scope

from quarry.sqlguard.functions import function_name, is_denied_function
from quarry.sqlguard.parsing import DIALECT
from quarry.sqlguard.policy import GuardPolicy
from quarry.sqlguard.rejection import Rejection

ROW_FUNCTIONS: frozenset[str] = frozenset(
    {
        "to_json", "to_jsonb", "row_to_json", "json_populate_record", "jsonb_populate_record",
        "hstore", "num_nulls", "num_nonnulls", "quote_literal", "quote_nullable", "md5",
        "sha224", "sha256", "sha384", "sha512", "array_to_json", "json_build_array",
        "jsonb_build_array", "row", "format", "concat", "concat_ws",
    }
)  # fmt: skip
"""Functions that take a whole row (polymorphic, ``record`` or ``any`` arguments): with
attribute notation they read every column of a row. Used only by the fallback for tables
without a column list, together with the denied function families; type names such as
``name`` or ``text`` (a row cast to text) are left out there, as real columns use them."""

Columns = frozenset[str] | None
"""Output column names of a source; None when they cannot be known statically."""


def _callable_name(name: str) -> bool:
    """True when ``name`` could be a function Postgres calls via attribute notation."""
    return is_denied_function(name) or name in ROW_FUNCTIONS


def _alias_columns(node: exp.Expr | None) -> Columns:
    """Column names given in ``AS s(a, b)`` / ``WITH x(a, b)``, else None."""
    alias = node.args.get("alias") if node is not None else None
    if isinstance(alias, exp.TableAlias) and alias.columns:
        return frozenset(col.name for col in alias.columns)
    return None


def _projection_name(projection: exp.Expr) -> str:
    """The column name Postgres gives a select-list item (roughly ``FigureColname``)."""
    if projection.alias:
        return projection.alias
    node = projection.unalias()
    while isinstance(node, exp.Cast | exp.Paren):
        node = node.this
    if isinstance(node, exp.Column | exp.Dot):
        return node.name
    if isinstance(node, exp.Func):
        return function_name(node)
    return "?column?"


def _source_columns(source: exp.Expr | Scope, known: dict[str, frozenset[str]]) -> Columns:
    """Columns of a FROM source: a real table (from the policy) or a derived table/CTE."""
    if isinstance(source, Scope):
        renamed = _alias_columns(source.expression.parent)
        return renamed if renamed is not None else _scope_columns(source, known)
    if isinstance(source, exp.Table):
        renamed = _alias_columns(source)
        if renamed is not None:
            return renamed
        if isinstance(source.this, exp.Identifier) and source.db in ("", "public"):
            return known.get(source.name)
    return None


def _scope_columns(scope: Scope, known: dict[str, frozenset[str]]) -> Columns:
    """Output columns of a query scope (the first branch of a set operation)."""
    branches = getattr(scope, "set_operation_scopes", None)
    if branches:
        return _scope_columns(branches[0], known)
    select = scope.expression
    if not isinstance(select, exp.Select):
        return None
    names: set[str] = set()
    for projection in select.expressions:
        star_of: list[exp.Expr | Scope] | None = None
        if isinstance(projection, exp.Star):
            star_of = list(scope.sources.values())
        elif isinstance(projection, exp.Column) and isinstance(projection.this, exp.Star):
            found = scope.sources.get(projection.table)
            star_of = [found] if found is not None else []
        if star_of is None:
            names.add(_projection_name(projection))
            continue
        for source in star_of:
            columns = _source_columns(source, known)
            if columns is None:
                return None
            names |= columns
    return frozenset(names)


def _resolve(scope: Scope | None, qualifier: str) -> exp.Expr | Scope | None:
    """The source a qualifier names, searching outward for correlated references."""
    while scope is not None:
        found = scope.sources.get(qualifier)
        if found is not None:
            return found
        scope = scope.parent
    return None


def _scope_of(node: exp.Expr, scopes: dict[int, Scope]) -> Scope | None:
    """The innermost query scope containing ``node``."""
    parent = node.parent
    while parent is not None and id(parent) not in scopes:
        parent = parent.parent
    return scopes[id(parent)] if parent is not None else None


def _field_selections(root: exp.Expr) -> list[Rejection]:
    reasons = []
    for dot in root.find_all(exp.Dot):
        if isinstance(dot.expression, exp.Func) or dot.find_ancestor(exp.DataType) is not None:
            continue  # schema-qualified call (function rules) or a qualified type name (cast rules)
        shown = dot.sql(dialect=DIALECT, comments=False)
        message = f"Field selection {shown} is not allowed (PostgreSQL may run it as a function call)."
        reasons.append(Rejection(code="field_selection", subject=shown, message=message))
    return reasons


def check_columns(root: exp.Expr, policy: GuardPolicy) -> list[Rejection]:
    """Qualified columns must be real columns of what they qualify; no field selection.

    >>> from quarry.sqlguard.parsing import parse_single
    >>> policy = GuardPolicy(allowed_tables=frozenset({"t"}), table_columns={"t": frozenset({"a"})})
    >>> [r.message for r in check_columns(parse_single("SELECT x.to_jsonb FROM t x")[0], policy)]
    ['Column x.to_jsonb does not exist in t (PostgreSQL would call to_jsonb(x) instead).']
    """
    reasons = _field_selections(root)
    normalised = normalize_identifiers(root.copy(), dialect=DIALECT)
    qualified = [
        col
        for col in normalised.find_all(exp.Column)
        if col.table and not isinstance(col.this, exp.Star) and not col.find_ancestor(exp.DataType)
    ]
    if not qualified:
        return reasons
    known = policy.normalised_columns()
    scopes = {id(scope.expression): scope for scope in traverse_scope(normalised)}
    for column in qualified:
        shown = column.sql(dialect=DIALECT, comments=False)
        name, qualifier = column.name, column.table
        if column.catalog:
            message = f"Column reference {shown} has too many parts."
            reasons.append(Rejection(code="column_too_many_parts", subject=shown, message=message))
            continue
        source = _resolve(_scope_of(column, scopes), qualifier)
        if source is None:
            message = f"Column {shown} refers to {qualifier}, which is not a table or alias of the query."
            reasons.append(Rejection(code="unknown_qualifier", subject=shown, message=message))
            continue
        if column.db and not (isinstance(source, exp.Table) and source.db in (column.db, "")):
            message = f"Column reference {shown} has a schema that does not match its table."
            reasons.append(Rejection(code="column_schema_mismatch", subject=shown, message=message))
            continue
        columns = _source_columns(source, known)
        if columns is None:
            if _callable_name(name):
                message = (
                    f"Column {shown} cannot be checked and {name} is a function name "
                    f"(PostgreSQL could call {name}({qualifier}))."
                )
                reasons.append(Rejection(code="column_unchecked_function", subject=shown, message=message))
        elif name not in columns:
            table = source.name if isinstance(source, exp.Table) else qualifier
            message = f"Column {shown} does not exist in {table} (PostgreSQL would call {name}({qualifier}) instead)."
            reasons.append(Rejection(code="unknown_column", subject=shown, message=message))
    return reasons
