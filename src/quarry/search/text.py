"""Unicode folding and tokenising, identical in Python and in SQL (`quarry_fold`, `quarry_tokens`).

`fold` makes spelling variants one string: NFKC, full lower case, Latin diacritics stripped
("Đà Nẵng" → "da nang", "café" → "cafe"; "Kebudayaan" is unchanged), Cyrillic kept with
ё → е, Greek final ς → σ, and Arabic-script Persian normalised (Arabic ي/ى/ك → Persian ی/ک,
ۀ/ة → ه, Arabic-Indic and Persian digits → 0-9, ZWNJ, tatweel, harakat and Quranic marks removed).
`tokenize` splits folded text on runs of characters that are neither letters nor decimal
digits, maps each word through an app-supplied alias table and drops repeats.

The SQL functions in `db/migrations/003_text_fold.sql` run the same steps with the same
tables below (`tests/test_search_text.py` checks Python == SQL). They pin the collation
`pg_unicode_fast` (full case mapping, Unicode character classes), so they behave the same
whatever the database's ctype, as long as its encoding is UTF-8.

Scope of the parity: letters of any script and decimal digits. Scripts that write vowels as
combining marks (Devanagari, Thai...) split differently: Python counts only letters and
digits as word characters, PostgreSQL's `[[:alpha:]]` also counts the vowel signs.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

PERSIAN_FROM = "يىكۀة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ёς"
"""Characters replaced one for one by `PERSIAN_TO` (the SQL `translate` uses the same pair)."""
PERSIAN_TO = "ییکهه01234567890123456789еσ"
DROPPED = "\u200c\u0640"
"""Removed outright: zero-width non-joiner and tatweel (kashida)."""
LATIN_FROM = "đðøłıþ"
"""Latin letters Unicode does not decompose, with the letter they are read as."""
LATIN_TO = "ddolit"
LATIN_PAIRS = (("ß", "ss"), ("æ", "ae"), ("œ", "oe"))
"""Latin letters folded to two letters (`replace` in SQL)."""

_LATIN_MARKS = re.compile("([a-zßæœøđðłıþ])[\u0300-\u036f]+")
_ARABIC_MARKS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]")
"""Harakat and Quranic annotation marks: vowelling that Persian and Arabic text may omit."""
_TABLE = str.maketrans(PERSIAN_FROM + LATIN_FROM, PERSIAN_TO + LATIN_TO, DROPPED)
assert len(PERSIAN_FROM) == len(PERSIAN_TO) and len(LATIN_FROM) == len(LATIN_TO)


def fold(text: str) -> str:
    """Case-, accent- and Persian-spelling-insensitive form of `text` (same as SQL `quarry_fold`).

    >>> fold("Đà Nẵng"), fold("Café"), fold("كتاب‌ها")
    ('da nang', 'cafe', 'کتابها')
    """
    lowered = unicodedata.normalize("NFKC", text).lower()
    # Marks go only after Latin letters: Cyrillic й (и + breve) and Arabic آ stay whole.
    latin = _LATIN_MARKS.sub(r"\1", unicodedata.normalize("NFD", lowered))
    out = unicodedata.normalize("NFC", latin).translate(_TABLE)
    for src, dst in LATIN_PAIRS:
        out = out.replace(src, dst)
    return _ARABIC_MARKS.sub("", out)


def _is_word_char(ch: str) -> bool:
    return ch.isalpha() or ch.isdecimal()


_ALNUM_RUN = re.compile(r"[^\W_]+")
"""Runs of letters and digits of any kind: a superset of a word (it also takes '²' or '½')."""


def words(text: str) -> list[str]:
    """Words of already folded text, in order, repeats kept (like SQL `[[:alpha:][:digit:]]+`)."""
    out: list[str] = []
    for run in _ALNUM_RUN.findall(text):
        if run.isalpha() or run.isdecimal() or all(_is_word_char(ch) for ch in run):
            out.append(run)
        else:  # a digit that is not decimal ('²', '½') splits it, as it does in SQL
            out += _words_by_char(run)
    return out


def _words_by_char(text: str) -> list[str]:
    out: list[str] = []
    start = -1
    for i, ch in enumerate(text):
        if _is_word_char(ch):
            if start < 0:
                start = i
        elif start >= 0:
            out.append(text[start:i])
            start = -1
    if start >= 0:
        out.append(text[start:])
    return out


def _dedupe(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def terms(text: str, aliases: Mapping[str, str] | None = None) -> list[str]:
    """Folded, aliased words of `text` with repeats kept (term frequencies for BM25 documents)."""
    found = words(fold(text))
    return [aliases.get(w, w) for w in found] if aliases else found


def tokenize(text: str, aliases: Mapping[str, str] | None = None) -> list[str]:
    """Distinct folded words of `text` in order, each mapped through `aliases` (folded keys).

    Without aliases this equals SQL `quarry_tokens(text)`.

    >>> tokenize("Compassvale Road, road 5", {"road": "rd"})
    ['compassvale', 'rd', '5']
    >>> tokenize("گوشی‌های سامسونگ")
    ['گوشیهای', 'سامسونگ']
    """
    return _dedupe(terms(text, aliases))


PERSIAN_SUFFIXES = ("ها", "های", "هایی", "ای", "تر", "ترین")
"""Suffixes Persian writes after a half-space, a space or nothing ("گوشی‌های"/"گوشی های"/"گوشیهای")."""
PERSIAN_PREFIXES = ("می", "نمی")
"""Verb prefixes written the same three ways ("می‌شود"/"می شود"/"میشود")."""
_ARABIC_LETTER = "\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff"
_SUFFIX_GAP = re.compile(f"([{_ARABIC_LETTER}]) ({'|'.join(PERSIAN_SUFFIXES)})(?![{_ARABIC_LETTER}])")
_PREFIX_GAP = re.compile(f"(^|[^{_ARABIC_LETTER}])({'|'.join(PERSIAN_PREFIXES)}) (?=[{_ARABIC_LETTER}])")


def fold_joined(text: str) -> str:
    """`fold`, then Persian affixes joined to their word (same as SQL `quarry_fold_joined`).

    `fold` already drops the half-space, so "گوشی‌های" and "گوشیهای" agree; this also joins the
    spelling with an ordinary space, which shops type as often as the other two.

    >>> fold_joined("گوشی های") == fold_joined("گوشی‌های") == fold_joined("گوشیهای") == "گوشیهای"
    True
    """
    return _PREFIX_GAP.sub(r"\1\2", _SUFFIX_GAP.sub(r"\1\2", fold(text)))
