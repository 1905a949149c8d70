"""The relevance judgement by a language model (seed Phase 3), when one is configured.

The model reads the user's request and the top items as `format_hits` writes them (title, media
type, place, period, similarity, tags and the short summary, never the long description) and
says whether they match what was asked. Offline (no model configured), when the chain falls back
to its offline model, or when the model fails, the deterministic grader (`relevance.grade`)
decides instead. Either way an attempt is relevant only if its best similarity also clears the
embedding model's `relevant_similarity` (`thresholds.py`).
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo

from quarry.agent import AgentFailed, run_agent
from quarry.llm import is_offline, output_call
from quarry.settings import Settings

from .concepts import Parsed
from .models import SearchResult
from .relevance import grade
from .thresholds import Thresholds
from .tools import format_hits

JUDGED_ITEMS = 10
"""Top items the model reads (and judges one by one)."""
JUDGE_PROMPT = """You check heritage archive search results. Given the user's request, the search query
and the top items (title, media type, place, period, similarity, tags, summary), decide whether
these items clearly match what the user asked for: the same subject (craft, art form, building,
event), not merely something from the same region or a loosely related topic. Filters already
applied (media type, place, years) need no checking. List the numbers of the items that match (only
those are shown to the user). Answer only with the output tool."""


class RelevanceVerdict(BaseModel):
    """The judge's answer for one attempt."""

    relevant: bool = Field(description="True when the top items clearly match the user's request.")
    reason: str = Field("", description="Why, in a few words.")
    matching: list[int] = Field(
        default_factory=list, description="Numbers (1-based, as listed) of the items that match the request."
    )


def model_passed(verdict: RelevanceVerdict, result: SearchResult) -> list[str]:
    """The identifiers a model's verdict lets through: the items it listed; when it listed none but called
    the set relevant, the grader's own passes, else every item it read (it judged them as one set)."""
    if not verdict.relevant:
        return []
    read = result.hits[:JUDGED_ITEMS]
    listed = [read[n - 1].identifier for n in dict.fromkeys(verdict.matching) if 1 <= n <= len(read)]
    return listed or list(result.passed) or [h.identifier for h in read]


@lru_cache(maxsize=1)
def judge_agent() -> Agent[None, RelevanceVerdict]:
    return Agent(output_type=RelevanceVerdict, instructions=JUDGE_PROMPT, name="archive-judge")


def judge_prompt(request: str, result: SearchResult) -> str:
    """What the judge reads: the request, the query and filters, and the top items with their summaries."""
    return (
        f"User request: {request}\nSearch query: {result.query}\nFilters applied: {result.constraints.describe()}\n\n"
        f"Top items:\n{format_hits(result.hits[:JUDGED_ITEMS])}"
    )


async def judge_with_model(
    request: str,
    result: SearchResult,
    parsed: Parsed,
    thresholds: Thresholds,
    *,
    settings: Settings,
    judge: Model | None = None,
) -> tuple[RelevanceVerdict, str] | None:
    """(verdict, model name) from the model for one attempt's result; None when there are no items,
    or when the deterministic grader answered (offline fallback) or the model failed."""
    if not result.hits:
        return None

    def offline(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        verdict, why = grade(result.hits, parsed, thresholds, result.constraints)
        return output_call(info, RelevanceVerdict(relevant=verdict == "relevant", reason=why))

    try:
        run = await run_agent(
            judge_agent(),
            judge_prompt(request, result),
            settings=settings,
            offline=offline,
            name="archive-judge",
            model=judge,
        )
    except AgentFailed:
        return None
    if is_offline(run.model):
        return None
    return run.output, run.model or "model"
