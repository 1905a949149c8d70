"""What a comps message said that no extractor used (the language layer's no-silent-drop rule).

- a word after a place preposition ("in Tengah", "at Orchard") when no town was found: a place
  the data has no resale record for, asked back by name (never a search over every town);
- a question resale records cannot answer (rents, future prices, condos): asked back;
- anything else: said back with the answer as not understood (it changes no filter, so an
  unknown word can never widen the comp set).
"""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.apps.comps.parse_scan import Fields, Scan
from quarry.nlu.coverage import leftovers, stopwords
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.text import fold

LANGS = ("en", "ms")
_YEAR = re.compile(r"(?<!\d)(20\d\d)(?!\d)")


@lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], frozenset[str], dict[str, str]]:
    lex = load_lexicon("quarry.apps.comps", "lexicon")
    return (
        frozenset(fold(w) for w in lex["ignorable"]),
        frozenset(fold(w) for w in lex["place_prepositions"]),
        {fold(k): v for k, v in lex["out_of_scope"].items()},
    )


def everyday_words() -> frozenset[str]:
    """Function words, task words and out-of-scope words of comps messages ("bto" is a new flat,
    not Bukit Batok): never a place name without a cue."""
    ignorable, _, scope = _lexicon()
    return stopwords(LANGS) | ignorable | frozenset(scope)


def account(scan: Scan, *, has_town: bool, newest_year: int = 2023) -> Fields:
    """unresolved / out_of_scope / not_understood of one parsed message (only those that apply)."""
    ignorable, prepositions, scope = _lexicon()
    out: Fields = {}
    unread = fold(scan.unread())
    for cue, what in scope.items():
        if re.search(rf"(?<![^\W_]){re.escape(cue)}(?![^\W_])", unread):
            out["out_of_scope"] = what
            break
    future = [y for y in _YEAR.findall(unread) if int(y) > newest_year]
    if future and "out_of_scope" not in out:
        out["out_of_scope"] = "future prices"
    words = [w for w in leftovers(scan, LANGS, ignorable) if fold(w.word) not in scope]
    places = [w.word for w in words if w.before in prepositions]
    if places and not has_town:
        out["unresolved"] = places
    rest = [w.word for w in words if w.word not in places or has_town]
    if rest:
        out["not_understood"] = rest
    return out
