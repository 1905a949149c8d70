"""The refinement policy (seed Phase 4, offline): what the next attempt searches after a weak one.

In order, skipping what was already tried: broaden by dropping ONE constraint (place, then
years, then media type; the dropped place also leaves the query text), then the synonym
wording (shadow puppets → wayang kulit), then a broader wording (kelantan batik → malaysian
batik). At most `MAX_ATTEMPTS` attempts per user turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from .concepts import Parsed, broader_query, synonym_query
from .models import Constraints, Strategy

MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class Step:
    """One attempt to make."""

    query: str
    constraints: Constraints
    strategy: Strategy
    note: str | None = None
    """What changed, in words."""
    dropped: str | None = None
    """The constraint dropped by a broaden step ('place', 'years', 'media_type')."""


def _without(query: str, words: list[str]) -> str:
    out = f" {query} "
    for w in words:
        out = out.replace(f" {w} ", " ")
    return " ".join(out.split())


def next_attempt(parsed: Parsed, tried: list[Step]) -> Step | None:
    """The next attempt after `tried` (the last was weak or empty); None when nothing is left."""
    last = tried[-1]
    c = last.constraints
    if c.place:
        query = _without(last.query, [p for p in parsed.place_words]) or last.query
        return Step(query, c.model_copy(update={"place": None}), "broaden", f"dropped place {c.place}", "place")
    if c.year_from is not None or c.year_to is not None:
        return Step(
            last.query,
            c.model_copy(update={"year_from": None, "year_to": None}),
            "broaden",
            f"dropped years {c.describe()}",
            "years",
        )
    done = {t.query for t in tried}
    synonyms = synonym_query(parsed)
    if synonyms and synonyms not in done and not any(t.strategy == "synonyms" for t in tried):
        return Step(synonyms, c, "synonyms", "tried the synonyms of the main concept")
    broader = broader_query(parsed)
    if broader:
        broader = " ".join(dict.fromkeys(broader.split()))
    if broader and broader not in done:
        return Step(broader, c, "broaden", f"broader wording '{broader}'", None)
    if c.media_type:
        return Step(
            last.query,
            c.model_copy(update={"media_type": None}),
            "broaden",
            f"dropped media type {c.media_type}",
            "media_type",
        )
    return None
