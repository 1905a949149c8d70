"""Constraints taken back: "remove the budget", "no need for the street", "any floor also can".

An app names the nouns of each of its constraint groups; the removal words are data
(`data/removals.toml`). Each removal found is taken from the scan so no other extractor reads
its noun as a new constraint.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from quarry.nlu.lexicon import core_lexicon, phrases
from quarry.nlu.scan import Scan
from quarry.nlu.text import EDGE_L, EDGE_R


def _alt(words: Sequence[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True))


def find_removals(scan: Scan, nouns: Mapping[str, Sequence[str]], langs: tuple[str, ...]) -> set[str]:
    """The groups the message takes back; their words are taken from the scan."""
    lex = core_lexicon("removals")
    before, after = _alt(phrases(lex, "before", langs)), _alt(phrases(lex, "after", langs))
    filler = rf"(?:(?:{_alt(phrases(lex, 'fillers', langs))})\s+)*"
    found: set[str] = set()
    for group, words in nouns.items():
        noun = _alt(words)
        rx = re.compile(
            rf"{EDGE_L}(?:(?:{before})\s+{filler}(?:{noun})(?:\s+(?:limit|filter|cap|range|constraint|requirement))?"
            rf"|(?:{noun})\s+(?:{after})){EDGE_R}"
        )
        for m in scan.matches(rx):
            found.add(group)
            scan.take(m.start(), m.end())
    return found
