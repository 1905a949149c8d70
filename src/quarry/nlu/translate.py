"""Words of another language read as the words a grammar already knows ("pajakan" → "lease",
"宏茂桥" → "Ang Mo Kio"). The pairs are an app's data; this is the one rule that applies them:
whole words in scripts written with spaces, anywhere in Chinese text, the longest first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from quarry.nlu.text import EDGE_L, EDGE_R

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@lru_cache(maxsize=16)
def _pattern(pairs: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    alts = []
    for phrase, _ in sorted(pairs, key=lambda p: -len(p[0])):
        body = r"\s+".join(map(re.escape, phrase.split()))
        alts.append(body if _CJK.search(phrase) else rf"{EDGE_L}{body}{EDGE_R}")
    return re.compile("|".join(alts), re.IGNORECASE)


def translate(text: str, pairs: Mapping[str, str]) -> str:
    """`text` with every phrase of `pairs` replaced by its reading, spaced from its neighbours."""
    if not pairs:
        return text
    items = tuple(pairs.items())
    lookup = {k.lower(): v for k, v in items}
    return _pattern(items).sub(lambda m: f" {lookup[' '.join(m.group().lower().split())]} ", text)
