"""HTTP routes of the comps app."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from quarry.errors import ERROR_RESPONSES
from quarry.inputs import SESSION_ID_PATTERN, VISIBLE_TEXT

from .models import CompsResponse

router = APIRouter(prefix="/api/comps", tags=["comps"])


class CompsSearchRequest(BaseModel):
    """One comps turn over HTTP."""

    query: str = Field(min_length=1, max_length=2000, pattern=VISIBLE_TEXT, description="What the user is looking for.")
    session_id: str | None = Field(
        None,
        pattern=SESSION_ID_PATTERN,
        description="Continue a conversation: the id a previous response returned (others start a new one).",
    )
    strictness: float | None = Field(None, ge=0, le=1, strict=True, description="0 loose … 1 strict.")


@router.post("/search", response_model=CompsResponse, responses=ERROR_RESPONSES)
async def search(req: CompsSearchRequest) -> CompsResponse:
    """Ranked comps, price stats, the comp-set filters and the agent trace."""
    from .orchestrator import run

    return await run(req.query, session_id=req.session_id, strictness=req.strictness)
