"""Why the guard refused a query, as data: a stable code, what it is about, and the sentence.

Callers and tests branch on ``code`` / ``subject`` / ``count``; ``message`` is for people (HTTP
``reasons``, the CLI, the model's retry prompt) and may be reworded without breaking anyone.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RejectionCode = Literal[
    # the raw text, before parsing
    "empty",
    "null_byte",
    "too_long",
    "psql_meta_command",
    # parsing
    "parse_error",
    "no_statement",
    "multiple_statements",
    # statements
    "not_select",
    "nested_statement",
    "select_into",
    "empty_select",
    "row_lock",
    "unicode_escape",
    # casts
    "system_cast",
    "cast_type_schema",
    # tables
    "table_database_qualified",
    "system_catalog",
    "table_schema",
    "table_not_allowed",
    # functions
    "function_denied",
    "function_not_allowed",
    "function_schema",
    "session_function",
    # columns
    "field_selection",
    "column_too_many_parts",
    "unknown_qualifier",
    "column_schema_mismatch",
    "column_unchecked_function",
    "unknown_column",
    # budgets
    "too_many_joins",
    "too_many_subqueries",
    # after the checks
    "not_normalisable",
    "explain_failed",
    "guard_error",
]
"""Every reason the guard gives. ``explain_failed`` is the EXPLAIN gate (``readonly.explain``) that
callers run after validation; ``guard_error`` means the guard itself failed and refused to be safe."""


class Rejection(BaseModel):
    """One problem with a query."""

    model_config = ConfigDict(frozen=True)

    code: RejectionCode = Field(description="Stable snake_case key of the rule that refused the query.")
    subject: str | None = Field(
        None,
        description="What the rule names, as written in the query: a statement keyword, function, table, "
        "column, type or clause (None when the rule is about the query as a whole).",
    )
    count: int | None = Field(None, description="The measured number when a limit was exceeded (joins, characters).")
    message: str = Field(description="The same problem as one sentence for people.")
