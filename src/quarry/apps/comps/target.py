"""Target agent: user text (and the conversation so far) → `Target`.

The offline model folds every user turn of the history through the deterministic parser,
so "3-room, max 80 sqm…" → clarify → "Bedok" keeps the earlier constraints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.llm import output_call, user_texts

from .models import Target
from .parse import match_streets, merge_turns
from .prompts import TARGET_PROMPT

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


def offline_target_model(streets: Sequence[str]) -> OfflineFn:
    """A FunctionModel body bound to the street names currently in the database."""
    names = tuple(streets)

    def offline_target(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, merge_turns(user_texts(messages), streets=names))

    return offline_target


def resolve_streets(target: Target, streets: Sequence[str]) -> Target:
    """Ground a model-given street hint in real street names (an LLM may not list them)."""
    if target.street_hint and not target.street_names:
        return target.model_copy(update={"street_names": match_streets(target.street_hint, streets)})
    return target


@lru_cache(maxsize=1)
def get_target_agent() -> Agent[None, Target]:
    return Agent(output_type=Target, instructions=TARGET_PROMPT, name="comps-target")
