"""Bounds on a measured feature in the narrowing dialogue: «ظرفیتش حداقل ۸ کیلو باشه», "at least 25
foot", «بالای ۵۰ اینچ», "between 8 and 10 kg".

The bound words are the core grammar's (`quarry.nlu.bounds`, `data/bounds.toml`); the quantity is a
number followed by a unit. The unit picks the category's feature measured in it (the catalogue's own
values: «۸ کیلوگرم» is a capacity of washing machines); when two features share the unit (a weight
and a capacity), the feature's name just before the bound decides, and an undecided bound is left as
words, which the dialogue then says back. A bound on a price is the scope reader's (it has a currency
or a scale and no unit of measure).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from quarry.db import Database
from quarry.nlu.bounds import Bound, Quantity, find_bounds
from quarry.nlu.numbers import words_to_digits
from quarry.nlu.scan import Scan
from quarry.search.text import fold_joined

from .nlu import unit_of, units_joined
from .once import once

_LANGS = ("en", "fa", "finglish")
MEASURED_SHARE = 0.8
"""A feature is measured when at least this share of its values are a number in one unit."""
NAMED = 70
"""rapidfuzz partial ratio from which a word before the bound names the feature («ظرفیتش» ~ «ظرفیت»)."""
_SQL = """
SELECT category_id, key, unit, count(*) AS n, min(number) AS least, max(number) AS most
FROM (SELECT b.category_id, e.key,
             substring(quarry_fold(e.value) FROM '^ *[0-9]+(?:[.][0-9]+)? *(.*)$') AS unit,
             substring(quarry_fold(e.value) FROM '^ *([0-9]+(?:[.][0-9]+)?)')::numeric AS number
      FROM shop.base_products b, jsonb_each_text(b.extra_features) e) v
GROUP BY 1, 2, 3
"""
SPAN = 0.25
"""How far past the catalogue's own smallest and largest value of a feature a bound may name it."""


@dataclass(frozen=True)
class Measured:
    """A feature of a category whose values are numbers in one unit."""

    key: str
    unit: str
    """Folded, as stored («کیلوگرم», «میلیآمپر ساعت»)."""
    least: float
    most: float
    """The smallest and largest value the catalogue holds (a washing machine's capacity, 6–12 kg)."""

    def holds(self, n: float) -> bool:
        return self.least * (1 - SPAN) <= n <= self.most * (1 + SPAN)


@lru_cache(maxsize=4)
def _read(db: Database, stamp: str) -> dict[int, tuple[Measured, ...]]:
    del stamp  # the cache key: another catalogue is read again
    counts: dict[tuple[int, str], dict[str | None, tuple[int, float, float]]] = defaultdict(dict)
    for r in db.fetch_all(_SQL):
        spread = (float(r["least"] or 0), float(r["most"] or 0))
        counts[(int(r["category_id"]), str(r["key"]))][r["unit"]] = (int(r["n"]), *spread)
    out: dict[int, list[Measured]] = defaultdict(list)
    for (category, key), units in counts.items():
        numbered = {u: v for u, v in units.items() if u}
        if not numbered:
            continue
        unit, (n, least, most) = max(numbered.items(), key=lambda uv: uv[1][0])
        if n >= MEASURED_SHARE * sum(v[0] for v in units.values()):
            out[category].append(Measured(key, unit, least, most))
    return {c: tuple(ms) for c, ms in out.items()}


def measured_features(db: Database) -> dict[int, tuple[Measured, ...]]:
    """Every category's measured features (read once per catalogue and process)."""

    def load() -> dict[int, tuple[Measured, ...]]:
        stamp = db.scalar("SELECT value::text FROM shop.catalogue_meta WHERE key = 'size'")
        return _read(db, str(stamp))

    return once(("measured_features", id(db)), load)


_THOUSAND = r"هزار|hezar|thousand|k"


def _pattern(p: str) -> str:
    return (
        rf"(?<![\d.])(?P<{p}num>\d+(?:\.\d+)?)(?:\s*(?P<{p}k>{_THOUSAND})(?!\w))?"
        rf"(?:\s*(?P<{p}unit>[^\W\d_]+))?"
    )


def _value(m: re.Match[str], p: str, other: re.Match[str] | None, q: str) -> float | None:
    del other, q  # each end of a range carries its own number
    n = float(m[p + "num"])
    return n * 1000 if m[p + "k"] else n


def _marked(m: re.Match[str], p: str) -> bool:
    return bool(m[p + "unit"])


_QUANTITY = Quantity("measure", _pattern, _value, marked=_marked)


def _stored_unit(word: str) -> str:
    return unit_of(word) or fold_joined(word.lower())


def _feature(features: tuple[Measured, ...], unit_word: str, before: list[str], n: float) -> Measured | None:
    """The feature measured in the unit written (its stored form, or the start of it: «میلی» of
    «میلیآمپر ساعت»); among several, the one named just before the bound, else the only one whose
    values reach `n` (8 kg is a washing machine's capacity, not its weight)."""
    unit = _stored_unit(unit_word)
    fits = [f for f in features if f.unit == unit or (len(unit) >= 3 and f.unit.startswith(unit))]
    if len(fits) <= 1:
        return fits[0] if fits else None
    named = [f for f in fits if any(fuzz.partial_ratio(w, fold_joined(f.key)) >= NAMED for w in before if len(w) > 2)]
    if len(named) == 1:
        return named[0]
    reached = [f for f in fits if f.holds(n)]
    return reached[0] if len(reached) == 1 else None


@dataclass(frozen=True)
class FeatureBounds:
    """What an utterance bounds: measured feature key → (least, most), and the words that said it."""

    ranges: dict[str, tuple[float | None, float | None]]
    words: frozenset[str]


_A_MAXIMUM = fold_joined("حداکثر")
"""The first word of a feature key that is itself a maximum («حداکثر وزن قابل تحمل»)."""


def feature_bounds(db: Database, text: str, category: int) -> FeatureBounds:
    """The bounds `text` puts on the measured features of `category`."""
    features = measured_features(db).get(category, ())
    t = units_joined(words_to_digits(fold_joined(text.lower())))
    if not features:
        return FeatureBounds({}, frozenset())
    scan = Scan(t)
    ranges: dict[str, tuple[float | None, float | None]] = {}
    used: set[str] = set()

    def accept(bound: Bound, m: re.Match[str]) -> Bound | None:
        unit = m["b_unit"] if "b_unit" in m.re.groupindex and m["b_unit"] else m["a_unit"]
        if bound.kind == "approx" or not unit:
            return None
        before = m.string[: m.start()].split()[-3:]
        value = bound.lo if bound.lo is not None else bound.hi
        feature = None if value is None else _feature(features, unit, before, value)
        if feature is None:
            return None
        lo = bound.lo if bound.kind in ("min", "range") else None
        hi = bound.hi if bound.kind in ("max", "range") else None
        if bound.kind == "max" and fold_joined(feature.key).startswith(_A_MAXIMUM):
            # «تا ۱۵۰ کیلو وزن رو تحمل کنه» "bears up to 150 kg": of a feature that is itself a maximum,
            # "up to N" asks that maximum to reach N.
            lo, hi = hi, None
        ranges[feature.key] = (lo, hi)
        used.update(m.string[m.start() : max(m.end(), bound.end)].split())  # a negating verb too
        used.update(w for w in before if fuzz.partial_ratio(w, fold_joined(feature.key)) >= NAMED)
        return bound

    find_bounds(scan, _QUANTITY, _LANGS, bare=False, accept=accept)
    return FeatureBounds(ranges, frozenset(used))
