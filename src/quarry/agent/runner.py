"""`run_agent`: the one way an app runs a PydanticAI agent.

It builds the model chain (remote → fallbacks → the app's offline `FunctionModel`, or an
injected model), records why a fallback happened, records every tool call as a
`ToolStep`, applies an optional time limit, and returns the output with the model that
answered. Failures come back as `AgentFailed` carrying the same facts.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, UserContent
from pydantic_ai.models import Model
from pydantic_ai.models.function import FunctionDef
from pydantic_ai.usage import UsageLimits

from quarry.agent.tooltrace import ToolTrace, recording_tools
from quarry.agent.trace import ToolStep
from quarry.errors import outage_in
from quarry.llm import FallbackCode, build_model, is_offline, start_fallback_log
from quarry.settings import Settings

OutputT = TypeVar("OutputT")


@dataclass
class AgentRun(Generic[OutputT]):
    """What one agent run produced."""

    output: OutputT
    model: str | None
    """Name of the model that answered (offline models start with 'offline:')."""
    fallback: list[str] = field(default_factory=list)
    """Provider errors that made the chain move on, in order."""
    fallback_codes: list[FallbackCode] = field(default_factory=list)
    """Why remote models were skipped without a call, as stable keys ('provider_down'): for trace `codes`."""
    tools: list[ToolStep] = field(default_factory=list)
    messages: list[ModelMessage] = field(default_factory=list)
    ms: float = 0.0

    @property
    def model_note(self) -> str | None:
        """Why the offline model answered, in words (None when a remote model did)."""
        return model_note(self.model, self.fallback)


class AgentFailed(Exception):
    """An agent run ended without output; `cause` says why, the rest is what happened."""

    def __init__(
        self, cause: BaseException, *, timeout: bool, model: str | None, fallback: list[str], tools: list[ToolStep]
    ) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause
        self.timeout = timeout
        self.model = model
        self.fallback = fallback
        self.tools = tools


def model_note(model: str | None, fallback: Sequence[str]) -> str | None:
    """'offline model (no API key configured)' or 'provider failed, offline model answered: …'."""
    if not is_offline(model):
        return None
    if fallback:
        return "provider failed, offline model answered: " + fallback[-1]
    return "offline model (no API key configured)"


async def run_agent(
    agent: Agent[Any, OutputT],
    prompt: str | Sequence[UserContent],
    *,
    settings: Settings,
    offline: FunctionDef,
    name: str,
    model: Model | None = None,
    deps: Any = None,
    message_history: Sequence[ModelMessage] | None = None,
    usage_limits: UsageLimits | None = None,
    timeout_s: float | None = None,
    model_name: str | None = None,
) -> AgentRun[OutputT]:
    """Run `agent` once on the configured chain (or `model` when injected, as tests do).

    `prompt` is text, or a list of parts (text and `BinaryContent` images) for multimodal agents.
    `model_name` gives this agent its own primary remote model (None = the provider's)."""
    log = start_fallback_log()
    chosen = model or build_model(settings, offline, name=name, model_name=model_name)
    started = time.perf_counter()
    with recording_tools() as tools:
        try:
            result = await asyncio.wait_for(
                agent.run(
                    prompt,
                    model=chosen,
                    deps=deps,
                    message_history=list(message_history) if message_history else None,
                    usage_limits=usage_limits,
                    capabilities=[ToolTrace()],
                ),
                timeout=timeout_s,
            )
        except Exception as exc:
            outage = outage_in(exc)
            if outage is not None:
                # The database is down: not the agent's failure, and a caller that degrades
                # on AgentFailed would answer wrongly instead of 503.
                raise outage from exc
            used = tools[-1].model if tools else getattr(chosen, "model_name", None)
            raise AgentFailed(
                exc, timeout=isinstance(exc, TimeoutError), model=used, fallback=list(log.errors), tools=list(tools)
            ) from exc
    return AgentRun(
        output=result.output,
        model=result.response.model_name,
        fallback=list(log.errors),
        fallback_codes=list(log.codes),
        tools=list(tools),
        messages=result.all_messages(),
        ms=round((time.perf_counter() - started) * 1000, 2),
    )
