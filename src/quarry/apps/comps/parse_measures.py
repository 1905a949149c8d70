"""Size and storey extractors of the offline comps parser (see `parse.parse_target`)."""

from __future__ import annotations

import re

from quarry.apps.comps.parse_scan import NUM, Fields, Scan, to_number
from quarry.nlu.bounds import Bound, Quantity, find_bounds

LANGS = ("en", "ms")

_FLOOR = r"(?:floors?|storeys?|storys?|stories|levels?|lvls?|flrs?|fl)"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"


# ---- floor area ----------------------------------------------------------------------------

SQFT_TO_SQM = 0.092903
_SQFT = r"square\s+f(?:ee|oo)t|sq\.?\s*f(?:ee)?t|sqft|ft2|ft\u00b2|sf"
_SQM = r"square\s+met(?:re|er)s?|sq\.?\s*m(?:et(?:re|er)s?|trs?)?|m2|m\u00b2|sqm"
_UNIT = rf"(?:(?P<sqft>{_SQFT})|(?:{_SQM}))(?![a-z])"
_UNIT2 = rf"(?:(?P<sqft2>{_SQFT})|(?:{_SQM}))?"
_AREA_RANGE_RE = re.compile(rf"(?:between\s+)?(?P<a>{NUM})\s*{_UNIT2}\s*(?:-|to|and)\s*(?P<b>{NUM})\s*{_UNIT}")
_AREA_MAX_RES = (
    re.compile(
        r"(?:max(?:imum)?|under|below|at\s+most|up\s+to|no\s+(?:more|bigger|larger)\s+than|"
        r"not\s+more\s+than|less\s+than|smaller\s+than|within|<=?)\s*(?:of\s+)?"
        rf"(?P<a>{NUM})\s*{_UNIT}"
    ),
    re.compile(
        rf"(?P<a>{NUM})\s*{_UNIT}\s*(?:max(?:imum)?|or\s+(?:less|smaller|under|below)|"
        r"and\s+(?:below|under|smaller)|at\s+most|tops)\b"
    ),
)
_AREA_MIN_RES = (
    re.compile(
        r"(?:at\s+least|min(?:imum)?|over|above|more\s+than|no\s+(?:less|smaller)\s+than|"
        rf"bigger\s+than|larger\s+than|>=?|from)\s*(?:of\s+)?(?P<a>{NUM})\s*{_UNIT}"
    ),
    re.compile(rf"(?P<a>{NUM})\s*\+\s*{_UNIT}"),
    re.compile(
        rf"(?P<a>{NUM})\s*{_UNIT}\s*(?:\+(?!\s*/)|or\s+(?:more|bigger|larger|above)|"
        r"and\s+(?:above|up|bigger|larger)|min(?:imum)?\b|at\s+least)"
    ),
)
_AREA_TARGET_RE = re.compile(
    r"(?:(?:~|about|around|approx(?:imately|\.)?|roughly|circa|some|close\s+to|nearly)\s*)?"
    rf"(?P<a>{NUM})\s*{_UNIT}(?:\s*(?:\+/-|\u00b1|plus\s+or\s+minus)\s*(?P<tol>{NUM})"
    rf"\s*(?:{_SQM})?(?![a-z]))?"
)
_AREA_BARE_RE = re.compile(
    r"\b(?:floor\s+area|size|area)\s*(?:of|:|=|is)?\s*(?:about|around|~|approx\.?)?\s*"
    r"(?P<a>\d{2,3}(?:\.\d+)?)\b(?!\s*(?:k\b|%|years?|yrs?|months?|th|rd|nd|st\b))"
)


def _sqm(m: re.Match[str], key: str = "a", unit: str = "sqft") -> float | None:
    """The matched size in square metres, or None when implausible for an HDB flat."""
    value = to_number(m[key])
    if m.groupdict().get(unit):
        value = round(value * SQFT_TO_SQM, 1)
    return value if 15 <= value <= 400 else None


def _area_pattern(p: str) -> str:
    return rf"(?<![\d.,])(?P<{p}num>{NUM})(?P<{p}k>\s*k)?\s*(?:(?P<{p}sqft>{_SQFT})|(?P<{p}sqm>{_SQM}))?(?![a-z0-9])"


def _area_value(m: re.Match[str], p: str, other: re.Match[str] | None, q: str) -> float | None:
    sqft = m[p + "sqft"] or (other is not None and not m[p + "sqm"] and other[q + "sqft"])
    value = to_number(m[p + "num"]) * (1000 if m[p + "k"] else 1) * (SQFT_TO_SQM if sqft else 1.0)
    return round(value, 1) if 15 <= value <= 400 else None


_AREA = Quantity("floor area", _area_pattern, _area_value, marked=lambda m, p: bool(m[p + "sqft"] or m[p + "sqm"]))
_TOLERANCE_RE = re.compile(
    rf"(?P<a>{NUM})\s*{_UNIT}\s*(?:\+/-|\u00b1|plus\s+or\s+minus)\s*(?P<tol>{NUM})\s*(?:{_SQM})?(?![a-z])"
)


def _with_unit(bound: Bound, m: re.Match[str]) -> Bound | None:
    """Only sizes that show a unit on some end count ("between 3 and 5" is no size)."""
    shown = any(m.groupdict().get(g) for g in ("a_sqft", "a_sqm", "b_sqft", "b_sqm"))
    return bound if shown else None


def extract_area(scan: Scan) -> Fields:
    """Floor area: '~95 sqm' -> target; 'max 80 sqm' -> floor_area_max; '140 sqm and above' ->
    floor_area_min; '90-100 sqm' -> 95 +- 5; '95 sqm +/- 3' -> 95 +- 3. Square feet are converted
    (1 sqft = 0.092903 sqm, one decimal). The bound words are the language layer's."""
    out: Fields = {}
    for m in scan.matches(_TOLERANCE_RE):
        if (v := _sqm(m)) is not None:
            out |= {"floor_area_target": v, "floor_area_tolerance": to_number(m["tol"])}
            scan.take(m.start(), m.end())
    for b in find_bounds(scan, _AREA, LANGS, accept=_with_unit):
        if b.kind == "range" and b.lo is not None and b.hi is not None and b.lo < b.hi:
            out |= {
                "floor_area_target": round((b.lo + b.hi) / 2, 1),
                "floor_area_tolerance": round((b.hi - b.lo) / 2, 1),
            }
        elif b.kind == "max":
            out["floor_area_max"] = b.hi
        elif b.kind == "min":
            out["floor_area_min"] = b.lo
        elif b.lo is not None:
            out |= {"floor_area_target": b.lo, "floor_area_tolerance": 5.0}
    for m in scan.matches(_AREA_BARE_RE):
        if (v := _sqm(m)) is not None:
            out |= {"floor_area_target": v, "floor_area_tolerance": 5.0}
            scan.take(m.start(), m.end())
    return out


# ---- storey --------------------------------------------------------------------------------

_STOREY_RANGE_RES = (
    re.compile(rf"\b{_FLOOR}\s*(?:from\s+)?{_ORD}\s*(?:-|to|and)\s*{_ORD}(?![\d%])"),
    re.compile(rf"\b(?:between\s+(?:the\s+)?)?{_ORD}\s*(?:-|to|and)\s*(?:the\s+)?{_ORD}\s*{_FLOOR}\b"),
    re.compile(r"\b(0\d|[1-4]\d)\s+to\s+(0\d|[1-5]\d)\b(?!\s*(?:years?|yrs?|months?|mins?|k\b|%))"),
)


def _floor_pattern(p: str) -> str:
    return (
        rf"(?:(?P<{p}fw>{_FLOOR})\s*(?:no\.?\s*)?(?P<{p}n1>\d{{1,2}})(?:st|nd|rd|th)?"
        rf"|(?P<{p}n2>\d{{1,2}})(?P<{p}ord>st|nd|rd|th)?\s*(?P<{p}fw2>{_FLOOR})?)(?![\d%])"
    )


def _floor_value(m: re.Match[str], p: str, other: re.Match[str] | None, q: str) -> float | None:
    n = int(m[p + "n1"] or m[p + "n2"])
    return float(n) if 1 <= n <= 60 else None


_STOREYS = Quantity(
    "storey",
    _floor_pattern,
    _floor_value,
    marked=lambda m, p: bool(m[p + "fw"] or m[p + "fw2"] or m[p + "ord"]),
)
_STRICT_BELOW = re.compile(r"^(?:below|under|lower\s+than|beneath|less\s+than|<(?!=))")


def _floor_bound(bound: Bound, m: re.Match[str]) -> Bound | None:
    """A bound on storeys only when a floor word or an ordinal shows it ('40 floor n above',
    'not higher than 6th floor'); 'below the 5th floor' excludes the 5th (strict)."""
    if not any(m.groupdict().get(g) for g in ("a_fw", "a_fw2", "a_ord", "b_fw", "b_fw2", "b_ord")):
        return None
    if bound.kind == "max" and bound.hi is not None and _STRICT_BELOW.match(m[0]):
        return Bound(bound.lo, max(1.0, bound.hi - 1), bound.kind, bound.start, bound.end)
    return bound


_STOREY_SINGLE_RE = re.compile(
    rf"\b(?:on\s+)?(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)\s*{_FLOOR}|{_FLOOR}\s*(\d{{1,2}}))\b"
    r"(?!\s*(?:-|to)\s*\d)"
)
_UNIT_NUMBER_RE = re.compile(r"#\s*(\d{1,2})\s*-\s*\d{1,5}[a-z]?\b")  # "#12-34": storey 12
_STOREY_WORDS = {
    "low": "low", "lower": "low", "lo": "low", "ground": "low", "bottom": "low",
    "mid": "mid", "middle": "mid", "medium": "mid",
    "high": "high", "higher": "high", "hi": "high", "upper": "high", "top": "high",
}  # fmt: skip
_STOREY_PREF_RES = (
    re.compile(
        r"\b(?P<w>low(?:er)?|lo|ground|bottom|mid(?:dle)?|medium|high(?:er)?|hi|upper|top)"
        rf"\s*-?\s*{_FLOOR}\b"
    ),
    re.compile(rf"\b{_FLOOR}\s*(?:preference\s*)?[:=]?\s*(?P<w>low|mid|middle|high)\b"),
    re.compile(r"\b(?P<w>higher)\s+up\b"),
    # A clause that is only the word ("Bedok 4-room. 6 months. Mid."): nothing else it could be.
    re.compile(r"(?:^|[,.;!?]\s*)(?P<w>low|mid|high)(?=\s*(?:[,.;!?]|$))"),
)
_ANY_FLOOR_RE = re.compile(rf"\b(?:any|whatever)\s+{_FLOOR}\b")


def _ints(m: re.Match[str]) -> list[int]:
    """The integer groups that matched."""
    return [int(g) for g in m.groups() if g is not None and g.isdigit()]


def extract_storey(scan: Scan) -> Fields:
    """Storey words and numbers.

    'low/mid/high floor' -> storey_preference ('ground'/'lower' are low, 'upper'/'top' high).
    '10th floor and above' / 'above 10th floor' / 'floor 10+' -> storey_min 10 (colloquially
    inclusive); 'below 5th floor' -> storey_max 4 (strict); 'floors 7-9' / '07 TO 09' -> 7..9.
    A single storey ('12th floor') becomes its HDB band (10..12): the data only knows bands of
    three, and the filter compares band midpoints, so an exact storey would match nothing.
    'any floor' clears the storey constraints.
    """
    out: Fields = {}

    def put(lo: int | None, hi: int | None, m: re.Match[str]) -> None:
        if lo is not None:
            out["storey_min"] = lo
        if hi is not None:
            out["storey_max"] = hi
        scan.take(m.start(), m.end())

    for rx in _STOREY_RANGE_RES:
        for m in scan.matches(rx):
            lo, hi = _ints(m)[:2]
            if 1 <= lo <= hi <= 60:
                put(lo, hi, m)
    for b in find_bounds(scan, _STOREYS, LANGS, bare=False, accept=_floor_bound):
        if b.kind == "min" and b.lo is not None:
            out["storey_min"] = int(b.lo)
        elif b.kind == "max" and b.hi is not None:
            out["storey_max"] = int(b.hi)
        elif b.kind == "range" and b.lo is not None and b.hi is not None and b.lo <= b.hi:
            out["storey_min"], out["storey_max"] = int(b.lo), int(b.hi)
    for m in [*scan.matches(_UNIT_NUMBER_RE), *scan.matches(_STOREY_SINGLE_RE)]:
        n = _ints(m)[0]
        if 1 <= n <= 60:
            lo = 3 * ((n - 1) // 3) + 1
            put(lo, lo + 2, m)
    for rx in _STOREY_PREF_RES:
        for m in scan.matches(rx):
            out["storey_preference"] = _STOREY_WORDS[m["w"]]
            scan.take(m.start(), m.end())
    for m in scan.matches(_ANY_FLOOR_RE):
        out = {"storey_preference": None, "storey_min": None, "storey_max": None}
        scan.take(m.start(), m.end())
    return out
