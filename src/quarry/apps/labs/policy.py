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
LABS_FUNCTIONS = DEFAULT_FUNCTION_ALLOWLIST | {"labs_fold"}


def labs_policy(*, max_limit: int | None = None) -> GuardPolicy:
    """The validator policy for labs SQL (seed limits: 8 joins, 2 subqueries)."""
    return GuardPolicy(
        allowed_tables=LABS_TABLES, max_joins=8, max_subqueries=2, allowed_functions=LABS_FUNCTIONS, max_limit=max_limit
    )
