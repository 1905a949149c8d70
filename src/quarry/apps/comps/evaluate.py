"""`quarry comps eval`: the eval set through the real pipeline, scored into the shared report."""

from __future__ import annotations

import asyncio
import time
from importlib import resources
from typing import Any

from pydantic import BaseModel, Field

from quarry.evaluate import EvalReport, Metric, accuracy, latency_metrics, load_cases, run_cases
from quarry.evaluate.blind import BlindVerdict, blind_sets, grade_set
from quarry.settings import Settings, get_settings

from .models import CompsResponse, Target


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
    from .orchestrator import run

    turn_ms: list[float] = []

    async def answer(case: EvalCase) -> CaseResult:
        session = None
        resp = None
        for turn in case.turns:
            t0 = time.perf_counter()
            resp = await run(turn, session_id=session, strictness=case.strictness, settings=settings)
            turn_ms.append((time.perf_counter() - t0) * 1000)
            session = resp.session_id
        assert resp is not None
        return _score(case, resp, turn_ms[-1])

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
        blind=[await grade_set(path, _blind_grader(settings), progress=progress) for path in blind_sets("comps")],
    )


def _band(t: dict[str, Any]) -> tuple[float | None, float | None]:
    """The floor-area bounds a target means: target ± tolerance, else the stated min/max."""
    if t.get("floor_area_target") is not None:
        tol = float(t.get("floor_area_tolerance") or 5.0)
        return float(t["floor_area_target"]) - tol, float(t["floor_area_target"]) + tol
    lo, hi = t.get("floor_area_min"), t.get("floor_area_max")
    return (None if lo is None else float(lo)), (None if hi is None else float(hi))


def _near(a: float | None, b: float | None, tol: float) -> bool:
    return (a is None) == (b is None) and (a is None or b is None or abs(a - b) <= tol)


def blind_differences(label: dict[str, Any], got: Target) -> list[str]:
    """The stated fields of a blind label that the parsed target gets wrong, and hard constraints
    it adds that nobody stated (a town, a flat type, a budget, a street, a model filter)."""
    t = got.model_dump()
    wrong: list[str] = []
    for key in ("town", "flat_type", "storey_preference", "storey_min", "storey_max",
                "min_remaining_lease_years", "months_back"):  # fmt: skip
        if key in label and label[key] != t.get(key):
            wrong.append(f"{key} {t.get(key)!r} (want {label[key]!r})")
    if "flat_model" in label and str(label["flat_model"]).lower() != str(t.get("flat_model") or "").lower():
        wrong.append(f"flat_model {t.get('flat_model')!r} (want {label['flat_model']!r})")
    if "street" in label and label["street"] not in t["street_names"]:
        wrong.append(f"streets {t['street_names']} (want {label['street']!r})")
    for key in ("price_budget_max", "price_budget_min"):
        want = label.get(key)
        have = t.get(key)
        if not _near(None if want is None else float(want), None if have is None else float(have), 1000):
            wrong.append(f"{key} {have!r} (want {want!r})")
    if "floor_area_target" in label:
        if not _near(float(label["floor_area_target"]), t.get("floor_area_target"), 1.0):
            wrong.append(f"floor_area_target {t.get('floor_area_target')!r} (want {label['floor_area_target']!r})")
    else:
        want_band, have_band = _band(label), _band(t)
        if not (_near(want_band[0], have_band[0], 1.0) and _near(want_band[1], have_band[1], 1.0)):
            wrong.append(f"floor area {have_band} (want {want_band})")
    for key in ("town", "flat_type"):
        if key not in label and t.get(key) is not None:
            wrong.append(f"{key} {t[key]!r} never stated")
    if "street" not in label and t["street_names"] and not t.get("near"):
        wrong.append(f"streets {t['street_names']} never stated")
    if "flat_model" not in label and t.get("flat_model") and not t.get("flat_model_soft"):
        wrong.append(f"flat_model {t['flat_model']!r} never stated")
    return wrong


def _blind_grader(settings: Settings):  # type: ignore[no-untyped-def]
    from .orchestrator import run

    async def grade(record: dict[str, Any]) -> BlindVerdict:
        session = None
        resp = None
        for turn in record["turns"]:
            resp = await run(turn, session_id=session, settings=settings)
            session = resp.session_id
        assert resp is not None
        group = "multi-turn" if len(record["turns"]) > 1 else "single-turn"
        want_clarify = record["expect"] == "clarify"
        if (resp.action == "clarify") != want_clarify:
            return BlindVerdict(
                id=record["id"], right=False, group=group, why=f"action {resp.action} (want {record['expect']})"
            )
        wrong = [] if want_clarify else blind_differences(record.get("target", {}), resp.target)
        return BlindVerdict(id=record["id"], right=not wrong, group=group, why="; ".join(wrong))

    return grade
