"""Life safety as an invariant: every hazard is P0 whatever the hedging, the route or the model; a
proposed ticket is dispatched on "confirm" and stored."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from quarry.apps.leasing.hazards import find_hazards
from quarry.apps.leasing.models import LeasingResponse
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.replies import is_confirmation
from quarry.apps.leasing.when import NY
from quarry.db import Database

BLIND = Path(__file__).resolve().parents[1] / "evals" / "blind" / "leasing"
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=NY)


def _gated() -> list[Path]:
    """The hazard sets CI holds at every hazard P0 (evals/blind/floors.json); a newer set is
    measured in `quarry leasing eval` and joins once its figure reaches that."""
    floors = json.loads((BLIND.parent / "floors.json").read_text())["leasing"]
    return [BLIND / f"{name}.jsonl" for name, floor in floors.items() if isinstance(floor, dict)
            and floor.get("hazard") == 1.0]  # fmt: skip


def _tickets() -> list[dict[str, Any]]:
    return [json.loads(line) for path in _gated() for line in path.open()]


HAZARDS = [t["text"] for t in _tickets() if t["hazard"]]
ORDINARY = [t["text"] for t in _tickets() if not t["hazard"]]
# What people add around a real hazard: hedges, calm words, safety equipment nearby.
AROUND = [
    "probably nothing but {}",
    "{} - only a little, slight really, not urgent",
    "{}. the fire extinguisher is right here and the smoke detector is beeping",
    "sorry to bother, {} lol",
    "{}, near the fire escape. no rush",
]


def ask(text: str, **kw: Any) -> LeasingResponse:
    return asyncio.run(run(text, clock=lambda: NOW, **kw))


def test_the_blind_hazard_sets_are_large_enough() -> None:
    assert len(HAZARDS) >= 60 and len(ORDINARY) >= 60


@pytest.mark.parametrize("frame", AROUND)
def test_no_hedge_or_equipment_word_lowers_a_hazard(frame: str) -> None:
    missed = [h for h in HAZARDS if not find_hazards(frame.format(h))]
    assert missed == []


def test_every_blind_hazard_is_found_and_few_ordinary_tickets_are() -> None:
    assert [h for h in HAZARDS if not find_hazards(h)] == []
    false_alarms = [o for o in ORDINARY if find_hazards(o)]
    assert len(false_alarms) <= 0.10 * len(ORDINARY), false_alarms


@pytest.mark.parametrize(
    "text",
    ["there is no gas smell but the stove will not light", "the smoke detector keeps chirping, low battery?",
     "old water stain on the ceiling tile, dry now", "our gas bill looks too high"],
)  # fmt: skip
def test_absence_equipment_and_old_marks_are_not_hazards(text: str) -> None:
    assert find_hazards(text) == []


def test_a_hazard_inside_another_question_goes_to_triage_first(leasing_db: Database) -> None:
    r = ask("Can I sublet under my lease? also the outlet behind my desk is buzzing and hot", tenant_id="T-001")
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.triage.human_call and r.triage.safety_instructions
    assert any(t.step == "route" and t.model == "policy" for t in r.trace)


def _triage_model(priority: str) -> FunctionModel:
    def answer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        args = {"category": "general", "priority": priority, "trade": "general", "reason": "model"}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, args)])

    return FunctionModel(answer, model_name="test:triage")


def test_a_model_may_raise_a_ticket_to_p0(leasing_db: Database) -> None:
    r = ask("the lobby door makes a weird noise", tenant_id="T-001", models={"triage": _triage_model("P0")})
    assert r.triage is not None and r.triage.priority == "P0" and r.triage.category == "emergency"
    assert r.triage.human_call and r.triage.safety_instructions


def test_confirm_dispatches_the_proposed_ticket_once(leasing_db: Database) -> None:
    first = ask("the AC in suite 300 is not working", tenant_id="T-002")
    assert first.triage is not None and first.triage.status == "proposed" and first.triage.ticket_id is None
    sent = ask("confirm", session_id=first.session_id, tenant_id="T-002")
    assert sent.route == "DOMA/triage" and sent.triage is not None
    assert sent.triage.status == "dispatched" and sent.triage.ticket_id is not None
    assert (sent.triage.vendor, sent.triage.priority) == (first.triage.vendor, first.triage.priority)
    row = leasing_db.fetch_one(
        "SELECT tenant_id, vendor, priority, status FROM leasing_tickets WHERE ticket_id = :i",
        {"i": sent.triage.ticket_id},
        write=True,
    )
    assert row == {"tenant_id": "T-002", "vendor": first.triage.vendor, "priority": first.triage.priority,
                   "status": "dispatched"}  # fmt: skip
    again = ask("confirm", session_id=first.session_id, tenant_id="T-002")
    assert again.triage is None or again.triage.ticket_id != sent.triage.ticket_id


@pytest.mark.parametrize(
    ("text", "yes"),
    [("confirm", True), ("yes please send it", True), ("ok go ahead", True), ("confirm the lease terms", False),
     ("yes but also the heater is broken", False), ("", False)],
)  # fmt: skip
def test_a_confirmation_is_a_short_yes(text: str, yes: bool) -> None:
    assert is_confirmation(text) is yes
