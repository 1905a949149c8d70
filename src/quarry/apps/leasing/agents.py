"""The model-facing agents: ManagerAgent (route) and NeedsAgent (SearchSpec), with offline models.

Both are PydanticAI agents run through the core `run_agent`: a remote model when a key is set,
else (or when it fails) the offline `FunctionModel` here, which reads the same user turn an LLM
reads. NeedsAgent answers in text (JSON asked for); `coerce_spec` accepts what models really
send — code fences, single quotes, trailing commas, '5k' strings, unknown keys — and anything
it cannot read becomes §E's minimal underconstrained spec.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from pydantic import ValidationError
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart
from pydantic_ai.models.function import AgentInfo

from quarry.db import Database
from quarry.embed import Embedder, embed_query
from quarry.llm import last_user_text, output_call

from .models import Budget, Route, RouteDecision, SearchSpec
from .needs import parse_needs, status_of
from .routing import RouteExamples, Vote, load_examples, route_message

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]

MANAGER_PROMPT = (
    "You route messages of a commercial real-estate assistant. Routes: VIA/needs (a prospect describes space "
    "they want), VIA/tour (book, move or release a tour), DOMA/lease (what a tenant's lease says), DOMA/triage "
    "(something is broken or dangerous in the building), DOMA/renewal (renewing or extending a lease). "
    "Return the route and, in `why`, the words that decided it."
)
NEEDS_PROMPT = (
    "Extract a SearchSpec as ONE JSON object with keys location (neighbourhood tokens, lower case), min_sqft, "
    "max_sqft (rentable square feet; usable × 1.25), budget_monthly_usd {min,max} in monthly USD ($/SF/yr × SF / 12), "
    "term_months, must_haves, nice_to_haves, timeline, use_case, confidence (0..1 per field). JSON only."
)


@lru_cache(maxsize=1)
def manager_agent() -> Agent[None, RouteDecision]:
    return Agent(output_type=RouteDecision, instructions=MANAGER_PROMPT, name="leasing-manager")


@lru_cache(maxsize=1)
def needs_agent() -> Agent[None, str]:
    return Agent(output_type=str, instructions=NEEDS_PROMPT, name="leasing-needs")


_examples: dict[tuple[int, str], RouteExamples] = {}


def route_examples(db: Database, embedder: Embedder) -> RouteExamples:
    """The labelled routing examples with their embeddings (Postgres cache, then this process)."""
    key = (id(db), embedder.model)
    if key not in _examples:
        cases = load_examples()
        vecs = np.stack([embed_query(db, embedder, c.text) for c in cases])
        _examples[key] = RouteExamples(cases, vecs)
    return _examples[key]


def knn_vote(db: Database, embedder: Embedder) -> Vote:
    """The classifier over embedded labelled examples (embedded on the first split only)."""

    def vote(text: str, among: Sequence[Route]) -> tuple[Route, str]:
        return route_examples(db, embedder).vote(embed_query(db, embedder, text), among)

    return vote


def offline_manager(db: Database, embedder: Embedder, awaiting: str | None, *, touring: bool = False) -> OfflineFn:
    """The ManagerAgent's offline model: K.1 keywords + cues, classifier on a split. `touring`: tours are
    proposed or held in the conversation."""

    def manager(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        text = last_user_text(messages)
        vote = knn_vote(db, embedder)
        decision = route_message(text, vote=vote, awaiting=awaiting, touring=touring)  # type: ignore[arg-type]
        return output_call(info, decision)

    return manager


def offline_needs(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """The NeedsAgent's offline model: the deterministic parser, answered as JSON text like an LLM."""
    spec = parse_needs(last_user_text(messages))
    return ModelResponse(parts=[TextPart(spec.model_dump_json(exclude_defaults=False))])


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def _loads(text: str) -> Any:
    """JSON, or what a model meant by it (fences, single quotes, trailing commas, True/None)."""
    fenced = _FENCE.search(text)
    body = fenced.group(1) if fenced else text
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object")
    body = body[start : end + 1]
    try:
        return json.loads(body)
    except ValueError:
        pass
    relaxed = re.sub(r",\s*([}\]])", r"\1", body)
    try:
        return json.loads(relaxed)
    except ValueError:
        return ast.literal_eval(relaxed.replace("null", "None").replace("true", "True").replace("false", "False"))


def _money(v: Any) -> float | None:
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, str):
        m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(k)?", v.replace("$", ""), re.IGNORECASE)
        if m:
            return float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
    return None


def coerce_spec(text: str) -> tuple[SearchSpec, str | None]:
    """(spec, note): the model's answer as a SearchSpec, field by field; §E fallback when unreadable."""
    try:
        raw = _loads(text)
        if not isinstance(raw, dict):
            raise ValueError("not an object")
    except (ValueError, SyntaxError) as exc:
        return SearchSpec(spec_status="underconstrained"), f"non-JSON model output ({exc}); minimal spec"
    fixed: dict[str, Any] = {}
    dropped: list[str] = []
    for key, value in raw.items():
        if key not in SearchSpec.model_fields or key == "spec_status":
            continue
        if key == "budget_monthly_usd":
            if isinstance(value, dict):
                value = Budget(min=_money(value.get("min")), max=_money(value.get("max")))
            elif (v := _money(value)) is not None:
                value = Budget(max=v)
            else:
                value = None
        elif key in ("location", "must_haves", "nice_to_haves") and isinstance(value, str):
            value = [x.strip().lower() for x in value.split(",") if x.strip()]
        elif key in ("min_sqft", "max_sqft", "term_months") and value is not None:
            n = _money(value)
            value = round(n) if n is not None else None
        try:
            SearchSpec.model_validate({key: value})
            fixed[key] = value
        except ValidationError:
            dropped.append(key)
    spec = SearchSpec.model_validate(fixed)
    spec.spec_status = status_of(spec)
    return spec, (f"dropped unreadable fields: {', '.join(dropped)}" if dropped else None)
