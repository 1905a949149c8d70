"""Server-sent events of one archive turn: intent, query, attempt…, results | message, done (or error).

`event_stream(turn, is_disconnected)` runs `turn(emit)` as a task and yields each event it
emits as an SSE frame with JSON data. A client that disconnects stops the work: between
events the stream asks `is_disconnected()` and cancels the task, and closing the stream
(Starlette does so when the connection drops) cancels it too. Errors become one `error` event
with the core error shape (`ErrorBody`: error, detail).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from quarry.errors import QuarryError
from quarry.logsafe import log_unexpected

from .models import ArchiveResponse
from .orchestrator import EventSink

Turn = Callable[[EventSink], Awaitable[ArchiveResponse]]
POLL_S = 0.25
"""How often a quiet stream checks whether the client is still there."""

_log = logging.getLogger(__name__)
_DONE = object()


def sse(event: str, data: dict[str, Any]) -> str:
    """One SSE frame: `event: <name>` and one `data:` line of JSON."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def error_data(exc: BaseException) -> dict[str, str]:
    """The core error shape for an exception (no internals for unexpected ones)."""
    if isinstance(exc, QuarryError):
        return {"error": type(exc).__name__, "detail": exc.message}
    log_unexpected(_log, "archive stream", exc)
    return {"error": "InternalError", "detail": "Something went wrong on our side."}


async def event_stream(turn: Turn, is_disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[str]:
    """SSE frames of `turn`, in order; the final response becomes `results` or `message`, then `done`."""
    queue: asyncio.Queue[Any] = asyncio.Queue()

    async def emit(event: str, data: dict[str, Any]) -> None:
        await queue.put((event, data))

    async def work() -> None:
        try:
            resp = await turn(emit)
            await queue.put((resp.response_type, resp.model_dump(mode="json", exclude={"trace"})))
            await queue.put(("done", {"thread_id": resp.thread_id, "run_id": resp.run_id}))
        except Exception as exc:
            await queue.put(("error", error_data(exc)))
        finally:
            await queue.put(_DONE)

    task = asyncio.create_task(work())
    try:
        while True:
            try:
                item = await asyncio.wait_for(queue.get(), timeout=POLL_S)
            except TimeoutError:
                item = None
            if await is_disconnected():
                return
            if item is _DONE:
                return
            if item is not None:
                yield sse(*item)
    finally:
        if not task.done():
            task.cancel()
