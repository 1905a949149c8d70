"""HTTP route of the labs app: POST /api/sql/generate (seed: wired into the existing endpoint)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from quarry.clientip import client_address
from quarry.errors import ERROR_RESPONSES
from quarry.settings import Settings, get_settings

from .models import GenerateRequest, LabsResponse

router = APIRouter(prefix="/api/sql", tags=["labs"])


def _settings(request: Request) -> Settings:
    """Settings in use; an app may pin its own in `app.state.labs_settings` (tests do)."""
    pinned = getattr(request.app.state, "labs_settings", None)
    return pinned if isinstance(pinned, Settings) else get_settings()


@router.post(
    "/generate",
    response_model=LabsResponse,
    responses=ERROR_RESPONSES,
)
async def generate_sql(req: GenerateRequest, request: Request) -> LabsResponse:
    """One question (any language) → one validated read-only SELECT, its explanation, the rows
    when `execute` is true, and the full tool-call log. Generation failures come back with
    status "error" and the seed's user-facing message; bad input is a 4xx."""
    from .orchestrator import run

    s = _settings(request)
    peer = request.client.host if request.client else None
    client = client_address(peer, request.headers.get("x-forwarded-for"), s.trusted_proxies)
    return await run(req.question, execute=req.execute, settings=s, client=client)
