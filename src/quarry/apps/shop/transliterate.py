"""Finglish (Persian typed in Latin letters: "ayfon 13", "yakhchal") → Persian script.

Uses the `finglish` package (PyPI), which ships its dictionary and word list. It prints two
"Loading…" lines on stdout when imported, so the import is silenced (the CLI's `--json`
stdout must stay clean) and done only when a Latin query needs it (about a second, once).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from functools import cache, lru_cache

_LATIN_WORDS = re.compile(r"^[A-Za-z0-9\s\-.,?!']+$")


def looks_finglish(text: str) -> bool:
    """Whether `text` is written in Latin letters only (English or Finglish)."""
    return bool(_LATIN_WORDS.match(text)) and any(c.isalpha() for c in text)


@cache
def _converter() -> Callable[[str], str]:
    with contextlib.redirect_stdout(io.StringIO()):
        from finglish import f2p
    return f2p


@cache
def _candidates() -> Callable[[str], list[list[tuple[str, float]]]]:
    with contextlib.redirect_stdout(io.StringIO()):
        from finglish import f2p_list
    return f2p_list


LIKELY_READING = 0.1
"""Share of the best reading's score from which another reading of a Finglish word is kept."""


@lru_cache(maxsize=8192)
def finglish_readings(word: str) -> tuple[str, ...]:
    """The likely Persian spellings of one Finglish word, best first ("robati" → «ربطی», «رباتی»): the
    package's best reading is often another word than the one meant."""
    if not any(c.isalpha() for c in word):
        return (word,)
    found = _candidates()(word)
    readings = found[0] if found else []
    return tuple(w for w, score in readings if score >= LIKELY_READING) or (_word(word),)


def load_dictionary() -> None:
    """Load the package's dictionary now (about a second) rather than on the first Finglish query."""
    _converter()


@lru_cache(maxsize=8192)
def _word(word: str) -> str:
    # f2p scores every reading of a word (~0.2 ms), and the shop asks for the same query words once
    # per candidate product; the package's dictionary never changes while the process runs.
    return _converter()(word) if any(c.isalpha() for c in word) else word


def finglish_to_persian(text: str) -> str:
    """Persian spelling of a Finglish phrase ("yakhchal" → "یخچال"); digits stay as they are."""
    return " ".join(_word(w) for w in text.split())


# A word's consonants as they sound, in either script, for matching a Latin model name the user wrote
# in Persian letters («اسکیپ» for "Escape", «اکتیو» for "Active", «لیجن» for "Legion"). Persian writes
# most vowels not at all and the rest with the letters that are also w/v and y, so those are left out on
# both sides, as is h (silent at the end of a Persian word, and in many English spellings).
_PERSIAN_SOUNDS = {
    "ب": "b", "پ": "p", "ت": "t", "ط": "t", "ث": "s", "س": "s", "ص": "s", "ج": "j", "چ": "C", "خ": "X",
    "د": "d", "ذ": "z", "ز": "z", "ض": "z", "ظ": "z", "ژ": "Z", "ر": "r", "ش": "S", "غ": "g", "ق": "g",
    "ف": "f", "ک": "k", "ك": "k", "گ": "g", "ل": "l", "م": "m", "ن": "n",
}  # fmt: skip
_LATIN_DIGRAPHS = (("sch", "S"), ("ch", "C"), ("sh", "S"), ("kh", "X"), ("zh", "Z"), ("ph", "f"), ("ck", "k"),
                   ("qu", "k"), ("gh", "G"), ("th", "t"))  # fmt: skip
"""Latin letter pairs that are one sound; "gh" («غ», «ق») is a hard g even before i ("barghi")."""
_LATIN_SOUNDS = {"b": "b", "d": "d", "f": "f", "g": "g", "j": "j", "k": "k", "l": "l", "m": "m", "n": "n",
                 "p": "p", "q": "k", "r": "r", "s": "s", "t": "t", "z": "z", "x": "ks"}  # fmt: skip


@lru_cache(maxsize=8192)
def sound_skeleton(word: str) -> str:
    """The consonants `word` sounds with, one letter each, doubled ones once: «اسکیپ» and "escape" are
    both "skp"; "" for a word of another script or without consonants."""
    w = word.lower()
    out: list[str] = []
    if any("\u0600" <= ch <= "\u06ff" for ch in w):
        out = [_PERSIAN_SOUNDS.get(ch, "") for ch in w]
    elif w.isascii():
        for a, b in _LATIN_DIGRAPHS:
            w = w.replace(a, b)
        for i, ch in enumerate(w):
            after = w[i + 1 : i + 2]
            if ch == "c":
                out.append("s" if after in ("e", "i", "y") else "k")
            elif ch == "g" and after in ("e", "i") and i > 0:
                out.append("j")  # "legion": a soft g inside a word (a first g stays hard: "gear")
            elif ch == "G":
                out.append("g")
            else:
                out.append(_LATIN_SOUNDS.get(ch, ch if ch in "CSXZ" else ""))
    joined = "".join(out)
    return re.sub(r"(.)\1+", r"\1", joined)


def sounds_alike(persian: str, latin: str) -> bool:
    """Whether Persian-letter `persian` is Latin `latin` written as it sounds (two consonants or more)."""
    a, b = sound_skeleton(persian), sound_skeleton(latin)
    return len(a) >= 2 and a == b
