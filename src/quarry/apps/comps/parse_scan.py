"""The shared scan buffer of the offline comps parser, and number helpers.

Every extractor reads one `Scan` and masks the characters it used, so a number is read once:
the 12 of "last 12 months" can no longer be a storey, the 95 of "95 sqm" never a price.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from quarry.apps.comps.vocab import NUMBER_WORDS

MASK = "\x1f"
_CHAR_MAP = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2019": "'", "\u2018": "'",
     "\uff5e": "~", "\u00a0": " ", "\u2264": "<", "\u2265": ">"}
)  # fmt: skip

Fields = dict[str, Any]


class Scan:
    """The message twice: `text` as typed (for hints) and `buf`, lower case, with used spans masked.

    Both have the same length, so a span found in `buf` can be cut out of `text`.
    """

    __slots__ = ("buf", "text")

    def __init__(self, text: str) -> None:
        norm = text.translate(_CHAR_MAP)
        low = norm.lower()
        if len(low) != len(norm):  # a few characters grow when lowered ("İ"): keep them as is
            low = "".join(c.lower() if len(c.lower()) == 1 else c for c in norm)
        self.text = norm
        self.buf = low

    def take(self, start: int, end: int) -> None:
        """Mark `buf[start:end]` as used."""
        self.buf = self.buf[:start] + MASK * (end - start) + self.buf[end:]

    def blank(self, start: int, end: int) -> None:
        """Drop `buf[start:end]` as if never typed (the words around it still join up)."""
        self.buf = self.buf[:start] + " " * (end - start) + self.buf[end:]

    def matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches on the current buffer (computed up front so taking spans is safe)."""
        yield from list(pattern.finditer(self.buf))

    def original(self, start: int, end: int) -> str:
        """The user's own spelling of a span."""
        return self.text[start:end].strip(" ,.;:!?")


# ---- shared regex pieces -------------------------------------------------------------------

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
WORD_NUMS = "|".join(w.replace(" ", r"\s+") for w in sorted(NUMBER_WORDS, key=len, reverse=True))


def to_number(raw: str) -> float:
    """'1,000' -> 1000.0; number words ('six') via the vocab table."""
    raw = raw.strip()
    key = re.sub(r"\s+", " ", raw)
    if key in NUMBER_WORDS:
        return float(NUMBER_WORDS[key])
    return float(raw.replace(",", "").replace(" ", ""))
