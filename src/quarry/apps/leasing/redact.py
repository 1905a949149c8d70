"""PII out of everything logged, traced or audited: emails, phone numbers, tenant names.

Tenant companies and contacts come from `leasing_tenants`; a message naming one is stored and
traced with `[name]` in its place.

    >>> redact("call Mei Sato at (646) 555-0100 or mei.sato@verity-labs.example", names=("Mei Sato",))
    'call [name] at [phone] or [email]'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<!\w)(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\w)")


def redact(text: str, *, names: Sequence[str] = ()) -> str:
    """`text` with emails, phone numbers and the given names replaced by placeholders."""
    out = _EMAIL.sub("[email]", text)
    out = _PHONE.sub("[phone]", out)
    for name in sorted((n for n in names if len(n) >= 4), key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "[name]", out, flags=re.IGNORECASE)
    return out
