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
