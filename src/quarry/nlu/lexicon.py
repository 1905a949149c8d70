"""Lexicons are data: TOML files inside a package's `data/` folder, read once and cached.

Python in `quarry.nlu` holds grammar (how words combine into numbers, bounds, periods); which
words play which part lives in these files, per language, so adding a language or a synonym
is a data change an app owner can review.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=64)
def load_lexicon(package: str, name: str) -> dict[str, Any]:
    """`<package>/data/<name>.toml` as a dict (the core's own lexicons live in `quarry.nlu`)."""
    text = (resources.files(package) / "data" / f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def core_lexicon(name: str) -> dict[str, Any]:
    """One of the language layer's own lexicons (`quarry/nlu/data/<name>.toml`)."""
    return load_lexicon("quarry.nlu", name)


def phrases(table: dict[str, Any], key: str, langs: tuple[str, ...] | None = None) -> list[str]:
    """Every phrase listed under `key` for `langs` (all languages when None), longest first, so an
    alternation built from them prefers "not more than" over "more than"."""
    found: set[str] = set()
    for lang, entries in table.items():
        if isinstance(entries, dict) and (langs is None or lang in langs):
            found.update(str(p) for p in entries.get(key, ()))
    return sorted(found, key=lambda p: (-len(p), p))


GLUED_SCRIPTS = re.compile(
    r"[\u0590-\u05ff\u0600-\u06ff\u0980-\u09ff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)
"""Scripts whose words are matched inside the text: written without spaces (Chinese, Japanese,
Korean, Thai) or with particles and prefixes glued on (Hebrew, Arabic, Bengali)."""


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """One case-blind pattern for a lexicon's phrases, longest first: whole words, except in
    `GLUED_SCRIPTS`; a trailing * matches any ending ("flood*")."""
    alternatives = []
    for phrase in sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True):
        body = re.escape(phrase.rstrip("*")) + (r"\w*" if phrase.endswith("*") else "")
        alternatives.append(body if GLUED_SCRIPTS.search(phrase) else rf"(?<!\w){body}(?!\w)")
    return re.compile("|".join(alternatives), re.IGNORECASE)


def phrase_alternation(phrases: Iterable[str], *, word: Mapping[str, str] | None = None, plurals: bool = False) -> str:
    """A regex alternation of lexicon phrases, longest first: the words of a phrase are joined by
    spaces or hyphens ("pet friendly" reads "pet-friendly"), a `*` ending a word reads any ending
    ("sublet*" reads "subletting", "renew* our policy" reads "renewing our policy"), and `word` maps a
    word to a pattern of its own ("we" → "(?:we|i)"). With `plurals`, a phrase's last Latin word also
    reads its English plural ("wine" reads "wines", "box" reads "boxes")."""

    def term(w: str, last: bool) -> str:
        if w.endswith("*"):
            return re.escape(w.rstrip("*")) + r"\w*"
        if w.lower() in (word or {}):
            return (word or {})[w.lower()]
        plural = r"(?:s|es)?" if plurals and last and w.isascii() and w.isalpha() and not w.endswith("s") else ""
        return re.escape(w) + plural

    def one(phrase: str) -> str:
        words = phrase.split()
        return r"[\s-]+".join(term(w, i == len(words) - 1) for i, w in enumerate(words))

    return "|".join(one(p) for p in sorted(set(phrases), key=len, reverse=True))
