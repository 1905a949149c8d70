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
from quarry.llm import is_offline, output_call, remote_models
from quarry.settings import Settings

from .concepts import Parsed
from .models import SearchResult
from .relevance import grade
from .thresholds import Thresholds
from .tools import format_hits

JUDGED_ITEMS = 5
"""Top items the model reads."""
JUDGE_PROMPT = """You check heritage archive search results. Given the user's request, the search query
and the top items (title, media type, place, period, similarity, tags, summary), decide whether
these items clearly match what the user asked for: the same subject (craft, art form, building,
event), not merely something from the same region or a loosely related topic. Filters already
applied (media type, place, years) need no checking. Answer only with the output tool."""


class RelevanceVerdict(BaseModel):
    """The judge's answer for one attempt."""

    relevant: bool = Field(description="True when the top items clearly match the user's request.")
    reason: str = Field("", description="Why, in a few words.")


@lru_cache(maxsize=1)
def judge_agent() -> Agent[None, RelevanceVerdict]:
    return Agent(output_type=RelevanceVerdict, instructions=JUDGE_PROMPT, name="archive-judge")


def judge_prompt(request: str, result: SearchResult) -> str:
    """What the judge reads: the request, the query and filters, and the top items with their summaries."""
    return (
        f"User request: {request}\nSearch query: {result.query}\nFilters applied: {result.constraints.describe()}\n\n"
        f"Top items:\n{format_hits(result.hits[:JUDGED_ITEMS])}"
    )


def model_judging(settings: Settings, judge: Model | None) -> bool:
    """True when a model judges relevance: one is injected, or a remote model is configured."""
    return judge is not None or bool(remote_models(settings))


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
