"""Street matching for the offline parser: the user's words -> exact `street_name` values.

Users write "Bukit Batok West Avenue 6", "Compasvale" or "AMK Ave 10"; the data says
"BT BATOK WEST AVE 6", "COMPASSVALE RD" and "ANG MO KIO AVE 10". Both sides are reduced to the
same canonical tokens (upper case, HDB abbreviations), so matching is a token comparison, with a
difflib fallback on the street's distinctive words for typos. The index over the street list is
built once per distinct list (`lru_cache`), because the parser runs on every request.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from quarry.apps.comps.street_words import CANONICAL
from quarry.apps.comps.vocab import (
    ENGLISH_STREET_WORDS,
    LANDMARK_WORDS,
    SHORT_TOWN_ALIASES,
    STREET_GENERIC_TOKENS,
    STREET_TOKEN_EXPANSIONS,
    TOWN_ALIASES,
    TOWNS,
)

Tokens = tuple[str, ...]

_TOKEN_RE = re.compile(r"\d+[A-Z]?\b|\d+|[A-Z]+")
_BLOCK_RE = re.compile(r"\b(?:BLK|BLOCK)\s*\d+[A-Z]?\b")
_TYPO_CUTOFF = 0.8
_STRICT_CUTOFF = 0.88


def canon_tokens(text: str) -> Tokens:
    """Tokens of a street phrase in the data's own spelling ("Bukit Batok Road" -> BT BATOK RD)."""
    up = text.upper().replace("'", "").replace("\u2019", "").replace(".", " ")
    out: list[str] = []
    for tok in _TOKEN_RE.findall(up):
        expanded = STREET_TOKEN_EXPANSIONS.get(tok)
        if expanded:
            out.extend(expanded)
        else:
            out.append(CANONICAL.get(tok, tok))
    if len(out) > 2 and out[-2] == "LOR" and out[-1][:1].isdigit():
        out = out[-2:] + out[:-2]  # "Toa Payoh Lor 8" is written LOR 8 TOA PAYOH
    return tuple(out)


def is_distinctive(token: str) -> bool:
    """A word that says which street (COMPASSVALE), not what kind (RD) or which number (81)."""
    return token.isalpha() and token not in STREET_GENERIC_TOKENS


def _town_token_sets() -> frozenset[Tokens]:
    """Token forms of every town spelling: a hint made only of these is a town, not a street."""
    names: list[str] = [*TOWNS, *TOWN_ALIASES, *SHORT_TOWN_ALIASES]
    forms: set[Tokens] = set()
    for name in names:
        forms.add(canon_tokens(name))
        for part in name.split("/"):
            forms.add(canon_tokens(part))
    return frozenset(f for f in forms if f)


TOWN_TOKEN_SETS: frozenset[Tokens] = _town_token_sets()


@dataclass(frozen=True)
class StreetIndex:
    """Lookups over one street list, precomputed so a match costs microseconds."""

    names: tuple[str, ...]
    tokens: tuple[Tokens, ...]
    exact: dict[Tokens, tuple[str, ...]]
    prefixes: frozenset[Tokens]
    vocab: tuple[str, ...]
    vocab_set: frozenset[str]
    joined: dict[str, Tokens]
    joined_keys: tuple[str, ...]
    bare_words: frozenset[str]

    def lookup(self, toks: Tokens, *, partial: bool = True) -> list[str]:
        """Exact street if there is one, else every street containing the tokens in order.

        The last hint token may be a prefix of a word ("Compass" -> COMPASSVALE ...), so a
        half-typed name still finds its streets; numbers must match whole.
        """
        exact = self.exact.get(toks)
        if exact:
            return sorted(exact)
        n = len(toks)
        head, last = toks[:-1], toks[-1]
        partial = partial and last.isalpha() and len(last) >= 3
        found: set[str] = set()
        for name, st in zip(self.names, self.tokens, strict=True):
            for i in range(len(st) - n + 1):
                if st[i : i + n - 1] != head:
                    continue
                word = st[i + n - 1]
                if word == last or (partial and word.startswith(last)):
                    found.add(name)
                    break
        return sorted(found)

    def correct(self, toks: Tokens, *, strict: bool = False) -> Tokens:
        """Replace unknown words by the closest street word (difflib ratio >= 0.8).

        Also joins split words ("compass vale") and splits joined ones ("angmokio"), the two
        other ways people mistype street names. `strict` demands a closer, longer match.
        """
        out: list[str] = []
        i = 0
        while i < len(toks):
            tok = toks[i]
            nxt = toks[i + 1] if i + 1 < len(toks) else ""
            if nxt and tok + nxt in self.vocab_set:
                out.append(tok + nxt)
                i += 2
                continue
            i += 1
            if tok in self.vocab_set or not is_distinctive(tok) or len(tok) < (6 if strict else 4):
                out.append(tok)
            elif tok in self.joined:
                out.extend(self.joined[tok])
            else:
                out.extend(self._closest(tok, strict=strict))
        return tuple(out)

    def _closest(self, tok: str, *, strict: bool) -> Tokens:
        """The street word (or run of words) closest to a mistyped one, else the word itself."""
        cutoff = _STRICT_CUTOFF if strict else _TYPO_CUTOFF
        for pool, joined in ((self.vocab, False), (self.joined_keys, True)):
            if strict:
                pool = tuple(w for w in pool if w[:2] == tok[:2])
            close = difflib.get_close_matches(tok, pool, n=1, cutoff=cutoff)
            if close:
                return self.joined[close[0]] if joined else (close[0],)
        return (tok,)


def _joined_runs(tokens: Iterable[Tokens]) -> dict[str, Tokens]:
    """Space-free spellings of multi-word names ("ANGMOKIO" -> ANG MO KIO)."""
    runs: dict[str, Tokens] = {}
    for st in tokens:
        for size in (2, 3):
            for i in range(len(st) - size + 1):
                run = st[i : i + size]
                if all(t.isalpha() for t in run) and len("".join(run)) >= 5:
                    runs.setdefault("".join(run), run)
    return runs


@lru_cache(maxsize=16)
def _build_index(names: tuple[str, ...]) -> StreetIndex:
    """Build the lookups for one street list (cached: the list rarely changes)."""
    toks = tuple(canon_tokens(n) for n in names)
    exact: dict[Tokens, list[str]] = {}
    prefixes: set[Tokens] = set()
    for name, st in zip(names, toks, strict=True):
        exact.setdefault(st, []).append(name)
        for k in range(1, len(st) + 1):
            prefixes.add(st[:k])
    vocab = sorted({t for st in toks for t in st if is_distinctive(t)})
    town_words = {t for form in TOWN_TOKEN_SETS for t in form}
    bare = {t for t in vocab if len(t) >= 5 and t not in ENGLISH_STREET_WORDS and t not in town_words}
    joined = _joined_runs(toks)
    return StreetIndex(
        names=names,
        tokens=toks,
        exact={k: tuple(v) for k, v in exact.items()},
        prefixes=frozenset(prefixes),
        vocab=tuple(vocab),
        vocab_set=frozenset(vocab),
        joined=joined,
        joined_keys=tuple(joined),
        bare_words=frozenset(bare),
    )


def street_index(streets: Sequence[str]) -> StreetIndex:
    """The cached index for this street list."""
    return _build_index(tuple(streets))


def hint_tokens(hint: str) -> Tokens:
    """Canonical tokens of a hint without landmark noise ("Blk 123", "MRT", "the", "area")."""
    cleaned = _BLOCK_RE.sub(" ", hint.upper())
    return tuple(t for t in canon_tokens(cleaned) if t not in LANDMARK_WORDS)


def _english_only(toks: Tokens) -> bool:
    """One distinctive word, and an everyday English one ("beach", "field", "pine")."""
    words = [t for t in toks if is_distinctive(t)]
    return len(words) == 1 and words[0] in ENGLISH_STREET_WORDS


def match_streets(hint: str, streets: Sequence[str]) -> list[str]:
    """Street names in `streets` that the user's `hint` refers to, sorted; [] when none.

    Order of trust: an exact street ("Tampines St 81") returns just that street; otherwise every
    street containing the hint's words in order ("Compassvale" -> all COMPASSVALE streets,
    "Toa Payoh Lor 1" style words in any position); otherwise the same after typo correction of
    the distinctive words. A hint that is only a town name returns [] because the town filter,
    not a street filter, should carry it.
    """
    return find_streets(hint, streets, strict=False)


def find_streets(hint: str, streets: Sequence[str], *, strict: bool) -> list[str]:
    """`match_streets`, optionally `strict` for words with no street cue ("at X", a bare word).

    Strict accepts a typo only when it is long and close (ratio >= 0.88, 6+ letters, same first
    two letters), needs whole words, and refuses a hint that is one everyday English street
    word ("at the beach", "in the field"), which the loose mode takes for BEACH RD and PUNGGOL
    FIELD; "Boon Lay" (two words, both English) still counts.
    """
    if not streets:
        return []
    toks = hint_tokens(hint)
    if not toks or toks in TOWN_TOKEN_SETS or not any(is_distinctive(t) for t in toks):
        return []
    if strict and _english_only(toks):
        return []
    index = street_index(streets)
    found = index.lookup(toks, partial=not strict)
    if found:
        return found
    fixed = index.correct(toks, strict=strict)
    if fixed == toks or fixed in TOWN_TOKEN_SETS:
        return []
    if strict and _english_only(fixed):
        return []
    return index.lookup(fixed, partial=not strict)
