"""Guard policy and result types, kept apart from the rules so both can import them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import BaseModel, Field, computed_field

from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.rejection import Rejection


@dataclass(frozen=True, kw_only=True)
class GuardPolicy:
    """What one application lets generated SQL touch.

    ``allowed_tables`` holds lower-case table names; ``public.x`` and ``x`` mean the same
    table, and an empty set means "no table restriction" (system catalogs and non-public
    schemas stay forbidden unless listed explicitly, e.g. ``pg_catalog.pg_class``).

    ``table_columns`` maps a table name to its real column names. PostgreSQL reads
    ``alias.name`` as the call ``name(alias)`` when the table has no such column, so the
    guard refuses qualified columns that are not listed here (see ``columns.py``). Give it
    for every allowed table; tables without an entry only get a name-based fallback.

    ``max_limit`` never causes a rejection. When it is set, ``validate_sql`` returns SQL whose
    outermost query already carries ``LIMIT <= max_limit`` (via ``enforce_limit``); callers
    that need a different cap can call ``enforce_limit`` themselves.
    """

    allowed_tables: frozenset[str]
    max_joins: int = 8
    max_subqueries: int = 2
    allowed_functions: frozenset[str] = DEFAULT_FUNCTION_ALLOWLIST
    max_limit: int | None = None
    table_columns: Mapping[str, frozenset[str]] = field(default_factory=dict, hash=False)

    def normalised_tables(self) -> frozenset[str]:
        """Allowed tables lower-cased, with a leading ``public.`` dropped."""
        out = set()
        for raw in self.allowed_tables:
            name = raw.strip().lower()
            out.add(name.removeprefix("public."))
        return frozenset(out)

    def normalised_columns(self) -> dict[str, frozenset[str]]:
        """``table_columns`` with lower-case table names, a leading ``public.`` dropped."""
        return {
            table.strip().lower().removeprefix("public."): frozenset(columns)
            for table, columns in self.table_columns.items()
        }

    def normalised_functions(self) -> frozenset[str]:
        """Allowed function names lower-cased."""
        return frozenset(name.strip().lower() for name in self.allowed_functions)


class ValidationResult(BaseModel):
    """Outcome of ``validate_sql``.

    When ``ok`` is true, ``sql`` is the statement regenerated from the checked syntax tree
    (Postgres dialect, comments removed). Execute ``sql``, never the raw input: that way the
    database runs exactly what was inspected, whatever the two parsers disagree on.
    """

    ok: bool = Field(description="True when the query may run (as ``sql``).")
    rejections: list[Rejection] = Field(default_factory=list, description="Every problem found, in order.")
    sql: str | None = Field(description="The regenerated, checked statement when ``ok``; else None.")

    @computed_field  # type: ignore[prop-decorator]
    @property
    def reasons(self) -> list[str]:
        """One sentence per rejection: what HTTP, the CLI and the model read (derived, so never out of step)."""
        return [rejection.message for rejection in self.rejections]
