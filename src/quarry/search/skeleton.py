"""Cross-script skeleton folding and a pg_trgm `similarity()` mirror (Python side of SQL `labs_fold`).

Lab names mix scripts: "Витамин D" (Cyrillic + Latin D) beside "витамин Д", "Xолестерин"
with a Latin X, "25-ОН" with Cyrillic О and Н. Folding maps both scripts onto one Latin
skeleton so trigram similarity sees them as the same word. Each letter goes to the letter
it is confused with most often: Cyrillic look-alikes go to their Latin twin (с→c, р→p,
н→h, в→b, у→y, х→x) and the remaining Cyrillic letters go to their transliteration
(д→d, и→i, л→l, ...). Because a look-alike twin and a transliteration can disagree
(р looks like p but sounds like r), the Latin pairs are merged too: c/s, h/n, r/p, v/b,
y/u, j/i. The skeleton is only ever compared with another skeleton, so those merges cost
a little precision between unrelated Latin words and buy script-independent matching.

This is for fuzzy matching of names (trigram similarity), not for word search: see
`quarry.search.text` for the folding and tokenising that BM25 uses. The labs SQL function
`labs_fold` (`quarry/apps/labs/migrations/002_fuzzy.sql`) uses the same two strings; a test
checks that Python and SQL fold every stored lab name identically.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

FOLD_FROM = "chjrvyабвгдеёжзийклмнопрстуфхцчшщыэюяіїєґъь"
FOLD_TO = "snipbuabbgdeezziiklmnoppstufxsqwwieuaiieg"
# Characters unaccent maps that Unicode decomposition does not (kept for parity with SQL).
_UNACCENT_EXTRA = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th"}
_TABLE = {ord(src): (FOLD_TO[i] if i < len(FOLD_TO) else None) for i, src in enumerate(FOLD_FROM)}
_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"[0-9a-z]+")


def _unaccent(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # NFKD splits й/ё/ї into base + mark; recompose nothing: the fold maps the bases anyway.
    return "".join(_UNACCENT_EXTRA.get(ch, ch) for ch in stripped)


def fold(text: str) -> str:
    """Case-, accent- and script-insensitive skeleton of `text` (same as SQL `labs_fold`).

    Exported as `quarry.search.skeleton_fold`.

    >>> fold("Витамин D (25-OH)") == fold("витамин Д (25-ОН)")
    True
    """
    lowered = _unaccent(text).lower()
    return _SPACES.sub(" ", lowered.translate(_TABLE)).strip()


@lru_cache(maxsize=65536)
def trigrams(folded: str) -> frozenset[str]:
    """pg_trgm's trigram set of an already folded string (words padded "  w ")."""
    grams: set[str] = set()
    for word in _WORD.findall(folded):
        padded = f"  {word} "
        grams.update(padded[i : i + 3] for i in range(len(padded) - 2))
    return frozenset(grams)


def similarity(a: str, b: str) -> float:
    """pg_trgm `similarity()` of two folded strings: shared trigrams / all trigrams.

    Exported as `quarry.search.trigram_similarity`.

    >>> round(similarity(fold("Холестерин"), fold("Xолестерин")), 2)
    1.0
    """
    ta, tb = trigrams(a), trigrams(b)
    if not ta or not tb:
        return 0.0
    common = len(ta & tb)
    return common / (len(ta) + len(tb) - common)
