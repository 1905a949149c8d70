"""Trace records: one typed step per thing an agent did, shown to users and stored for audit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from pydantic import BaseModel, Field

RetrievalMode = Literal["structured", "hybrid", "none"]


class TraceStep(BaseModel):
    """One step of an agent run (plan, execute, observe or adjust)."""

    step: str = Field(description="Step name, e.g. 'target', 'count', 'planner', 'fetch'.")
    action: str | None = Field(None, description="Decision taken: accept, clarify, relax, tighten...")
    adjustment: str | None = Field(None, description="The one constraint changed in this step.")
    count: int | None = Field(None, description="Rows the filters selected at this step.")
    retrieval_mode: RetrievalMode = Field("none", description="structured | hybrid | none.")
    reason: str | None = Field(None, description="Why this step happened, in words.")
    model: str | None = Field(None, description="Model that answered (or 'sql' for pure SQL steps).")
    ms: float = Field(0.0, description="Wall time of the step in milliseconds.")
    filters: dict[str, Any] | None = Field(None, description="Filters as applied at this step.")
    filters_text: str | None = Field(None, description="The same filters in words.")
    embedding_query: str | None = Field(None, description="Text embedded for vector ranking.")
    lexical_query: str | None = Field(None, description="Text used for BM25 ranking.")
    topk: int | None = Field(None, description="Rows kept from retrieval ranking.")


class Stopwatch:
    """Milliseconds since construction; used to fill `TraceStep.ms`."""

    def __init__(self) -> None:
        self._start = time.perf_counter()

    @property
    def ms(self) -> float:
        return round((time.perf_counter() - self._start) * 1000, 2)


@contextmanager
def timed() -> Iterator[Stopwatch]:
    """`with timed() as t: ...; t.ms` reads the elapsed time at any point."""
    yield Stopwatch()
