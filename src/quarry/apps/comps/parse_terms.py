"""Time window, remaining lease and budget extractors of the offline comps parser."""

from __future__ import annotations

import re
from datetime import date

from quarry.apps.comps.parse_scan import Fields, Scan
from quarry.nlu.bounds import Bound, Quantity, find_bounds
from quarry.nlu.lexicon import core_lexicon, phrases
from quarry.nlu.money import marked, money_pattern, money_value
from quarry.nlu.periods import find_periods

LANGS = ("en", "ms", "zh")
"""Languages of comps messages: Singapore English, with Malay and Chinese words."""

# ---- time window ---------------------------------------------------------------------------

# "12 months window", "6-month lookback", "2 years of data": a count of months with no "last".
_BARE_WINDOW_RES = (
    re.compile(r"\b(?P<n>\d+)\s*-?\s*(?P<unit>months?|mths?)\b(?:\s+(?:window|lookback|back))?"),
    re.compile(r"\b(?P<n>\d+)\s*-?\s*(?P<unit>years?|yrs?)\s+(?:window|lookback|back|of\s+data|history)\b"),
)


def extract_months(scan: Scan, anchor: date) -> Fields:
    """months_back, counted back from `anchor` (the newest month of the data), inclusive: 'last 6
    months', 'past 2 years' (24), 'last quarter' (3), 'since June', 'this year', 'half a year',
    '2022-2023' (periods of the language layer), or a bare '12-month window'. 'recent' alone says
    nothing measurable and keeps the default of 12. The last mention wins."""
    found = [(p.span[0], p.months) for p in find_periods(scan, LANGS, anchor, bare=True)]
    for rx in _BARE_WINDOW_RES:
        for m in scan.matches(rx):
            months = int(m["n"]) * (12 if m["unit"].startswith("y") else 1)
            if 0 < months <= 600:
                found.append((m.start(), months))
                scan.take(m.start(), m.end())
    return {"months_back": max(found)[1]} if found else {}


# ---- remaining lease -----------------------------------------------------------------------

LONG_LEASE_YEARS = 80
_YRS = r"(?:years?|yrs?|y|年)"
_LEASE_QUAL = (
    "(?:"
    + "|".join(r"\s+".join(map(re.escape, w.split())) for w in phrases(core_lexicon("bounds"), "min_before", LANGS))
    + r"|of\s+at\s+least|>=?)"
)  # the language layer's lower-bound words: "at least", "not less than", "min", "minimum of"…
_LEASE_RES = (
    # "between 75 and 85 yrs lease left": the lower end is the minimum (no maximum field).
    re.compile(
        rf"\b(?:between\s+)?(?P<n>\d{{2}})\s*(?:-|to|and)\s*\d{{2}}\s*{_YRS}\.?\s*(?:of\s+)?"
        r"(?:(?:remaining|balance)\s+)?(?:lease|remaining|left|balance)\b"
    ),
    re.compile(
        rf"\b(?:{_LEASE_QUAL}\s*)?(?P<n>\d{{2}})(?!\d)\s*(?:\+|plus)?\s*{_YRS}\.?\s*(?:of\s+)?"
        r"(?:(?:remaining|balance)\s+)?(?:lease|remaining|left|balance)\b"
        r"(?:\s+(?:remaining|left|or\s+more|and\s+above|minimum|min))?"
    ),
    re.compile(
        r"\b(?:(?:remaining|balance\s+of)\s+)?lease\s*(?:remaining\s*|left\s*)?"
        r"(?:of\s+|:\s*|is\s+|should\s+be\s+|must\s+be\s+)?"
        rf"(?:{_LEASE_QUAL}\s*)?(?P<n>\d{{2}})(?!\d)\s*\+?\s*(?:{_YRS}\b)?"
    ),
    re.compile(rf"\b{_LEASE_QUAL}\s*(?P<n>[3-9]\d)\s*\+?\s*{_YRS}\b"),
    re.compile(rf"\b(?P<n>[3-9]\d)\s*\+\s*{_YRS}\b"),
)
_LONG_LEASE_RE = re.compile(
    r"\b(?:long(?:er)?|good|healthy|plenty\s+of|lots\s+of|decent|high)\s+"
    r"(?:remaining\s+)?lease(?:\s+(?:remaining|left))?\b|"
    r"\b(?:new-?ish|fairly\s+new|relatively\s+new|recently\s+built)"
    r"(?:\s+(?:flats?|units?|blocks?|hdb|ones?|builds?))?\b|"
    r"\b(?:newer|young)\s+(?:flats?|units?|blocks?|hdb|ones?|builds?|estates?)\b"
)
_SHORT_LEASE_RE = re.compile(r"\b(?:short(?:er)?|low|any)\s+(?:remaining\s+)?lease(?:\s+(?:remaining|left))?\b")


def extract_lease(scan: Scan) -> Fields:
    """Minimum remaining lease in years.

    '80+ years remaining', 'at least 80 years lease', 'lease above 75 years' -> that number.
    'long (remaining) lease', 'newer/new-ish flat' -> 80 (LONG_LEASE_YEARS): a flat with 80+ of
    its 99 years left is under ~20 years old, which is what people mean by a long lease.
    'short lease' / 'any lease' set no minimum (an explicit None, so it clears an earlier one).
    """
    out: Fields = {}
    for rx in _LEASE_RES:
        for m in scan.matches(rx):
            n = int(m["n"])
            if 1 <= n <= 99:
                out["min_remaining_lease_years"] = n
                scan.take(m.start(), m.end())
    for m in scan.matches(_LONG_LEASE_RE):
        out.setdefault("min_remaining_lease_years", LONG_LEASE_YEARS)
        scan.take(m.start(), m.end())
    for m in scan.matches(_SHORT_LEASE_RE):
        out["min_remaining_lease_years"] = None
        scan.take(m.start(), m.end())
    return out


# ---- budget --------------------------------------------------------------------------------

_MONEY = Quantity("money", money_pattern, lambda m, p, o, q: money_value(m, p, scale_from=o, q=q), marked=marked)
_PRICE_RANGE = (50_000.0, 5_000_000.0)
_BUDGET_WORD_RE = re.compile(r"(?:budget|afford|spend|harga)\W*$")


def _price(bound: Bound, m: re.Match[str], scan: Scan) -> Bound | None:
    """A bound that reads as a flat price, or None. Without a currency or k/m a number counts
    only next to a bound word and from 50,000 up, so sizes, storeys, blocks and years never
    become prices; "budget 550" (no unit) is read as thousands."""
    if bound.kind == "bare" and not (m["a_cur"] or m["a_cur2"] or m["a_suf"]):
        return None
    values = [v for v in (bound.lo, bound.hi) if v is not None]
    if all(100 <= v < 5000 for v in values) and _BUDGET_WORD_RE.search(scan.buf[max(0, bound.start - 12) : bound.end]):
        lo_k, hi_k = (None if v is None else v * 1000 for v in (bound.lo, bound.hi))
        bound = Bound(lo_k, hi_k, bound.kind, bound.start, bound.end)
        values = [v * 1000 for v in values]
    lo, hi = _PRICE_RANGE
    return bound if values and all(lo <= v <= hi for v in values) else None


_NO_BUDGET_RE = re.compile(
    r"\b(?:(?:no|any|unlimited|flexible)\s+(?:budget|price)(?:\s+limit)?|"
    r"(?:remove|drop|forget|ignore|scrap|clear|without|lose|skip)\s+(?:the\s+|my\s+|a\s+)?(?:budget|price)"
    r"(?:\s+(?:limit|cap|range|filter))?)\b"
)


def extract_budget(scan: Scan) -> Fields:
    """price_budget_min / price_budget_max from 'under 600k', 'between 500 and 600k', 'above 1m',
    'half a mil to 650k', a bare 'S$700k' (a cap). 'no budget' / 'remove the budget' clear both.
    The last amount mentioned wins."""
    bounds = find_bounds(scan, _MONEY, LANGS, accept=lambda b, m: _price(b, m, scan))
    out: Fields = {}
    cleared = [m.start() for m in scan.matches(_NO_BUDGET_RE)]
    for m in scan.matches(_NO_BUDGET_RE):
        scan.take(m.start(), m.end())
    last_clear = max(cleared, default=-1)
    if cleared:
        out |= {"price_budget_min": None, "price_budget_max": None}
    # Bounds in reading order, each setting its own side ("min 700k max 900k" keeps both; a later
    # "can go up to 650k" changes only the ceiling); a bare amount is a ceiling.
    for b in bounds:
        if b.start < last_clear:
            continue
        if b.kind in ("range", "min") and b.lo is not None:
            out["price_budget_min"] = round(b.lo)
        if b.kind == "range" or (b.kind == "min" and "price_budget_max" in out and out["price_budget_max"] is not None
                                 and out["price_budget_max"] < b.lo):  # fmt: skip
            out["price_budget_max"] = None if b.hi is None else round(b.hi)
        if b.kind in ("max", "bare", "approx") and b.hi is not None:
            out["price_budget_max"] = round(b.hi)
    return out
