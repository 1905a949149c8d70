"""What a question counts or lists when it is not results: reports and laboratories.

"how many reports did each lab send", «сколько бланков пришло из Инвитро», «у яких лабораторіях
обстежувався…», "numero de informes por laboratorio", "which labs has X been to". The words are
data (`data/shapes.toml`, dictionary forms); Russian and Ukrainian words are read back to their
dictionary form first, so «бланков», «лабораториях» and «звітів» need no list of endings.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from quarry.nlu.inflect import knowing, lemma, readings
from quarry.nlu.numbers import words_to_digits
from quarry.nlu.text import fold, plain

_LEXICON = Path(__file__).with_name("data") / "shapes.toml"
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
Measure = Literal["results", "reports", "labs"]


@dataclass(frozen=True)
class Shape:
    """What the question asks for beyond results."""

    measure: Measure = "results"
    """What is counted or listed: results (default), reports, or laboratories."""
    counted: bool = False
    """A count ("how many reports") rather than a list ("which labs")."""
    per_lab: bool = False
    """Grouped by laboratory ("each lab", «по каждой лаборатории»)."""
    both_labs: bool = False
    """Every laboratory named is required ("at both X and Y")."""
    spans: tuple[tuple[int, int], ...] = ()
    """The words that said so (read, so nothing else reads them again)."""


@cache
def _lexicon() -> dict[str, frozenset[str]]:
    data = tomllib.loads(_LEXICON.read_text(encoding="utf-8"))
    return {key: frozenset(fold(w) for words in table.values() for w in words) for key, table in data.items()}


@lru_cache(maxsize=4096)
def _forms(word: str) -> frozenset[str]:
    """The word and its dictionary forms (Russian and Ukrainian readings)."""
    folded = fold(word)
    if not _CYRILLIC.search(word):
        return frozenset({folded})
    return frozenset({folded, fold(lemma(word, "ru")), fold(lemma(word, "uk"))})


def _is(forms: frozenset[str], key: str) -> bool:
    return bool(forms & _lexicon()[key])


def read_shape(question: str) -> Shape:
    """The measure, count and lab grouping the question asks for (results when it names none)."""
    text = plain(question)
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    forms = [_forms(w) for w, _, _ in tokens]
    words = [fold(w) for w, _, _ in tokens]
    pairs = {f"{a} {b}" for a, b in itertools.pairwise(words)}
    counted = any(_is(f, "count") for f in forms) or bool(pairs & _lexicon()["count"])
    spans: list[tuple[int, int]] = []
    measure: Measure = "results"
    per_lab = False
    for i, f in enumerate(forms):
        before = forms[max(0, i - 3) : i]
        after = forms[i + 1] if i + 1 < len(forms) else frozenset()
        if _is(f, "reports") and (counted or _grouped_after(forms, i) or any(_is(b, "which") for b in before)):
            # "how many reports", "reports per lab", "which reports": reports are what is told.
            measure = "reports"
            spans.append(tokens[i][1:])
        elif _is(f, "labs") and after & _lexicon()["lab_of"]:
            continue  # "lab results", "lab tests": results, not laboratories
        elif _is(f, "labs"):
            # «по годам и лабораториям», "by year and lab": a second key joined to a grouping word.
            joined = bool(before) and _is(before[-1], "and") and any(_is(b, "each") for b in before)
            if any(_is(b, "each") for b in before[-2:]) or joined or _each_after(words, i):
                per_lab = True
                spans.append((tokens[i - 1][1], tokens[i][2]) if i else tokens[i][1:])
            elif measure == "results" and (any(_is(b, "which") for b in before) or counted):
                measure = "labs"
                spans.append(tokens[i][1:])
    both = sum(1 for f in forms if _is(f, "both")) >= 1 and _two_labs_joined(words)
    return Shape(measure, counted and measure != "results", per_lab, both, tuple(spans))


def _grouped_after(forms: list[frozenset[str]], i: int) -> bool:
    """ "reports per lab", «звіти за лабораторіями», "informes por laboratorio", "reports per
    month", «звіти по кварталах»: a grouping word and a lab or a period right after the report word."""
    nxt = forms[i + 1 : i + 3]
    return len(nxt) == 2 and _is(nxt[0], "each") and (_is(nxt[1], "labs") or _is(nxt[1], "periods"))


def _each_after(words: list[str], i: int) -> bool:
    """ "which labs … and how many reports from each": the lab is the grouping, said after it."""
    rest = " ".join(words[i + 1 :])
    return any(
        re.search(rf"(?<!\w){re.escape(p)}$", rest) for p in ("each", "from each", "de cada", "в каждой", "з кожної")
    )


def ranked_top(question: str) -> int | None:
    """ "top 3 labs", «топ-3 лабораторії», "the 3 patients with the most reports": how many, when
    the question ranks."""
    text = fold(words_to_digits(plain(question)))  # "los dos pacientes", "top three labs"
    m = re.search(r"(?:top|топ|los|las|the)\s*-?\s*(\d{1,2})(?!\d)", text)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Ranking:
    """Patients or laboratories ranked by how many results or reports each has."""

    entity: Literal["patients", "labs", "year", "month"]
    """Who or what is ranked: patients, laboratories, or the years or months of the results ("in
    which year did she have the most tests")."""
    counted: Literal["results", "reports", "patients"]
    top: int | None
    """How many come first; None: all of them, the most first ("busiest lab first")."""
    spans: tuple[tuple[int, int], ...] = ()


# "more than 3 reports", «больше 3 бланков», "más de 3 informes": a threshold, not a ranking.
_THRESHOLD = re.compile(
    r"\b(?:more|fewer|less|m[aá]s|menos|больше|меньше|більше|менше)\s+(?:than|de|чем|ніж)?\s*\d"
    r"|\d+\s+(?:\w+\s+)?(?:o|or|или|або|чи)\s+(?:m[aá]s|more|больше|старше|більше|старше)\b"
)


def read_ranking(question: str, *, counted: Literal["results"] | None = None) -> Ranking | None:
    """ "top 5 patients by number of results", «топ-10 пациентов по числу бланков», "los 3 pacientes
    con más informes en Sinevo", «топ-3 лабораторії за кількістю результатів»: a ranking word, who is
    ranked (patients or labs) and what is counted (results or reports), in any order; None otherwise.
    `counted`: what is counted when no word says it (results, when the question names a test: "labs
    where HbA1c is most often above range, top 3")."""
    text = plain(question)
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    forms = [_forms(w) for w, _, _ in tokens]
    top = ranked_top(question)
    # "most recent", «más reciente»: the latest, not the most.
    cue = [i for i, f in enumerate(forms) if _is(f, "top") and not (i + 1 < len(forms) and _is(forms[i + 1], "latest"))]
    if top is None and (not cue or _THRESHOLD.search(fold(text))):
        return None
    kinds = ("patients_noun", "labs", "year_word", "month_word")
    entity = next(((i, k) for i, f in enumerate(forms) for k in kinds if _is(f, k)), None)
    said_counted = next(((i, k) for i, f in enumerate(forms) for k in ("reports", "results_noun") if _is(f, k)), None)
    if said_counted is None and entity is not None and entity[1] == "labs":
        # «топ-3 лаборатории по числу пациентов», "labs ranked by patients": the people each lab saw.
        said_counted = next(
            ((i, "patients_noun") for i, f in enumerate(forms) if i > entity[0] and _is(f, "patients_noun")), None
        )
    if entity is None or (said_counted is None and (counted is None or top is None)):
        return None  # with nothing counted by name, only "top N" ranks: "60 o más" is an age
    if said_counted is not None and entity[0] == said_counted[0]:
        return None
    what = said_counted[1] if said_counted is not None else "results_noun"
    # "топ-3" is one token: a ranking word with its number.
    said = [entity[0], *cue, *(i for i, (w, _, _) in enumerate(tokens) if re.match(r"(?:top|топ)\W*\d*$", fold(w)))]
    said += [said_counted[0]] if said_counted is not None else []
    number = words_to_digits(tokens[entity[0] - 1][0]) if entity[0] > 0 else ""
    if number.isdigit():  # "which 4 patients", «3 пациента», "los dos pacientes"
        top = top if top is not None else int(number)
        said.append(entity[0] - 1)
    if top is None and entity[1] == "labs" and _one_asked(tokens, forms, entity[0]):
        top = 1  # "which lab had the most …", «какая лаборатория …»: the one lab
    entities: dict[str, Literal["patients", "labs", "year", "month"]] = {
        "patients_noun": "patients",
        "labs": "labs",
        "year_word": "year",
        "month_word": "month",
    }
    return Ranking(
        entity=entities[entity[1]],
        counted="reports" if what == "reports" else "patients" if what == "patients_noun" else "results",
        top=top,
        spans=tuple(tokens[i][1:] for i in said),
    )


def _one_asked(tokens: list[tuple[str, int, int]], forms: list[frozenset[str]], i: int) -> bool:
    """A "which" word right before a noun in the singular ("which lab", «какая лаборатория», «яка
    лабораторія», "qué laboratorio"): one is asked for."""
    if i == 0 or not _is(forms[i - 1], "which"):
        return False
    word = tokens[i][0]
    if _CYRILLIC.search(word):
        # By the grammar of a dictionary that knows the word: «лаборатория» is one, «лаборатории» several.
        tags = [tag for lang in knowing(word, ("ru", "uk")) for _form, tag in readings(word, lang)]
        return any("nomn" in tag and "plur" not in tag for tag in tags)
    return not fold(word).endswith("s")


Counted = Literal["count", "count_patients", "count_reports", "count_labs"]
_COUNTED_KINDS: tuple[tuple[str, Counted], ...] = (
    ("results_noun", "count"), ("patients_noun", "count_patients"),
    ("reports", "count_reports"), ("labs", "count_labs"),
)  # fmt: skip


def counted_kinds(question: str) -> list[Counted]:
    """The measures of a question that counts several kinds of thing at once, in the order said
    ("how many results, from how many patients, across how many reports" → count, count_patients,
    count_reports); empty unless it counts and names two kinds or more."""
    tokens = [m.group() for m in _WORD.finditer(plain(question))]
    forms = [_forms(w) for w in tokens]
    words = [fold(w) for w in tokens]
    pairs = {f"{a} {b}" for a, b in itertools.pairwise(words)}
    if not (any(_is(f, "count") for f in forms) or pairs & _lexicon()["count"]):
        return []
    found: list[Counted] = []
    counted_at: set[int] = set()
    joins = {"and", "и", "і", "й", "та", "y", "e"}
    for i, f in enumerate(forms):
        near_count = any(
            _is(forms[k], "count") or f"{words[k]} {words[k + 1]}" in _lexicon()["count"]
            for k in range(max(0, i - 3), i)
        )
        listed = (i - 1) in counted_at or (i >= 2 and words[i - 1] in joins and (i - 2) in counted_at)
        if not (near_count or listed):
            continue
        after = forms[i + 1] if i + 1 < len(forms) else frozenset()
        for key, measure in _COUNTED_KINDS:
            grouping = i > 0 and _is(forms[i - 1], "each")  # "each lab": the grouping, not a count
            lab_of = key == "labs" and (bool(after & _lexicon()["lab_of"]) or grouping)
            if _is(f, key) and not lab_of:
                if measure not in found:
                    found.append(measure)
                counted_at.add(i)  # "results, patients and reports": the list goes on
                break
    return found if len(found) >= 2 else []


def says_reports(question: str) -> bool:
    """The question speaks of reports or visits («бланков», "informes"), in any form."""
    return any(_is(_forms(m.group()), "reports") for m in _WORD.finditer(plain(question)))


def joined_pair(question: str) -> bool:
    """The question pairs two things ("both … and …", «и … и …», "tanto … como …")."""
    return _two_labs_joined([fold(w) for w in _WORD.findall(plain(question))])


def _two_labs_joined(words: list[str]) -> bool:
    """'both … and …', «и … и …», «і … і …», «tanto … como …»: a pairing word that comes back."""
    lex = _lexicon()["both"]
    repeated = [w for w in words if w in lex]
    return "both" in repeated or "tanto" in repeated or "ambos" in repeated or len(repeated) >= 2


@dataclass(frozen=True)
class AgeBands:
    """Results grouped by the patient's age: below each start of `starts` up to the next, or in
    bands of `width` years; today's age, or the age on the day of the test."""

    starts: tuple[int, ...] = ()
    width: int | None = None
    at_test: bool = False
    span: tuple[int, int] = (0, 0)


_NUMBER = re.compile(r"(?<![\d.])(\d{1,3})(?![\d.])")
_WIDTH = re.compile(r"(\d{1,3})\s*-?\s*(?:years?|yr|летн\w*|річн\w*|рок\w*|лет|год\w*|años|-year)", re.IGNORECASE)


def age_at_test(question: str) -> bool:
    """The question wants the age on the day of the test ("at the time of the test", «на момент
    анализа», "al hacerse el análisis"), not today's."""
    text = fold(plain(question))
    return any(phrase in text for phrase in _lexicon()["age_at_test"])


def read_age_bands(question: str) -> AgeBands | None:
    """The age groups the question asks for, or None ("by age group (<40, 40-59, 60+)" → starts
    40, 60; "in 20-year age groups" → width 20; «18-39, 40-59, 60+» → starts 18, 40, 60)."""
    text = plain(question)
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    forms = [_forms(w) for w, _, _ in tokens]
    words = [fold(w) for w, _, _ in tokens]
    lex = _lexicon()
    at: int | None = None
    for i in range(len(tokens)):
        single = bool(forms[i] & lex["age_group"])
        pair = i + 1 < len(tokens) and any(f"{a} {b}" in lex["age_group"] for a in forms[i] for b in forms[i + 1])
        triple = i + 2 < len(tokens) and " ".join(words[i : i + 3]) in lex["age_group"]
        if single or pair or triple:
            at = i
            break
    if at is None:
        return _split_at_age(text, age_at_test(question))
    start = tokens[at][1]
    width = _WIDTH.search(text[max(0, start - 20) : start + 40])
    at_test = age_at_test(question)
    if width is not None and not _NUMBER.search(text[start:].replace(width.group(0), "")):
        begin = min(start, max(0, start - 20) + width.start())
        return AgeBands(width=int(width.group(1)), at_test=at_test, span=(begin, tokens[at][2]))
    found = [(int(m.group(1)), m.end()) for m in _NUMBER.finditer(text, start)]
    numbers = sorted({n for n, _ in found if 0 < n < 120})
    # "40-59, 60+": 59 ends a band because 60 starts the next; every other number starts one.
    starts = tuple(n for n in numbers if n + 1 not in numbers)
    if not starts:
        return None
    end = max(e for _, e in found) if found else tokens[at][2]
    # The last band said open-ended: "60 and over", «60 и старше», «60 і старше», "65 o más".
    if tail := _OPEN_END.match(text, end):
        end = tail.end()
    return AgeBands(starts=starts, at_test=at_test, span=(start, end))


_UNDER_VS_OVER = re.compile(
    # Two groups split at one age: "under 50s vs 50 and over", «до 50 і від 50», «младше 40 и 40+»,
    # "menores de 50 vs 50 o más". The same age on both sides; the second side is open-ended.
    r"(?:under|below|younger\s+than|до|младше|моложе|молодше|молодші\s+за|менее|менше|menores\s+de|menos\s+de|<)"
    r"\s*(\d{1,3})(?:s|\s*(?:years?|лет|год\w*|рок\w*|años))?\s*"
    r"(?:vs\.?|versus|against|compared\s+(?:to|with)|and|или|и|і|та|або|y|o|contra|frente\s+a|,|/"
    r"|против|проти|супроти|в\s+сравнении\s+с|по\s+сравнению\s+с|порівняно\s+з|у\s+порівнянні\s+з)\s*"
    r"(?:(?:від|от|с|з|de|from)\s+)?(\d{1,3})(?=\s*(?:\+|(?:and|or|и|і|та|y|o)\s+"
    r"(?:over|older|above|up|старше|більше|старші|m[aá]s|mayores)|\s*$|\s*[,.;?!)]|\s+(?:years?|лет|років|años)\b))",
    re.IGNORECASE,
)


def _split_at_age(text: str, at_test: bool) -> AgeBands | None:
    """Two age groups split at one age ("under 50 vs 50 and over" → below 50, 50 and over), or None."""
    m = _UNDER_VS_OVER.search(text)
    if m is None or m.group(1) != m.group(2):
        return None
    end = m.end()
    if tail := _OPEN_END.match(text, end):
        end = tail.end()
    return AgeBands(starts=(int(m.group(1)),), at_test=at_test, span=(m.start(), end))


_OPEN_END = re.compile(
    r"\s*(?:\+|(?:and|or|и|і|та|y|o)\s+(?:over|older|above|up|старше|більше|старші|m[aá]s|mayores))", re.IGNORECASE
)


Side = Literal["above", "below"]


def condition_near(question: str, start_char: int, end_char: int) -> Side | None:
    """ "high"/"low" said of the test named between `start_char` and `end_char`: the nearest such
    word within two words before or after it («HDL bajo», "high LDL", «повышен АЛТ»)."""
    text = plain(question)
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    inside = [i for i, (_, s, e) in enumerate(tokens) if s >= start_char and e <= end_char]
    if not inside:
        return None
    first, last = inside[0], inside[-1]
    lex = _lexicon()
    for distance in (1, 2):
        for k in (first - distance, last + distance):
            if 0 <= k < len(tokens):
                forms = _forms(tokens[k][0])
                if forms & lex["high"]:
                    return "above"
                if forms & lex["low"]:
                    return "below"
    return None


_NEGATION = re.compile(r"(?:\bnot|\bno|\bне|\bні|необов.язково|necesariamente)\W+(?:\w+\W+)?$")


def same_report(question: str) -> bool:
    """The question wants both conditions in one report ("in the same report", «одновременно»),
    unless it says not ("not necessarily the same day")."""
    text = fold(plain(question))
    for phrase in _lexicon()["same_report"]:
        for m in re.finditer(rf"(?<!\w){re.escape(phrase)}(?!\w)", text):
            if not _NEGATION.search(text[: m.start()]):
                return True
    lemmas = {f for w in _WORD.findall(plain(question)) for f in _forms(w)}
    return bool(lemmas & {p for p in _lexicon()["same_report"] if " " not in p})


def latest_report(question: str) -> bool:
    """ "her most recent visit", «последний анализ», «останнього візиту», "el último informe": a
    word for the latest within two words before a word for a report."""
    forms = [_forms(w) for w in _WORD.findall(plain(question))]
    lex = _lexicon()
    report_words = lex["reports"] | lex["latest_of"]
    return any(
        f & report_words and any(g & lex["latest"] for g in forms[max(0, i - 2) : i]) for i, f in enumerate(forms)
    )


def share_spans(question: str) -> list[tuple[int, int]]:
    """Where the question asks for a share ("what % of", «який відсоток», "porcentaje de"); a "%"
    after a number ("above 6.5%") is the value's unit and no share."""
    text = plain(question)
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text) if _is(_forms(m.group()), "share")]
    spans += [
        (m.start(), m.start() + 1) for m in re.finditer(r"%", text) if not re.search(r"\d\s*$", text[: m.start()])
    ]
    return sorted(spans)


def demographic_spans(question: str) -> list[tuple[int, int]]:
    """The words naming the patients' own attributes: age, birth, decade of birth."""
    text = plain(question)
    return [(m.start(), m.end()) for m in _WORD.finditer(text) if _is(_forms(m.group()), "demographic")]


def says_versus(question: str) -> bool:
    """Two things set against each other ("Quest vs LabCorp", «Сінево проти Synlab», "X contra Y")."""
    return any(_is(_forms(m.group()), "versus") for m in _WORD.finditer(plain(question)))


def is_side_word(word: str) -> bool:
    """A word for a side of the reference range ("high", «выше», «нижче», "baja"), any form."""
    forms = _forms(word)
    return _is(forms, "high") or _is(forms, "low")
