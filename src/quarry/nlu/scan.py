"""The scan buffer parsers read a message through: each recognised span is taken (masked), so a
number or word is used once ("12" of "last 12 months" is never a storey), and what is left at
the end is what nobody understood (`quarry.nlu.coverage`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from quarry.nlu.text import plain

MASK = "\x1f"


class Scan:
    """The message twice: `text` as typed (plain digits and punctuation) for hints, and `buf`, lower
    case, with used spans masked. Both have the same length, so a span found in `buf` can be cut
    out of `text`."""

    __slots__ = ("buf", "text")

    def __init__(self, text: str) -> None:
        norm = plain(text)
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

    def unread(self) -> str:
        """The text nobody has taken yet (taken spans become spaces)."""
        return self.buf.replace(MASK, " ")
