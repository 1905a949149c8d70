"""Guard policy and result types, kept apart from the rules so both can import them."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST


@dataclass(frozen=True, kw_only=True)
class GuardPolicy:
    """What one application lets generated SQL touch.

    ``allowed_tables`` holds lower-case table names; ``public.x`` and ``x`` mean the same
    table, and an empty set means "no table restriction" (system catalogs and non-public
    schemas stay forbidden unless listed explicitly, e.g. ``pg_catalog.pg_class``).

    ``max_limit`` never causes a rejection. When it is set, ``validate_sql`` returns SQL whose
    outermost query already carries ``LIMIT <= max_limit`` (via ``enforce_limit``); callers
    that need a different cap can call ``enforce_limit`` themselves.
    """

    allowed_tables: frozenset[str]
    max_joins: int = 8
    max_subqueries: int = 2
    allowed_functions: frozenset[str] = DEFAULT_FUNCTION_ALLOWLIST
    max_limit: int | None = None

    def normalised_tables(self) -> frozenset[str]:
        """Allowed tables lower-cased, with a leading ``public.`` dropped."""
        out = set()
        for raw in self.allowed_tables:
            name = raw.strip().lower()
            out.add(name.removeprefix("public."))
        return frozenset(out)

    def normalised_functions(self) -> frozenset[str]:
        """Allowed function names lower-cased."""
        return frozenset(name.strip().lower() for name in self.allowed_functions)


class ValidationResult(BaseModel):
    """Outcome of ``validate_sql``.

    When ``ok`` is true, ``sql`` is the statement regenerated from the checked syntax tree
    (Postgres dialect, comments removed). Execute ``sql``, never the raw input: that way the
    database runs exactly what was inspected, whatever the two parsers disagree on.
    """

    ok: bool
    reasons: list[str]
    sql: str | None
