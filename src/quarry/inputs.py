"""The one check for user text: every question, term or id an app receives passes here.

Text that reaches SQL parameters or JSONB must be storable: PostgreSQL refuses NUL
(`\\u0000`) in text and JSONB, and lone surrogates cannot be encoded as UTF-8. Both are
removed here, together with other C0 control characters except tab and newlines.
"""

from __future__ import annotations

import re

from quarry.errors import BadInput

_UNSTORABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def storable(text: str) -> str:
    """`text` without the characters PostgreSQL cannot store (NUL, lone surrogates, C0 controls)."""
    return _UNSTORABLE.sub("", text)


def clean_question(text: str | None, *, max_chars: int, empty_hint: str, what: str = "question") -> str:
    """Storable, stripped text; BadInput (HTTP 400 / CLI exit 2) when empty or too long.

    >>> clean_question("  4-room\\x00 Bedok ", max_chars=100, empty_hint="say what you need.")
    '4-room Bedok'
    """
    cleaned = storable(text or "").strip()
    if not cleaned:
        raise BadInput(f"The {what} is empty: {empty_hint}")
    if len(cleaned) > max_chars:
        raise BadInput(f"The {what} is too long ({len(cleaned)} characters; the limit is {max_chars}).")
    return cleaned
