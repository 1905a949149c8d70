"""Russian and Ukrainian words in any grammatical case, read back to their dictionary form
(pymorphy3 with its ru/uk dictionaries): "анализы Фёдоровой Юлии Ивановны" names the patient
Фёдорова Юлия Ивановна; "у Петренка" names Петренко.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

_NAME_TAGS = ("Surn", "Name", "Patr")


@lru_cache(maxsize=2)
def _analyzer(lang: str) -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=lang)


@lru_cache(maxsize=8192)
def lemma(word: str, lang: str) -> str:
    """The dictionary form of `word` (lower case), its most likely reading."""
    return str(_analyzer(lang).parse(word)[0].normal_form)


def lemma_and_tags(word: str, lang: str) -> tuple[str, str]:
    """(dictionary form, grammatical tags) of the most likely reading, e.g. ("дешёвый", "COMP,Qual")."""
    parse = _analyzer(lang).parse(word)[0]
    return str(parse.normal_form), str(parse.tag)


def readings(word: str, lang: str) -> list[tuple[str, str]]:
    """Every (dictionary form, grammatical tags) reading of `word`, most likely first: «удали» is the
    noun «удаль» and the imperative of «удалить», «мені» a noun and the pronoun «я»."""
    return [(str(p.normal_form), str(p.tag)) for p in _analyzer(lang).parse(word)]


def name_nominatives(word: str, lang: str) -> list[str]:
    """The nominative forms a name word may stand for, keeping its gender ("Фёдоровой" →
    ["Фёдорова"], "Петренка" → ["Петренко", "Петренок"…]); the word itself first when it is already
    nominative. Capitalised like the input."""
    out: list[str] = []
    for p in _analyzer(lang).parse(word):
        tag = p.tag
        if not any(t in tag for t in _NAME_TAGS) and "NOUN" not in tag:
            continue
        form = p.inflect({"nomn", "sing"}) or p.inflect({"nomn"})  # Ukrainian surnames carry no number
        if form is None:
            continue
        text = str(form.word)
        out.append(text[:1].upper() + text[1:] if word[:1].isupper() else text)
    return list(dict.fromkeys([*([word] if not out else []), *out]))


def name_readings(word: str, lang: str) -> list[tuple[str, str | None]]:
    """(nominative singular, 'M' | 'F' | None) of each reading of `word` as a name or a noun:
    «Петренка» → ("Петренко", "M"); «Фёдоровой» → ("Фёдорова", "F"). Lower case."""
    out: list[tuple[str, str | None]] = []
    for parse in _analyzer(lang).parse(word):
        tag = parse.tag
        if not any(t in tag for t in _NAME_TAGS) and "NOUN" not in tag:
            continue
        form = parse.inflect({"nomn", "sing"}) or parse.inflect({"nomn"})
        if form is not None:
            out.append((str(form.word), "M" if "masc" in tag else "F" if "femn" in tag else None))
    return out


def is_name_word(word: str, lang: str) -> bool:
    """True when some reading of `word` is a first name, surname or patronymic."""
    return any(any(t in p.tag for t in _NAME_TAGS) for p in _analyzer(lang).parse(word))


def is_name_word_in(word: str, langs: tuple[str, ...]) -> bool:
    """True when `word` reads as a first name, surname or patronymic in one of `langs` whose
    dictionary knows it, or in any of them when none does: «Проверь» is a Russian verb, not the
    surname the Ukrainian dictionary guesses for a word it has never seen."""
    known = knowing(word, langs)
    if any(_analyzer(lang).parse(word)[0].tag.POS in _FUNCTION_POS for lang in known):
        return False  # «По», «Найди»: a preposition or a verb first, whatever rare name it may also be
    return any(is_name_word(word, lang) for lang in known or langs)


_FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL", "NPRO", "INTJ", "PRED", "VERB", "INFN"})


def knowing(word: str, langs: tuple[str, ...]) -> tuple[str, ...]:
    """The languages of `langs` (Russian, Ukrainian) whose dictionary holds `word` in some form: only
    they say what the word is (for an unknown word the analyser only guesses)."""
    return tuple(lang for lang in langs if lang in ("ru", "uk") and _analyzer(lang).word_is_known(word))


def is_known_word(word: str, langs: tuple[str, ...]) -> bool:
    """True when the dictionary of one of `langs` (Russian, Ukrainian) holds `word` in some form."""
    return bool(knowing(word, langs))
