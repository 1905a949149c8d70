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

from quarry.apps.comps.vocab import (
    ENGLISH_STREET_WORDS,
    LANDMARK_WORDS,
    SHORT_TOWN_ALIASES,
    STREET_ABBREVIATIONS,
    STREET_GENERIC_TOKENS,
    STREET_TOKEN_EXPANSIONS,
    TOWN_ALIASES,
    TOWNS,
)

Tokens = tuple[str, ...]

_TOKEN_RE = re.compile(r"\d+[A-Z]?\b|\d+|[A-Z]+")
_BLOCK_RE = re.compile(r"\b(?:BLK|BLOCK)\s*\d+[A-Z]?\b")
_TYPO_CUTOFF = 0.8


def canon_tokens(text: str) -> Tokens:
    """Tokens of a street phrase in the data's own spelling ("Bukit Batok Road" -> BT BATOK RD)."""
    up = text.upper().replace("'", "").replace("\u2019", "").replace(".", " ")
    out: list[str] = []
    for tok in _TOKEN_RE.findall(up):
        expanded = STREET_TOKEN_EXPANSIONS.get(tok)
        if expanded:
            out.extend(expanded)
        else:
            out.append(STREET_ABBREVIATIONS.get(tok, tok))
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
    bare_words: frozenset[str]

    def lookup(self, toks: Tokens) -> list[str]:
        """Exact street if there is one, else every street containing the tokens in order.

        The last hint token may be a prefix of a word ("Compass" -> COMPASSVALE ...), so a
        half-typed name still finds its streets; numbers must match whole.
        """
        exact = self.exact.get(toks)
        if exact:
            return sorted(exact)
        n = len(toks)
        head, last = toks[:-1], toks[-1]
        partial = last.isalpha() and len(last) >= 3
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

    def correct(self, toks: Tokens) -> Tokens:
        """Replace unknown words by the closest street word (difflib ratio >= 0.8).

        Also joins split words ("compass vale") and splits joined ones ("angmokio"), the two
        other ways people mistype street names.
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
            if tok in self.vocab_set or not is_distinctive(tok) or len(tok) < 4:
                out.append(tok)
            elif tok in self.joined:
                out.extend(self.joined[tok])
            else:
                close = difflib.get_close_matches(tok, self.vocab, n=1, cutoff=_TYPO_CUTOFF)
                if close:
                    out.append(close[0])
                else:
                    near_joined = difflib.get_close_matches(
                        tok, list(self.joined), n=1, cutoff=_TYPO_CUTOFF
                    )
                    out.extend(self.joined[near_joined[0]] if near_joined else (tok,))
        return tuple(out)


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
    bare = {
        t for t in vocab if len(t) >= 5 and t not in ENGLISH_STREET_WORDS and t not in town_words
    }
    return StreetIndex(
        names=names,
        tokens=toks,
        exact={k: tuple(v) for k, v in exact.items()},
        prefixes=frozenset(prefixes),
        vocab=tuple(vocab),
        vocab_set=frozenset(vocab),
        joined=_joined_runs(toks),
        bare_words=frozenset(bare),
    )


def street_index(streets: Sequence[str]) -> StreetIndex:
    """The cached index for this street list."""
    return _build_index(tuple(streets))


def hint_tokens(hint: str) -> Tokens:
    """Canonical tokens of a hint without landmark noise ("Blk 123", "MRT", "the", "area")."""
    cleaned = _BLOCK_RE.sub(" ", hint.upper())
    return tuple(t for t in canon_tokens(cleaned) if t not in LANDMARK_WORDS)


def match_streets(hint: str, streets: Sequence[str]) -> list[str]:
    """Street names in `streets` that the user's `hint` refers to, sorted; [] when none.

    Order of trust: an exact street ("Tampines St 81") returns just that street; otherwise every
    street containing the hint's words in order ("Compassvale" -> all COMPASSVALE streets,
    "Toa Payoh Lor 1" style words in any position); otherwise the same after typo correction of
    the distinctive words. A hint that is only a town name returns [] because the town filter,
    not a street filter, should carry it.
    """
    if not streets:
        return []
    toks = hint_tokens(hint)
    if not toks or toks in TOWN_TOKEN_SETS or not any(is_distinctive(t) for t in toks):
        return []
    index = street_index(streets)
    found = index.lookup(toks)
    if found:
        return found
    fixed = index.correct(toks)
    if fixed == toks or fixed in TOWN_TOKEN_SETS:
        return []
    return index.lookup(fixed)
