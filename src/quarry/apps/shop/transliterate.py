"""Finglish (Persian typed in Latin letters: "ayfon 13", "yakhchal") → Persian script.

Uses the `finglish` package (PyPI), which ships its dictionary and word list. It prints two
"Loading…" lines on stdout when imported, so the import is silenced (the CLI's `--json`
stdout must stay clean) and done only when a Latin query needs it (about a second, once).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from functools import cache, lru_cache

_LATIN_WORDS = re.compile(r"^[A-Za-z0-9\s\-.,?!']+$")


def looks_finglish(text: str) -> bool:
    """Whether `text` is written in Latin letters only (English or Finglish)."""
    return bool(_LATIN_WORDS.match(text)) and any(c.isalpha() for c in text)


@cache
def _converter() -> Callable[[str], str]:
    with contextlib.redirect_stdout(io.StringIO()):
        from finglish import f2p
    return f2p


def load_dictionary() -> None:
    """Load the package's dictionary now (about a second) rather than on the first Finglish query."""
    _converter()


@lru_cache(maxsize=8192)
def _word(word: str) -> str:
    # f2p scores every reading of a word (~0.2 ms), and the shop asks for the same query words once
    # per candidate product; the package's dictionary never changes while the process runs.
    return _converter()(word) if any(c.isalpha() for c in word) else word


def finglish_to_persian(text: str) -> str:
    """Persian spelling of a Finglish phrase ("yakhchal" → "یخچال"); digits stay as they are."""
    return " ".join(_word(w) for w in text.split())
