"""Towns and street hints for the offline comps parser.

They run last, on what the field extractors left: "Sengkang East Way" is a street in Sengkang,
"near Compassvale" a street hint, "4-room in Sengkang" no hint at all. Street words are resolved
against the database's own street names (`parse_streets`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from quarry.apps.comps.parse_scan import MASK, Fields, Scan
from quarry.apps.comps.parse_streets import (
    StreetIndex,
    canon_tokens,
    find_streets,
    hint_tokens,
    street_index,
)
from quarry.apps.comps.street_words import DOTTED
from quarry.apps.comps.unread import everyday_words
from quarry.apps.comps.vocab import (
    SHORT_TOWN_ALIASES,
    STREET_CONTINUATION_WORDS,
    STREET_TOWN_OVERRIDES,
    STREET_TYPE_WORDS,
    TOWN_ALIASES,
    TOWNS,
)
from quarry.nlu.fuzzy import best_name

# ---- towns ---------------------------------------------------------------------------------


def _key(phrase: str) -> str:
    """Letters and digits only: 'Kallang/Whampoa' and 'kallang whampoa' share one key."""
    return re.sub(r"[^a-z0-9]", "", phrase.lower())


_TOWN_PHRASES: dict[str, str] = {t.lower(): t for t in TOWNS} | TOWN_ALIASES
_TOWN_BY_KEY: dict[str, str] = {_key(p): t for p, t in _TOWN_PHRASES.items()}
_LONG_ALIASES: tuple[str, ...] = tuple(p for p in TOWN_ALIASES if len(p) >= 5)
"""Other names of towns ("kallang" for KALLANG/WHAMPOA) that typing slips are also matched against."""
_TOWN_BY_KEY.update(SHORT_TOWN_ALIASES)
_TOWN_RE = re.compile(
    r"(?<![a-z0-9])(?:"
    + "|".join(
        r"[\s/.-]*".join(re.escape(w) for w in re.split(r"[\s/-]+", p))
        for p in sorted(_TOWN_PHRASES, key=len, reverse=True)
    )
    + "|"
    + "|".join(SHORT_TOWN_ALIASES)
    + r")(?![a-z0-9])"
)


# ---- phrase scanning -----------------------------------------------------------------------

_TOKEN_RE = re.compile(r"[a-z0-9][a-z0-9'&/.-]*")
_ABBREV_DOT = DOTTED | {"blk", "no"}
_ARTICLES = {"the", "a", "an"}
_STOP = {
    "and", "with", "for", "in", "on", "at", "but", "please", "pls", "plz", "thanks", "thank",
    "that", "which", "where", "or", "within", "under", "below", "max", "budget", "last",
    "past", "having", "has", "have", "also", "plus", "want", "need", "looking", "find", "show",
    "from", "than", "if", "so", "because", "flat", "flats", "unit", "units", "resale", "comps",
    "comparables", "transactions", "price", "prices", "sold", "is", "are", "to", "i", "we",
    "near", "around", "nearby", "by", "off", "along", "like", "only", "any", "not", "no",
}  # fmt: skip
_PRONOUNS = {"me", "here", "there", "us", "it", "this", "you", "them", "home", "my", "our"}
_NEAR_RE = re.compile(
    r"\b(?:near(?:by)?|around|close\s+(?:to|by)|next\s+to|beside|in\s+the\s+vicinity\s+of|"
    r"vicinity\s+of|(?:within\s+)?walking\s+distance\s+(?:of|to|from)|walkable\s+to)\b"
)
_NEAR_BEFORE_RE = re.compile(_NEAR_RE.pattern + r"(?:\s+the)?\s*$")
_EXCLUDED_BEFORE_RE = re.compile(
    r"\b(?:not|except|excluding|exclude|other\s+than|besides|but\s+not|avoid)\s+(?:in\s+|at\s+|near\s+)?(?:the\s+)?$"
)
_WEAK_RE = re.compile(r"\b(?:at|on|along|in|by|off)\b")
_AREA_WORD_RE = re.compile(r"\b(?:area|vicinity|neighbou?rhood|estate|precinct|side)\b")
_TYPE_WORD_RE = re.compile(
    r"(?<![a-z0-9'])(?:" + "|".join(sorted(STREET_TYPE_WORDS, key=len, reverse=True)) + r")\.?"
    r"(?![a-z0-9'])"
)
_LEADING_TYPES = {"jln", "jalan", "lor", "lorong"}
_LANDMARK_AFTER_TOWN = {
    "mrt", "lrt", "station", "stn", "interchange", "mall", "hub", "plaza", "point", "park",
    "market", "hawker", "polyclinic", "library", "stadium", "bus",
}  # fmt: skip
_TOWN_FILLER = {
    "area", "vicinity", "estate", "side", "region", "district", "town", "neighbourhood",
    "neighborhood", "precinct", "itself", "proper",
}  # fmt: skip
_WORD5_RE = re.compile(r"(?<![a-z0-9])[a-z]{5,}(?![a-z0-9])")

Tok = tuple[int, int, str]


def _tokens_after(buf: str, pos: int, limit: int) -> list[Tok]:
    """Words from `pos` on, separated only by spaces; stops at masks and punctuation."""
    out: list[Tok] = []
    while len(out) < limit:
        while pos < len(buf) and buf[pos] == " ":
            pos += 1
        m = _TOKEN_RE.match(buf, pos)
        if not m:
            break
        word = m[0].rstrip(".-/")
        end = m.start() + len(word)
        if not word:
            break
        out.append((m.start(), end, word))
        pos = m.end()
        if m[0].endswith(".") and word not in _ABBREV_DOT:
            break  # a full stop ends the phrase
    return out


def _tokens_before(buf: str, pos: int, limit: int) -> list[Tok]:
    """Words just before `pos`, in text order, separated only by spaces."""
    out: list[Tok] = []
    while len(out) < limit:
        end = pos
        while end > 0 and buf[end - 1] == " ":
            end -= 1
        start = end
        while start > 0 and ((buf[start - 1].isascii() and buf[start - 1].isalnum()) or buf[start - 1] in "'&."):
            start -= 1
        word = buf[start:end].rstrip(".")
        if not word:
            break
        out.insert(0, (start, start + len(word), word))
        pos = start
    return out


def _phrase(toks: list[Tok]) -> list[Tok]:
    """Leading articles dropped, cut at the first stop word."""
    while toks and toks[0][2] in _ARTICLES:
        toks = toks[1:]
    for i, (_, _, word) in enumerate(toks):
        if word in _STOP:
            return toks[:i]
    return toks


def _after_last_stop(toks: list[Tok]) -> list[Tok]:
    """The words after the last stop word or article (for phrases read backwards)."""
    cut = [i for i, (_, _, w) in enumerate(toks) if w in _STOP or w in _ARTICLES]
    return toks[cut[-1] + 1 :] if cut else toks


@dataclass
class _Hint:
    start: int
    text: str
    near: bool
    names: list[str]


class PlaceParser:
    """Towns and street hints of one message, over what the field extractors left."""

    def __init__(self, scan: Scan, streets: Sequence[str], towns: Sequence[str] = TOWNS) -> None:
        self.scan = scan
        self.streets = streets
        self.towns = tuple(towns)
        self.index: StreetIndex | None = street_index(streets) if streets else None
        self.hints: list[_Hint] = []
        self.town: str | None = None
        self.street_town: str | None = None
        self.ambiguous: list[str] = []
        """Words that begin several towns ("jurong": Jurong East or West), asked back."""

    # -- helpers

    def _near_before(self, start: int) -> bool:
        return bool(_NEAR_BEFORE_RE.search(self.scan.buf[max(0, start - 48) : start]))

    def _add_hint(self, start: int, end: int, near: bool, *, require_match: bool = False) -> bool:
        """Record a hint; with `require_match` only if it names real streets (strictly). A place the
        user excludes ("not in Sumang", "except Fernvale") is never a filter for it: the words stay
        unread and are said back (comps cannot exclude streets)."""
        if _EXCLUDED_BEFORE_RE.search(self.scan.buf[max(0, start - 24) : start]):
            return False
        text = self.scan.original(start, end)
        names = find_streets(text, self.streets, strict=require_match)
        if not names and self.streets:
            hit = best_name(text, self.streets)  # 'teck why lane' → TECK WHYE LANE: a slip or two
            names = [hit.name] if hit is not None else []
        if require_match and not names:
            return False
        self.hints.append(_Hint(start, text, near, names))
        self.scan.take(start, end)
        return True

    # -- towns

    def _street_extent(self, start: int, end: int) -> tuple[int, int] | None:
        """Span of a street that this town name is part of ("Tampines St 81", "Lor 1 Toa Payoh")."""
        buf = self.scan.buf
        core = buf[start:end]
        before = _tokens_before(buf, start, 3)
        after = _tokens_after(buf, end, 4)
        best: tuple[int, int, int] | None = None
        for kb in range(len(before) + 1):
            pre = [w for _, _, w in before[len(before) - kb :]]
            for ka in range(len(after), -1, -1):
                if kb + ka == 0:
                    continue
                words = [*pre, core, *(w for _, _, w in after[:ka])]
                if self.index is not None:
                    ok = canon_tokens(" ".join(words)) in self.index.prefixes
                else:
                    ok = self._reads_like_street(before[len(before) - kb :], after[:ka])
                if ok and (best is None or kb + ka > best[0]):
                    s = before[len(before) - kb][0] if kb else start
                    e = after[ka - 1][1] if ka else end
                    best = (kb + ka, s, e)
                    break
        return (best[1], best[2]) if best else None

    def _typo_street_extent(self, start: int, end: int) -> tuple[int, int] | None:
        """A street that begins with this town's name but was typed with slips ("bedok resevoir road"):
        the town and the next words, up to a street-type word, matched against the data's streets."""
        after = _tokens_after(self.scan.buf, end, 4)
        typed = [i for i, (_, _, w) in enumerate(after) if w in STREET_TYPE_WORDS]
        if not self.streets or not typed:
            return None
        last = after[typed[0]]
        phrase = self.scan.buf[start : last[1]]
        hit = best_name(phrase, self.streets)
        if hit is None or not hit.name.lower().startswith(self.scan.buf[start:end].split()[0]):
            return None
        return start, last[1]

    @staticmethod
    def _reads_like_street(pre: list[Tok], post: list[Tok]) -> bool:
        """Without a street list: 'Upp X', 'Lor 3 X', 'X North Ave 3', 'X St 81' read as streets."""
        pre_words = [w for _, _, w in pre]
        post_words = [w for _, _, w in post]
        if pre_words and not (
            pre_words[-1] in {"upp", "upper", "jln", "jalan"}
            or (len(pre_words) >= 2 and pre_words[-2] in {"lor", "lorong"})
        ):
            return False
        for i, w in enumerate(post_words):
            numeric = w[:1].isdigit() and i > 0 and post_words[i - 1] in STREET_TYPE_WORDS
            if w not in STREET_CONTINUATION_WORDS and not numeric:
                return False
        return bool(pre_words or post_words)

    def find_towns(self) -> None:
        """Explicit towns, towns inside street names, and towns named as landmarks."""
        scan = self.scan
        for m in scan.matches(_TOWN_RE):
            if MASK in scan.buf[m.start() : m.end()]:
                continue  # already part of a street found from an earlier town word
            town = _TOWN_BY_KEY[_key(m[0])]
            span = self._street_extent(m.start(), m.end()) or self._typo_street_extent(m.start(), m.end())
            if span is not None:
                s, e = span
                toks = canon_tokens(scan.buf[s:e])
                override = next((t for k, t in STREET_TOWN_OVERRIDES.items() if toks[: len(k)] == k), None)
                self._add_hint(s, e, self._near_before(s))
                self.street_town = self.street_town or override or town
                continue
            self.town = self.town or town
            after = _phrase(_tokens_after(scan.buf, m.end(), 4))
            if after and all(w in _TOWN_FILLER for _, _, w in after):  # "Sengkang area"
                scan.take(m.start(), after[-1][1])
                continue
            near = self._near_before(m.start())
            landmark = bool(after) and (after[0][2] in _LANDMARK_AFTER_TOWN or near)
            if landmark and not all(w in _PRONOUNS for _, _, w in after):
                self._add_hint(m.start(), after[-1][1], near)
            else:
                scan.take(m.start(), m.end())

    def fuzzy_town(self) -> None:
        """A town typed with slips ('Sengkng', 'tampinis', 'yi shun', 'toa payo') when no town was
        found: runs of one to three words matched against the towns in the data by the language
        layer (a few letters wrong, missing or swapped; the first letter kept), never an alias
        list. Stop words and real street words are never towns."""
        buf = self.scan.buf
        words = [(m.start(), m.end(), m[0]) for m in re.finditer(r"[a-z]+", buf)]
        for n in (3, 2, 1):
            for i in range(len(words) - n + 1):
                run = words[i : i + n]
                if any(buf[a[1] : b[0]].strip(" -/") for a, b in itertools.pairwise(run)):
                    continue
                if any(w in _STOP or w in _ARTICLES for _, _, w in run):
                    continue
                joined = "".join(w for _, _, w in run)
                if len(joined) < 3:
                    continue
                if n == 1 and (joined in everyday_words()):
                    continue
                typed = " ".join(w for _, _, w in run)
                starts = [t for t in self.towns if t.lower().split()[0] == typed] if n == 1 else []
                if len(starts) > 1:  # "jurong": Jurong East or Jurong West; asked, never guessed
                    self.ambiguous = [typed]
                    self.scan.take(run[0][0], run[-1][1])
                    return
                if n == 1 and self.index is not None and joined.upper() in self.index.vocab_set:
                    continue  # a real street word is not a town typo
                hit = best_name(typed, self.towns, shortened=True)
                alias = None if hit is not None else best_name(typed, _LONG_ALIASES)
                if hit is not None or alias is not None:
                    self.town = hit.name if hit is not None else _TOWN_PHRASES[alias.name]  # type: ignore[union-attr]
                    self.scan.take(run[0][0], run[-1][1])
                    return

    # -- streets

    def find_streets(self) -> None:
        """Street and landmark hints, strongest cue first."""
        self._area_suffix()
        self._after_triggers(_NEAR_RE, near=True)
        self._after_triggers(_WEAK_RE, near=False)
        self._typed_streets()
        self._bare_street_words()

    def _area_suffix(self) -> None:
        """'Compassvale area', 'the Anchorvale vicinity' -> a near hint."""
        for m in self.scan.matches(_AREA_WORD_RE):
            toks = _after_last_stop(_tokens_before(self.scan.buf, m.start(), 3))
            if not toks or all(w in _PRONOUNS for _, _, w in toks):
                continue
            start, end = toks[0][0], toks[-1][1]
            if self.index is None and not self.scan.text[start].isupper():
                continue
            if self._add_hint(start, end, near=True, require_match=self.index is not None):
                self.scan.take(end, m.end())

    def _after_triggers(self, trigger: re.Pattern[str], *, near: bool) -> None:
        """'near the mall', 'close to Sengkang East Way' (any words); 'at/on X' only for streets."""
        for m in self.scan.matches(trigger):
            toks = _phrase(_tokens_after(self.scan.buf, m.end(), 6))
            if not toks or all(w in _PRONOUNS for _, _, w in toks):
                continue
            if near:
                self._add_hint(toks[0][0], toks[-1][1], near=True)
                self.scan.take(m.start(), m.end())
                continue
            has_type = any(w in STREET_TYPE_WORDS for _, _, w in toks[1:])
            start, end = toks[0][0], toks[-1][1]
            if self._add_hint(start, end, near=False, require_match=not has_type):
                self.scan.take(m.start(), m.end())

    def _typed_streets(self) -> None:
        """'Compassvale Rd', 'Jln Kukoh': words ending (or starting) in a street-type word."""
        buf = self.scan.buf
        for m in self.scan.matches(_TYPE_WORD_RE):
            if MASK in self.scan.buf[m.start() : m.end()]:
                continue
            word = m[0].rstrip(".")
            if word in _LEADING_TYPES:
                toks = [(m.start(), m.end(), word), *_phrase(_tokens_after(buf, m.end(), 3))]
            else:
                before = _after_last_stop(_tokens_before(buf, m.start(), 3))
                number = [t for t in _tokens_after(buf, m.end(), 1) if t[2][:1].isdigit()]
                toks = [*before, (m.start(), m.end(), word), *number]
            if len(toks) < 2 or not any(t[2].isalpha() and t[2] != word for t in toks):
                continue
            start, end = toks[0][0], toks[-1][1]
            if self.index is not None:
                self._add_hint(start, end, near=False, require_match=True)
            elif self.scan.text[start].isupper():
                self._add_hint(start, end, near=False)

    def _bare_street_words(self) -> None:
        """A street's own name with no cue at all ('4-room Compassvale'): exact words only, and
        never an everyday word of the message's languages ('rumah' is "house", not JLN RUMAH TINGGI)."""
        if self.index is None:
            return
        index = self.index
        everyday = everyday_words()
        for m in self.scan.matches(_WORD5_RE):
            if m[0].upper() not in index.bare_words or m[0] in everyday:
                continue
            toks = [(m.start(), m.end(), m[0])]
            for tok in _tokens_after(self.scan.buf, m.end(), 3):
                if not index.lookup(hint_tokens(" ".join(w for _, _, w in [*toks, tok]))):
                    break
                toks.append(tok)
            self._add_hint(toks[0][0], toks[-1][1], near=False)

    def street_fields(self) -> Fields:
        """street_hint / street_names / near from the hints found (several are joined)."""
        if not self.hints:
            return {}
        hints = sorted(self.hints, key=lambda h: h.start)
        names = sorted({n for h in hints for n in h.names})
        text = " / ".join(dict.fromkeys(h.text for h in hints))
        return {"street_hint": text, "street_names": names, "near": any(h.near for h in hints)}
