"""Script-level normalisation every parser starts from: digits of any script become ASCII,
typographic dashes, quotes, tildes and spaces become their plain forms.

The length of the text never changes (one character in, one out), so a span found in the
normalised text is the same span in what the user typed.
"""

from __future__ import annotations

import re
import unicodedata

# Persian (۰-۹) and Arabic-Indic (٠-٩) digits, the Arabic decimal and thousands separators.
_DIGITS: dict[str, str] = {chr(0x06F0 + i): str(i) for i in range(10)} | {chr(0x0660 + i): str(i) for i in range(10)}
_PLAIN = str.maketrans(
    {
        **_DIGITS,
        "\u066b": ".", "\u066c": ",", "\u060c": ",",
        "\u2013": "-", "\u2014": "-", "\u2012": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
        "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'",
        "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"',
        "\uff5e": "~", "\u00a0": " ", "\u202f": " ", "\u2009": " ",
        "\u2264": "<", "\u2265": ">",
    }
)  # fmt: skip
WORD = re.compile(r"[^\W_]+(?:['\u200c-][^\W_]+)*", re.UNICODE)
"""A word: letters and digits of any script, joined by an apostrophe, a half-space or a hyphen."""


def plain(text: str) -> str:
    """`text` with ASCII digits and plain punctuation; same length as `text`."""
    return text.translate(_PLAIN)


def fold(text: str) -> str:
    """Lower case without accents (é → e, ё → е kept apart from й), for comparing words."""
    decomposed = unicodedata.normalize("NFD", plain(text).lower())
    kept = "".join(c for c in decomposed if unicodedata.category(c) != "Mn" or c in "\u0306")
    return unicodedata.normalize("NFC", kept)


def words(text: str) -> list[str]:
    """The words of `text`, as typed."""
    return WORD.findall(text)


_ALPHABETIC = r"a-zA-Z0-9\u00c0-\u024f\u0400-\u04ff\u0600-\u06ff"
EDGE_L = rf"(?<![{_ALPHABETIC}])"
"""A word's left edge in scripts written with spaces (Latin, Cyrillic, Arabic/Persian); Chinese
and other unspaced scripts have no edge, so a phrase may touch them."""
EDGE_R = rf"(?![{_ALPHABETIC}])"
