"""TourClose, LeaseQA, ServiceTriage and RenewalDeal as PydanticAI agents on the real database:
the offline models give the deterministic answers, an injected FunctionModel or a remote
OpenAI-compatible server decides instead (the trace names it), and what the app checks after the
model holds whatever it says: quotes are exact substrings of the cited section, life-safety P0 is
deterministic, the approval flag is the policy's."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.apps.leasing.evaluate import EVAL_DIR
from quarry.apps.leasing.leaseqa import NOT_FOUND, answer_question
from quarry.apps.leasing.models import LeasingResponse
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.when import NY
from quarry.db import Database
from quarry.embed import get_embedder
from quarry.settings import Settings, get_settings

from .local_openai import local_openai, tool_call_completion

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=NY)
CASES = [json.loads(x) for x in (EVAL_DIR / "lease_questions.jsonl").read_text().splitlines() if x.strip()]
HEADLINE = "Looking for ~1,800 sqft office in Midtown under $5k/month, pet-friendly, near transit, tour this Monday 6pm"


def ask(text: str, **kw: Any) -> LeasingResponse:
    return asyncio.run(run(text, clock=lambda: NOW, **kw))


def fixed(output: dict[str, Any], name: str, calls: list[str] | None = None) -> FunctionModel:
    """A FunctionModel answering `output` through the agent's output tool (and counting its calls)."""

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if calls is not None:
            calls.append(name)
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, output)])

    return FunctionModel(fn, model_name=name)


def step(r: LeasingResponse, name: str) -> Any:
    return next(s for s in r.trace if s.step == name)


def test_offline_lease_agent_answers_exactly_what_the_deterministic_leaseqa_does(leasing_db: Database) -> None:
    s = get_settings()
    weights = {"vector": s.rrf_weight_vector, "bm25": s.rrf_weight_bm25}
    checked = 0
    for c in CASES[:30]:
        r = ask(c["question"], tenant_id=c["tenant_id"])
        if r.route != "DOMA/lease":
            continue
        checked += 1
        det = answer_question(
            leasing_db, c["question"], tenant_id=c["tenant_id"], embedder=get_embedder(s), weights=weights
        )
        assert r.lease_answer is not None and r.lease_answer.citations == det.citations, c["id"]
        assert r.lease_answer.found == det.found
        if det.found:
            assert step(r, "lease-qa").model == "offline:leasing-lease-qa"
    assert checked >= 20


def test_a_model_quote_that_is_not_in_the_section_is_dropped_before_answering(leasing_db: Database) -> None:
    real = "Tenant shall not assign this Lease or sublet all or any part of the\nPremises"
    model = fixed(
        {
            "found": True,
            "citations": [
                {"section": "13.1", "quote": "Tenant may sublet freely without consent."},  # invented
                {"section": "14.1", "quote": real},  # real words, wrong section
                {"section": "13.1", "quote": real},
            ],
        },
        "test:lease",
    )
    r = ask("Can I sublet under my lease?", tenant_id="T-001", models={"lease": model})
    a = r.lease_answer
    assert a is not None and a.found and [(c.section, c.page) for c in a.citations] == [("13.1", 9)]
    assert a.citations[0].quote == real and "freely" not in a.answer
    qa = step(r, "lease-qa")
    assert qa.model == "test:lease" and qa.codes == ["citation_dropped"]
    only_invented = fixed({"found": True, "citations": [{"section": "13.1", "quote": "Sublet at will."}]}, "test:x")
    r2 = ask("Can I sublet under my lease?", tenant_id="T-001", models={"lease": only_invented})
    assert r2.lease_answer is not None and not r2.lease_answer.found
    assert r2.lease_answer.answer.startswith(NOT_FOUND) and r2.lease_answer.citations == []


def test_life_safety_is_p0_whatever_the_triage_model_says(leasing_db: Database) -> None:
    calls: list[str] = []
    lax = fixed({"category": "plumbing", "priority": "P2", "trade": "plumbing", "reason": "minor"}, "test:t", calls)
    for text in ("water leaking from the ceiling", "I smell gas in the pantry", "the outlet is sparking"):
        r = ask(text, tenant_id="T-001", models={"triage": lax})
        assert r.triage is not None and r.triage.priority == "P0" and r.triage.safety_instructions, text
        assert step(r, "triage").model == "policy" and step(r, "triage").codes == ["life_safety_rule"]
    assert calls == []  # the model was never asked about a hazard
    r = ask("the toilet in the men's room keeps running", tenant_id="T-001", models={"triage": lax})
    assert r.triage is not None and r.triage.priority == "P2" and r.triage.category == "plumbing"
    assert step(r, "triage").model == "test:t" and calls == ["test:t"]
    offline = ask("low water pressure in the pantry", tenant_id="T-001")
    assert offline.triage is not None and offline.triage.priority == "P2"
    assert step(offline, "triage").model == "offline:leasing-triage"


def test_the_approval_flag_is_the_policys_not_the_renewal_models(leasing_db: Database) -> None:
    offline = ask("my lease ends in March, can we renew?", tenant_id="T-003")
    assert offline.renewal is not None and step(offline, "renewal").model == "offline:leasing-renewal"
    current = offline.renewal.primary.rent_usd
    greedy = fixed(
        {
            "primary": {"rent_usd": round(current * 1.4), "term_months": 60, "incentives": []},
            "alternatives": [
                {"rent_usd": current, "term_months": 36, "incentives": []},
                {"rent_usd": current, "term_months": 120, "incentives": ["free_rent_months:12"]},
            ],
            "justification": "market is hot",
        },
        "test:r",
    )
    r = ask("my lease ends in March, can we renew?", tenant_id="T-003", models={"renewal": greedy})
    assert r.renewal is not None and r.renewal.justification == "market is hot"
    assert r.renewal.needs_manager_approval
    broken = {(c.code, c.term_months) for c in r.renewal.approval_codes}
    assert {("increase_above_cap", 60), ("free_rent_above_schedule", 120)} <= broken
    assert step(r, "renewal").model == "test:r"


def test_the_tour_model_decides_which_tour_to_book(leasing_db: Database) -> None:
    first = ask(HEADLINE)
    assert first.action_plan is not None and len(first.action_plan.actions) >= 2
    second = first.action_plan.actions[1]
    picks_two = fixed({"action": "book", "number": 2}, "test:tour")
    r = ask("the second one please, book it", session_id=first.session_id, models={"tour": picks_two})
    assert r.holds and r.holds[0].unit_id == second.unit_id
    assert step(r, "tour-intent").model == "test:tour" and step(r, "tour-intent").action == "book"
    offline = ask(f"release hold {r.holds[0].hold_id}", session_id=first.session_id)
    assert offline.holds and offline.holds[0].status == "released"
    assert step(offline, "tour-intent").model == "offline:leasing-tour"


def _remote(handler: Callable[[dict[str, Any]], dict[str, Any] | None]) -> Callable[..., tuple[int, dict[str, Any]]]:
    """An OpenAI-compatible handler: the manager routes by the test's rule, the other agents answer
    `handler(properties)` (None → a 500, so the offline model answers)."""

    def serve(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        fn = body["tools"][0]["function"]
        props = fn["parameters"]["properties"]
        out = handler(props)
        if out is None:
            return 500, {"error": {"message": "not this one", "type": "server_error"}}
        return 200, tool_call_completion("remote-test", fn["name"], out)

    return serve


def _settings(url: str) -> Settings:
    return get_settings().model_copy(
        update={"openrouter_api_key": "test-key", "openrouter_base_url": url, "openrouter_model_name": "remote-test"}
    )


def test_remote_models_answer_when_configured(leasing_db: Database) -> None:
    def answers(props: dict[str, Any]) -> dict[str, Any] | None:
        if "route" in props:
            return None  # the manager falls back to its offline model
        if "trade" in props:
            return {"category": "general", "priority": "P1", "trade": "locksmith", "reason": "no access"}
        if "citations" in props:
            quote = "No dogs, cats, birds or other animals shall be brought into or kept in the\nPremises"
            return {"found": True, "citations": [{"section": "14.1", "quote": quote}]}
        return None

    with local_openai(_remote(answers)) as (url, seen):
        s = _settings(url)
        t = ask("the front door lock is jammed and we can't get in", tenant_id="T-001", settings=s)
        q = ask("Can I bring my dog to the office?", tenant_id="T-001", settings=s)
    assert seen and all(r["path"].endswith("/chat/completions") for r in seen)
    assert t.triage is not None and t.triage.priority == "P1" and t.triage.trade == "locksmith"
    assert step(t, "triage").model == "remote-test" and step(t, "route").model == "offline:leasing-manager"
    assert q.lease_answer is not None and q.lease_answer.found
    assert [(c.section, c.page) for c in q.lease_answer.citations] == [("14.1", 10)]
    assert step(q, "lease-qa").model == "remote-test"
