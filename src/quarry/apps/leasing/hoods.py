"""Places a prospect names, read against the neighbourhoods and boroughs the listings hold.

The names are the data's: every neighbourhood the import stores (`places.NEIGHBOURHOODS`, the
canonical names `normalize.py` maps a listing's neighbourhood to, with the spellings listings
use) and the two boroughs. Grammar here:

- a name said as written, or typed with one slip ("midtwon", "Willamsburg": `nlu.fuzzy.typing_slip`);
- a place phrase that is no known name — after a place word ("in Astoria", "on the Upper East
  Side"), or opening a clause before a comma or a kind of space ("Upper West Side, 1500 sf",
  "Brooklyn Heights office") — is unresolved and asked back. A known name inside a longer
  phrase does not resolve it: "Brooklyn Heights" is not Brooklyn (only generic words after a
  name, `data/wishes.toml` `place_generic`, keep it the same place: "Flatiron area").
"""

from __future__ import annotations

import re
from functools import lru_cache

from quarry.nlu.fuzzy import typing_slip
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.rarity import is_common

from .places import NEIGHBOURHOODS, ambiguous_landmarks, landmarks

# "Downtown" on its own is Lower Manhattan in New York office talk (the Downtown submarket:
# Financial District and Tribeca); "Downtown Brooklyn" is longer and matched first.
LOWER_MANHATTAN = ("financial district", "tribeca")


@lru_cache(maxsize=1)
def hood_tokens() -> dict[str, tuple[str, ...]]:
    """What people call a place (lower case) → the spec's location tokens."""
    tokens: dict[str, tuple[str, ...]] = {}
    for n in NEIGHBOURHOODS:
        for alias in (n.name, *n.aliases):
            tokens[alias.lower()] = (n.name.lower(),)
    tokens.update({"fidi": ("financial district",), "garment district": ("midtown south",),
                   "manhattan": ("manhattan",), "brooklyn": ("brooklyn",), "downtown manhattan": LOWER_MANHATTAN,
                   "lower manhattan": LOWER_MANHATTAN, "downtown": LOWER_MANHATTAN})  # fmt: skip
    # Each name also in the short forms of its words ("downtown bk", "bklyn"), never over a longer name.
    for name, toks in list(tokens.items()):
        for long, forms in _short_forms().items():
            if long in name.split():
                for form in forms:
                    tokens.setdefault(re.sub(rf"\b{long}\b", form, name), toks)
    return tokens


@lru_cache(maxsize=1)
def _words() -> dict[str, frozenset[str]]:
    raw = load_lexicon("quarry.apps.leasing", "wishes")
    return {k: frozenset(str(x).lower() for x in raw[k]) for k in ("place_generic", "not_places", "place_heads")}


@lru_cache(maxsize=1)
def _short_forms() -> dict[str, tuple[str, ...]]:
    """A word of a place name → its short forms ("brooklyn" → "bk", "bklyn"), from `wishes.toml`."""
    raw = load_lexicon("quarry.apps.leasing", "wishes")["place_short"]
    return {str(k): tuple(str(x) for x in v) for k, v in raw.items()}


_WORD = re.compile(r"[a-z][a-z'’.]*", re.IGNORECASE)


def slipped_hoods(text: str, taken: list[tuple[int, int]]) -> list[str]:
    """Location tokens of names typed with one slip ("in midtwon"), outside the spans `taken`."""
    out: list[str] = []
    words = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(text)]
    for name, toks in hood_tokens().items():
        parts = name.split()
        if len(name.replace(" ", "")) < 5:
            continue  # short names ("fidi", "dumbo" slips) are too close to ordinary words
        for i in range(len(words) - len(parts) + 1):
            window = words[i : i + len(parts)]
            if any(s < e2 and s2 < e for s, e, _ in window for s2, e2 in taken):
                continue
            said = [w for _, _, w in window]
            if said != parts and all(w == p or typing_slip(w, p) for w, p in zip(said, parts, strict=True)):
                out += toks
    return list(dict.fromkeys(out))


_PLACE_WORD = r"(?:in|near|around|by|close to|next to|at|off|on|within|walking distance (?:to|from|of))"
_CAP = r"(?:[A-Z][\w'’.-]*)"
_PHRASE = rf"({_CAP}(?:\s+(?:{_CAP}|of|de|la))*)"
_AFTER_PLACE_WORD = re.compile(rf"\b{_PLACE_WORD}\s+(?:the\s+)?{_PHRASE}")
_CLAUSE_OPENING = re.compile(
    rf"(?:^|[.!?;]\s+|\n)(?:the\s+)?{_PHRASE}(?=\s*,|\s+(?:office|retail|flex|space|storefront|loft|studio|area)s?\b)"
)
MAX_LOWER_PLACE_WORDS = 3
EVERYDAY_ZIPF = 3.7
"""Zipf frequency under which a lower-case word after a place word is taken for a name ("harlem" 3.6,
"bushwick" 2.4; "options" 4.7, "least" 5.4)."""
_LOWER = r"([a-z][\w'’]*(?:\s+[a-z][\w'’]*){0,2})"
_LOWER_AFTER_PLACE_WORD = re.compile(rf"\b{_PLACE_WORD}\s+(?:the\s+)?{_LOWER}")
_LOWER_OPENING = re.compile(rf"(?:^|[.!?;,]\s*|\n)(?:the\s+)?{_LOWER}")
_TRANSIT_AFTER = re.compile(r"\s+(?:train|line|subway|station|stop|express|local)s?\b", re.IGNORECASE)
_CALENDAR = frozenset(
    {
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
        "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "am", "pm", "sf", "sqft", "psf", "asap", "q1", "q2", "q3", "q4", "i", "nyc", "new", "york", "usd",
    }
)  # fmt: skip


def _known_names() -> list[str]:
    return sorted([*hood_tokens(), *landmarks(), *ambiguous_landmarks()], key=len, reverse=True)


def _resolves(said: str) -> bool:
    """True when the phrase is a known place, said whole: known names (or slips of them) and
    generic words, nothing else."""
    rest = said.lower()
    for name in _known_names():
        rest = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", " ", rest)
    left = [w for w in re.findall(r"[\w'’]+", rest) if w not in _words()["place_generic"]]
    if not left:
        return True
    return all(any(typing_slip(w, part) for name in hood_tokens() for part in name.split()) for w in left)


def _lower_place(words: list[str], after_place_word: bool) -> str | None:
    """A place phrase typed in lower case: up to three words ending in a place's last word ("upper west
    side", "long island city"), or after a place word one word rarer than everyday English ("at
    harlem", "in bushwick"; 'in the market', 'at least' are everyday)."""
    if not after_place_word and words and re.fullmatch(_PLACE_WORD, words[0]):
        return None  # "near hudson yards …": the phrase after the place word is read there
    for n in range(min(MAX_LOWER_PLACE_WORDS, len(words)), 0, -1):
        if words[n - 1] in _words()["place_heads"] and (n > 1 or after_place_word):
            return " ".join(words[:n])
    if after_place_word and words and words[0].isalpha() and not is_common(words[0], ("en",), at=EVERYDAY_ZIPF):
        return words[0]
    return None


def unresolved_places(text: str) -> list[str]:
    """Places the message names that match no neighbourhood, landmark or borough in the data
    ("in Astoria", "Upper West Side, 1500 sf", "Brooklyn Heights office", "at harlem")."""
    ignore = _CALENDAR | _words()["not_places"]
    out: list[str] = []
    found = [m.group(1) for pattern in (_AFTER_PLACE_WORD, _CLAUSE_OPENING) for m in pattern.finditer(text)]
    for pattern, after in ((_LOWER_AFTER_PLACE_WORD, True), (_LOWER_OPENING, False)):
        for m in pattern.finditer(text):
            if not _TRANSIT_AFTER.match(text, m.end(1)):
                said = _lower_place(m.group(1).split(), after)
                if said is not None and not any(said.lower() in f.lower() for f in found):
                    found.append(said)
    for phrase in found:
        said = phrase.strip(" .,")
        if not said or all(w.lower().strip(".") in ignore for w in said.split()):
            continue
        if _TRANSIT_AFTER.match(text, text.find(said) + len(said)):
            continue  # "the L train", "the Q line": a subway line (a transit wish), not a place
        if not _resolves(said):
            out.append(said)
    return list(dict.fromkeys(out))
