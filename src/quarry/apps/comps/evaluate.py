"""`quarry comps eval`: the eval set through the real pipeline, scored into the shared report."""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any

from pydantic import BaseModel, Field

from quarry.endpoints import converse
from quarry.evaluate import EvalReport, Metric, accuracy, latency_metrics, load_cases, run_cases
from quarry.evaluate.blind import blind_figures
from quarry.settings import Settings, get_settings

from .blind import graders
from .models import CompsResponse
from .spec import SPEC


class EvalCase(BaseModel):
    """One conversation and what it should produce."""

    id: str
    turns: list[str]
    expect: dict[str, Any] = Field(description="Target fields the last turn must yield.")
    action: str = Field(description="Expected action of the last turn.")
    hybrid: bool | None = Field(None, description="Whether hybrid retrieval must be used.")
    strictness: float | None = None


class CaseResult(BaseModel):
    id: str
    action: str
    expected_action: str
    count: int
    field_hits: int
    field_total: int
    wrong_fields: dict[str, Any]
    hybrid: bool
    ms: float


def load() -> list[EvalCase]:
    return load_cases(resources.files("quarry.apps.comps") / "data" / "eval.jsonl", EvalCase)


def in_sample() -> dict[str, list[EvalCase]]:
    """The in-sample sets by name (`AppSpec.conversation.cases`)."""
    return {"conversations": load()}


def _matches(want: Any, got: Any) -> bool:
    if isinstance(want, float) or isinstance(got, float):
        return want is not None and got is not None and abs(float(want) - float(got)) <= 0.5
    if isinstance(want, str) and isinstance(got, str):
        return want.lower() == got.lower()
    return bool(want == got)


def _score(case: EvalCase, resp: CompsResponse, ms: float) -> CaseResult:
    target = resp.target.model_dump()
    wrong = {k: target.get(k) for k, v in case.expect.items() if not _matches(v, target.get(k))}
    return CaseResult(
        id=case.id,
        action=resp.action,
        expected_action=case.action,
        count=resp.count,
        field_hits=len(case.expect) - len(wrong),
        field_total=len(case.expect),
        wrong_fields=wrong,
        hybrid=any(t.retrieval_mode == "hybrid" for t in resp.trace),
        ms=ms,
    )


def run_eval(*, settings: Settings | None = None, progress: bool = True) -> EvalReport:
    """Every conversation through the real pipeline; field, clarify, action, range and hybrid figures."""
    return asyncio.run(_run_eval(settings or get_settings(), progress))


async def _run_eval(settings: Settings, progress: bool) -> EvalReport:
    turn_ms: list[float] = []

    async def answer(case: EvalCase) -> CaseResult:
        turns = [{"query": text, "strictness": case.strictness} for text in case.turns]
        answered = await converse(SPEC, turns, settings=settings)
        turn_ms.extend(ms for _, ms in answered)
        resp, ms = answered[-1]
        return _score(case, resp, ms)

    cases = load()
    results = [t.value for t in await run_cases(cases, answer, label="comps eval", progress=progress)]
    answered = [r for r in results if r.action != "clarify"]
    with_hybrid = [(c, r) for c, r in zip(cases, results, strict=True) if c.hybrid is not None]
    field_accuracy = sum(r.field_hits for r in results) / max(1, sum(r.field_total for r in results))
    return EvalReport(
        app="comps",
        cases=len(results),
        metrics=[
            Metric(name="field_accuracy", label="field accuracy", value=field_accuracy),
            Metric(
                name="case_accuracy",
                label="cases with all fields right",
                value=accuracy([not r.wrong_fields for r in results]),
            ),
            Metric(
                name="clarify_accuracy",
                label="clarify accuracy",
                value=accuracy([(r.action == "clarify") == (r.expected_action == "clarify") for r in results]),
            ),
            Metric(
                name="action_accuracy",
                label="action accuracy",
                value=accuracy([r.action == r.expected_action for r in results]),
            ),
            Metric(
                name="in_range_share",
                label="30–200 comps (answered cases)",
                value=accuracy([30 <= r.count <= 200 for r in answered]),
            ),
            Metric(name="hybrid_use", label="hybrid use", value=accuracy([r.hybrid for r in results])),
            Metric(
                name="hybrid_accuracy",
                label="hybrid expectation met",
                value=accuracy([r.hybrid == c.hybrid for c, r in with_hybrid]),
            ),
            *latency_metrics(turn_ms, what="turn latency", target="p50 ≤ 400 ms, p95 ≤ 800 ms"),
        ],
        misses=[
            f"{r.id}: action {r.action} (want {r.expected_action}), n={r.count}, wrong {r.wrong_fields}"
            for r in results
            if r.wrong_fields or r.action != r.expected_action
        ],
        results=[r.model_dump(mode="json") for r in results],
        headline="case_accuracy",
        blind=await blind_figures("comps", graders(settings), progress=progress),
    )
