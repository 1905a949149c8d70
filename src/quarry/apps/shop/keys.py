"""Random keys: six lowercase letters, unique by construction, reproducible from (seed, index).

Keys are the image of a counter under a seeded permutation of the 26⁶ six-letter strings
(a four-round Feistel network on two base-17,576 halves, with round tables drawn from the
seed), so no set of issued keys is kept in memory and no two indices ever share a key.
Base products take indices 0..B-1 and offers B.. onwards.
"""

from __future__ import annotations

import random
import string

_HALF = 26**3
SPACE = _HALF * _HALF
"""Number of distinct keys (308,915,776)."""
_ABC = string.ascii_lowercase
_TRIPLES = tuple(a + b + c for a in _ABC for b in _ABC for c in _ABC)
"""The 17,576 three-letter strings, in order: a half's letters."""


class KeySpace:
    """Maps an index in [0, SPACE) to a distinct six-letter key."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(f"shop-keys:{seed}")
        self._rounds = [[rng.randrange(_HALF) for _ in range(_HALF)] for _ in range(4)]

    def key(self, index: int) -> str:
        """The key of `index` (raises ValueError outside [0, SPACE))."""
        if not 0 <= index < SPACE:
            raise ValueError(f"key index {index} outside 0..{SPACE - 1}")
        t0, t1, t2, t3 = self._rounds
        hi, lo = divmod(index, _HALF)
        hi = (hi + t0[lo]) % _HALF
        lo = (lo + t1[hi]) % _HALF
        hi = (hi + t2[lo]) % _HALF
        lo = (lo + t3[hi]) % _HALF
        return _TRIPLES[hi] + _TRIPLES[lo]


def base36(number: int) -> str:
    """`number` (≥ 0) in base 36, lower case, as log ids are written ("1z" for 71)."""
    digits = string.digits + string.ascii_lowercase
    out = ""
    while True:
        number, r = divmod(number, 36)
        out = digits[r] + out
        if number == 0:
            return out
