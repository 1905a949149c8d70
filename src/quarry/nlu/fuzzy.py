"""Fuzzy matching against the data's own names (towns, products, analytes, labs), instead of
alias lists of misspellings someone once saw.

Names are compared in a compact form (lower case, no accents, letters and digits only), so
"yi shun", "Yishun" and "YI-SHUN" are one key; similarity is rapidfuzz's normalised Indel
ratio, with a cut-off that grows as the word gets shorter (a one-letter slip in a 4-letter word
is a different word).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from quarry.nlu.text import fold


def compact(text: str) -> str:
    """Lower case, no accents, letters and digits only."""
    return re.sub(r"[\W_]+", "", fold(text))


def edits_allowed(length: int) -> int:
    """How many typing slips (a letter wrong, missing, extra, or two swapped) a typed key of
    `length` characters may hold and still name something."""
    if length < 4:
        return 0  # too short to guess: exact only
    if length < 7:
        return 1
    if length < 10:
        return 2
    return 3


def _close(key: str, name_key: str) -> float | None:
    """A similarity (0-100) when `key` is within the allowed slips of `name_key`, else None.
    The first letter must agree: slips rarely touch it, and it keeps ordinary words out."""
    if not key or not name_key or key[0] != name_key[0]:
        return None
    slips = OSA.distance(key, name_key, score_cutoff=edits_allowed(len(key)))
    if slips > edits_allowed(len(key)):
        return None
    return 100.0 * (1 - slips / max(len(key), len(name_key)))


@dataclass(frozen=True)
class NameIndex:
    """Names keyed by their compact form."""

    by_key: dict[str, str]

    @property
    def keys(self) -> list[str]:
        return list(self.by_key)


@lru_cache(maxsize=32)
def name_index(names: tuple[str, ...]) -> NameIndex:
    return NameIndex({compact(n): n for n in names if compact(n)})


_VOWELS = frozenset("aeiouyаеёиоуыэюяіїєαεηιουω")


def typing_slip(typed: str, word: str) -> bool:
    """True when `typed` is `word` with one slip of the kinds that keep a word recognisable and
    rarely make another word: two neighbouring letters swapped ("burnign"), a letter doubled or
    undoubled ("watter", "smels"), a vowel added or dropped ("smokee"), or, in words of eight
    letters or more, one vowel for another ("elavator"). A consonant swapped for another
    ("charged"/"charred", "since"/"singe") is not a slip: it is usually a different word."""
    if typed == word or len(word) < 4 or not typed or typed[0] != word[0]:
        return False
    if len(typed) == len(word):
        diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            i = diff[0]
            return typed[i] == word[i + 1] and typed[i + 1] == word[i]
        return len(diff) == 1 and len(word) >= 8 and typed[diff[0]] in _VOWELS and word[diff[0]] in _VOWELS
    if abs(len(typed) - len(word)) != 1:
        return False
    longer, shorter = (typed, word) if len(typed) > len(word) else (word, typed)
    for i, c in enumerate(longer):
        if longer[:i] + longer[i + 1 :] == shorter:
            doubled = (i > 0 and longer[i - 1] == c) or (i + 1 < len(longer) and longer[i + 1] == c)
            # A vowel typed in extra counts from five letters; one left out only from six ("foco" is
            # not "fuoco").
            vowel = c in _VOWELS and (len(word) >= 6 or longer is typed)
            if doubled or vowel:
                return True
    return False


def _initials_of(short: str, word: str) -> bool:
    """'prd' of 'parade', 'bt' of 'bukit': the same first letter, the rest in order."""
    if not short or short[0] != word[0] or len(short) >= len(word):
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


def abbreviates(typed: str, name: str) -> bool:
    """True when `typed` writes `name` word by word, some words shortened ('marine prd' →
    MARINE PARADE, 'bt batok' → BUKIT BATOK); at least one word must be whole, so a string of
    initials never matches by chance."""
    tw, nw = fold(typed).split(), fold(name).replace("/", " ").split()
    if len(tw) != len(nw) or len(tw) < 2:
        return False
    whole = sum(t == n for t, n in zip(tw, nw, strict=True))
    return whole >= 1 and all(t == n or _initials_of(t, n) for t, n in zip(tw, nw, strict=True))


@dataclass(frozen=True)
class Hit:
    name: str
    score: float
    exact: bool


def best_name(typed: str, names: Sequence[str], *, cutoff: float | None = None, shortened: bool = False) -> Hit | None:
    """The data's name closest to `typed`, if close enough (exact compact match first). With
    `shortened`, one short word may stand for a whole name ("semb" → SEMBAWANG) when only one fits."""
    index = name_index(tuple(names))
    key = compact(typed)
    if not key:
        return None
    if key in index.by_key:
        return Hit(index.by_key[key], 100.0, True)
    scored = [(score, k) for k in index.keys if (score := _close(key, k)) is not None]
    if not scored:
        scored = [(50.0, compact(n)) for n in index.by_key.values() if abbreviates(typed, n)]
    if not scored and shortened and " " not in typed.strip() and 3 <= len(key) <= 5:
        # One shortened word ("semb", "bpj"): the letters in order, the first kept; only if one
        # name fits.
        # Shortenings people type are the start of the name ("semb") or its consonants ("bpj");
        # an ordinary word that merely fits the letters ("care" in CENTRAL AREA) is neither.
        consonants = not any(c in _VOWELS for c in key[1:])
        scored = [
            (40.0, k)
            for k in index.keys
            if _initials_of(key, k) and len(k) >= len(key) + 2 and (k.startswith(key) or consonants)
        ]
    scored = [(s, k) for s, k in scored if cutoff is None or s >= cutoff]
    if not scored:
        return None
    best = max(scored)
    if sum(1 for s, _ in scored if s == best[0]) > 1:
        return None  # two names equally close: not a guess to make silently
    return Hit(index.by_key[best[1]], best[0], False)


def ranked_names(typed: str, names: Iterable[str], *, limit: int = 5, cutoff: float = 60.0) -> list[Hit]:
    """The closest names to `typed`, best first (for "did you mean …?")."""
    index = name_index(tuple(names))
    key = compact(typed)
    out = process.extract(key, index.keys, scorer=fuzz.ratio, limit=limit, score_cutoff=cutoff)
    return [Hit(index.by_key[k], float(score), k == key) for k, score, _ in out]
