"""SQL guard: decide whether model-generated SQL may run against the database."""

from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.limits import enforce_limit
from quarry.sqlguard.policy import GuardPolicy, ValidationResult
from quarry.sqlguard.readonly import ReadOnlyQueryError, ReadOnlyResult, explain, run_readonly
from quarry.sqlguard.validator import validate_sql

__all__ = [
    "DEFAULT_FUNCTION_ALLOWLIST",
    "GuardPolicy",
    "ReadOnlyQueryError",
    "ReadOnlyResult",
    "ValidationResult",
    "enforce_limit",
    "explain",
    "run_readonly",
    "validate_sql",
]
