"""`quarry comps eval`: run the eval set through the real pipeline and report its metrics."""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

from pydantic import BaseModel, Field

from quarry.evaluate import accuracy, percentile

from .models import CompsResponse


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


class EvalReport(BaseModel):
    """Metrics over the whole set."""

    cases: int
    field_accuracy: float = Field(description="Share of expected Target fields extracted exactly.")
    case_accuracy: float = Field(description="Share of cases with every expected field right.")
    clarify_accuracy: float = Field(description="Share of cases where 'ask or not' matched.")
    action_accuracy: float
    in_range_share: float = Field(description="Share of answered cases whose comp count is 30–200.")
    hybrid_use: float = Field(description="Share of cases that used hybrid retrieval.")
    hybrid_accuracy: float = Field(description="Share of cases with a hybrid expectation that met it.")
    latency_p50_ms: float
    latency_p95_ms: float
    results: list[CaseResult]

    def render(self) -> str:
        lines = [
            f"comps eval: {self.cases} cases",
            f"  field accuracy     {self.field_accuracy:6.1%}"
            f"   (all fields right in {self.case_accuracy:.1%} of cases)",
            f"  clarify accuracy   {self.clarify_accuracy:6.1%}",
            f"  action accuracy    {self.action_accuracy:6.1%}",
            f"  30–200 comps       {self.in_range_share:6.1%}   of answered cases",
            f"  hybrid use         {self.hybrid_use:6.1%}   (expectation met {self.hybrid_accuracy:.1%})",
            f"  latency p50 / p95  {self.latency_p50_ms:.0f} / {self.latency_p95_ms:.0f} ms per turn",
        ]
        misses = [r for r in self.results if r.wrong_fields or r.action != r.expected_action]
        if misses:
            lines.append("  misses:")
            for r in misses:
                lines.append(
                    f"    {r.id}: action {r.action} (want {r.expected_action}), n={r.count}, wrong {r.wrong_fields}"
                )
        return "\n".join(lines)


def load_cases() -> list[EvalCase]:
    text = (resources.files("quarry.apps.comps") / "data" / "eval.jsonl").read_text(encoding="utf-8")
    return [EvalCase.model_validate_json(line) for line in text.splitlines() if line.strip()]


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


def run_eval(*, progress: bool = True) -> EvalReport:
    from .orchestrator import run

    cases = load_cases()
    results: list[CaseResult] = []
    latencies: list[float] = []
    bar = None
    if progress:
        from quarry.progress import RichReporter

        bar = RichReporter()
    ctx = bar.running() if bar else None
    if ctx:
        ctx.__enter__()
        assert bar is not None
        bar.phase("comps eval", total=len(cases))
    try:
        for case in cases:
            session = None
            resp = None
            for turn in case.turns:
                t0 = time.perf_counter()
                resp = run(turn, session_id=session, strictness=case.strictness)
                latencies.append((time.perf_counter() - t0) * 1000)
                session = resp.session_id
            assert resp is not None
            results.append(_score(case, resp, latencies[-1]))
            if bar:
                bar.advance()
    finally:
        if ctx:
            ctx.__exit__(None, None, None)
    answered = [r for r in results if r.action != "clarify"]
    with_hybrid = [(c, r) for c, r in zip(cases, results, strict=True) if c.hybrid is not None]
    return EvalReport(
        cases=len(results),
        field_accuracy=sum(r.field_hits for r in results) / max(1, sum(r.field_total for r in results)),
        case_accuracy=accuracy([not r.wrong_fields for r in results]),
        clarify_accuracy=accuracy([(r.action == "clarify") == (r.expected_action == "clarify") for r in results]),
        action_accuracy=accuracy([r.action == r.expected_action for r in results]),
        in_range_share=accuracy([30 <= r.count <= 200 for r in answered]),
        hybrid_use=accuracy([r.hybrid for r in results]),
        hybrid_accuracy=accuracy([r.hybrid == c.hybrid for c, r in with_hybrid]),
        latency_p50_ms=round(percentile(latencies, 50), 1),
        latency_p95_ms=round(percentile(latencies, 95), 1),
        results=results,
    )


def report_json(report: EvalReport) -> str:
    return json.dumps(report.model_dump(mode="json"), indent=2)
