"""Planner agent: accept / clarify / relax / tighten plus one adjustment, from a JSON payload.

The offline model is `decide`, a deterministic policy over the same payload the LLM sees.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.llm import last_user_text, output_call

from .models import Adjustment, PlannerDecision
from .prompts import PLANNER_PROMPT


class PlannerPayload(BaseModel):
    """Everything the planner sees at one loop step."""

    query: str
    target: dict[str, Any]
    filters: dict[str, Any]
    count: int
    stats: dict[str, Any] = Field(default_factory=dict)
    min_comps: int
    max_comps: int
    relax_steps_left: int
    tighten_steps_left: int
    available_relax: list[Adjustment]
    available_tighten: list[Adjustment]
    history: list[str] = Field(default_factory=list)


def clarify_question(target: dict[str, Any]) -> str | None:
    missing = [name for key, name in (("town", "town"), ("flat_type", "flat type")) if not target.get(key)]
    if not missing:
        return None
    if len(missing) == 2:
        return "Which town and flat type should I use? (e.g. 'Sengkang, 4-room')"
    if missing[0] == "town":
        return "I need the town. Which town should I use? (e.g. Bedok, Tampines, Sengkang)"
    return "Which flat type should I use? (e.g. 3-room, 4-room, 5-room, executive)"


def decide(p: PlannerPayload) -> PlannerDecision:
    """The offline policy: clarify missing keys, else move the count into [min, max]."""
    question = clarify_question(p.target)
    if question:
        return PlannerDecision(action="clarify", question=question, reason="town or flat type is missing")
    if p.count < p.min_comps:
        if p.relax_steps_left > 0 and p.available_relax:
            adj = p.available_relax[0]
            return PlannerDecision(
                action="relax", adjustment=adj, reason=f"{p.count} comps < {p.min_comps}: too few, relaxing {adj}"
            )
        return PlannerDecision(action="accept", reason=f"{p.count} comps and nothing left to relax")
    if p.count > p.max_comps:
        if p.tighten_steps_left > 0 and p.available_tighten:
            adj = p.available_tighten[0]
            return PlannerDecision(
                action="tighten", adjustment=adj, reason=f"{p.count} comps > {p.max_comps}: too many, tightening {adj}"
            )
        return PlannerDecision(action="accept", reason=f"{p.count} comps and nothing left to tighten")
    return PlannerDecision(action="accept", reason=f"{p.count} comps is inside {p.min_comps}–{p.max_comps}")


def offline_planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """FunctionModel body: read the JSON payload of the latest prompt and apply `decide`."""
    payload = PlannerPayload.model_validate(json.loads(last_user_text(messages)))
    return output_call(info, decide(payload))


@lru_cache(maxsize=1)
def get_planner_agent() -> Agent[None, PlannerDecision]:
    return Agent(output_type=PlannerDecision, instructions=PLANNER_PROMPT, name="comps-planner")
