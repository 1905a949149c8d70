"""Offline concept extraction: heritage concepts, constraints and ONE focused query from a message.

Concepts are phrases of the synonym groups (`data/synonyms.json`) or tags of the corpus, found
longest first; media words, places and periods become `Constraints` (SQL filters).

>>> parse_message("show me videos about wayang kulit performances").query
'wayang kulit performances videos shadow puppets'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from quarry.search import fold, tokenize

from .corpus import load_items, load_synonyms
from .models import Constraints
from .vocab import GENERIC_CONCEPTS, MEDIA_WORDS, NO_EXPAND_GROUPS, PLACES, REQUEST_WORDS, STOPWORDS, VAGUE_WORDS

MAX_PHRASE_WORDS = 4


@dataclass(frozen=True)
class Vocabulary:
    """Folded phrase tables built once from the synonyms and the corpus tags."""

    group_of: dict[str, int]
    """Phrase → index of its synonym group."""
    groups: tuple[tuple[str, ...], ...]
    """Synonym groups (folded), first term is the group's name."""
    tags: frozenset[str]
    """Corpus tags (folded) that name heritage concepts (places and media excluded)."""
    term_broader: dict[str, tuple[str, ...]]
    place_broader: dict[str, tuple[str, ...]]


@cache
def vocabulary() -> Vocabulary:
    syn = load_synonyms()
    groups = tuple(tuple(" ".join(tokenize(t)) for t in g) for g in syn.groups)
    group_of: dict[str, int] = {}
    for i, g in enumerate(groups):
        for phrase in g:
            group_of.setdefault(phrase, i)
    tags = {" ".join(tokenize(t)) for item in load_items() for t in item.tags}
    tags -= set(PLACES) | set(MEDIA_WORDS) | {"malaysia", "east coast"}
    # 'batik terengganu' is a concept plus a place: the place must become a filter, not a concept.
    tags = {t for t in tags if not any(f" {p} " in f" {t} " for p in PLACES)}
    fold_map = {" ".join(tokenize(k)): tuple(v) for k, v in syn.term_broader.items()}
    place_map = {" ".join(tokenize(k)): tuple(v) for k, v in syn.place_broader.items()}
    return Vocabulary(group_of, groups, frozenset(t for t in tags if len(t) > 2), fold_map, place_map)


@dataclass
class Parsed:
    """What the message says, offline."""

    words: list[str]
    """Folded words of the message."""
    concepts: list[str] = field(default_factory=list)
    """Heritage concept phrases found (folded), in order."""
    content: list[str] = field(default_factory=list)
    """Words left after stopwords, request, vague, media and place words (what is being searched)."""
    constraints: Constraints = field(default_factory=Constraints)
    query: str = ""
    """ONE focused query: content words in order, the media word, one synonym bridge."""
    place_words: list[str] = field(default_factory=list)


def _phrases(words: list[str]) -> list[tuple[int, int, str]]:
    """All (start, end, phrase) n-grams, longest first."""
    out = []
    for n in range(MAX_PHRASE_WORDS, 0, -1):
        for i in range(len(words) - n + 1):
            out.append((i, i + n, " ".join(words[i : i + n])))
    return out


_CENTURY = re.compile(r"\b(1[0-9]|20|21)(?:st|nd|rd|th) century\b")
_DECADE = re.compile(r"\b(1[0-9]|20)([0-9])0s\b")
_BEFORE = re.compile(r"\b(?:before|sebelum|pre)[ -](1[0-9]{3}|20[0-9]{2})\b")
_AFTER = re.compile(r"\b(?:after|since|selepas|sejak)[ -](1[0-9]{3}|20[0-9]{2})\b")
_EARLIER = re.compile(r"\b(?:or earlier|and earlier|atau lebih awal)\b")


def extract_period(text: str) -> tuple[int | None, int | None]:
    """Years asked for: '19th century or earlier' → (None, 1899), '1960s' → (1960, 1969).

    >>> extract_period("photos from before 1950")
    (None, 1949)
    """
    low = fold(text)
    year_from: int | None = None
    year_to: int | None = None
    if m := _CENTURY.search(low):
        c = int(m.group(1))
        year_from, year_to = (c - 1) * 100, (c - 1) * 100 + 99
    elif m := _DECADE.search(low):
        year_from = int(m.group(1) + m.group(2) + "0")
        year_to = year_from + 9
    if m := _BEFORE.search(low):
        year_from, year_to = None, int(m.group(1)) - 1
    if m := _AFTER.search(low):
        year_from, year_to = int(m.group(1)) + 1, None
    if _EARLIER.search(low):
        year_from = None
    return year_from, year_to


def period_words(text: str) -> set[str]:
    """The words that said the period ('before', '1950s', '19th', 'century'): a year filter, not a topic."""
    low = fold(text)
    return {
        w for rx in (_CENTURY, _DECADE, _BEFORE, _AFTER, _EARLIER) for m in rx.finditer(low) for w in m.group(0).split()
    }


def _singular(phrase: str) -> str:
    """'wooden houses' → 'wooden house', 'crafts' → 'craft' (last word only; naive but enough here)."""
    if phrase.endswith("ies") and len(phrase) > 4:
        return phrase[:-3] + "y"
    if phrase.endswith("s") and not phrase.endswith("ss") and len(phrase) > 3:
        return phrase[:-1]
    return phrase


def _known(phrase: str, vocab: Vocabulary) -> str:
    """`phrase`, or its singular when only that is a known concept."""
    if phrase in vocab.group_of or phrase in vocab.tags or phrase in PLACES or phrase in MEDIA_WORDS:
        return phrase
    single = _singular(phrase)
    return single if single in vocab.group_of or single in vocab.tags else phrase


def _bridge(phrase: str, vocab: Vocabulary, present: set[str]) -> str | None:
    """A synonym of `phrase` sharing none of its words (shadow puppets → wayang kulit)."""
    gi = vocab.group_of.get(phrase)
    if gi is None or vocab.groups[gi][0] in NO_EXPAND_GROUPS:
        return None
    mine = set(phrase.split()) | present
    for other in vocab.groups[gi]:
        if not set(other.split()) & mine:
            return other
    return None


def parse_message(text: str) -> Parsed:
    """Concepts, content words, constraints and the focused query of one message."""
    vocab = vocabulary()
    words = tokenize(text)
    parsed = Parsed(words=words)
    used = [False] * len(words)
    media = None
    place = None
    for start, end, surface in _phrases(words):
        if any(used[start:end]):
            continue
        phrase = _known(surface, vocab)
        if phrase in PLACES and place is None:
            place = PLACES[phrase]
            parsed.place_words.append(phrase)
        elif phrase in MEDIA_WORDS:
            media = media or MEDIA_WORDS[phrase]
            continue  # media words stay in the query text, but are not concepts
        elif phrase in vocab.group_of or phrase in vocab.tags:
            if phrase in GENERIC_CONCEPTS or phrase in VAGUE_WORDS:
                continue
            parsed.concepts.append(phrase)
        else:
            continue
        for i in range(start, end):
            used[i] = True
    parsed.concepts.sort(key=lambda p: " ".join(words).find(p))
    skip = STOPWORDS | REQUEST_WORDS | VAGUE_WORDS | set(MEDIA_WORDS) | period_words(text)
    parsed.content = [w for w, u in zip(words, used, strict=True) if not u and w not in skip and not w.isdigit()]
    year_from, year_to = extract_period(text)
    parsed.constraints = Constraints(media_type=media, place=place, year_from=year_from, year_to=year_to)
    parsed.query = focused_query(parsed)
    return parsed


def focused_query(parsed: Parsed) -> str:
    """ONE query: the meaningful words in the user's order, the media word, and one synonym bridge."""
    vocab = vocabulary()
    keep = STOPWORDS | REQUEST_WORDS | (VAGUE_WORDS - {"old", "lama", "recordings", "recording", "rakaman"})
    core = [w for w in parsed.words if w not in keep and w not in MEDIA_WORDS]
    media = [w for w in parsed.words if w in MEDIA_WORDS][:1]
    out = core + media
    present = set(out)
    for concept in parsed.concepts[:1]:
        bridge = _bridge(concept, vocab, present)
        if bridge:
            out.append(bridge)
    return " ".join(dict.fromkeys(out))


def synonym_query(parsed: Parsed) -> str | None:
    """The query with each concept replaced by a synonym in other words; None when there is none."""
    vocab = vocabulary()
    text = " ".join(w for w in parsed.words if w not in STOPWORDS | REQUEST_WORDS)
    changed = False
    for concept in parsed.concepts:
        bridge = _bridge(concept, vocab, set())
        if bridge and concept in text:
            text = text.replace(concept, f"{bridge} {concept}", 1)
            changed = True
    return text if changed else None


def broader_query(parsed: Parsed) -> str | None:
    """A broader wording: 'kelantan batik' → 'malaysian batik' (synonyms.json term_broader)."""
    vocab = vocabulary()
    phrase = " ".join(parsed.place_words + parsed.concepts[:1])
    for key in (phrase, " ".join(parsed.concepts[:1] + parsed.place_words), *parsed.concepts):
        if key in vocab.term_broader:
            return " ".join(vocab.term_broader[key][:2])
    if parsed.concepts:
        return f"{parsed.concepts[0]} malaysia"
    return None


def match_terms(parsed: Parsed) -> list[tuple[str, ...]]:
    """What a relevant item must mention: per concept (or content word), its folded synonyms."""
    vocab = vocabulary()
    out: list[tuple[str, ...]] = []
    for concept in parsed.concepts:
        gi = vocab.group_of.get(concept)
        if gi is not None:
            out.append(vocab.groups[gi])
            continue
        # A tag without a synonym group ('kite making'): itself, or a known concept inside it.
        alts = [concept]
        for word in concept.split():
            if (wg := vocab.group_of.get(word)) is not None:
                alts += vocab.groups[wg]
        out.append(tuple(dict.fromkeys(alts)))
    if out:
        return out  # concepts decide; other content words only when there is no concept
    return [(w,) for w in parsed.content if w not in GENERIC_CONCEPTS and len(w) > 2]
