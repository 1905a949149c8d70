"""What labs declines before any SQL is written: requests to change data, medical advice and
personal data beyond names (issue 19). The words are `data/refusals.toml`; this is the grammar.

- write_request: a verb that changes data, in a form that asks for the change (Russian and
  Ukrainian by pymorphy3's tags, Spanish by its imperative and infinitive endings, English by the
  base form where a request starts); a description of what happened passes.
- medical_advice: a dose, treatment, "should I…", "is it dangerous", or a disease named as a
  diagnosis ("do I have diabetes", «это диабет?», "¿tengo anemia?", "my results … anemia").
- personal_data: contacts, addresses, identifiers, full birth dates (the birth year passes).

A question that asks for data and for one of these is refused all the same.

>>> refusal_of("Delete all glucose results of patient Ivanova", "en").reason
'write_request'
>>> refusal_of("change in HbA1c over time", "en") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, get_args

from quarry.nlu.lexicon import load_lexicon

from .asker import first_person
from .lemmas import SLAVIC, Phrase, Word, ends_before, find, lexicon_languages, phrases, read, spans

RefusalCode = Literal["write_request", "medical_advice", "personal_data"]
"""Why a question is refused (a subset of `models.ReasonCode`)."""
DIAGNOSIS_REACH = 4
"""How many words after a diagnosis frame ("do I have") a disease may come."""
_ES_ENDINGS = (
    r"(?:a|e|an|en|ad|ed|id|ar|er|ir)(?:lo|la|los|las|le|les|me|nos|se|selo|sela|selos|selas|melo|mela|melos|melas)?"
)
"""Spanish imperative and infinitive endings, with the pronouns written onto them ("bórralos")."""
_ASKING_FORMS = frozenset({"impr", "INFN", "infn", "2per"})


@dataclass(frozen=True)
class Refusal:
    """A question labs does not answer, and the sentence that says why."""

    reason: RefusalCode
    explanation: str
    """One sentence in the question's language."""


@dataclass(frozen=True)
class _Lexicon:
    verbs: frozenset[str]
    """en: base forms; ru/uk: dictionary forms (folded); es: stems."""
    spanish: re.Pattern[str] | None
    before: tuple[Phrase, ...]
    noun_after: frozenset[str]
    also_nouns: frozenset[str]
    objects: frozenset[str]
    medical: tuple[Phrase, ...]
    adds: tuple[Phrase, ...]
    """"add" with something new or a record after it: data to be added."""
    diseases: tuple[Phrase, ...]
    frames: tuple[Phrase, ...]
    personal: tuple[Phrase, ...]


def _table() -> dict[str, Any]:
    return load_lexicon("quarry.apps.labs", "refusals")


@lru_cache(maxsize=8)
def _lexicon(langs: tuple[str, ...]) -> _Lexicon:
    data = _table()
    write = data["write"]
    verbs = {str(v) for lang in langs if lang != "es" for v in write["verbs"].get(lang, ())}
    stems = [str(s) for s in write["verbs"].get("es", ())] if "es" in langs else []
    spanish = re.compile(rf"^(?:{'|'.join(map(re.escape, stems))}){_ES_ENDINGS}$") if stems else None
    return _Lexicon(
        verbs=frozenset(verbs),
        spanish=spanish,
        before=phrases(write["before"], langs),
        noun_after=_words(write["noun_after"], langs),
        also_nouns=_words(write["also_nouns"], langs),
        objects=_words(write["objects"], langs),
        medical=phrases(data["medical"], langs),
        adds=phrases(write["add"], langs),
        diseases=phrases(data["diseases"], langs),
        frames=phrases(data["diagnosis_frames"], langs),
        personal=phrases(data["personal"], langs),
    )


def _words(table: dict[str, list[str]], langs: tuple[str, ...]) -> frozenset[str]:
    return frozenset(str(w) for lang in langs for w in table.get(lang, ()))


def _participles(verb: str) -> set[str]:
    """The past participles an English verb may have: deleted, dropped, modified, reset."""
    return {verb, verb + "d", verb + "ed", verb + verb[-1] + "ed", verb[:-1] + "ied"}


def _requested(words: Sequence[Word], i: int, lex: _Lexicon) -> bool:
    """Word `i` stands where a request starts: heading its clause or after "please", "can you"…"""
    return words[i].opens or ends_before(words, i, lex.before)


def _has_object(word: Word | None, lex: _Lexicon) -> bool:
    """`word` starts what an English verb acts on: "the …", "Ivanova's …", a capitalised name."""
    return word is not None and (word.key in lex.objects or word.key.endswith("'s") or word.text[:1].isupper())


def _owned_after(words: Sequence[Word], i: int) -> bool:
    """A possessive within the next three words of the clause ("change emma white's last ferritin"):
    a name however it is typed, so the verb acts on someone's data."""
    after = [w for w in words[i + 1 : i + 4] if w.sentence == words[i].sentence]
    return any(w.key.endswith("'s") or w.key.endswith("’s") for w in after)


def _english_write(words: Sequence[Word], i: int, lex: _Lexicon) -> bool:
    word = words[i]
    nxt = words[i + 1] if i + 1 < len(words) and words[i + 1].sentence == word.sentence else None
    if word.key in lex.verbs and (nxt is None or nxt.key not in lex.noun_after):
        if ends_before(words, i, lex.before):
            return True
        if word.opens and (word.key not in lex.also_nouns or _has_object(nxt, lex) or _owned_after(words, i)):
            return True
    # "should be deleted", "can it be removed": a passive request
    before = words[i - 1].key if i > 0 else ""
    return before == "be" and any(word.key in _participles(v) for v in lex.verbs if v.isascii())


def _slavic_write(words: Sequence[Word], i: int, lex: _Lexicon, lang: str) -> bool:
    """An imperative, infinitive or second-person form of a verb that changes data. A word that
    also reads as something else (the noun «зміни», «удали») counts only heading a request with an
    object after it: «Зміни результат» asks, «Зміни гемоглобіну за рік» names changes."""
    word = words[i]
    own = word.readings_in(lang)
    asking = [
        r for r in own
        if r.lemma in lex.verbs
        and (r.grammemes & _ASKING_FORMS or ({"1per", "plur"} <= r.grammemes and "past" not in r.grammemes))
    ]  # fmt: skip
    if not asking:
        return False
    if all(r.lemma in lex.verbs and r.grammemes & {"VERB", "INFN"} for r in own):
        return True
    nxt = words[i + 1] if i + 1 < len(words) else None
    has_object = nxt is not None and any("accs" in r.grammemes for r in nxt.readings_in(lang))
    return has_object and _requested(words, i, lex)


def _write_request(words: Sequence[Word], language: str, langs: tuple[str, ...]) -> bool:
    lex = _lexicon(langs)
    if find(words, *lex.adds) is not None:
        return True
    for i, word in enumerate(words):
        if word.key.isascii():
            if _english_write(words, i, lex):
                return True
            if lex.spanish is not None and lex.spanish.match(word.key) and _requested(words, i, lex):
                return True
        elif word.readings and any(_slavic_write(words, i, lex, lang) for lang in SLAVIC if lang in langs):
            return True
    return False


def _medical_advice(words: Sequence[Word], language: str, langs: tuple[str, ...]) -> bool:
    lex = _lexicon(langs)
    if find(words, *lex.medical) is not None:
        return True
    diseases = [start for items in lex.diseases for start, _ in spans(words, items)]
    if not diseases:
        return False
    frames = [last for items in lex.frames for _, last in spans(words, items)]
    if any(0 < start - last <= DIAGNOSIS_REACH for start in diseases for last in frames):
        return True
    return first_person(words, language)


def _personal_data(words: Sequence[Word], language: str, langs: tuple[str, ...]) -> bool:
    return find(words, *_lexicon(langs).personal) is not None


_CHECKS: tuple[tuple[RefusalCode, Callable[[Sequence[Word], str, tuple[str, ...]], bool]], ...] = (
    ("medical_advice", _medical_advice),
    ("write_request", _write_request),
    ("personal_data", _personal_data),
)
"""In order: the first that holds is the reason given. Medical advice comes first: «чи потрібно
змінювати дозу?» asks about a dose, not to change data, and its answer points to a clinician."""


def refusal_of(question: str, language: str) -> Refusal | None:
    """The refusal `question` gets (`language`: ru, uk, en or es, as detected), or None."""
    words = read(question)
    langs = lexicon_languages(language)
    for reason, holds in _CHECKS:
        if holds(words, language, langs):
            return Refusal(reason, answer(reason, language))
    return None


def answer(reason: RefusalCode, language: str) -> str:
    """The sentence that tells the user why, in `language` (English when there is none)."""
    texts = _table()["answers"][reason]
    return str(texts.get(language, texts["en"]))


REFUSAL_CODES: tuple[RefusalCode, ...] = get_args(RefusalCode)
