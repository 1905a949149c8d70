"""One archive turn as the outside sees it: the request, and the call into the orchestrator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from quarry.caller import Caller
from quarry.inputs import VISIBLE_TEXT, session_id_field
from quarry.settings import Settings

if TYPE_CHECKING:
    from pydantic_ai.models import Model

    from .models import ArchiveResponse


class ArchiveSearchRequest(BaseModel):
    """One archive search turn over HTTP."""

    message: str = Field(
        min_length=1, max_length=1000, pattern=VISIBLE_TEXT, description="What the user is looking for."
    )
    thread_id: str | None = session_id_field()


async def answer(
    req: ArchiveSearchRequest, caller: Caller, *, settings: Settings, models: Mapping[str, Model] | None = None
) -> ArchiveResponse:
    from .orchestrator import run

    return await run(req.message, thread_id=req.thread_id, settings=settings, models=models)
