"""HTTP routes of the archive app beyond its turn (`POST /api/archive/search` is generated from the spec)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from quarry.caller import acting_as
from quarry.db.probe import ensure_database
from quarry.endpoints import admit, caller_of, count_turn, settings_of
from quarry.errors import ERROR_RESPONSES
from quarry.inputs import clean_question

from .conversation import ArchiveSearchRequest
from .models import ArchiveResponse

router = APIRouter(prefix="/api/archive", tags=["archive"])


STREAM_RESPONSES: dict[int | str, dict[str, object]] = {
    **ERROR_RESPONSES,
    200: {
        "content": {"text/event-stream": {}},
        "description": "Server-sent events, JSON data each: intent, query, attempt…, results | message, done; "
        "or error {error, detail}.",
    },
}


@router.post("/search/stream", response_class=StreamingResponse, responses=STREAM_RESPONSES)
async def search_stream(req: ArchiveSearchRequest, request: Request) -> StreamingResponse:
    """The same turn as `/search`, streamed as it happens; disconnecting stops the work."""
    from .orchestrator import EMPTY_HINT, MAX_MESSAGE_CHARS, EventSink, run
    from .spec import SPEC
    from .stream import event_stream

    # Unusable input is a plain 400 before the stream starts (same as /search).
    clean_question(req.message, max_chars=MAX_MESSAGE_CHARS, empty_hint=EMPTY_HINT, what="message")
    # The same door as /search: who is calling, admission and the rate limit, before the stream starts.
    settings = settings_of(request)
    caller = await caller_of(request, settings)
    admit(SPEC, caller.principal)
    await count_turn(SPEC, caller, settings)
    # A database outage is a 503 with Retry-After here; once the stream starts it is a 200.
    await ensure_database(settings)

    async def turn(emit: EventSink) -> ArchiveResponse:
        with acting_as(caller):  # whose thread, and who asked in the audit
            return await run(req.message, thread_id=req.thread_id, settings=settings, emit=emit)

    return StreamingResponse(
        event_stream(turn, request.is_disconnected),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
