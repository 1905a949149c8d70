"""One spelling key for a personal name in any of the ways it is written: Cyrillic, its Russian or
Ukrainian letters, or a Latin romanisation ("Alexey Kozlov" is Козлов Алексей, «Олийник Ирина» is
Олійник Ірина).

Romanisations disagree about the same sounds (Aleksei / Alexey / Aleksej, Iulia / Yulia / Julia,
Natalia / Natalya), so both sides are reduced to a key where those choices are one letter:
Cyrillic is transliterated, then x → ks, y and j → i, w → v, kh → h, soft and hard signs
vanish and doubled letters are one. Keys are compared with each other only (equal, or within a
typing slip), never shown.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# A plain transliteration: one Latin spelling per Cyrillic letter, Russian and Ukrainian together
# (и and і are both i: «Олийник» typed with Russian letters is «Олійник»).
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e", "є": "ie", "ж": "zh",
    "з": "z", "и": "i", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "i", "ь": "", "э": "e", "ю": "iu", "я": "ia", "'": "", "’": "",
}  # fmt: skip
_LATIN = (("kh", "h"), ("x", "ks"), ("y", "i"), ("j", "i"), ("w", "v"), ("ph", "f"), ("tz", "ts"))
_DOUBLED = re.compile(r"(.)\1+")


@lru_cache(maxsize=8192)
def name_key(word: str) -> str:
    """The spelling key of one name word ("Alexey" and «Алексей» → "aleksei")."""
    lowered = unicodedata.normalize("NFC", word.lower())
    latin = "".join(_CYRILLIC.get(ch, ch) for ch in lowered)
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", latin) if not unicodedata.combining(ch))
    for src, dst in _LATIN:
        plain = plain.replace(src, dst)
    return _DOUBLED.sub(r"\1", re.sub(r"[^a-z]", "", plain))


# English w is heard as a vowel in Cyrillic ("White" / «Уайт», "Williams" / «Уильямс»), and an h
# after a vowel is silent ("John" / «Джон»).
_SOUNDS = (
    ("dzh", "j"),
    ("ck", "k"),
    ("kh", "h"),
    ("ph", "f"),
    ("th", "t"),
    ("x", "ks"),
    ("wh", ""),
    ("w", ""),
    ("ch", "k"),
)
_VOWELS = re.compile(r"[aeiouy]+")


@lru_cache(maxsize=8192)
def name_skeleton(word: str) -> str:
    """The consonants of a name as heard, for a name written in the other script by ear ("Daniel
    Jackson" as «Дэниел Джексон», "Michael" as «Майкл»): vowels vary with the writer, consonants
    hardly. Only ever compared across scripts, and as a whole name, never one word alone."""
    lowered = unicodedata.normalize("NFC", word.lower())
    latin = "".join(_CYRILLIC.get(ch, ch) for ch in lowered)
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", latin) if not unicodedata.combining(ch))
    plain = re.sub(r"[^a-z]", "", plain)
    for src, dst in _SOUNDS:
        plain = plain.replace(src, dst)
    plain = re.sub(r"(?<=[aeiou])h", "", plain)  # "Sarah" / «Сара», "John" / «Джон»
    return _DOUBLED.sub(r"\1", _VOWELS.sub("", plain))
