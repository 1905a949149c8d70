"""The agent loop (seed "Architecture Decisions"): tools, iteration budget, bonus retry, timeout.

One PydanticAI agent with the tools of `tools.py` and `generate_final_query` as its output
tool. The `IterationBudget` capability counts model turns: when the budget
(AGENTIC_MAX_ITERATIONS) is reached without a final query, the exploration tools are
withdrawn and the system message "Max iterations reached. Generate your best answer now."
is added (logged as forced_completion). The first failed validation grants one bonus turn
that does not count. The whole run is bounded by AGENTIC_TIMEOUT_MS.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache

from pydantic_ai import Agent, AgentRetries, RunContext, Tool, ToolOutput
from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import SystemPromptPart
from pydantic_ai.models import Model, ModelRequestContext
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.usage import UsageLimits

from quarry.agent import AgentFailed, ToolStep, run_agent
from quarry.db import get_database
from quarry.settings import Settings

from .clock import data_today, lab_names
from .models import Clarification, FinalQuery, NamedFamily, ResolvedPatient
from .offline import offline_model
from .prompts import AGENTIC_PROMPT, SINGLE_SHOT_PROMPT
from .tools import (
    FORCE_MESSAGE,
    FinalQueryRejected,
    LabsDeps,
    LoopState,
    ask_clarification,
    execute_exploratory_sql,
    fuzzy_search_analyte_names,
    fuzzy_search_parameter_names,
    generate_final_query,
    schema_snapshot,
)

TIMEOUT_MESSAGE = "Query generation timed out. Please simplify."
FAILURE_MESSAGE = "Unable to generate query. Please try rephrasing your question."


@dataclass
class IterationBudget(AbstractCapability[LabsDeps]):
    """Withdraws exploration tools and adds the forcing message once the budget is spent."""

    async def prepare_tools(self, ctx: RunContext[LabsDeps], tool_defs: list[ToolDefinition]) -> list[ToolDefinition]:
        # Runs at the start of every model step (before the request is built).
        return [] if ctx.deps.state.is_forced(ctx.run_step) else tool_defs

    async def before_model_request(
        self, ctx: RunContext[LabsDeps], request_context: ModelRequestContext
    ) -> ModelRequestContext:
        state = ctx.deps.state
        if state.is_forced(ctx.run_step) and not state.forced_notice_sent:
            state.forced_notice_sent = True
            state.forced_completion = True
            ctx.enqueue(SystemPromptPart(FORCE_MESSAGE))
        return request_context


def _context(ctx: RunContext[LabsDeps]) -> str:
    """Schema and today's date (date only, so the prompt prefix stays cacheable), and the patient
    the question names when the server resolved one."""
    today = datetime.now(UTC).date().isoformat()
    newest = data_today(ctx.deps.db).isoformat()
    text = (
        f"Today is {today}; the newest result in the data is dated {newest}: read relative periods"
        f" ('last month', 'the past two quarters') and today's age from {newest}, as date literals.\n"
        f"Tables:\n{schema_snapshot(ctx.deps.settings)}"
    )
    family = ctx.deps.family
    if family is not None:
        ids = ", ".join(str(i) for i in family.ids)
        text += (
            f"\nThe words '{family.text}' name the patients {', '.join(family.names)} (patients.id IN ({ids})):"
            f" filter on patient_id IN ({ids}); do not search for the name."
        )
    patient = ctx.deps.patient
    if patient is not None:
        text += (
            f"\nThe words '{patient.text}' name the patient {patient.full_name} (patients.id = {patient.id}):"
            f" filter on patient_id = {patient.id}; do not search for the name."
        )
    return text


@lru_cache(maxsize=2)
def get_agent(agentic: bool) -> Agent[LabsDeps, FinalQuery | Clarification]:
    """The agentic agent (tools + output tool) or the single-shot one (output tool only)."""
    tools: list[Tool[LabsDeps]] = (
        [Tool(fuzzy_search_parameter_names), Tool(fuzzy_search_analyte_names), Tool(execute_exploratory_sql)]
        if agentic
        else []
    )
    retries: AgentRetries = {"tools": 2, "output": 3}
    agent: Agent[LabsDeps, FinalQuery | Clarification] = Agent(
        output_type=[
            ToolOutput(generate_final_query, name="generate_final_query", max_retries=3),
            ToolOutput(ask_clarification, name="ask_clarification"),
        ],
        deps_type=LabsDeps,
        tools=tools,
        instructions=AGENTIC_PROMPT if agentic else SINGLE_SHOT_PROMPT,
        capabilities=[IterationBudget()] if agentic else [],
        name="labs-sql" if agentic else "labs-sql-single-shot",
        retries=retries,
    )
    agent.instructions(_context)
    return agent


@dataclass
class Generation:
    """Outcome of the agent part of one question (before execution)."""

    state: LoopState
    final: FinalQuery | None = None
    clarification: Clarification | None = None
    """Set instead of `final` when the question names something the data does not hold."""
    model: str | None = None
    timeout: bool = False
    error: str | None = None
    """User-facing message when no query came out."""
    detail: str | None = None
    """Why, for the audit log only."""
    fallback: list[str] = field(default_factory=list)
    tools: list[ToolStep] = field(default_factory=list)
    """Every tool call, recorded by the core (`quarry.agent.ToolTrace`)."""
    ms: float = 0.0


async def generate(
    question: str,
    settings: Settings,
    *,
    model: Model | None = None,
    patient: ResolvedPatient | None = None,
    family: NamedFamily | None = None,
) -> Generation:
    """Run the agent once under the total timeout; never raises for model-side failures.
    `patient` is the patient the question names, resolved before the run."""
    agentic = settings.agentic_sql_enabled
    state = LoopState(max_iterations=max(1, settings.agentic_max_iterations))
    out = Generation(state=state)
    started = time.perf_counter()
    deps = LabsDeps(settings=settings, db=get_database(settings), state=state, patient=patient, family=family)
    try:
        result = await run_agent(
            get_agent(agentic),
            question,
            settings=settings,
            # The offline model reads the data's lab names once per run, if and when it answers.
            offline=offline_model(lambda: lab_names(deps.db), patient, lambda: data_today(deps.db), family),
            name="labs",
            model=model,
            deps=deps,
            usage_limits=UsageLimits(request_limit=state.max_iterations + 3),
            timeout_s=settings.agentic_timeout_ms / 1000,
        )
    except AgentFailed as failed:
        out.model, out.fallback, out.tools = failed.model, failed.fallback, failed.tools
        exc = failed.cause
        if failed.timeout:
            out.timeout, out.error = True, TIMEOUT_MESSAGE
            out.detail = f"timeout after {settings.agentic_timeout_ms} ms, {state.iterations} iterations completed"
        elif isinstance(exc, FinalQueryRejected):
            out.error = "The generated query failed validation: " + " ".join(exc.reasons)
            out.detail = f"validation failed twice at iteration {state.iterations}: {exc}"
        else:  # any model/provider failure becomes the seed's simple message
            out.error = FAILURE_MESSAGE
            out.detail = f"{type(exc).__name__} at iteration {state.iterations}: {exc}"[:2000]
    else:
        out.model, out.fallback, out.tools = result.model, result.fallback, result.tools
        if isinstance(result.output, Clarification):
            out.clarification = result.output
        else:
            out.final = result.output
    out.ms = round((time.perf_counter() - started) * 1000, 2)
    return out
