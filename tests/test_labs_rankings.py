"""Rankings by a count and conditions on each patient's latest result (issue 19: structure the
offline reading could not express). Sentences written for these tests, in the four languages."""

from __future__ import annotations

import pytest

from quarry.apps.labs.evaluate import expand_gold
from quarry.apps.labs.offline_intent import parse
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import ask_rows, load_test_data

RANKINGS = [
    # (question, aggregate, group_by, top, counted reports)
    ("which 4 patients have the most reports?", "rank_patients", "none", 4, True),
    ("топ 3 пациента по количеству анализов", "rank_patients", "none", 3, False),
    ("los 5 pacientes con más resultados", "rank_patients", "none", 5, False),
    ("топ-2 лабораторії за кількістю звітів", "count_reports", "lab", 2, True),
    ("top 4 labs by results", "count", "lab", 4, False),
    ("labs by number of results, busiest first", "count", "lab", None, False),
]


@pytest.mark.parametrize(("question", "aggregate", "group_by", "top", "reports"), RANKINGS,
                         ids=[r[0] for r in RANKINGS])  # fmt: skip
def test_patients_and_labs_are_ranked_by_what_is_counted(
    question: str, aggregate: str, group_by: str, top: int | None, reports: bool
) -> None:
    intent = parse(question, labs=["LabCorp", "Invitro"])
    assert (intent.aggregate, intent.group_by, intent.top) == (aggregate, group_by, top)
    assert intent.reports_or_labs is reports or intent.group_by == "lab"
    assert intent.unknown_term is None


@pytest.mark.parametrize(
    "question",
    [
        "top five highest ferritin values with patient name",  # values ranked, not patients
        "most recent results of patients over 80",  # the latest, not the most
        "pacientes con más de 10 informes",  # a threshold, not a ranking
    ],
)
def test_extremes_latest_and_thresholds_are_no_ranking(question: str) -> None:
    intent = parse(question, labs=["LabCorp"])
    assert intent.aggregate != "rank_patients" and not intent.rank_groups


@pytest.mark.parametrize(
    ("question", "latest_each"),
    [
        ("men whose latest HbA1c is above 6.5", True),
        ("у кого из женщин последний ферритин ниже нормы", True),
        ("скільки пацієнтів мають останній холестерин вище норми", True),
        ("pacientes con la última glucosa por encima de 7", True),
        ("patients with high LDL in the last 3 months", False),  # a period, not the latest result
        ("ferritin below range for each patient", False),
    ],
)
def test_a_condition_said_of_the_latest_result_judges_that_result(question: str, latest_each: bool) -> None:
    assert parse(question).latest_each is latest_each


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


_ask = ask_rows


def test_top_labs_by_results_are_the_busiest(labs_settings: Settings) -> None:
    rows = _ask("top 3 labs by number of results", labs_settings)
    gold = get_database(labs_settings).fetch_all(
        "SELECT l.lab_name, count(*) AS n FROM lab_results r JOIN lab_reports l ON l.id = r.report_id"
        " GROUP BY l.lab_name ORDER BY n DESC, l.lab_name LIMIT 3"
    )
    assert [(r["lab_name"], r["results"]) for r in rows] == [(g["lab_name"], g["n"]) for g in gold]


def test_top_patients_by_reports_are_counted_on_reports(labs_settings: Settings) -> None:
    rows = _ask("the 3 patients with the most reports", labs_settings)
    gold = get_database(labs_settings).fetch_all(
        "SELECT p.id, count(*) AS n FROM lab_reports l JOIN patients p ON p.id = l.patient_id"
        " GROUP BY p.id, p.full_name ORDER BY n DESC, p.full_name LIMIT 3"
    )
    assert [(r["patient_id"], r["reports"]) for r in rows] == [(g["id"], g["n"]) for g in gold]


def test_patients_whose_latest_result_is_out_of_range_are_counted_on_that_result(labs_settings: Settings) -> None:
    rows = _ask("how many patients have their most recent LDL above range?", labs_settings)
    db = get_database(labs_settings)
    latest = db.scalar(
        expand_gold(
            "SELECT count(*) FROM (SELECT DISTINCT ON (patient_id) value_numeric, reference_high FROM lab_results"
            " WHERE parameter_name IN {{names:LDL}} ORDER BY patient_id, collected_at DESC) x"
            " WHERE value_numeric > reference_high"
        )
    )
    ever = db.scalar(
        expand_gold(
            "SELECT count(DISTINCT patient_id) FROM lab_results WHERE parameter_name IN {{names:LDL}}"
            " AND value_numeric > reference_high"
        )
    )
    assert 0 < latest < ever  # the data tells the two readings apart
    assert [list(r.values()) for r in rows] == [[latest]]
