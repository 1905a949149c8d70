"""What a renewal turn says about terms: the term the tenant asks for and the tenancy's renewal option.

>>> asked_term("can we renew for 3 years?"), asked_term("another 24 months please")
(36, 24)
>>> asked_term("our lease ends in 6 months, we'd like to renew for five years")
60
>>> read_option("1 x 5 yrs at 95% of FMV")
RenewalOption(text='1 x 5 yrs at 95% of FMV', renewals=1, term_months=60, basis='fmv', pct=95.0)
"""

from __future__ import annotations

import re

from quarry.nlu.numbers import words_to_digits

from .models import RenewalOption

_TERM = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)[\s-]*(?:(?:more|additional|extra|further)\s+)?(years?|yrs?|months?|mos?)\b",
    re.IGNORECASE,
)  # "3 years", "24-month", "two more years"
# A span of time that is not the term asked for: when the lease ends ("in 6 months"), how long is
# left ("3 months left"), how long they have been there ("5 years ago", "for the last 5 years").
_UNTIL_BEFORE = re.compile(r"\b(?:in|within|next|last|past|after|about)\s+(?:the\s+)?$", re.IGNORECASE)
_UNTIL_AFTER = re.compile(r"^\s*(?:left|remaining|to go|from now|ago|out|before|away|old|now)\b", re.IGNORECASE)


def asked_term(text: str) -> int | None:
    """The renewal term the message asks for, in months ("renew for 3 years", "another 24 months"), or
    None when it names none."""
    plain = words_to_digits(text, ("en",))
    for m in _TERM.finditer(plain):
        if _UNTIL_BEFORE.search(plain[: m.start()]) or _UNTIL_AFTER.match(plain[m.end() :]):
            continue
        n = float(m.group(1))
        months = round(n if m.group(2).lower().startswith("mo") else n * 12)
        if 6 <= months <= 240:
            return months
    return None


_OPTION = re.compile(
    r"(?P<n>\d+)\s*x\s*(?P<len>\d+(?:\.\d+)?)\s*(?P<unit>years?|yrs?|months?|mos?)\s*at\s*"
    r"(?:(?P<fmv>\d+(?:\.\d+)?)\s*%\s*of\s*(?:FMV|fair market value|market)|\+\s*(?P<inc>\d+(?:\.\d+)?)\s*%)",
    re.IGNORECASE,
)


def read_option(text: str | None) -> RenewalOption | None:
    """The tenancy's renewal option ("1 x 5 yrs at 95% of FMV", "1 x 3 yrs at +4%"); None for "none" or
    anything else it cannot read."""
    m = _OPTION.search(text or "")
    if m is None:
        return None
    length = float(m["len"])
    months = round(length if m["unit"].lower().startswith("mo") else length * 12)
    fmv = m["fmv"] is not None
    return RenewalOption(
        text=(text or "").strip(),
        renewals=int(m["n"]),
        term_months=months,
        basis="fmv" if fmv else "fixed_increase",
        pct=float(m["fmv"] if fmv else m["inc"]),
    )
