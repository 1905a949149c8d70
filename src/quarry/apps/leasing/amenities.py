"""Amenities read the same way everywhere: a listing's messy column at ingest and a prospect's
wish in a message. The names are data (`data/amenities.toml`); the reading is grammar:

1. the phrase itself (case, punctuation and spacing folded);
2. a shortened form, word by word, some words whole ("Elev." → elevator, "Conf. room",
   "Conference rm"), by the language layer's `abbreviates`;
3. an item holding a phrase among other words ("24hr doorman", "Lots of natural light",
   "HVAC (central)"), the most specific phrase first.

The generator that writes the messy CSVs is never read here: what a listing may say comes from
the lexicon, so reading does not depend on the mess one generator makes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.nlu.fuzzy import abbreviates
from quarry.nlu.lexicon import load_lexicon

_WORD = re.compile(r"[a-z0-9/]+")


@lru_cache(maxsize=1)
def lexicon() -> dict[str, tuple[str, ...]]:
    """canonical name → phrases (lower case), the canonical name first."""
    raw = load_lexicon("quarry.apps.leasing", "amenities")
    return {
        name: tuple(dict.fromkeys([name.replace("-", " "), *(p.lower() for p in phrases)]))
        for name, phrases in raw.items()
    }


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower().replace("-", " ")))


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[tuple[str, ...], str]]:
    """(words, canonical) for every phrase, the longest first."""
    pairs = [(_words(p), name) for name, phrases in lexicon().items() for p in phrases]
    return sorted(pairs, key=lambda p: (-len(p[0]), -sum(map(len, p[0]))))


def read_amenity(text: str) -> str | None:
    """The canonical amenity an item names, or None when it names none."""
    words = _words(text)
    if not words:
        return None
    for phrase, name in _phrases():
        if words == phrase:
            return name
    typed = " ".join(w.rstrip(".") for w in text.lower().replace("-", " ").split())
    for phrase, name in _phrases():
        if len(phrase) > 1 and abbreviates(typed.replace(".", ""), " ".join(phrase)):
            return name
    if len(words) == 1:
        for phrase, name in _phrases():
            if len(phrase) == 1 and len(words[0]) >= 4 and phrase[0].startswith(words[0]):
                return name  # "Elev." → elevator: the start of one word
    for phrase, name in _phrases():
        n = len(phrase)
        if any(words[i : i + n] == phrase for i in range(len(words) - n + 1)) or set(phrase) <= set(words):
            return name
    return None
