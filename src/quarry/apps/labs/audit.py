"""Audit: every attempt writes one sql_generation_logs row, metadata in the seed's shape.

metadata = {agentic_mode, iterations: [{iteration, tool, params, results, llm_reasoning}],
forced_completion, timeout} as the seed specifies, plus what the seed asks to track besides:
iterations_completed, final_sql, validation_errors, model, fallback_errors, timings,
failure reason and the iteration it failed at.
"""

from __future__ import annotations

from typing import Any, Literal

from quarry.db import get_database
from quarry.inputs import storable, storable_json
from quarry.settings import Settings

from .loop import Generation
from .models import LabsResponse

LogStatus = Literal["ok", "timeout", "validation_failed", "generation_failed", "execution_failed"]
"""sql_generation_logs.status values."""


def log_status(gen: Generation, response: LabsResponse) -> LogStatus:
    if gen.timeout:
        return "timeout"
    if gen.final is None:
        return "validation_failed" if gen.state.final_failures >= 2 else "generation_failed"
    return "ok" if response.status == "ok" else "execution_failed"


def metadata(gen: Generation, response: LabsResponse, *, execution_detail: str | None) -> dict[str, Any]:
    state = gen.state
    return {
        "agentic_mode": response.agentic_mode,
        "iterations": [entry.seed_shape() for entry in state.log],
        "forced_completion": state.forced_completion,
        "timeout": gen.timeout,
        "iterations_completed": state.iterations,
        "final_sql": gen.final.sql if gen.final else None,
        "explanation": gen.final.explanation if gen.final else None,
        "validation_errors": state.validation_errors,
        "bonus_retry_used": bool(state.bonus_steps),
        "model": gen.model,
        "fallback_errors": gen.fallback,
        "language": response.language,
        "timings": response.timings_ms,
        "tool_timings": [{"iteration": e.iteration, "tool": e.tool, "ms": e.ms, "ok": e.ok} for e in state.log],
        "error": response.error,
        "failure_reason": gen.detail or execution_detail,
        "failed_iteration": state.iterations if response.status == "error" else None,
        "row_count": response.row_count,
    }


def write_log(
    question: str, gen: Generation, response: LabsResponse, settings: Settings, *, execution_detail: str | None = None
) -> int:
    """Insert the attempt; returns the log id."""
    meta = metadata(gen, response, execution_detail=execution_detail)
    log_id = get_database(settings).scalar(
        "INSERT INTO sql_generation_logs (question, sql, status, metadata)"
        " VALUES (:q, :sql, :status, CAST(:meta AS jsonb)) RETURNING id",
        {
            "q": storable(question),
            "sql": response.sql,
            "status": log_status(gen, response),
            "meta": storable_json(meta),
        },
        write=True,
    )
    return int(log_id)
