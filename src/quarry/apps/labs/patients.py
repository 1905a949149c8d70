"""Which patient a question names, read against `patients.full_name` itself.

A name is found in any word order, in any grammatical case («анализы Фёдоровой Юлии»,
«Савченку Івану»: each word is read back to its nominative with pymorphy3, keeping the gender
the ending shows), as a possessive ("Sarah Martin's"), in lower case, without accents
("pablo garcia") and with a typing slip ("Jennifer Jone's"). Every patient whose name holds all
the words of the mention is a candidate: one candidate is the patient; several (two Sarah
Browns, four Кузнецов) are asked back with their birth years, and a birth year in the question
picks among them. Nothing here widens a query: a mention that fits no one is left to the
caller, which asks back rather than answering about everyone.
"""

from __future__ import annotations

import re
import threading
import time
import tomllib
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

from rapidfuzz.distance import OSA

from quarry.auth.scope import scope_of
from quarry.caller import current_principal
from quarry.db import Database, database_url
from quarry.nlu.coverage import stopwords
from quarry.nlu.fuzzy import edits_allowed
from quarry.nlu.inflect import is_name_word_in, name_readings
from quarry.nlu.romanize import name_key, name_skeleton
from quarry.nlu.text import fold, plain
from quarry.settings import Settings

_CUES = Path(__file__).with_name("data") / "name_cues.toml"
_TOKEN = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"(?:'s|s')$", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)(19[2-9]\d|200\d|201\d)(?!\d)")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
REMEMBER_S = 60.0
"""How long a worker reuses the list of patients (new patients arrive with an ingest)."""


@dataclass(frozen=True)
class Patient:
    id: int
    full_name: str
    sex: str
    birth_year: int
    words: tuple[str, ...]
    """The folded words of the full name."""


@dataclass(frozen=True)
class NameMention:
    """Words of the question that name patients, and every patient they fit."""

    text: str
    start: int
    end: int
    patients: tuple[Patient, ...]
    born: tuple[int, int] | None = None
    """Where the birth year that told namesakes apart is in the question (not a period)."""
    family: bool = False
    """A surname in the plural after a quantifier ("each of the Taylors"): every patient of it is
    meant, not one to be asked about."""

    @property
    def patient(self) -> Patient | None:
        """The one patient meant, or None when several fit."""
        return self.patients[0] if len(self.patients) == 1 else None


@dataclass(frozen=True)
class _Reading:
    word: str
    """A folded nominative the typed word may stand for."""
    sex: str | None
    """'M' or 'F' when the ending shows it (a declined form), else None."""


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    end: int
    readings: tuple[_Reading, ...]


@cache
def _cue_table(key: str) -> frozenset[str]:
    data = tomllib.loads(_CUES.read_text(encoding="utf-8"))
    return frozenset(fold(w) for words in data[key].values() for w in words)


def _cues() -> frozenset[str]:
    return _cue_table("cues")


@lru_cache(maxsize=4096)
def _readings(word: str) -> tuple[_Reading, ...]:
    """The nominatives `word` may stand for: itself first, then (Cyrillic) each name or noun
    reading of pymorphy3's Russian and Ukrainian dictionaries put in the nominative singular."""
    bare = _POSSESSIVE.sub("", word)
    out = [_Reading(fold(bare), None)]
    if _CYRILLIC.search(bare):
        for lang in ("ru", "uk"):
            for nominative, sex in name_readings(bare, lang):
                if fold(nominative) != out[0].word:
                    out.append(_Reading(fold(nominative), sex))
    return tuple(dict.fromkeys(out))


_roster: dict[str, tuple[float, tuple[Patient, ...], frozenset[str]]] = {}
_roster_lock = threading.Lock()


def roster(db: Database, settings: Settings) -> tuple[tuple[Patient, ...], frozenset[str]]:
    """Every patient, and the folded words of the laboratories' names (never read as a person)."""
    key = database_url(settings)
    now = time.monotonic()
    with _roster_lock:
        hit = _roster.get(key)
    if hit is not None and now - hit[0] < REMEMBER_S:
        return hit[1], hit[2]
    rows = db.fetch_all("SELECT id, full_name, sex, birth_date FROM patients ORDER BY id")
    labs = db.fetch_all("SELECT DISTINCT lab_name FROM lab_reports")
    patients = tuple(
        Patient(
            int(r["id"]),
            str(r["full_name"]),
            str(r["sex"]),
            (r["birth_date"] if isinstance(r["birth_date"], date) else date.fromisoformat(str(r["birth_date"]))).year,
            tuple(fold(w) for w in _TOKEN.findall(plain(str(r["full_name"])))),
        )
        for r in rows
    )
    lab_words = frozenset(fold(w) for r in labs for w in _TOKEN.findall(plain(str(r["lab_name"]))))
    with _roster_lock:
        _roster[key] = (now, patients, lab_words)
    return patients, lab_words


def forget_roster() -> None:
    """Drop the remembered patients (after an ingest)."""
    with _roster_lock:
        _roster.clear()


def _word_index(patients: tuple[Patient, ...]) -> dict[str, set[int]]:
    index: dict[str, set[int]] = {}
    for p in patients:
        for w in p.words:
            index.setdefault(w, set()).add(p.id)
    return index


def _fits(token: _Token, patient: Patient, *, slips: bool, heard: bool = False) -> set[str]:
    """The words of `patient`'s name `token` can be (by a reading, or a typing slip when `slips`, or
    written by ear in the other script when `heard`)."""
    out: set[str] = set()
    for r in token.readings:
        if r.sex is not None and r.sex != patient.sex:
            continue  # «Петренка» is a man's name declined; a woman's -енко never declines
        for w in patient.words:
            if r.word == w or (slips and _slip(r.word, w)) or _romanised(r.word, w, slips=slips, heard=heard):
                out.add(w)
    return out


def _romanised(typed: str, word: str, *, slips: bool, heard: bool = False) -> bool:
    """`typed` is `word` in another script or romanisation ("alexey" / «алексей», «олийник» /
    «олійник»): the same spelling key, or a typing slip of it when `slips`; or, when `heard`, an
    English name written by ear in Cyrillic or back (the same consonants: «Дэниел» / "Daniel")."""
    if typed.isascii() == word.isascii() and not _CYRILLIC_ONLY.fullmatch(typed + word):
        return False
    a, b = name_key(typed), name_key(word)
    if a == b or (slips and _slip(a, b)):
        return True
    return heard and typed.isascii() != word.isascii() and _same_sounds(typed, word)


def _same_sounds(typed: str, word: str) -> bool:
    a, b = name_skeleton(typed), name_skeleton(word)
    return len(a) >= 2 and a == b


_CYRILLIC_ONLY = re.compile(r"[\u0400-\u04ff'’-]+")


def _slip(typed: str, word: str) -> bool:
    """`typed` is `word` with a few typing slips ("jone" for "jones"); the first letter agrees. A
    word of three letters may miss one letter of a four-letter name ("jon" for "john"): slips are
    read only beside a word typed right, so the pair is still evidence."""
    if len(typed) < 3 or typed[0] != word[0]:
        return False
    allowed = 1 if len(typed) == 3 and len(word) == 4 else edits_allowed(len(typed))
    return OSA.distance(typed, word, score_cutoff=allowed) <= allowed


def _covers(tokens: list[_Token], patient: Patient, *, slips: bool) -> bool:
    """True when every token is a different word of `patient`'s name (written by ear in the other
    script only as a whole name of two words or more: «Дэниела Джексона», never «Томас» alone)."""
    options = [_fits(t, patient, slips=slips, heard=len(tokens) > 1) for t in tokens]
    if any(not o for o in options):
        return False

    def assign(i: int, used: frozenset[str]) -> bool:
        return i == len(options) or any(assign(i + 1, used | {w}) for w in options[i] - used)

    return assign(0, frozenset())


def find_patient_mention(question: str, patients: tuple[Patient, ...], lab_words: frozenset[str]) -> NameMention | None:
    """The words of `question` that name patients (the longest run of name words that fits
    someone), with every patient they fit; None when no run of words names anyone."""
    family = find_family(question, patients)
    if family is not None:
        return family
    text = plain(question)
    index = _word_index(patients)
    by_id = {p.id: p for p in patients}
    tokens = [
        _unmarked_possessive(_Token(m.group(), m.start(), m.end(), _readings(m.group())), index)
        for m in _TOKEN.finditer(text)
    ]
    tested = _test_words(text)
    # Typed right: a word of some patient's name as written, or in another script («Alexey»).
    keys = {name_key(w) for w in index}
    sounds = {name_skeleton(w) for w in index}
    exact = [
        fold(t.text) not in lab_words and any(r.word in index or name_key(r.word) in keys for r in t.readings)
        for t in tokens
    ]
    # A capitalised name written by ear in the other script counts as typed right beside another.
    heard = [t.text[:1].isupper() and any(name_skeleton(r.word) in sounds for r in t.readings) for t in tokens]
    best: tuple[int, int, int, list[Patient]] | None = None  # (words, start, end, patients)
    for i in range(len(tokens)):
        governed = i > 0 and fold(tokens[i - 1].text) in _cue_table("genitive")
        for j in range(i + 1, min(len(tokens), i + 4) + 1):
            run = [_declined(t) for t in tokens[i:j]] if governed else tokens[i:j]
            if any(fold(t.text) in lab_words for t in run):
                break
            if not _plausible(
                run, tokens, i, [e or (h and j - i > 1) for e, h in zip(exact, heard, strict=True)], tested
            ):
                continue
            # Slips only beside a word typed right: one misspelt word alone is no evidence of a name.
            slips = len(run) > 1 and any(exact[i:j])
            # A name every word of which is typed right is not also a typo of another name:
            # «Иванову Анну» is Иванова Анна, not Новикова Анна Ивановна by one letter.
            fit = [p for p in patients if _covers(run, p, slips=False)]
            if not fit and slips:
                fit = [p for p in patients if _covers(run, p, slips=True)]
            if not fit:
                continue
            if best is None or len(run) > best[0]:
                best = (len(run), i, j, fit)
    if best is None:
        return None
    _n, i, j, fit = best
    i, j, fit = _initials(text, tokens, i, j, fit)
    if _name_like(tokens, i - 1) or (_name_like(tokens, j) and not _POSSESSIVE.search(tokens[j - 1].text)):
        # «Иванова Петра Сергеевича» is not the Иванова of the data with two words left over: it
        # names someone the data does not hold.
        i, j = (i - 1 if _name_like(tokens, i - 1) else i), (j + 1 if _name_like(tokens, j) else j)
        fit = []
    fit = _in_order(tokens[i:j], fit)
    fit, born = _by_birth_year(question, fit)
    start, end = tokens[i].start, tokens[j - 1].end
    return NameMention(question[start:end], start, end, tuple(by_id[p.id] for p in fit), born)


def find_family(question: str, patients: tuple[Patient, ...]) -> NameMention | None:
    """ "each of the Taylors", «каждой из Степановых», «кожного з Руденків», "cada uno de los
    Jiménez Díaz": a quantifier, then capitalised words that are a surname in the plural. Every
    patient whose name holds those words side by side (each word as said, or its plural: a stem
    of four letters or more with at most three letters more) is meant; a quantifier for women only
    keeps the women. None when no quantifier opens such words, or they fit no one."""
    text = plain(question)
    folded = fold(text)
    for cue in sorted(_cue_table("family"), key=len, reverse=True):
        for m in re.finditer(rf"(?<!\w){re.escape(cue)}\s+", folded):
            words = _capitalised_after(text, m.end())
            if not words:
                continue
            said = [fold(w) for w, _, _ in words]
            # A surname said as it is stored ("every Johnson") means those patients only, never the
            # names it could be a plural of ("John").
            exact = [p for p in patients if _holds_as_said(p.words, said)]
            members = exact or [p for p in patients if _holds_plural(p.words, said)]
            if cue in _cue_table("family_women"):
                members = [p for p in members if p.sex == "F"]
            if len(members) >= 2 or (members and len(said) > 1):
                start, end = words[0][1], words[-1][2]
                return NameMention(question[start:end], start, end, tuple(members), family=True)
    return None


def _capitalised_after(text: str, at: int) -> list[tuple[str, int, int]]:
    """The run of capitalised words that starts at `at` (at most three)."""
    out: list[tuple[str, int, int]] = []
    for m in _TOKEN.finditer(text, at):
        if (m.start() != at and text[at : m.start()].strip()) or not m.group()[:1].isupper() or len(out) == 3:
            break
        out.append((m.group(), m.start(), m.end()))
        at = m.end()
    return out


def _holds_as_said(name: tuple[str, ...], said: list[str]) -> bool:
    """The name holds the said words side by side, each exactly as said."""
    n = len(said)
    return any(list(name[k : k + n]) == said for k in range(len(name) - n + 1))


def _holds_plural(name: tuple[str, ...], said: list[str]) -> bool:
    """The name holds the said words side by side, each as said or as its plural."""
    n = len(said)
    return any(all(_plural_of(name[k + i], w) for i, w in enumerate(said)) for k in range(len(name) - n + 1))


def _plural_of(word: str, said: str) -> bool:
    if said == word:
        return True
    stem = word.rstrip("aeiouаеиоуыяюєії")
    return len(stem) >= 4 and said.startswith(stem) and len(said) - len(stem) <= 3 and said != stem


def _declined(token: _Token) -> _Token:
    """The token after a preposition that takes the genitive («у Козлова», «для Петренка»): the
    word as typed is then no nominative, so only its declined readings stay (when it has any)."""
    declined = tuple(r for r in token.readings if r.sex is not None)
    return _Token(token.text, token.start, token.end, declined) if declined else token


def _initials(text: str, tokens: list[_Token], i: int, j: int, fit: list[Patient]) -> tuple[int, int, list[Patient]]:
    """Initials beside a surname («Козлова А. С.», "J. Smith"): single capital letters with a full
    stop that must open the patient's other name words; they join the mention and narrow who
    fits. A capital letter without one («…Олександрівну. В яких…») opens a new sentence."""
    after = j
    while after < len(tokens) and _initial(tokens[after]) and text[tokens[after].end : tokens[after].end + 1] == ".":
        after += 1
    before = i
    while (
        before > 0 and _initial(tokens[before - 1]) and text[tokens[before - 1].end : tokens[before - 1].end + 1] == "."
    ):
        before -= 1
    letters = [fold(t.text) for t in tokens[before:i] + tokens[j:after]]
    if not letters:
        return i, j, fit
    named = {w for t in tokens[i:j] for r in t.readings for w in [r.word]}

    def opens(p: Patient) -> bool:
        rest = [w[0] for w in p.words if w not in named]
        return all(rest.count(c) >= letters.count(c) for c in set(letters))

    return before, after, [p for p in fit if opens(p)]


@lru_cache(maxsize=4096)
def _names_a_test(word: str) -> bool:
    from .knowledge import find_mentions

    return bool(find_mentions(word))


def _initial(token: _Token) -> bool:
    return len(token.text) == 1 and token.text.isupper()


def _name_like(tokens: list[_Token], k: int) -> bool:
    """A capitalised word next to a name that reads as a name itself: a first name, surname or
    patronymic in a dictionary that knows the word, or a capitalised Latin word that does not open
    the sentence, is no title ("Sr.", "Dr") and no acronym ("ESR", "HbA1c")."""
    if k < 0 or k >= len(tokens) or not tokens[k].text[:1].isupper() or _initial(tokens[k]):
        return False
    word = tokens[k].text
    if fold(word) in _cue_table("speaker"):
        return False  # "I'm Jessica Jackson": the speaker introduces the name
    if fold(word) in _cues() or _names_a_test(word):
        return False  # "Sr.", «Креатинин Смирнова …»: a title or a test, not more of the name
    if _CYRILLIC.search(word):
        return is_name_word_in(word, ("ru", "uk"))
    return k > 0 and word[1:].islower()


def _plausible(run: list[_Token], tokens: list[_Token], i: int, exact: list[bool], tested: frozenset[int]) -> bool:
    """A run may be a name: two or more words, or one capitalised word, or one word after a cue
    ("у алексеевой", "de gomez"), or one lower-case word that is a word of someone's name as typed
    and nothing else the question uses («ферритин кузнецовой», "the wilson lady"): dropping it
    would widen the question to every patient, so it is read as the name (asked back when several
    patients have it)."""
    if len(run) > 1:
        return any(exact[i : i + len(run)])
    word = run[0].text
    if not exact[i] and not word[:1].isupper():
        return False
    if exact[i] and _POSSESSIVE.search(word):
        return True  # "anderson's glucose": a possessive names someone, in any case
    if exact[i] and _lone_name_word(run[0], tested):
        return True
    if word[:1].isupper() and len(word) >= 3:
        return True
    return i > 0 and fold(tokens[i - 1].text) in _cues()


def _lone_name_word(token: _Token, tested: frozenset[int]) -> bool:
    """A lower-case word that can only be a name here: no function word of the four languages,
    no part of a test's name in this question ("white" in "white cell count"), and in Cyrillic a
    name by the dictionary («кузнецовой»)."""
    word = token.text
    if token.start in tested or word.lower() in stopwords(("en", "ru", "uk", "es")) or len(word) < 4:
        return False
    if fold(word) in _cues() or fold(word) in _cue_table("speaker"):
        return False
    if _CYRILLIC.search(word):
        return is_name_word_in(word, ("ru", "uk"))
    return True


def _test_words(text: str) -> frozenset[int]:
    """Where the words naming tests start in `text` (character offsets)."""
    from .knowledge import find_mentions, words

    spans = words(text)
    return frozenset(spans[k][1] for m in find_mentions(text) for k in range(m.start, m.end))


def _unmarked_possessive(token: _Token, index: dict[str, set[int]]) -> _Token:
    """ "jacksons ldl": a Latin name with the possessive's s and no apostrophe reads as the name,
    when the word as typed names no one ("williams" stays Williams)."""
    word = fold(token.text)
    if not token.text.isascii() or len(word) < 5 or not word.endswith("s") or word in index or word[:-1] not in index:
        return token
    return _Token(token.text, token.start, token.end, (_Reading(word[:-1], None),))


def _in_order(run: list[_Token], fit: list[Patient]) -> list[Patient]:
    """Of several patients, the one whose name holds the words as said, side by side and in order:
    "Elena López" is Elena López Sánchez (a given name and the first surname), not Elena Martínez
    López. Only when exactly one does; Cyrillic names (declined, any order) are left as they are."""
    if len(fit) < 2 or any(_CYRILLIC.search(t.text) for t in run):
        return fit
    said = [t.readings[0].word for t in run]
    exact = [p for p in fit if any(list(p.words[k : k + len(said)]) == said for k in range(len(p.words)))]
    return exact if len(exact) == 1 else fit


def _by_birth_year(question: str, fit: list[Patient]) -> tuple[list[Patient], tuple[int, int] | None]:
    """Namesakes told apart by a birth year in the question ("the Sarah Brown born in 1988"), and
    where that year is."""
    if len(fit) < 2:
        return fit, None
    for m in _YEAR.finditer(question):
        narrowed = [p for p in fit if p.birth_year == int(m.group())]
        if narrowed:
            return narrowed, m.span()
    return fit, None


def read_patient(question: str, db: Database, settings: Settings) -> NameMention | None:
    """The patients `question` names, among those the caller may see: a patient key sees only
    itself, so a name of anyone else reads as no one (and is asked back, revealing nothing)."""
    patients, lab_words = roster(db, settings)
    kind, ident = scope_of(current_principal())
    if kind == "patient":
        patients = tuple(p for p in patients if str(p.id) == ident)
    elif kind not in ("all", "patients"):
        patients = ()
    return find_patient_mention(question, patients, lab_words)
