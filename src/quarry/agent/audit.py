"""Run audit: every agent run (any app) is written to `agent_runs` with its JSONB trace."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Engine, text

from quarry.agent.trace import TraceStep
from quarry.db import get_engine


def record_run(
    *,
    app: str,
    request: str,
    session_id: str | None,
    action: str | None,
    model: str | None,
    ms: float,
    trace: Sequence[TraceStep],
    response: BaseModel | dict[str, Any],
    engine: Engine | None = None,
) -> int:
    """Insert one run; returns its id. `engine` selects another database (tests, benchmarks)."""
    body = response.model_dump(mode="json") if isinstance(response, BaseModel) else response
    with (engine or get_engine()).begin() as conn:
        run_id = conn.execute(
            text(
                "INSERT INTO agent_runs (app, session_id, request, action, model, ms, trace, response)"
                " VALUES (:app, :sid, :req, :act, :model, :ms, CAST(:trace AS jsonb), CAST(:resp AS jsonb))"
                " RETURNING id"
            ),
            {
                "app": app,
                "sid": session_id,
                "req": request,
                "act": action,
                "model": model,
                "ms": ms,
                "trace": json.dumps([t.model_dump(mode="json") for t in trace]),
                "resp": json.dumps(body, default=str),
            },
        ).scalar_one()
    return int(run_id)
