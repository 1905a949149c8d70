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
    lookahead: dict[str, int] = Field(
        default_factory=dict, description="Count each available adjustment would give (observed, not guessed)."
    )


def _pick(options: list[Adjustment], lookahead: dict[str, int], lo: int, hi: int, *, relax: bool) -> Adjustment:
    """Prefer a move that lands inside [lo, hi]; else the one that gets closest without overshooting.

    Options come in strictness order, which breaks ties.
    """
    known = [o for o in options if o in lookahead]
    if not known:
        return options[0]
    inside = [o for o in known if lo <= lookahead[o] <= hi]
    if inside:
        return inside[0]
    if relax:
        # still too few after some moves: take the biggest gain and keep relaxing;
        # only when every move overshoots, take the smallest overshoot
        short = [o for o in known if lookahead[o] < lo]
        return max(short, key=lambda o: lookahead[o]) if short else min(known, key=lambda o: lookahead[o])
    still_over = [o for o in known if lookahead[o] > hi]
    return min(still_over, key=lambda o: lookahead[o]) if still_over else max(known, key=lambda o: lookahead[o])


def clarify_question(target: dict[str, Any]) -> str | None:
    """The question to ask before searching, or None. Something named that the data cannot
    resolve, or a question resale records cannot answer, is asked back by name: a search over
    every town would answer a different question."""
    if target.get("out_of_scope"):
        return (
            f"I only have HDB resale transactions, so I can't answer about {target['out_of_scope']}. "
            "Shall I show resale comps instead? Tell me the town and flat type."
        )
    if target.get("unresolved"):
        named = ", ".join(f"'{w}'" for w in target["unresolved"])
        return f"I don't have resale records for {named}. Which HDB town do you mean? (e.g. Bedok, Tampines)"
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
        why = "asked back: " + (
            "out of scope" if p.target.get("out_of_scope") else
            "unresolved place" if p.target.get("unresolved") else "town or flat type is missing"
        )  # fmt: skip
        return PlannerDecision(action="clarify", question=question, reason=why)
    if p.count < p.min_comps:
        if p.relax_steps_left > 0 and p.available_relax:
            adj = _pick(p.available_relax, p.lookahead, p.min_comps, p.max_comps, relax=True)
            return PlannerDecision(
                action="relax", adjustment=adj, reason=f"{p.count} comps < {p.min_comps}: too few; {_why(adj, p)}"
            )
        return PlannerDecision(action="accept", reason=f"{p.count} comps and nothing left to relax")
    if p.count > p.max_comps:
        if p.tighten_steps_left > 0 and p.available_tighten:
            adj = _pick(p.available_tighten, p.lookahead, p.min_comps, p.max_comps, relax=False)
            return PlannerDecision(
                action="tighten", adjustment=adj, reason=f"{p.count} comps > {p.max_comps}: too many; {_why(adj, p)}"
            )
        return PlannerDecision(action="accept", reason=f"{p.count} comps and nothing left to tighten")
    return PlannerDecision(action="accept", reason=f"{p.count} comps is inside {p.min_comps}–{p.max_comps}")


def _why(adj: Adjustment, p: PlannerPayload) -> str:
    if adj not in p.lookahead:
        return f"chose {adj}"
    others = ", ".join(f"{k} → {v}" for k, v in p.lookahead.items() if k != adj)
    return f"chose {adj} → {p.lookahead[adj]}" + (f" (vs {others})" if others else "")


def offline_planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """FunctionModel body: read the JSON payload of the latest prompt and apply `decide`."""
    payload = PlannerPayload.model_validate(json.loads(last_user_text(messages)))
    return output_call(info, decide(payload))


@lru_cache(maxsize=1)
def get_planner_agent() -> Agent[None, PlannerDecision]:
    return Agent(output_type=PlannerDecision, instructions=PLANNER_PROMPT, name="comps-planner")
