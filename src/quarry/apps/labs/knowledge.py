"""What the offline model "knows" about analytes: the stand-in for an LLM's medical knowledge.

A language model knows that "сахар в крови", "glucosa" and "GLU" are one test and that
"Холестерин ЛПНП" is LDL, not total cholesterol. The offline model gets the same kind of
knowledge from the reference file (every analyte's names in four languages) plus a short
list of colloquial words per analyte. It uses it twice: to spot analyte mentions in a
question (`find_mentions`) and to decide which of the names fuzzy search returned belong
to the analyte the user meant (`classify`). Matching is on folded text (see `folding`),
so scripts, case, accents and small typos do not matter.

None of this touches the database: the names actually stored are always discovered with
the fuzzy search tool, exactly as a remote model has to. Laboratory names are the other
way round: they are read from the data once per run and passed in (`find_labs`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from quarry.nlu.coverage import stopwords
from quarry.nlu.inflect import is_known_word, lemma
from quarry.search import skeleton_fold as fold
from quarry.search import trigram_similarity as similarity
from quarry.search import trigrams

from .reference import Analyte, Lang, load_analytes

_LANGS = ("en", "ru", "uk", "es")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")

_COLLOQUIAL_FILE = Path(__file__).with_name("data") / "colloquial.toml"
COLLOQUIAL: dict[str, tuple[str, ...]] = {
    code: tuple(words)
    for code, words in tomllib.loads(_COLLOQUIAL_FILE.read_text(encoding="utf-8"))["colloquial"].items()
}
"""Everyday words for analytes (`data/colloquial.toml`)."""

_PAREN = re.compile(r"\(([^)]*)\)")
_TOKEN = re.compile(r"[\w][\w'’-]*", re.UNICODE)
MIN_FUZZY_KEY = 5
"""Keys shorter than this (folded) must match a question word exactly ('ldl', 'ттг')."""
MENTION_THRESHOLD = 0.5
CLASSIFY_THRESHOLD = 0.4


@dataclass(frozen=True)
class Key:
    """One folded way of naming an analyte."""

    code: str
    folded: str
    official: bool
    """True for names labs print (reference file), False for colloquial words."""


@dataclass(frozen=True)
class Mention:
    """An analyte the question talks about, and where."""

    code: str
    """Analyte code, e.g. 'GLU'."""
    text: str
    """The words of the question that name it, as typed."""
    start: int
    """Index of the first word."""
    end: int
    """Index after the last word."""
    score: float
    """Folded trigram similarity of those words to the best key."""


def _variants(name: str) -> list[str]:
    """A printed name plus its useful parts: without brackets, the bracket text, comma parts."""
    out = [name]
    bare = _PAREN.sub(" ", name).strip()
    out.append(bare)
    out.extend(inner.strip() for inner in _PAREN.findall(name))
    if "," in bare:
        head, _, tail = bare.partition(",")
        out.extend([f"{tail.strip()} {head.strip()}", head.strip()])
    return out


@lru_cache(maxsize=1)
def keys() -> tuple[Key, ...]:
    """Every key of every analyte (official names and their parts first, then colloquial)."""
    found: dict[tuple[str, str], Key] = {}
    for analyte in load_analytes():
        for name in [*analyte.all_names(), analyte.name]:
            for variant in _variants(name):
                folded = fold(variant)
                if len(folded) >= 2 and not folded.isdigit():
                    found.setdefault((analyte.code, folded), Key(analyte.code, folded, True))
        for word in COLLOQUIAL.get(analyte.code, ()):
            found.setdefault((analyte.code, fold(word)), Key(analyte.code, fold(word), False))
    # A part shared by several analytes ("25-oh" is fine, "cholesterol" is not) says nothing.
    owners: dict[str, set[str]] = {}
    for key in found.values():
        owners.setdefault(key.folded, set()).add(key.code)
    return tuple(k for k in found.values() if len(owners[k.folded]) == 1)


def words(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) character spans of the words of `text`."""
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


@dataclass(frozen=True)
class _KeyIndex:
    """Where to look for the keys a folded phrase can score above 0 against."""

    by_folded: dict[str, tuple[int, ...]]
    """Folded text → positions (in `keys()`) of the keys folded exactly so."""
    by_trigram: dict[str, tuple[int, ...]]
    """Trigram → positions of the fuzzy-matched keys (`MIN_FUZZY_KEY` or longer) holding it."""


@lru_cache(maxsize=1)
def _key_index() -> _KeyIndex:
    by_folded: dict[str, list[int]] = {}
    by_trigram: dict[str, list[int]] = {}
    for i, key in enumerate(keys()):
        by_folded.setdefault(key.folded, []).append(i)
        if len(key.folded) >= MIN_FUZZY_KEY:
            for gram in trigrams(key.folded):
                by_trigram.setdefault(gram, []).append(i)
    return _KeyIndex({k: tuple(v) for k, v in by_folded.items()}, {k: tuple(v) for k, v in by_trigram.items()})


def _best_key(folded: str, *, exact_only: bool) -> tuple[Key | None, float]:
    """The best-scoring key and its score: trigram similarity for long keys, equality for short
    ones (or for all when `exact_only`). A key scoring 0 never wins, so only the keys equal to
    `folded` or sharing a trigram with it are scored (a question tries ~30 phrases against ~170
    keys three times per turn), in `keys()` order, so ties fall as before."""
    index = _key_index()
    found = set(index.by_folded.get(folded, ()))
    if not exact_only:
        for gram in trigrams(folded):
            found.update(index.by_trigram.get(gram, ()))
    every = keys()
    best: Key | None = None
    score = 0.0
    for i in sorted(found):
        key = every[i]
        if len(key.folded) < MIN_FUZZY_KEY or exact_only:
            s = 1.0 if key.folded == folded else 0.0
        else:
            s = similarity(folded, key.folded)
        if s > score or (s == score and best is not None and key.official and not best.official):
            best, score = key, s
    return best, score


def find_mentions(text: str, *, skip: frozenset[int] = frozenset(), max_words: int = 4) -> list[Mention]:
    """Analytes named in `text`: best-scoring non-overlapping word spans, longest first on ties.

    `skip` holds word indexes that belong to something else (a patient's name, a date).
    """
    tokens = words(text)
    said = _full_forms([t[0] for t in tokens])
    candidates: list[Mention] = []
    for start in range(len(tokens)):
        for end in range(start + 1, min(len(tokens), start + max_words) + 1):
            if any(i in skip for i in range(start, end)):
                break
            phrase = " ".join(t[0] for t in tokens[start:end])
            folded = fold(" ".join(said[start:end]))
            if len(folded) < 2:
                continue
            key, score = _best_key(folded, exact_only=len(folded) < MIN_FUZZY_KEY)
            if key is not None and end - start > 1 and _side_at_edge(tokens[start:end], key):
                continue  # «гемоглобин выше» read closely is the test and a condition, not a longer name
            if key is not None and score >= MENTION_THRESHOLD:
                candidates.append(Mention(key.code, phrase, start, end, round(score, 3)))
    # A longer name read closely ("hemoglobina glicosilda") beats the exact shorter one inside it
    # ("hemoglobina"): the extra word was said for a reason.
    candidates.sort(key=lambda m: (-_rank(m), -(m.end - m.start), m.start))
    chosen: list[Mention] = []
    taken: set[int] = set()
    for m in candidates:
        span = set(range(m.start, m.end))
        if span & taken or any(c.code == m.code for c in chosen):
            continue
        chosen.append(m)
        taken |= span
    return _merge_adjacent(sorted(chosen, key=lambda m: m.start), tokens)


def _side_at_edge(span: list[tuple[str, int, int]], key: Key) -> bool:
    """The first or last word of `span` says a side of the range ("high", «выше», "bajo") and is no
    word of the name it was read as ("high density lipoprotein" keeps its "high")."""
    from .shapes import is_side_word

    return any(is_side_word(w) and fold(w) not in key.folded for w in (span[0][0], span[-1][0]))


def _full_forms(typed: list[str]) -> list[str]:
    """Each word, or the word it shortens (`_full_form`). A Russian or Ukrainian word the
    dictionary knows («были», «вит») is read as shortened only when, with the word after it, it
    makes a name of a test («вит д» → «витамин д»): «были» stays a verb."""
    out: list[str] = []
    for i, word in enumerate(typed):
        base = _dictionary_form(word)
        if base is not None:
            out.append(base)
            continue
        full = _full_form(word)
        if full != word and _CYRILLIC.search(word) and is_known_word(word, ("ru", "uk")):
            after = typed[i + 1] if i + 1 < len(typed) else ""
            if not after or fold(f"{full} {after}") not in _key_index().by_folded:
                full = word
        out.append(full)
    return out


@lru_cache(maxsize=1)
def _key_words() -> dict[str, frozenset[str]]:
    """Every folded word of every analyte key ("vitamin", "холестерин", "глікований"), with the
    analytes whose keys hold it."""
    codes: dict[str, set[str]] = {}
    for key in keys():
        for w in key.folded.split():
            if len(w) >= 4 and w.isalpha():
                codes.setdefault(w, set()).add(key.code)
    return {w: frozenset(c) for w, c in codes.items()}


@lru_cache(maxsize=4096)
def _dictionary_form(word: str) -> str | None:
    """«глікованого», «гемоглобина»: a declined Russian or Ukrainian word whose dictionary form is
    a word of a test's name (None when it is one as typed, or has no such form)."""
    vocabulary = _key_words()
    if not _CYRILLIC.search(word) or fold(word) in vocabulary:
        return None
    for lang in ("uk", "ru"):
        base = lemma(word, lang)
        if fold(base) in vocabulary:
            return base
    return None


@lru_cache(maxsize=4096)
def _full_form(word: str) -> str:
    """A short form read as the word it shortens: a cut word ("vit", «віт», "creat", "trigl") is a
    key word it begins, a contraction («хол-н») a key word with its first letters and its last;
    any other word as typed. Only words no key holds and no language calls a function word are
    read so, and only when every key word the shortening fits names the same analytes ("gluc"
    could be glucose or glycated haemoglobin: left as typed)."""
    folded = fold(word).rstrip(".")
    vocabulary = _key_words()
    if folded in vocabulary or not 3 <= len(folded.replace("-", "")) <= 6 or word.lower() in stopwords(_LANGS):
        return word
    head, _, tail = folded.partition("-")
    if not head.isalpha() or len(head) < 3 or (tail and not tail.isalpha()):
        return word
    fits = [w for w in vocabulary if w.startswith(head) and len(w) > len(head) + 1 and w.endswith(tail)]
    if not fits or len({vocabulary[w] for w in fits}) > 1:
        return word
    return min(fits, key=lambda w: (len(w), w))


def _rank(m: Mention) -> float:
    """The score, raised for each further content word a close reading spans (function words
    such as «по» or "de" add nothing)."""
    content = [w for w in m.text.split() if len(w) >= 4 and w.lower() not in stopwords(_LANGS)]
    extra = len(content) - 1
    return m.score + 0.25 * extra if extra > 0 and m.score >= 0.8 else m.score


def _merge_adjacent(mentions: list[Mention], tokens: list[tuple[str, int, int]]) -> list[Mention]:
    """'холестерином ЛПНП' is one test (LDL), not cholesterol plus LDL: when two neighbouring
    mentions read together as one of them, keep that one over both spans."""
    out: list[Mention] = []
    for m in mentions:
        prev = out[-1] if out else None
        if prev is not None and prev.end == m.start:
            phrase = " ".join(t[0] for t in tokens[prev.start : m.end])
            key, score = _best_key(fold(phrase), exact_only=False)
            if key is not None and key.code in (prev.code, m.code) and score >= 0.6:
                out[-1] = Mention(key.code, phrase, prev.start, m.end, round(score, 3))
                continue
        out.append(m)
    return out


@lru_cache(maxsize=4096)
def classify(parameter_name: str) -> tuple[str | None, float]:
    """Which analyte a stored parameter name denotes (nearest official key), and how sure."""
    folded = fold(parameter_name)
    best: str | None = None
    score = 0.0
    for key in keys():
        if not key.official:
            continue
        s = 1.0 if key.folded == folded else similarity(folded, key.folded)
        if s > score:
            best, score = key.code, s
    return (best, round(score, 3)) if score >= CLASSIFY_THRESHOLD else (None, round(score, 3))


def search_terms(code: str, question_words: str) -> list[str]:
    """Terms to fuzzy-search for one analyte: the user's words, then every printed name it is
    known by (other languages, other scripts, abbreviations such as 'GLU'), distinct after
    folding. Trigram similarity cannot connect 'glucose' with 'GLU' or 'Глюкоза'; a model
    that knows they are one test searches each."""
    analyte = _by_code()[code]
    terms = [question_words, *analyte.all_names()]
    seen: set[str] = set()
    out: list[str] = []
    for term in terms:
        if fold(term) not in seen:
            seen.add(fold(term))
            out.append(term)
    return out


@lru_cache(maxsize=1)
def _by_code() -> dict[str, Analyte]:
    return {a.code: a for a in load_analytes()}


def display_name(code: str, lang: Lang) -> str:
    """The analyte's first printed name in `lang` (English when there is none)."""
    analyte = _by_code()[code]
    names = analyte.names.get(lang) or analyte.names["en"]
    return names[0] if names else analyte.name


# ---------------------------------------------------------------- laboratories (learnt from the data)


@dataclass(frozen=True)
class LabMention:
    """A laboratory of the data that the question names, and where."""

    lab: str
    """The stored name (lab_reports.lab_name)."""
    start: int
    """Character offset of its first word in the question."""
    end: int
    """Character offset after its last word."""


_GENERIC_LAB_WORDS = frozenset(
    fold(w) for w in ("lab", "labs", "laboratory", "laboratorio", "лаборатория", "лабораторія", "clinic", "medical")
)


def _same_word(typed: str, stored: str) -> bool:
    """Folded words that name the same thing: equal, or `typed` inflected ('гемотесте', "quest's")."""
    return typed == stored or (len(stored) >= 4 and typed.startswith(stored) and len(typed) - len(stored) <= 2)


_SOURCE_PREPOSITIONS = frozenset(
    {"from", "at", "by", "via", "из", "в", "во", "от", "у", "з", "із", "від", "de", "del", "en", "desde"}
)
"""Words before a place a report comes from: after them a lab's first word names it in any case ('from quest')."""


def _first_word_alone(typed: str, stored: str, before: str | None = None) -> bool:
    """Whether a lab's first word, written alone, names it ('Quest', 'Synlab', 'from quest'): distinctive,
    and capitalised or right after a word saying where reports come from."""
    distinctive = len(stored) >= 4 and stored not in _GENERIC_LAB_WORDS
    return distinctive and (typed[:1].isupper() or (before or "").lower() in _SOURCE_PREPOSITIONS)


def find_labs(text: str, labs: Sequence[str]) -> list[LabMention]:
    """Laboratories of `labs` (the names stored in the data) that `text` names.

    A lab is named by its words from the first one on: in full ('МедЛаб Скан', 'в Гемотесте'),
    or by its first word when that is capitalised and distinctive ('from Quest' → 'Quest
    Diagnostics'). The longest match wins; a full name beats a first word.

    >>> [m.lab for m in find_labs("ферритин в МедЛаб Скан", ["Инвитро", "МедЛаб Скан"])]
    ['МедЛаб Скан']
    """
    tokens = words(text)
    typed = [fold(w) for w, _, _ in tokens]
    stored = {lab: [fold(w) for w, _, _ in words(lab)] for lab in labs}
    found: list[LabMention] = []
    i = 0
    while i < len(tokens):
        best: tuple[int, bool] = (0, False)
        chosen: list[str] = []
        for lab, parts in stored.items():
            n = 0
            while n < len(parts) and i + n < len(tokens) and _same_word(typed[i + n], parts[n]):
                n += 1
            complete = n == len(parts)
            before = tokens[i - 1][0] if i else None
            if n == 0 or (not complete and not _first_word_alone(tokens[i][0], parts[0], before)):
                continue
            if (n, complete) > best:
                best, chosen = (n, complete), [lab]
            elif (n, complete) == best:
                chosen.append(lab)
        n = best[0]
        if not n:
            i += 1
            continue
        found += [LabMention(lab, tokens[i][1], tokens[i + n - 1][2]) for lab in chosen]
        i += n
    return found
