"""Extractive summaries: long descriptions are cut to their first sentences before a model reads them.

Deterministic (no model): whole sentences from the start, up to `max_words`; a first sentence
longer than that is cut at a word boundary and ends with '…'.

>>> extractive_summary("One two. Three four five. Six.", max_words=5)
'One two. Three four five.'
"""

from __future__ import annotations

import re

SUMMARY_WORDS = 60
"""Target length of an extractive summary, in words."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[A-Z0-9])")


def sentences(text: str) -> list[str]:
    """Sentences of `text` (split after . ! ? followed by a capital, digit or opening quote)."""
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def extractive_summary(text: str, *, max_words: int = SUMMARY_WORDS) -> str:
    """The first sentences of `text` that fit in `max_words` (the whole text when it is short)."""
    if len(text.split()) <= max_words:
        return text.strip()
    kept: list[str] = []
    used = 0
    for sentence in sentences(text):
        n = len(sentence.split())
        if kept and used + n > max_words:
            break
        kept.append(sentence)
        used += n
    out = " ".join(kept)
    words = out.split()
    if len(words) > max_words:  # one very long first sentence
        out = " ".join(words[:max_words]).rstrip(",;:") + "…"
    return out
