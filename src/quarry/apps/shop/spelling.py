"""Shop-written spelling variants of canonical Persian product names (for data and eval queries).

Iranian shops write the same name many ways: Arabic ي/ك instead of Persian ی/ک (Arabic
keyboard layouts), a half-space (ZWNJ) or a space or nothing between a word and its suffix
("گوشی‌های" / "گوشی های" / "گوشیهای"), Persian, Arabic-Indic or Latin digits ("۱۲۸" / "128"),
brand and series names in Latin script ("گوشی Samsung Galaxy A54"), and the odd typo. Every
function here is pure; the random ones take a seeded `random.Random`. Canonical input uses
Persian letters, ZWNJ where standard orthography has it and Latin digits.

This module only *produces* variants; folding them back is the job of the core text module.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from .vocab import BRANDS

ZWNJ = "\u200c"
"""Zero-width non-joiner, the Persian half-space."""
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"
LATIN_DIGITS = "0123456789"

_TO_ARABIC_LETTERS = str.maketrans({"ی": "ي", "ک": "ك"})
_TO_PERSIAN_LETTERS = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک"})
_TO_LATIN_DIGITS = str.maketrans(PERSIAN_DIGITS + ARABIC_DIGITS, LATIN_DIGITS * 2)
_TO_PERSIAN_DIGITS = str.maketrans(LATIN_DIGITS + ARABIC_DIGITS, PERSIAN_DIGITS * 2)
_TO_ARABIC_DIGITS = str.maketrans(LATIN_DIGITS + PERSIAN_DIGITS, ARABIC_DIGITS * 2)
# A number (with an inner decimal point) that is not part of a Latin model name: not glued to a
# Latin letter or hyphen ("A54", "KOC-644") and not right after a Latin word ("Latitude 5440").
_FREE_DIGITS = re.compile(r"(?<![A-Za-z0-9\-])(?<![A-Za-z] )[0-9۰-۹٠-٩]+(?:\.[0-9۰-۹٠-٩]+)?(?![A-Za-z\-])")
_SUFFIX_SPACE = re.compile(r"(?<=[\u0600-\u06ff]) (?=(?:ها|های|هایی|تر|ترین)(?![\u0600-\u06ff]))")
_PREFIX_SPACE = re.compile(r"(?<![\u0600-\u06ff])(ن?می) (?=[\u0600-\u06ff])")

SERIES: Mapping[str, str] = {
    "گلکسی": "Galaxy", "آیفون": "iPhone", "ردمی": "Redmi", "نوت": "Note", "پوکو": "Poco", "آیپد": "iPad",
    "نوا": "Nova", "مک بوک": "MacBook", "ایرپاد": "AirPods", "ویووبوک": "VivoBook", "آیدیاپد": "IdeaPad",
}  # fmt: skip
"""Persian spellings of product-line words and their Latin forms."""
LATIN_TERMS: Mapping[str, str] = {**{b.fa: b.en for b in BRANDS}, **SERIES}
"""Persian word(s) → Latin form used by `latin_terms` (brands and series)."""


def arabic_letters(text: str) -> str:
    """Persian ی/ک written with the Arabic letters ي/ك, as on an Arabic keyboard layout.

    >>> arabic_letters("گوشی کیفی")
    'گوشي كيفي'
    """
    return text.translate(_TO_ARABIC_LETTERS)


def persian_letters(text: str) -> str:
    """The inverse of `arabic_letters` (Arabic ي/ى/ك → Persian ی/ک)."""
    return text.translate(_TO_PERSIAN_LETTERS)


def zwnj_as_space(text: str) -> str:
    """Half-spaces typed as ordinary spaces ("گوشی‌های" → "گوشی های")."""
    return text.replace(ZWNJ, " ")


def zwnj_removed(text: str) -> str:
    """Half-spaces dropped, the parts joined ("گوشی‌های" → "گوشیهای")."""
    return text.replace(ZWNJ, "")


def with_zwnj(text: str) -> str:
    """Spaces before plural/comparative suffixes and after the verb prefix می/نمی made half-spaces.

    >>> with_zwnj("گوشی های ارزان تر") == "گوشی\u200cهای ارزان\u200cتر"
    True
    """
    return _PREFIX_SPACE.sub(lambda m: m.group(1) + ZWNJ, _SUFFIX_SPACE.sub(ZWNJ, text))


def latin_digits(text: str) -> str:
    """Persian (۰-۹) and Arabic-Indic (٠-٩) digits as ASCII digits ("۱۲۸" → "128")."""
    return text.translate(_TO_LATIN_DIGITS)


def persian_digits(text: str) -> str:
    """Free-standing numbers in Persian digits; digits inside Latin model names stay ASCII.

    >>> persian_digits("لپ تاپ Latitude 5440 رم 16 گیگ")
    'لپ تاپ Latitude 5440 رم ۱۶ گیگ'
    """
    return _FREE_DIGITS.sub(lambda m: m.group(0).translate(_TO_PERSIAN_DIGITS), text)


def arabic_digits(text: str) -> str:
    """Like `persian_digits` but with Arabic-Indic digits (٠-٩), as copied from Arabic sites."""
    return _FREE_DIGITS.sub(lambda m: m.group(0).translate(_TO_ARABIC_DIGITS), text)


def _term_pattern(terms: Mapping[str, str]) -> re.Pattern[str]:
    words = sorted(terms, key=len, reverse=True)
    return re.compile(r"(?<![\w\u200c])(" + "|".join(map(re.escape, words)) + r")(?![\w\u200c])")


_LATIN_RE = _term_pattern(LATIN_TERMS)
_PERSIAN_TERMS = {en: fa for fa, en in LATIN_TERMS.items()}
_PERSIAN_RE = re.compile(
    r"(?<![A-Za-z])(" + "|".join(map(re.escape, sorted(_PERSIAN_TERMS, key=len, reverse=True))) + r")(?![A-Za-z])"
)


def latin_terms(text: str) -> str:
    """Brand and series names in Latin script: mixed-script names as many shops write them.

    >>> latin_terms("گوشی سامسونگ گلکسی A54")
    'گوشی Samsung Galaxy A54'
    """
    return _LATIN_RE.sub(lambda m: LATIN_TERMS[m.group(1)], text)


def persian_terms(text: str) -> str:
    """Latin brand and series names transliterated to Persian ("Samsung Galaxy" → "سامسونگ گلکسی")."""
    return _PERSIAN_RE.sub(lambda m: _PERSIAN_TERMS[m.group(1)], text)


# Letters commonly confused in writing (same sound) or adjacent on the Persian standard keyboard.
_CONFUSABLE: Mapping[str, str] = {
    "ز": "ذضظ", "ذ": "ز", "ض": "زظ", "ظ": "ز", "س": "صث", "ص": "س", "ث": "س", "ت": "ط", "ط": "ت",
    "ه": "ح", "ح": "ه", "ق": "غ", "غ": "ق", "ا": "آ", "آ": "ا", "ی": "ب", "ب": "ی", "ن": "ت", "م": "ن",
    "ک": "گ", "گ": "ک", "ر": "ز", "و": "ئ", "ش": "س", "د": "ذ",
}  # fmt: skip
_PERSIAN_WORD = re.compile(r"[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]{3,}")
TypoKind = str
"""One of "delete", "swap", "double", "confuse"."""
TYPO_KINDS: tuple[TypoKind, ...] = ("delete", "swap", "double", "confuse")


def typo(text: str, rng: random.Random, kind: TypoKind | None = None) -> str:
    """`text` with one typing mistake in a Persian word of three or more letters.

    `kind`: "delete" drops a letter, "swap" exchanges two neighbours, "double" repeats one,
    "confuse" writes a same-sounding or neighbouring key («ز»→«ذ», «س»→«ص», «ی»→«ب»);
    None picks one at random. The result always differs from `text`; text without a
    suitable word comes back unchanged.
    """
    words = [m for m in _PERSIAN_WORD.finditer(text)]
    for _ in range(20):
        if not words:
            return text
        word = rng.choice(words)
        w, at = word.group(0), word.start()
        i = rng.randrange(len(w))
        how = kind or rng.choice(TYPO_KINDS)
        if how == "delete":
            new = w[:i] + w[i + 1 :]
        elif how == "swap":
            i = min(i, len(w) - 2)
            new = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
        elif how == "double":
            new = w[: i + 1] + w[i:]
        else:
            options = _CONFUSABLE.get(w[i], "")
            if not options:
                continue
            new = w[:i] + rng.choice(options) + w[i + 1 :]
        if new != w:
            return text[:at] + new + text[at + len(w) :]
    return text


ORTHOGRAPHIC = {
    "arabic_letters": arabic_letters,
    "zwnj_as_space": zwnj_as_space,
    "zwnj_removed": zwnj_removed,
    "persian_digits": persian_digits,
    "arabic_digits": arabic_digits,
    "latin_digits": latin_digits,
}
"""Variants that change only letters' code points, half-spaces/spaces and digit shapes:
a folding normaliser maps each back to the canonical form."""


def orthographic_variants(text: str) -> dict[str, str]:
    """Each orthographic variant of `text` that differs from it, by function name."""
    out = {name: fn(text) for name, fn in ORTHOGRAPHIC.items()}
    return {name: value for name, value in out.items() if value != text}


def shop_spelling(text: str, rng: random.Random) -> str:
    """A realistic random combination of orthographic variants (how one shop writes a name).

    Mostly Persian letters (Arabic ي/ك in 15%), half-spaces kept in about half the names
    (spaces in 35%, joined in 15%), and digits Latin (55%), Persian (40%) or Arabic-Indic (5%).
    """
    out = text
    r = rng.random()
    if r < 0.35:
        out = zwnj_as_space(out)
    elif r < 0.5:
        out = zwnj_removed(out)
    r = rng.random()
    if r < 0.40:
        out = persian_digits(out)
    elif r < 0.45:
        out = arabic_digits(out)
    if rng.random() < 0.15:
        out = arabic_letters(out)
    return out
