"""Round 12's classes (issue 19), on sentences written for these tests: a lower-case surname and a
possessive without its apostrophe are names (never dropped, which widened the query to everyone);
shares in percent; questions about the patients themselves (count, sex, age, birth); labs set
against each other; "x" for "by"; "last" after a test; visits counted; "add" with a value and a
dose asked as "how many units do I take" are refused; the year with the most results."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from quarry.apps.labs.evaluate import expand_gold
from quarry.apps.labs.models import LabsResponse
from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.orchestrator import run
from quarry.caller import LOCAL, acting_as
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import ask_rows, load_test_data


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


def _run(question: str, settings: Settings) -> LabsResponse:
    with acting_as(LOCAL):
        return asyncio.run(run(question, settings=settings))


def _one_latin_patient(settings: Settings) -> dict[str, Any]:
    """The first patient with a two-word Latin name that no other patient has."""
    return get_database(settings).fetch_all(
        "SELECT p.id, p.full_name FROM patients p WHERE p.full_name ~ '^[A-Z][a-z]+ [A-Z][a-z]+$'"
        " AND p.full_name NOT IN (SELECT full_name FROM patients GROUP BY 1 HAVING count(*) > 1) ORDER BY p.id LIMIT 1"
    )[0]


def _one(rows: list[dict[str, Any]]) -> Any:
    assert len(rows) == 1, rows
    return next(iter(rows[0].values()))


def test_a_lower_case_surname_of_several_patients_is_asked_back(labs_settings: Settings) -> None:
    surname = get_database(labs_settings).scalar(
        "SELECT split_part(full_name, ' ', 1) FROM patients WHERE full_name ~ '^[А-ЯІЇЄҐ]' AND sex = 'M'"
        " GROUP BY 1 HAVING count(*) >= 2 ORDER BY count(*) DESC, 1 LIMIT 1"
    )
    resp = _run(f"холестерин {str(surname).lower()} за 2024", labs_settings)
    assert resp.status == "clarify" and resp.rows is None
    assert resp.reason_code == "ambiguous_patient" and len(resp.candidates) >= 2
    assert all(c.full_name.startswith(str(surname)) for c in resp.candidates)


def test_a_lower_case_surname_of_one_patient_reads_that_patient_only(labs_settings: Settings) -> None:
    row = get_database(labs_settings).fetch_all(
        "SELECT min(id) AS id, split_part(min(full_name), ' ', 2) AS surname FROM patients"
        " WHERE full_name ~ '^[A-Z][a-z]+ [A-Z][a-z]+$' GROUP BY split_part(full_name, ' ', 2)"
        " HAVING count(*) = 1 ORDER BY 2 LIMIT 1"
    )[0]
    resp = _run(f"glucose results the {str(row['surname']).lower()} guy had", labs_settings)
    assert resp.status == "ok" and resp.patient is not None and resp.patient.id == row["id"]
    assert {r["patient_id"] for r in resp.rows or []} <= {row["id"]}


def test_a_possessive_without_its_apostrophe_and_a_short_given_name_read_as_the_patient(
    labs_settings: Settings,
) -> None:
    row = get_database(labs_settings).fetch_all(
        "SELECT id, full_name FROM patients WHERE full_name ~ '^[A-Z][a-z]{3} [A-Z][a-z]+$'"
        " AND full_name NOT IN (SELECT full_name FROM patients GROUP BY 1 HAVING count(*) > 1) ORDER BY id LIMIT 1"
    )[0]
    given, surname = str(row["full_name"]).lower().split()
    slipped = given[:2] + given[3:]  # "jon" for "john": a letter of a four-letter name missing
    resp = _run(f"{slipped} {surname}s latest ferritin", labs_settings)
    assert resp.status == "ok" and resp.patient is not None and resp.patient.id == row["id"]


def test_a_share_of_results_is_the_percentage_meeting_the_condition(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).scalar(
        expand_gold(
            "SELECT round(100.0 * count(*) FILTER (WHERE value_numeric > reference_high) / count(*), 2)"
            " FROM lab_results WHERE parameter_name IN {{names:GLU}}"
        )
    )
    for question in ("what % of glucose results were above range", "який відсоток результатів глюкози вище норми"):
        rows = ask_rows(question, labs_settings)
        assert float(rows[0]["percent"]) == float(gold), question


@pytest.mark.parametrize(
    ("question", "sql"),
    [
        (
            "середній вік пацієнтів",
            "SELECT round(avg(date_part('year', age(date '{today}', birth_date)))::numeric, 2) FROM patients",
        ),
        (
            "какой процент пациентов мужчины",
            "SELECT round(100.0 * count(*) FILTER (WHERE sex = 'M') / count(*), 2) FROM patients",
        ),
        (
            "cuántas mujeres nacieron entre 1960 y 1969",
            "SELECT count(*) FROM patients WHERE sex = 'F'"
            " AND birth_date >= '1960-01-01' AND birth_date < '1970-01-01'",
        ),
    ],
)
def test_questions_about_the_patients_themselves_read_the_patients(
    question: str, sql: str, labs_settings: Settings
) -> None:
    intent = parse(question)
    assert not intent.mentions and intent.unknown_term is None
    today = get_database(labs_settings).scalar("SELECT max(collected_at)::date FROM lab_results")
    assert float(_one(ask_rows(question, labs_settings))) == float(
        get_database(labs_settings).scalar(sql.format(today=today))
    )


def test_patients_counted_by_sex_and_decade_of_birth(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).fetch_all(
        "SELECT sex, (extract(year FROM birth_date)::int / 10) * 10 AS d, count(*) AS n FROM patients"
        " GROUP BY 1, 2 ORDER BY 1, 2"
    )
    rows = ask_rows("количество пациентов по полу и десятилетию рождения", labs_settings)
    assert [(r["sex"], r["birth_decade"], r["patients"]) for r in rows] == [(g["sex"], g["d"], g["n"]) for g in gold]
    by_sex = ask_rows("скільки в базі жінок і скільки чоловіків", labs_settings)
    assert {r["sex"]: r["patients"] for r in by_sex} == {
        s: sum(g["n"] for g in gold if g["sex"] == s) for s in ("F", "M")
    }


def test_two_labs_set_against_each_other_are_a_row_each(labs_settings: Settings) -> None:
    labs = [
        r["lab_name"]
        for r in get_database(labs_settings).fetch_all(
            "SELECT lab_name FROM lab_reports GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2"
        )
    ]
    rows = ask_rows(f"середній натрій: {labs[0]} проти {labs[1]}", labs_settings)
    assert sorted(r["lab_name"] for r in rows) == sorted(labs)
    assert parse("promedio de trigliceridos x sexo").group_by == "sex"


@pytest.mark.parametrize(
    ("question", "aggregate"),
    [
        ("antonio's tsh ultimo", "latest"),
        ("ферритин последний у Ивановой", "latest"),
        ("glucose last month", "list"),
    ],
)
def test_a_latest_word_after_the_test_is_its_latest_result(question: str, aggregate: str) -> None:
    assert parse(question).aggregate == aggregate


def test_how_many_times_someone_came_counts_their_reports(labs_settings: Settings) -> None:
    row = get_database(labs_settings).fetch_all(
        "SELECT p.id, p.full_name FROM patients p WHERE p.full_name ~ '^[А-Я]' AND p.full_name NOT IN"
        " (SELECT full_name FROM patients GROUP BY 1 HAVING count(*) > 1) ORDER BY p.id LIMIT 1"
    )[0]
    gold = get_database(labs_settings).scalar(f"SELECT count(*) FROM lab_reports WHERE patient_id = {row['id']}")
    words = str(row["full_name"]).split()
    rows = ask_rows(f"сколько раз {words[0]} {words[1]} приходил сдавать анализы", labs_settings)
    assert _one(rows) == gold
    assert parse("сколько разных пациентов сдавали ферритин").aggregate != "count_reports"


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("додай результат глюкози 5,4 для Кравченко Тетяни", "write_request"),
        ("add glucose 6.1 for Emma White today", "write_request"),
        ("tengo la vitamina D en 15, ¿cuántas UI tomo al día?", "medical_advice"),
    ],
)
def test_a_value_to_add_and_a_dose_are_refused(question: str, reason: str, labs_settings: Settings) -> None:
    resp = _run(question, labs_settings)
    assert resp.status == "refused" and resp.reason_code == reason and resp.rows is None


def test_adding_a_test_or_a_year_to_the_answer_is_no_write_request(labs_settings: Settings) -> None:
    assert _run("add HDL for 2024 too", labs_settings).status == "ok"


def test_the_year_with_the_most_results_of_a_patient(labs_settings: Settings) -> None:
    row = _one_latin_patient(labs_settings)
    counts = get_database(labs_settings).fetch_all(
        "SELECT extract(year FROM collected_at)::int AS y, count(*) AS n FROM lab_results"
        f" WHERE patient_id = {row['id']} GROUP BY 1 ORDER BY 2 DESC"
    )
    rows = ask_rows(f"which year had the most results for {row['full_name']}", labs_settings)
    assert len(rows) == 1 and rows[0]["results"] == counts[0]["n"]
    assert rows[0]["year"] in {c["y"] for c in counts if c["n"] == counts[0]["n"]}


# Round 13's classes.


def test_an_english_name_written_by_ear_in_cyrillic_is_that_patient(labs_settings: Settings) -> None:
    from quarry.nlu.romanize import name_skeleton

    assert name_skeleton("Дэниел") == name_skeleton("Daniel") and name_skeleton("Джексон") == name_skeleton("Jackson")
    assert name_skeleton("Уайт") == name_skeleton("White") and name_skeleton("Майкл") == name_skeleton("Michael")
    resp = _run("анализы Томаса", labs_settings)  # one word alone is never heard as a name
    assert resp.status == "clarify"


def test_a_condition_word_after_a_test_is_no_part_of_its_name() -> None:
    intent = parse("у скольких пациентов в одном бланке и глюкоза, и гликированный гемоглобин выше нормы?")
    assert [m.text for m in intent.mentions] == ["глюкоза", "гликированный гемоглобин"]
    assert intent.overlap == "same_report" and set(intent.sides.values()) == {"above"}


@pytest.mark.parametrize(
    ("question", "top"),
    [
        ("which lab had the most out-of-range results this year?", 1),
        ("какая лаборатория выдала больше всего бланков", 1),
        ("яка лабораторія видала найбільше бланків", 1),
        ("какие лаборатории выдали больше всего бланков", None),
        ("which labs have the most results", None),
    ],
)
def test_which_lab_in_the_singular_is_the_one_lab(question: str, top: int | None) -> None:
    intent = parse(question)
    assert intent.group_by == "lab" and intent.rank_groups and intent.top == top


def test_out_of_range_with_hyphens_is_a_condition() -> None:
    assert parse("which lab had the most out-of-range results this year?").range_filter == "outside"


def test_labs_ranked_by_patients_count_distinct_patients(labs_settings: Settings) -> None:
    gold = get_database(labs_settings).fetch_all(
        "SELECT lab_name, count(DISTINCT patient_id) AS n FROM lab_reports GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3"
    )
    rows = ask_rows("топ-3 лаборатории по числу пациентов", labs_settings)
    assert [r["patients"] for r in rows] == [g["n"] for g in gold]


def test_most_first_ranks_the_groups(labs_settings: Settings) -> None:
    rows = ask_rows("cuántos resultados hay de cada laboratorio, de mayor a menor", labs_settings)
    assert [r["results"] for r in rows] == sorted((r["results"] for r in rows), reverse=True) and len(rows) > 1


def test_the_last_visit_and_its_lab(labs_settings: Settings) -> None:
    row = _one_latin_patient(labs_settings)
    last = get_database(labs_settings).fetch_all(
        f"SELECT lab_name FROM lab_reports WHERE patient_id = {row['id']} ORDER BY collected_at DESC LIMIT 1"
    )[0]
    rows = ask_rows(f"When was {row['full_name']}'s last lab visit, and which lab was it?", labs_settings)
    assert len(rows) == 1 and rows[0]["lab_name"] == last["lab_name"]


def test_current_age_bands_of_the_patients_and_a_third_person_dose(labs_settings: Settings) -> None:
    rows = ask_rows(
        "сколько пациентов в каждой возрастной группе: до 40, 40–59, 60 и старше (по нынешнему возрасту)", labs_settings
    )
    total = get_database(labs_settings).scalar("SELECT count(*) FROM patients")
    assert sum(r["patients"] for r in rows) == total and len(rows) == 3
    resp = _run("John's TSH came back high - how much levothyroxine should he take?", labs_settings)
    assert resp.status == "refused" and resp.reason_code == "medical_advice"


def test_the_grader_reads_month_and_band_labels_the_writers_ways() -> None:
    from datetime import date

    from quarry.apps.labs.blind import answers_match

    predicted = [[date(2026, 7, 1), 363], [date(2026, 8, 1), 444]]
    assert answers_match([[7, 363], [8, 444]], predicted, ordered=False)
    assert answers_match([["2026-07", 363], ["2026-08", 444]], predicted, ordered=False)
    assert not answers_match([[7, 444], [8, 363]], predicted, ordered=False)
    assert answers_match([[0, 67], [40, 57], [60, 76]], [["<40", 67], ["40-59", 57], ["60+", 76]], ordered=False)
