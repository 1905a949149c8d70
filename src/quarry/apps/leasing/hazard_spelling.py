"""Hazard words typed by ear: "gass", "smoak", "smels", "burnin" are respelled as the lexicon's
words, so the rules can read a message typed in a hurry.

The rules already forgive one typing slip in words of four letters or more (`typing_slip`); what
they cannot read is a word spelled as it sounds or a short word with a letter doubled. Both are
caught by comparing sound keys: lower case, doubled letters single, "oa"/"ea"/"ee" → one vowel,
"ck" → "k", "ph" → "f", a final "e" and the "g" of "-ing" dropped ("smoak" and "smoke" are both
"smok"). Only Latin-script words of four letters or more are respelled, only to an English word
of the hazards lexicon, and only when the typed word is not itself a lexicon word or a common
English word (by its frequency: "soon" is spelled right, not a slip of "sonne"); the result
feeds the same rules (`hazards.find_hazards`), so a respelled word counts only where the word
would.
"""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.rarity import is_common
from quarry.nlu.text import fold

_LATIN_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_DIGRAPHS = (("ck", "k"), ("ph", "f"), ("oa", "o"), ("ea", "e"), ("ee", "e"))
_MIN_TYPED = 4
"""Shorter typed words are too often other words ("fir", "gaz" is fine French, "smo")."""
_SPELLED_RIGHT = 4.0
"""Zipf frequency from which a typed word is an English word spelled right, not a hazard word typed
by ear: "soon" is not the French "sonne", "wires" stays "wires" ("leek", 2.9, is still a leak)."""


def sound_key(word: str, *, whole: bool = True) -> str:
    """The word as it sounds, roughly: 'smoak' → 'smok', 'gass' → 'gas', 'burnin' → 'burnin'. A
    stem (`whole=False`) keeps its ending: its last "e" is not silent ("singe*" is not "sing")."""
    key = re.sub(r"(.)\1+", r"\1", word)
    for a, b in _DIGRAPHS:
        key = key.replace(a, b)
    if not whole:
        return key
    key = re.sub(r"ing$", "in", key)
    return key[:-1] if len(key) > 3 and key.endswith("e") else key


_ENDINGS = ("", "s", "d", "ed", "in", "ing", "y", "e")
"""What may follow a stem typed by ear ("smels" for smell*, "colapsed" for collapse*)."""


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[frozenset[str], dict[str, str], tuple[tuple[str, str], ...]]:
    """(every Latin word of the lexicon, sound key → word, (sound key, stem) of entries ending in
    *, for stems of four sounds or more: shorter ones would take in "walk" for wall*)."""
    raw = load_lexicon("quarry.apps.leasing", "hazards")
    # English signals only: a slip of an English word must not land on another language's word
    # ("block" is not the Haitian "bloke"); the pairs' words are English but for a few loans.
    entries: list[str] = [
        e for table in raw["signal"].values() for lang, es in table.items() if lang.startswith("en") for e in es
    ]
    entries += [e for pair in raw["pair"].values() for e in (*pair["nouns"], *pair["states"])]
    words: set[str] = set()
    keyed: dict[str, str] = {}
    stems: set[tuple[str, str]] = set()
    for entry in entries:
        for w in fold(entry).split():
            if not re.fullmatch(r"[a-z]+\*?", w) or len(w.rstrip("*")) < 3:
                continue
            if not w.endswith("*"):
                words.add(w)
                keyed.setdefault(sound_key(w), w)
            elif len(sound_key(w[:-1], whole=False)) >= _MIN_TYPED:
                stems.add((sound_key(w[:-1], whole=False), w[:-1]))
    return frozenset(words), keyed, tuple(sorted(stems))


def respelled_word(typed: str) -> str | None:
    """The lexicon word `typed` sounds like, or None (also when `typed` is spelled right)."""
    words, keyed, stems = _vocabulary()
    if len(typed) < _MIN_TYPED or typed in words or any(typed.startswith(stem) for _, stem in stems):
        return None
    if is_common(typed, ("en",), at=_SPELLED_RIGHT):
        return None
    key = sound_key(typed)
    if key in keyed and keyed[key][0] == typed[0]:
        return keyed[key]
    plain = sound_key(typed, whole=False)
    for stem_key, stem in stems:
        if stem[0] == typed[0] and plain.startswith(stem_key) and plain[len(stem_key) :] in _ENDINGS:
            return stem
    return None


def respell(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The folded text with every hazard word typed by ear respelled, and the (typed, read) pairs."""
    folded = fold(text)
    changes: list[tuple[str, str]] = []

    def swap(m: re.Match[str]) -> str:
        read = respelled_word(m.group(0))
        if read is None:
            return m.group(0)
        changes.append((m.group(0), read))
        return read

    return _LATIN_WORD.sub(swap, folded), changes
