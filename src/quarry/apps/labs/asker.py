"""First-person questions: "my vitamin D", «мои анализы», «мої результати», "mis resultados",
"did I have", «у меня», «сдаю» (issue 19, item 4). The words are `data/asker.toml`; this is
the grammar.

A patient key's first-person question means that patient: the database shows a patient key only
its own rows (row-level security, labs migration 005), so the question runs as asked. Anyone
else (a clinician, an admin, the local CLI, no key) is asked whose results are meant, because
answering would show every patient's rows as if they were the asker's.

>>> speaks_of_self("show my vitamin D results", "en"), speaks_of_self("show me vitamin D results", "en")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from quarry.auth import Principal
from quarry.nlu.lexicon import load_lexicon

from .lemmas import SLAVIC, Item, Phrase, Word, lexicon_languages, phrases, read, spans

NOT_SELF_REACH = 2
"""How many words after a possessive may name someone else ("my female patients")."""


@dataclass(frozen=True)
class _Lexicon:
    asker: tuple[Phrase, ...]
    own: tuple[Phrase, ...]
    pronouns: tuple[Phrase, ...]
    request: tuple[Phrase, ...]
    skip: tuple[Phrase, ...]
    not_self: tuple[Phrase, ...]


@lru_cache(maxsize=8)
def _lexicon(langs: tuple[str, ...]) -> _Lexicon:
    data = load_lexicon("quarry.apps.labs", "asker")
    return _Lexicon(
        *(phrases(data[name], langs) for name in ("self", "own", "pronouns", "request", "skip", "not_self"))
    )


def _is(word: Word, candidates: tuple[Phrase, ...]) -> bool:
    """`word` is one of the one-word phrases in `candidates`."""
    return any(len(p) == 1 and isinstance(p[0], Item) and p[0].matches(word) for p in candidates)


def _neighbours(words: Sequence[Word], i: int, lex: _Lexicon) -> list[Word]:
    """The words either side of word `i` in its sentence, looking past particles ("мне бы")."""
    out: list[Word] = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(words) and words[j].sentence == words[i].sentence and _is(words[j], lex.skip):
            j += step
        if 0 <= j < len(words) and words[j].sentence == words[i].sentence:
            out.append(words[j])
    return out


def _speaks_as_self(words: Sequence[Word], i: int, lex: _Lexicon) -> bool:
    """Word `i` is a pronoun of the asker that is not just part of a request ("I want", «мне нужно»)."""
    return _is(words[i], lex.pronouns) and not any(_is(n, lex.request) for n in _neighbours(words, i, lex))


def _first_person_verb(word: Word, language: str, lex: _Lexicon) -> bool:
    """A Russian or Ukrainian verb in the first person singular («сдаю», «приймаю»), most likely
    reading only, that is not a request («хочу», «прошу»)."""
    own = word.readings_in(language)
    if not own:
        return False
    best = own[0]
    return {"VERB", "1per", "sing"} <= best.grammemes and not _is(word, lex.request)


def first_person(words: Sequence[Word], language: str) -> bool:
    """True when the words (see `lemmas.read`) ask about the asker's own results."""
    lex = _lexicon(lexicon_languages(language))
    # Pronouns and their requests are read in the question's own language only: Spanish "me"
    # is the asker, English "me" in "show me" is not.
    own_lex = _lexicon(SLAVIC if language in SLAVIC else (language,))
    for items in lex.asker:
        for _, last in spans(words, items):
            after = words[last + 1 : last + 1 + NOT_SELF_REACH]
            if not any(w.sentence == words[last].sentence and _is(w, lex.not_self) for w in after):
                return True
    if any(_speaks_as_self(words, i, own_lex) for i in range(len(words))):
        return True
    slavic = language in SLAVIC
    if slavic and any(_first_person_verb(w, language, own_lex) for w in words):
        return True
    # «свой» is the asker's own only when the asker is the one speaking of it.
    speaker = any(_is(w, own_lex.pronouns) or (slavic and _first_person_verb(w, language, own_lex)) for w in words)
    return speaker and any(_is(w, lex.own) for w in words)


def speaks_of_self(question: str, language: str) -> bool:
    """True when `question` (in `language`: ru, uk, en or es) asks about the asker's own results."""
    # "i.e." and "e.g." are abbreviations, not the pronoun "I" ("new pts per year? i.e. count people…").
    return first_person(read(_ABBREVIATIONS.sub(" ", question)), language)


_ABBREVIATIONS = re.compile(r"(?<!\w)(?:i\.\s?e\.|e\.\s?g\.)", re.IGNORECASE)


def means_its_patient(principal: Principal) -> bool:
    """A patient key: its first-person questions mean its own patient."""
    return principal.role == "patient" and principal.patient_id is not None


def whose_question(language: str) -> str:
    """What labs asks back about a first-person question it cannot attribute, in `language`."""
    texts = load_lexicon("quarry.apps.labs", "asker")["question"]
    return str(texts.get(language, texts["en"]))
