"""Trace records: one typed step per thing an agent did, shown to users and stored for audit.

`TraceStep` is a union discriminated by `kind`, the same for every app:

- `plan`: a model turned the request into structured intent (filters, a query, a route);
- `sql`: a structured SQL step of our own (count, stats, look-ahead counts);
- `decision`: a model or policy chose what to do next (accept, clarify, relax, tighten...);
- `retrieval`: rows were ranked (structured, vector, lexical or hybrid);
- `tool`: a tool call made by a tool-calling agent, recorded automatically (`ToolTrace`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

RetrievalMode = Literal["structured", "hybrid", "vector", "lexical", "index", "none"]
"""How rows were found: SQL filters only, fused vector + lexical, one ranker, the nearest questions of an index
of questions already answered, or not at all."""

StepKind = Literal["plan", "sql", "decision", "retrieval", "tool"]


class _Step(BaseModel):
    """Fields every step has."""

    step: str = Field(description="Step name, e.g. 'target', 'count', 'planner', 'fetch', a tool name.")
    action: str | None = Field(None, description="What was done or decided: plan, execute, accept, relax...")
    count: int | None = Field(None, description="Rows the step selected or returned.")
    retrieval_mode: RetrievalMode = Field("none", description="structured | hybrid | vector | lexical | none.")
    reason: str | None = Field(None, description="Why this step happened, in words.")
    codes: list[str] = Field(
        default_factory=list,
        description="Why, as stable machine-readable keys (e.g. 'planner_skipped', 'life_safety_rule'): what tests, "
        "dashboards and the UI read; `reason` is for people.",
    )
    model: str | None = Field(None, description="Model that answered (or 'sql' for pure SQL steps).")
    ms: float = Field(0.0, description="Wall time of the step in milliseconds.")
    filters_text: str | None = Field(None, description="The filters in force, in words.")


class PlanStep(_Step):
    """A model turned the request into structured intent."""

    kind: Literal["plan"] = "plan"
    filters: dict[str, Any] | None = Field(None, description="The structured intent (non-default fields).")


class SqlStep(_Step):
    """A structured SQL step of our own (bound parameters, never model-written)."""

    kind: Literal["sql"] = "sql"
    filters: dict[str, Any] | None = Field(None, description="Filters as applied at this step.")


class DecisionStep(_Step):
    """What to do next, chosen by a model or a policy."""

    kind: Literal["decision"] = "decision"
    adjustment: str | None = Field(None, description="The one constraint changed by this decision.")


class RetrievalStep(_Step):
    """Rows ranked for the answer."""

    kind: Literal["retrieval"] = "retrieval"
    embedding_query: str | None = Field(None, description="Text embedded for vector ranking.")
    lexical_query: str | None = Field(None, description="Text used for lexical (BM25) ranking.")
    topk: int | None = Field(None, description="Rows kept from retrieval ranking.")


class ToolStep(_Step):
    """One tool call of a tool-calling agent."""

    kind: Literal["tool"] = "tool"
    tool: str = Field(description="Tool name.")
    args: dict[str, Any] = Field(default_factory=dict, description="Arguments the model passed.")
    result_size: int | None = Field(None, description="Items (rows, matches) the tool returned.")
    ok: bool = Field(True, description="False when the tool failed or rejected its input.")
    iteration: int | None = Field(None, description="Model turn (1-based) that made the call.")


TraceStep = Annotated[PlanStep | SqlStep | DecisionStep | RetrievalStep | ToolStep, Field(discriminator="kind")]
TRACE_ADAPTER: TypeAdapter[list[TraceStep]] = TypeAdapter(list[TraceStep])


class Stopwatch:
    """Milliseconds since construction; used to fill `ms` of a step."""

    def __init__(self) -> None:
        self._start = time.perf_counter()

    @property
    def ms(self) -> float:
        return round((time.perf_counter() - self._start) * 1000, 2)


@contextmanager
def timed() -> Iterator[Stopwatch]:
    """`with timed() as t: ...; t.ms` reads the elapsed time at any point."""
    yield Stopwatch()
