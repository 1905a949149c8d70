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
    ("сахар за последние полгода", date(2026, 6, 1), None),
    ("wbc last quarter", date(2026, 7, 1), date(2026, 10, 1)),
    ("АЛТ за минулий квартал", date(2026, 7, 1), date(2026, 10, 1)),
    ("glucosa del mes pasado", date(2026, 10, 1), date(2026, 11, 1)),
    ("ферритин в прошлом месяце", date(2026, 10, 1), date(2026, 11, 1)),
]


@pytest.mark.parametrize(("question", "start", "end"), PERIODS, ids=[q for q, _, _ in PERIODS])
def test_periods_are_read_to_dates(question: str, start: date, end: date | None) -> None:
    window = parse(question, anchor=ANCHOR).window
    assert window is not None and (window.start, window.end) == (start, end)


def test_a_rolling_window_in_days_stays_an_interval() -> None:
    window = parse("glucose in the last 30 days", anchor=ANCHOR).window
    assert window is not None and window.interval == "30 days" and window.start is None


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
