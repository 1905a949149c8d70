"""`run_with_retry`: the one way the shop runs an agent (every agent of the app goes through it)."""

from __future__ import annotations

from functools import partial
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.models import Model
from pydantic_ai.models.function import FunctionDef

from quarry.agent import AgentFailed, AgentRun, run_agent
from quarry.settings import Settings


async def run_with_retry(
    agent: Agent[Any, Any],
    prompt: str | list[Any],
    *,
    settings: Settings,
    offline: FunctionDef,
    name: str,
    model: Model | None,
    deps: Any = None,
    timeout_s: float | None = None,
    model_name: str | None = None,
) -> AgentRun[Any]:
    """The one way the shop runs an agent: `run_agent`, tried once more if it failed without timing out."""
    once = partial(
        run_agent,
        agent,
        prompt,
        settings=settings,
        offline=offline,
        name=name,
        model=model,
        deps=deps,
        timeout_s=timeout_s,
        model_name=model_name,
    )
    try:
        return await once()
    except AgentFailed as exc:
        if exc.timeout:
            raise
        return await once()
