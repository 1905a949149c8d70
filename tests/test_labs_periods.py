"""Periods and leftover words in lab questions (issue 19: dates through the language layer; an
ordinary word is never taken for an unknown test). Sentences written for these tests."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.orchestrator import run
from quarry.caller import LOCAL, acting_as
from quarry.settings import Settings
from tests.labs_support import load_test_data

ANCHOR = date(2026, 11, 22)

PERIODS = [
    ("creatinine 2023 thru 2025", date(2023, 1, 1), date(2026, 1, 1)),
    ("аналізи за 2023–2024", date(2023, 1, 1), date(2025, 1, 1)),
    ("глюкоза з квітня", date(2026, 4, 1), None),
    ("ferritin since april", date(2026, 4, 1), None),
    ("hemoglobina desde abril", date(2026, 4, 1), None),
    ("сахар за последние полгода", date(2026, 5, 22), None),
    ("glucose in the last 30 days", date(2026, 10, 23), None),
    ("ESR over the past two quarters", date(2026, 4, 1), date(2026, 10, 1)),
    ("ЛПНЩ за останні два квартали", date(2026, 4, 1), date(2026, 10, 1)),
    ("plaquetas en los últimos dos trimestres", date(2026, 4, 1), date(2026, 10, 1)),
    ("hemoglobin this year", date(2026, 1, 1), None),
    ("холестерин в прошлом году", date(2025, 1, 1), date(2026, 1, 1)),
    ("wbc last quarter", date(2026, 7, 1), date(2026, 10, 1)),
    ("АЛТ за минулий квартал", date(2026, 7, 1), date(2026, 10, 1)),
    ("glucosa del mes pasado", date(2026, 10, 1), date(2026, 11, 1)),
    ("ферритин в прошлом месяце", date(2026, 10, 1), date(2026, 11, 1)),
    # A span of two months: one year said for both, or none (the latest span begun by now).
    ("potassium from April through July 2024", date(2024, 4, 1), date(2024, 8, 1)),
    ("калий с апреля по июль 2024 года", date(2024, 4, 1), date(2024, 8, 1)),
    ("potasio entre abril y julio de 2024", date(2024, 4, 1), date(2024, 8, 1)),
    ("калій з квітня по липень", date(2026, 4, 1), date(2026, 8, 1)),
    ("potassium Dec 2023 to Feb 2024", date(2023, 12, 1), date(2024, 3, 1)),
]


@pytest.mark.parametrize(("question", "start", "end"), PERIODS, ids=[q for q, _, _ in PERIODS])
def test_periods_are_read_to_dates(question: str, start: date, end: date | None) -> None:
    window = parse(question, anchor=ANCHOR).window
    assert window is not None and (window.start, window.end) == (start, end)


def test_periods_are_read_from_the_newest_result_not_the_server_clock(labs_settings: Settings) -> None:
    """Issue 19 item 5: "the last 3 months" ends at the data's newest result, and the SQL holds the
    dates (never CURRENT_DATE), so the answer does not change with the day it is asked."""
    from quarry.db import get_database

    db = get_database(labs_settings)
    newest = db.scalar("SELECT max(collected_at)::date FROM lab_results")
    with acting_as(LOCAL):
        resp = asyncio.run(run("platelet count in the last 3 months", settings=labs_settings))
    assert resp.status == "ok" and resp.sql is not None and "CURRENT_DATE" not in resp.sql.upper()
    start = date(newest.year + (newest.month - 4) // 12, (newest.month - 4) % 12 + 1, min(newest.day, 28))
    assert resp.rows is not None and all(str(r["collected_at"])[:10] >= start.isoformat() for r in resp.rows)
    assert start.isoformat()[:7] in (resp.explanation or "")


AGES = [
    ("у женщин 60 лет и старше", 59),
    ("mujeres de 65 años o más", 64),
    ("patients 70 and older", 69),
    ("40+ ldl", 39),
]


@pytest.mark.parametrize(("question", "over"), AGES, ids=[q for q, _ in AGES])
def test_an_age_bound_after_the_number_includes_it(question: str, over: int) -> None:
    assert parse(question).age_over == over


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


ORDINARY = [
    "how many patients are in the system",
    "кол-во пациентов по каждой лаборатории за 2025 год",
    "Соколов Владимир - что было вне нормы в последнем анализе?",
]


@pytest.mark.parametrize("question", ORDINARY)
def test_ordinary_words_are_not_an_unknown_test(labs_settings: Settings, question: str) -> None:
    with acting_as(LOCAL):
        resp = asyncio.run(run(question, settings=labs_settings))
    assert resp.reason_code != "unknown_test" and resp.status == "ok", (resp.status, resp.unresolved)


def test_how_many_women_counts_women(labs_settings: Settings) -> None:
    with acting_as(LOCAL):
        resp = asyncio.run(run("how many women had low ferritin", settings=labs_settings))
    assert resp.status == "ok" and resp.columns == ["patients"]


def _patients_meeting(settings: Settings, sql: str) -> set[int]:
    from quarry.db import get_database

    return {int(r["id"]) for r in get_database(settings).fetch_all(sql)}


def test_two_tests_each_with_its_own_condition_in_one_report(labs_settings: Settings) -> None:
    """«HDL bajo y LDL alto en el mismo informe»: the patients with a report holding both."""
    with acting_as(LOCAL):
        resp = asyncio.run(run("pacientes con HDL bajo y LDL alto en el mismo informe", settings=labs_settings))
    assert resp.status == "ok" and resp.rows is not None
    from quarry.apps.labs.evaluate import expand_gold

    expected = _patients_meeting(
        labs_settings,
        expand_gold(
            "SELECT DISTINCT r.patient_id AS id FROM lab_reports r"
            " JOIN lab_results a ON a.report_id = r.id JOIN lab_results b ON b.report_id = r.id"
            " WHERE a.parameter_name IN {{names:HDL}} AND a.value_numeric < a.reference_low"
            " AND b.parameter_name IN {{names:LDL}} AND b.value_numeric > b.reference_high"
        ),
    )
    assert expected, "the test data holds such a report"
    assert {r["patient_id"] for r in resp.rows} == expected


def test_both_high_at_any_time_is_not_one_report() -> None:
    ever = parse("who has had high LDL and also high triglycerides (not necessarily same day)?")
    assert ever.overlap == "ever" and set(ever.sides.values()) == {"above"}
    same = parse("у кого одновременно повышены АЛТ и АСТ")
    assert same.overlap == "same_report" and set(same.sides.values()) == {"above"}
    plain_list = parse("ferritin and glucose results")
    assert plain_list.overlap == "none"


def test_top_n_are_the_extreme_results_with_who_and_when(labs_settings: Settings) -> None:
    from quarry.apps.labs.evaluate import expand_gold
    from quarry.db import get_database

    with acting_as(LOCAL):
        resp = asyncio.run(run("top 3 highest CRP values, with patient and date", settings=labs_settings))
    assert resp.status == "ok" and resp.rows is not None and len(resp.rows) == 3
    best = get_database(labs_settings).fetch_all(
        expand_gold(
            "SELECT value_numeric FROM lab_results WHERE parameter_name IN {{names:CRP}}"
            " AND value_numeric IS NOT NULL ORDER BY value_numeric DESC LIMIT 3"
        )
    )
    assert [r["value_numeric"] for r in resp.rows] == [float(b["value_numeric"]) for b in best]
    assert all(r["patient"] and r["collected_at"] for r in resp.rows)


GROUPS = [
    ("average cholesterol by year and sex", ("year", ["sex"])),
    ("средний гемоглобин по годам и полу", ("year", ["sex"])),
    ("promedio de glucosa por año y sexo", ("year", ["sex"])),
    ("средний гемоглобин у мужчин и женщин по годам", ("sex", ["year"])),
    ("glucose and sex hormones", ("none", [])),
]


@pytest.mark.parametrize(("question", "keys"), GROUPS, ids=[q for q, _ in GROUPS])
def test_two_grouping_keys(question: str, keys: tuple[str, list[str]]) -> None:
    intent = parse(question)
    assert (intent.group_by, intent.group_more) == keys


def test_the_latest_with_no_test_named_is_the_latest_report(labs_settings: Settings) -> None:
    from quarry.db import get_database

    with acting_as(LOCAL):
        resp = asyncio.run(run("Соколов Владимир - результаты последнего визита", settings=labs_settings))
    assert resp.status == "ok" and resp.rows
    latest = get_database(labs_settings).fetch_one(
        "SELECT id, collected_at FROM lab_reports WHERE patient_id = 2 ORDER BY collected_at DESC, id DESC LIMIT 1"
    )
    assert latest is not None
    count = get_database(labs_settings).scalar(
        "SELECT count(*) FROM lab_results WHERE report_id = :r", {"r": latest["id"]}
    )
    assert resp.row_count == count
