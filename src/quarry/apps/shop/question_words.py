"""The phrases of the shop's question grammar, read from `data/questions.toml` (data, not code).

Every phrase is folded with `fold_joined` (Arabic letters, digits and half-spaces evened out, suffixes
joined) and matched as whole words with any run of spaces between its words, so one entry covers
«گرون‌ترین», «گرونترین» and «گرون ترین».

>>> bool(words("scope.warranty").search("با گارانتی"))
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from quarry.nlu.lexicon import load_lexicon
from quarry.search.text import fold_joined


def _table() -> dict[str, Any]:
    return load_lexicon("quarry.apps.shop", "questions")


def entry(path: str) -> Mapping[str, Any]:
    """The table at dotted `path` ("scope.warranty")."""
    node: Any = _table()
    for part in path.split("."):
        node = node[part]
    return dict(node)


def listed(node: Mapping[str, Any]) -> list[str]:
    """Every phrase of a register table ({fa: [...], finglish: [...], en: [...]}), folded."""
    out = {fold_joined(str(p).lower()).strip() for ps in node.values() if isinstance(ps, list) for p in ps}
    return sorted((p for p in out if p), key=lambda p: (-len(p), p))


_PLURAL = re.compile(r"(?<=\w)ها$")
"""A Persian plural ending: «فروشنده‌ها» is also written with its ezafe or indefinite ending («فروشنده‌های
X», «فروشنده‌هایی»), which `fold_joined` joins to the word."""


def _alternative(phrase: str) -> str:
    body = r"\s*".join(map(re.escape, phrase.split()))
    return body + "(?:یی|ی)?" if _PLURAL.search(phrase) else body


def pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """Whole-word alternation of folded `phrases`, longest first; spaces inside a phrase match any run of
    spaces (and none, where the folded text joined the words); a plural takes its ezafe («فروشنده‌های»)."""
    alts = [_alternative(p) for p in sorted(set(phrases), key=len, reverse=True) if p]
    return re.compile(rf"(?<!\w)(?:{'|'.join(alts)})(?!\w)") if alts else re.compile(r"(?!x)x")


@cache
def words(path: str) -> re.Pattern[str]:
    """The pattern of the phrases at `path` (every register)."""
    return pattern(listed(entry(path)))


@cache
def named_patterns(path: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(name, pattern) of each sub-table at `path` ("metrics" → min_price, max_price, ...)."""
    return tuple((name, pattern(listed(node))) for name, node in entry(path).items() if isinstance(node, dict))


_PERSIAN_LETTER = re.compile(r"[\u0600-\u06ff]")


def writes_persian(text: str) -> bool:
    """`text` holds Persian letters (the reply is then in Persian)."""
    return _PERSIAN_LETTER.search(text) is not None
