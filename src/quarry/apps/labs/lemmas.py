"""A question's words read by their dictionary forms, and lexicon phrases matched against them
(the grammar shared by `refusal` and `asker`; their words live in `data/*.toml`).

Russian and Ukrainian words carry every reading pymorphy3 gives them (`quarry.nlu.inflect`), so
"дозу", "дозы" and "дозой" all match the lexicon's "доза", and a verb's tags say whether it is an
imperative or a past tense. Other words are compared as typed, without accents or case; a
lexicon word ending in * matches any ending ("dose*" = doses, dosage).

>>> [w.key for w in read("¿Qué dosis debo tomar?")]
['que', 'dosis', 'debo', 'tomar']
>>> bool(find(read("какую дозу мне принимать"), phrase("доза", "ru")))
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from quarry.nlu.inflect import lemma, readings
from quarry.nlu.text import WORD, fold, plain

CYRILLIC = re.compile(r"[а-яёіїєґ]", re.IGNORECASE)
SLAVIC = ("ru", "uk")
GAP = 5
"""How many words "..." in a lexicon phrase lets stand between its neighbours."""
_YEAR = re.compile(r"(?:19|20)\d\d")
_SENTENCE_END = re.compile(r"[.!?;\n]")
_CLAUSE_BREAK = re.compile(r"[,:.!?;()\"\n]|\s-\s")


@dataclass(frozen=True)
class Reading:
    """One grammatical reading of a Russian or Ukrainian word."""

    lang: str
    lemma: str
    """Dictionary form, folded."""
    grammemes: frozenset[str]
    """pymorphy3's tags: VERB, INFN/infn, impr, 1per, sing, accs…"""


@dataclass(frozen=True)
class Word:
    """One word of a question."""

    text: str
    """As typed."""
    key: str
    """The word folded (lower case, no accents)."""
    forms: frozenset[str]
    """`key` and every dictionary form of the word (Cyrillic words), folded."""
    readings: tuple[Reading, ...]
    sentence: int
    """Index of the sentence the word is in (phrases never span two)."""
    opens: bool
    """First word of a clause (the start, or after a comma, colon or dash); not after «¿», which
    opens a question rather than a request."""

    def readings_in(self, lang: str) -> tuple[Reading, ...]:
        return tuple(r for r in self.readings if r.lang == lang)


@dataclass(frozen=True)
class Item:
    """One word of a lexicon phrase: a set of forms, or a prefix (a word ending in *)."""

    forms: frozenset[str] = frozenset()
    prefix: str | None = None
    number: bool = False
    """A number that is no year ("#" in a phrase: "add ... #" is a value to be stored)."""

    def matches(self, word: Word) -> bool:
        if self.number:
            return word.key.isdigit() and not _YEAR.fullmatch(word.key)
        if self.prefix is not None:
            return any(form.startswith(self.prefix) for form in word.forms)
        return not self.forms.isdisjoint(word.forms)


Phrase = tuple[Item | None, ...]
"""Lexicon words in order; None stands for up to `GAP` other words ("when ... born"), "#" in the
lexicon for a number."""


def _readings(word: str) -> tuple[Reading, ...]:
    return tuple(
        Reading(lang, fold(normal), frozenset(re.split(r"[ ,]", tags)))
        for lang in SLAVIC
        for normal, tags in readings(word.lower(), lang)
    )


@lru_cache(maxsize=256)
def read(text: str) -> tuple[Word, ...]:
    """The words of `text`, each with its forms, sentence and whether it opens a clause (cached:
    the refusal and the first-person check read the same question)."""
    norm = plain(text)
    out: list[Word] = []
    sentence, previous_end = 0, 0
    for m in WORD.finditer(norm):
        between = norm[previous_end : m.start()]
        if out and _SENTENCE_END.search(between):
            sentence += 1
        opens = (not out or bool(_CLAUSE_BREAK.search(between))) and "¿" not in between
        key = fold(m.group(0))
        found = _readings(m.group(0)) if CYRILLIC.search(key) else ()
        out.append(Word(m.group(0), key, frozenset({key, *(r.lemma for r in found)}), found, sentence, opens))
        previous_end = m.end()
    return tuple(out)


def phrase(text: str, lang: str) -> Phrase:
    """A lexicon phrase as items; Russian and Ukrainian words are taken by their dictionary form
    too, so a phrase may be written as people say it ("дата рождения")."""
    items: list[Item | None] = []
    for part in text.split():
        if part == "...":
            items.append(None)
        elif part == "#":
            items.append(Item(number=True))
        elif part.endswith("*"):
            items.append(Item(prefix=fold(part[:-1])))
        else:
            key = fold(part)
            forms = {key, fold(lemma(part, lang))} if lang in SLAVIC and CYRILLIC.search(key) else {key}
            items.append(Item(forms=frozenset(forms)))
    return tuple(items)


def phrases(table: dict[str, Any], langs: Iterable[str]) -> tuple[Phrase, ...]:
    """Every phrase `table` lists for `langs` (a lexicon section: {lang: [phrase, …]})."""
    return tuple(phrase(str(p), lang) for lang in langs for p in table.get(lang, ()))


def _end(words: Sequence[Word], items: Phrase, i: int, sentence: int) -> int | None:
    """Index of the last word when `items` match from word `i` on, else None."""
    if not items:
        return i - 1
    head, rest = items[0], items[1:]
    if head is None:
        for skip in range(GAP + 1):
            end = _end(words, rest, i + skip, sentence)
            if end is not None:
                return end
        return None
    if i >= len(words) or words[i].sentence != sentence or not head.matches(words[i]):
        return None
    return _end(words, rest, i + 1, sentence)


def spans(words: Sequence[Word], items: Phrase) -> Iterator[tuple[int, int]]:
    """(first, last) word index of every place `items` match."""
    for i, word in enumerate(words):
        end = _end(words, items, i, word.sentence)
        if end is not None and end >= i:
            yield i, end


def find(words: Sequence[Word], *candidates: Phrase) -> tuple[int, int] | None:
    """The first place any of `candidates` matches, else None."""
    for items in candidates:
        for found in spans(words, items):
            return found
    return None


def ends_before(words: Sequence[Word], i: int, candidates: Iterable[Phrase]) -> bool:
    """True when one of `candidates` ends right before word `i` ("can you" before "delete")."""
    return any(last == i - 1 for items in candidates for _, last in spans(words[:i], items))


def lexicon_languages(language: str) -> tuple[str, ...]:
    """Whose words a question in `language` is read with: its own, Russian and Ukrainian together
    (short questions are told apart unreliably), and English, which test names and technical words
    are often typed in."""
    if language in SLAVIC:
        return ("ru", "uk", "en")
    return (language, "en") if language != "en" else ("en",)
