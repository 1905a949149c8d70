"""Periods of time in en, ms, ru, uk, es and fa, relative to an anchor date.

- rolling windows: "past 9 mths", "last quarter", "за последние 2 месяца", "3 bulan lepas";
- since a month: "since June", "с марта", "з квітня", "desde abril" (month names by dateparser);
- this year, half a year;
- year spans: "2023-2025", "between 2023 and 2025", "in 2024";
- month spans: "between March and June 2025", «с марта по июнь», "de marzo a junio de 2025".

The anchor is "now" for the caller: today for lab results, the newest month of the data for
resale comps (their data ends in the past). Words are data (`data/periods.toml`).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache

from quarry.nlu.lexicon import core_lexicon, phrases
from quarry.nlu.scan import Scan
from quarry.nlu.text import EDGE_L, EDGE_R

_UNITS = ("month", "year", "quarter", "week", "day")


@dataclass(frozen=True)
class Period:
    """A stretch of time. `months` is the length of a rolling window counted back from the anchor
    (inclusive of the anchor's month); `start`/`end` are calendar dates (end None: up to now)."""

    kind: str
    """rolling | since | this_year | years | month | months | days"""
    start: date
    end: date | None
    months: int
    span: tuple[int, int]


def _alt(key: str, langs: tuple[str, ...]) -> str:
    found = phrases(core_lexicon("periods"), key, langs)
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in found)


def _month_start(d: date, back: int) -> date:
    """The first day of the month `back` months before `d`'s month."""
    index = d.year * 12 + d.month - 1 - back
    return date(index // 12, index % 12 + 1, 1)


def months_between(start: date, anchor: date) -> int:
    """Months from `start`'s month to the anchor's month, both included."""
    return (anchor.year - start.year) * 12 + anchor.month - start.month + 1


@lru_cache(maxsize=16)
def _patterns(langs: tuple[str, ...]) -> dict[str, re.Pattern[str]]:
    edge_l, edge_r = EDGE_L, EDGE_R
    unit = "|".join(f"(?P<{u}>{_alt(u, langs)})" for u in _UNITS)
    n = r"(?P<n>\d+(?:\.\d+)?)"
    return {
        # \s* between the parts: Chinese writes "最近半年" without spaces.
        "half": re.compile(rf"{edge_l}(?:(?:{_alt('last', langs)})\s*)?(?:{_alt('half_year', langs)})"
                           rf"(?:\s*(?:{_alt('last', langs)}|{_alt('ago', langs)}))?{edge_r}"),
        "last": re.compile(rf"{edge_l}(?:{_alt('last', langs)})\s*(?:{n}\s*-?\s*)?(?:{unit}){edge_r}"),
        "after": re.compile(rf"{edge_l}{n}\s*-?\s*(?:{unit})\s*(?:{_alt('last', langs)}|{_alt('ago', langs)}){edge_r}"),
        # "2 qtrs", "6 mths": a count of months or quarters with no "last" (years are left alone:
        # "70 years" is usually a lease, not a window). Units of one letter never stand alone.
        "bare": re.compile(rf"{edge_l}{n}\s*-?\s*(?:{_bare_units(langs)}){edge_r}"),
        "this_year": re.compile(rf"{edge_l}(?:{_alt('this_year', langs)}){edge_r}"),
        "years": re.compile(
            rf"{edge_l}(?:(?:{_alt('between', langs)})\s+)?(?P<y1>(?:19|20)\d\d)\s*(?:{_alt('to', langs)})\s*"
            rf"(?P<y2>(?:19|20)\d\d){edge_r}"
        ),
        # Two months with the years they are in: "between March and June 2025", «с марта по июнь
        # 2025», "entre marzo y junio de 2025", "Mar-Jun 2025"; a year said once is both months'.
        "months": re.compile(
            rf"{edge_l}(?:(?:{_alt('between', langs)})\s+)?(?P<m1>[^\W\d_]{{3,}})(?:\s+(?P<y1>(?:19|20)\d\d))?"
            rf"\s*(?:{_alt('to', langs)})\s*(?P<m2>[^\W\d_]{{3,}})"
            rf"(?:(?:\s+(?:de|del|of|года|року|г\.?|р\.?))?\s+(?P<y2>(?:19|20)\d\d))?{edge_r}"
        ),
        # "since April", «з 1 липня», "desde el 3 de marzo": a day before the month is allowed (the
        # month is what counts).
        "since": re.compile(
            rf"{edge_l}(?:{_alt('since', langs)})\s+"
            r"(?:(?:el\s+|the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th|-?го)?\s+(?:de\s+|of\s+)?)?"
            rf"(?P<what>[^\W\d_]+(?:\s+(?P<y>(?:19|20)\d\d))?)"
        ),
        # Two days with their months and years: "between 7 March 2023 and 7 May 2026", «между 7 марта
        # 2023 и 7 мая 2026», «з 1 березня 2024 по 5 травня 2025», "entre el 4 de mayo de 2025 y el 8 de
        # agosto de 2026".
        "dates": re.compile(
            rf"{edge_l}(?:(?:{_alt('between', langs)}|{_alt('since', langs)})\s+)?(?:el\s+|the\s+)?"
            rf"(?P<d1>\d{{1,2}})(?:st|nd|rd|th|-?го)?\s+(?:de\s+|of\s+)?(?P<m1>[^\W\d_]{{3,}})\s+(?:de\s+)?"
            rf"(?P<y1>(?:19|20)\d\d)(?:\s*(?:г\.?|года|року|р\.))?\s*(?:{_alt('to', langs)})\s*(?:el\s+|the\s+)?"
            rf"(?P<d2>\d{{1,2}})(?:st|nd|rd|th|-?го)?\s+(?:de\s+|of\s+)?(?P<m2>[^\W\d_]{{3,}})\s+(?:de\s+)?"
            rf"(?P<y2>(?:19|20)\d\d)(?:\s*(?:г\.?|года|року|р\.))?"
        ),
        "in_year": re.compile(rf"{edge_l}(?:{_alt('in', langs)})\s+(?P<y>(?:19|20)\d\d){edge_r}"),
        "in_month": re.compile(
            rf"{edge_l}(?:{_alt('in', langs)})\s+(?P<what>[^\W\d_]{{3,}})"
            rf"(?:(?:\s+(?:de|del|of))?\s+(?P<y>(?:19|20)\d\d))?{edge_r}"
        ),
    }  # fmt: skip


def _month_span(m: re.Match[str], langs: tuple[str, ...], anchor: date) -> tuple[date, date] | None:
    """First day of the first month to the last day of the second, both words months. Without a
    year, the latest such span that has begun by the anchor; a year said once holds for both,
    and a span across New Year ("November to February 2025") starts the year before."""
    first, second = month_named(m["m1"], langs), month_named(m["m2"], langs)
    if first is None or second is None:
        return None
    if m["y2"]:
        y2 = int(m["y2"])
        y1 = int(m["y1"]) if m["y1"] else (y2 if first <= second else y2 - 1)
    else:
        y1 = int(m["y1"]) if m["y1"] else (anchor.year if first <= anchor.month else anchor.year - 1)
        y2 = y1 if first <= second else y1 + 1
    start, end = date(y1, first, 1), date(y2, second, calendar.monthrange(y2, second)[1])
    return (start, end) if start <= end else None


def _day_span(m: re.Match[str], langs: tuple[str, ...]) -> tuple[date, date] | None:
    """(first day, last day) of a span of two dated days, or None when a month word is none or a day
    does not exist."""
    first, second = month_named(m["m1"], langs), month_named(m["m2"], langs)
    if first is None or second is None:
        return None
    try:
        start, end = date(int(m["y1"]), first, int(m["d1"])), date(int(m["y2"]), second, int(m["d2"]))
    except ValueError:
        return None
    return (start, end) if start <= end else None


def _bare_units(langs: tuple[str, ...]) -> str:
    names = [u for u in ("month", "quarter", "week") for u in [u]]
    alts = [
        f"(?P<{u}>{'|'.join(re.escape(w) for w in phrases(core_lexicon('periods'), u, langs) if len(w) > 2)})"
        for u in names
    ]
    return "|".join(alts) + "|(?P<year>(?!))|(?P<day>(?!))"


def _unit_months(m: re.Match[str]) -> float:
    units = core_lexicon("periods")["units"]
    return float(next(units[u] for u in _UNITS if m[u] is not None))


@lru_cache(maxsize=512)
def month_number(word: str, langs: tuple[str, ...]) -> int | None:
    """The month a word names in any of `langs` ("june", "марта", "квітня", "abril"), by dateparser."""
    import dateparser

    if len(word) < 3:
        return None
    when = dateparser.parse(
        word, languages=list(langs), settings={"RELATIVE_BASE": datetime(2000, 1, 15), "REQUIRE_PARTS": ["month"]}
    )
    return when.month if when is not None else None


def month_named(word: str, langs: tuple[str, ...]) -> int | None:
    """The month a word names in any grammatical case («в жовтні», «в октябре»): as typed, or read
    back to its dictionary form in Russian and Ukrainian."""
    from quarry.nlu.inflect import readings

    found = month_number(word, langs)
    for lang in ("ru", "uk"):
        if found is None and lang in langs and re.search(r"[\u0400-\u04ff]", word):
            # Every reading, not only the likeliest: «вересні» reads first as a noun «вересна».
            forms = dict.fromkeys(form for form, _ in readings(word, lang))
            found = next((n for form in forms if (n := month_number(form, langs)) is not None), None)
    return found


def find_periods(
    scan: Scan, langs: tuple[str, ...], anchor: date, *, bare: bool = False, month_names: bool = False
) -> list[Period]:
    """Every period in the scan's unread text, in reading order; each is taken from the scan.
    With `bare`, a count of months or quarters alone ("2 qtrs") is a window too; with `month_names`, a
    month named alone ("in October", «в жовтні») is that month, the latest one not after the anchor."""
    rx = _patterns(langs)
    found: list[Period] = []

    def add(kind: str, start: date, end: date | None, m: re.Match[str]) -> None:
        found.append(Period(kind, start, end, max(1, months_between(start, anchor)), (m.start(), m.end())))
        scan.take(m.start(), m.end())

    for m in scan.matches(rx["dates"]):
        days = _day_span(m, langs)
        if days is not None:
            add("days", *days, m)
    for m in scan.matches(rx["months"]):
        span = _month_span(m, langs, anchor)
        if span is not None:
            add("months", *span, m)
    for m in scan.matches(rx["years"]):
        y1, y2 = int(m["y1"]), int(m["y2"])
        if y1 <= y2:
            add("years", date(y1, 1, 1), date(y2, 12, 31), m)
    for m in scan.matches(rx["half"]):
        add("rolling", _month_start(anchor, 5), None, m)
    for key in ("last", "after", *(("bare",) if bare else ())):
        for m in scan.matches(rx[key]):
            count = float(m["n"]) if m["n"] else 1.0
            months = round(count * _unit_months(m))
            if 0 < months <= 1200:
                add("rolling", _month_start(anchor, months - 1), None, m)
            elif 0 < count * _unit_months(m) < 1:  # days and weeks: this month
                add("rolling", _month_start(anchor, 0), None, m)
    for m in scan.matches(rx["this_year"]):
        add("this_year", date(anchor.year, 1, 1), None, m)
    for m in scan.matches(rx["since"]):
        word = m["what"].split()[0]
        month = month_named(word, langs)
        if month is None:
            continue
        year = int(m["y"]) if m["y"] else anchor.year if month <= anchor.month else anchor.year - 1
        day = int(m["d"]) if m["d"] and 1 <= int(m["d"]) <= calendar.monthrange(year, month)[1] else 1
        add("since", date(year, month, day), None, m)
    for m in scan.matches(rx["in_year"]):
        y = int(m["y"])
        if y <= anchor.year:
            add("years", date(y, 1, 1), date(y, 12, 31), m)
    for m in scan.matches(rx["in_month"]) if month_names else ():
        month = month_named(m["what"], langs)
        if month is None:
            continue
        year = int(m["y"]) if m["y"] else anchor.year if month <= anchor.month else anchor.year - 1
        last = calendar.monthrange(year, month)[1]
        add("month", date(year, month, 1), date(year, month, last), m)
    return sorted(found, key=lambda p: p.span)
