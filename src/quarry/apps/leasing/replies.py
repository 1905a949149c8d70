"""Short replies that answer the assistant's last question rather than start a new request."""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.text import fold

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


@lru_cache(maxsize=1)
def _words() -> tuple[frozenset[str], frozenset[str]]:
    lex = load_lexicon("quarry.apps.leasing", "replies")
    confirm = frozenset(w for phrase in lex["confirm"] for w in fold(phrase).split())
    return confirm, frozenset(fold(w) for w in lex["filler"])


def is_confirmation(text: str) -> bool:
    """True for a short yes to a proposal ("confirm", "yes please send it"): at most six words, every
    one a confirmation or filler word, and at least one confirmation word."""
    words = _WORD.findall(fold(text))
    confirm, filler = _words()
    return 0 < len(words) <= 6 and all(w in confirm or w in filler for w in words) and any(w in confirm for w in words)
