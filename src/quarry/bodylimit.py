"""Request bodies are capped before anything parses them (HTTP 413).

A pure ASGI middleware: a declared Content-Length over the cap is refused at once. A body
without one (chunked) is read here first, up to the cap, and handed on only when it fits:
the app's own body readers (FastAPI's JSON parsing, Gradio's multipart upload) catch any
error raised while they read and answer 400 or 500, and Gradio would already have written
a partial file. So an oversized chunked body gets the same 413 as a declared one, nothing
behind the middleware sees a byte of it, and at most `max_bytes` is held per request.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from quarry.errors import error_messages


class BodyTooLarge(Exception):
    """Raised inside `receive` when a streamed body passes the cap."""


class BodyLimit:
    """Refuse request bodies larger than `max_bytes` with a 413 and the usual error shape."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._reject(send)
            return
        if declared is None:
            buffered = await self._read_capped(receive)
            if buffered is None:
                await self._reject(send)
                return
            receive = _replay(buffered, receive)
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._reject(send)

    async def _read_capped(self, receive: Receive) -> list[Message] | None:
        """The request's body messages, or None once they pass the cap (the rest is not read)."""
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages  # the client left; the app sees the disconnect
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                return None
            if not message.get("more_body", False):
                return messages

    async def _reject(self, send: Send) -> None:
        detail = f"The request body is larger than the limit of {self.max_bytes:,} bytes."
        for message in error_messages(413, "PayloadTooLarge", detail):
            await send(message)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A `receive` that gives back the buffered body messages, then the live channel."""
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed
