"""The core agent pieces every app uses: `run_agent`, the automatic tool trace, the audit of
tool calls, and injected models driving comps (inline `FunctionModel`s, real Postgres)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import BaseModel
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.agent import TRACE_ADAPTER, AgentFailed, ToolStep, model_note, run_agent
from quarry.apps.comps.models import PlannerDecision, Target
from quarry.apps.comps.orchestrator import run as comps_run
from quarry.db import get_database
from quarry.llm import output_call
from quarry.settings import Settings, get_settings


class Answer(BaseModel):
    total: int


def _agent() -> Agent[None, Answer]:
    agent: Agent[None, Answer] = Agent(output_type=Answer, name="core-test")

    @agent.tool_plain
    def count_rows(table: str) -> list[int]:
        """Pretend to count rows."""
        return [1, 2, 3] if table == "t" else []

    @agent.tool_plain
    def explode(reason: str) -> int:
        """Always fails."""
        raise RuntimeError(reason)

    return agent


def _tool_then_answer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(parts=[ToolCallPart("count_rows", {"table": "t"})])
    return output_call(info, Answer(total=len(returns[0].content)))


def _offline_never(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise AssertionError("the injected model must be used, not the offline one")


def test_run_agent_records_every_tool_call() -> None:
    result = asyncio.run(
        run_agent(
            _agent(),
            "how many?",
            settings=Settings(llm_provider="offline"),
            offline=_offline_never,
            name="t",
            model=FunctionModel(_tool_then_answer, model_name="inline-a"),
        )
    )
    assert result.output == Answer(total=3)
    assert result.model == "inline-a" and result.fallback == []
    assert len(result.tools) == 1
    step = result.tools[0]
    assert isinstance(step, ToolStep) and step.kind == "tool"
    assert (step.tool, step.args, step.result_size, step.ok, step.model) == (
        "count_rows",
        {"table": "t"},
        3,
        True,
        "inline-a",
    )
    assert step.iteration == 1 and step.ms >= 0
    # the union round-trips through JSON as stored in agent_runs
    assert TRACE_ADAPTER.validate_json(TRACE_ADAPTER.dump_json(result.tools)) == result.tools


def test_a_failing_tool_is_recorded_and_the_failure_carries_it() -> None:
    def call_explode(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return ModelResponse(parts=[ToolCallPart("explode", {"reason": "disk on fire"})])

    with pytest.raises(AgentFailed) as failed:
        asyncio.run(
            run_agent(
                _agent(),
                "boom",
                settings=Settings(llm_provider="offline"),
                offline=_offline_never,
                name="t",
                model=FunctionModel(call_explode, model_name="inline-b"),
            )
        )
    assert isinstance(failed.value.cause, RuntimeError) and not failed.value.timeout
    assert [(t.tool, t.ok) for t in failed.value.tools] == [("explode", False)]
    assert failed.value.model == "inline-b"


def test_timeout_is_reported_as_such() -> None:
    async def slow(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        await asyncio.sleep(2)
        return output_call(info, Answer(total=0))

    with pytest.raises(AgentFailed) as failed:
        asyncio.run(
            run_agent(
                _agent(),
                "slow",
                settings=Settings(llm_provider="offline"),
                offline=_offline_never,
                name="t",
                model=FunctionModel(function=slow, model_name="inline-slow"),
                timeout_s=0.05,
            )
        )
    assert failed.value.timeout


@pytest.mark.parametrize(
    ("model", "fallback", "note"),
    [
        ("offline:x", [], "offline model (no API key configured)"),
        ("offline:x", ["HTTP 500"], "provider failed, offline model answered: HTTP 500"),
        ("gpt-4.1-mini", [], None),
    ],
)
def test_model_note(model: str, fallback: list[str], note: str | None) -> None:
    assert model_note(model, fallback) == note


def test_comps_runs_on_injected_inline_models(db: None) -> None:
    """The target model decides the town; the planner model accepts: the loop obeys both."""

    def target(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, Target(town="BEDOK", flat_type="4 ROOM", months_back=6))

    planner_calls: list[dict[str, Any]] = []

    def planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        planner_calls.append({"n": len(messages)})
        return output_call(info, PlannerDecision(action="accept", reason="inline planner accepts"))

    resp = asyncio.run(
        comps_run(
            "whatever the user said",
            models={
                "target": FunctionModel(target, model_name="inline-target"),
                "planner": FunctionModel(planner, model_name="inline-planner"),
            },
        )
    )
    assert resp.target.town == "BEDOK" and resp.filters.town == "BEDOK" and resp.filters.flat_type == "4 ROOM"
    assert resp.action in ("accept", "sparse", "too_broad")
    assert len(planner_calls) == 1
    models = {t.step: t.model for t in resp.trace}
    assert models["target"] == "inline-target" and models["planner"] == "inline-planner"
    planned = next(t for t in resp.trace if t.step == "planner")
    assert planned.model == "inline-planner" and planned.action == "accept" and "planner_skipped" not in planned.codes
    stored = get_database().fetch_one(
        "SELECT model, trace FROM agent_runs WHERE id = :id", {"id": resp.run_id}, write=True
    )
    assert stored is not None and stored["model"] == "inline-planner,inline-target"
    assert [s["kind"] for s in stored["trace"]][:2] == ["plan", "sql"]


def test_comps_does_not_ask_the_planner_when_there_is_nothing_to_decide(db: None) -> None:
    """Count inside [min, max] and nothing to clarify: 'accept' by policy, no model call."""

    def target(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, Target(town="BEDOK", flat_type="4 ROOM", months_back=6))

    def planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise AssertionError("the planner was asked although only 'accept' was possible")

    wide = get_settings().model_copy(update={"comps_min_comps": 0, "comps_max_comps": 10**9})
    resp = asyncio.run(
        comps_run(
            "4-room in Bedok",
            settings=wide,
            models={
                "target": FunctionModel(target, model_name="inline-target"),
                "planner": FunctionModel(planner, model_name="inline-planner"),
            },
        )
    )
    step = next(t for t in resp.trace if t.step == "planner")
    assert resp.action == "accept" and resp.count > 0 and resp.results
    assert step.action == "accept" and step.model == "policy" and step.codes == ["planner_skipped"]


def test_labs_tool_calls_reach_agent_runs_as_tool_steps() -> None:
    from quarry.apps.labs.orchestrator import run as labs_run
    from tests.labs_support import load_test_data

    settings, _ = load_test_data()
    resp = asyncio.run(labs_run("Покажи все результаты витамина Д за последний год", settings=settings))
    row = get_database(settings).fetch_one(
        "SELECT trace FROM agent_runs WHERE app = 'labs' ORDER BY id DESC LIMIT 1", write=True
    )
    assert row is not None
    steps = TRACE_ADAPTER.validate_python(row["trace"])
    assert steps and all(isinstance(s, ToolStep) for s in steps)
    first = steps[0]
    assert isinstance(first, ToolStep)
    assert first.tool == "fuzzy_search_parameter_names" and "term" in first.args
    assert first.result_size is not None and first.result_size > 0 and first.model == "offline:labs"
    # the labs response's own log and the core trace agree on which tools ran
    assert [s.step for s in steps] == [c.tool for c in resp.tool_calls if c.tool != "generate_final_query"]
