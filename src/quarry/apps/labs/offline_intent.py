"""Question → structured intent for the offline model (four languages, deterministic).

Reads what a lab-results question asks for: the language, analytes (via `knowledge`), a
time window, value or reference-range conditions, an aggregation and grouping, and patient
or lab filters. Each detector removes the words it used so later ones cannot reuse them
(the "60" of "older than 60" is an age, not a glucose threshold). Laboratories are known
from the data (`parse(question, labs=...)`), so "ферритин в МедЛаб Скан" names a lab, not
a patient called "Мед".
"""

from __future__ import annotations

import calendar
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache
from pathlib import Path
from typing import Literal

from quarry.nlu.coverage import stopwords
from quarry.nlu.inflect import knowing, readings
from quarry.nlu.numbers import count_words
from quarry.nlu.periods import Period, find_periods
from quarry.nlu.scan import Scan
from quarry.nlu.text import plain

from .knowledge import Mention, find_labs, find_mentions, words
from .reference import Lang
from .shapes import (
    AgeBands,
    Shape,
    age_at_test,
    condition_near,
    counted_kinds,
    demographic_spans,
    joined_pair,
    latest_report,
    ranked_top,
    read_age_bands,
    read_ranking,
    read_shape,
    same_report,
    says_reports,
    says_versus,
    share_spans,
)

Aggregate = Literal[
    "list", "count", "count_patients", "list_patients", "avg", "min", "max", "latest",
    "list_labs", "count_labs", "list_reports", "count_reports", "median", "ranges", "rank_patients",
    "first_last", "change", "count_new_patients", "units",
]  # fmt: skip
"""What the final query returns."""
GroupBy = Literal["none", "month", "quarter", "year", "patient", "lab", "sex", "age", "birth_decade"]
"""How aggregated rows are grouped."""
RangeFilter = Literal["above", "below", "outside", "within"]
"""A condition relative to each result's own reference range."""
Comparison = Literal[">", "<", ">=", "<="]

_NUM = r"(\d+(?:[.,]\d+)?)"
_WORDNUM = count_words(("en", "ru", "uk", "es"), upto=100)
"""Count words of the four languages, from the language layer's number tables."""
_COUNT = r"(\d{1,3}|" + "|".join(sorted(map(re.escape, _WORDNUM), key=len, reverse=True)) + r")(?!\w)"
_UNITS: dict[str, str] = {
    r"years?|год(?:а|ы)?|лет|рок(?:ів|и|у)?|рік|años?|anos?": "year",
    r"months?|месяц(?:ев|а)?|місяц(?:ів|ь|і)|mes(?:es)?": "month",
    r"weeks?|недел(?:ю|и|ь)|тижн(?:ів|і)|тиждень|semanas?": "week",
    r"days?|дн(?:ей|ів|я|і)|день|d[ií]as?": "day",
}
_UNIT = "(" + "|".join(_UNITS) + ")"
_UPPER = "A-ZÁÉÍÓÚÑÜА-ЯЁІЇЄҐ"
_NAME = rf"([{_UPPER}][\w'’-]+(?:\s+[{_UPPER}][\w'’-]+){{0,2}})"


@dataclass
class TimeWindow:
    """A period of collected_at: `interval` back from today, or [start, end)."""

    label: str
    """The words of the question that set it."""
    interval: str | None = None
    """Postgres interval back from today, e.g. '6 months'."""
    start: date | None = None
    end: date | None = None
    calendar: Literal["this_year", "last_year"] | None = None


@dataclass
class Intent:
    """Everything the offline model understood from a question."""

    question: str
    language: Lang
    mentions: list[Mention] = field(default_factory=list)
    aggregate: Aggregate = "list"
    group_by: GroupBy = "none"
    window: TimeWindow | None = None
    value_op: Comparison | None = None
    value: float | None = None
    value_upto: float | None = None
    """The upper bound of a value range ("between 5 and 7", «от 5 до 7»), inclusive."""
    range_filter: RangeFilter | None = None
    patient_name: str | None = None
    sex: Literal["F", "M"] | None = None
    age_over: int | None = None
    age_under: int | None = None
    labs: list[str] = field(default_factory=list)
    """Stored lab names (lab_reports.lab_name) the question names."""
    labs_known: bool = False
    """The data's lab names were given to `parse`: other capitalised words are not labs."""
    lab_words: list[str] = field(default_factory=list)
    """Capitalised words that may name a lab when the data's lab names are unknown."""
    wants_lab: bool = False
    unknown_term: str | None = None
    """Content words naming a test the model does not know (searched as typed)."""
    name_guess: str | None = None
    """Capitalised words that may be a patient's name when no lab matches them."""
    patient_id: int | None = None
    """The patient the question names, resolved against the data before the model ran."""
    labs_all: bool = False
    """Every lab named is required ("patients seen at both X and Y"), not any of them."""
    group_more: list[GroupBy] = field(default_factory=list)
    """Further grouping keys after `group_by` ("by year and sex")."""
    age_bands: AgeBands | None = None
    """The age groups of an "age" grouping."""
    sides: dict[str, Literal["above", "below", "outside"]] = field(default_factory=dict)
    """Per analyte code, the side of its range the patient's result must be on (two tests, each
    with its own condition: "HDL low and LDL high")."""
    top: int | None = None
    """Only the N highest (max) or lowest (min) results, with who and when ("top five CRP values",
    "who has the highest bilirubin")."""
    overlap: Literal["none", "ever", "same_report"] = "none"
    """Several tests' conditions met by one patient: at any time, or in one report."""
    absent: list[str] = field(default_factory=list)
    """Codes of tests the patient must never have had ("vitamin D but never TSH")."""
    combine: Literal["all", "any", "none"] = "all"
    """How the tests of an overlap combine: every one ("both"), either, or neither ("never had B12
    or folate")."""
    reports_or_labs: bool = False
    """The question is about reports or laboratories: a test need not be named."""
    latest_each: bool = False
    """The condition is on each patient's latest result of the test ("whose most recent vitamin D is
    under 20"), not on any of their results."""
    rank_groups: bool = False
    """The groups are ranked by their count, the first `top` of them ("top 3 labs by results")."""
    patient_full_name: str | None = None
    born_from: date | None = None
    """Patients born on or after this day ("born after 1980" → 1981-01-01)."""
    born_before: date | None = None
    """Patients born before this day ("born before 1945" → 1945-01-01)."""
    age_at_test: bool = False
    """Age bounds are the age on the day of the test ("(age at the time of the test)"), not today's."""
    trend: bool = False
    """The question asks how values moved over time ("trend", «динамика»): monthly averages for many
    patients, the values themselves for one."""
    measures_more: list[Aggregate] = field(default_factory=list)
    """Further measures beside `aggregate` in one row ("min / max / avg LDL", "how many results,
    and from how many patients")."""
    family_ids: list[int] = field(default_factory=list)
    """The patients a surname in the plural names ("each of the Taylors"), resolved before the run."""
    family_names: list[str] = field(default_factory=list)
    today: date = field(default_factory=date.today)
    """The day relative periods and today's age are read from: the data's newest result."""
    share: bool = False
    """The part of the rows a condition holds for, in percent ("what % of glucose results were above
    range", «какой процент пациентов женщины»), rather than the rows or their count."""
    about_patients: bool = False
    """The question is about the patients themselves (their count, sex, age, birth), no test named:
    answered from the patients table alone, so a patient with no result still counts."""


# ---------------------------------------------------------------- language

_ES_WORDS = {"de", "la", "el", "los", "las", "por", "para", "mis", "mi", "resultados", "pacientes", "paciente",
             "cuántos", "cuantos", "promedio", "año", "años", "meses", "último", "últimos", "muestra", "muéstrame",
             "dame", "con", "del", "en", "entre", "mayores", "menores", "mujeres", "hombres", "qué", "tienen",
             "valores", "análisis", "cuál", "desde", "encima", "debajo", "niveles", "nivel", "lo", "y"}  # fmt: skip
_EN_WORDS = {"the", "of", "for", "show", "my", "results", "patients", "patient", "average", "last", "year",
             "how", "many", "with", "in", "by", "what", "which", "above", "below", "all", "me", "and",
             "months", "since", "between", "older", "than", "women", "men", "levels", "level", "list"}  # fmt: skip
_UK_WORDS = {"мої", "мій", "рік", "роки", "років", "скільки", "останній", "останні", "пацієнтів", "пацієнта",
             "середнє", "середній", "місяць", "місяців", "тижнів", "цього", "року", "покажіть", "жінок", "чоловіків",
             "які", "усі", "всі", "результати", "норми", "вище", "нижче", "по", "у"}  # fmt: skip


def detect_language(text: str) -> Lang:
    """ru / uk / en / es from script, letters and common words."""
    lower = text.lower()
    cyrillic = len(re.findall(r"[а-яёіїєґ]", lower))
    latin = len(re.findall(r"[a-zñáéíóú]", lower))
    tokens = re.findall(r"[\wáéíóúñ¿¡]+", lower)
    if cyrillic > latin:
        if re.search(r"[іїєґ]", lower) or sum(t in _UK_WORDS for t in tokens) >= 3:
            return "uk"
        return "ru"
    if re.search(r"[¿¡ñ]|ción\b|ó\b", lower):
        return "es"
    return "es" if sum(t in _ES_WORDS for t in tokens) > sum(t in _EN_WORDS for t in tokens) else "en"


# ---------------------------------------------------------------- helpers


class _Text:
    """Lower-cased question with consumed spans blanked out (same length as the original)."""

    def __init__(self, question: str) -> None:
        self.original = question
        self.lower = question.lower()

    def take(self, pattern: str, *, flags: int = 0) -> re.Match[str] | None:
        match = re.search(pattern, self.lower, flags)
        if match:
            # A named group "cut" limits what is consumed (context words stay for later detectors).
            start, end = match.span("cut") if "cut" in match.re.groupindex and match.group("cut") else match.span()
            self.lower = self.lower[:start] + " " * (end - start) + self.lower[end:]
        return match

    def take_words(self, pattern: str) -> re.Match[str] | None:
        """`take`, reading a hyphen between two words as a space ("out-of-range", "above-normal")."""
        view = re.sub(r"(?<=[^\W\d_])-(?=[^\W\d_])", " ", self.lower)
        match = re.search(pattern, view)
        if match:
            start, end = match.span()
            self.lower = self.lower[:start] + " " * (end - start) + self.lower[end:]
        return match

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.lower) is not None


def _count(token: str | None) -> int:
    if not token:
        return 1
    return int(token) if token.isdigit() else _WORDNUM.get(token, 1)


def _unit(token: str) -> str:
    for pattern, unit in _UNITS.items():
        if re.fullmatch(pattern, token):
            return unit
    return "year"


# ---------------------------------------------------------------- time


_PERIOD_LANGS = ("en", "ru", "uk", "es")


def _window(t: _Text, anchor: date) -> TimeWindow | None:
    """The period, with its first (and last) day worked out from `anchor` (the data's today), so
    the SQL holds dates and the answer can say them."""
    window = _read_window(t, anchor)
    if window is None:
        return None
    if window.interval:
        count, unit = window.interval.split()
        window.start = _back(anchor, int(count), unit.rstrip("s"))
    elif window.calendar == "this_year":
        window.start = date(anchor.year, 1, 1)
    elif window.calendar == "last_year":
        window.start, window.end = date(anchor.year - 1, 1, 1), date(anchor.year, 1, 1)
    return window


def _back(anchor: date, count: int, unit: str) -> date:
    """`count` units before `anchor`, months as PostgreSQL counts them (31 March less a month is
    28 or 29 February)."""
    if unit in ("day", "week"):
        return anchor - timedelta(days=count * (7 if unit == "week" else 1))
    months = count * (12 if unit == "year" else 1)
    year, month = divmod(anchor.year * 12 + anchor.month - 1 - months, 12)
    return date(year, month + 1, min(anchor.day, calendar.monthrange(year, month + 1)[1]))


_WHOLE_UNIT = (
    r"(?P<cut>\b(?:full|complete|completed|whole|entire|calendar|полн\w+|цел\w+|календарн\w+|повн\w+|ціл\w+"
    r"|complet[oa]s?|enter[oa]s?|naturales)\b)"
    r"(?=\s+(?:quarters?|months?|years?|weeks?|кварт\w*|месяц\w*|лет|год\w*|недел\w*|місяц\w*|рок\w*|тиж\w*"
    r"|trimestres?|mes|meses|años?|semanas?)\b)"
    # … or after it ("los dos últimos trimestres completos").
    r"|(?:trimestres|meses|años|semanas) (?P<after>complet[oa]s|enter[oa]s|naturales)\b"
)


def _read_window(t: _Text, anchor: date) -> TimeWindow | None:
    """The period the question limits results to. The language layer (`quarry.nlu.periods`) reads
    spans of years ("2023 thru 2025", «за 2023–2024»), "since April" («з квітня», "desde abril"),
    half a year and "this year" in every language; a rolling window ("last 30 days") is read to the
    day by the patterns below, and to the month by the language layer when they miss it."""
    # "the last two full quarters", «за последние два полных квартала»: a whole unit is the unit.
    while m := re.search(_WHOLE_UNIT, t.lower):
        a, b = m.span("cut") if m.group("cut") else m.span("after")
        t.lower = t.lower[:a] + " " * (b - a) + t.lower[b:]
    last_unit = _last_calendar_unit(t, anchor)
    if last_unit is not None:
        return last_unit
    found = find_periods(Scan(plain(t.lower)), _PERIOD_LANGS, anchor, month_names=True)
    period = found[0] if found else None
    if period is not None and period.kind != "rolling":
        return _taken(t, period, anchor)
    window = _window_by_patterns(t)
    if window is None and period is not None:
        return _taken(t, period, anchor)
    return window


def _taken(t: _Text, period: Period, anchor: date) -> TimeWindow:
    start, end = period.span
    label = t.original[start:end].strip()
    t.lower = t.lower[:start] + " " * (end - start) + t.lower[end:]
    if period.kind == "this_year":
        return TimeWindow(label, calendar="this_year")
    if period.kind == "rolling":
        # The language layer counts whole months (resale data is monthly); results have days, so
        # "the last half year" is six months back from the data's today to the day.
        return TimeWindow(label, interval=f"{period.months} month{'s' if period.months > 1 else ''}")
    stop = period.end + timedelta(days=1) if period.end is not None else None
    return TimeWindow(label, start=period.start, end=stop if stop is None or stop <= anchor else None)


_QUARTERS = (
    # "the past two quarters", «за последние два квартала», «останні 2 квартали», "los últimos dos
    # trimestres": whole calendar quarters before the current one, as "last quarter" is.
    r"(?:last|past|previous)\s+" + rf"(?P<n>{_COUNT})\s+quarters\b"
    r"|(?:последн\w*|прошедш\w*|прошл\w*|останн\w*|минул\w*)\s+" + rf"(?P<n_sl>{_COUNT})\s+квартал\w*"
    r"|(?:[uú]ltim\w+|pasad\w+)\s+" + rf"(?P<n_es>{_COUNT})\s+trimestres"
    # The number first: "los dos últimos trimestres", «два последних квартала», "the two last quarters".
    rf"|(?P<n_first>{_COUNT})\s+(?:last|past|previous|последн\w*|прошедш\w*|прошл\w*|останн\w*|минул\w*"
    r"|[uú]ltim\w+|pasad\w+)\s+(?:quarters\b|квартал\w*|trimestres)"
)
_LAST_UNIT = (
    # "last month" is the calendar month before this one ("past month" is a rolling window).
    r"(?<!the )\b(?:last|previous) (?P<month>month)\b|(?<!the )\b(?:last|previous) (?P<quarter>quarter)\b"
     r"|в прошлом (?P<month_ru>месяце)|прошл\w+ (?P<month_ru2>месяц\w*)|прошл\w+ (?P<quarter_ru>квартал\w*)"
     r"|минул\w+ (?P<month_uk>місяц\w*)|минул\w+ (?P<quarter_uk>квартал\w*)|у минулому (?P<month_uk2>місяці)"
     r"|(?:el |del )?(?P<month_es>mes) pasado|(?:el |del )?(?P<quarter_es>trimestre) pasado"
     r"|(?:el |del )?[uú]ltimo (?P<quarter_es2>trimestre)|(?:el |del )?[uú]ltimo (?P<month_es2>mes)\b"
     r"|в последнем (?P<quarter_ru2>квартале)|в прошедшем (?P<quarter_ru3>квартале)"
)  # fmt: skip


def _last_calendar_unit(t: _Text, anchor: date) -> TimeWindow | None:
    this_quarter = date(anchor.year, 3 * ((anchor.month - 1) // 3) + 1, 1)
    if m := t.take(_QUARTERS):
        n = _count(next(g for g in (m.group("n"), m.group("n_sl"), m.group("n_es"), m.group("n_first")) if g))
        index = this_quarter.year * 12 + this_quarter.month - 1 - 3 * n
        return TimeWindow(m.group(0).strip(), start=date(index // 12, index % 12 + 1, 1), end=this_quarter)
    m = t.take(_LAST_UNIT)
    if m is None:
        return None
    quarter = any(v for k, v in m.groupdict().items() if k.startswith("quarter"))
    if quarter:
        back = this_quarter.month - 3
        start = date(this_quarter.year if back > 0 else this_quarter.year - 1, back if back > 0 else back + 12, 1)
        return TimeWindow(m.group(0).strip(), start=start, end=this_quarter)
    this_start = date(anchor.year, anchor.month, 1)
    start = date(anchor.year if anchor.month > 1 else anchor.year - 1, anchor.month - 1 if anchor.month > 1 else 12, 1)
    return TimeWindow(m.group(0).strip(), start=start, end=this_start)


def _window_by_patterns(t: _Text) -> TimeWindow | None:
    between = t.take(
        r"(?:between|from|с|з|між|entre|desde)\s+((?:19|20)\d{2})\s+(?:and|to|по|до|і|и|y|a|hasta|-)\s+"
        r"((?:19|20)\d{2})"
        # A span written with a dash: "2023-2025", «у 2023–2025 роках», "en 2022-2024".
        r"|(?:(?:in|during|for|в|во|за|у|en|durante)\s+)?((?:19|20)\d{2})\s*[-–—]\s*((?:19|20)\d{2})"
        r"(?:\s*(?:годах|годы|гг\.?|роках|роки|рр\.?|años))?"
    )
    if between:
        years = [int(g) for g in between.groups() if g]
        lo, hi = sorted(years[:2])
        return TimeWindow(between.group(0).strip(), start=date(lo, 1, 1), end=date(hi + 1, 1, 1))
    since = t.take(
        r"(?:since|after|starting|с|со|з|після|desde|a partir de)\s+((?:19|20)\d{2})"
        r"(?:\s*(?:года|году|г\.|року|рік))?"
    )
    if since:
        return TimeWindow(since.group(0).strip(), start=date(int(since.group(1)), 1, 1))
    this_year = t.take(
        r"this year|this yr|current year|в этом году|в текущем году|этого года|цього року|у цьому році|"
        r"este año|del año en curso|este ano"
    )
    if this_year:
        return TimeWindow(this_year.group(0), calendar="this_year")
    last_cal = t.take(
        r"(?<!the )(?<!in the )\blast (?:year|yr)\b|previous calendar year|в прошлом году|прошлого года|"
        r"за прошлый год|за минулий рік|минулого року|у минулому році|(?:el|del) año pasado"
    )
    if last_cal:
        return TimeWindow(last_cal.group(0), calendar="last_year")
    relative = t.take(
        r"(?:(?:in|over|during|for|within)\s+)?(?:the\s+)?(?:last|past|previous)\s+" + rf"(?:{_COUNT}\s+)?{_UNIT}\b"
        r"|за\s+(?:последн\w*|прошедш\w*|прошл\w*|останн\w*|минул\w*)\s+" + rf"(?:{_COUNT}\s+)?{_UNIT}"
        r"|(?:(?:en|durante)\s+)?(?:el|los|las)\s+(?:[uú]ltim\w+|pasad\w+)\s+" + rf"(?:{_COUNT}\s+)?{_UNIT}"
    )
    if relative:
        groups = [g for g in relative.groups() if g]
        count = _count(groups[0]) if len(groups) == 2 else 1
        unit = _unit(groups[-1])
        return TimeWindow(relative.group(0).strip(), interval=f"{count} {unit}{'s' if count > 1 else ''}")
    short = t.take(rf"за\s+(?:{_COUNT}\s+)?{_UNIT}\b")
    if short:
        count = _count(short.group(1))
        unit = _unit(short.group(2))
        return TimeWindow(short.group(0).strip(), interval=f"{count} {unit}{'s' if count > 1 else ''}")
    year = t.take(
        r"(?:(?:in|during|for|в|во|за|у|en|durante|del?)\s+(?:the\s+year\s+|el\s+año\s+)?)?"
        r"\b((?:19|20)\d{2})\b(?:\s*(?:году|год|г\.|року|рік|año))?"
    )
    if year:
        y = int(year.group(1))
        return TimeWindow(year.group(0).strip(), start=date(y, 1, 1), end=date(y + 1, 1, 1))
    return None


# ---------------------------------------------------------------- patients


# "women under 40", "patients over 60": a bare number right after people is an age.
_PEOPLE = r"(?:women|men|patients|pts|people|adults|persons|females|males)"


_AND_OLDER = (
    rf"\b{_COUNT}\s*(?:\+|(?:years?(?:\s+old)?|y\.?o\.?|лет|года|років|роки|рік|años)?\s*"
    r"(?:and|or|и|или|і|та|або|y|o)\s+(?:older|over|above|up|старше|более|старші|більше|m[aá]s|mayores))"
)


def _age(t: _Text, intent: Intent) -> None:
    older = (
        r"(?:older than|aged over|aged above|over the age of|above the age of|"
        r"старше|старші(?:\s+за)?|старших(?:\s+за)?|"
        r"mayores\s+de|mayor(?:es)?\s+de(?=\s+\d{1,3}\s+años)|de más de(?=\s+\d{1,3}\s+años))\s+(\d{1,3})"
        r"(?:\s*(?:years?(?:\s+old)?|y\.?o\.?|лет|года|год|років|роки|рік|años))?"
        r"|(?:over|above)\s+(\d{1,3})\s*(?:years?\s+old|y\.?o\.?|years? of age)"
        rf"|\b{_PEOPLE}(?P<cut>\s+(?:aged\s+)?(?:over|above)\s+(\d{{1,3}})\b)"
    )
    younger = (
        r"(?:younger than|under the age of|aged under|below the age of|"
        r"младше|моложе|молодше(?:\s+за)?|молодших(?:\s+за)?|"
        r"menores\s+de|menor(?:es)?\s+de(?=\s+\d{1,3}\s+años))\s+(\d{1,3})"
        r"(?:\s*(?:years?(?:\s+old)?|y\.?o\.?|лет|года|год|років|роки|рік|años))?"
        r"|(?:under|below)\s+(\d{1,3})\s*(?:years?\s+old|y\.?o\.?|years? of age)"
        rf"|\b{_PEOPLE}(?P<cut>\s+(?:aged\s+)?(?:under|below)\s+(\d{{1,3}})\b)"
        r"|\bдо\s+(\d{1,3})\s+(?:лет|років)"
    )
    ages = (
        r"(?:aged?|ages|в возрасте|возраст\w*|віком|вік\w*|de edad|edad(?:es)?)\s+"
        r"(?:between|from|от|с|від|з|entre|de)?\s*"
        r"(\d{1,3})\s*(?:and|to|-|–|до|по|і|та|y|a)\s*(\d{1,3})(?:\s*(?:years?(?:\s+old)?|лет|года|років|роки|años))?"
        r"|(?:between|from|от|від|entre|de)\s+(\d{1,3})\s*(?:and|to|-|–|до|і|та|y|a)\s*(\d{1,3})\s*"
        r"(?:years?(?:\s+old)?|y\.?o\.?|лет|года|років|роки|años)"
    )
    if m := t.take(ages):
        # "aged 40 to 60", «от 40 до 60 лет»: both ends inclusive.
        low, high = sorted(int(g) for g in m.groups() if g)
        intent.age_over, intent.age_under = low - 1, high + 1
        return
    if m := t.take(
        r"(?:віком|в возрасте|aged?|de edad|con edad)\s+(?:від|от|from|desde)\s+(\d{1,3})"
        r"(?:\s*(?:років|роки|лет|года|years?|años))?(?!\s*(?:до|to|a|-|–)\s*\d)"
    ):
        intent.age_over = int(m.group(1)) - 1  # «віком від 60 років»: 60 and older
    elif m := t.take(_AND_OLDER):
        # "60 and older", «60 лет и старше», "65 años o más": the bound follows the number, inclusive.
        intent.age_over = _count(m.group(1)) - 1
    elif m := t.take(older):
        intent.age_over = int(next(g for g in m.groups() if g and g.isdigit()))
    if m := t.take(younger):
        intent.age_under = int(next(g for g in m.groups() if g and g.isdigit()))


_BORN = r"\b(?:born|b\.)|родивш\w*|рожденн\w*|родил\w*|народжен\w*|народил\w*|nacid[oa]s?|naci(?:eron|ó|o)\b"
_BEFORE = r"before|prior to|until|до|раньше|ранее|antes\s+de|hasta"
_AFTER = r"after|since|from|после|позже|с|після|пізніше|з|despu[eé]s\s+de|desde"
_IN = r"in|в|у|en"
_BETWEEN = r"between|from|между|с|між|з|від|entre|de"
_AND = r"and|to|и|по|до|і|та|y|a|hasta"


_DECADE_END = r"(?:'?s\b|-?(?:х|их|ті|тих|ых)\b)"
_DECADE = rf"(?:(19|20)(\d)0{_DECADE_END}|'?(\d)0(?:{_DECADE_END}|\b))"
"""A decade: "80s", "1980s", "the '70s", «70-х», «90-х», "los 60" (the century when said; "1960" alone is a year)."""
_BIRTH_WORDS = r"(?:годов|года|г\.|рок(?:ів|у)|р\.)?\s*(?:рождения|народження|г\.\s?р\.|р\.\s?н\.)"
_BIRTH_DECADE_GROUP = (
    r"(?:by|per)\s+(?:birth\s+decade|decade\s+of\s+birth)|по\s+десятилетиям\s+рождения"
    r"|по\s+десятиліттях\s+народження|за\s+десятиліттями\s+народження|por\s+d[ée]cadas?\s+de\s+nacimiento"
)


def _decade_start(century: str | None, digit: str | None) -> int:
    """The first year of a decade said with or without its century ("80s" → 1980, "00s" → 2000)."""
    d = digit or "0"
    if century:
        return int(century + d + "0")
    return (2000 if d in "012" else 1900) + int(d) * 10


def _born(t: _Text, intent: Intent) -> None:
    """Birth years: "born before 1945", «родившихся после 1980 года», «народжених у 1960», "nacidos
    antes de 1950"; decades of birth: "born in the 80s", «70-х годов рождения», «90-х років
    народження», "nacidos en los 60"."""
    year = r"((?:19|20)\d{2})(?:\s*(?:года|году|г\.|року|році|рік))?"
    decade = (
        rf"(?:{_BORN})\s+(?:(?:{_IN})\s+)?(?:the\s+|los\s+(?:años\s+)?)?'?{_DECADE}"
        rf"|{_DECADE}\s*{_BIRTH_WORDS}"
    )
    if m := t.take(decade):
        groups = m.groups()
        century, digit, bare = groups[0:3] if any(groups[0:3]) else groups[3:6]
        first = _decade_start(century, digit or bare)
        intent.born_from, intent.born_before = date(first, 1, 1), date(first + 10, 1, 1)
    elif m := t.take(rf"(?:{_BORN})\s+(?:{_BETWEEN})\s+{year}\s*(?:{_AND}|-|–)\s*{year}"):
        # "born between 1980 and 1989": both years whole.
        intent.born_from, intent.born_before = date(int(m.group(1)), 1, 1), date(int(m.group(2)) + 1, 1, 1)
    elif m := t.take(rf"(?:{_BORN})\s+(?:{_BEFORE})\s+{year}"):
        intent.born_before = date(int(m.group(1)), 1, 1)
    elif m := t.take(rf"(?:{_BORN})\s+(?:{_AFTER})\s+{year}"):
        intent.born_from = date(int(m.group(1)) + 1, 1, 1)
    elif m := t.take(rf"(?:{_BORN})\s+(?:(?:{_IN})\s+)?{year}"):
        intent.born_from, intent.born_before = date(int(m.group(1)), 1, 1), date(int(m.group(1)) + 1, 1, 1)


_FEMALE = (
    r"\b(?:women|woman|female|females|ladies)\b|женщин\w*|женск\w*|жінок|жінки|жіноч\w*|"
    r"\bmujer(?:es)?\b|femenin\w*"
)
_MALE = (
    r"\b(?:men|man|male|males)\b|мужчин\w*|мужск\w*|чоловік\w*|чоловіч\w*|\bhombres?\b|masculin\w*|"
    r"\bvarones\b"
)


def _sex(t: _Text, intent: Intent) -> None:
    female, male = t.has(_FEMALE), t.has(_MALE)
    if female and male:
        # Both named ("men vs women", «у мужчин и женщин»): they are wanted apart.
        intent.group_by = "sex"
    else:
        intent.sex = "F" if female else "M" if male else None


_NAME_PATTERNS = (
    rf"\bpatient(?:\s+named)?\s+{_NAME}",
    rf"\b(?:for|of)\s+{_NAME}(?='s|’s)",
    rf"(?:пациент(?:а|ки|у|ке|ом|кой)?|пацієнт(?:а|ки|у|ці|ом|кою)?)\s+{_NAME}",
    r"\b(?:у|для|в)\s+([А-ЯЁІЇЄҐ][а-яёіїєґ'’-]+(?:\s+[А-ЯЁІЇЄҐ][а-яёіїєґ'’-]+){0,2})",
    rf"\bpaciente\s+{_NAME}",
    rf"\b(?:de|para)\s+(?:la\s+|el\s+)?paciente\s+{_NAME}",
)


def _patient_name(question: str, labs: list[tuple[int, int]]) -> tuple[str | None, tuple[int, int] | None]:
    """The patient's name and its span; words of a lab (`labs` spans) are never part of it."""
    for pattern in _NAME_PATTERNS:
        for match in re.finditer(pattern, question):
            start, end = match.span(1)
            if any(a <= start < b for a, b in labs):
                continue  # "в Инвитро", "у МедЛаб Скан": a lab, not a person
            end = min([end, *(a for a, _ in labs if start < a < end)])
            name = question[start:end].strip()
            if name:
                return name, (start, start + len(name))
    return None, None


# ---------------------------------------------------------------- values and aggregates


def _number(text: str) -> float:
    return float(text.replace(",", "."))


# The reference range named by any of its nouns: "норма", «референс», «референсні/референтні
# значення», «межі норми», "reference values"; what stands outside, above or below it is read
# with any of them, not only with «норма».
_RANGE_NOUN = r"(?:норм\w*|референс\w*|референт\w*|допустим\w*\s+(?:значени|предел)\w*|reference\w*)"
_OUTSIDE_RANGE = (
    r"(?:вне|за\s+предел(?:ами|ы)|за\s+рамк(?:ами|и)|поза\s+межами|поза|за\s+меж(?:і|ами)|fuera\s+de(?:l)?)"
    rf"\s+(?:\w+\s+){{0,2}}?{_RANGE_NOUN}"
)
_ABOVE_RANGE = rf"(?:выше|больше|вище|більше|над)\s+(?:\w+\s+)?(?:референс\w*|референт\w*|верхн\w+\s+{_RANGE_NOUN})"
# "above range", "below its range", "over their reference range": the range's owner may be said.
_EN_OWNER = r"(?:(?:the|its|their|his|her|the\s+patient'?s)\s+)?"
_BELOW_RANGE = rf"(?:ниже|меньше|нижче|менше)\s+(?:\w+\s+)?(?:референс\w*|референт\w*|нижн\w+\s+{_RANGE_NOUN})"


_HOW_MANY_TIMES = r"(?:how many times|how often|сколько раз|скільки разів|скiльки разiв|cu[aá]ntas veces)\b"
_SUPERLATIVE = (
    r"\bm[aá]s\s+(?:baj|alt)[oa]s?\b|самы\w*\s+(?:низк|высок)\w*|найнижч\w*|найвищ\w*|наиболее\s+(?:низк|высок)\w*"
)


def _conditions(t: _Text, intent: Intent) -> None:
    above_normal = (
        rf"{_ABOVE_RANGE}"
        rf"|(?:above|over|exceed\w*|higher than)\s+{_EN_OWNER}"
        r"(?:normal|reference|norm|ref|range|upper limit|upper bound)\w*"
        r"(?:\s+range)?|выше\s+верхней\s+границы|вище\s+верхньої\s+межі|por\s+encima\s+del\s+l[ií]mite\s+superior"
        r"|(?:выше|больше|превыша\w*)\s+(?:верхней\s+границы\s+)?норм\w*|вище\s+норм\w*|більше\s+норм\w*"
        r"|por\s+encima\s+de(?:l)?\s+(?:lo\s+)?(?:normal|rango|valor\s+normal|referencia)\w*"
        r"|\belevated\b|\bhigh\b(?!est)|повышен\w*|підвищен\w*|высок\w+(?=\s+\w+)|висок\w+(?=\s+\w+)"
        r"|elevad[oa]s?|\balt[oa]s?\b"
    )
    below_normal = (
        rf"{_BELOW_RANGE}"
        rf"|(?:below|under|lower than)\s+{_EN_OWNER}(?:normal|reference|norm|ref|range|lower limit|lower bound)\w*"
        r"(?:\s+range)?"
        r"|(?:ниже|меньше)\s+(?:нижней\s+границы\s+)?норм\w*|нижче\s+норм\w*|менше\s+норм\w*"
        r"|por\s+debajo\s+de(?:l)?\s+(?:lo\s+)?(?:normal|rango|valor\s+normal|referencia)\w*"
        r"|\blow\b(?!est)|\bdeficien\w*|дефицит\w*|недостат\w*|понижен\w*|знижен\w*|дефіцит\w*"
        r"|низк\w+|низьк\w+"
        r"|\bbaj[oa]s?\b|deficiencia"
    )
    outside = (
        rf"{_OUTSIDE_RANGE}"
        r"|abnormal|out of (?:the )?(?:normal |reference )?range|outside (?:the )?(?:normal |reference )?range"
        r"|вне\s+норм\w*|за\s+пределами\s+норм\w*|отклонени\w*|поза\s+(?:межами\s+)?норм\w*|anormal\w*"
        r"|fuera\s+de(?:l)?\s+(?:rango|lo\s+normal)"
    )
    within = (
        r"within (?:the )?(?:normal|reference)(?: range)?|in (?:the )?normal range|normal values"
        r"|в\s+(?:пределах\s+)?норм\w*|в\s+межах\s+норм\w*|у\s+нормі|dentro\s+de(?:l)?\s+(?:lo\s+)?(?:normal|rango)"
    )
    # A superlative is the extreme value, not a side of the range: "la ferritina más baja", «самый
    # низкий», «найнижчий» (read again by `_top`, which looks at the whole question).
    t.take(_SUPERLATIVE)
    for pattern, flag in ((outside, "outside"), (above_normal, "above"), (below_normal, "below"), (within, "within")):
        if t.take_words(pattern):
            intent.range_filter = flag  # type: ignore[assignment]
            break
    above = (
        r"(?:above|over|greater than|more than|higher than|exceed\w*|>\s*=?|выше|больше|более|свыше|превыша\w*"
        r"|перевищу\w*|pas[ae]n?\s+de|super[ae]n?|sobrepas\w*|rebas\w*"
        r"|вище|більше|понад|por\s+encima\s+de|mayor(?:es)?\s+(?:que|de|a)|más\s+de"
        r"|superior(?:es)?\s+a)\s*" + _NUM
    )
    below = (
        r"(?:below|under|less than|lower than|<\s*=?|ниже|меньше|менее|нижче|менше"
        r"|por\s+debajo\s+de|menor(?:es)?\s+(?:que|de|a)|menos\s+de|inferior(?:es)?\s+a)\s*" + _NUM
    )
    between = (
        r"(?:between|from|от|між|від|entre|de)\s+"
        + _NUM
        + r"\s*(?:and|to|-|–|до|і|та|y|a)\s*"
        + _NUM
        + r"(?!\s*(?:years?|лет|года|рок\w*|años))"
    )
    if m := t.take(between):
        # "values between 5 and 7", «от 5 до 7»: both bounds, inclusive.
        low, high = sorted((_number(m.group(1)), _number(m.group(2))))
        intent.value_op, intent.value, intent.value_upto = ">=", low, high
    elif m := t.take(above):
        intent.value_op, intent.value = (">=" if "=" in m.group(0) else ">"), _number(m.group(1))
    elif m := t.take(below):
        intent.value_op, intent.value = ("<=" if "=" in m.group(0) else "<"), _number(m.group(1))


_NOT_PEOPLE = (
    r"(?!results?\b|tests?\b|values?\b|reports?\b|результат|анализ|аналіз|значен|бланк|resultado|an[aá]lisis|prueba|valor"
    r"|informe)"
)
_BETWEEN_WORDS = rf"(?:{_NOT_PEOPLE}\w+\s+){{0,3}}?"
"""Up to three words between a count word and the people counted («скільки в базі жінок»), none of
them a word for results (then results are counted)."""
_PEOPLE_COUNTED = (
    # People counted, whoever they are ("how many women had low ferritin" counts women).
    rf"(?:how many|number of|count of|(?<!\w)#\s*of|no\.\s*of)\s*{_BETWEEN_WORDS}"
    r"(?:patients|people|persons|women|men|females|males|pts)\b|"
    rf"скольк\w*\s+{_BETWEEN_WORDS}(?:пациент\w*|человек|людей|женщин\w*|мужчин\w*)|"
    r"(?:количество|кол-во|число)\s+(?:пациент\w*|женщин\w*|мужчин\w*)|"
    rf"скільк\w*\s+{_BETWEEN_WORDS}(?:пацієнт\w*|людей|осіб|жінок|чоловіків)|кількість\s+(?:пацієнт\w*|жінок|чоловіків)|"
    rf"cu[aá]nt[oa]s\s+{_BETWEEN_WORDS}(?:pacientes|personas|mujeres|hombres)|n[uú]mero\s+de\s+(?:pacientes|mujeres|hombres)"
)
# The people a question opens with are what its count counts, wherever the count word stands
# ("over-60s with HbA1c above range, count", «женщины старше 65, которые сдавали ТТГ — сколько
# их», "mujeres con ferritina baja: cuántas"), unless results are counted by name.
_PEOPLE_HEAD = re.compile(
    r"^\W*(?:\w+\s+){0,2}?(?:patients?|pts|people|persons|women|men|females|males|over-?\d+s|under-?\d+s"
    r"|пациент\w*|больн\w+|женщин\w*|мужчин\w*|пацієнт\w*|жінк\w*|чоловік\w*"
    r"|pacientes?|personas|mujeres|hombres)\b",
    re.IGNORECASE,
)
_RESULTS_COUNTED = re.compile(
    r"(?:how many|number of|count of|сколько|количество|кол-во|число|скільки|кількість|cu[aá]nt[oa]s|n[uú]mero de)"
    r"\s+(?:\w+\s+)?(?:results?|tests?|values?|measurements?|reports?|результат\w*|анализ\w*|аналіз\w*"
    r"|значени\w*|бланк\w*|resultados?|an[aá]lisis|pruebas?|valores?|informes?)\b",
    re.IGNORECASE,
)
_MEDIAN = r"\bmedian\b|медиан\w*|медіан\w*|\bmediana\b"
# "colesterol medio", "glucosa media": the adjective, not "medio año" (half a year) or "en medio".
_AVERAGE = (
    r"\baverage\b|\bmean\b|\bavg\b|средн\w*|середн\w*|promedio"
    r"|(?<!en )(?<!a )\bmedi[oa]s?\b(?!\s+(?:año|ano|años|anos|día|dia|días|dias|hora|horas|mes|meses|semana))"
)
_MINIMUM = (
    r"\bmin(?:imum)?\b|\blowest\b|минимальн\w*|наименьш\w*|самы[йе] низк\w*|мінімальн\w*|найнижч\w*|\bмин\b|\bмін\b|"
    r"m[ií]nim[oa]s?|m[aá]s baj[oa]"
)
_MAXIMUM = (
    r"\bmax(?:imum)?\b|\bhighest\b|максимальн\w*|наибольш\w*|самы[йе] высок\w*|найвищ\w*|\bмакс\b|"
    r"m[aá]xim[oa]s?|m[aá]s alt[oa]"
)
_NAMES = r"\bnames\b|\bимена\b|\bфамилии\b|\bімена\b|\bпрізвища\b|\bnombres\b|\bфио\b|\bпіб\b|nombre completo"
_VALUES = r"\bvalues?\b|\bresults\b|значени\w*|значенн\w*|показник\w*|\bvalores\b|\bresultados\b"
_COUNTED = (
    r"how many|number of|(?<!\w)#\s*of|\bno\.\s*of|\bcount\b"
    r"|сколько|скока|скоко|количество|кол-во|к-во|скільки|скіки|кількість|к-сть"
    r"|cu[aá]nt[oa]s|n[uú]mero de"
)
_SCALARS: tuple[tuple[str, Aggregate], ...] = (
    (_PEOPLE_COUNTED, "count_patients"), (_MEDIAN, "median"), (_AVERAGE, "avg"), (_MINIMUM, "min"),
    (_MAXIMUM, "max"), (_COUNTED, "count"),
)  # fmt: skip
"""Measures one row can hold side by side."""


_FIRST_AND_LAST = (
    r"\bfirst\s+(?:and|&|/|\+|vs\.?)\s+(?:the\s+)?(?:last|latest|most\s+recent)\b"
    r"|перв\w+\s+и\s+последн\w+|перш\w+\s+(?:і|й|та)\s+останн\w+"
    r"|primer\w*\s+y\s+(?:el\s+)?[uú]ltim\w+"
    # When: "first and last time", «вперше і востаннє», «впервые и в последний раз».
    r"|вперше\s+(?:і|й|та)\s+востаннє|впервые\s+и\s+(?:в\s+)?последний\s+раз"
)
_CHANGE_SINCE_FIRST = (
    # How much the value moved from the first result, or between two days: a change needs the first
    # or the two ends named with it ("changed since the first test", «как изменился … между 7 марта
    # 2023 и 7 мая 2026», «на скільки змінився … між першим і останнім», "diferencia … entre …").
    r"(?:chang\w*|differ\w*|gone\s+(?:up|down)|moved|rise\w*|drop\w*)\b.{0,30}\b(?:since|from)\s+(?:(?:his|her|their|the)\s+)?first"
    r"|(?:chang\w*|difference)\b.{0,60}\bbetween\b"
    r"|измени\w*.{0,40}\b(?:с|со)\s+перв\w+|(?:измени\w*|разниц\w*).{0,60}\bмежду\b"
    r"|змін\w*.{0,40}\b(?:з|із|від)\s+перш\w+|(?:змін\w*|різниц\w*).{0,60}\bміж\b"
    r"|cambi\w*.{0,40}\bdesde\s+(?:su\s+|el\s+)?primer\w*|(?:cambi\w*|diferencia)\b.{0,60}\bentre\b"
)


_NEW_PATIENTS = (
    r"\bnew\s+(?:patients|pts|people|persons)\b|\bfirst[- ]time\s+patients\b"
    r"|нов\w+\s+(?:пациент\w*|пацієнт\w*)|(?:пациент\w*|пацієнт\w*)\s+нов\w+"
    r"|pacientes\s+nuevos|nuevos\s+pacientes"
)
_WHICH_YEAR = r"\b(?:which|what)\s+year\b|в\s+как\w+\s+году|у?\s*як\w+\s+(?:році|рік)|en\s+qu[eé]\s+año|qu[eé]\s+año"


def _new_patients(t: _Text, intent: Intent) -> None:
    """Patients counted by their first report ("new patients per year", «в каком году больше всего
    новых пациентов», "pacientes nuevos en 2022"): a patient is new in the period of their first visit."""
    # Read on the whole question: "how many patients" may already have been read as a count of people.
    if not re.search(_NEW_PATIENTS, t.original.lower()):
        return
    t.take(_NEW_PATIENTS)
    intent.aggregate, intent.reports_or_labs = "count_new_patients", True
    if t.take(_WHICH_YEAR):
        intent.group_by, intent.group_more, intent.rank_groups, intent.top = "year", [], True, 1


_UNITS_ASKED = (
    r"\b(?:what|which)\s+units?\b|\bunits?\s+(?:of|for|used)\b|в\s+каких\s+единицах|какие\s+единицы"
    r"|в\s+яких\s+одиницях|які\s+одиниці|en\s+qu[eé]\s+unidad(?:es)?|qu[eé]\s+unidad(?:es)?"
)


def _aggregate(t: _Text, intent: Intent) -> None:
    if t.take(_UNITS_ASKED):
        intent.aggregate = "units"  # "what units do we get vitamin D in": the units, not the values
    elif re.search(_CHANGE_SINCE_FIRST, t.original.lower()):
        # Read on the whole question: the two days it names were read as the period already. Before
        # first-and-last: «на скільки змінився … між першим і останнім».
        t.take(_CHANGE_SINCE_FIRST)
        intent.aggregate = "change"
    elif t.take(_FIRST_AND_LAST):
        intent.aggregate = "first_last"
    elif t.take(_PEOPLE_COUNTED):
        intent.aggregate = "count_patients"
    elif t.take(
        r"which patients|who (?:has|had|have)|list (?:of )?patients|"
        r"list (?:the |all )?(?:the )?(?:women|men|patients|people)\b|"
        r"какие пациенты|у каких пациентов|"
        r"кто из пациентов|у кого|список пациентов|які пацієнти|у яких пацієнтів|хто з пацієнтів|[ув] кого|"
        r"qu[eé] pacientes|qui[eé]n(?:es)? (?:tiene|tuvo|tienen)|lista de pacientes|"
        r"\bwhich (?:men|women)\b|какие (?:мужчины|женщины)|які (?:чоловіки|жінки)|qu[eé] (?:hombres|mujeres)|"
        r"(?:пациент\w*|пацієнт\w*),?\s+(?:у\s+)?(?:которых|которые|яких|які)\b|pacientes,?\s+(?:que|con|cuy[oa]s?)\b|"
        r"patients,?\s+(?:who|whose|that)\b|"
        # Everyone who…, and their names: the people, not their results.
        r"(?:everyone|everybody|anyone|all patients|all the patients)\s+(?:whose|who|with)\b|" + _NAMES
    ):
        # "names + values", «фамилии и значения»: each result with its patient, not the people alone.
        # «у кого і які були значення»: who, with their values; "… who had X - how many": how many.
        intent.aggregate = "list" if t.has(_VALUES) else "count_patients" if t.take(_COUNTED) else "list_patients"
    elif t.take(_MEDIAN):
        intent.aggregate = "median"
    elif t.take(_AVERAGE):
        intent.aggregate = "avg"
    elif t.take(_MINIMUM):
        intent.aggregate = "min"
    elif t.take(_MAXIMUM):
        intent.aggregate = "max"
    elif t.take(
        r"\blatest\b|most recent|\blast (?:result|value|test|measurement|reading)|"
        r"последн\w+\s+(?:результат|значени|анализ|показател)|самы[йе] свеж\w*|"
        r"останн\w+\s+(?:результат|значенн|аналіз|показник)|"
        r"[uú]ltim[oa]s?\s+(?:resultado|valor|an[aá]lisis|medici[oó]n)|m[aá]s recientes?"
    ):
        intent.aggregate = "latest"
    elif t.take(_COUNTED):
        intent.aggregate = "count"
    if intent.aggregate in {a for _, a in _SCALARS}:
        # "min / max / avg LDL", "how many results … and from how many patients": every measure said.
        intent.measures_more = [a for pattern, a in _SCALARS if a != intent.aggregate and t.take(pattern)]


_SECOND_KEYS: tuple[tuple[GroupBy, str], ...] = (
    ("sex", r"sex|gender|полу|пола|статі|статтю|sexo|g[eé]nero"),
    ("year", r"years?|годам|года|роках|роками|року|años?|a[ñn]o"),
    ("month", r"months?|месяцам|месяца|місяцях|місяцями|місяця|mes(?:es)?"),
    ("lab", r"labs?|laborator\w*|лаборатори\w*|лабораторі\w*"),
    (
        "birth_decade",
        r"decades? of birth|birth decades?|десятилети\w* рождения|десятиліт\w* народження|d[eé]cadas? de nacimiento",
    ),
)
# "в разрезе года и пола", "broken down by lab and year", "desglosado por sexo": a breakdown word,
# then its keys in any case.
_BREAKDOWN = (
    r"в разрезе|у розрізі|в розрізі|broken down by|breakdown by|split by|grouped by|desglosad[oa]s? por"
    r"|agrupad[oa]s? por|сгруппирован\w* по|згрупован\w* за"
)


def _grouping(t: _Text, intent: Intent, said: tuple[GroupBy, ...] = ()) -> None:
    """The grouping keys; `said` are keys already read elsewhere (a lab grouping from the shape)."""
    groups: tuple[tuple[str, GroupBy], ...] = (
        (
            r"by month|per month|monthly|month by month|each month|every month|по месяцам|помесячно|каждый месяц|"
            r"по місяцях|за місяцями|щомісяця|помісячно|кожного місяця|кожен місяць|"
            r"por mes(?:es)?|mensual\w*|cada mes",
            "month",
        ),
        (
            r"by quarters?|per quarter|quarterly|по кварталам|поквартально|по кварталах|щокварталу|за кварталами|"
            r"por trimestres?|trimestral\w*|cada trimestre",
            "quarter",
        ),
        (
            r"by year|per year|yearly|annual\w*|year by year|each year|every year|по годам|за годами|погодично|"
            r"по роках|за роками|щороку|каждый год|за каждый год|кожного року|за кожен рік|кожен рік|por años?|"
            r"anual\w*|cada año|por cada año",
            "year",
        ),
        (
            r"per patient(?! age)|by patient(?!'?s? age)|for each patient|each patient|по пациентам|"
            r"для каждого пациента|каждого пациента|по пацієнтах|кожного пацієнта|для кожного пацієнта|"
            r"por paciente|cada paciente",
            "patient",
        ),
        (
            r"by lab\w*|per lab\w*|по лаборатори\w*|по лабораторі\w*|за лабораторіями|por laboratorios?|"
            r"в разрезе лаборатори\w*|у розрізі лабораторі\w*|desglosad[oa]s? por laboratorio",
            "lab",
        ),
        (r"by (?:sex|gender)|по полу|по статі|за статтю|por sexo|por g[eé]nero", "sex"),
        (_BIRTH_DECADE_GROUP, "birth_decade"),
    )
    keys: list[GroupBy] = [*said, *(group for pattern, group in groups if t.take(pattern) and group not in said)]
    if m := t.take(rf"(?:{_BREAKDOWN})\s+(?P<keys>(?:\w+[\s,]*){{1,4}})"):
        named = m.group("keys")
        found = sorted(
            ((k.start(), key) for key, pattern in _SECOND_KEYS if (k := re.search(rf"\b(?:{pattern})\b", named))),
        )
        keys += [key for _, key in found if key not in keys]
    # Shorthand "x" for "by" ("promedio de triglicéridos x sexo", "glucose x year"): a key word must follow.
    for m in re.finditer(r"(?<!\S)[x×]\s+(\w+)", t.lower):
        key = next((k for k, pattern in _SECOND_KEYS if re.fullmatch(pattern, m.group(1))), None)
        if key is not None and key not in keys:
            keys.append(key)
            _blank(t, [m.span()])
    # The second key of a pair, only after a first one: "by year and sex", «по лабораториям и годам».
    for key, pattern in _SECOND_KEYS:
        if keys and key not in keys and t.take(r"(?<=\s)(?:and|и|і|та|y|e)\s+(?:" + pattern + r")(?!\w)"):
            keys.append(key)
    if keys:
        before = [intent.group_by] if intent.group_by != "none" else []
        keys = [*before, *(k for k in keys if k not in before)]
        intent.group_by, intent.group_more = keys[0], keys[1:]
        return
    if t.take(r"\btrend\b|динамик\w*|динамік\w*|tendencia|evoluci[oó]n|over time|в динамике|з часом"):
        intent.group_by, intent.trend = "month", True


_LAB_WORD = r"\blab\b|\blabs\b|laborator\w*|лаборатори\w*|лабораторі\w*"
_LAB_WORD_RE = re.compile(_LAB_WORD, re.IGNORECASE)
_STOP = {"show", "list", "give", "find", "what", "which", "how", "all", "my", "покажи", "покажите", "выведи",
         "найди", "какой", "какие", "сколько", "покажіть", "які", "скільки", "muestra", "muéstrame",
         "dame", "cuál", "cuáles", "qué", "cuántos", "cuántas", "results", "result", "test", "tests"}  # fmt: skip


def _labs(question: str, t: _Text, intent: Intent, skip_spans: list[tuple[int, int]]) -> None:
    """Capitalised words nothing else explained: a lab only when the data's labs are unknown,
    otherwise a guess at a patient's name."""
    intent.wants_lab = intent.group_by == "lab" or t.has(_LAB_WORD) or bool(intent.labs)
    candidates: list[str] = []
    for word, start, end in words(question)[1:]:
        if any(s <= start < e for s, e in skip_spans) or not word[:1].isupper() or word.lower() in _STOP:
            continue
        if not t.lower[start:end].strip() or len(word) < 2 or question[start - 1 : start] == "/":
            continue  # read already ("since April"), or a unit ("mmol/L")
        if _acronym(word):
            continue  # "PSA", "ФИО": a test's short name or a form word, never a person
        if _function_word(word):  # "Did I have…": a pronoun, not a person's name
            continue
        candidates.append(word)
    if intent.patient_name is None and candidates:
        intent.name_guess = " ".join(candidates[:3])
    if not intent.labs_known:
        intent.lab_words = candidates
        intent.wants_lab = intent.wants_lab or bool(candidates)


# ---------------------------------------------------------------- entry point


def _blank(t: _Text, spans: list[tuple[int, int]]) -> None:
    for start, end in spans:
        t.lower = t.lower[:start] + " " * (end - start) + t.lower[end:]


def parse(question: str, *, labs: Sequence[str] | None = None, anchor: date | None = None) -> Intent:
    """The intent of one question (never raises).

    `labs` are the laboratory names stored in the data; when given, the labs the question
    names are recognised before patient names, and other capitalised words are people."""
    intent = Intent(question=question, language=detect_language(question), labs_known=labs is not None)
    t = _Text(question)
    intent.today = anchor or date.today()
    intent.age_bands = read_age_bands(question)
    if intent.age_bands is not None:
        _blank(t, [intent.age_bands.span])
    # Ages and birth years before periods: «старших за 65 років» is older than 65, not the last 65
    # years, and "born before 1945" is no period.
    _age(t, intent)
    intent.age_at_test = age_at_test(question)
    _born(t, intent)
    intent.window = _window(t, intent.today)
    lab_mentions = find_labs(question, labs or ())
    intent.labs = list(dict.fromkeys(m.lab for m in lab_mentions))
    lab_spans = [(m.start, m.end) for m in lab_mentions]
    name, name_span = _patient_name(question, lab_spans)
    intent.patient_name = name
    # Analytes next, on words no date, age, lab, name or number claimed; their words are then
    # blanked so "Platelet Count" is a test, not a request to count.
    skip_spans = lab_spans + ([name_span] if name_span else [])
    skip_spans += [(m.start(), m.end()) for m in re.finditer(r"\d+(?:[.,]\d+)?", question)]
    tokens = words(question)
    skip = frozenset(
        i for i, (_, s, _e) in enumerate(tokens) if any(a <= s < b for a, b in skip_spans) or not t.lower[s:_e].strip()
    )
    intent.mentions = find_mentions(question, skip=skip)
    mention_spans = [(tokens[m.start][1], tokens[m.end - 1][2]) for m in intent.mentions]
    _blank(t, mention_spans)
    _sex(t, intent)
    shape = read_shape(question)
    _blank(t, list(shape.spans))
    _grouping(t, intent, ("lab",) if shape.per_lab else ())
    if intent.age_bands is not None:
        keys: list[GroupBy] = [k for k in (intent.group_by, *intent.group_more) if k != "none"]
        intent.group_by, intent.group_more = "age", keys
    _aggregate(t, intent)
    if intent.aggregate == "count" and _PEOPLE_HEAD.match(question) and not _RESULTS_COUNTED.search(question):
        intent.aggregate = "count_patients"
    _conditions(t, intent)
    _labs_apart(question, shape, intent)
    _apply_shape(shape, intent)
    if intent.aggregate in ("list_labs", "count_labs") and re.search(_HOW_MANY_TIMES, question.lower()):
        # "which labs did she use and how many times": each lab with its count of reports.
        intent.aggregate, intent.group_by, intent.reports_or_labs = "count_reports", "lab", True
    if not intent.mentions and intent.aggregate in ("list", "latest") and latest_report(question):
        intent.aggregate = "latest"  # "results from her most recent visit": the latest report
        _blank(t, [m.span() for m in re.finditer(r"\b(?:latest|last|most recent|newest)\b", t.lower)])
    elif intent.aggregate in ("list_labs", "list_reports") and latest_report(question):
        # "when was her last visit, and which lab was it": the latest report, its day and lab.
        intent.aggregate, intent.top = "list_reports", 1
        _blank(t, [m.span() for m in re.finditer(r"\b(?:latest|last|most recent|newest)\b", t.lower)])
    if not intent.mentions and intent.aggregate in ("list", "count") and re.search(_HOW_MANY_TIMES, question.lower()):
        # «сколько раз … приходил сдавать анализы», "how many times did she come in": visits, i.e. reports.
        intent.aggregate, intent.reports_or_labs = "count_reports", True
    if intent.aggregate == "list" and _latest_before_a_test(t, tokens, intent):
        intent.aggregate = "latest"  # «последний ферритин», "last potassium", «останній калій»
    _new_patients(t, intent)
    _overlap(question, tokens, intent)
    _latest_each(t, intent)
    _top(question, intent, t)
    _ranges_or_ranking(question, t, intent, shape)
    ranked = _ranking(question, intent)
    # A grouping without an aggregate means "the typical value per group".
    if intent.group_by != "none" and intent.aggregate == "list" and intent.mentions:
        intent.aggregate = "avg"
    elif intent.group_by != "none" and intent.aggregate == "list":
        intent.aggregate = "count"  # "results by lab" with no test named: how many
    if intent.group_by not in ("none", "patient") and intent.aggregate == "latest":
        intent.aggregate = "avg"
    _share_and_population(question, t, intent)
    _most_first(t, intent)
    # A capitalised word that is neither a test nor a known lab is most likely a person.
    _labs(question, t, intent, skip_spans + mention_spans + list(shape.spans))
    if not intent.mentions and not intent.reports_or_labs:
        intent.unknown_term = _content_words(t, tokens, skip, skip_spans + mention_spans + list(shape.spans) + ranked)
    return intent


_TOP = re.compile(
    rf"\btop\s*-?\s*{_COUNT}|{_COUNT}\s+(?:highest|lowest|largest|smallest|самы\w+|наибольш\w+|наименьш\w+|найвищ\w+|"
    rf"найнижч\w+|найбільш\w+|найменш\w+)|топ\s*-?\s*{_COUNT}|(?:los|las)\s+{_COUNT}\s+(?:más|mayores|menores|valores)"
)
_EXTREME_HIGH = re.compile(r"highest|\bmax|самы\w* высок|наибольш|максимальн|найвищ|найбільш|más alt|mayor|máxim")
_EXTREME_LOW = re.compile(r"lowest|\bmin|самы\w* низк|наименьш|минимальн|найнижч|найменш|más baj|menor|mínim")
_WHO = re.compile(
    # Whose it was, or when: the extreme result itself with its patient and date, not a bare number.
    r"\bwho(?:se)?\b|\bwhen\b|\bdate\b|which patient|у кого|кто|хто|когда|коли|\bдат[уаы]\b|как\w+ пациент"
    r"|як\w+ пацієнт|qui[eé]n|cu[aá]ndo|\bfecha\b|qu[eé] paciente"
)


_RANGES = re.compile(
    # The reference ranges themselves, not a condition on them ("above the reference range").
    r"(?<!above )(?<!below )(?<!outside )(?<!within )(?<!the )"
    r"\b(?:reference|normal|ref)\s+(?:ranges?|intervals?|values)\b(?!\s+(?:for|of)\s+(?:the\s+)?(?:patient|him|her))"
    r"|референ[сст]н\w+\s+(?:диапазон\w*|діапазон\w*|интервал\w*|інтервал\w*|значени\w*|значенн\w*)"
    r"|границ\w* нормы|межі норми"
    r"|(?:rangos?|valores|intervalos?)\s+de\s+referencia|valores normales",
    re.IGNORECASE,
)
_CONDITION_BEFORE = re.compile(
    r"(?:above|below|outside|within|over|under|выше|ниже|вне|вище|нижче|поза|encima|debajo|fuera|dentro)\W+(?:\w+\W+)?$",
    re.IGNORECASE,
)
_MOST = re.compile(
    r"\bmost\s+(?:lab\s+)?(?:reports|results|tests|visits|labs)\b|больше всего|найбільше"
    r"|m[aá]s\s+(?:informes|an[aá]lisis|resultados|visitas)",
    re.IGNORECASE,
)


def _ranges_or_ranking(question: str, t: _Text, intent: Intent, shape: Shape) -> None:
    """ "what reference ranges are used for ferritin" (the ranges, each with how many results use
    it); "who has the most reports, top 3" (patients ranked by how many)."""
    m = _RANGES.search(question)
    if m is not None and intent.mentions and not _CONDITION_BEFORE.search(question[: m.start()]):
        intent.aggregate, intent.range_filter = "ranges", None
        return
    if _MOST.search(question) and (_WHO.search(question.lower()) or "patient" in question.lower()):
        intent.aggregate = "rank_patients"
        top = _TOP.search(question.lower())
        intent.top = ranked_top(question) or (_count(next(g for g in top.groups() if g)) if top else 1)
        intent.reports_or_labs = shape.measure == "reports" or says_reports(question)
        intent.group_by, intent.group_more = "none", []


def _ranking(question: str, intent: Intent) -> list[tuple[int, int]]:
    """Patients or labs ranked by how many results or reports each has ("top 5 patients by number of
    results", «топ-3 лабораторії за кількістю результатів»); the words that said so."""
    ranking = read_ranking(question, counted="results" if intent.mentions else None)
    if ranking is not None and intent.aggregate == "rank_patients" and ranking.top is not None:
        intent.top = ranking.top  # "which 4 patients have the most reports": read above as the one first
    if ranking is None or intent.aggregate in ("ranges", "rank_patients") or intent.overlap != "none":
        return []
    extreme = _EXTREME_HIGH.search(question.lower()) or _EXTREME_LOW.search(question.lower())
    if intent.top is not None and intent.aggregate in ("max", "min") and extreme:
        return []  # "top five highest CRP values, with patient name": values ranked, not patients
    reports = ranking.counted == "reports"
    if ranking.entity == "patients":
        intent.aggregate, intent.top, intent.reports_or_labs = "rank_patients", ranking.top or 1, reports
        intent.group_by, intent.group_more = "none", []
    elif ranking.entity in ("year", "month"):
        # "in which year did she have the most tests": the years by their count, the busiest first.
        intent.aggregate = "count_reports" if reports else "count"
        intent.group_by, intent.group_more, intent.top = ranking.entity, [], ranking.top or 1
        intent.rank_groups, intent.reports_or_labs = True, reports
    else:
        counted: dict[str, Aggregate] = {"reports": "count_reports", "patients": "count_patients"}
        intent.aggregate = counted.get(ranking.counted, "count")
        intent.group_by, intent.group_more, intent.top = "lab", [], ranking.top
        intent.rank_groups = intent.reports_or_labs = True
    return list(ranking.spans)


def _top(question: str, intent: Intent, t: _Text | None = None) -> None:
    """ "top five highest CRP values", «топ-5 по СРБ», "who has the highest bilirubin": the N
    extreme results with their patient and date, not one aggregate number."""
    lower = question.lower()
    high, low = _EXTREME_HIGH.search(lower), _EXTREME_LOW.search(lower)
    if not (high or low):
        high = re.search(r"\btop\b|\bтоп\b", lower)  # "top 5 CRP values": the highest
    if not (high or low) or not intent.mentions or intent.overlap != "none":
        return
    m = _TOP.search(lower)
    if m is not None:
        intent.top = _count(next(g for g in m.groups() if g))
    elif (n := ranked_top(question)) is not None:
        intent.top = n  # "los 3 triglicéridos más altos", "the 5 lowest values"
    elif _WHO.search(lower):
        intent.top = 1
    else:
        return
    intent.aggregate = "min" if low and not high else "max"
    intent.group_by, intent.group_more = "none", []
    if t is not None and intent.patient_name is None and _LATEST_ANY.search(t.lower):
        # "top 5 patients with the highest latest LDL": each patient's latest result, then ranked.
        intent.latest_each = True


_LATEST_ANY = re.compile(
    r"\blatest\b|\blast\b|most recent|\brecent\b|последн\w*|свеж\w*|останн\w*|\b[uú]ltim[oa]s?\b|m[aá]s reciente",
    re.IGNORECASE,
)


def _latest_each(t: _Text, intent: Intent) -> None:
    """ "women over 60 whose most recent vitamin D is under 20", «у кого последний креатинин выше
    нормы», "con el último LDL por encima de lo normal": a condition said of the latest result is
    on each patient's latest result of the test, not on any of theirs. Periods are read (and
    blanked) before, so "in the last 6 months" is no latest word here; "the latest" read as the
    aggregate is blanked too."""
    conditioned = intent.range_filter is not None or intent.value_op is not None
    many = intent.patient_name is None and intent.overlap == "none" and intent.group_by == "none"
    said = intent.aggregate == "latest" or _LATEST_ANY.search(t.lower) is not None
    if not (conditioned and many and intent.mentions and said):
        return
    if intent.aggregate in ("list", "latest", "list_patients", "count_patients"):
        intent.latest_each = True
        if intent.aggregate == "latest":
            intent.aggregate = "list"


_LATEST_WORD = re.compile(
    r"(?:\blatest|\blast|most recent|\brecent|последн\w*|свеж\w*|останн\w*|[uú]ltim[oa]s?|m[aá]s reciente)\s*$",
    re.IGNORECASE,
)


_NEITHER = re.compile(
    r"\bnever\b|\bneither\b|\bnor\b|\b(?:have|has|had)\s+not\b|n't\s+(?:had|been)|\bwithout\s+(?:a|any)\b"
    r"|\bни\b|никогда|не сдава\w*|не делал\w*|\bні\b|ніколи|не здава\w*|не роби\w*|\bбез\b"
    r"|\bnunca\b|\bni\b|\bninguno\b|no se (?:han|ha) hecho|\bsin\b"
    # "not once", and "not" before a verb of having: «ни разу», «жодного разу», «не имели», «не мали»,
    # "no tienen ningún".
    r"|ни разу|жодного разу|\bне (?:имел\w*|имеют|был\w*|мал\w*|мають|було)\b|\bning[uú]n[oa]?\b"
    r"|\bno (?:tiene\w*|tuv\w*|ha\w* tenido)\b"
    # "have no TSH on file", "with no ferritin": the determiner "no" before the test.
    r"|\b(?:have|has|had|with)\s+no\b",
    re.IGNORECASE,
)
_EITHER = re.compile(r"\bor\b|\beither\b|\bили\b|\bлибо\b|\bабо\b|\bчи\b|\bo\b|\bu\b", re.IGNORECASE)


_PEOPLE_WORD = re.compile(
    r"\b(?:patients?|pts|people|who)\b|пациент\w*|пацієнт\w*|\bкто\b|\bхто\b|pacientes?|qui[eé]n", re.I
)


def _negated_tests(question: str, tokens: list[tuple[str, int, int]], intent: Intent) -> list[str]:
    """Codes of the tests a "never"/"without" word stands before (between the previous test and
    this one, or before the first)."""
    out: list[str] = []
    previous, negating = 0, False
    for m in sorted(intent.mentions, key=lambda m: m.start):
        start = tokens[m.start][1]
        between = question[previous:start]
        if _CONTRAST.search(between):
            negating = False  # "… but never …": a new clause
        if _NEITHER.search(between):
            negating = True  # "never had B12 or folate": both
        if negating and m.code not in out:
            out.append(m.code)
        previous = tokens[m.end - 1][2]
    return out


_CONTRAST = re.compile(r"\bbut\b|\bpero\b|\bsino\b|\bно\b|\bале\b|\bоднак|\bhowever\b|\bа\b", re.IGNORECASE)


def _combination(question: str) -> Literal["any", "none"] | None:
    """Two tests joined by "or" (either), or never had (neither); None when neither word is said."""
    if _NEITHER.search(question):
        return "none"
    if _EITHER.search(question):
        return "any"
    return None


def _latest_before_a_test(t: _Text, tokens: list[tuple[str, int, int]], intent: Intent) -> bool:
    """A "last" word right before a test's name, or right after it ("tsh último", «ферритин
    последний»; a period such as "last month" was read already): its latest result."""
    question = t.original
    for m in intent.mentions:
        if _LATEST_WORD.search(question[: tokens[m.start][1]]):
            return True
        if after := _LATEST_AFTER.match(t.lower, tokens[m.end - 1][2]):
            _blank(t, [after.span()])
            return True
    return False


_LATEST_AFTER = re.compile(
    r"\s*[,:-]?\s*(?:latest|last|most recent|последн\w*|останн\w*|[uú]ltim[oa]s?)\b(?!\s*\w*\s*(?:month|week|year|day))"
)


def _overlap(question: str, tokens: list[tuple[str, int, int]], intent: Intent) -> None:
    """Two or more tests, each above or below its range, for the same patient ("who has high LDL
    and also high triglycerides", «у кого одновременно повышены АЛТ и АСТ», "HDL bajo y LDL alto
    en el mismo informe"): the patients who meet every condition, ever or in one report."""
    codes = list(dict.fromkeys(m.code for m in intent.mentions))
    if intent.aggregate in ("count_reports", "list_reports") and len(codes) >= 2:
        # "how many reports have both high triglycerides and low HDL": one report meets both.
        near = {m.code: condition_near(question, tokens[m.start][1], tokens[m.end - 1][2]) for m in intent.mentions}
        if any(near.values()):
            fallback = intent.range_filter if intent.range_filter in ("above", "below") else None
            intent.sides = {code: near.get(code) or fallback or "above" for code in codes}
            intent.overlap, intent.range_filter = "same_report", None
        return
    if intent.aggregate not in ("list_patients", "count_patients", "list") or not codes:
        return
    if len(codes) == 1:
        # "who has never had a vitamin D test", "patients without a ferritin test": the patients
        # with no such result.
        people = intent.aggregate != "list" or _PEOPLE_WORD.search(question) is not None
        if people and _combination(question) == "none":
            intent.overlap, intent.combine, intent.sides = "ever", "none", {}
            if intent.aggregate == "list":
                intent.aggregate = "list_patients"
        return
    near = {m.code: condition_near(question, tokens[m.start][1], tokens[m.end - 1][2]) for m in intent.mentions}
    said = [side for side in near.values() if side]
    ranged = intent.range_filter if intent.range_filter in ("above", "below", "outside") else None
    default = said[0] if said else ranged
    people = intent.aggregate in ("list_patients", "count_patients")
    combine = _combination(question) if people else None
    if default is None and combine is None and not (people and (joined_pair(question) or same_report(question))):
        return
    if combine == "none":
        # "vitamin D measured but never TSH": only the tests after the "never" are absent.
        negated = _negated_tests(question, tokens, intent)
        if negated and len(negated) < len(codes):
            intent.absent, combine = negated, None
            intent.overlap, intent.sides = "ever", {}
            return
    if combine is not None:
        intent.combine = combine
    if default is None:
        intent.sides = {}
        intent.overlap = "same_report" if same_report(question) else "ever"
        return
    if intent.aggregate == "list" and not (joined_pair(question) or len(said) >= 2):
        return  # "ferritin and glucose above the range": both tests' results, not an overlap
    intent.sides = {code: near.get(code) or default for code in codes}
    intent.overlap = "same_report" if same_report(question) else "ever"
    intent.range_filter = None
    if intent.aggregate == "list":
        intent.aggregate = "list_patients"


def _apply_shape(shape: Shape, intent: Intent) -> None:
    """Reports and laboratories counted or listed, a grouping by lab, two labs both required."""
    if shape.per_lab and intent.group_by == "none":
        intent.group_by = "lab"
    elif shape.per_lab and "lab" not in (intent.group_by, *intent.group_more):
        intent.group_more.append("lab")
    people = intent.aggregate in ("count_patients", "list_patients")
    # "how many patients have reports from both X and Y": the people are counted, reports are the way.
    if shape.measure == "labs" and not people:
        intent.aggregate = "count_labs" if shape.counted else "list_labs"
    elif shape.measure == "reports" and not people:
        grouped = intent.group_by != "none"  # "reports per quarter": how many in each
        intent.aggregate = "count_reports" if shape.counted or grouped else "list_reports"
        if shape.counted and len(re.findall(_COUNTED, intent.question, re.IGNORECASE)) >= 2:
            intent.measures_more = ["count"]  # "how many reports, and how many results in total"
    top = ranked_top(intent.question)
    if top is not None and shape.measure == "reports" and _LAB_WORD_RE.search(intent.question):
        # "top 3 labs by reports": labs ranked by how many reports each sent.
        intent.group_by, intent.group_more, intent.top = "lab", [], top
    kinds = counted_kinds(intent.question)
    if kinds and intent.overlap == "none":
        # Several kinds counted at once: each one a column of one row over the results.
        intent.aggregate, intent.measures_more = "count", [k for k in kinds if k != "count"]
        intent.reports_or_labs = True
    intent.labs_all = shape.both_labs and len(intent.labs) >= 2
    if intent.labs_all and intent.aggregate == "list" and not intent.mentions and _PEOPLE_WORD.search(intent.question):
        intent.aggregate = "list_patients"  # "pacientes atendidos tanto en X como en Y": the people
    if shape.measure != "results" or intent.labs_all:
        intent.reports_or_labs = True


_MOST_FIRST = (
    r"de mayor a menor|from (?:most|highest|largest|biggest) to (?:least|lowest|smallest|fewest)"
    r"|(?:most|highest|largest|biggest) first|от большего к меньшему|по убыванию|від більшого до меншого"
    r"|за спаданням|за спадінням|descending|en orden descendente|orden(?:ad[oa]s?)? descendente"
)


def _most_first(t: _Text, intent: Intent) -> None:
    """ "results per lab in 2026, de mayor a menor", «по убыванию»: the groups ranked by their count,
    the largest first."""
    if t.take(_MOST_FIRST) and intent.group_by != "none":
        intent.rank_groups = True


_APART = ("avg", "median", "min", "max")


def _labs_apart(question: str, shape: Shape, intent: Intent) -> None:
    """Two or more labs named for one measure are compared, each on its row ("average sodium: Сінево
    проти Synlab España", "mean LDL at Quest and LabCorp"): a value averaged across both labs is
    not what anyone asks. Not when the labs are required together ("patients seen at both")."""
    if len(intent.labs) < 2 or shape.both_labs or "lab" in (intent.group_by, *intent.group_more):
        return
    if intent.aggregate not in _APART and not (says_versus(question) and intent.aggregate != "list"):
        return
    if intent.group_by == "none":
        intent.group_by = "lab"
    else:
        intent.group_more = [*intent.group_more, "lab"]


def _share_and_population(question: str, t: _Text, intent: Intent) -> None:
    """A share asked for, and questions about the patients themselves: with no test, lab or report
    named, words of age or birth («середній вік пацієнтів»), or a share of a sex, are read from the
    patients table."""
    shares, attributes = share_spans(question), demographic_spans(question)
    # Read now: no search for a test takes «жінок» or «вік» as its name.
    sexes = [m.span() for pattern in (_FEMALE, _MALE) for m in re.finditer(pattern, t.lower)]
    _blank(t, shares + attributes + sexes)
    intent.share = bool(shares)
    named = intent.mentions or intent.labs or intent.reports_or_labs or intent.window is not None
    people = bool(attributes) or (intent.share and intent.sex is not None)
    if intent.aggregate == "list" and intent.share:
        intent.aggregate = "count_patients" if people else "count"
    if not named and people and intent.aggregate in ("count", "count_patients", "avg", "min", "max"):
        intent.about_patients = True


# Words that carry no test name: function words and generic lab vocabulary, four languages.
@cache
def _ignorable() -> frozenset[str]:
    data = tomllib.loads((Path(__file__).with_name("data") / "ignorable.toml").read_text(encoding="utf-8"))
    return frozenset(w for words in data["ignorable"].values() for w in words)


def _ignorable_word(word: str) -> bool:
    """A word that names no test (`data/ignorable.toml`), as typed or, in Russian and Ukrainian,
    in its dictionary form («анализе» is «анализ»)."""
    lower = word.lower()
    if lower in _ignorable():
        return True
    if not re.search(r"[\u0400-\u04ff]", word):
        return False
    # Every reading, not the likeliest only: «базі» is first a surname to the dictionary, then «база».
    return any(form in _ignorable() for lang in ("ru", "uk") for form, _tag in readings(word, lang))


def _acronym(word: str) -> bool:
    """All capitals, two to six letters ("PSA", "TSH", «ФИО», «ПІБ»)."""
    return 2 <= len(word) <= 6 and word.isalpha() and word.isupper()


def _content_words(
    t: _Text, tokens: list[tuple[str, int, int]], skip: frozenset[int], taken: list[tuple[int, int]]
) -> str | None:
    """Words no detector explained: the name of a test the model does not know, or None.

    Capitalised words after the first are names of people or labs, handled elsewhere.
    """
    kept: list[str] = []
    for i, (word, start, end) in enumerate(tokens):
        consumed = i in skip or not t.lower[start:end].strip() or any(a <= start < b for a, b in taken)
        named = i > 0 and word[:1].isupper() and not _acronym(word)
        if consumed or _ignorable_word(word) or named or _function_word(word):
            continue
        kept.append(word)
    return " ".join(kept[:3]) or None


_NOT_A_NAME_POS = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND", "NPRO", "ADVB", "PREP", "CONJ", "PRCL", "PRED"})


def _function_word(word: str) -> bool:
    """A word that cannot name a test: a function word of any of the four languages (the language
    layer's list), or in Russian and Ukrainian a verb, pronoun, adverb or particle by its grammar
    («сдавал», «каких»)."""
    if word.lower() in stopwords(("en", "ru", "uk", "es")):
        return True
    if not re.search(r"[\u0400-\u04ff]", word):
        return False
    # Only a dictionary that knows the word tells its part of speech: for a word none knows
    # («Руденків») the guess is noise, and a name dropped as a "verb" would widen the query.
    tags = [found[0][1] for lang in knowing(word, ("ru", "uk")) if (found := readings(word, lang))]
    return any(tag.split(",")[0].split()[0] in _NOT_A_NAME_POS or "Apro" in tag for tag in tags)
