"""Time window, remaining lease and budget extractors of the offline comps parser."""

from __future__ import annotations

import re

from quarry.apps.comps.parse_scan import WORD_NUMS, Fields, Scan, to_number

# ---- time window ---------------------------------------------------------------------------

_UNIT_MONTHS = {"m": 1.0, "y": 12.0, "q": 3.0, "w": 12 / 52}
_TIME_UNIT = r"(?P<unit>months?|mths?|mos?|m|years?|yrs?|y|quarters?|qtrs?|weeks?|wks?)"
_TIME_RES = (
    re.compile(
        r"\b(?:(?:in|over|within|for|during|from)\s+)?(?:the\s+)?"
        r"(?P<core>last|past|previous|prior|recent|latest|trailing|within)\s+"
        rf"(?:(?P<n>\d+(?:\.\d+)?)\s*-?\s*|(?P<w>{WORD_NUMS})\s+)?{_TIME_UNIT}\b"
    ),
    re.compile(r"\b(?P<n>\d+)\s*-?\s*(?P<unit>months?|mths?)\b(?:\s+(?:window|lookback|back))?"),
    re.compile(r"\b(?P<n>\d+)\s*-?\s*(?P<unit>years?|yrs?)\s+(?:window|lookback|back|of\s+data|history)\b"),
)
_HALF_YEAR_RE = re.compile(r"\b(?:(?:the\s+)?(?:last|past)\s+)half\s+(?:a\s+)?year\b")
_THIS_YEAR_RE = re.compile(r"\b(?:this\s+year|ytd|year\s+to\s+date)\b")


def extract_months(scan: Scan) -> Fields:
    """months_back from 'last 6 months', 'past 2 years' (24), 'last quarter' (3), 'this year'.

    'recent' alone says nothing measurable, so it keeps the default of 12. The last mention wins.
    """
    found: list[tuple[int, int]] = []
    for rx in _TIME_RES:
        for m in scan.matches(rx):
            groups = m.groupdict()
            if groups.get("n"):
                n = to_number(m["n"])
            elif groups.get("w"):
                n = to_number(m["w"])
            elif groups.get("core") in ("last", "past", "previous", "prior"):
                n = 1.0  # "last year", "past quarter"
            else:
                continue  # "recent months": no number to go by, keep the default
            months = round(n * _UNIT_MONTHS[m["unit"][0]])
            if n > 0 and 0 < months <= 600:
                found.append((m.start(), max(1, months)))
                scan.take(m.start(), m.end())
    for rx, months in ((_HALF_YEAR_RE, 6), (_THIS_YEAR_RE, 12)):
        for m in scan.matches(rx):
            found.append((m.start(), months))
            scan.take(m.start(), m.end())
    return {"months_back": max(found)[1]} if found else {}


# ---- remaining lease -----------------------------------------------------------------------

LONG_LEASE_YEARS = 80
_YRS = r"(?:years?|yrs?|y)"
_LEASE_QUAL = (
    r"(?:at\s+least|min(?:imum)?(?:\s+of)?|over|above|more\s+than|>=?|no\s+less\s+than|"
    r"of\s+at\s+least)"
)
_LEASE_RES = (
    re.compile(
        rf"\b(?:{_LEASE_QUAL}\s*)?(?P<n>\d{{2}})(?!\d)\s*\+?\s*{_YRS}\.?\s*(?:of\s+)?"
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

_MONEY = (
    r"(?P<cur>s\$|sgd\s?|\$)?\s*(?<![\d.,])(?P<num>\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s*(?P<suf>k|m|mil|mio|mln|million|thousand|grand)?(?![a-z0-9])"
    r"(?:\s*(?P<cur2>sgd|dollars?)\b)?"
)
_MONEY_B = _MONEY.replace("(?P<", "(?P<b_")
_BUDGET_PRE = (
    r"(?:budget(?:\s+(?:of|is|at|around|about|up\s+to|max(?:imum)?|below|under))*|"
    r"under|below|max(?:imum)?|up\s+to|upto|<=?|less\s+than|at\s+most|within|"
    r"no\s+more\s+than|not\s+more\s+than|not\s+exceeding|cap(?:ped)?(?:\s+at)?|"
    r"cheaper\s+than|(?:price|priced)\s+(?:under|below|at\s+most|max)|"
    r"afford(?:\s+up\s+to)?|spend(?:\s+up\s+to)?)"
)
_BUDGET_RANGE_RE = re.compile(rf"(?:between\s+)?{_MONEY}\s*(?:-|to|and)\s*{_MONEY_B}")
_BUDGET_MIN_RE = re.compile(rf"\b(?:above|over|at\s+least|more\s+than|min(?:imum)?|from|>=?)\s*:?\s*{_MONEY}")
_BUDGET_PRE_RE = re.compile(rf"(?<![a-z]){_BUDGET_PRE}\s*:?\s*{_MONEY}")
_BUDGET_POST_RE = re.compile(
    rf"{_MONEY}\s*(?:max(?:imum)?|or\s+(?:less|below|under)|and\s+below|budget|cap|tops|"
    r"at\s+most)\b"
)
_BUDGET_BARE_RE = re.compile(_MONEY)
_NO_BUDGET_RE = re.compile(r"\b(?:no|any|unlimited|flexible)\s+(?:budget|price)(?:\s+limit)?\b")
_SUFFIX = {"k": 1e3, "thousand": 1e3, "grand": 1e3, "m": 1e6, "mil": 1e6, "mio": 1e6,
           "mln": 1e6, "million": 1e6}  # fmt: skip


def _money(m: re.Match[str], p: str = "", *, keyword: bool, budget_word: bool = False) -> int | None:
    """SGD amount of a money match, or None when it does not look like a flat price.

    Without a currency sign or k/m suffix a number counts only after a budget word and only
    from 50,000 up, so sizes, storeys, block numbers and years are never read as prices.
    'budget 550' (no unit) is read as thousands.
    """
    raw = m[p + "num"]
    suf = m[p + "suf"]
    marked = bool(m[p + "cur"] or m[p + "cur2"] or suf)
    value = float(raw.replace(",", "").replace(" ", "")) * (_SUFFIX[suf] if suf else 1.0)
    if not marked:
        if not keyword:
            return None
        if budget_word and 100 <= value < 5000:
            value *= 1000
    if not 50_000 <= value <= 5_000_000:
        return None
    return round(value)


def extract_budget(scan: Scan) -> Fields:
    """price_budget_max from 'under 600k', 'budget $550,000', 'up to $1.2m', a bare 'S$700k'.

    A range ('500k-600k') gives its upper end; a floor ('above 500k') has no field and is only
    consumed. 'no budget' clears an earlier cap. The last amount mentioned wins.
    """
    found: list[tuple[int, int | None]] = []
    for m in scan.matches(_BUDGET_RANGE_RE):
        hi = _money(m, "b_", keyword=True)
        if hi is not None and (m["suf"] or m["cur"] or m["b_suf"] or m["b_cur"]):
            found.append((m.start(), hi))
            scan.take(m.start(), m.end())
    for m in scan.matches(_BUDGET_MIN_RE):
        if _money(m, keyword=True) is not None:
            scan.take(m.start(), m.end())
    for rx, keyword in ((_BUDGET_PRE_RE, True), (_BUDGET_POST_RE, True), (_BUDGET_BARE_RE, False)):
        for m in scan.matches(rx):
            budget_word = "budget" in m[0]
            value = _money(m, keyword=keyword, budget_word=budget_word)
            if value is not None:
                found.append((m.start(), value))
                scan.take(m.start(), m.end())
    for m in scan.matches(_NO_BUDGET_RE):
        found.append((m.start(), None))
        scan.take(m.start(), m.end())
    return {"price_budget_max": max(found, key=lambda f: f[0])[1]} if found else {}
