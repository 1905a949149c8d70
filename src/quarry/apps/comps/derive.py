"""Row parsing and derived columns (seed §2.2), done once per CSV row in Python.

Every function here is pure; a value that does not parse raises `ValueError`, which the
ingest counts as a bad row instead of failing the load.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from quarry.search.text import terms as search_terms

MONTH = re.compile(r"^\d{4}-\d{2}$")
STOREY = re.compile(r"^\s*(\d+)\s+TO\s+(\d+)\s*$")
YEARS = re.compile(r"(\d+)\s*year")
MONTHS = re.compile(r"(\d+)\s*month")
ONLY_NUMBER = re.compile(r"^\s*(\d+)\s*$")
LEASE_YEARS = 99
CENT = Decimal("0.01")


@lru_cache(maxsize=65536)
def lease_months(remaining: str, month: str, lease_commence: int) -> int:
    """'61 years 04 months' → 736; '55 years' → 660; empty → from a 99-year lease start."""
    text = remaining.strip()
    if not text:
        return (lease_commence + LEASE_YEARS) * 12 - (int(month[:4]) * 12 + int(month[5:7]) - 1)
    y, m, n = YEARS.search(text), MONTHS.search(text), ONLY_NUMBER.match(text)
    if not (y or m or n):
        raise ValueError(f"remaining_lease {remaining!r}")
    years = int(y.group(1)) if y else int(n.group(1)) if n else 0
    return years * 12 + (int(m.group(1)) if m else 0)


def format_lease(months: int) -> str:
    return f"{months // 12} years {months % 12:02d} months"


@lru_cache(maxsize=1024)
def storey_bounds(storey_range: str) -> tuple[int, int]:
    """'07 TO 09' → (7, 9)."""
    m = STOREY.match(storey_range)
    if not m:
        raise ValueError(f"storey_range {storey_range!r}")
    return int(m.group(1)), int(m.group(2))


@lru_cache(maxsize=65536)
def _part_terms(part: str) -> tuple[str, ...]:
    return tuple(search_terms(part))


def terms(text: str) -> list[str]:
    """BM25 terms of a listing (the core tokenizer, no aliases), duplicates kept (term frequency).

    Split on spaces first so each repeated piece (town, street, lease...) is tokenised once
    per ingest, not once per row: a 1M-row load repeats a few thousand distinct pieces.
    """
    out: list[str] = []
    for part in text.split(" "):
        out.extend(_part_terms(part))
    return out


def parse_price(text: str) -> Decimal:
    """'688888.88' → Decimal('688888.88'): kept to the cent, as the numeric(12,2) column stores it."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ValueError(f"resale_price {text!r}") from None
    if not value.is_finite() or value < 0 or value >= Decimal("1e10"):
        raise ValueError(f"resale_price {text!r}")
    return value.quantize(CENT)


def derive(raw: Sequence[str]) -> tuple[object, ...]:
    """Raw fields in `ingest.COLUMNS` order → the typed row COPYed into hdb_resale."""
    month, town, flat_type, block, street, storey_range, area, model, commence, remaining, price = raw
    month = month.strip()
    if not MONTH.match(month):
        raise ValueError(f"month {month!r}")
    town, flat_type, block, street = (v.strip().upper() for v in (town, flat_type, block, street))
    if not (town and flat_type and block and street):
        raise ValueError("empty town, flat_type, block or street_name")
    storey_range = storey_range.strip()
    lo, hi = storey_bounds(storey_range)
    area_value = float(area)
    commence_year = int(commence)
    lease = lease_months(remaining, month, commence_year)
    remaining_text = remaining.strip() or format_lease(lease)
    model = model.strip()
    listing = (
        f"{town} {flat_type} {block} {street} {model} storey {storey_range} {area.strip()}sqm lease {remaining_text}"
    )
    return (
        month,
        town,
        flat_type,
        block,
        street,
        storey_range,
        area_value,
        model,
        commence_year,
        remaining_text,
        parse_price(price),
        f"{month}-01",
        lo,
        hi,
        (lo + hi) / 2,
        lease,
        listing,
        terms(listing),
    )


_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def copy_line(row: tuple[object, ...]) -> str:
    """One row in COPY text format (tab-separated, terms as an array literal).

    Formatting here is about twice as fast as psycopg's per-value `write_row`; every text
    field also appears in the listing text, so checking that one string decides escaping.
    """
    values = row[:-1]
    listing_terms: list[str] = row[-1]  # type: ignore[assignment]
    line = "\t".join(map(str, values))
    if any(ch in str(values[16]) for ch in "\\\t\n\r"):
        line = "\t".join(str(v).translate(_ESCAPES) for v in values)
    return line + "\t{" + ",".join(listing_terms) + "}\n"
