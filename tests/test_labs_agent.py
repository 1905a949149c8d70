"""The agent loop end to end on real Postgres: offline model, iteration budget, bonus retry,
timeout, single-shot mode, provider fallback and the sql_generation_logs audit shape."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.apps.labs.loop import FAILURE_MESSAGE, TIMEOUT_MESSAGE
from quarry.apps.labs.models import LabsResponse
from quarry.apps.labs.orchestrator import run
from quarry.apps.labs.tools import FORCE_MESSAGE
from quarry.db import get_database
from quarry.errors import BadInput, DataMissing
from quarry.settings import Settings
from quarry.setup import migrate_all
from tests.labs_support import final_call, load_test_data, sibling_settings, turns

from .local_openai import local_openai


def ask(*args: Any, **kwargs: Any) -> LabsResponse:
    """One labs question from sync test code."""
    return asyncio.run(run(*args, **kwargs))


GOOD_SQL = "SELECT count(*) AS results FROM lab_results"


@pytest.fixture
def labs_settings() -> Settings:
    return load_test_data()[0]


def _log(settings: Settings, log_id: int | None) -> dict[str, Any]:
    row = get_database(settings).fetch_one(
        "SELECT question, sql, status, metadata FROM sql_generation_logs WHERE id = :id", {"id": log_id}
    )
    assert row is not None
    return row


def test_offline_simple_search_finishes_in_two_iterations(labs_settings: Settings) -> None:
    resp = ask("Покажи все результаты витамина Д за последний год", settings=labs_settings)
    assert resp.status == "ok", resp.error
    assert resp.iterations <= 2 and not resp.forced_completion
    assert resp.model == "offline:labs" and resp.language == "ru"
    assert resp.tool_calls[0].tool == "fuzzy_search_parameter_names"
    assert resp.tool_calls[-1].tool == "generate_final_query"
    # The year is counted back from the data's newest result, as a date (issue 19: not CURRENT_DATE).
    assert resp.sql and "parameter_name IN" in resp.sql and "collected_at >= '" in resp.sql
    assert "CURRENT_DATE" not in resp.sql.upper()
    assert resp.explanation and "витамин" in resp.explanation.lower()
    assert resp.rows is not None and resp.row_count == len(resp.rows)
    assert all(row["parameter_name"] for row in resp.rows)


def test_audit_row_has_the_seed_shape(labs_settings: Settings) -> None:
    resp = ask("average cholesterol by year", settings=labs_settings)
    row = _log(labs_settings, resp.log_id)
    meta = row["metadata"]
    assert row["status"] == "ok" and row["sql"] == resp.sql
    assert meta["agentic_mode"] is True and meta["forced_completion"] is False and meta["timeout"] is False
    assert meta["iterations"], meta
    for entry in meta["iterations"]:
        assert set(entry) == {"iteration", "tool", "params", "results", "llm_reasoning"}
    first = meta["iterations"][0]
    assert first["tool"] == "fuzzy_search_parameter_names" and "search_term" in first["params"]
    assert isinstance(first["results"], list) and first["llm_reasoning"]
    assert meta["final_sql"] == resp.sql and meta["model"] == "offline:labs"
    assert {"generation", "execution", "total"} <= set(meta["timings"])


def test_budget_forces_the_final_answer(labs_settings: Settings) -> None:
    seen_force: list[bool] = []

    def explorer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if info.function_tools:  # keep exploring while tools are offered
            return ModelResponse(
                parts=[TextPart("still looking"), ToolCallPart("fuzzy_search_parameter_names", {"term": "глюкоза"})]
            )
        seen_force.append(any(FORCE_MESSAGE in str(getattr(p, "content", "")) for m in messages for p in m.parts))
        return final_call(info, GOOD_SQL)

    s = labs_settings.model_copy(update={"agentic_max_iterations": 3})
    resp = ask("глюкоза", settings=s, models={"sql": FunctionModel(explorer, model_name="inline")})
    assert resp.status == "ok"
    assert resp.forced_completion and seen_force == [True]
    assert resp.iterations == 3
    assert [c.iteration for c in resp.tool_calls] == [1, 2, 3]
    assert _log(s, resp.log_id)["metadata"]["forced_completion"] is True


def test_failed_validation_gets_one_bonus_retry(labs_settings: Settings) -> None:
    def fixer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        n = turns(messages)
        if n == 0:
            return ModelResponse(parts=[ToolCallPart("fuzzy_search_parameter_names", {"term": "ферритин"})])
        if n == 1:
            return final_call(info, "DELETE FROM lab_results")
        return final_call(info, GOOD_SQL)

    s = labs_settings.model_copy(update={"agentic_max_iterations": 3})
    resp = ask("ферритин", settings=s, models={"sql": FunctionModel(fixer, model_name="inline")})
    assert resp.status == "ok" and resp.sql == "SELECT COUNT(*) AS results FROM lab_results"
    # turn 3 was the bonus: still counted as iteration 2, so the budget of 3 was never reached
    assert resp.iterations == 2 and not resp.forced_completion
    assert [c.ok for c in resp.tool_calls] == [True, False, True]
    assert resp.validation_errors
    meta = _log(s, resp.log_id)["metadata"]
    assert meta["bonus_retry_used"] is True and len(meta["iterations"]) == 3
    assert meta["iterations"][1]["results"]["codes"] == ["not_select"]


def test_second_validation_failure_is_returned_to_the_user(labs_settings: Settings) -> None:
    def stubborn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return final_call(info, "SELECT * FROM sql_generation_logs")

    resp = ask(
        "анализы ферритина", settings=labs_settings, models={"sql": FunctionModel(stubborn, model_name="inline")}
    )
    assert resp.status == "error" and resp.sql is None
    assert resp.error and resp.error.startswith("The generated query failed validation")
    assert _log(labs_settings, resp.log_id)["status"] == "validation_failed"


def test_total_timeout(labs_settings: Settings) -> None:
    def slow(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        time.sleep(1.0)
        return final_call(info, GOOD_SQL)

    s = labs_settings.model_copy(update={"agentic_timeout_ms": 300})
    resp = ask("холестерин", settings=s, models={"sql": FunctionModel(slow, model_name="inline")})
    assert resp.status == "error" and resp.timeout and resp.error == TIMEOUT_MESSAGE
    row = _log(s, resp.log_id)
    assert row["status"] == "timeout" and row["metadata"]["timeout"] is True


def test_model_failure_gives_the_simple_message(labs_settings: Settings) -> None:
    def broken(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise RuntimeError("model exploded")

    resp = ask("холестерин", settings=labs_settings, models={"sql": FunctionModel(broken, model_name="inline")})
    assert resp.status == "error" and resp.error == FAILURE_MESSAGE
    assert "model exploded" in _log(labs_settings, resp.log_id)["metadata"]["failure_reason"]


def test_a_test_no_lab_reported_is_asked_back_after_searching(labs_settings: Settings) -> None:
    # Issue 19: an unknown test is a clarification naming it, not an empty answer.
    resp = ask("прокальцитонин за год", settings=labs_settings)
    assert (resp.status, resp.reason_code, resp.rows, resp.sql) == ("clarify", "unknown_test", None, None)
    assert resp.unresolved == ["прокальцитонин"]
    fuzzy = [c for c in resp.tool_calls if c.tool == "fuzzy_search_parameter_names"]
    assert fuzzy and all(c.result_count == 0 for c in fuzzy)


def test_exploratory_sql_is_validated_and_capped(labs_settings: Settings) -> None:
    results: list[Any] = []

    def explorer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        n = turns(messages)
        if n == 0:
            return ModelResponse(
                parts=[
                    ToolCallPart("execute_exploratory_sql", {"sql": "SELECT id, parameter_name FROM lab_results"}),
                    ToolCallPart("execute_exploratory_sql", {"sql": "UPDATE lab_results SET unit = 'x'"}),
                ]
            )
        for m in messages:
            for p in m.parts:
                if (
                    getattr(p, "tool_name", "") == "execute_exploratory_sql"
                    and hasattr(p, "tool_call_id")
                    and not isinstance(p, ToolCallPart)
                ):
                    results.append(p.content)
        return final_call(info, GOOD_SQL)

    resp = ask(
        "что угодно про ферритин", settings=labs_settings, models={"sql": FunctionModel(explorer, model_name="inline")}
    )
    assert resp.status == "ok"
    ok = next(r for r in results if "rows" in r)
    rejected = next(r for r in results if "reasons" in r)
    assert ok["row_count"] == labs_settings.agentic_exploratory_sql_limit and ok["truncated"]
    assert f"LIMIT {labs_settings.agentic_exploratory_sql_limit + 1}" in ok["sql"]
    assert rejected["codes"] == ["not_select"] and len(rejected["reasons"]) == 1


def test_single_shot_mode_uses_the_same_guard(labs_settings: Settings) -> None:
    s = labs_settings.model_copy(update={"agentic_sql_enabled": False})
    resp = ask("холестерин за последний год", settings=s)
    assert resp.status == "ok" and not resp.agentic_mode
    assert [c.tool for c in resp.tool_calls] == ["generate_final_query"]
    assert resp.sql and "LABS_FOLD" in resp.sql.upper()
    assert resp.row_count and resp.row_count > 0
    assert _log(s, resp.log_id)["metadata"]["agentic_mode"] is False


def test_execute_false_returns_sql_only(labs_settings: Settings) -> None:
    resp = ask("ferritin in the last year", settings=labs_settings, execute=False)
    assert resp.status == "ok" and resp.sql and resp.rows is None and resp.row_count is None


@pytest.mark.parametrize("question", ["", "   ", "x" * 2001], ids=["empty", "blank", "too-long"])
def test_bad_questions_are_bad_input(labs_settings: Settings, question: str) -> None:
    with pytest.raises(BadInput):
        ask(question, settings=labs_settings)


def test_missing_data_is_reported() -> None:
    s = sibling_settings("quarry_labs_empty")
    migrate_all(get_database(s))
    get_database(s).execute("TRUNCATE lab_results, lab_reports, patients CASCADE")
    with pytest.raises(DataMissing):
        ask("холестерин", settings=s)


# ---------------------------------------------------------------- remote provider failing


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def failing_server() -> Iterator[str]:
    with local_openai(lambda path, body: (500, {"error": {"message": "boom", "type": "server_error"}})) as (url, _):
        yield url


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["closed-port", "http-500"])
def test_remote_failure_falls_back_to_offline(labs_settings: Settings, failing_server: str, kind: str) -> None:
    base_url = f"http://127.0.0.1:{_free_port()}/v1" if kind == "closed-port" else failing_server
    s = labs_settings.model_copy(
        update={
            "llm_provider": "openai",
            "openai_base_url": base_url,
            "openai_api_key": "test-key",
            "openai_model_name": "gpt-test",
            "llm_timeout_s": 2.0,
        }
    )
    resp = ask("холестерин", settings=s)
    assert resp.status == "ok", resp.error
    assert resp.model == "offline:labs"
    assert resp.fallback, "the provider error must be recorded"
    assert _log(s, resp.log_id)["metadata"]["fallback_errors"] == resp.fallback


def test_unknown_word_is_resolved_through_the_analyte_catalogue(labs_settings: Settings) -> None:
    # "VITD25" is a catalogue code, not a printed name: the model looks it up (iteration 1),
    # searches the analyte's printed names (iteration 2) and answers (iteration 3).
    resp = ask("VITD25 results", settings=labs_settings)
    assert resp.status == "ok" and resp.iterations == 3 and not resp.forced_completion
    tools = [(c.iteration, c.tool) for c in resp.tool_calls]
    assert (1, "fuzzy_search_analyte_names") in tools and tools[-1] == (3, "generate_final_query")
    assert resp.row_count and resp.row_count > 0
