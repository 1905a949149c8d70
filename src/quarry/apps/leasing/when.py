"""Natural tour times → concrete slots in America/New_York, against an injectable clock.

"this monday 6pm" → the coming Monday at 18:00 (today if it is Monday and 18:00 is ahead);
"next monday" → Monday of next week; "tomorrow 10am", "today 4pm", "friday at 3:30pm";
"next 2 weeks" / "this week" / "next week" / nothing said → the first business-day slots in that
window at 10:00, 13:00 and 16:00. Tours happen Monday–Saturday 09:00–19:00.

    >>> from datetime import datetime
    >>> now = datetime(2026, 11, 23, 9, 0, tzinfo=NY)  # a Monday
    >>> [s.isoformat() for s in resolve("this monday 6pm", now)]
    ['2026-11-23T18:00:00-05:00']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from quarry.nlu.numbers import count_words

NY = ZoneInfo("America/New_York")
Clock = Callable[[], datetime]
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_ABBR = {d[:3]: i for i, d in enumerate(DAYS)} | {"tues": 1, "thur": 3, "thurs": 3}
OPEN, CLOSE = time(9, 0), time(19, 0)
DEFAULT_TIMES = (time(10, 0), time(13, 0), time(16, 0))
SLOTS_WANTED = 3


def now_ny() -> datetime:
    """The real clock, in New York."""
    return datetime.now(NY)


def _clock_time(text: str) -> time | None:
    m = re.search(r"\b(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)", text, re.IGNORECASE)
    if m:
        h, minute = int(m.group(1)) % 12, int(m.group(2) or 0)
        if m.group(3).lower().startswith("p"):
            h += 12
        return time(h, minute) if h < 24 and minute < 60 else None
    if re.search(r"\bnoon\b", text, re.IGNORECASE):
        return time(12, 0)
    m = re.search(r"\bat (\d{1,2}):(\d\d)\b", text)
    if m and int(m.group(1)) < 24:
        return time(int(m.group(1)), int(m.group(2)))
    bare = r"(?:\bat|\baround|@)\s*(\d{1,2})\b(?![:.,]?\d|\s*(?:%|sf|sq|people|units?|min|floors?|desks?))"
    m = re.search(bare, text, re.IGNORECASE)
    if m and 1 <= int(m.group(1)) <= 12:
        # A bare hour means the one inside tour hours (09:00-19:00): "at 11" is 11:00, "at 3" is 15:00.
        h = int(m.group(1))
        return time(h if h >= 9 else h + 12, 0) if h != 12 else time(12, 0)
    if re.search(r"\bmorning\b", text, re.IGNORECASE):
        return time(10, 0)
    if re.search(r"\bafternoon\b", text, re.IGNORECASE):
        return time(14, 0)
    if re.search(r"\bevening\b", text, re.IGNORECASE):
        return time(18, 0)
    return None


def _weekday(text: str) -> tuple[int, str] | None:
    """(weekday 0=Mon, qualifier 'this'|'next'|'') of a day named in `text`."""
    m = re.search(r"\b(?:(this|next|coming)\s+)?(" + "|".join([*DAYS, *_DAY_ABBR]) + r")\b", text, re.IGNORECASE)
    if not m:
        return None
    word = m.group(2).lower()
    day = DAYS.index(word) if word in DAYS else _DAY_ABBR[word]
    return day, (m.group(1) or "").lower()


def _at(d: date, t: time) -> datetime:
    return datetime.combine(d, t, tzinfo=NY)


def _open(d: date) -> bool:
    return d.weekday() < 6  # Monday–Saturday


def window(text: str, now: datetime) -> tuple[date, date] | None:
    """The days a range phrase covers ('next 2 weeks', 'this week', 'next week', 'in 3 days')."""
    low = text.lower()
    today = now.date()
    m = re.search(r"\b(?:next|within|in the next|over the next)\s+(\d+|[a-z]+)\s+(day|week)s?\b", low)
    n = (int(m.group(1)) if m.group(1).isdigit() else count_words(("en",)).get(m.group(1), 0)) if m else 0
    if m and n:
        return today, today + timedelta(days=n * (7 if m.group(2) == "week" else 1))
    if re.search(r"\bthis week\b", low):
        return today, today + timedelta(days=6 - today.weekday())
    if re.search(r"\bnext week\b", low):
        start = today + timedelta(days=7 - today.weekday())
        return start, start + timedelta(days=6)
    return None


def names_a_time(text: str) -> bool:
    """True when the words name a day or a time ("on Tuesday at 11", "tomorrow"), not just a tour."""
    relative = re.search(r"\b(today|tonight|tomorrow|next week|this week)\b", text.lower())
    return bool(_clock_time(text) or _weekday(text) or relative)


def resolve(text: str, now: datetime, *, wanted: int = SLOTS_WANTED) -> list[datetime]:
    """Slot starts for what `text` says (a named day/time → one slot; a range → `wanted` slots)."""
    now = now.astimezone(NY)
    today = now.date()
    at = _clock_time(text)
    day: date | None = None
    named = _weekday(text)
    low = text.lower()
    if re.search(r"\btoday\b|\btonight\b", low):
        day = today
    elif re.search(r"\btomorrow\b", low):
        day = today + timedelta(days=1)
    elif named:
        wd, qualifier = named
        ahead = (wd - today.weekday()) % 7
        if qualifier == "next":
            ahead = 7 - today.weekday() + wd  # that day of next week
        elif ahead == 0 and at is not None and _at(today, at) <= now:
            ahead = 7
        day = today + timedelta(days=ahead)
    if day is not None:
        if at is not None:
            return [_at(day, at)] if _at(day, at) > now else []
        return [s for s in (_at(day, t) for t in DEFAULT_TIMES) if s > now][:wanted]
    span = window(text, now) or (today, today + timedelta(days=14))
    out: list[datetime] = []
    d = span[0]
    while d <= span[1] and len(out) < wanted:
        if _open(d):
            for t in (at,) if at else DEFAULT_TIMES:
                slot = _at(d, t)
                if slot > now + timedelta(hours=2) and len(out) < wanted:
                    out.append(slot)
        d += timedelta(days=1)
    return out


def in_hours(start: datetime, minutes: int) -> bool:
    """True when a tour starting at `start` fits opening hours."""
    local = start.astimezone(NY)
    end = (local + timedelta(minutes=minutes)).time()
    return _open(local.date()) and local.time() >= OPEN and local.time() < end <= CLOSE


def describe(start: datetime) -> str:
    """'Mon Nov 30, 6:00 PM' in New York time."""
    local = start.astimezone(NY)
    return local.strftime("%a %b %-d, %-I:%M %p")
