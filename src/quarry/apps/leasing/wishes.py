"""A prospect's wish list: which amenities are must-haves, which are nice-to-haves.

Words are data (`data/amenities.toml` for the amenities, `data/wishes.toml` for nice-to-have
markers and the ways of saying "near transit"); here is the grammar:

- an amenity is named by one of its phrases, also inside an adjective ("dog-friendly space",
  "pet-friendly"): a phrase's space matches a hyphen;
- "near transit" is a closeness phrase or a walk measured in minutes or blocks, then a transit
  word ("5 minute walk to the subway", "close to a train station", "near the subway");
- a negation right before the phrase takes it back ("no pets", "not near transit");
- a clause (between , . ; ! ? and "but") that holds a nice-to-have marker ("would be nice",
  "ideally", "bonus if") keeps its amenities as nice-to-haves; every other wish is a must-have.
  The marker scopes its own clause only, so "exposed brick would be nice, and a 5 minute walk
  to the subway is a must" has one of each.

    >>> read_wishes("dog-friendly space, a gym would be nice")
    (['pet-friendly'], ['gym'])
"""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.nlu.lexicon import load_lexicon, phrase_alternation

from .amenities import lexicon as amenity_lexicon

NEAR_TRANSIT = "near transit"
"""The spec's name for the near-transit wish (a flag of every unit, not an amenity)."""


def _alt(phrases: list[str]) -> str:
    """An alternation of phrases, longest first; a space also matches a hyphen."""
    return phrase_alternation(phrases)


@lru_cache(maxsize=1)
def _words() -> dict[str, list[str]]:
    return {k: [str(x).lower() for x in v] for k, v in load_lexicon("quarry.apps.leasing", "wishes").items()}


@lru_cache(maxsize=1)
def _amenity_words() -> dict[str, str]:
    """phrase (words joined by one space) → canonical amenity name."""
    return {" ".join(re.split(r"[\s-]+", p)): name for name, phrases in amenity_lexicon().items() for p in phrases}


@lru_cache(maxsize=1)
def _amenity_re() -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-])({_alt(list(_amenity_words()))})(?![\w])", re.IGNORECASE)


@lru_cache(maxsize=1)
def _transit_re() -> re.Pattern[str]:
    w = _words()
    # A line's letter or number may stand before the transit word: "the L train", "the 4/5/6".
    things = rf"(?:the\s+|a\s+|an\s+)?(?:[a-z0-9](?:/[a-z0-9])*[\s-]+)?(?:{_alt(w['transit_things'])})"
    walk = rf"(?:\d+|a\s+few|few|couple(?:\s+of)?|one|two|three|five|ten)[\s-]*(?:{_alt(w['transit_measure'])})"
    walk += r"(?:[\s-]+walk(?:ing)?)?(?:\s+(?:away\s+)?(?:to|from|of))"
    return re.compile(
        rf"(?<![\w-])(?:(?:{_alt(w['transit_flags'])})|(?:(?:{walk})|(?:{_alt(w['transit_near'])}))\s+{things})(?![\w-])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=1)
def _nice_re() -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-])(?:{_alt(_words()['nice'])})(?![\w-])", re.IGNORECASE)


_NEGATED = re.compile(r"\b(?:no|not|without|don'?t need|doesn'?t need|no need for)\s+(?:\w+\s+)?$", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,.;!?]|\bbut\b", re.IGNORECASE)


def _clauses(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of `text`."""
    out, start = [], 0
    for m in _CLAUSE_END.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out


def _found(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every wish said, transit phrases first so their words ("station") are
    not read again as something else."""
    found = [(m.start(), m.end(), NEAR_TRANSIT) for m in _transit_re().finditer(text)]
    for m in _amenity_re().finditer(text):
        if any(s <= m.start() < e for s, e, _ in found):
            continue
        found.append((m.start(), m.end(), _amenity_words()[" ".join(re.split(r"[\s-]+", m.group(1).lower()))]))
    return sorted(found)


def read_wishes(text: str) -> tuple[list[str], list[str]]:
    """(must-haves, nice-to-haves) the message asks for, in the order said."""
    must: list[str] = []
    nice: list[str] = []
    nice_clauses = [(s, e) for s, e in _clauses(text) if _nice_re().search(text, s, e)]
    for start, _end, name in _found(text):
        if _NEGATED.search(text[max(0, start - 24) : start]):
            continue  # "no pets", "not near transit" are not asks
        is_nice = any(s <= start < e for s, e in nice_clauses)
        target = nice if is_nice else must
        if name not in must and name not in nice:
            target.append(name)
    return must, nice
