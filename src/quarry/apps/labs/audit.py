"""Audit: every attempt writes one sql_generation_logs row, metadata in the seed's shape.

metadata = {agentic_mode, iterations: [{iteration, tool, params, results, llm_reasoning}],
forced_completion, timeout} as the seed specifies, plus what the seed asks to track besides:
iterations_completed, final_sql, validation_errors, model, fallback_errors, timings,
failure reason and the iteration it failed at.

Patient rows never reach the audit: the answer's rows and the rows exploratory SQL showed the
model are replaced by their count and a sha256 of the result (`redacted`), enough to prove
later which result was returned without keeping it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Literal

from quarry.db import get_database
from quarry.inputs import storable, storable_json
from quarry.settings import Settings

from .loop import Generation
from .models import LabsResponse

LogStatus = Literal["ok", "clarify", "refused", "timeout", "validation_failed", "generation_failed", "execution_failed"]
"""sql_generation_logs.status values (clarify and refused: no SQL was generated)."""


def result_sha256(columns: list[str], rows: Sequence[Any] | None) -> str | None:
    """sha256 (hex) of a result as canonical JSON ``{"columns": [...], "rows": [...]}``."""
    if rows is None:
        return None
    body = json.dumps({"columns": columns, "rows": rows}, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(body.encode()).hexdigest()


def redacted(response: LabsResponse) -> dict[str, Any]:
    """The response as audited: everything but the rows, plus their sha256."""
    body = response.model_dump(mode="json", exclude={"rows"})
    body["rows"] = None
    body["result_sha256"] = result_sha256(response.columns, response.rows)
    return body


def _redact_results(tool: str, results: Any) -> Any:
    """Exploratory SQL results without their rows (count, columns and sha256 stay)."""
    if tool != "execute_exploratory_sql" or not isinstance(results, dict) or "rows" not in results:
        return results
    kept = {key: value for key, value in results.items() if key != "rows"}
    kept["result_sha256"] = result_sha256(list(results.get("columns") or []), list(results["rows"] or []))
    return kept


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
        "iterations": [
            {**shape, "results": _redact_results(shape["tool"], shape["results"])}
            for shape in (entry.seed_shape() for entry in state.log)
        ],
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
        "result_sha256": result_sha256(response.columns, response.rows),
    }


def write_log(
    question: str,
    gen: Generation | None,
    response: LabsResponse,
    settings: Settings,
    *,
    execution_detail: str | None = None,
) -> int:
    """Insert the attempt (``gen`` is None when the question was sent back for clarification or
    refused, nothing generated); returns the log id."""
    if gen is None:
        status: LogStatus = "refused" if response.status == "refused" else "clarify"
        meta: dict[str, Any] = {
            status: True,
            "reason_code": response.reason_code,
            "language": response.language,
            "timings": response.timings_ms,
        }
    else:
        meta = metadata(gen, response, execution_detail=execution_detail)
        status = log_status(gen, response)
    log_id = get_database(settings).scalar(
        "INSERT INTO sql_generation_logs (question, sql, status, metadata)"
        " VALUES (:q, :sql, :status, CAST(:meta AS jsonb)) RETURNING id",
        {
            "q": storable(question),
            "sql": response.sql,
            "status": status,
            "meta": storable_json(meta),
        },
        write=True,
    )
    return int(log_id)
