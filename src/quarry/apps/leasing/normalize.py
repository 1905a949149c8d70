"""§F import layer, the pure part: header mapping and value parsing of messy broker feeds.

Every function here takes strings and returns typed values or None (= unusable); nothing
raises on bad input, so the importer can count a bad row and move on.

    >>> canonical_header("Size (SF)"), parse_number("$4,500.00"), parse_sqft("1,800 RSF")
    ('sqft', 4500.0, 1800)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime

from .amenities import read_amenity
from .places import NEIGHBOURHOODS

# Canonical field → header spellings seen in feeds (compared after `_header_key`).
UNIT_HEADERS: dict[str, tuple[str, ...]] = {
    "unit_id": ("Unit ID", "unique_id", "ID", "unit_id", "Unit", "Listing ID"),
    "building_id": ("Bldg ID", "Building ID", "building_id", "Bldg"),
    "address": ("Street Address", "Address", "address", "Building Address"),
    "suite": ("Suite", "Unit #", "Suite No"),
    "floor": ("Floor", "Fl", "Flr"),
    "unit_type": ("Type", "Unit Type", "Space Type", "Use"),
    "sqft": ("Square Feet", "Size (SF)", "SQFT", "sqft", "Size", "RSF", "Area (SF)"),
    "rent": ("Rent", "Monthly Rent", "Price", "Rent ($/mo)", "Asking Rent", "rent"),
    "ppsf_year": ("$/SF/YR", "ppsf_year", "PSF", "Rent/SF/Yr", "Asking $/SF", "$/RSF"),
    "available": ("Available", "Availability", "Available Date", "Date Available"),
    "term": ("Term", "Lease Term"),
    "amenities": ("Amenities", "Features", "amenities"),
    "notes": ("Listing Notes", "Notes", "Comments", "Description"),
}
BUILDING_HEADERS: dict[str, tuple[str, ...]] = {
    "building_id": ("Building ID", "ID", "Bldg ID", "building_id"),
    "address": ("Address", "Street Address", "address"),
    "neighborhood": ("Neighborhood", "Neighbourhood", "Submarket", "Area"),
    "borough": ("Borough",),
    "zip": ("ZIP", "Zip Code", "Postal Code"),
    "lat": ("Latitude", "Lat"),
    "lon": ("Longitude", "Lon", "Lng"),
    "building_class": ("Bldg Class", "Building Class", "Class"),
    "year_built": ("Year Built", "Built"),
    "floors": ("Floors", "Stories"),
    "pet_policy": ("Pet Policy", "Pets", "Pet Friendly"),
    "transit": ("Nearest Subway", "Transit", "Subway", "Near Transit"),
    "amenities": ("Building Amenities", "Amenities"),
    "landlord": ("Landlord", "Owner"),
}


def _header_key(header: str) -> str:
    return re.sub(r"[^a-z0-9$/]+", "", header.lower())


def canonical_header(header: str, table: Mapping[str, Sequence[str]] = UNIT_HEADERS) -> str | None:
    """The canonical field a header stands for, or None when unknown (the column is ignored)."""
    key = _header_key(header)
    for field, spellings in table.items():
        if key in {_header_key(s) for s in spellings}:
            return field
    return None


def header_map(headers: Sequence[str], table: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """Canonical field → column index (the first column that maps to it wins)."""
    out: dict[str, int] = {}
    for i, h in enumerate(headers):
        field = canonical_header(h, table)
        if field is not None and field not in out:
            out[field] = i
    return out


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def parse_number(text: str | None) -> float | None:
    """'$4,500.00' / '$ 4,500' / '62/SF/YR' / '$62 psf' / '1,800 sq ft' → the number; else None.

    >>> parse_number("Call for price") is None, parse_number("62.00/SF/YR")
    (True, 62.0)
    """
    if text is None:
        return None
    cleaned = text.replace(",", "").replace("$", "").strip()
    m = _NUMBER.search(cleaned)
    if m is None:
        return None
    # Anything other than units around the number means it is not a plain quote ("2-3k?").
    rest = (cleaned[: m.start()] + cleaned[m.end() :]).lower()
    rest = re.sub(r"(usd|/?\s*(sf|sq\.?\s*ft|rsf|usf|psf|per\s+sf)(\s*/\s*(yr|year|annum))?|/mo|/month|\s)", "", rest)
    if rest:
        return None
    value = float(m.group())
    return value if value >= 0 else None


def parse_sqft(text: str | None) -> int | None:
    """Size in square feet ('1,800 SF', '1800 sq ft', '1,800 RSF'); None for blank or 'TBD'."""
    v = parse_number(text)
    return round(v) if v is not None and v > 0 else None


def parse_floor(text: str | None, top_floor: int | None = None) -> int | None:
    """'12th Fl' → 12; Ground/G/1st → 1; LL/Lower Level/B1 → -1; PH → the building's top floor."""
    t = (text or "").strip().lower().replace(".", "")
    if not t:
        return None
    if t in ("ll", "lower level", "b1", "basement", "cellar"):
        return -1
    if t in ("ground", "grnd", "g", "gf", "ground floor"):
        return 1
    if t in ("ph", "penthouse"):
        return top_floor
    m = re.search(r"\d+", t)
    return int(m.group()) if m else None


def parse_suite(text: str | None) -> str:
    """'Suite 1203' / 'Ste. 1203' / '#1203' → '1203'; 'Store A', 'LL' stay as they are."""
    t = (text or "").strip()
    return re.sub(r"^(suite|ste\.?|unit|#)\s*", "", t, flags=re.IGNORECASE).strip()


_TYPES = {"office": "office", "retail": "retail", "store": "retail", "flex": "flex", "flex/creative": "flex",
          "loft/flex": "flex", "loft": "flex", "creative": "flex", "industrial": "flex"}  # fmt: skip


def parse_unit_type(text: str | None) -> str:
    """Office / Retail (Store) / Flex (Flex/Creative, Loft/Flex); unknown → office."""
    return _TYPES.get((text or "").strip().lower(), "office")


_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), start=1)}  # fmt: skip


def parse_date(text: str | None, *, as_of: date) -> date | None:
    """'2027-03-01', '3/1/2027', 'Mar 2027', '1-Mar-2027'; 'Immediate'/'Now' → `as_of`."""
    t = (text or "").strip()
    if not t:
        return None
    if t.lower() in ("immediate", "now", "available now", "immediately", "asap", "vacant"):
        return as_of
    for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%d-%b-%Y", "%b %Y", "%B %Y", "%m/%d/%y"):
        try:
            return datetime.strptime(t, fmt).date()
        except ValueError:
            continue
    return None


def parse_term(text: str | None) -> tuple[int | None, int | None]:
    """'3-5 yrs' → (36, 60); '36 mos' → (36, 36); '5 yr' → (60, 60); 'Flexible' → (12, 60)."""
    t = (text or "").strip().lower()
    if not t:
        return None, None
    if "flex" in t:
        return 12, 60
    nums = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", t)]
    if not nums:
        return None, None
    factor = 1 if re.search(r"\bmo", t) else 12
    lo, hi = nums[0], nums[1] if len(nums) > 1 else nums[0]
    return int(lo * factor), int(hi * factor)


def amenity_name(text: str) -> str:
    """One amenity as a listing writes it → its canonical name ('Elev.' → 'elevator'); unknown ones
    slugified."""
    t = text.strip().lower()
    return read_amenity(t) or re.sub(r"[^a-z0-9/]+", "-", t).strip("-")


def parse_amenities(text: str | None) -> list[str]:
    """A JSON list or free text joined by ';', ',' or '|' → canonical names, in order, no repeats."""
    t = (text or "").strip()
    if not t:
        return []
    items: list[str] = []
    if t.startswith("["):
        try:
            loaded = json.loads(t)
            items = [str(x) for x in loaded] if isinstance(loaded, list) else []
        except ValueError:
            items = []
    if not items:
        items = re.split(r"[;,|]", t.strip("[]"))
    names = [amenity_name(i.strip().strip("\"'")) for i in items if i.strip().strip("\"'")]
    return list(dict.fromkeys(n for n in names if n))


_PETS_NO = re.compile(r"\b(no|not|none|n/a|na|prohibited|only|forbidden)\b")
_PETS_YES = re.compile(r"\b(allow\w*|yes|y|pets?|dogs?|cats?|friendly|ok|welcome)\b")


def pets_allowed(text: str | None) -> bool:
    """Pet policy text → allowed. Negations win ('Pets not allowed', 'Service animals only', 'No').

    >>> [pets_allowed(t) for t in ("Dogs OK", "Allowed w/ approval", "Pets not allowed", "Service animals only")]
    [True, True, False, False]
    """
    t = (text or "").strip().lower()
    if not t or _PETS_NO.search(t):
        return False
    return bool(_PETS_YES.search(t))


_HOODS = {n.name.lower(): n.name for n in NEIGHBOURHOODS}
_HOODS.update({a.lower(): n.name for n in NEIGHBOURHOODS for a in n.aliases})
_HOODS.update({"garment district": "Midtown South", "fin district": "Financial District", "bklyn": "Brooklyn"})


def parse_neighbourhood(text: str | None) -> str:
    """'FiDi' / 'Fin. District' / 'SOHO' / 'Garment District' → the canonical neighbourhood name."""
    t = re.sub(r"\s+", " ", (text or "").strip())
    return _HOODS.get(t.lower()) or _HOODS.get(t.lower().replace(".", "")) or t
