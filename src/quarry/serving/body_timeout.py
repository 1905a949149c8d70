"""A request's body must arrive within `BODY_TIMEOUT_S` of its headers, else 408.

uvicorn hands the body to the app as it arrives and waits for the next piece for ever, so a
client that declares a body and sends a byte a minute holds a connection and a request
task as long as it likes. This pure ASGI middleware puts one deadline on the whole body,
counted from the end of the headers (when uvicorn calls the app), so a trickle is cut as
surely as a stall.

- Until the last piece of the body has arrived (or the client left), the request runs
  under `asyncio.timeout`; past the deadline it is cancelled and the client gets a 408 in
  the usual error shape, with `connection: close`. Cancelling, rather than raising inside
  `receive()`, keeps the app's own error handlers out of it: they would answer 400 or 500
  and log an "unexpected" error for what is the client's fault.
- The deadline ends with the body, and with the first byte of a response: a request that
  has its body, or has begun to answer, runs as long as it needs (an SSE stream, say).
- A response that starts while the client is still sending a body the app did not read
  (a 404, 405 or 413) closes the connection afterwards, so the rest of that body cannot
  keep the connection open either.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from quarry.errors import error_messages


def _has_body(scope: Scope) -> bool:
    headers = dict(scope.get("headers") or [])
    if b"transfer-encoding" in headers:
        return True
    declared = headers.get(b"content-length", b"0").strip()
    return not declared.isdigit() or int(declared) > 0


def _closing(message: Message) -> Message:
    headers = list(message.get("headers", []))
    if not any(name.lower() == b"connection" for name, _ in headers):
        headers.append((b"connection", b"close"))
    return {**message, "headers": headers}


class BodyTimeout:
    """Answer 408 to a request whose body does not arrive within `timeout_s` of its headers."""

    def __init__(self, app: ASGIApp, *, timeout_s: float) -> None:
        self.app = app
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _has_body(scope):
            await self.app(scope, receive, send)
            return
        deadline = asyncio.timeout(self.timeout_s)
        body_done = started = False

        async def watched_receive() -> Message:
            nonlocal body_done
            message = await receive()
            if not body_done and (message["type"] == "http.disconnect" or not message.get("more_body", False)):
                body_done = True
                if not started:
                    deadline.reschedule(None)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start" and not started:
                started = True
                deadline.reschedule(None)
                if not body_done:
                    message = _closing(message)
            await send(message)

        try:
            async with deadline:
                await self.app(scope, watched_receive, watched_send)
        except TimeoutError:
            if started or not deadline.expired():
                raise  # a timeout of the app's own, not the body's
            detail = f"The request body did not arrive within {self.timeout_s:g} s."
            for message in error_messages(408, "RequestTimeout", detail, close=True):
                await send(message)
