"""Comparing result sets: gold rows against the rows a generated query returned."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

EVAL_MAX_ROWS = 100_000


def norm_value(value: Any) -> Any:
    """Comparable form: numbers rounded half-up to 2 decimals (as PostgreSQL's round does),
    dates and timestamps as ISO text whichever side produced them."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float | Decimal):
        return str(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, str) and len(value) > 10 and re.match(r"^\d{4}-\d{2}-\d{2}T", value):
        try:
            return datetime.fromisoformat(value).isoformat()
        except ValueError:
            return value
    return value if isinstance(value, str) else str(value)


def row_key(values: list[Any]) -> tuple[str, ...]:
    # Column order is free: a row is the sorted multiset of its normalised values.
    return tuple(sorted(repr(norm_value(v)) for v in values))


def same_results(gold: list[list[Any]], predicted: list[list[Any]]) -> bool:
    """Multiset equality of rows (order of rows and of columns ignored)."""
    return Counter(row_key(r) for r in gold) == Counter(row_key(r) for r in predicted)
