"""One error shape with the UI mounted: 404 and 405 look the same as every other error.

With Gradio mounted at "/", every path the API does not fully match falls through to
Gradio, which answers `{"detail": "Not Found"}`; even `POST /healthz` (a known path, the
wrong method) becomes Gradio's 404 instead of a 405. So:

- `reserve_api_paths` gives every API path a route for the methods it does not serve
  (405 with `Allow`), and reserves `/api/…` wholesale (404), before Gradio is mounted;
- `UniformErrors` rewrites a bare `{"detail": …}` 404/405 from the mounted UI into
  `{"error", "detail"}`. The UI's pages and files are not touched.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from fastapi import FastAPI
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
_NAMES = {404: "NotFound", 405: "MethodNotAllowed"}


def reserve_api_paths(api: FastAPI) -> None:
    """Add 405 routes for the unserved methods of each API path, and a 404 for `/api/…`."""
    # The schema lists every documented route, including those of included routers.
    paths = api.openapi().get("paths", {})
    served = {path: {m.upper() for m in ops if m.upper() in _METHODS} for path, ops in paths.items()}
    for path, methods in served.items():
        other = [m for m in _METHODS if m not in methods]
        allow = ", ".join(sorted(methods))
        if other:
            api.add_api_route(path, _refuse(405, {"Allow": allow}), methods=other, include_in_schema=False)
    api.add_api_route("/api/{rest:path}", _refuse(404, None), methods=list(_METHODS), include_in_schema=False)


def _refuse(status: int, headers: dict[str, str] | None) -> Callable[[], Awaitable[None]]:
    async def refuse() -> None:
        raise StarletteHTTPException(status_code=status, headers=headers)

    return refuse


class UniformErrors:
    """Rewrites the mounted UI's `{"detail": …}` 404/405 JSON into the core error shape."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: Message | None = None

        async def rewriting_send(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start" and message["status"] in _NAMES:
                held = message  # wait for the body to see whose shape it is
                return
            if held is not None and message["type"] == "http.response.body":
                start, held = held, None
                await _send_uniform(send, start, message)
                return
            await send(message)

        await self.app(scope, receive, rewriting_send)


async def _send_uniform(send: Send, start: Message, body_message: Message) -> None:
    status = int(start["status"])
    body = body_message.get("body", b"")
    more = body_message.get("more_body", False)
    try:
        parsed = json.loads(body) if not more else None
    except ValueError:
        parsed = None
    if isinstance(parsed, dict) and set(parsed) == {"detail"}:
        body = json.dumps({"error": _NAMES[status], "detail": str(parsed["detail"])}).encode()
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        start = {**start, "headers": headers}
        body_message = {**body_message, "body": body}
    await send(start)
    await send(body_message)
