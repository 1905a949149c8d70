"""Names written in another script or romanisation, namesakes never merged on any path, requests
to add data, and counts, periods and groupings read by class (issue 19). Sentences written for
these tests; the test data's patients are those of `tests/labs_support.py`."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from quarry.apps.labs.offline import Seen, make_plan
from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.orchestrator import run
from quarry.apps.labs.patients import find_patient_mention, roster
from quarry.apps.labs.refusal import refusal_of
from quarry.caller import LOCAL, acting_as
from quarry.db import get_database
from quarry.nlu.romanize import name_key
from quarry.settings import Settings
from tests.labs_support import load_test_data


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("Alexey", "Алексей"), ("Aleksej", "Алексей"), ("Yulia", "Юлия"), ("Natalya", "Наталья"),
     ("Mikhail", "Михаил"), ("Олийник", "Олійник"), ("Ирина", "Ірина"), ("Sergey", "Сергей")],
)  # fmt: skip
def test_one_name_in_any_script_has_one_key(typed: str, stored: str) -> None:
    assert name_key(typed) == name_key(stored)


def test_different_names_keep_different_keys() -> None:
    assert name_key("Smirnov") != name_key("Семёнов") and name_key("Ivan") != name_key("Иванова")


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


ROMANISED = [
    ("glucose for Vladimir Sokolov", 2),  # Соколов Владимир Сергеевич
    ("ekaterina stepanova's TSH", 15),  # Степанова Екатерина
]


@pytest.mark.parametrize(("question", "pid"), ROMANISED, ids=[q for q, _ in ROMANISED])
def test_a_romanised_name_is_the_patient(labs_settings: Settings, question: str, pid: int) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    mention = find_patient_mention(question, patients, labs)
    assert mention is not None and [p.id for p in mention.patients] == [pid]


def test_a_romanised_surname_of_two_patients_is_asked_back(labs_settings: Settings) -> None:
    with acting_as(LOCAL):
        resp = asyncio.run(run("ferritin for Ivanova", settings=labs_settings))
    assert (resp.status, resp.rows) == ("clarify", None)
    assert {c.id for c in resp.candidates} == {18, 23}


def test_the_plan_never_merges_namesakes_into_one_query() -> None:
    """However the name reached the plan, two patients it fits are asked about, not both queried."""
    intent = parse("ферритин у Поліщук")
    intent.patient_name = "Поліщук"
    lookup = {
        "columns": ["id", "full_name", "sex", "birth_date"],
        "rows": [[5, "Поліщук Оксана Іванівна", "F", "1980-02-01"], [9, "Поліщук Дмитро Іванович", "M", "1971-05-03"]],
    }
    plan = make_plan(intent, Seen(patients=lookup))
    assert plan.ambiguous_person == [("Поліщук Оксана Іванівна", 1980), ("Поліщук Дмитро Іванович", 1971)]


@pytest.mark.parametrize(
    ("question", "refused"),
    [
        ("add a new potassium of 4.1 for Sarah Martin", True),
        ("додай новий аналіз глюкози 5.9 для Мельника", True),
        ("добавь запись: ферритин 40 у Ивановой", True),
        ("agrega un nuevo resultado de colesterol a Ana Ruiz", True),
        ("LDL for Sarah Martin, and add HDL too", False),  # include a test in the answer
    ],
)
def test_adding_data_is_refused_but_adding_a_test_to_the_answer_is_not(question: str, refused: bool) -> None:
    lang = parse(question).language
    got = refusal_of(question, lang)
    assert (got is not None and got.reason == "write_request") is refused


@pytest.mark.parametrize(
    "question",
    ["men over 70 with creatinine above range, count", "женщины старше 60 с высоким ЛПНП — сколько их",
     "mujeres con ferritina baja en 2025: cuántas"],
)  # fmt: skip
def test_the_people_a_question_opens_with_are_what_it_counts(question: str) -> None:
    assert parse(question).aggregate == "count_patients"


def test_results_counted_by_name_stay_results() -> None:
    assert parse("patients: number of results of glucose in 2025").aggregate == "count"


@pytest.mark.parametrize(
    ("question", "op", "value"),
    [("glucose that exceeds 7", ">", 7.0), ("colesterol que pasa de 6", ">", 6.0), ("ЛПНЩ перевищує 3", ">", 3.0)],
)
def test_verbs_of_exceeding_are_a_lower_bound(question: str, op: str, value: float) -> None:
    intent = parse(question)
    assert (intent.value_op, intent.value) == (op, value)


@pytest.mark.parametrize(
    "question",
    [
        "ALT over the last two full quarters",
        "АЛТ за последние два полных квартала",
        "ALT en los dos últimos trimestres completos",
    ],
)
def test_a_whole_unit_is_the_unit(question: str) -> None:
    window = parse(question, anchor=date(2026, 11, 22)).window
    assert window is not None and (window.start, window.end) == (date(2026, 4, 1), date(2026, 10, 1))


@pytest.mark.parametrize(
    ("question", "group"),
    [
        ("reports per quarter in 2025", "quarter"),
        ("звіти по місяцях за 2026", "month"),
        ("informes por trimestre", "quarter"),
    ],
)
def test_reports_grouped_by_a_period_are_counted(question: str, group: str) -> None:
    intent = parse(question)
    assert (intent.aggregate, intent.group_by) == ("count_reports", group)


def test_reports_per_quarter_have_one_row_per_quarter(labs_settings: Settings) -> None:
    with acting_as(LOCAL):
        resp = asyncio.run(run("reports per quarter in 2025", settings=labs_settings))
    gold = get_database(labs_settings).fetch_all(
        "SELECT extract(quarter FROM collected_at)::int AS q, count(*) AS n FROM lab_reports"
        " WHERE collected_at >= '2025-01-01' AND collected_at < '2026-01-01' GROUP BY 1 ORDER BY 1"
    )
    assert resp.rows is not None and gold
    assert [(r["quarter"], r["reports"]) for r in resp.rows] == [(g["q"], g["n"]) for g in gold]


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("скільки аналізів на натрій було у листопаді", date(2026, 11, 1)),  # read first as another noun
        ("гемоглобин с 5 марта", date(2026, 3, 5)),  # a day before the month
        ("glucose since the 3rd of May", date(2026, 5, 3)),
        ("пацієнти з 1 липня", date(2026, 7, 1)),
    ],
)
def test_months_in_any_case_and_days_before_them(question: str, start: date) -> None:
    window = parse(question, anchor=date(2026, 11, 22)).window
    assert window is not None and window.start == start


@pytest.mark.parametrize(
    ("question", "measures"),
    [("мін, макс і середній калій", {"min", "max", "avg"}), ("мин и макс ферритина", {"min", "max"})],
)
def test_short_forms_of_min_and_max_are_measures(question: str, measures: set[str]) -> None:
    intent = parse(question)
    assert {intent.aggregate, *intent.measures_more} == measures


@pytest.mark.parametrize(
    ("question", "keys"),
    [
        ("средний холестерин в разрезе пола и года", ["sex", "year"]),
        ("average ferritin broken down by lab", ["lab"]),
        ("glucosa media desglosada por sexo y año", ["sex", "year"]),
    ],
)
def test_a_breakdown_names_its_keys_in_any_case(question: str, keys: list[str]) -> None:
    intent = parse(question)
    assert [intent.group_by, *intent.group_more] == keys


def test_a_possessive_after_change_makes_it_a_request() -> None:
    got = refusal_of("change mary smith's potassium to 4.4", "en")
    assert got is not None and got.reason == "write_request"
    assert refusal_of("change in mary smith's potassium over time", "en") is None


def test_labs_ranked_by_how_often_a_test_is_out_of_range() -> None:
    intent = parse("в яких лабораторіях найчастіше глюкоза вище норми — топ 2", labs=["LabCorp"])
    assert (intent.aggregate, intent.group_by, intent.top, intent.range_filter) == ("count", "lab", 2, "above")


@pytest.mark.parametrize(
    "question",
    ["pacientes de 70 años o más con glucosa alta", "patients 65 or older with high LDL, most recent first"],
)
def test_an_age_and_more_is_no_ranking(question: str) -> None:
    intent = parse(question)
    assert intent.aggregate != "rank_patients" and not intent.rank_groups


def test_list_the_women_lists_the_people() -> None:
    assert parse("list the women with ferritin below range").aggregate == "list_patients"


def test_number_words_rank_and_open_ended_bands_close() -> None:
    ranked = parse("las tres pacientes con más resultados altos")
    assert (ranked.aggregate, ranked.top, ranked.unknown_term) == ("rank_patients", 3, None)
    banded = parse("число пациентов по возрастным группам: до 30, 30-59, 60 и старше")
    assert banded.age_bands is not None and banded.age_bands.starts == (30, 60) and banded.unknown_term is None


@pytest.mark.parametrize(
    "question",
    ["how many results did LabCorp send us in 2025?", "cuántos pacientes fueron a LabCorp en 2025"],
)
def test_a_verb_of_going_or_sending_is_no_test(question: str) -> None:
    assert parse(question, labs=["LabCorp"]).unknown_term is None


def test_colloquial_how_many_counts() -> None:
    assert parse("скока бланков пришло из LabCorp", labs=["LabCorp"]).aggregate == "count_reports"


def test_a_social_security_number_is_personal_data() -> None:
    got = refusal_of("¿cuál es el número de la seguridad social de Ana Ruiz?", "es")
    assert got is not None and got.reason == "personal_data"
