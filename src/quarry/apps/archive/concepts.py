"""Offline concept extraction: heritage concepts, constraints and ONE focused query from a message.

Concepts are phrases of the synonym groups (`data/synonyms.json`) or tags of the corpus, found
longest first; media words, places and periods become `Constraints` (SQL filters).

No silent drops: the message is read against what the archive holds (`ArchiveWords`: its items'
places and words). A typing slip of the archive's own word is read as that word ("keriss" →
keris); a place phrase ("from X", "di X") is matched against the items' places, and one the
archive does not hold is `unresolved` (asked back by name, never searched without); any other
word no item holds is `not_understood`: said back and kept out of the query text. It still counts
when the content words decide relevance (no concept): no item mentions it, so such a question
finds nothing rather than what its other words match. Either way it never widens a result.

>>> parse_message("show me videos about wayang kulit performances").query
'wayang kulit performances videos shadow puppets'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from itertools import pairwise
from typing import get_args

from quarry.nlu.coverage import stopwords
from quarry.nlu.fuzzy import best_name, compact, name_index, ranked_names, typing_slip
from quarry.nlu.periods import find_periods
from quarry.nlu.rarity import is_common
from quarry.nlu.scan import Scan
from quarry.search import fold, terms, tokenize

from .corpus import MediaType, load_items, load_synonyms
from .models import Constraints
from .vocab import (
    ALTERNATIVE_WORDS,
    COORDINATORS,
    DECADE_WORDS,
    EXCLUSION_WORDS,
    FORM_WORDS,
    GENERIC_CONCEPTS,
    GREETING_WORDS,
    HOW_TO,
    IGNORABLE,
    MEDIA_WORDS,
    NAMED_PERIODS,
    NARROWING_WORDS,
    NEWER_WORDS,
    NO_EXPAND_GROUPS,
    OFF_TOPIC_CUES,
    OLDER_WORDS,
    PERIOD_PREPOSITIONS,
    PLACE_PREPOSITIONS,
    PLACES,
    REFERRING_WORDS,
    REQUEST_WORDS,
    STOPWORDS,
    TASK_WORDS,
    VAGUE_WORDS,
)

MAX_PHRASE_WORDS = 4
MAX_PLACE_WORDS = 3
"""Words after a place preposition read as one place ('from Kuala Kangsar', 'dari Pulau Duyong')."""
EXCLUSION_REACH = 3
"""How many words before a place an exclusion word may stand ('not from the Johor ones': it is third)."""
CLOSE_WORDS = 75.0
"""Similarity (rapidfuzz ratio) of the archive's words considered for a typed word no item holds."""


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
    narrower: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Synonym group → kinds of it (folded): what meets the concept without saying its word."""


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
    narrower: dict[int, tuple[str, ...]] = {}
    for general, kinds in syn.term_narrower.items():
        if (gi := group_of.get(" ".join(tokenize(general)))) is not None:
            narrower[gi] = tuple(dict.fromkeys(" ".join(tokenize(k)) for k in kinds))
    tag_set = frozenset(t for t in tags if len(t) > 2)
    return Vocabulary(group_of, groups, tag_set, fold_map, place_map, narrower)


_PLACE_PARTS = re.compile(r"\s*,\s*|\s+and\s+")
_TYPED_WORD = re.compile(r"[^\W_]+")
"""A word as the tokenizer cuts it (letters and digits), in the user's spelling."""


@dataclass(frozen=True)
class ArchiveWords:
    """What the archive's items hold: the names and words a message is read against."""

    places: tuple[str, ...]
    """Place names the items record, each part on its own ('Kapit, Sarawak, Malaysia' → Kapit, Sarawak,
    Malaysia)."""
    place_texts: tuple[str, ...]
    """The items' places as recorded, folded (what the SQL place filter looks inside)."""
    words: frozenset[str]
    """Folded words of the items (titles, tags, places, periods, descriptions) and of the synonym groups."""
    word_list: tuple[str, ...]
    """`words`, sorted (the fuzzy matcher's name list)."""
    subjects: frozenset[str] = frozenset()
    """Folded words of the items' titles and tags: what the archive is about. Such a word is never
    taken as a sign of an off-topic request ('surat', 'kereta', 'emas', 'moon')."""

    def holds_place(self, place: str) -> bool:
        """True when some item's place contains `place` (the place filter would keep something)."""
        folded = fold(place)
        return bool(folded) and any(folded in p for p in self.place_texts)


def archive_words(places: Iterable[str], item_terms: Iterable[str], subject_terms: Iterable[str] = ()) -> ArchiveWords:
    """`ArchiveWords` from the items' places, their folded words (the synonym groups' words added) and
    the words of their titles and tags."""
    recorded = sorted(set(places))
    names = sorted({part for p in recorded for part in _PLACE_PARTS.split(p.strip()) if part})
    vocab = vocabulary()
    known = set(item_terms) | {w for g in vocab.groups for phrase in g for w in phrase.split()}
    return ArchiveWords(
        tuple(names), tuple(fold(p) for p in recorded), frozenset(known), tuple(sorted(known)), frozenset(subject_terms)
    )


@cache
def bundled_words() -> ArchiveWords:
    """`ArchiveWords` of the bundled items (what a parse reads against when no database is at hand)."""
    items = load_items()
    texts = (
        f"{i.title} {i.title_ms} {' '.join(i.tags)} {i.place} {i.period} {i.media_type} {i.description}" for i in items
    )
    subjects = (w for i in items for w in terms(f"{i.title} {i.title_ms} {' '.join(i.tags)}"))
    return archive_words((i.place for i in items), (w for t in texts for w in terms(t)), subjects)


@cache
def _read_words() -> frozenset[str]:
    """Words some part of the app reads or knows to ignore: never 'not understood'."""
    lists = (
        STOPWORDS,
        REQUEST_WORDS,
        VAGUE_WORDS,
        GREETING_WORDS,
        OFF_TOPIC_CUES,
        TASK_WORDS,
        NARROWING_WORDS,
        GENERIC_CONCEPTS,
        IGNORABLE,
    )
    phrases = (*MEDIA_WORDS, *PLACES, *HOW_TO, *OLDER_WORDS, *NEWER_WORDS, *PLACE_PREPOSITIONS)
    return frozenset().union(*lists, stopwords(("en", "ms"))) | {w for p in phrases for w in p.split()}


def _knows(word: str, data: ArchiveWords) -> bool:
    """True when the archive or the app knows `word` (as written, singular, or a Malay 'lama2' = 'lama-lama')."""
    if word.isdigit():
        return True
    stem = word[:-1] if word.endswith("2") and len(word) > 2 else word
    read = _read_words()
    return any(w in data.words or w in read for w in (stem, singular(stem)))


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
    unresolved: list[str] = field(default_factory=list)
    """Places named after 'from', 'in', 'dari', 'di'… that the archive's items do not hold, as typed."""
    not_understood: list[str] = field(default_factory=list)
    """Content words (folded) no item holds and nothing else reads: said back, kept out of the query text."""
    typed: dict[str, str] = field(default_factory=dict)
    """Folded word → the user's own spelling (for saying words back)."""
    period: frozenset[str] = frozenset()
    """The words that said the period ('past', '15', 'years'): a year filter, kept out of the query text."""
    rolling: bool = False
    """The years are a window back from today ('last year', 'the past 15 years'): recent, not old material."""
    specifiers: list[str] = field(default_factory=list)
    """Words of `not_understood` written against a concept in one compound ('tarian *piring*', 'dragon boat
    *races*'): they say which kind of that concept is meant, so an item must hold them too."""
    either: list[list[str]] = field(default_factory=list)
    """Concepts joined by 'and'/'or'/«dan»/«atau» ('tokong cina dan kuil hindu', 'batik or songket'): an
    item about either one answers the question."""
    phrasing: list[str] = field(default_factory=list)
    """Content words of the asking, not of the subject ('do you *hold* anything that *comes* from Sarawak',
    'the *whole* *process*'): common in English or Malay, used by the items' descriptions but never in a
    title or tag. The question does not ask an item to hold them. A common word no item uses at all
    («menara» when no tower is held) still names what is asked for."""

    def as_typed(self, folded: Iterable[str]) -> list[str]:
        """`folded` words or phrases in the user's own spelling."""
        return [" ".join(self.typed.get(w, w) for w in phrase.split()) for phrase in folded]


def _phrases(words: list[str]) -> list[tuple[int, int, str]]:
    """All (start, end, phrase) n-grams, longest first."""
    out = []
    for n in range(MAX_PHRASE_WORDS, 0, -1):
        for i in range(len(words) - n + 1):
            out.append((i, i + n, " ".join(words[i : i + n])))
    return out


_CENTURY = re.compile(r"\b(?:(1[0-9]|20|21)(?:st|nd|rd|th) century|abad (?:ke[ -]?)?(1[0-9]|20|21))\b")
"""'the 19th century', «abad ke-19», «abad 19»."""
_DECADE = re.compile(r"\b(?:tahun )?(1[0-9]|20)([0-9])0(?:s|[ -]?an)\b")
_SHORT_DECADE = re.compile(r"(?:\btahun |\B'|\b)([2-9])0(?:s|[ -]?an)\b")
"""'70s', "'80s", 'tahun 80-an': a decade of the 1900s written with two digits."""
_DECADE_WORD = re.compile(r"\b(?:the )?(" + "|".join(DECADE_WORDS) + r")\b")
_WINDOW_LANGS = ("en", "ms")
_NAMED_PERIOD = re.compile(
    r"(?<!\w)(" + "|".join(re.escape(p) for p in sorted(NAMED_PERIODS, key=len, reverse=True)) + r")(?!\w)"
)
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
    said: re.Match[str] | None = None
    if m := _CENTURY.search(low):
        c = int(m.group(1) or m.group(2))
        year_from, year_to = (c - 1) * 100, (c - 1) * 100 + 99
        said = m
    elif m := _DECADE.search(low):
        year_from = int(m.group(1) + m.group(2) + "0")
        # 'the 1700s' is a century in common use; 'the 1900s' and 'the 2000s' stay decades (the archive's
        # items are mostly of the 20th century, where the decade is what people mean).
        year_to = year_from + (99 if m.group(2) == "0" and year_from < 1900 else 9)
        said = m
    elif m := _SHORT_DECADE.search(low):
        year_from = 1900 + int(m.group(1)) * 10
        year_to = year_from + 9
        said = m
    elif m := _DECADE_WORD.search(low):
        year_from = DECADE_WORDS[m.group(1)]
        year_to = year_from + 9
        said = m
    elif window := _window(low):
        year_from = window[0]
    if (year_from, year_to) == (None, None) and (m := _NAMED_PERIOD.search(low)):
        year_from, year_to = NAMED_PERIODS[m.group(1)]
    if said is not None and year_from is not None and year_to is not None:
        # 'before the 1980s', «sebelum tahun 80-an», 'after the 19th century': the side of a decade or a
        # century, as of a year.
        side, first, last = _side_of(low[: said.start()]), year_from, year_to
        if side == "before":
            year_from, year_to = None, first - 1
        elif side == "after":
            year_from, year_to = last + 1, None
    if m := _BEFORE.search(low):
        year_from, year_to = None, int(m.group(1)) - 1
    if m := _AFTER.search(low):
        year_from, year_to = int(m.group(1)) + 1, None
    if _EARLIER.search(low):
        year_from = None
    return year_from, year_to


_BEFORE_WORDS = frozenset({"before", "sebelum", "pre", "prior", "until", "till", "hingga", "sehingga"})
_AFTER_WORDS = frozenset({"after", "since", "selepas", "sejak", "post", "lepas"})
_DATING_WORDS = frozenset({"dating", "dated", "dates", "date", "back", "bertarikh", "circa", "around", "sekitar"})
_PERIOD_LEAD = frozenset({"the", "to", "tahun", "zaman", "era", "ke"})
"""Words between 'before' and the period it bounds ('prior *to the* 1950s', «sebelum *tahun* 80-an»)."""


def _side_of(before: str) -> str | None:
    """'before' or 'after' when the words just before a period say that side of it."""
    words = re.findall(r"\w+", before)[-3:]
    while words and words[-1] in _PERIOD_LEAD:
        words.pop()
    last = words[-1] if words else ""
    return "before" if last in _BEFORE_WORDS else "after" if last in _AFTER_WORDS else None


def _window(low: str) -> tuple[int, str] | None:
    """(first year, the words that said it) of a rolling window back from today ('the past 15 years',
    '10 tahun lepas'), read by the language layer's periods; None when there is none."""
    found = find_periods(Scan(low), _WINDOW_LANGS, date.today())
    rolling = [p for p in found if p.kind == "rolling" and p.months >= 12]
    if not rolling:
        return None
    p = rolling[0]
    return p.start.year, low[p.span[0] : p.span[1]]


def period_words(text: str) -> set[str]:
    """The words that said the period ('before', '1950s', '19th', 'century', 'seventies', 'past 15 years'):
    a year filter, not a topic."""
    low = fold(text)
    rxs = (_CENTURY, _DECADE, _SHORT_DECADE, _DECADE_WORD, _NAMED_PERIOD, _BEFORE, _AFTER, _EARLIER)
    said = {w for rx in rxs for m in rx.finditer(low) for w in re.findall(r"\w+", m.group(0))}
    window = _window(low)
    said |= set(re.findall(r"\w+", window[1])) if window else set()
    # The side of a period ('*prior* to the 1950s') and the words of dating ('*dating back* to the 1700s')
    # are part of saying it.
    talk = _BEFORE_WORDS | _AFTER_WORDS | _DATING_WORDS
    return said | {w for w in re.findall(r"\w+", low) if w in talk} if said else said


def _period_held_as_subject(text: str, vocab: Vocabulary) -> str | None:
    """The named period of `text` when it is said bare and the archive knows it as a subject ('japanese
    occupation', 'zaman jepun'): a topic, not a year filter. Said with a preposition of time ('before
    independence', 'sebelum merdeka', 'during the japanese occupation') it stays a period."""
    m = _NAMED_PERIOD.search(fold(text))
    if m is None:
        return None
    phrase = m.group(1)
    before = [w for w in fold(text)[: m.start()].split() if w not in ("the", "a", "an")][-1:]
    if before and before[0] in PERIOD_PREPOSITIONS:
        return None
    return phrase if phrase in vocab.group_of or phrase in vocab.tags else None


def singular(phrase: str) -> str:
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
    single = singular(phrase)
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


MIN_COMPOUND_PART = 3


def _compound_apart(typed: str, vocab: Vocabulary) -> str | None:
    """A two-word phrase the archive knows, written as one word ('temubual' → 'temu bual', 'wayangkulit' →
    'wayang kulit'): Malay compounds are typed joined as often as apart."""
    for k in range(MIN_COMPOUND_PART, len(typed) - MIN_COMPOUND_PART + 1):
        phrase = f"{typed[:k]} {typed[k:]}"
        if phrase in vocab.group_of or phrase in vocab.tags or phrase in FORM_WORDS or phrase in PLACES:
            return phrase
    return None


def _media_of(phrase: str, knows: Callable[[str], bool]) -> MediaType | None:
    """The media type `phrase` names: a media word ('footage'), one with vague words around it ('rakaman
    audio': an audio recording), or a clipped media word no item holds ('pics', 'docs')."""
    if phrase in MEDIA_WORDS:
        return MEDIA_WORDS[phrase]
    words = phrase.split()
    named = {MEDIA_WORDS[w] for w in words if w in MEDIA_WORDS}
    if len(words) > 1:
        return named.pop() if len(named) == 1 and all(w in MEDIA_WORDS or w in VAGUE_WORDS for w in words) else None
    stem = phrase[:-1] if phrase.endswith("s") else phrase
    if len(stem) < MIN_COMPOUND_PART or knows(phrase) or knows(stem):
        return None
    clipped = {t for w, t in MEDIA_WORDS.items() if " " not in w and w.startswith(stem) and w != stem}
    return clipped.pop() if len(clipped) == 1 else None


def _reading(i: int, words: list[str], data: ArchiveWords) -> str | None:
    """The archive's word that `words[i]` (a word no item holds) was typed for: the one close word a typing
    slip away ('keriss' → keris), else the one close word that makes a known phrase with a neighbour
    ('dondang sayng' → sayang, 'labu sayung' → sayong); None when there is no single such word."""
    typed = words[i]
    if len(typed) < 4 or not typed.isalpha():
        return None
    vocab = vocabulary()
    if (apart := _compound_apart(typed, vocab)) is not None:
        return apart
    close = [h.name for h in ranked_names(typed, data.word_list, limit=8, cutoff=CLOSE_WORDS) if not h.exact]
    slips = [w for w in close if typing_slip(typed, w) or _spelled_old(typed, w)]
    # Two spellings of one thing ('keriss': keris, kriss) are one reading.
    if slips and len({vocab.group_of.get(w, w) for w in slips}) == 1:
        return slips[0]
    neighbours = [n for n in (words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else "") if n]
    phrased = [
        w
        for w in close
        if w[0] == typed[0]
        and any(f"{n} {w}" in vocab.tags or f"{w} {n}" in vocab.tags or f"{n} {w}" in vocab.group_of
                or f"{w} {n}" in vocab.group_of for n in neighbours)
    ]  # fmt: skip
    return phrased[0] if len(phrased) == 1 else None


_OLD_VOWELS = ({"o", "u"}, {"e", "i"})
MIN_OLD_SPELLING = 5


def _spelled_old(typed: str, word: str) -> bool:
    """Whether `typed` is `word` in the Malay spelling before the 1972 reform, or as still said in speech,
    with u for o or i for e in one syllable ('makyung' → makyong, 'sayung' → sayong, 'batek' → batik)."""
    if len(typed) != len(word) or len(word) < MIN_OLD_SPELLING:
        return False
    diff = [(a, b) for a, b in zip(typed, word, strict=True) if a != b]
    return len(diff) == 1 and set(diff[0]) in _OLD_VOWELS


@dataclass(frozen=True)
class PlacesNamed:
    """What the place phrases of a message name."""

    place: str | None = None
    """The first place phrase that names a place the items hold, as the filter (e.g. 'Kapit')."""
    phrase: str = ""
    """Its words as typed (folded), e.g. 'kapit'."""
    unresolved: tuple[str, ...] = ()
    """Place phrases (folded) that name no place the items hold."""


@cache
def _place_names(places: tuple[str, ...]) -> tuple[str, ...]:
    """The items' place names and the place aliases: what a place phrase is matched against."""
    return (*places, *PLACES)


def _places_named(
    seq: list[str], data: ArchiveWords, skip: frozenset[str], knows: Callable[[str], bool]
) -> PlacesNamed:
    """The words after each place preposition ('from', 'in', 'dari', 'di'…), matched against the items' places
    and the place aliases: exactly, or with typing slips when a word is one the archive does not know
    ('Melacca' → Melaka). Words no place matches are unresolved when they start with a word nobody knows
    ('from Zorbaland'); known words ('in colour') stay what they were."""
    names = _place_names(data.places)
    exact = name_index(names).by_key
    found: PlacesNamed | None = None
    unresolved: list[str] = []
    for i, word in enumerate(seq):
        # A place said right after an exclusion word ('outside Malaysia', «selain Johor») is named too; an
        # unknown word there ('not kerambit') is no place.
        excluding = word in EXCLUSION_WORDS
        if word not in PLACE_PREPOSITIONS and not excluding:
            continue
        run: list[str] = []
        for nxt in seq[i + 1 : i + 1 + MAX_PLACE_WORDS]:
            if nxt in skip or nxt in PLACE_PREPOSITIONS or not nxt.isalpha():
                break
            run.append(nxt)
        hit = None
        for n in range(len(run), 0, -1):
            phrase = " ".join(run[:n])
            name = exact.get(compact(phrase))
            if name is None and not all(map(knows, run[:n])):
                name = getattr(best_name(phrase, names), "name", None)
            if name is not None:
                hit = (PLACES.get(name, name), phrase)
                break
        if hit is not None:
            found = found or PlacesNamed(hit[0], hit[1])
            continue
        lead: list[str] = []
        for w in run if not excluding else ():
            if knows(w):
                break
            lead.append(w)
        if lead:
            unresolved.append(" ".join(lead))
    base = found or PlacesNamed()
    return PlacesNamed(base.place, base.phrase, tuple(dict.fromkeys(unresolved)))


@cache
def _nameless() -> frozenset[str]:
    """Words that name nothing: the planner's stopwords, chat particles and reasons for asking ('je',
    'homework'), and English and Malay function words ('whats', 'got', 'like')."""
    return STOPWORDS | IGNORABLE | frozenset(stopwords(("en", "ms")))


def is_function_word(word: str) -> bool:
    """A word that names nothing (`_nameless`): never a topic of its own."""
    return word in _nameless()


def _unstretched(word: str, known: Callable[[str], bool]) -> str:
    """A chat word with a letter stretched, as the word it stretches ('heyyy' → 'hey', 'hiii' → 'hi',
    'kerisss' → 'keris'): a letter said three times or more is said once, a final letter said twice
    once, when the word is unknown as typed and known so."""
    if known(word):
        return word
    once = re.sub(r"(\w)\1{2,}", r"\1", word)
    if once != word and known(once):
        return once
    shorter = re.sub(r"(\w)\1+$", r"\1", once)
    return shorter if shorter != word and known(shorter) else word


def _unreduplicated(word: str) -> str:
    """Malay plural by repetition, as typed in chat: 'barang2' → 'barang' ('barang-barang' is two words)."""
    return word[:-1] if len(word) > 3 and word.endswith("2") and word[:-1].isalpha() else word


def parse_message(text: str, data: ArchiveWords | None = None) -> Parsed:
    """Concepts, content words, constraints and the focused query of one message, read against `data`
    (the archive's places and words; the bundled items' when None)."""
    vocab = vocabulary()
    archive = bundled_words() if data is None else data

    def knows(word: str) -> bool:
        return _knows(word, archive) or word in vocab.group_of or word in vocab.tags

    spelled = {fold(m.group()): m.group() for m in reversed(list(_TYPED_WORD.finditer(text)))}

    def plain_or_known(word: str) -> bool:
        return knows(word) or word in GREETING_WORDS or is_function_word(word)

    words = [_unstretched(w, plain_or_known) for w in tokenize(text)]
    read_as = {w: r for i, w in enumerate(words) if not knows(w) and (r := _reading(i, words, archive))}
    words = list(dict.fromkeys(_unreduplicated(read_as.get(w, w)) for w in words))
    for w, r in read_as.items():
        spelled.setdefault(r, spelled.get(w, w))
    periods = period_words(text)
    held = _period_held_as_subject(text, vocab)
    if held:
        periods -= set(held.split())
    parsed = Parsed(words=words, typed=spelled, period=frozenset(periods))
    used = [False] * len(words)
    media_phrases: list[tuple[str, MediaType]] = []
    skip = _nameless() | NARROWING_WORDS | REFERRING_WORDS | REQUEST_WORDS | VAGUE_WORDS | set(MEDIA_WORDS) | periods
    said_terms = terms(text)
    seq = _negations_read(said_terms)
    skip |= EXCLUSION_WORDS | {w for w, nxt in pairwise(said_terms) if _contracted_not(w, nxt)}
    named = _places_named([read_as.get(w, w) for w in seq], archive, frozenset(skip), knows)
    place = named.place
    if place is not None:
        parsed.place_words.append(named.phrase)
    for i, w in enumerate(words):
        if (place is not None and w in named.phrase.split()) or any(w in u.split() for u in named.unresolved):
            used[i] = True
    parsed.unresolved = parsed.as_typed(named.unresolved)
    for i, w in enumerate(words):
        if w in periods:
            used[i] = True  # the words that said the years («sebelum merdeka») are no topic (Merdeka)
    concept_words: set[str] = set()
    media_said: set[str] = set()
    spans: list[tuple[int, int, str]] = []
    for start, end, surface in _phrases(words):
        if any(used[start:end]):
            continue
        phrase = _known(surface, vocab)
        if phrase in PLACES and place is None:
            place = PLACES[phrase]
            parsed.place_words.append(phrase)
        elif (said := _media_of(phrase, knows)) is not None:
            media_phrases.append((phrase, said))
            media_said.update(words[start:end])
            continue  # media words stay in the query text, but are not concepts
        elif phrase in vocab.group_of or phrase in vocab.tags:
            if phrase in GENERIC_CONCEPTS or phrase in VAGUE_WORDS:
                continue
            parsed.concepts.append(phrase)
            spans.append((start, end, phrase))
            concept_words.update(words[start:end])
        else:
            continue
        for i in range(start, end):
            used[i] = True
    parsed.concepts.sort(key=lambda p: " ".join(words).find(p))
    parsed.either = _coordinated(sorted(spans), words)
    parsed.content = [
        w for w, u in zip(words, used, strict=True) if not u and w not in skip | media_said and not w.isdigit()
    ]
    parsed.not_understood = [w for w in parsed.content if not knows(w)]
    parsed.phrasing = [w for w in parsed.content if w in archive.words and w not in archive.subjects and _common(w)]
    # An everyday word after a concept ('labu sayong *dibuat*': is made) says nothing about which kind.
    unread = [w for w in parsed.not_understood if not _common(w)]
    parsed.specifiers = _specifiers(text, unread, concept_words, {r: w for w, r in read_as.items()})
    year_from, year_to = extract_period(text)
    if held and (year_from, year_to) == NAMED_PERIODS[held]:
        # The period is the subject: items about it (an oral history recorded in 1995 of the Japanese
        # occupation) are what is asked for, not every item dated within its years.
        year_from, year_to = None, None
    place_not = None
    if place is not None and _ruled_out(seq, parsed.place_words[0]):
        place, place_not = None, place
    parsed.rolling = year_from is not None and _window(fold(text)) is not None
    media, media_not = _media_asked(text, media_phrases, read_as)
    parsed.constraints = Constraints(
        media_type=media, media_not=media_not, place=place, place_not=place_not, year_from=year_from, year_to=year_to
    )
    parsed.query = focused_query(parsed)
    return parsed


def _common(word: str) -> bool:
    return is_common(word, ("en", "ms"))


MAX_COORDINATION_GAP = 2
"""Words between two alternatives: the coordinator and at most one modifier ('tokong *cina dan* kuil')."""


def _coordinated(spans: list[tuple[int, int, str]], words: list[str]) -> list[list[str]]:
    """Runs of concepts (in message order) with a coordinating word between each two: 'batik or songket',
    'tokong cina dan kuil hindu' (a modifier may stand between)."""
    runs: list[list[str]] = []
    for (_, end, a), (start, _, b) in pairwise(spans):
        between = words[end:start]
        if len(between) > MAX_COORDINATION_GAP or not set(between) & COORDINATORS:
            continue
        if runs and runs[-1][-1] == a:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    # 'or' always offers alternatives. 'and' does when the joined concepts are the whole subject ('batik
    # and songket'); beside another concept they describe one thing ('the dance done to gambus and drums').
    offered = any(w in ALTERNATIVE_WORDS for w in words)
    return [run for run in runs if offered or len(run) == len(spans)]


MEDIA_EXCLUSION = frozenset({"no"})
"""Beside the exclusion words, 'no' rules a kind of media out ('no photos'); before a place it is rarer
than a reply ('no, from Johor')."""


def _media_asked(
    text: str, said: list[tuple[str, MediaType]], read_as: dict[str, str]
) -> tuple[MediaType | None, tuple[MediaType, ...]]:
    """The kind of media asked for and the kinds ruled out, from the media phrases `said`: 'no photos or
    papers' rules out images and documents; two kinds asked ('sound or film', 'videos and photos') leave
    every other kind out. A ruling-out reaches the kinds joined to it by 'or'/'and' in its own stretch of
    the message, not the next kind said on its own («bukan gambar, video je»; 'no, videos of zapin')."""
    ruled: list[MediaType] = []
    asked: list[MediaType] = []
    placed: set[str] = set()
    for segment in _SEGMENT.findall(text):
        seq = [read_as.get(w, _unreduplicated(w)) for w in _negations_read(terms(segment))]
        at = {p: i for p, _ in said if (i := _position(seq, p)) is not None}
        placed |= set(at)
        found = sorted((at[p], len(p.split()), t) for p, t in said if p in at)
        last_end, last_ruled = 0, False
        for start, size, kind in found:
            between = seq[last_end:start]
            joined = last_ruled and bool(set(between) & COORDINATORS) and set(between) <= COORDINATORS
            last_ruled = joined or _excluded_by(between, EXCLUSION_WORDS | MEDIA_EXCLUSION)
            (ruled if last_ruled else asked).append(kind)
            last_end = start + size
    # A media word standing nowhere as read (said in a form of its own) is asked for.
    asked += [t for p, t in said if p not in placed]
    asked = [t for t in dict.fromkeys(asked) if t not in ruled]
    if len(asked) > 1:
        return None, tuple(t for t in get_args(MediaType) if t not in asked)
    return (asked[0] if asked else None), tuple(dict.fromkeys(ruled))


def _position(seq: list[str], phrase: str) -> int | None:
    """Where the words of `phrase` first stand together in `seq`."""
    size = len(phrase.split())
    return next((i for i in range(len(seq) - size + 1) if " ".join(seq[i : i + size]) == phrase), None)


def _contracted_not(word: str, after: str) -> bool:
    """'weren' + 't', 'don' + 't': an English negative contraction split at its apostrophe."""
    return after == "t" and len(word) > 1 and word.endswith("n")


_NOT_WANTING = (frozenset({"tak", "tidak", "x", "tk"}), frozenset({"nak", "mahu", "mau", "want"}))
"""«tak nak», «tidak mahu»: do not want (alone, «tak» asks a question: «ada tak dari Johor?»)."""


def _negations_read(seq: list[str]) -> list[str]:
    """The message's terms with each negative contraction read as 'not' ("weren't" → 'not'), and so a
    Malay 'do not want' («tak nak»)."""
    out: list[str] = []
    for w in seq:
        if out and (_contracted_not(out[-1], w) or (out[-1] in _NOT_WANTING[0] and w in _NOT_WANTING[1])):
            out[-1] = "not"
        else:
            out.append(w)
    return out


_POINTING = frozenset({"the", "ones", "one", "those", "these", "yang", "yg", "that", "which"})


def _ruled_out(seq: list[str], phrase: str) -> bool:
    """Whether the place `phrase` (folded) is said after an exclusion word, a few words before it in `seq`
    (the message's terms: 'zapin, not the Johor ones', 'anything staged outside Kelantan?', «selain dari
    Johor»): the user rules it out."""
    i = _position(seq, phrase)
    return i is not None and _excluded_by(seq[:i], EXCLUSION_WORDS)


def _excluded_by(before: list[str], exclusion: frozenset[str]) -> bool:
    """Whether one of `exclusion` stands among the last few words of `before`; the words that point at
    items ('not *the ones from* Kelantan') do not count as distance."""
    return any(w in exclusion for w in [w for w in before if w not in _POINTING][-EXCLUSION_REACH:])


_SEGMENT = re.compile(r"[^,.;:!?/()\[\]\-–—|\n]+")
"""A stretch of a message without punctuation: a compound never runs across a comma or a slash."""


def _specifiers(text: str, unread: list[str], concept_words: set[str], typed_as: dict[str, str]) -> list[str]:
    """The words of `unread` written right after a concept's word, in one stretch without punctuation.

    Malay puts the kind after the noun ('tarian piring', 'nasi lemak'); in English the word after a
    noun is the head the noun qualifies ('dragon boat races'). Either way the question is about a thing
    the archive does not hold, and answering with every item of the concept would widen it. A word
    before the concept is more often a verb or a general noun of the request ('buat batik', 'kraf
    manik'), so it is not counted."""
    if not unread or not concept_words:
        return []
    beside: set[str] = set()
    for segment in _SEGMENT.findall(text):
        seq = [_unreduplicated(w) for w in terms(segment)]
        for i, w in enumerate(seq):
            if w in concept_words or typed_as.get(w) in concept_words:
                beside.update(seq[i + 1 : i + 2])
    # An English past participle after a noun tells what happened to it ('puppets installed in a museum'),
    # it names no kind of it.
    return [w for w in unread if w in beside and len(w) > 2 and w.isalpha() and not w.endswith("ed")]


def focused_query(parsed: Parsed) -> str:
    """ONE query: the meaningful words in the user's order, the media word, and one synonym bridge."""
    vocab = vocabulary()
    keep = _nameless() | REQUEST_WORDS | (VAGUE_WORDS - {"old", "lama", "recordings", "recording", "rakaman"})
    unread = set(parsed.not_understood) | {w for u in parsed.unresolved for w in fold(u).split()}
    core = [w for w in parsed.words if w not in keep | parsed.period and w not in MEDIA_WORDS and w not in unread]
    ruled_out = _media_ruled_out(parsed)
    media = [w for w in parsed.words if w in MEDIA_WORDS and w not in ruled_out][:1]
    out = core + media
    present = set(out)
    for concept in parsed.concepts[:1]:
        bridge = _bridge(concept, vocab, present)
        if bridge:
            out.append(bridge)
    return " ".join(dict.fromkeys(out))


def _media_ruled_out(parsed: Parsed) -> set[str]:
    """The media words that ruled their kind out ('not *photographs*'): no words of a query."""
    return {w for w in parsed.words if w in MEDIA_WORDS and MEDIA_WORDS[w] in parsed.constraints.media_not}


def synonym_query(parsed: Parsed) -> str | None:
    """The query with each concept replaced by a synonym in other words; None when there is none."""
    vocab = vocabulary()
    left_out = STOPWORDS | EXCLUSION_WORDS | MEDIA_EXCLUSION | REQUEST_WORDS | set(parsed.not_understood)
    left_out |= _media_ruled_out(parsed)
    text = " ".join(w for w in parsed.words if w not in left_out)
    changed = False
    for concept in parsed.concepts:
        bridge = _bridge(concept, vocab, set())
        if bridge and concept in text:
            text = text.replace(concept, f"{bridge} {concept}", 1)
            changed = True
    # A bridge may repeat a word already said ('tarian' → 'tarian tari tarian'): each word once.
    return " ".join(dict.fromkeys(text.split())) if changed else None


def narrow_query(parsed: Parsed) -> str | None:
    """The subject's own terms: each concept and its first synonym, without the request's other words
    ('old photos of pewter things' → 'pewter'); None without a concept."""
    vocab = vocabulary()
    words: list[str] = []
    for concept in parsed.concepts:
        gi = vocab.group_of.get(concept)
        words += [concept, *(vocab.groups[gi][:2] if gi is not None else ())]
    out = " ".join(dict.fromkeys(" ".join(words).split()))
    return out or None


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


def is_form(concept: str) -> bool:
    """True when `concept` names a form of material ('sejarah lisan', 'map'), itself or by its synonyms."""
    vocab = vocabulary()
    group = vocab.group_of.get(concept)
    phrases = vocab.groups[group] if group is not None else (concept,)
    return any(p in FORM_WORDS for p in (concept, *phrases))


def is_general(concept: str) -> bool:
    """True when `concept` has kinds in the thesaurus (food, dance, music, architecture): said after a search
    for one subject, it asks for that aspect of it ('melanau', then 'food stuff')."""
    group = vocabulary().group_of.get(concept)
    return group is not None and group in vocabulary().narrower


def _terms_of(concept: str) -> list[tuple[str, ...]]:
    """What an item must mention for one concept: its synonyms (and kinds), one tuple per requirement."""
    vocab = vocabulary()
    gi = vocab.group_of.get(concept)
    if gi is not None:
        # A kind of the concept meets it too: a mosque is architecture, a zapin is a dance.
        return [tuple(dict.fromkeys((*vocab.groups[gi], *vocab.narrower.get(gi, ()))))]
    # A tag without a synonym group ('kite making'): itself, or a known concept inside it. A tag made
    # of two known concepts ('kebaya nyonya') asks for both: a Nyonya cookbook is no kebaya.
    inner = [vocab.groups[wg] for word in concept.split() if (wg := vocab.group_of.get(word)) is not None]
    if len(inner) > 1:
        return list(inner)
    return [tuple(dict.fromkeys([concept, *(p for g in inner for p in g)]))]


def match_terms(parsed: Parsed) -> list[tuple[str, ...]]:
    """What a relevant item must mention: per concept (or content word), its folded synonyms."""
    per = {concept: _terms_of(concept) for concept in parsed.concepts}
    # Concepts said as alternatives are one requirement met by any of their terms.
    run_of = {c: run for run in parsed.either for c in run}
    out: list[tuple[str, ...]] = []
    for concept in parsed.concepts:
        run = run_of.get(concept)
        if run is None:
            out += per[concept]
        elif concept == run[0]:
            out.append(tuple(dict.fromkeys(t for c in run for terms in per[c] for t in terms)))
    forms_only = bool(parsed.concepts) and all(is_form(c) for c in parsed.concepts)
    if out and not forms_only:
        return out  # concepts decide; other content words only when there is no concept, or only a form
    # Words no item holds count here too: a question about something no item mentions finds nothing,
    # rather than whatever its other words match ('kellie's castle batu gajah' is not 'batu').
    asked = [w for w in parsed.content if w not in GENERIC_CONCEPTS and w not in parsed.phrasing and len(w) > 2]
    return out + [(w,) for w in asked]
