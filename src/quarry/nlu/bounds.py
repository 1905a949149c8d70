"""Bounds on a quantity, one grammar for every app and language: ranges ("450-520k", "between
500 and 600k"), lower bounds ("at least 70 years", "140sqm n above"), upper bounds ("not more
than 420k", "زیر ۲۵ میلیون"), approximations ("~95 sqm") and bare amounts.

An app says what the quantity looks like (`Quantity`: a regex fragment with named groups under
a prefix, and how to read a value from a match); the bound words come from `data/bounds.toml`.
Matches are found on a `Scan` and taken from it, so a number is read once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from quarry.nlu.lexicon import core_lexicon, phrases
from quarry.nlu.scan import Scan
from quarry.nlu.text import EDGE_L, EDGE_R

ValueReader = Callable[[re.Match[str], str, "re.Match[str] | None", str], "float | None"]


@dataclass(frozen=True)
class Quantity:
    """What one amount looks like: `pattern(prefix)` and `value(match, prefix, other, other_prefix)`,
    where `other` is the range's other end (for a unit written once: "500 and 600k")."""

    name: str
    pattern: Callable[[str], str]
    value: ValueReader
    needs_unit_once: bool = True
    """A range must show the unit on at least one end (else "3 to 5" would be any quantity)."""
    marked: Callable[[re.Match[str], str], bool] | None = None
    """True when an amount shows its unit (used by `needs_unit_once` and for bare amounts)."""


@dataclass(frozen=True)
class Bound:
    lo: float | None
    hi: float | None
    kind: str
    """range | min | max | approx | bare"""
    start: int
    end: int


def _words(key: str, langs: tuple[str, ...]) -> str:
    found = phrases(core_lexicon("bounds"), key, langs)
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in found)


@lru_cache(maxsize=64)
def _patterns(q: Quantity, langs: tuple[str, ...]) -> list[tuple[str, re.Pattern[str]]]:
    a, b = q.pattern("a_"), q.pattern("b_")
    edge_l, edge_r = EDGE_L, EDGE_R
    # Min and max words share one alternation each side, so the leftmost phrase wins:
    # "not more than 420k" is read from "not", never as "more than 420k".
    before = (
        rf"{edge_l}(?:(?P<minw>{_words('min_before', langs)})|(?P<maxw>{_words('max_before', langs)})"
        rf"|(?P<apxw>{_words('approx_before', langs)}))\s*:?\s*(?:the\s+)?{a}"
    )
    after = (
        rf"{a}\s*(?:(?P<apxw>{_words('approx_after', langs)})|(?P<minw>{_words('min_after', langs)})"
        rf"|(?P<maxw>{_words('max_after', langs)})){edge_r}"
    )
    return [
        ("range", re.compile(rf"{edge_l}(?:(?:{_words('between', langs)})\s+)?{a}\s*(?:{_words('to', langs)})\s*{b}")),
        ("before", re.compile(before)),
        ("after", re.compile(after)),
        ("bare", re.compile(a)),
    ]


def _leftmost(buf: str, before: re.Pattern[str], after: re.Pattern[str]) -> list[tuple[str, re.Match[str]]]:
    """Bound words before or after an amount, read left to right: the earlier phrase wins, so
    "min 700k max 900k" is "min 700k" and "max 900k", never "700k max"."""
    out: list[tuple[str, re.Match[str]]] = []
    pos = 0
    while True:
        mb, ma = before.search(buf, pos), after.search(buf, pos)
        if mb is None and ma is None:
            return out
        kind, m = ("before", mb) if mb is not None and (ma is None or mb.start() <= ma.start()) else ("after", ma)
        assert m is not None
        out.append((kind, m))
        pos = max(m.end(), pos + 1)


def find_bounds(
    scan: Scan,
    q: Quantity,
    langs: tuple[str, ...],
    *,
    bare: bool = True,
    accept: Callable[[Bound, re.Match[str]], Bound | None] | None = None,
) -> list[Bound]:
    """Every bound on quantity `q` in the scan's unread text, in reading order; each is taken.

    `accept` lets the caller judge a bound in context (a plausible price, a size in range): it
    returns the bound to keep, possibly adjusted, or None to leave those words for others."""
    found: list[Bound] = []
    patterns = dict(_patterns(q, langs))
    for kind in ("range", "sides", "bare"):
        if kind == "bare" and not bare:
            continue
        matches: list[tuple[str, re.Match[str]]]
        if kind == "sides":
            matches = _leftmost(scan.buf, patterns["before"], patterns["after"])
        else:
            matches = [(kind, m) for m in scan.matches(patterns[kind])]
        for kind_m, m in matches:
            bound = _read(kind_m, m, q)
            if bound is not None and kind_m == "before":
                bound = _negated_after(bound, m, langs)
            if bound is not None and accept is not None:
                bound = accept(bound, m)
            if bound is not None:
                found.append(bound)
                scan.take(m.start(), max(m.end(), bound.end))
    return sorted(found, key=lambda b: b.start)


def _read(kind: str, m: re.Match[str], q: Quantity) -> Bound | None:
    if kind in ("before", "after"):
        kind = "min" if m["minw"] is not None else "max" if m["maxw"] is not None else "approx"
    if kind == "range":
        if q.needs_unit_once and q.marked and not (q.marked(m, "a_") or q.marked(m, "b_")):
            return None
        hi = q.value(m, "b_", None, "")
        lo = q.value(m, "a_", m, "b_")
        if lo is not None and hi is not None and lo > hi:
            plain = q.value(m, "a_", None, "")  # "1.2m - 900k": the first end has its own unit
            lo = plain if plain is not None and plain <= hi else None
        if lo is None or hi is None:
            return None
        return Bound(lo, hi, kind, m.start(), m.end())
    v = q.value(m, "a_", None, "")
    if v is None:
        return None
    if kind == "bare" and q.marked and not q.marked(m, "a_"):
        return None
    lo = v if kind in ("min", "approx", "bare") else None
    hi = v if kind in ("max", "approx", "bare") else None
    return Bound(lo, hi, kind, m.start(), m.end())


@lru_cache(maxsize=16)
def _negation_after(langs: tuple[str, ...]) -> re.Pattern[str] | None:
    words = _words("negated_after", langs)
    # One word may come between (a unit the quantity did not take: «کمتر از ۲۰ فوت نباشه»).
    return re.compile(rf"\s*(?:[^\W\d_]+\s+)?(?:{words}){EDGE_R}") if words else None


def _negated_after(bound: Bound, m: re.Match[str], langs: tuple[str, ...]) -> Bound:
    """The other side when a verb after the quantity negates the bound word before it («کمتر از ۲۰ فوت
    نباشه», "kamtar az 20 foot nabashe": not less than 20, so at least 20); the verb is part of the bound."""
    negation = _negation_after(langs)
    said = negation.match(m.string, m.end()) if negation is not None and bound.kind in ("min", "max") else None
    if said is None:
        return bound
    if bound.kind == "min":
        return Bound(None, bound.lo, "max", bound.start, said.end())
    return Bound(bound.hi, None, "min", bound.start, said.end())
