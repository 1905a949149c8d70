"""PII out of everything logged, traced or audited: emails, phone numbers, tenant names.

Tenant companies and contacts come from `leasing_tenants`; a message naming one is stored and
traced with `[name]` in its place.

    >>> redact("call Mei Sato at (646) 555-0100 or mei.sato@verity-labs.example", names=("Mei Sato",))
    'call [name] at [phone] or [email]'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<!\w)(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\w)")


def redact(text: str, *, names: Sequence[str] = ()) -> str:
    """`text` with emails, phone numbers and the given names replaced by placeholders."""
    out = _EMAIL.sub("[email]", text)
    out = _PHONE.sub("[phone]", out)
    pattern = _names_pattern(tuple(names))
    return pattern.sub("[name]", out) if pattern is not None else out


@lru_cache(maxsize=8)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for every name of four letters or more, longest first (a full name before
    the company word inside it). Compiled once per list: the list is the same turn after turn."""
    kept = sorted({n for n in names if len(n) >= 4}, key=lambda n: (-len(n), n))
    if not kept:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(n) for n in kept)})(?!\w)", re.IGNORECASE)
