"""Constraints taken back: "remove the budget", "no need for the street", "any floor also can".

An app names the nouns of each of its constraint groups; the removal words are data
(`data/removals.toml`). Each removal found is taken from the scan so no other extractor reads
its noun as a new constraint.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from quarry.nlu.lexicon import core_lexicon, phrases
from quarry.nlu.scan import Scan
from quarry.nlu.text import EDGE_L, EDGE_R


def _alt(words: Sequence[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=32)
def _patterns(
    nouns: tuple[tuple[str, tuple[str, ...]], ...], langs: tuple[str, ...]
) -> list[tuple[str, re.Pattern[str]]]:
    lex = core_lexicon("removals")
    before, after = _alt(phrases(lex, "before", langs)), _alt(phrases(lex, "after", langs))
    filler = rf"(?:(?:{_alt(phrases(lex, 'fillers', langs))})\s+)*"
    return [
        (
            group,
            re.compile(
                rf"{EDGE_L}(?:(?:{before})\s+{filler}(?:{_alt(words)})"
                rf"(?:\s+(?:limit|filter|cap|range|constraint|requirement))?|(?:{_alt(words)})\s+(?:{after})){EDGE_R}"
            ),
        )
        for group, words in nouns
    ]


def find_removals(scan: Scan, nouns: Mapping[str, Sequence[str]], langs: tuple[str, ...]) -> set[str]:
    """The groups the message takes back; their words are taken from the scan."""
    found: set[str] = set()
    for group, rx in _patterns(tuple((g, tuple(w)) for g, w in nouns.items()), langs):
        for m in scan.matches(rx):
            found.add(group)
            scan.take(m.start(), m.end())
    return found
