"""Cohorts and ends of a series (issue 19, round 10's classes): decades of birth, two age groups
split at one age, new patients by their first report, each patient's first and last result and
the change between them, the units a test comes in, patients with no result of a test, reports by
two keys. Sentences written for these tests, in the four languages; answers checked against SQL
written here."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from quarry.apps.labs.asker import speaks_of_self
from quarry.apps.labs.evaluate import expand_gold
from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.orchestrator import run
from quarry.caller import LOCAL, acting_as
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import ask_rows, load_test_data


@pytest.mark.parametrize(
    ("question", "first_year"),
    [
        ("how many women born in the 1970s had ferritin done", 1970),
        ("tsh for pts born in the '60s", 1960),
        ("пациенты 80-х годов рождения с высоким холестерином", 1980),
        ("скільки жінок 90-х років народження здавали глюкозу", 1990),
        ("pacientes nacidas en los años 50 con hierro bajo", 1950),
    ],
)
def test_a_decade_of_birth_is_a_span_of_birth_dates(question: str, first_year: int) -> None:
    intent = parse(question)
    assert (intent.born_from, intent.born_before) == (date(first_year, 1, 1), date(first_year + 10, 1, 1))
    assert intent.window is None  # a decade of birth is no period of the results


@pytest.mark.parametrize(
    ("question", "split"),
    [
        ("mean HbA1c, younger than 40 vs 40 and older", 40),
        ("средний ферритин: младше 30 и 30+", 30),
        ("середня глюкоза: до 60 і від 60", 60),
        ("promedio de TSH menores de 45 frente a 45 o más", 45),
    ],
)
def test_two_groups_split_at_one_age_are_two_age_bands(question: str, split: int) -> None:
    intent = parse(question)
    assert intent.group_by == "age" and intent.age_bands is not None and intent.age_bands.starts == (split,)
    assert intent.age_under is None and intent.age_over is None


@pytest.mark.parametrize(
    ("question", "aggregate"),
    [
        ("ferritin of Ivan Petrov: first and last?", "first_last"),
        ("перший і останній холестерин у Бондаренка", "first_last"),
        ("primer y último valor de TSH de Ana Ruiz", "first_last"),
        ("how much has her LDL changed since the first test", "change"),
        ("насколько изменился креатинин с первого анализа", "change"),
        ("cuánto cambió la glucosa desde su primer análisis", "change"),
        ("how many new patients per year", "count_new_patients"),
        ("сколько новых пациентов в 2024 году", "count_new_patients"),
        ("what units is potassium reported in", "units"),
        ("в яких одиницях приходить феритин", "units"),
    ],
)
def test_ends_of_a_series_new_patients_and_units_are_their_own_measures(question: str, aggregate: str) -> None:
    assert parse(question).aggregate == aggregate


def test_latin_abbreviations_are_not_the_asker_speaking() -> None:
    assert not speaks_of_self("reports per lab, i.e. a count for each lab", "en")
    assert speaks_of_self("i want to see my ferritin", "en")


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


_ask = ask_rows


def _busy_patient(settings: Settings) -> tuple[int, str]:
    row = get_database(settings).fetch_all(
        expand_gold(
            "SELECT p.id, p.full_name FROM patients p JOIN lab_results r ON r.patient_id = p.id"
            " WHERE r.parameter_name IN {{names:FERR}} AND p.full_name NOT IN"
            " (SELECT full_name FROM patients GROUP BY full_name HAVING count(*) > 1)"
            " GROUP BY p.id, p.full_name HAVING count(*) >= 3 ORDER BY p.id LIMIT 1"
        )
    )[0]
    return int(row["id"]), str(row["full_name"])


def test_first_and_last_and_the_change_between_them(labs_settings: Settings) -> None:
    pid, name = _busy_patient(labs_settings)
    series = get_database(labs_settings).fetch_all(
        expand_gold(
            f"SELECT value_numeric FROM lab_results WHERE patient_id = {pid}"
            " AND parameter_name IN {{names:FERR}} ORDER BY collected_at, id"
        )
    )
    first, last = float(series[0]["value_numeric"]), float(series[-1]["value_numeric"])
    ends = _ask(f"first and last ferritin of {name}", labs_settings)
    assert [float(r["value_numeric"]) for r in ends] == [first, last]
    change = _ask(f"how much has {name}'s ferritin changed since the first test", labs_settings)
    assert len(change) == 1 and float(change[0]["change"]) == pytest.approx(last - first)


def test_new_patients_are_counted_in_the_year_of_their_first_report(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).fetch_all(
        "SELECT extract(year FROM first)::int AS y, count(*) AS n FROM"
        " (SELECT patient_id, min(collected_at) AS first FROM lab_reports GROUP BY patient_id) f GROUP BY 1 ORDER BY 1"
    )
    rows = _ask("how many new patients did we get each year?", labs_settings)
    assert [(r["year"], r["new_patients"]) for r in rows] == [(g["y"], g["n"]) for g in gold]


def test_the_units_of_a_test_are_its_distinct_units(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).fetch_all(
        expand_gold("SELECT DISTINCT unit FROM lab_results WHERE parameter_name IN {{names:VITD25}}")
    )
    rows = _ask("which units does vitamin D come in?", labs_settings)
    assert sorted(r["unit"] for r in rows) == sorted(g["unit"] for g in gold)


def test_patients_with_no_result_of_a_test_are_counted(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).scalar(
        expand_gold(
            "SELECT count(*) FROM patients p WHERE NOT EXISTS (SELECT 1 FROM lab_results r"
            " WHERE r.patient_id = p.id AND r.parameter_name IN {{names:B12}})"
        )
    )
    rows = _ask("скільки пацієнтів жодного разу не мали аналізу на B12", labs_settings)
    assert next(iter(rows[0].values())) == gold


def test_reports_by_year_and_sex_join_the_patients(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).fetch_all(
        "SELECT extract(year FROM l.collected_at)::int AS y, p.sex, count(*) AS n FROM lab_reports l"
        " JOIN patients p ON p.id = l.patient_id GROUP BY 1, 2 ORDER BY 1, 2"
    )
    rows = _ask("número de informes por año y sexo", labs_settings)
    assert [(r["year"], r["sex"], r["reports"]) for r in rows] == [(g["y"], g["sex"], g["n"]) for g in gold]


def test_averages_by_decade_of_birth(labs_settings: Settings) -> None:
    rows = _ask("average HbA1c by decade of birth", labs_settings)
    assert rows and all(r["birth_decade"] % 10 == 0 for r in rows)
    assert len({r["birth_decade"] for r in rows}) == len(rows)


def test_a_surname_many_patients_share_is_asked_back_with_every_candidate(labs_settings: Settings) -> None:
    surname = get_database(labs_settings).scalar(
        "SELECT split_part(full_name, ' ', 1) FROM patients WHERE full_name ~ '^[А-ЯІЇЄҐ]'"
        " GROUP BY 1 HAVING count(*) >= 2 ORDER BY count(*) DESC, 1 LIMIT 1"
    )
    with acting_as(LOCAL):
        resp = asyncio.run(run(f"останній феритин у {surname}", settings=labs_settings))
    assert resp.status == "clarify" and resp.rows is None and resp.reason_code == "ambiguous_patient"
    assert len(resp.candidates) >= 2 and all(c.full_name.startswith(str(surname)) for c in resp.candidates)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("how did ALT change between 3 May 2024 and 2 June 2025", date(2024, 5, 3), date(2025, 6, 3)),
        ("как изменился калий между 1 марта 2023 и 15 апреля 2024", date(2023, 3, 1), date(2024, 4, 16)),
        ("різниця феритину між 2 лютого 2022 та 9 вересня 2025", date(2022, 2, 2), date(2025, 9, 10)),
        (
            "diferencia de glucosa entre el 5 de junio de 2023 y el 1 de julio de 2024",
            date(2023, 6, 5),
            date(2024, 7, 2),
        ),
    ],
)
def test_a_change_between_two_days_is_the_change_over_that_span(question: str, start: date, end: date) -> None:
    intent = parse(question)
    assert intent.aggregate == "change"
    assert intent.window is not None and (intent.window.start, intent.window.end) == (start, end)


@pytest.mark.parametrize(
    ("question", "aggregate", "range_filter"),
    [
        ("total # of patients with high LDL", "count_patients", "above"),
        ("¿quién tiene la glucosa más alta?", "max", None),
        ("у кого самый низкий гемоглобин", "min", None),
        ("en qué laboratorios se hizo análisis Ana Ruiz y cuántas veces", "count_reports", None),
    ],
)
def test_counts_superlatives_and_labs_with_their_counts(
    question: str, aggregate: str, range_filter: str | None
) -> None:
    intent = parse(question, labs=["LabCorp", "Quest Diagnostics"])
    assert (intent.aggregate, intent.range_filter) == (aggregate, range_filter)


def test_a_lab_named_in_lower_case_after_from_is_that_lab() -> None:
    intent = parse("number of reports from quest this year", labs=["LabCorp", "Quest Diagnostics"])
    assert intent.labs == ["Quest Diagnostics"]
    assert parse("any quest for answers?", labs=["Quest Diagnostics"]).labs == []


def test_stopping_a_medicine_is_medical_advice() -> None:
    from quarry.apps.labs.refusal import refusal_of

    for question, lang in [("can I stop taking statins now?", "en"), ("можна вже кинути статини?", "uk"),
                           ("можно ли отменить метформин при таком сахаре", "ru")]:  # fmt: skip
        refused = refusal_of(question, lang)
        assert refused is not None and refused.reason == "medical_advice", question


def test_the_lowest_value_keeps_its_ties(labs_settings: Settings) -> None:
    db = get_database(labs_settings)
    lowest = db.scalar(expand_gold("SELECT min(value_numeric) FROM lab_results WHERE parameter_name IN {{names:FERR}}"))
    tied = db.scalar(
        expand_gold(
            "SELECT count(*) FROM lab_results WHERE parameter_name IN {{names:FERR}} AND value_numeric = "
            "(SELECT min(value_numeric) FROM lab_results WHERE parameter_name IN {{names:FERR}})"
        )
    )
    rows = _ask("who has the lowest ferritin on record?", labs_settings)
    assert len(rows) == tied and all(r["value_numeric"] == lowest for r in rows)


def test_every_of_a_surname_means_that_surname_not_names_it_could_be_a_plural_of(labs_settings: Settings) -> None:
    from quarry.apps.labs.patients import find_family, roster

    patients = roster(get_database(labs_settings), labs_settings)[0]
    surname = get_database(labs_settings).scalar(
        "SELECT split_part(full_name, ' ', 1) FROM patients WHERE full_name ~ '^[А-Я]'"
        " GROUP BY 1 HAVING count(*) >= 2 ORDER BY 1 LIMIT 1"
    )
    family = find_family(f"все {surname}: последний калий", patients)
    assert family is not None and len(family.patients) >= 2
    assert all(str(surname) in p.full_name.split() for p in family.patients)
