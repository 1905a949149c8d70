"""The one check for user text: every question, term or id an app receives passes here.

Text that reaches SQL parameters or JSONB must be storable: PostgreSQL refuses NUL
(`\\u0000`) in text and JSONB, and lone surrogates cannot be encoded as UTF-8. Both are
removed here, together with other C0 control characters except tab and newlines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from quarry.errors import BadInput

_UNSTORABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
VISIBLE_TEXT = r"[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]"
"""JSON-schema pattern for request text: at least one visible character (so the schema says
what `clean_question` enforces: blank or control-only text is not a question).

Spaces are listed rather than written `\\s`: `\\s` means different sets in pydantic's Rust
regex, Python and ECMAScript (U+0085, U+FEFF), and clients read this pattern with their own
engine. The class is the union of all three plus C0/C1 controls."""
SESSION_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
"""What a session (or thread) id looks like: request schemas and `clean_session_id` share it."""
_SESSION_ID = re.compile(SESSION_ID_PATTERN)
MAX_SESSION_ID_CHARS = 64


def storable(text: str) -> str:
    """`text` without the characters PostgreSQL cannot store (NUL, lone surrogates, C0 controls)."""
    return _UNSTORABLE.sub("", text)


def storable_data(value: Any) -> Any:
    """`value` with every string in it (keys included) made storable; other values unchanged."""
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, dict):
        return {storable_data(k): storable_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable_data(v) for v in value]
    return value


def storable_json(value: Any) -> str:
    """JSON text PostgreSQL accepts as jsonb: model output or tool results may carry NUL.

    >>> storable_json({"q": "a\x00b"})
    '{"q": "ab"}'
    """
    return json.dumps(storable_data(value), default=str, ensure_ascii=False)


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


def clean_session_id(value: str | None) -> str | None:
    """A session id as given (None stays None); BadInput unless 1–64 of [A-Za-z0-9_-].

    >>> clean_session_id("a1b2c3")
    'a1b2c3'
    """
    if value is None:
        return None
    if not _SESSION_ID.match(value):
        raise BadInput(
            f"session_id must be 1–{MAX_SESSION_ID_CHARS} letters, digits, '-' or '_' (got {len(value)} characters)."
        )
    return value


def validation_message(error: Mapping[str, Any]) -> str:
    """Pydantic's message of one error, in words where it would print our visible-text regex."""
    if error.get("type") == "string_pattern_mismatch" and VISIBLE_TEXT in str(error.get("ctx", {}).get("pattern", "")):
        return "must contain a visible character (not only spaces or control characters)"
    return str(error["msg"])


def session_id_field() -> Any:
    """The request field that continues a conversation (every app's turn spells it alike)."""
    from pydantic import Field

    return Field(
        None,
        pattern=SESSION_ID_PATTERN,
        description="Continue a conversation: the id a previous response returned (others start a new one).",
    )
