"""«چند تا پیشنهاد داری؟», "how many offers are there?": inside a narrowing dialogue, the number of
offers that meet every constraint gathered so far. The count words are read with the question
grammar's `counts` table (a count word, then an offers noun, or the verb "have"); the rest of the
turn may still add a constraint ("how many offers in Tehran?")."""

from __future__ import annotations

import re
from functools import cache

from quarry.search.text import fold_joined

from .question_words import entry, listed, pattern


@cache
def _offer_count() -> re.Pattern[str]:
    counts = entry("counts")
    count = "|".join(r"\s*".join(map(re.escape, p.split())) for p in listed(counts["words"]))
    between = "|".join(re.escape(fold_joined(w)) for w in counts["between"])
    nouns = pattern(listed(entry("counts.nouns.offers"))).pattern
    have = pattern(listed(entry("yes_no.have_it"))).pattern
    return re.compile(rf"(?<!\w)(?:{count})(?:\s+(?:{between}))*\s+(?:{nouns}|{have})")


def offers_counted(text: str) -> str | None:
    """The turn without its words of counting when it asks how many offers there are; None otherwise."""
    folded = fold_joined(text.lower())
    m = _offer_count().search(folded)
    if m is None:
        return None
    rest = folded[: m.start()] + " " + folded[m.end() :]
    return re.sub(r"[؟?]", " ", rest)
