"""Comparatives and superlatives: "cheaper", "the cheapest", «ارزون‌تر», «گرون‌ترین», «самый
дешёвый», «дешевле», «найдешевший», "más barato", "paling murah".

The words are data (`data/degree.toml`: base adjectives per concept and language, the degree
markers); this module is the grammar that builds degrees from them, so a form nobody listed
("ارزونترین" joined, with a half-space or a space; "pricier"; "дешёвую") is read like the listed
ones. An app maps a concept to its own meaning: shop reads cheap+superlative as the lowest price.

>>> [(d.concept, d.degree) for d in find_degrees("ارزونترین گوشی سامسونگ")]
[('cheap', 'superlative')]
>>> [(d.concept, d.degree) for d in find_degrees("something less expensive please")]
[('cheap', 'comparative')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from quarry.nlu.inflect import lemma_and_tags
from quarry.nlu.lexicon import core_lexicon
from quarry.nlu.text import WORD, fold

DegreeKind = Literal["comparative", "superlative"]
_FA_SUFFIX = re.compile(
    r"^(?P<stem>.+?)[\u200c ]?(?P<suffix>ترین|تر)\u200c?(?:ها|ا|ه|ن|ی)?(?:ش|شون|مون|تون|م|ت)?(?:و)?$"
)
"""Persian degree suffixes, with the spoken enclitics after them: a copula or plural («ارزونتره» = is
cheaper), a possessive («ارزونترینش», «ارزون‌ترینشون») and the spoken object marker «و»
(«ارزونترینشو بده» = give me its cheapest one)."""
_FA_APART = re.compile(r"(ترین|تر)(?:ش|ه|شو|شون|و|ی|ین)?")
"""The Persian degree suffix written as a word of its own, with a spoken ending («ترینش», «تره»)."""
_FINGLISH_SUFFIX = re.compile(r"^(?P<stem>[a-z]+?)(?P<suffix>tarin|tar)(?:e|esh|eshoon|am|i|o|ash)?$")
"""Persian degree suffixes in Latin letters, with a spoken enclitic ("arzoontare", "arzoontarinesh")."""
_UK_COMPARATIVE = ("ший", "ша", "ше", "ші", "шого", "шої", "шим", "щий", "ща", "ще", "чий", "ча", "че")


@dataclass(frozen=True)
class Degree:
    """One comparative or superlative in a text."""

    concept: str
    """The data's concept key ("cheap", "expensive", "new", …)."""
    degree: DegreeKind
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Lexicon:
    stems: dict[str, str]  # folded base adjective → concept
    words: dict[str, tuple[str, DegreeKind]]  # folded ready-made form → (concept, degree)
    comparative: frozenset[str]
    superlative: frozenset[str]
    articles: frozenset[str]
    reversing: frozenset[str]
    opposite: dict[str, str]


def _key(word: str) -> str:
    return fold(word).replace("\u200c", "").replace(" ", "")


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    data = core_lexicon("degree")
    stems: dict[str, str] = {}
    words: dict[str, tuple[str, DegreeKind]] = {}
    for concept, table in data["concepts"].items():
        for lang, entries in table.items():
            if lang == "words":
                for kind, forms in entries.items():
                    words.update({_key(f): (concept, kind) for f in forms})
            else:
                stems.update({_key(s): concept for s in entries})
    markers = data["markers"]
    opposite = {"cheap": "expensive", "new": "old", "big": "small"}
    opposite |= {v: k for k, v in opposite.items()}
    return _Lexicon(
        stems,
        words,
        frozenset(map(_key, markers["comparative"])),
        frozenset(map(_key, markers["superlative"])),
        frozenset(map(_key, markers["articles"])),
        frozenset(map(_key, markers["reversing"])),
        opposite,
    )


def _english(word: str, stems: dict[str, str]) -> tuple[str, DegreeKind] | None:
    """cheaper/cheapest, larger (large), biggest (big), pricier (pricey)."""
    for suffix, kind in (("est", "superlative"), ("er", "comparative")):
        if not word.endswith(suffix) or len(word) <= len(suffix) + 2:
            continue
        base = word[: -len(suffix)]
        candidates = [base, base + "e"]
        if len(base) > 2 and base[-1] == base[-2]:
            candidates.append(base[:-1])
        if base.endswith("i"):
            candidates += [base[:-1] + "y", base[:-1] + "ey"]
        for c in candidates:
            if c in stems:
                return stems[c], kind  # type: ignore[return-value]
    return None


def _slavic(word: str, stems: dict[str, str]) -> tuple[str, DegreeKind | None] | None:
    """(concept, degree or None for the plain adjective) of a Russian or Ukrainian form."""
    for lang in ("ru", "uk"):
        normal, tag = lemma_and_tags(word, lang)
        lemma = _key(normal)
        if lemma in stems:
            kind: DegreeKind | None = "comparative" if "COMP" in tag else "superlative" if "Supr" in tag else None
            return stems[lemma], kind
    # Ukrainian comparatives the dictionary does not tag: дешевший, дорожчий, найдешевший.
    superlative = word.startswith("най")
    base = word[3:] if superlative else word
    if base.endswith(_UK_COMPARATIVE):
        for stem, concept in stems.items():
            common = len(stem) - 2 if len(stem) < 7 else 4
            if len(base) > common >= 3 and base[:common] == stem[:common]:
                return concept, "superlative" if superlative else "comparative"
    return None


def _plain(word: str, lex: _Lexicon) -> str | None:
    """The concept of a base adjective in any of its forms (дешёвую, barata, ارزون)."""
    if word in lex.stems:
        return lex.stems[word]
    if word.endswith(("a", "as", "os")) and word.rstrip("s")[:-1] + "o" in lex.stems:  # barata → barato
        return lex.stems[word.rstrip("s")[:-1] + "o"]
    found = _slavic(word, lex.stems) if re.search("[а-яіїєґё]", word) else None
    return found[0] if found and found[1] is None else None


def _marker(word: str, lex: _Lexicon) -> DegreeKind | None:
    """The degree a marker word makes, read by its dictionary form in Russian/Ukrainian (самую → самый)."""
    forms = {word}
    if re.search("[а-яіїєґё]", word):
        forms |= {_key(lemma_and_tags(word, lang)[0]) for lang in ("ru", "uk")}
    if forms & lex.superlative:
        return "superlative"
    return "comparative" if forms & lex.comparative else None


@lru_cache(maxsize=1)
def _than_all() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Patterns of "than all" in front of a comparative (ending at it) and behind it (starting at it)."""
    table = core_lexicon("degree")["markers"]["than_all"]

    def alternation(phrases: list[str]) -> str:
        words = (p.lower().replace("\u200c", " ").split() for p in phrases)
        alts = sorted((r"[\s\u200c]*".join(map(re.escape, w)) for w in words), key=len, reverse=True)
        return "|".join(alts)

    return (
        re.compile(rf"(?<!\w)(?:{alternation(table['before'])})[\s\u200c]*$"),
        re.compile(rf"^[\s\u200c]*(?:{alternation(table['after'])})(?!\w)"),
    )


def _against_all(d: Degree, text: str) -> Degree:
    """`d` as a superlative when it compares with everything else («از همه ارزون‌تره», "cheaper than all")."""
    if d.degree != "comparative":
        return d
    before, after = _than_all()
    folded = text.lower()  # offsets stay those of `text` (fold would drop half-spaces)
    if (m := before.search(folded[: d.start])) is not None:
        return Degree(d.concept, "superlative", m.start(), d.end, text[m.start() : d.end])
    if (m := after.match(folded[d.end :])) is not None:
        return Degree(d.concept, "superlative", d.start, d.end + m.end(), text[d.start : d.end + m.end()])
    return d


def find_degrees(text: str) -> list[Degree]:
    """Every comparative and superlative of a known concept in `text`, in order; a comparative against
    everything else ("cheaper than all") is a superlative."""
    lex = _lexicon()
    tokens = [(m.group(0), m.start(), m.end()) for m in WORD.finditer(text)]
    keys = [_key(t) for t, _, _ in tokens]
    out: list[Degree] = []
    i = 0
    while i < len(tokens):
        found, span = _degree_at(i, keys, lex)
        if found is not None:
            concept, kind = found
            start, end = tokens[i - span[0]][1], tokens[i + span[1]][2]
            out.append(_against_all(Degree(concept, kind, start, end, text[start:end]), text))
            i += span[1] + 1
            continue
        i += 1
    return out


def _degree_at(i: int, keys: list[str], lex: _Lexicon) -> tuple[tuple[str, DegreeKind] | None, tuple[int, int]]:
    """(concept, degree) starting at token i, and how many tokens before/after it spans."""
    word = keys[i]
    nxt = keys[i + 1] if i + 1 < len(keys) else ""
    if word in lex.words:
        return lex.words[word], (0, 0)
    # A marker, then a base adjective: "more expensive", "самую дешёвую", "el más barato".
    marker = _marker(word, lex)
    if marker is not None and nxt:
        concept = _plain(nxt, lex)
        if concept is not None:
            kind: DegreeKind = marker
            back = 1 if i > 0 and keys[i - 1] in lex.articles and kind == "comparative" else 0
            if back:
                kind = "superlative"
            if word in lex.reversing:
                concept = lex.opposite.get(concept, concept)
            return (concept, kind), (back, 1)
    # Persian: a base adjective with تر / ترین, joined, with a half-space or a space.
    if (apart := _FA_APART.fullmatch(nxt)) and word in lex.stems:
        # «ارزون ترین», «ارزون ترینش»: the suffix written apart, with a spoken ending.
        return (lex.stems[word], "superlative" if apart.group(1) == "ترین" else "comparative"), (0, 1)
    if word in lex.stems and (tail := _FINGLISH_SUFFIX.match(f"x{nxt}")) is not None and tail.group("stem") == "x":
        # "geroon tare", "arzoon tarin": the Latin suffix written apart.
        return (lex.stems[word], "superlative" if tail.group("suffix") == "tarin" else "comparative"), (0, 1)
    m = _FA_SUFFIX.match(word) or _FINGLISH_SUFFIX.match(word)
    if m and m.group("stem") in lex.stems:
        superlative = m.group("suffix") in ("ترین", "tarin")
        return (lex.stems[m.group("stem")], "superlative" if superlative else "comparative"), (0, 0)
    english = _english(word, lex.stems)
    if english is not None:
        return english, (0, 0)
    if re.search("[а-яіїєґё]", word):
        slavic = _slavic(word, lex.stems)
        if slavic is not None and slavic[1] is not None:
            return (slavic[0], slavic[1]), (0, 0)
    return None, (0, 0)
