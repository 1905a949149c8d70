"""labs hygiene: lab names learnt from the data, the model's own `language`, tool results read
by tool name, and the offline SQL built as a sqlglot syntax tree."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlglot
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from sqlglot import exp

from quarry.apps.labs import offline
from quarry.apps.labs.clock import lab_names
from quarry.apps.labs.loop import generate
from quarry.apps.labs.models import LabsResponse
from quarry.apps.labs.naming import LABS
from quarry.apps.labs.offline import read_history
from quarry.apps.labs.offline_intent import parse
from quarry.apps.labs.offline_sql import AnalyteFilter, Plan, build_sql, patient_lookup_sql
from quarry.apps.labs.orchestrator import run
from quarry.db import get_database
from quarry.settings import Settings
from tests.labs_support import load_test_data

GENERATOR_LABS = [lab.name for lab in LABS]
QUESTIONS = {
    "ru": "ферритин в {lab}",
    "ru-patient-word": "холестерин у пациентов в {lab} за последний год",
    "en": "ferritin in {lab}",
    "en-from": "ferritin results from {lab}",
}


def ask(*args: Any, **kwargs: Any) -> LabsResponse:
    return asyncio.run(run(*args, **kwargs))


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


# ---------------------------------------------------------------- lab names from data


def test_the_data_holds_the_generators_labs(labs_settings: Settings) -> None:
    assert sorted(lab_names(get_database(labs_settings))) == sorted(GENERATOR_LABS)


@pytest.mark.parametrize("template", QUESTIONS.values(), ids=list(QUESTIONS))
@pytest.mark.parametrize("lab", GENERATOR_LABS)
def test_every_generated_lab_is_a_lab_not_a_patient(lab: str, template: str) -> None:
    intent = parse(template.format(lab=lab), labs=GENERATOR_LABS)
    assert intent.labs == [lab]
    assert intent.patient_name is None and intent.name_guess is None


@pytest.mark.parametrize(
    ("question", "lab"),
    [
        ("ферритин в Гемотесте", "Гемотест"),  # inflected
        ("ferritin from Quest", "Quest Diagnostics"),  # first word alone
        ("глюкоза в инвитро", "Инвитро"),  # typed in lower case
        ("ферритин в Ромашка Лаб", "Ромашка Лаб"),  # a lab only the data knows
    ],
)
def test_labs_are_matched_as_written(question: str, lab: str) -> None:
    labs = [*GENERATOR_LABS, "Ромашка Лаб"]
    assert parse(question, labs=labs).labs == [lab]


def test_a_patient_beside_a_lab_is_still_a_patient() -> None:
    intent = parse("холестерин у Смирновой в МедЛаб Скан", labs=GENERATOR_LABS)
    assert intent.labs == ["МедЛаб Скан"] and intent.patient_name == "Смирновой"


def test_a_lab_question_filters_by_the_stored_lab_name(labs_settings: Settings) -> None:
    resp = ask("ферритин в МедЛаб Скан", settings=labs_settings)
    assert resp.status == "ok", resp.error
    assert resp.sql and "r.lab_name IN ('МедЛаб Скан')" in resp.sql and "full_name" not in resp.sql.split("WHERE")[1]
    assert "execute_exploratory_sql" not in [c.tool for c in resp.tool_calls]  # no patient "Мед" looked up
    assert resp.rows


# ---------------------------------------------------------------- language from the final output


def test_the_response_takes_the_language_the_model_stated(labs_settings: Settings) -> None:
    def russian(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        args = {"sql": "SELECT count(*) AS results FROM lab_results", "explanation": "всё", "language": "ru"}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, args)])

    resp = ask(
        "show vitamin D results", settings=labs_settings, models={"sql": FunctionModel(russian, model_name="inline")}
    )
    assert resp.status == "ok" and resp.language == "ru"


def test_the_offline_model_states_the_language(labs_settings: Settings) -> None:
    resp = ask("ferritin in the last year", settings=labs_settings)
    assert resp.language == "en"
    assert resp.tool_calls[-1].params["language"] == "en"


# ---------------------------------------------------------------- tool results by tool name


def _history(sql: str, content: dict[str, Any]) -> list[ModelMessage]:
    call = ToolCallPart("execute_exploratory_sql", {"sql": sql}, tool_call_id="c1")
    back = ToolReturnPart("execute_exploratory_sql", content, tool_call_id="c1")
    return [ModelRequest(parts=[UserPromptPart("q")]), ModelResponse(parts=[call]), ModelRequest(parts=[back])]


def test_a_patient_lookup_is_read_by_tool_name_whatever_its_sql() -> None:
    rows = {"columns": ["id", "full_name"], "rows": [[7, "Иванова Анна"]], "truncated": False}
    assert read_history(_history("select p.id, p.full_name from public.patients p", rows)).patients == rows
    assert read_history(_history("SELECT 1", {"columns": ["unit"], "rows": [["g/L"]]})).patients is None


def test_rewording_the_lookup_sql_keeps_the_patient(labs_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    def reworded(name: str) -> str:
        return patient_lookup_sql(name).replace("FROM patients", "from patients as pt").lower()

    monkeypatch.setattr(offline, "patient_lookup_sql", reworded)
    patient = get_database(labs_settings).fetch_one("SELECT id, full_name FROM patients ORDER BY id LIMIT 1")
    assert patient is not None
    # The model's own lookup (what runs when the server resolved no name before the run).
    gen = asyncio.run(generate(f"cholesterol for patient {patient['full_name']}", labs_settings))
    lookup = next(e for e in gen.state.log if e.tool == "execute_exploratory_sql")
    assert lookup.params["sql"].startswith("select id") and lookup.result_count
    assert gen.final is not None and f"lr.patient_id IN ({patient['id']})" in gen.final.sql


# ---------------------------------------------------------------- SQL as a syntax tree


def test_user_text_is_quoted_by_sqlglot() -> None:
    evil = "x'); DROP TABLE patients; --"
    intent = parse("ферритин")
    plan = Plan(intent=intent, analytes=[AnalyteFilter(code="FERR", label=evil, names=[evil, "O'Brien"])])
    plan.patient_fallback = "О'Брайен"
    plan.lab_fallback = [evil]
    statements = sqlglot.parse(build_sql(plan), read="postgres")
    assert len(statements) == 1 and statements[0] is not None
    literals = {lit.this for lit in statements[0].find_all(exp.Literal) if lit.is_string}
    assert {evil, "O'Brien"} <= literals
