"""HTTP routes of the leasing app."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from quarry.errors import ERROR_RESPONSES, ErrorBody
from quarry.inputs import SESSION_ID_PATTERN, VISIBLE_TEXT

from .models import LeasingResponse

router = APIRouter(prefix="/api/leasing", tags=["leasing"])


class LeasingMessage(BaseModel):
    """One leasing turn over HTTP."""

    text: str = Field(min_length=1, max_length=2000, pattern=VISIBLE_TEXT, description="The user's message.")
    session_id: str | None = Field(
        None,
        pattern=SESSION_ID_PATTERN,
        description="Continue a conversation: the id a previous response returned (others start a new one).",
    )
    tenant_id: str | None = Field(None, pattern=r"^T-\d{1,6}$", description="The tenant asking, e.g. T-001.")


class HoldRelease(BaseModel):
    """Release one hold of a session."""

    session_id: str = Field(pattern=SESSION_ID_PATTERN)


RESPONSES: dict[int | str, dict[str, object]] = {
    **ERROR_RESPONSES,
    404: {"model": ErrorBody, "description": "Unknown tenant, or no such hold/tenancy in this session."},
}


@router.post("/message", response_model=LeasingResponse, responses=RESPONSES)
async def message(req: LeasingMessage) -> LeasingResponse:
    """Route the message and answer it: {route, spec, matches, action_plan, lease_answer, triage, renewal, trace}
    (the parts that do not apply are null)."""
    from .orchestrator import run

    return await run(req.text, session_id=req.session_id, tenant_id=req.tenant_id)
