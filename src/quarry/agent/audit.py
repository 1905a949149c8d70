"""Run audit: every agent run (any app) is written to `agent_runs` with its JSONB trace."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from quarry.agent.trace import TRACE_ADAPTER, TraceStep
from quarry.caller import current_principal
from quarry.db import Database
from quarry.inputs import storable, storable_json


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
    """Insert one run; returns its id. Who asked is the current caller's principal (key id and role)."""
    body = response.model_dump(mode="json") if isinstance(response, BaseModel) else response
    who = current_principal()
    run_id = db.scalar(
        "INSERT INTO agent_runs (app, session_id, request, action, model, ms, trace, response, principal_id,"
        " principal_role) VALUES (:app, :sid, :req, :act, :model, :ms, CAST(:trace AS jsonb), CAST(:resp AS jsonb),"
        " :pid, :prole) RETURNING id",
        {
            "pid": who.id,
            "prole": who.role,
            "app": app,
            "sid": session_id,
            "req": storable(request),
            "act": action,
            "model": model,
            "ms": ms,
            "trace": storable_json(TRACE_ADAPTER.dump_python(list(trace), mode="json")),
            "resp": storable_json(body),
        },
        write=True,
    )
    return int(run_id)
