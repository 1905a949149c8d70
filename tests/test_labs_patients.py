"""Patients named in a question, read against `patients.full_name` (issue 19, names).

Sentences written for these tests against the 30 test patients: every grammatical case, any word
order, possessives, lower case, missing accents, a typing slip; namesakes asked back with birth
years; a name the data does not hold asked back, never answered about everyone."""

from __future__ import annotations

import asyncio

import pytest

from quarry.apps.labs.orchestrator import run
from quarry.apps.labs.patients import find_patient_mention, read_patient, roster
from quarry.auth.keys import create_key, revoke_key
from quarry.auth.principal import Principal
from quarry.caller import LOCAL, Caller, acting_as
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import load_test_data


@pytest.fixture(scope="module")
def labs_settings() -> Settings:
    return load_test_data()[0]


ONE = [
    # Russian: nominative, genitive, dative, instrumental, prepositional; any order.
    ("холестерин Соколов Владимир", 2),
    ("анализы Соколова Владимира Сергеевича", 2),
    ("Соколову Владимиру назначали ферритин?", 2),
    ("что с Соколовым Владимиром по глюкозе", 2),
    ("о Соколове Владимире: гемоглобин", 2),
    ("Владимир Соколов гемоглобин", 2),
    ("ферритин у Алексеевой", 22),
    ("гемоглобин Лебедевой Елены Петровны", 24),
    ("глюкоза у николаевой татьяны", 30),
    # Ukrainian: genitive, dative, a man's surname declined.
    ("гемоглобін у Бондаренко Юлії", 13),
    ("аналізи Кравченка Миколи", 10),
    ("Кравченку Миколі робили ТТГ?", 10),
    ("феритин Руденко Наталії Олександрівни", 21),
    # English: possessive, lower case, name first, a typing slip beside a right word.
    ("Linda Moore's ferritin", 25),
    ("tsh for linda moore", 25),
    ("Sarah Anderson glucose last year", 11),
    ("Jennifer Tailor's cholesterol", 8),
    ("hi, I'm Linda Moore - what was my last ferritin?", 25),  # a self-introduction
    # Spanish: two surnames, no accents, one surname of two.
    ("colesterol de jose perez diaz", 26),
    ("glucosa de Pablo García", 5),
    ("ferritina de Ana Jiménez", 4),
]


@pytest.mark.parametrize(("question", "patient_id"), ONE, ids=[q for q, _ in ONE])
def test_a_name_in_any_case_and_order_is_one_patient(labs_settings: Settings, question: str, patient_id: int) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    mention = find_patient_mention(question, patients, labs)
    assert mention is not None and mention.patient is not None, question
    assert mention.patient.id == patient_id


SEVERAL = [
    ("холестерин Ивановой", {18, 23}),  # two women called Иванова
    ("Степанов ТТГ", {14, 17}),  # two men called Степанов
    ("анализы Поповой", {7, 29}),
    ("Emma's results", {6, 9, 27}),  # a first name alone
]


@pytest.mark.parametrize(("question", "ids"), SEVERAL, ids=[q for q, _ in SEVERAL])
def test_namesakes_are_all_candidates(labs_settings: Settings, question: str, ids: set[int]) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    mention = find_patient_mention(question, patients, labs)
    assert mention is not None and {p.id for p in mention.patients} == ids


def test_gender_in_the_ending_tells_surnames_apart(labs_settings: Settings) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    # «Степановой» is a woman's name declined: only Степанова Екатерина, never the two men.
    mention = find_patient_mention("глюкоза у Степановой", patients, labs)
    assert mention is not None and [p.id for p in mention.patients] == [15]


def test_a_birth_year_picks_among_namesakes(labs_settings: Settings) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    mention = find_patient_mention("ТТГ Ивановой 1977 года рождения", patients, labs)
    assert mention is not None and mention.patient is not None and mention.patient.id == 18
    assert mention.born is not None


NOBODY = ["ferritin", "how many women had low ferritin", "средний гемоглобин по лабораториям", "white blood cells"]


@pytest.mark.parametrize("question", NOBODY)
def test_questions_naming_nobody_name_nobody(labs_settings: Settings, question: str) -> None:
    patients, labs = roster(get_database(labs_settings), labs_settings)
    assert find_patient_mention(question, patients, labs) is None


def _ask(question: str, settings: Settings, caller: Caller = LOCAL):  # type: ignore[no-untyped-def]
    with acting_as(caller):
        return asyncio.run(run(question, settings=settings))


def test_a_named_patient_gets_only_their_rows(labs_settings: Settings) -> None:
    resp = _ask("анализы Соколова Владимира", labs_settings)
    assert resp.status == "ok" and resp.patient is not None and resp.patient.id == 2
    assert resp.rows
    assert {r["patient"] for r in resp.rows} == {"Соколов Владимир Сергеевич"}


def test_even_a_query_for_everyone_returns_only_the_named_patient(labs_settings: Settings) -> None:
    """Row-level security is narrowed to the named patient, whatever SQL the model wrote."""
    from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    def everyone(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        sql = "SELECT patient_id, count(*) AS n FROM lab_results GROUP BY patient_id"
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, {"sql": sql, "explanation": "all"})])

    with acting_as(LOCAL):
        resp = asyncio.run(run("ферритин Алексеевой", settings=labs_settings, models={"sql": FunctionModel(everyone)}))
    assert resp.status == "ok" and resp.rows is not None
    assert {r["patient_id"] for r in resp.rows} == {22}


def test_namesakes_are_asked_back_with_birth_years(labs_settings: Settings) -> None:
    resp = _ask("минимальный ТТГ у Ивановой", labs_settings)
    assert (resp.status, resp.reason_code, resp.rows, resp.sql) == ("clarify", "ambiguous_patient", None, None)
    assert {(c.id, c.birth_year) for c in resp.candidates} == {(18, 1977), (23, 1956)}


def test_a_name_nobody_has_is_asked_back_not_answered_for_everyone(labs_settings: Settings) -> None:
    resp = _ask("холестерин Иванова Петра Сергеевича", labs_settings)
    assert (resp.status, resp.reason_code, resp.rows) == ("clarify", "unknown_patient", None)
    assert resp.unresolved and "Петра" in resp.unresolved[0]


def test_a_patient_key_finds_no_one_else_by_name(labs_settings: Settings) -> None:
    db = get_database(labs_settings)
    key_id = create_key(db, "patient", patient_id=22, name="patients test")[0].id
    try:
        me = Caller("http", principal=Principal(key_id, "patient", patient_id=22))
        with acting_as(me):
            assert read_patient("ферритин Соколова Владимира", db, labs_settings) is None
            own = read_patient("ферритин Алексеевой", db, labs_settings)
        assert own is not None and own.patient is not None and own.patient.id == 22
    finally:
        revoke_key(db, key_id)
