"""How common a word is in a language, from word frequencies (`wordfreq`, bundled data).

A word no item of an archive holds may be an ordinary word the archive just happens not to use
("installed", "photos") or the name of a specific thing it does not hold ("magunatip", "randai").
Frequency tells them apart without a hand-made list: a word rare in every language of the
question names something specific.
"""

from __future__ import annotations

from functools import lru_cache

COMMON_ZIPF = 5.0
"""Zipf frequency from which a word is everyday language ("hold", "comes", "whole"; "castle" is 4.5)."""
RARE_ZIPF = 3.0
"""Zipf frequency below which a word is rare: about once per million words or less (the scale is
log10 of occurrences per billion words; "dance" is ~4.9, "songket" ~3.3 in Malay)."""


@lru_cache(maxsize=8192)
def zipf(word: str, lang: str) -> float:
    """The word's Zipf frequency in `lang` (0.0 when unknown)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, lang))


def is_rare(word: str, langs: tuple[str, ...]) -> bool:
    """True when `word` is rare in every one of `langs` (a specific name rather than an ordinary
    word). Digits and one- or two-letter words are never rare."""
    if len(word) < 3 or not word.isalpha():
        return False
    return all(zipf(word, lang) < RARE_ZIPF for lang in langs)


def is_common(word: str, langs: tuple[str, ...], at: float = COMMON_ZIPF) -> bool:
    """True when `word` is at least this common (`at`, Zipf) in one of `langs`: everyday language rather than
    a name."""
    return any(zipf(word, lang) >= at for lang in langs)
