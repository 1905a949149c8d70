"""One labs question as the outside sees it: the call into the orchestrator (the request is
`GenerateRequest`, the body of the seed's `POST /api/sql/generate`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from quarry.caller import Caller
from quarry.settings import Settings

from .models import GenerateRequest, LabsResponse

if TYPE_CHECKING:
    from pydantic_ai.models import Model


async def answer(
    req: GenerateRequest, caller: Caller, *, settings: Settings, models: Mapping[str, Model] | None = None
) -> LabsResponse:
    """Generation failures come back with status "error" and the seed's user-facing message."""
    from .orchestrator import run

    return await run(
        req.question,
        execute=req.execute,
        max_rows=req.max_rows,
        settings=settings,
        models=models,
        client=None,  # the door has counted this turn against the rate limit already
    )


def failed(resp: LabsResponse) -> bool:
    return resp.status == "error"
