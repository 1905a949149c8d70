"""Row caps: make the outermost query return at most N rows without rejecting it.

A missing or generous LIMIT is a cost problem, not a safety problem, so the guard repairs
it instead of failing the query and making the model try again.
"""

from __future__ import annotations

from sqlglot import exp

from quarry.sqlguard.parsing import parse_single


def _literal_int(node: exp.Expr | None) -> int | None:
    """The integer value of a plain numeric literal, else None."""
    if isinstance(node, exp.Literal) and node.is_int:
        return int(node.name)
    return None


def _limit_node(value: int) -> exp.Limit:
    return exp.Limit(expression=exp.Literal.number(value))


def cap_limit(query: exp.Expr, limit: int) -> exp.Expr:
    """Return ``query`` (modified in place when possible) with LIMIT min(existing, limit).

    Plain ``LIMIT n`` and ``FETCH FIRST n ROWS ONLY`` are rewritten in place. Anything the
    guard cannot compare (``LIMIT ALL``, expressions, parameters, ``WITH TIES``, percent)
    is kept and the whole query is wrapped as ``SELECT * FROM (...) AS _capped LIMIT n``.
    Set operations take the LIMIT on the whole operation, as Postgres defines it.
    """
    if limit < 0:
        raise ValueError("limit must be non-negative")
    current = query.args.get("limit")
    if isinstance(query, exp.Subquery) and current is None:
        if query.args.get("order") is None and query.args.get("offset") is None:
            # "(SELECT ... LIMIT 5) LIMIT 20" is an error in Postgres: cap the inner query.
            query.set("this", cap_limit(query.this, limit))
            return query
        return _wrap(query, limit)
    if current is None:
        query.set("limit", _limit_node(limit))
        return query
    if isinstance(current, exp.Limit) and not current.args.get("limit_options"):
        existing = _literal_int(current.expression)
        if existing is not None:
            query.set("limit", _limit_node(min(existing, limit)))
            return query
    if isinstance(current, exp.Fetch):
        options = current.args.get("limit_options")
        plain = options is None or not (options.args.get("percent") or options.args.get("with_ties"))
        existing = _literal_int(current.args.get("count"))
        if plain and existing is not None:
            query.set("limit", _limit_node(min(existing, limit)))
            return query
    return _wrap(query, limit)


def _wrap(query: exp.Expr, limit: int) -> exp.Expr:
    """``SELECT * FROM (<query>) AS _capped LIMIT n``: caps any query without touching it."""
    assert isinstance(query, exp.Query)
    return exp.select("*").from_(query.subquery("_capped")).limit(limit)


def enforce_limit(sql: str, limit: int) -> str:
    """Return ``sql`` (Postgres dialect) with LIMIT min(existing, limit) on the outermost query.

    Raises ``ValueError`` when ``sql`` is not a single parseable query; run ``validate_sql``
    first.
    """
    root, error = parse_single(sql)
    if root is None:
        raise ValueError(error.message if error else "Could not parse SQL.")
    if not isinstance(root, exp.Select | exp.SetOperation | exp.Subquery):
        raise ValueError("enforce_limit only applies to SELECT queries.")
    return cap_limit(root, limit).sql(dialect="postgres", comments=False)
