"""One comps turn as the outside sees it: the request, and the call into the orchestrator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from quarry.caller import Caller
from quarry.inputs import VISIBLE_TEXT, session_id_field
from quarry.settings import Settings

if TYPE_CHECKING:
    from pydantic_ai.models import Model

    from .models import CompsResponse


class CompsSearchRequest(BaseModel):
    """One comps turn over HTTP."""

    query: str = Field(min_length=1, max_length=2000, pattern=VISIBLE_TEXT, description="What the user is looking for.")
    session_id: str | None = session_id_field()
    strictness: float | None = Field(None, ge=0, le=1, strict=True, description="0 loose … 1 strict.")


async def answer(
    req: CompsSearchRequest, caller: Caller, *, settings: Settings, models: Mapping[str, Model] | None = None
) -> CompsResponse:
    from .orchestrator import run

    return await run(req.query, session_id=req.session_id, strictness=req.strictness, settings=settings, models=models)
