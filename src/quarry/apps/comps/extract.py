"""Field extractors for the offline parser: time window, size, storey, lease, budget, type, model.

Every extractor reads a shared `Scan` and masks the characters it used, so a number is read once:
the 12 of "last 12 months" can no longer be a storey, the 95 of "95 sqm" never a price. The
parser runs them in a fixed order (see `parse.parse_target`), most specific first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from quarry.apps.comps.vocab import (
    FLAT_MODEL_ALIASES,
    GUARDED_FLAT_MODELS,
    NUMBER_WORDS,
)

MASK = "\x1f"
_CHAR_MAP = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2019": "'", "\u2018": "'",
     "\uff5e": "~", "\u00a0": " ", "\u2264": "<", "\u2265": ">"}
)  # fmt: skip

Fields = dict[str, Any]


class Scan:
    """The message twice: `text` as typed (for hints) and `buf`, lower case, with used spans masked.

    Both have the same length, so a span found in `buf` can be cut out of `text`.
    """

    __slots__ = ("buf", "text")

    def __init__(self, text: str) -> None:
        norm = text.translate(_CHAR_MAP)
        low = norm.lower()
        if len(low) != len(norm):  # a few characters grow when lowered ("İ"): keep them as is
            low = "".join(c.lower() if len(c.lower()) == 1 else c for c in norm)
        self.text = norm
        self.buf = low

    def take(self, start: int, end: int) -> None:
        """Mark `buf[start:end]` as used."""
        self.buf = self.buf[:start] + MASK * (end - start) + self.buf[end:]

    def matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches on the current buffer (computed up front so taking spans is safe)."""
        yield from list(pattern.finditer(self.buf))

    def original(self, start: int, end: int) -> str:
        """The user's own spelling of a span."""
        return self.text[start:end].strip(" ,.;:!?")


# ---- shared regex pieces -------------------------------------------------------------------

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORD_NUMS = "|".join(w.replace(" ", r"\s+") for w in sorted(NUMBER_WORDS, key=len, reverse=True))
_FLOOR = r"(?:floors?|storeys?|storys?|stories|levels?|lvls?|flrs?|fl)"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"


def to_number(raw: str) -> float:
    """'1,000' -> 1000.0; number words ('six') via the vocab table."""
    raw = raw.strip()
    key = re.sub(r"\s+", " ", raw)
    if key in NUMBER_WORDS:
        return float(NUMBER_WORDS[key])
    return float(raw.replace(",", "").replace(" ", ""))


# ---- time window ---------------------------------------------------------------------------

_UNIT_MONTHS = {"m": 1.0, "y": 12.0, "q": 3.0, "w": 12 / 52}
_TIME_UNIT = r"(?P<unit>months?|mths?|mos?|m|years?|yrs?|y|quarters?|qtrs?|weeks?|wks?)"
_TIME_RES = (
    re.compile(
        r"\b(?:(?:in|over|within|for|during|from)\s+)?(?:the\s+)?"
        r"(?P<core>last|past|previous|prior|recent|latest|trailing|within)\s+"
        rf"(?:(?P<n>\d+(?:\.\d+)?)\s*-?\s*|(?P<w>{_WORD_NUMS})\s+)?{_TIME_UNIT}\b"
    ),
    re.compile(r"\b(?P<n>\d+)\s*-?\s*(?P<unit>months?|mths?)\b(?:\s+(?:window|lookback|back))?"),
    re.compile(
        r"\b(?P<n>\d+)\s*-?\s*(?P<unit>years?|yrs?)\s+(?:window|lookback|back|of\s+data|history)\b"
    ),
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
            if n >= 1 and 0 < months <= 600:
                found.append((m.start(), max(1, months)))
                scan.take(m.start(), m.end())
    for rx, months in ((_HALF_YEAR_RE, 6), (_THIS_YEAR_RE, 12)):
        for m in scan.matches(rx):
            found.append((m.start(), months))
            scan.take(m.start(), m.end())
    return {"months_back": max(found)[1]} if found else {}


# ---- floor area ----------------------------------------------------------------------------

SQFT_TO_SQM = 0.092903
_SQFT = r"square\s+f(?:ee|oo)t|sq\.?\s*f(?:ee)?t|sqft|ft2|ft\u00b2|sf"
_SQM = r"square\s+met(?:re|er)s?|sq\.?\s*m(?:et(?:re|er)s?|trs?)?|m2|m\u00b2|sqm"
_UNIT = rf"(?:(?P<sqft>{_SQFT})|(?:{_SQM}))(?![a-z])"
_UNIT2 = rf"(?:(?P<sqft2>{_SQFT})|(?:{_SQM}))?"
_AREA_RANGE_RE = re.compile(
    rf"(?:between\s+)?(?P<a>{NUM})\s*{_UNIT2}\s*(?:-|to|and)\s*(?P<b>{NUM})\s*{_UNIT}"
)
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


def extract_area(scan: Scan) -> Fields:
    """Floor area: '~95 sqm' -> target; 'max 80 sqm' -> floor_area_max; '90-100 sqm' -> 95 +- 5.

    'at least 130 sqm' has no field of its own (Target has no floor_area_min), so it becomes the
    target with the default tolerance: comps around the stated minimum are the right yardstick,
    and the scorer still ranks the closest sizes first. Square feet are converted (1 sqft =
    0.092903 sqm, one decimal).
    """
    out: Fields = {}
    for m in scan.matches(_AREA_RANGE_RE):
        unit = m["sqft"]
        a = to_number(m["a"]) * (SQFT_TO_SQM if unit else 1)
        b = to_number(m["b"]) * (SQFT_TO_SQM if unit else 1)
        if 15 <= a < b <= 400:
            out["floor_area_target"] = round((a + b) / 2, 1)
            out["floor_area_tolerance"] = round((b - a) / 2, 1)
            scan.take(m.start(), m.end())
    for rx in _AREA_MAX_RES:
        for m in scan.matches(rx):
            if (v := _sqm(m)) is not None:
                out["floor_area_max"] = v
                scan.take(m.start(), m.end())
    for rx in (*_AREA_MIN_RES, _AREA_TARGET_RE, _AREA_BARE_RE):
        for m in scan.matches(rx):
            if (v := _sqm(m)) is not None:
                out["floor_area_target"] = v
                tol = m.groupdict().get("tol")
                out["floor_area_tolerance"] = to_number(tol) if tol else 5.0
                scan.take(m.start(), m.end())
    return out


# ---- storey --------------------------------------------------------------------------------

_STOREY_RANGE_RES = (
    re.compile(rf"\b{_FLOOR}\s*(?:from\s+)?{_ORD}\s*(?:-|to|and)\s*{_ORD}(?![\d%])"),
    re.compile(
        rf"\b(?:between\s+(?:the\s+)?)?{_ORD}\s*(?:-|to|and)\s*(?:the\s+)?{_ORD}\s*{_FLOOR}\b"
    ),
    re.compile(r"\b(0\d|[1-4]\d)\s+to\s+(0\d|[1-5]\d)\b(?!\s*(?:years?|yrs?|months?|mins?|k\b|%))"),
)
_STOREY_MIN_RES = (
    re.compile(
        r"\b(?:at\s+least|min(?:imum)?|above|over|from|higher\s+than|>=?)\s*(?:the\s+)?"
        rf"(?:{_ORD}\s*{_FLOOR}|{_FLOOR}\s*{_ORD})\b"
    ),
    re.compile(
        rf"\b{_ORD}\s*{_FLOOR}\s*(?:(?:and|or)\s+(?:above|higher|up(?:wards)?|more)|"
        r"\+|upwards|onwards|up\b|min(?:imum)?\b)"
    ),
    re.compile(rf"\b{_FLOOR}\s*{_ORD}\s*(?:\+|(?:and|or)\s+(?:above|higher|up)|upwards|onwards)"),
    re.compile(rf"\b{_ORD}\s*\+\s*{_FLOOR}\b"),
)
_STOREY_BELOW_RE = re.compile(
    rf"\b(?:below|under|lower\s+than|beneath)\s*(?:the\s+)?(?:{_ORD}\s*{_FLOOR}|{_FLOOR}\s*{_ORD})\b"
)
_STOREY_MAX_RES = (
    re.compile(
        r"\b(?:at\s+most|max(?:imum)?|up\s+to|no\s+higher\s+than|not\s+above)\s*(?:the\s+)?"
        rf"(?:{_ORD}\s*{_FLOOR}|{_FLOOR}\s*{_ORD})\b"
    ),
    re.compile(rf"\b{_ORD}\s*{_FLOOR}\s*(?:(?:and|or)\s+(?:below|lower|under)|max(?:imum)?\b)"),
)
_STOREY_SINGLE_RE = re.compile(
    rf"\b(?:on\s+)?(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)\s*{_FLOOR}|{_FLOOR}\s*(\d{{1,2}}))\b"
    r"(?!\s*(?:-|to)\s*\d)"
)
_STOREY_WORDS = {
    "low": "low", "lower": "low", "ground": "low", "bottom": "low",
    "mid": "mid", "middle": "mid", "medium": "mid",
    "high": "high", "higher": "high", "upper": "high", "top": "high",
}  # fmt: skip
_STOREY_PREF_RES = (
    re.compile(
        r"\b(?P<w>low(?:er)?|ground|bottom|mid(?:dle)?|medium|high(?:er)?|upper|top)"
        rf"\s*-?\s*{_FLOOR}\b"
    ),
    re.compile(rf"\b{_FLOOR}\s*(?:preference\s*)?[:=]?\s*(?P<w>low|mid|middle|high)\b"),
    re.compile(r"\b(?P<w>higher)\s+up\b"),
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
    for rx in _STOREY_MIN_RES:
        for m in scan.matches(rx):
            put(_ints(m)[0], None, m)
    for m in scan.matches(_STOREY_BELOW_RE):
        put(None, max(1, _ints(m)[0] - 1), m)
    for rx in _STOREY_MAX_RES:
        for m in scan.matches(rx):
            put(None, _ints(m)[0], m)
    for m in scan.matches(_STOREY_SINGLE_RE):
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
_SHORT_LEASE_RE = re.compile(
    r"\b(?:short(?:er)?|low|any)\s+(?:remaining\s+)?lease(?:\s+(?:remaining|left))?\b"
)


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
_BUDGET_MIN_RE = re.compile(
    rf"\b(?:above|over|at\s+least|more\s+than|min(?:imum)?|from|>=?)\s*:?\s*{_MONEY}"
)
_BUDGET_PRE_RE = re.compile(rf"(?<![a-z]){_BUDGET_PRE}\s*:?\s*{_MONEY}")
_BUDGET_POST_RE = re.compile(
    rf"{_MONEY}\s*(?:max(?:imum)?|or\s+(?:less|below|under)|and\s+below|budget|cap|tops|"
    r"at\s+most)\b"
)
_BUDGET_BARE_RE = re.compile(_MONEY)
_NO_BUDGET_RE = re.compile(r"\b(?:no|any|unlimited|flexible)\s+(?:budget|price)(?:\s+limit)?\b")
_SUFFIX = {"k": 1e3, "thousand": 1e3, "grand": 1e3, "m": 1e6, "mil": 1e6, "mio": 1e6,
           "mln": 1e6, "million": 1e6}  # fmt: skip


def _money(
    m: re.Match[str], p: str = "", *, keyword: bool, budget_word: bool = False
) -> int | None:
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


# ---- flat type -----------------------------------------------------------------------------

_DIGIT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_N15 = r"(?P<n>[1-5]|one|two|three|four|five)"
_ROOM_RE = re.compile(rf"\b(?:{_N15}\s*-?\s*(?:rooms?|roomers?|rms?)|(?P<d>[1-5])-?r)\b")
_BEDROOM_RE = re.compile(rf"\b{_N15}\s*-?\s*(?:bedrooms?|bedders?|beds?|br|bdr|bdrm)\b")
_EXEC_CONDO_RE = re.compile(r"\b(?:exec(?:utive)?\s+condo(?:minium)?s?|ec)\b")
_EXEC_RE = re.compile(
    r"\b(?:exec(?:utive)?|exe)\.?(?:\s+(?P<kind>apartment|apt|maisonette|mais))?\b(?:\s+flats?)?"
)
_EXEC_UPPER_RE = re.compile(r"\b(?P<kind>EA|EM)\b")
_MULTIGEN_RE = re.compile(r"\bmulti\s*-?\s*gen(?:eration(?:al)?)?\b")


def extract_flat_type(scan: Scan) -> Fields:
    """Flat type from '4-room', '4rm', 'four room', 'exec', 'EA'/'EM', 'multi-gen'.

    Bedrooms are mapped the way Singapore listings use them: an HDB n-room flat has n-1
    bedrooms, so '3-bedroom' -> 4 ROOM and '2-bedroom' -> 3 ROOM ('4-bedroom' -> 5 ROOM).
    'Executive apartment/maisonette' (EA/EM) also set flat_model Apartment/Maisonette.
    An executive condominium is not an HDB resale flat: consumed, no type.
    """
    out: Fields = {}
    for m in scan.matches(_EXEC_CONDO_RE):
        scan.take(m.start(), m.end())
    for m in scan.matches(_ROOM_RE):
        n = int(m["d"]) if m["d"] else _DIGIT.get(m["n"]) or int(m["n"])
        out.setdefault("flat_type", f"{n} ROOM")
        scan.take(m.start(), m.end())
    for m in scan.matches(_BEDROOM_RE):
        n = _DIGIT.get(m["n"]) or int(m["n"])
        out.setdefault("flat_type", f"{min(n + 1, 5)} ROOM")
        scan.take(m.start(), m.end())
    for m in scan.matches(_MULTIGEN_RE):
        out.setdefault("flat_type", "MULTI-GENERATION")
        scan.take(m.start(), m.end())
    upper = [m for m in _EXEC_UPPER_RE.finditer(scan.text) if scan.buf[m.start()] != MASK]
    for m in [*scan.matches(_EXEC_RE), *upper]:
        out.setdefault("flat_type", "EXECUTIVE")
        kind = (m["kind"] or "").lower()
        if kind:
            model = "Maisonette" if kind.startswith("m") or kind == "em" else "Apartment"
            out.setdefault("flat_model", model)
            out.setdefault("flat_model_soft", False)
        scan.take(m.start(), m.end())
    return out


# ---- flat model ----------------------------------------------------------------------------


def _alias_pattern(phrase: str) -> str:
    """Regex for a phrase whose words may be joined by spaces or hyphens, or run together."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", phrase)]
    return r"[\s-]*".join(words)


_MODEL_ALIAS_RE = re.compile(
    r"(?<![a-z0-9])(?P<p>"
    + "|".join(_alias_pattern(a) for a in sorted(FLAT_MODEL_ALIASES, key=len, reverse=True))
    + r")(?![a-z0-9])"
)
_ALIAS_KEY = {re.sub(r"[\s-]+", "", a): v for a, v in FLAT_MODEL_ALIASES.items()}
_GUARD = "|".join(GUARDED_FLAT_MODELS)
_TYPE_WORDS = r"[1-5]\s*-?\s*(?:rooms?|rms?)"
_GUARDED_RES = (
    re.compile(rf"\b(?:model|type)\s*:?\s*(?P<p>{_GUARD})\b"),
    re.compile(
        rf"\b(?P<p>{_GUARD})\s+(?:model|type|flats?|units?|design|layout|blocks?|houses?)\b"
    ),
    re.compile(rf"\b(?P<p>improved|simplified)\s+{_TYPE_WORDS}\b"),
    re.compile(rf"\b{_TYPE_WORDS}\s+(?P<p>improved|simplified|standard)\b"),
    re.compile(r"\bexec(?:utive)?\s+(?P<p>apartment)\b"),
)
# "2-room model" and "multi-generation model" name a model while the type words stay for
# the flat-type extractor, so only the word "model" is consumed here.
_TYPE_MODEL_RE = re.compile(
    r"\b(?P<t>2\s*-?\s*(?:room|rm)|multi\s*-?\s*gen(?:eration)?)\s+(?P<p>model|type)\b"
)
_SOFT_AFTER_RE = re.compile(
    r"^\s*(?:-?\s*ish\b|-?\s*like\b|-?\s*style\b|or\s+similar\b|or\s+equivalent\b|"
    r"if\s+possible\b|ideally\b|preferably\b|preferred\b|(?:would\s+be\s+)?nice\b)"
)
_SOFT_BEFORE_RE = re.compile(
    r"(?:\b(?:something|anything|stuff|units?|flats?|ones?)\s+like|\bsimilar\s+to|\bkind\s+of|"
    r"\bsort\s+of|\bprefer(?:ably|red|ence\s+for)?|\bideally|\bmaybe|\bpossibly|\bperhaps|"
    r"\bif\s+possible|(?:^|[,;]\s*)like)\s*(?:an?\s+|the\s+)?$"
)
_ANY_MODEL_RE = re.compile(r"\bany\s+(?:flat\s+)?model\b")


def extract_flat_model(scan: Scan) -> Fields:
    """Flat model, longest phrase first, and whether it was hedged.

    'premium apartment loft' beats 'premium apartment'; 'model a2' beats 'model a'. Words that
    are ordinary English ('standard', 'improved', 'apartment', 'terrace', 'simplified') count
    only beside 'model'/'type'/'flat'/'unit' or a flat type ('5-room improved'). A hedge
    ('premium-ish', 'something like a DBSS', 'preferably maisonette') sets flat_model_soft:
    rank by the model, do not filter. The first model mentioned wins.
    """
    hits: list[tuple[int, int, str]] = []
    for m in scan.matches(_TYPE_MODEL_RE):
        model = "2-room" if m["t"].startswith("2") else "Multi Generation"
        hits.append((m.start("p"), m.end("p"), model))
        scan.take(m.start("p"), m.end("p"))
    for m in scan.matches(_MODEL_ALIAS_RE):
        hits.append((m.start("p"), m.end("p"), _ALIAS_KEY[re.sub(r"[\s-]+", "", m["p"])]))
        scan.take(m.start("p"), m.end("p"))
    for rx in _GUARDED_RES:
        for m in scan.matches(rx):
            hits.append((m.start("p"), m.end("p"), GUARDED_FLAT_MODELS[m["p"]]))
            scan.take(m.start("p"), m.end("p"))
    out: Fields = {}
    if hits:
        start, end, model = min(hits)
        after = _SOFT_AFTER_RE.match(scan.buf[end : end + 24])
        before = _SOFT_BEFORE_RE.search(scan.buf[max(0, start - 40) : start])
        if after:
            scan.take(end, end + after.end())
        out = {"flat_model": model, "flat_model_soft": bool(after or before)}
    for m in scan.matches(_ANY_MODEL_RE):
        out = {"flat_model": None, "flat_model_soft": False}
        scan.take(m.start(), m.end())
    return out
