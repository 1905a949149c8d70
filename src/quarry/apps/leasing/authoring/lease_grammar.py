"""Numbers, dates and money as a New York lease writes them; the only words here are grammar."""

from __future__ import annotations

from datetime import date

_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)


def words(n: int) -> str:
    """ "three (3)"; past twenty just the figure."""
    return f"{_WORDS[n]} ({n})" if n < len(_WORDS) else str(n)


def long_date(d: date) -> str:
    """ "March 1, 2022"."""
    return f"{d:%B} {d.day}, {d.year}"


def usd(v: float) -> str:
    """ "$12,345.00"."""
    return f"${v:,.2f}"


def floor_text(floor: int) -> str:
    """ "the 12th floor"; the ground floor and the cellar by name."""
    if floor == -1:
        return "the lower level (cellar)"
    if floor == 1:
        return "the ground floor"
    suffix = "th" if 10 <= floor % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(floor % 10, "th")
    return f"the {floor}{suffix} floor"
