"""Amounts of money as people type them: "600k", "S$1.2m", "half a mil", "1,200,000", «۲۵ میلیون».

`money_pattern(p)` is a regex fragment (named groups prefixed with `p`, so two amounts can sit
in one pattern); `money_value(m, p)` reads a match. The scale words and currency marks are data
(`data/money.toml`); number words are turned into digits before (`numbers.words_to_digits`).
"""

from __future__ import annotations

import re
from functools import cache

from quarry.nlu.lexicon import core_lexicon
from quarry.nlu.numbers import fraction_words

NUMBER = r"\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def scales() -> dict[str, float]:
    return {k.lower(): float(v) for k, v in core_lexicon("money")["scales"].items()}


@cache
def money_pattern(p: str = "") -> str:
    """An amount: optional currency before, a number (or a fraction word: "half a"), an optional
    scale word, an optional currency after."""
    cur = core_lexicon("money")["currencies"]
    fractions = _alt(list(fraction_words()))
    joined = core_lexicon("numbers")["and_fraction"]
    plus = rf"(?:\s*(?:{_alt(joined['joiners'])})\s+(?P<{p}plus>{_alt(list(joined['fractions']))})(?!\w))?"
    return (
        rf"(?:(?<!\w)(?P<{p}cur>{_alt(cur['before'])}))?\s*"
        rf"(?:(?<![\d.,])(?P<{p}num>{NUMBER})|(?P<{p}frac>{fractions})(?:\s+an?)?)"
        # Spoken Persian puts its copula on the scale word («۳۰ میلیونه» "it's 30 million").
        rf"\s*(?P<{p}suf>{_alt(list(scales()))})?(?:(?<=[\u0600-\u06ff])ه)?(?!\w)"
        # «۳ میلیون و نیم»: a fraction after the scale word is a share of it (2.5 before it is words_to_digits')
        rf"{plus}"
        rf"(?:\s*(?P<{p}cur2>{_alt(cur['after'])})(?![^\W\d_]))?"
    )


def money_value(m: re.Match[str], p: str = "", *, scale_from: re.Match[str] | None = None, q: str = "") -> float | None:
    """The amount of a match. A bare number borrows the scale of `scale_from` (group prefix `q`):
    the 500 of "between 500 and 600k" is 500k. A fraction word needs a scale ("half a mil")."""
    suf = m[p + "suf"]
    if suf is None and scale_from is not None:
        suf = scale_from[q + "suf"]
    factor = scales()[suf.lower()] if suf else 1.0
    if m[p + "num"] is not None:
        share = core_lexicon("numbers")["and_fraction"]["fractions"][m[p + "plus"].lower()] if m[p + "plus"] else 0.0
        return (float(m[p + "num"].replace(",", "").replace(" ", "")) + share) * factor
    if suf is None:
        return None
    return fraction_words()[m[p + "frac"].lower()] * factor


def marked(m: re.Match[str], p: str = "") -> bool:
    """True when the amount carries a currency or a scale word (so it reads as money on its own)."""
    return bool(m[p + "cur"] or m[p + "cur2"] or m[p + "suf"])
