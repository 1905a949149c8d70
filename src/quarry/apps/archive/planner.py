"""The plan agent: user turn (+ earlier turns) → `ArchivePlan` (intent, ONE focused query, constraints).

With no API key the agent runs the offline `FunctionModel` below: the rules + nearest-neighbour
intent classifier and the offline concept extraction, over the same user turns an LLM reads.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.db import Database
from quarry.embed import Embedder, embed_query
from quarry.llm import output_call, user_texts

from .corpus import load_intent_examples
from .intent import Classified, IntentExamples, classify
from .models import ArchivePlan, Constraints
from .prompts import PLAN_PROMPT

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


@lru_cache(maxsize=1)
def get_plan_agent() -> Agent[None, ArchivePlan]:
    return Agent(output_type=ArchivePlan, instructions=PLAN_PROMPT, name="archive-plan")


_examples: dict[tuple[int, str], IntentExamples] = {}


def intent_examples(db: Database, embedder: Embedder) -> IntentExamples:
    """The labelled examples with their query embeddings (cached in Postgres and in this process)."""
    key = (id(db), embedder.model)
    if key not in _examples:
        cases = load_intent_examples()
        vecs = np.stack([embed_query(db, embedder, c.text) for c in cases])
        _examples[key] = IntentExamples(cases, vecs)
    return _examples[key]


def _merge(prev: Classified, now: Classified) -> ArchivePlan:
    """A follow-up that only adds constraints ('only videos', 'from Kelantan') refines the previous search."""
    before, after = prev.parsed.constraints, now.parsed.constraints
    merged = Constraints(
        media_type=after.media_type or before.media_type,
        place=after.place or before.place,
        year_from=after.year_from if after.year_from is not None else before.year_from,
        year_to=after.year_to if after.year_to is not None else before.year_to,
    )
    return ArchivePlan(
        intent="HERITAGE_SEARCH",
        query=prev.parsed.query,
        concepts=prev.parsed.concepts,
        constraints=merged,
        reason=f"follow-up refines the previous search ({now.reason}); constraints {merged.describe()}",
    )


def plan_offline(texts: list[str], classify_fn: Callable[[str], Classified]) -> ArchivePlan:
    """The offline planner's decision for the last of `texts` (earlier ones are the thread)."""
    now = classify_fn(texts[-1])
    if now.intent in ("UNCLEAR", "HERITAGE_SEARCH") and not now.parsed.concepts and len(texts) > 1:
        refines = not now.parsed.constraints.is_empty()
        if refines:
            for earlier in reversed(texts[:-1]):
                prev = classify_fn(earlier)
                if prev.intent == "HERITAGE_SEARCH" and prev.parsed.concepts:
                    return _merge(prev, now)
    if now.intent != "HERITAGE_SEARCH":
        return ArchivePlan(intent=now.intent, reason=now.reason)
    return ArchivePlan(
        intent="HERITAGE_SEARCH",
        query=now.parsed.query or texts[-1],
        concepts=now.parsed.concepts,
        constraints=now.parsed.constraints,
        reason=now.reason,
    )


def offline_plan_model(db: Database, embedder: Embedder) -> OfflineFn:
    """A FunctionModel body bound to the database (for the nearest-neighbour vote)."""

    def classify_fn(text: str) -> Classified:
        return classify(text, examples=intent_examples(db, embedder), embed=lambda t: embed_query(db, embedder, t))

    def offline_plan(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        texts = user_texts(messages) or [""]
        return output_call(info, plan_offline(texts, classify_fn))

    return offline_plan


def plan_without_model(text: str) -> ArchivePlan:
    """Rules only (no database): used by tests and the intent evaluation's rules column."""
    return plan_offline([text], classify)
