"""Run audit: every agent run (any app) is written to `agent_runs` with its JSONB trace."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from quarry.agent.trace import TRACE_ADAPTER, TraceStep
from quarry.db import Database


def record_run(
    db: Database,
    *,
    app: str,
    request: str,
    session_id: str | None,
    action: str | None,
    model: str | None,
    ms: float,
    trace: Sequence[TraceStep],
    response: BaseModel | dict[str, Any],
) -> int:
    """Insert one run; returns its id."""
    body = response.model_dump(mode="json") if isinstance(response, BaseModel) else response
    run_id = db.scalar(
        "INSERT INTO agent_runs (app, session_id, request, action, model, ms, trace, response)"
        " VALUES (:app, :sid, :req, :act, :model, :ms, CAST(:trace AS jsonb), CAST(:resp AS jsonb))"
        " RETURNING id",
        {
            "app": app,
            "sid": session_id,
            "req": request,
            "act": action,
            "model": model,
            "ms": ms,
            "trace": TRACE_ADAPTER.dump_json(list(trace)).decode(),
            "resp": json.dumps(body, default=str, ensure_ascii=False),
        },
        write=True,
    )
    return int(run_id)
