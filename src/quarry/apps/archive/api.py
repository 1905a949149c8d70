"""HTTP routes of the archive app."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from quarry.errors import ERROR_RESPONSES

from .models import ArchiveResponse

router = APIRouter(prefix="/api/archive", tags=["archive"])


class ArchiveSearchRequest(BaseModel):
    """One archive search turn over HTTP."""

    message: str = Field(min_length=1, max_length=1000, description="What the user is looking for.")
    thread_id: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9_-]{1,64}$",
        description="Continue a conversation: the id a previous response returned (others start a new one).",
    )


@router.post("/search", response_model=ArchiveResponse, responses=ERROR_RESPONSES)
async def search(req: ArchiveSearchRequest) -> ArchiveResponse:
    """Intent, up to 3 search attempts and the archive items (response_type results), or a message."""
    from .orchestrator import run

    return await run(req.message, thread_id=req.thread_id)
