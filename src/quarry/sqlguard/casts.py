"""Cast rule of the SQL guard: no casts to catalog, object-identifier or system types.

``'pg_authid'::regclass``, ``CAST('postgres' AS pg_catalog.regrole)`` and friends look names
up in the system catalogs (and ``::oid`` / ``::regprocedure`` turn them back into names), so
a query could list roles, tables and functions without ever naming a catalog table. The
types are matched with or without a schema, inside arrays, and for every spelling sqlglot
produces (``ObjectIdentifier`` nodes, user-defined types, ``schema.type`` dots).
"""

from __future__ import annotations

from sqlglot import exp

from quarry.sqlguard.rejection import Rejection

SYSTEM_TYPES: frozenset[str] = frozenset(
    {
        "oid", "xid", "xid8", "cid", "tid", "aclitem", "int2vector", "oidvector", "refcursor",
        "txid_snapshot", "cstring", "internal", "record", "anyelement", "anyarray",
        "anynonarray", "anyenum", "anyrange", "anymultirange", "anycompatible",
        "anycompatiblearray", "trigger", "event_trigger", "language_handler",
        "fdw_handler", "index_am_handler", "tsm_handler", "table_am_handler",
    }
)  # fmt: skip
"""Type names refused besides the ``reg*`` and ``pg_*`` families (``regclass``,
``regrole``, ``regprocedure``, ``pg_lsn``, ``pg_snapshot``, ``pg_node_tree``, ...)."""

_TYPE_SCHEMAS = frozenset({"", "public", "pg_catalog"})


def _type_name(node: exp.Expr) -> tuple[str, str]:
    """``(schema, name)`` of a type node, lower-cased; schema is "" when unqualified."""
    if isinstance(node, exp.ObjectIdentifier):
        return "", node.name.lower()
    assert isinstance(node, exp.DataType)
    kind = node.args.get("kind")
    if isinstance(kind, exp.Dot):
        return kind.this.name.lower(), kind.expression.name.lower()
    if isinstance(kind, exp.Expr):
        return "", kind.name.lower()
    if isinstance(node.this, exp.DType):
        return "", node.this.value.lower()
    return "", str(node.this).lower()


def is_system_type(name: str) -> bool:
    """True for object-identifier and system type names (``regclass``, ``oid``, ``pg_lsn``)."""
    return name in SYSTEM_TYPES or name.startswith(("reg", "pg_", "_"))


def check_casts(root: exp.Expr) -> list[Rejection]:
    """Casts (and typed literals) may not target catalog/OID/system types.

    >>> from quarry.sqlguard.parsing import parse_single
    >>> [(r.code, r.subject) for r in check_casts(parse_single("SELECT CAST('postgres' AS pg_catalog.regrole)")[0])]
    [('system_cast', 'pg_catalog.regrole')]
    """
    reasons: list[Rejection] = []
    for node in root.find_all(exp.DataType, exp.ObjectIdentifier):
        schema, name = _type_name(node)
        shown = f"{schema}.{name}" if schema else name
        if is_system_type(name):
            message = f"Casts to the system type {shown} are not allowed (they look up system catalogs)."
            reasons.append(Rejection(code="system_cast", subject=shown, message=message))
        elif schema not in _TYPE_SCHEMAS:
            message = f"Casts to the type {shown} are not allowed (only built-in and public types)."
            reasons.append(Rejection(code="cast_type_schema", subject=shown, message=message))
    return reasons
