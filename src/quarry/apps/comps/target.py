"""Target agent: user text (and the conversation so far) → `Target`.

The offline model folds every user turn of the history through the deterministic parser,
so "3-room, max 80 sqm…" → clarify → "Bedok" keeps the earlier constraints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo

from quarry.llm import output_call, user_texts

from .models import Target
from .parse import match_streets, merge_turns
from .prompts import TARGET_PROMPT
from .vocab import TOWNS

OfflineFn = Callable[[list[ModelMessage], AgentInfo], ModelResponse]


def offline_target_model(streets: Sequence[str], towns: Sequence[str] = TOWNS, anchor: date | None = None) -> OfflineFn:
    """A FunctionModel body bound to the street and town names currently in the database and its
    newest month (relative periods count back from it)."""
    names, town_names = tuple(streets), tuple(towns)

    def offline_target(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return output_call(info, merge_turns(user_texts(messages), streets=names, towns=town_names, anchor=anchor))

    return offline_target


def resolve_streets(target: Target, streets: Sequence[str]) -> Target:
    """Ground a model-given street hint in real street names (an LLM may not list them)."""
    if target.street_hint and not target.street_names:
        return target.model_copy(update={"street_names": match_streets(target.street_hint, streets)})
    return target


@lru_cache(maxsize=1)
def get_target_agent() -> Agent[None, Target]:
    return Agent(output_type=Target, instructions=TARGET_PROMPT, name="comps-target")
