"""What labs SQL may touch: its tables, its functions and the seed's complexity limits.

Its own module so `quarry labs validate` checks SQL without importing the agent.
"""

from __future__ import annotations

from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.policy import GuardPolicy

READER_ROLE = "quarry_reader"
LABS_TABLES = frozenset(
    {"patients", "lab_reports", "lab_results", "analytes", "analyte_aliases", "lab_parameter_names"}
)
LABS_COLUMNS: dict[str, frozenset[str]] = {
    "patients": frozenset({"id", "full_name", "birth_date", "sex"}),
    "lab_reports": frozenset({"id", "patient_id", "lab_name", "collected_at", "language"}),
    "lab_results": frozenset(
        {
            "id", "report_id", "patient_id", "parameter_name", "value_numeric", "value_text", "unit",
            "reference_low", "reference_high", "collected_at",
        }
    ),
    "analytes": frozenset({"id", "code", "name", "unit"}),
    "analyte_aliases": frozenset({"analyte_id", "alias", "lang"}),
    "lab_parameter_names": frozenset({"parameter_name"}),
}  # fmt: skip
"""Real columns of LABS_TABLES (tests/test_sqlguard_columns.py checks them against the
database): `alias.name` with any other name is a function call to PostgreSQL."""
LABS_FUNCTIONS = DEFAULT_FUNCTION_ALLOWLIST | {"labs_fold"}


def labs_policy(*, max_limit: int | None = None) -> GuardPolicy:
    """The validator policy for labs SQL (seed limits: 8 joins, 2 subqueries)."""
    return GuardPolicy(
        allowed_tables=LABS_TABLES,
        max_joins=8,
        max_subqueries=2,
        allowed_functions=LABS_FUNCTIONS,
        max_limit=max_limit,
        table_columns=LABS_COLUMNS,
    )
