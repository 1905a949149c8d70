"""Classes of lab questions found on the blind rounds (issue 19), with sentences written for these
tests: names beside initials, titles, acronyms and possessives, a name declined after a
preposition, a sentence opening with a verb; several measures in one row."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.orchestrator import run
from quarry.apps.labs.patients import Patient, find_patient_mention
from quarry.caller import LOCAL, acting_as
from quarry.nlu.text import fold
from quarry.settings import Settings
from tests.labs_support import load_test_data


def _patient(pid: int, name: str, sex: str, born: int) -> Patient:
    return Patient(pid, name, sex, born, tuple(fold(w) for w in name.split()))


PEOPLE = (
    _patient(1, "Козлов Алексей Сергеевич", "M", 1970),
    _patient(2, "Козлова Анна Сергеевна", "F", 1980),
    _patient(3, "Соколова Анна Николаевна", "F", 1990),
    _patient(4, "Emma White", "F", 1985),
    _patient(5, "Antonio Fernández Sánchez", "M", 1950),
    _patient(6, "Jennifer Brown", "F", 1960),
    _patient(7, "Бондаренко Олена Іванівна", "F", 1975),
)

NAMED = [
    ("хол-н общий у Козлова А. С.", 1),  # genitive after «у», initials
    ("Проверь Соколову Анну Николаевну: холестерин выше нормы", 3),  # a verb opens the sentence
    ("Emma White's ESR", 4),  # possessive, then an acronym
    ("list jennifer brown's HbA1c values above 5.6", 6),
    ("resultados de vitamina B12 del Sr. Antonio Fernández", 5),  # a title before the name
    ("віт д у Бондаренко Олени", 7),
]


@pytest.mark.parametrize(("question", "pid"), NAMED, ids=[q for q, _ in NAMED])
def test_the_name_is_read_whatever_stands_beside_it(question: str, pid: int) -> None:
    mention = find_patient_mention(question, PEOPLE, frozenset())
    assert mention is not None and [p.id for p in mention.patients] == [pid], mention


def test_a_declinable_surname_with_no_preposition_may_be_either_and_is_asked_back() -> None:
    """«Козлова А. С.» is the woman in the nominative or the man in the genitive: both are candidates."""
    mention = find_patient_mention("Козлова А. С. — холестерин", PEOPLE, frozenset())
    assert mention is not None and {p.id for p in mention.patients} == {1, 2}


@pytest.mark.parametrize(
    "question", ["List everyone whose glucose was above 7 mmol/L", "how many CRP results above normal since April?"]
)
def test_units_and_months_are_no_one_s_name(question: str) -> None:
    intent = parse(question)
    assert find_patient_mention(question, PEOPLE, frozenset()) is None
    assert intent.name_guess is None and intent.patient_name is None


MEASURES = [
    ("min / max / avg LDL across everyone", {"avg", "min", "max"}),
    ("mínimo, máximo y promedio de leucocitos en hombres", {"avg", "min", "max"}),
    ("минимальный и максимальный калий по каждой лаборатории", {"min", "max"}),
    ("how many hemoglobin results were low, and from how many different patients?", {"count", "count_patients"}),
    ("average ferritin", {"avg"}),
]


@pytest.mark.parametrize(("question", "measures"), MEASURES, ids=[q for q, _ in MEASURES])
def test_every_measure_asked_is_kept(question: str, measures: set[str]) -> None:
    intent = parse(question)
    assert {intent.aggregate, *intent.measures_more} == measures


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


def test_several_measures_come_back_in_one_row(labs_settings: Settings) -> None:
    from quarry.apps.labs.evaluate import expand_gold
    from quarry.db import get_database

    with acting_as(LOCAL):
        resp = asyncio.run(run("min, max and average LDL", settings=labs_settings))
    assert resp.status == "ok" and resp.rows is not None and len(resp.rows) == 1
    gold = get_database(labs_settings).fetch_all(
        expand_gold(
            "SELECT min(value_numeric) AS lo, max(value_numeric) AS hi, round(avg(value_numeric), 2) AS mean"
            " FROM lab_results WHERE parameter_name IN {{names:LDL}}"
        )
    )[0]
    row = resp.rows[0]
    assert (row["min_value"], row["max_value"], row["avg_value"]) == (
        float(gold["lo"]),
        float(gold["hi"]),
        float(gold["mean"]),
    )


def test_the_last_word_before_a_test_asks_for_its_latest_result() -> None:
    for question in ("Алексеева — последний ферритин", "останній калій", "el último colesterol", "last potassium"):
        assert parse(question).aggregate == "latest", question
    assert parse("ferritin in the last 6 months").aggregate == "list"


def test_birth_years_are_patients_not_periods() -> None:
    before = parse("most recent potassium for every patient born before 1945")
    assert before.born_before is not None and before.born_before.isoformat() == "1945-01-01" and before.window is None
    after = parse("глюкоза у пациентов, родившихся после 1980 года")
    assert after.born_from is not None and after.born_from.isoformat() == "1981-01-01" and after.window is None
    during = parse("холестерин у народжених у 1960 році")
    assert (during.born_from, during.born_before) == (date(1960, 1, 1), date(1961, 1, 1))


def test_a_month_named_alone_is_its_latest_month() -> None:
    anchor = date(2026, 11, 22)
    for question, start in (
        ("Скільки аналізів на тромбоцити було в жовтні?", date(2026, 10, 1)),
        ("гемоглобин в декабре", date(2025, 12, 1)),
        ("glucosa en agosto de 2024", date(2024, 8, 1)),
    ):
        window = parse(question, anchor=anchor).window
        assert window is not None and window.start == start, question
    assert parse("гемоглобин у Петрова", anchor=anchor).window is None


@pytest.mark.parametrize(
    ("question", "side"),
    [
        ("результаты Петрова вне референсных значений", "outside"),
        ("що з аналізів вийшло за межі норми?", "outside"),
        ("глюкоза выше референса у мужчин", "above"),
        ("феритин нижче референтних значень", "below"),
        ("hemoglobina fuera del rango de referencia", "outside"),
    ],
)
def test_the_reference_range_is_read_by_any_of_its_names(question: str, side: str) -> None:
    assert parse(question).range_filter == side


@pytest.mark.parametrize(
    ("question", "aggregate"),
    [
        ("ferritina media de las mujeres", "avg"),
        ("colesterol total medio por laboratorio", "avg"),
        ("glucosa del último medio año", "list"),  # half a year, not an average
    ],
)
def test_the_spanish_adjective_medio_is_an_average_but_half_a_year_is_not(question: str, aggregate: str) -> None:
    assert parse(question).aggregate == aggregate


@pytest.mark.parametrize(
    ("question", "combine", "sides"),
    [
        ("How many patients have ever had TSH or free T4 outside the reference range?", "any", {"outside"}),
        ("How many patients have never had a B12 or folate test?", "none", set()),
        ("¿Cuántos pacientes se han hecho alguna vez tanto ferritina como vitamina B12?", "all", set()),
    ],
)
def test_two_tests_combine_as_said(question: str, combine: str, sides: set[str]) -> None:
    intent = parse(question)
    assert intent.aggregate == "count_patients" and intent.overlap == "ever"
    assert intent.combine == combine and set(intent.sides.values()) == sides


def test_people_counted_through_reports_are_people() -> None:
    intent = parse(
        "How many patients have reports from both LabCorp and Quest Diagnostics?", labs=["LabCorp", "Quest Diagnostics"]
    )
    assert intent.aggregate == "count_patients" and intent.labs_all
    same = parse("у скольких пациентов в одном и том же бланке и АЛТ, и АСТ были выше нормы?")
    assert same.aggregate == "count_patients" and same.overlap == "same_report"


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("vit b12", "B12"),
        ("віт д у Бондаренко Олени", "VITD25"),
        ("хол-н общий", "CHOL"),
        ("creat", "CREA"),
        ("hb", "HGB"),
    ],
)
def test_short_forms_of_test_names_are_read(question: str, code: str) -> None:
    from quarry.apps.labs.knowledge import find_mentions

    assert [m.code for m in find_mentions(question)] == [code]


def test_a_word_of_its_own_is_no_short_form() -> None:
    from quarry.apps.labs.knowledge import find_mentions

    assert [m.code for m in find_mentions("и АЛТ, и АСТ были выше нормы")] == ["ALT", "AST"]
    assert [m.code for m in find_mentions("gluc levels")] == []  # glucose or glycated haemoglobin: not guessed


@pytest.mark.parametrize(
    ("question", "keys"),
    [
        ("кількість аналізів ШОЕ за лабораторіями і роками", ["lab", "year"]),
        ("promedio de glucosa por laboratorio y año", ["lab", "year"]),
        ("número de pacientes con PCR alta por sexo y año", ["sex", "year"]),
    ],
)
def test_two_grouping_keys_of_any_kind(question: str, keys: list[str]) -> None:
    intent = parse(question)
    assert [intent.group_by, *intent.group_more] == keys


def test_everyone_whose_and_names_list_the_people() -> None:
    assert parse("List everyone whose glucose has ever been above 7").aggregate == "list_patients"
    named = parse("hba1c >6.5 this yr, names", anchor=date(2026, 11, 22))
    assert named.aggregate == "list_patients" and named.window is not None and named.window.start == date(2026, 1, 1)


def test_a_yearly_grouping_says_the_year_as_a_number(labs_settings: Settings) -> None:
    with acting_as(LOCAL):
        resp = asyncio.run(run("average HbA1c by year and sex", settings=labs_settings))
    assert resp.status == "ok" and resp.rows and resp.columns[:2] == ["year", "sex"]
    assert all(isinstance(r["year"], int) for r in resp.rows)


def test_one_patient_s_trend_is_their_values_over_time(labs_settings: Settings) -> None:
    from quarry.apps.labs.patients import roster
    from quarry.db import get_database

    patients, _ = roster(get_database(labs_settings), labs_settings)
    someone = next(p for p in patients if [q.full_name for q in patients].count(p.full_name) == 1)
    with acting_as(LOCAL):
        resp = asyncio.run(run(f"glucose trend for {someone.full_name}", settings=labs_settings))
    assert resp.status == "ok" and resp.rows is not None and resp.sql and "GROUP BY" not in resp.sql.upper()
    assert "value_numeric" in resp.columns and {r["patient_id"] for r in resp.rows} <= {someone.id}
    many = parse("glucose trend")
    assert (many.group_by, many.aggregate) == ("month", "avg")  # everyone's: monthly averages


def test_reports_and_results_counted_side_by_side(labs_settings: Settings) -> None:
    from quarry.db import get_database

    db = get_database(labs_settings)
    pid = int(db.scalar("SELECT patient_id FROM lab_reports GROUP BY patient_id ORDER BY count(*) DESC LIMIT 1"))
    name = str(db.scalar("SELECT full_name FROM patients WHERE id = :p", {"p": pid}))
    if len([p for p in db.fetch_all("SELECT id FROM patients WHERE full_name = :n", {"n": name})]) > 1:
        pytest.skip("the busiest patient has a namesake in this data")
    with acting_as(LOCAL):
        resp = asyncio.run(
            run(f"How many reports does {name} have, and how many results in total?", settings=labs_settings)
        )
    assert resp.status == "ok" and resp.rows is not None and len(resp.rows) == 1
    reports = db.scalar("SELECT count(*) FROM lab_reports WHERE patient_id = :p", {"p": pid})
    results = db.scalar("SELECT count(*) FROM lab_results WHERE patient_id = :p", {"p": pid})
    assert (resp.rows[0]["reports"], resp.rows[0]["results"]) == (reports, results)


def test_quarters_group_with_their_year() -> None:
    intent = parse("средняя глюкоза натощак по кварталам 2025")
    assert intent.group_by == "quarter" and intent.window is not None


def test_names_and_values_list_each_result_with_its_patient() -> None:
    assert parse("pts with hgb below normal in the past 6 months - names + values").aggregate == "list"
    assert parse("витамин д ниже 20 у кого за последние полгода? фамилии и значения").aggregate == "list"
    assert parse("ferritin above 300: names only").aggregate == "list_patients"


def test_a_close_reading_of_two_words_beats_an_exact_one() -> None:
    from quarry.apps.labs.knowledge import find_mentions

    assert [m.code for m in find_mentions("hemoglobina glicosilda de Sofía")] == ["HBA1C"]
    assert [(m.code, m.text) for m in find_mentions("средняя глюкоза натощак по кварталам")] == [
        ("GLU", "глюкоза натощак")
    ]


def test_the_reference_ranges_themselves(labs_settings: Settings) -> None:
    from quarry.apps.labs.evaluate import expand_gold
    from quarry.db import get_database

    assert parse("ferritin above the reference range").aggregate == "list"
    with acting_as(LOCAL):
        resp = asyncio.run(run("what reference ranges are used for ferritin?", settings=labs_settings))
    gold = get_database(labs_settings).fetch_all(
        expand_gold(
            "SELECT DISTINCT reference_low, reference_high FROM lab_results WHERE parameter_name IN {{names:FERR}}"
        )
    )
    assert resp.status == "ok" and resp.rows is not None
    got = {(r["reference_low"], r["reference_high"]) for r in resp.rows}
    assert got == {(float(g["reference_low"]), float(g["reference_high"])) for g in gold}


def test_patients_ranked_by_their_reports(labs_settings: Settings) -> None:
    from quarry.db import get_database

    with acting_as(LOCAL):
        resp = asyncio.run(run("Who's got the most lab reports on file? top 3", settings=labs_settings))
    assert resp.status == "ok" and resp.rows is not None and len(resp.rows) == 3
    most = get_database(labs_settings).scalar(
        "SELECT count(*) FROM lab_reports GROUP BY patient_id ORDER BY count(*) DESC LIMIT 1"
    )
    assert resp.rows[0]["reports"] == most
    assert parse("which patient had the most recent ferritin").aggregate != "rank_patients"


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("glucose values between 5 and 7", 5.0, 7.0),
        ("глюкоза от 5 до 7", 5.0, 7.0),
        ("hemoglobina entre 120 y 140", 120.0, 140.0),
    ],
)
def test_a_value_range_keeps_both_bounds(question: str, low: float, high: float) -> None:
    intent = parse(question)
    assert (intent.value_op, intent.value, intent.value_upto) == (">=", low, high)


@pytest.mark.parametrize(
    "question",
    [
        "patients aged between 40 and 60 with high ldl",
        "глюкоза у пациентов от 40 до 60 лет",
        "hemoglobina en pacientes de 40 a 60 años",
    ],
)
def test_an_age_range_is_ages_not_values(question: str) -> None:
    intent = parse(question)
    assert (intent.age_over, intent.age_under, intent.value) == (39, 61, None)


def test_never_had_one_test_is_the_patients_without_it(labs_settings: Settings) -> None:
    from quarry.apps.labs.evaluate import expand_gold
    from quarry.db import get_database

    with acting_as(LOCAL):
        resp = asyncio.run(run("how many patients have never had a vitamin D test?", settings=labs_settings))
    gold = get_database(labs_settings).scalar(
        expand_gold(
            "SELECT count(*) FROM patients p WHERE NOT EXISTS (SELECT 1 FROM lab_results r"
            " WHERE r.patient_id = p.id AND r.parameter_name IN {{names:VITD25}})"
        )
    )
    assert resp.status == "ok" and resp.rows == [{"patients": gold}]


@pytest.mark.parametrize(
    "question",
    [
        "patients without a ferritin test",
        "пациенты без анализа на ферритин",
        "which patients have not had a ferritin test since 2024",
    ],
)
def test_without_a_test_lists_the_patients_lacking_it(question: str) -> None:
    intent = parse(question)
    assert (intent.aggregate, intent.overlap, intent.combine) == ("list_patients", "ever", "none")


FAMILY = (
    _patient(11, "Mary Taylor", "F", 1970),
    _patient(12, "James Taylor", "M", 1960),
    _patient(13, "Степанова Юлия Ивановна", "F", 1980),
    _patient(14, "Степанова Татьяна Дмитриевна", "F", 1975),
    _patient(15, "Степанов Сергей Николаевич", "M", 1950),
    _patient(16, "Руденко Олександр Васильович", "M", 1965),
    _patient(17, "Руденко Оксана Іванівна", "F", 1990),
    _patient(18, "Sarah Brown", "F", 1988),
    _patient(19, "Sarah Brown", "F", 1948),
)


@pytest.mark.parametrize(
    ("question", "ids"),
    [
        ("latest hemoglobin for each of the Taylors", {11, 12}),
        ("последний ТТГ у каждой из Степановых", {13, 14}),  # «каждой»: the women
        ("последний ТТГ у каждого из Степановых", {13, 14, 15}),
        ("останній гемоглобін кожного з Руденків", {16, 17}),
    ],
)
def test_a_surname_in_the_plural_is_the_whole_family(question: str, ids: set[int]) -> None:
    mention = find_patient_mention(question, FAMILY, frozenset())
    assert mention is not None and mention.family and {p.id for p in mention.patients} == ids


def test_namesakes_are_no_family() -> None:
    mention = find_patient_mention("glucose trend for the Sarah Brown born in 1988", FAMILY, frozenset())
    assert mention is not None and not mention.family and [p.id for p in mention.patients] == [18]


def test_a_family_s_rows_are_only_its_members(labs_settings: Settings) -> None:
    from quarry.db import get_database

    ids = {
        int(r["id"])
        for r in get_database(labs_settings).fetch_all(
            "SELECT id FROM patients WHERE split_part(full_name, ' ', 1) IN ('Степанов', 'Степанова')"
        )
    }
    assert len(ids) >= 2, "the test data holds a family"
    with acting_as(LOCAL):
        resp = asyncio.run(run("все результаты каждого из Степановых", settings=labs_settings))
    assert resp.status == "ok" and resp.family is not None and set(resp.family.ids) == ids
    assert resp.rows and {r["patient_id"] for r in resp.rows} == ids


def test_the_blind_grader_reads_a_gold_day_against_a_timestamp() -> None:
    from quarry.apps.labs.blind import answers_match

    stamp = [["2026-03-05T09:57:00+00:00", "Mary Taylor", 5.0]]
    assert answers_match([[date(2026, 3, 5), 5.0]], stamp, ordered=False)
    assert not answers_match([[date(2026, 3, 6), 5.0]], stamp, ordered=False)
    assert not answers_match([["2026-03-05", 5.0]], stamp, ordered=False)  # text is compared as text


def test_one_test_had_and_another_never() -> None:
    intent = parse("¿cuántos pacientes tienen la vitamina D medida alguna vez pero nunca se han hecho la TSH?")
    assert (intent.aggregate, intent.overlap, intent.absent) == ("count_patients", "ever", ["TSH"])


@pytest.mark.parametrize(
    ("question", "measures"),
    [
        ("For 2024, how many lab results did we receive, from how many patients, across how many reports?",
         {"count", "count_patients", "count_reports"}),
        ("скільки результатів, пацієнтів і бланків було в Synlab за 2023?",
         {"count", "count_patients", "count_reports"}),
        ("how many reports did each lab send", {"count_reports"}),
    ],
)  # fmt: skip
def test_several_kinds_counted_at_once(question: str, measures: set[str]) -> None:
    intent = parse(question)
    assert {intent.aggregate, *intent.measures_more} == measures


def test_a_declined_test_name_is_read_in_its_dictionary_form() -> None:
    from quarry.apps.labs.knowledge import find_mentions

    assert [m.code for m in find_mentions("референтні значення глікованого гемоглобіну")] == ["HBA1C"]


def test_an_acronym_is_a_test_to_ask_about_not_a_name() -> None:
    intent = parse("resultados de PSA de Carlos Ruiz")
    assert intent.unknown_term == "PSA" and "PSA" not in (intent.name_guess or "")


def test_a_gold_rounded_to_one_decimal_is_read_at_one() -> None:
    """The grader: `round(avg(…), 1)` in the gold matches the product's two decimals when they round to
    it, and only then; a count is never rounded."""
    from decimal import Decimal

    from quarry.apps.labs.blind import answers_match

    assert answers_match([[2024, Decimal("13.4")]], [[2024, 13.42, 120]], ordered=False)
    assert not answers_match([[2024, Decimal("13.5")]], [[2024, 13.42, 120]], ordered=False)
    assert not answers_match([[2024, 13]], [[2024, 13.42]], ordered=False)
