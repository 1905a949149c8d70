"""Row parsing and derived columns (seed §2.2): `RowDeriver` turns CSV rows into COPY lines.

The parsing functions are pure and run once per distinct value (the deriver caches them); a
value that does not parse raises `ValueError`, which the ingest counts as a bad row instead
of failing the load.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from quarry.search.text import terms

MONTH = re.compile(r"^\d{4}-\d{2}$")
STOREY = re.compile(r"^\s*(\d+)\s+TO\s+(\d+)\s*$")
YEARS = re.compile(r"(\d+)\s*year")
MONTHS = re.compile(r"(\d+)\s*month")
ONLY_NUMBER = re.compile(r"^\s*(\d+)\s*$")
LEASE_YEARS = 99
CENT = Decimal("0.01")


def lease_months(remaining: str) -> int:
    """A stated remaining lease: '61 years 04 months' → 736; '55 years' → 660; '70' → 840."""
    text = remaining.strip()
    y, m, n = YEARS.search(text), MONTHS.search(text), ONLY_NUMBER.match(text)
    if not (y or m or n):
        raise ValueError(f"remaining_lease {remaining!r}")
    years = int(y.group(1)) if y else int(n.group(1)) if n else 0
    return years * 12 + (int(m.group(1)) if m else 0)


def format_lease(months: int) -> str:
    return f"{months // 12} years {months % 12:02d} months"


def storey_bounds(storey_range: str) -> tuple[int, int]:
    """'07 TO 09' → (7, 9)."""
    m = STOREY.match(storey_range)
    if not m:
        raise ValueError(f"storey_range {storey_range!r}")
    return int(m.group(1)), int(m.group(2))


def parse_price(text: str) -> Decimal:
    """'688888.88' → Decimal('688888.88'): kept to the cent, as the numeric(12,2) column stores it."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ValueError(f"resale_price {text!r}") from None
    if not value.is_finite() or value < 0 or value >= Decimal("1e10"):
        raise ValueError(f"resale_price {text!r}")
    return value.quantize(CENT)


Piece = tuple[str, str, int]
"""(COPY-escaped text, BM25 terms as array-literal elements joined by commas, id of its term set)."""
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
PRICE_AS_IS = re.compile(r"^\d{1,10}(\.\d{1,2})?$")
"""A price the numeric(12,2) column stores exactly as written: no parsing needed."""
LISTING_WORDS = ("storey", "lease")
"""Words every listing text holds besides its values."""


PieceMaker = Callable[[str], Piece]
"""Text → its piece, registering the piece's terms (the deriver's `_piece`)."""


def _upper(piece: PieceMaker, raw: str) -> Piece:
    value = raw.strip().upper()
    if not value:
        raise ValueError("empty town, flat_type, block or street_name")
    return piece(value)


def _month(raw: str) -> tuple[str, int]:
    month = raw.strip()
    if not (month.isascii() and MONTH.match(month)) or not 1 <= int(month[5:7]) <= 12:
        raise ValueError(f"month {raw!r}")
    return month, int(month[:4]) * 12 + int(month[5:7]) - 1


def _storey(piece: PieceMaker, raw: str) -> tuple[Piece, str]:
    """'07 TO 09' → (its piece, '7\\t9\\t8.0': storey_min, storey_max and storey_mid as COPY fields)."""
    text = raw.strip()
    lo, hi = storey_bounds(text)
    return piece(text), f"{lo}\t{hi}\t{(lo + hi) / 2}"


def _area(piece: PieceMaker, raw: str) -> tuple[Piece, str]:
    """Raw area → (the piece '<text as written>sqm', the numeric value)."""
    return piece(f"{raw.strip()}sqm"), str(float(raw))


def _lease(piece: PieceMaker, raw: str) -> tuple[Piece, int]:
    """A stated remaining lease → (its piece, months); blank leases are derived per row."""
    text = raw.strip()
    return piece(text), lease_months(text)


@dataclass
class TermCounts:
    """Newest month, and how many rows had each combination of pieces (BM25 document frequencies).

    A row's terms are the union of its pieces' terms, so rows are counted per (month, piece
    ids) combination while loading (one dictionary increment) and the union is taken once per
    combination at the end; counting every row's union as it came cost about a third of the
    per-row work at 1M rows.
    """

    newest: str | None = None
    combos: dict[tuple[str, int, int, int, int, int, int, int, int], int] = field(default_factory=dict)
    """(month, piece id of town, flat type, block, street, model, storey, area, lease) → rows."""
    piece_terms: list[frozenset[str]] = field(default_factory=list)
    """Distinct terms of each piece, by piece id."""
    piece_lengths: list[int] = field(default_factory=list)
    """Terms of each piece with repeats (its share of the document length), by piece id."""

    def statistics(self, keep_from: str) -> tuple[Counter[str], int, float]:
        """(documents per term, documents, average document length) over the months from
        `keep_from` ('YYYY-MM-01') on: the rows the window keeps."""
        df: Counter[str] = Counter()
        docs = length = 0
        sets, lengths = self.piece_terms, self.piece_lengths
        for (month, *ids), n in self.combos.items():
            if f"{month}-01" < keep_from:
                continue
            docs += n
            length += n * (len(LISTING_WORDS) + sum(lengths[i] for i in ids))
            for term in frozenset().union(*(sets[i] for i in ids)):
                df[term] += n
        for word in LISTING_WORDS:
            df[word] = docs  # in every listing, whatever the values hold
        return df, docs, length / docs if docs else 0.0


class RowDeriver:
    """Raw rows (`ingest.COLUMNS` order) → COPY lines for `hdb_resale` (`ingest.TARGET_COLUMNS`).

    A million rows hold a few thousand distinct towns, streets, storeys, areas and leases, so
    each distinct raw value is parsed, escaped and tokenised once and kept here; a row is then
    a handful of dictionary lookups and one string format (about 4x faster than deriving every
    row). The BM25 terms of the listing are the concatenation of its pieces' terms because no
    word spans the spaces that join the pieces. A value that does not parse raises `ValueError` (the
    ingest counts the row as bad), checked in the row's column order so the first bad column
    is the one reported.
    """

    def __init__(self) -> None:
        self.months: dict[str, tuple[str, int]] = {}
        self.uppers: dict[str, Piece] = {}
        self.models: dict[str, Piece] = {}
        self.storeys: dict[str, tuple[Piece, str]] = {}
        self.areas: dict[str, tuple[Piece, str]] = {}
        self.commences: dict[str, int] = {}
        self.leases: dict[str, tuple[Piece, int]] = {}
        self.derived_leases: dict[int, tuple[Piece, int]] = {}
        self.terms = TermCounts()
        """Newest month and the piece combinations of the rows derived so far."""

    def _piece(self, text: str) -> Piece:
        found = terms(text)
        ids = self.terms.piece_terms
        ids.append(frozenset(found))
        self.terms.piece_lengths.append(len(found))
        # Terms are runs of letters and digits; only a word spelled "null" needs quotes in an array literal.
        elements = ",".join('"null"' if t == "null" else t for t in found)
        return text.translate(_ESCAPES), elements, len(ids) - 1

    def line(self, raw: Sequence[str]) -> str:
        """One COPY text line (with its newline); ValueError/IndexError when a value does not parse."""
        (month_raw, town_raw, type_raw, block_raw, street_raw, storey_raw, area_raw, model_raw, commence_raw,
         lease_raw, price_raw) = raw  # fmt: skip
        piece = self._piece
        mo = self.months.get(month_raw) or self.months.setdefault(month_raw, _month(month_raw))
        up = self.uppers
        town = up.get(town_raw) or up.setdefault(town_raw, _upper(piece, town_raw))
        ftype = up.get(type_raw) or up.setdefault(type_raw, _upper(piece, type_raw))
        block = up.get(block_raw) or up.setdefault(block_raw, _upper(piece, block_raw))
        street = up.get(street_raw) or up.setdefault(street_raw, _upper(piece, street_raw))
        storey, storey_fields = self.storeys.get(storey_raw) or self.storeys.setdefault(
            storey_raw, _storey(piece, storey_raw)
        )
        area, area_value = self.areas.get(area_raw) or self.areas.setdefault(area_raw, _area(piece, area_raw))
        model = self.models.get(model_raw) or self.models.setdefault(model_raw, piece(model_raw.strip()))
        commence = self.commences.get(commence_raw)
        if commence is None:
            commence = self.commences.setdefault(commence_raw, int(commence_raw))
        if lease_raw.strip():
            lease, months = self.leases.get(lease_raw) or self.leases.setdefault(lease_raw, _lease(piece, lease_raw))
        else:  # 99-year lease from the lease start, counted back from the sale month
            left = (commence + LEASE_YEARS) * 12 - mo[1]
            lease, months = self.derived_leases.get(left) or self.derived_leases.setdefault(
                left, (piece(format_lease(left)), left)
            )
        price = price_raw.strip()
        if not PRICE_AS_IS.match(price):
            price = str(parse_price(price_raw))
        month = mo[0]
        tc = self.terms
        if tc.newest is None or month > tc.newest:
            tc.newest = month
        key = (month, town[2], ftype[2], block[2], street[2], model[2], storey[2], area[2], lease[2])
        tc.combos[key] = tc.combos.get(key, 0) + 1
        listing = (
            f"{town[0]} {ftype[0]} {block[0]} {street[0]} {model[0]} storey {storey[0]} {area[0]} lease {lease[0]}"
        )
        pieces = (town[1], ftype[1], block[1], street[1], model[1], "storey", storey[1], area[1], "lease", lease[1])
        found = ",".join(t for t in pieces if t)
        return (
            f"{month}\t{town[0]}\t{ftype[0]}\t{block[0]}\t{street[0]}\t{storey[0]}\t{area_value}\t{model[0]}\t"
            f"{commence}\t{lease[0]}\t{price}\t{month}-01\t{storey_fields}\t{months}\t{listing}\t{{{found}}}\n"
        )
