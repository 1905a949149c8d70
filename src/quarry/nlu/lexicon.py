"""Lexicons are data: TOML files inside a package's `data/` folder, read once and cached.

Python in `quarry.nlu` holds grammar (how words combine into numbers, bounds, periods); which
words play which part lives in these files, per language, so adding a language or a synonym
is a data change an app owner can review.
"""

from __future__ import annotations

import tomllib
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
