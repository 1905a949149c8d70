"""Size bounds written into an accepted query: the guard's share of the sandbox's memory and time caps.

Some functions build or scan values whose size the query itself chooses, and a few of them
run for seconds without ever checking for a cancel (pg_trgm's ``similarity`` over two
250 MB strings ran 17-22 s past a 5 s ``statement_timeout`` at 2 GB). The backend's memory
cap (``quarry.db.backend_limits``) stops such values at 256 MB, but a string just under
that cap still keeps ``word_similarity`` busy for seconds, and a server Quarry cannot cap
(a remote ``DATABASE_URL``) has no memory cap at all. So the regenerated SQL bounds them:

- ``lpad``/``rpad``/``repeat``: the requested length becomes ``LEAST(n, MAX_BUILT_CHARS)``;
- ``similarity``/``word_similarity``/``strict_word_similarity``: each argument becomes
  ``LEFT(x, MAX_TRIGRAM_CHARS)``; nobody compares names or test titles by trigrams beyond
  that length;
- ``a % b`` becomes ``MOD(a, b)``: the same for numbers, while pg_trgm's text ``%``
  operator (the unbounded similarity test) is no longer reachable.

Rewriting instead of rejecting keeps ordinary queries (``lpad(month::text, 2, '0')``)
working and the model's retry budget for real mistakes.
"""

from __future__ import annotations

from sqlglot import exp

MAX_BUILT_CHARS = 10_000
"""Longest string lpad/rpad/repeat may build inside the sandbox."""
MAX_TRIGRAM_CHARS = 2_000
"""Characters of each argument a trigram similarity function sees."""
TRIGRAM_FUNCTIONS = frozenset({"similarity", "word_similarity", "strict_word_similarity"})


def _least(size: exp.Expr, cap: int) -> exp.Expr:
    """``size`` when it is a literal within ``cap``, the cap for a larger literal, else ``LEAST(size, cap)``."""
    if isinstance(size, exp.Literal) and size.is_int:
        return size if int(size.name) <= cap else exp.Literal.number(cap)
    return exp.Least(this=size, expressions=[exp.Literal.number(cap)])


def _bound(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.Pad) and node.expression is not None:
        node.set("expression", _least(node.expression, MAX_BUILT_CHARS))
    elif isinstance(node, exp.Repeat) and node.args.get("times") is not None:
        node.set("times", _least(node.args["times"], MAX_BUILT_CHARS))
    elif isinstance(node, exp.Anonymous) and node.name.lower() in TRIGRAM_FUNCTIONS:
        node.set(
            "expressions",
            [exp.Left(this=arg, expression=exp.Literal.number(MAX_TRIGRAM_CHARS)) for arg in node.expressions],
        )
    elif isinstance(node, exp.Mod):
        return exp.Anonymous(this="MOD", expressions=[node.this, node.expression])
    return node


def bound_sizes(root: exp.Expr) -> exp.Expr:
    """``root`` with every size-choosing call bounded (see the module docstring); not copied."""
    return root.transform(_bound, copy=False)
