"""The scope a question puts on a product's offers: warranty, seller score, price bounds, the unit
asked for, and constraints the catalogue holds nothing for (delivery, condition, instalments...).

Read anywhere in the question, whatever the word order or register (`data/questions.toml`), so a
constraint never depends on which metric phrase it sits beside. Every constraint found is named in
`Scope.stated`; the seller-statistics tool says which it applied, and a figure is given only when
all were (`honesty.unapplied`). The city is read by `nlu._where` (places need the catalogue).

>>> s, _ = read_scope("کمترین قیمت با گارانتی از فروشندههای با امتیاز بالای 4 زیر 20 میلیون")
>>> (s.has_warranty, s.min_score, s.price_below, s.stated)
(True, 4.0, 20000000, ('warranty', 'seller_score', 'price'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from quarry.nlu.bounds import Bound, Quantity, find_bounds
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.money import marked, money_pattern, money_value, scales
from quarry.nlu.numbers import words_to_digits
from quarry.nlu.scan import MASK, Scan
from quarry.search.text import fold_joined

from .question_words import named_patterns, words

Constraint = str
"""A stated constraint's name: city, warranty, seller_score, price, unit, or an unsupported one
(delivery, condition, instalments, discount, stock)."""
_LANGS = ("en", "fa", "finglish")
_MONEY = Quantity("money", money_pattern, lambda m, p, o, q: money_value(m, p, scale_from=o, q=q), marked=marked)
_SCORE_VALUE = re.compile(r"(?<![\d.])([0-5](?:\.\d+)?)(?!\d|\.\d)")
"""A score of 0-5; a full stop after it ends the sentence ("rated at least 4.")."""
_WINDOW = 4
"""Words after a score noun where its bound is looked for ("rated 4.5 or more", «امتیاز بالای ۴»)."""
_BARE_MILLIONS = 1_000_000
"""A price bound without a unit («زیر ۲۰») is in millions of Toman: nothing in the catalogue costs 20."""


@dataclass(frozen=True)
class Scope:
    """Constraints on the offers a seller statistic is computed over."""

    has_warranty: bool | None = None
    """Only shops with (True) / without (False) a warranty; None: either ("warranty doesn't matter")."""
    min_score: float | None = None
    """Only shops scored at least this (0-5)."""
    max_score: float | None = None
    """Only shops scored at most this."""
    price_below: int | None = None
    """Only offers under this price (Toman)."""
    price_above: int | None = None
    """Only offers over this price (Toman)."""
    rial: bool = False
    """Prices wanted in Rial (ten to the Toman)."""
    unsupported: tuple[Constraint, ...] = ()
    """Constraints stated that no column holds (delivery, condition...): never silently ignored."""
    stated: tuple[Constraint, ...] = field(default=())
    """Every constraint the question states, in the order read."""


NO_SCOPE = Scope()
"""A question that limits nothing."""


def _cut(text: str, m: re.Match[str]) -> str:
    return text[: m.start()] + " " + text[m.end() :]


def _warranty(t: str) -> tuple[bool | None, bool, str]:
    """(has_warranty, stated, text without the phrase); «گارانتی مهم نیست» lifts the constraint."""
    if m := words("scope.no_warranty").search(t):
        return False, True, _cut(t, m)
    if m := words("scope.warranty").search(t):
        rest = _cut(t, m)
        clause = rest[max(0, m.start() - 30) : m.start() + 40]
        if lifted := words("scope.indifferent").search(clause):
            return None, False, rest.replace(lifted.group(), " ", 1)
        return True, True, rest
    return None, False, t


def _score(t: str) -> tuple[float | None, float | None, bool, str]:
    """(min, max, stated, text without the phrase) of a seller-score bound: a score noun with a number
    of 0-5 within a few words after it (or right before it), a min/max word deciding the side (min when
    none: "rated 4.5")."""
    for noun in words("scope.score").finditer(t):
        after = re.match(rf"(?:\s+\S+){{0,{_WINDOW}}}", t[noun.end() :])
        before = re.search(r"(?:\S+\s+){0,2}$", t[: noun.start()])
        assert after is not None and before is not None
        value = _SCORE_VALUE.search(after.group())
        start, end = noun.start(), noun.end() + after.end()
        if value is not None:
            end = noun.end() + value.end()
            # "4.5 or more", «۴ به بالا»: a bound word right after the number belongs to the score.
            tail = re.match(r"\s*(\S+(?:\s+\S+)?)", t[end:])
            for side in ("scope.score_min_after", "scope.score_max_after"):
                if tail and (w := words(side).match(tail.group(1))) is not None:
                    end += tail.start(1) + w.end()
                    break
            window = t[before.start() : end]
        elif (value := _SCORE_VALUE.search(before.group())) is not None:
            start, window = before.start(), t[before.start() : end]
        else:
            continue
        number = float(value.group(1))
        upper = any(words(k).search(window) for k in ("scope.score_max", "scope.score_max_after")) and not any(
            words(k).search(window) for k in ("scope.score_min", "scope.score_min_after")
        )
        rest = t[:start] + " " + t[end:]
        return (None, number, True, rest) if upper else (number, None, True, rest)
    return None, None, False, t


def _price_bound(bound: Bound, m: re.Match[str]) -> Bound | None:
    """A bound that reads as a price: with a unit, or a bare number in millions («زیر ۲۰»)."""

    def toman(v: float | None) -> float | None:
        # «زیر ۲۰», and «زیر ۴ تومن» too: no offer costs a few Toman, and a small amount with no scale
        # word is said in millions (spoken Persian drops «میلیون» before «تومن»).
        scaled = m["a_suf"] is not None and scales()[m["a_suf"].lower()] != 1
        return None if v is None else v * _BARE_MILLIONS if v < 1000 and not scaled else v

    if bound.kind == "approx":
        return None
    if not (m["a_cur"] or m["a_cur2"]) and _measured(m.string[m.end() :]):
        # «حداقل ۸ کیلو», "at least 25 foot": a bound on a size or capacity, never a price.
        return None
    if not (m["a_cur"] or m["a_cur2"]) and _in_a_name(m.string, bound.start):
        # "Nike Air Max 90", "iPhone 15 Pro Max 256": the bound word is part of a product's name.
        return None
    return Bound(toman(bound.lo), toman(bound.hi), bound.kind, bound.start, bound.end)


def _in_a_name(text: str, at: int) -> bool:
    """Whether the word at `at` of `text` and the word before it stand side by side in a product's name."""
    from .vocab import loaded_words  # the loaded catalogue's names: read once per process

    before, word = re.findall(r"[a-z0-9]+", text[:at])[-1:], re.match(r"[a-z]+", text[at:])
    return bool(before and word) and f"{before[0]} {word.group()}" in loaded_words().name_pairs  # type: ignore[union-attr]


@cache
def _unit_words() -> frozenset[str]:
    """Unit words as people write them and as the catalogue stores them (first words: «میلی» of «میلی‌آمپر»)."""
    table = load_lexicon("quarry.apps.shop", "lexicon")["units"]
    forms = [w.replace("\u200c", " ") for pair in table.items() for w in pair if w.strip()]
    return frozenset(fold_joined(w.lower()).split()[0] for w in forms)


def _measured(after: str) -> bool:
    """Whether the words right after a number are a unit of measure ("kg", «اینچ», «فوت»)."""
    first = re.match(r"\s*([^\W\d_]+)", after)
    from .nlu import unit_of  # nlu reads scopes: imported here, not at the top

    return first is not None and (first.group(1) in _unit_words() or unit_of(first.group(1)) is not None)


def _prices(t: str) -> tuple[int | None, int | None, str]:
    """(below, above, text without the bounds) of the offer prices the question limits."""
    scan = Scan(t)
    below = above = None
    for b in find_bounds(scan, _MONEY, _LANGS, bare=False, accept=_price_bound):
        if b.kind in ("max", "range") and b.hi is not None:
            below = round(b.hi)
        if b.kind in ("min", "range") and b.lo is not None:
            above = round(b.lo)
    return below, above, scan.buf.replace(MASK, " ")


def read_scope(folded: str) -> tuple[Scope, str]:
    """(the scope `folded` states, the text without its phrases). `folded`: `fold_joined` text."""
    t = words_to_digits(folded)
    stated: list[Constraint] = []
    warranty, said, t = _warranty(t)
    if said:
        stated.append("warranty")
    lo, hi, said, t = _score(t)
    if said:
        stated.append("seller_score")
    below, above, t = _prices(t)
    if below is not None or above is not None:
        stated.append("price")
    rial = bool(words("scope.rial").search(t))
    if rial:
        stated.append("unit")
        t = words("scope.rial").sub(" ", t)
    unsupported = tuple(name for name, p in named_patterns("scope.unsupported") if p.search(t))
    stated.extend(unsupported)
    scope = Scope(warranty, lo, hi, below, above, rial, unsupported, tuple(stated))
    return scope, " ".join(t.split())
