"""SQL guard: decide whether model-generated SQL may run against the database.

Validation needs only sqlglot; the read-only runner (`readonly`) needs the database
stack, so it is imported on first use and `quarry labs validate` stays fast.
"""

from typing import TYPE_CHECKING, Any

from quarry.sqlguard.functions import DEFAULT_FUNCTION_ALLOWLIST
from quarry.sqlguard.limits import enforce_limit
from quarry.sqlguard.policy import GuardPolicy, ValidationResult
from quarry.sqlguard.rejection import Rejection, RejectionCode
from quarry.sqlguard.validator import validate_sql

if TYPE_CHECKING:
    from quarry.sqlguard.readonly import ReadOnlyQueryError, ReadOnlyResult, explain, run_readonly

_READONLY = frozenset({"ReadOnlyQueryError", "ReadOnlyResult", "explain", "run_readonly"})

__all__ = [
    "DEFAULT_FUNCTION_ALLOWLIST",
    "GuardPolicy",
    "ReadOnlyQueryError",
    "ReadOnlyResult",
    "Rejection",
    "RejectionCode",
    "ValidationResult",
    "enforce_limit",
    "explain",
    "run_readonly",
    "validate_sql",
]


def __getattr__(name: str) -> Any:
    if name in _READONLY:
        from quarry.sqlguard import readonly

        return getattr(readonly, name)
    raise AttributeError(f"module 'quarry.sqlguard' has no attribute {name!r}")
