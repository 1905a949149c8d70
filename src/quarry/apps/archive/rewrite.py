"""The query of a refinement, rewritten by a language model when one is configured (seed Phase 4).

The refinement policy (`refine.next_attempt`) decides what the next attempt changes: which
constraint a broaden step drops, whether it tries synonyms, narrows or words the topic more
broadly. With a model, the model then writes that attempt's query from the user's request, the
queries tried and how each went, as the seed's middleware asks ("generate a DIFFERENT refined
query"); the filters stay the policy's. Offline, or when the model fails or repeats a query
already tried, the policy's own wording stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo

from quarry.agent import AgentFailed, run_agent
from quarry.llm import is_offline, output_call
from quarry.settings import Settings

MAX_QUERY_CHARS = 200
REWRITE_PROMPT = """You refine searches of a heritage archive (Malaysian and Southeast Asian crafts, performing
arts, buildings, festivals, documents and media, described in English and Malay). The last search was
not relevant enough. Given the user's request, the queries tried with how many items each found, and
the strategy to apply next (broaden: more general terms; synonyms: other words for the same thing,
English or Malay; narrow: more specific terms for the same subject), write ONE new search query of a
few words: the subject only, no filler, no dates, no place or media words (those are filters), and
different from every query tried. Answer only with the output tool."""


class QueryRewrite(BaseModel):
    """The model's next query."""

    query: str = Field(description="The new search query: a few words naming the subject.")
    reason: str = Field("", description="Why this wording, in a few words.")


@lru_cache(maxsize=1)
def rewrite_agent() -> Agent[None, QueryRewrite]:
    return Agent(output_type=QueryRewrite, instructions=REWRITE_PROMPT, name="archive-rewrite")


def rewrite_prompt(request: str, tried: Sequence[tuple[str, int]], strategy: str, suggested: str) -> str:
    """What the model reads: the request, each query tried with its count, the strategy and the policy's wording."""
    lines = "\n".join(f"- {q!r}: {n} relevant items" for q, n in tried)
    return (
        f"User request: {request}\nQueries tried:\n{lines}\nStrategy: {strategy}\n"
        f"The rule-based wording would be: {suggested!r}"
    )


async def rewrite_query(
    request: str,
    tried: Sequence[tuple[str, int]],
    strategy: str,
    suggested: str,
    *,
    settings: Settings,
    model: Model | None = None,
) -> tuple[str, str] | None:
    """(query, model name) for the next attempt; None offline, on failure, or when the model's query is
    empty or was tried already (the policy's `suggested` wording then stands)."""

    def offline(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, QueryRewrite(query=suggested, reason="rule-based wording"))

    try:
        run = await run_agent(
            rewrite_agent(),
            rewrite_prompt(request, tried, strategy, suggested),
            settings=settings,
            offline=offline,
            name="archive-rewrite",
            model=model,
        )
    except AgentFailed:
        return None
    if is_offline(run.model):
        return None
    query = " ".join(run.output.query.split())[:MAX_QUERY_CHARS]
    if not query or query.lower() in {q.lower() for q, _ in tried}:
        return None
    return query, run.model or "model"
