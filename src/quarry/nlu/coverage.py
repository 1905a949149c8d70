"""No silent drops: what a parse did not use, word by word.

After every extractor has taken its spans from a `Scan`, each word left is either ignorable
(a function word of the language, or a word the app lists as naming the task) or not
understood. Apps turn the not-understood words into a clarification (when they name something,
such as a place, that cannot be resolved) or say them back with the answer; they never widen
the query because of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from quarry.nlu.lexicon import core_lexicon
from quarry.nlu.scan import MASK, Scan
from quarry.nlu.text import fold

_WORD = re.compile(r"[^\W\d_]+(?:['\u200c-][^\W\d_]+)*")


@lru_cache(maxsize=16)
def stopwords(langs: tuple[str, ...]) -> frozenset[str]:
    table = core_lexicon("stopwords")
    return frozenset(fold(w) for lang in langs for w in table.get(lang, ()))


@dataclass(frozen=True)
class Leftover:
    """A word no constraint used: where it is and the word before it."""

    word: str
    start: int
    end: int
    before: str | None


def leftovers(scan: Scan, langs: tuple[str, ...], ignorable: frozenset[str] = frozenset()) -> list[Leftover]:
    """The words of the scan nobody took that are neither stop words nor `ignorable` (folded)."""
    skip = stopwords(langs) | ignorable
    out: list[Leftover] = []
    previous: str | None = None
    for m in _WORD.finditer(scan.buf):
        word = fold(m.group())
        gap = scan.buf[m.start() - 1] if m.start() else " "
        if gap == MASK:
            previous = None
        if word not in skip and len(word) > 1:
            out.append(Leftover(scan.text[m.start() : m.end()], m.start(), m.end(), previous))
        previous = word
    return out
