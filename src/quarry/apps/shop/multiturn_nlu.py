"""Is a message an open-ended want (multi-turn narrowing) rather than one answerable question?

>>> is_exploration("I want a cheap fridge"), is_exploration("گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی")
(True, False)
"""

from __future__ import annotations

import re

from quarry.search.text import fold_joined

_WANT = re.compile(
    r"(?<!\w)(میخوام|میخواهم|لازم دارم|نیاز دارم|دنبال|پیشنهاد|کمکم|بخرم|خرید|"
    r"i want|i need|i'm looking|i am looking|looking for|recommend|suggest|help me|buy)(?!\w)"
)
_VAGUE = re.compile(r"(?<!\w)(ارزان|ارزون|خوب|مناسب|اقتصادی|cheap|budget|affordable|good|best|nice)(?!\w)")
_SPECIFIC = re.compile(r"[a-z]+-?\d+|\d+-?[a-z]+|(?<!\w)(کد|مدل|model)(?!\w)")
_QUESTION = re.compile(r"چقدر|چند|کمترین|بیشترین|میانگین|how much|how many|what is|lowest|average")


def is_exploration(text: str) -> bool:
    """True for "I want a cheap fridge"-style needs; False when a model, code or key is named."""
    t = fold_joined(text)
    if _QUESTION.search(t) or _SPECIFIC.search(t.replace(" ", " ")):
        return False
    return bool(_WANT.search(t) or _VAGUE.search(t))
