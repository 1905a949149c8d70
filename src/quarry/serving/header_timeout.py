"""uvicorn's HTTP protocol with a deadline for a request's headers.

uvicorn times out idle keep-alive connections, but not a client that connects and sends
nothing, or half a request line and then nothing: each such connection holds a socket for
ever, so a thousand of them from one laptop starve the server of file descriptors.

Here every connection gets `HEADER_TIMEOUT_S` from when it opens, and every later request
on it from its first byte, to finish its headers. Past that the connection is closed, with
a 408 when part of a request had arrived. The clock stops at the end of the headers; the
body has its own deadline (`quarry.serving.body_timeout`).

httptools is a dependency, so this is the parser uvicorn would pick itself; `serve` passes
the class as `uvicorn.run(http=HeaderTimeoutProtocol)`.
"""

from __future__ import annotations

import asyncio
import json
import logging

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from quarry.settings import get_settings

_log = logging.getLogger(__name__)


def _request_timeout() -> bytes:
    body = json.dumps({"error": "RequestTimeout", "detail": "The request headers did not arrive in time."}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


_REQUEST_TIMEOUT = _request_timeout()


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """httptools' protocol; a request begins at its first byte and its headers end in a callback."""

    _header_timer: asyncio.TimerHandle | None = None
    _request_begun = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._request_begun = True
        self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._stop_header_timer()
        super().on_headers_complete()

    def _arm_header_timer(self) -> None:
        # A request that began on a fresh connection keeps the connection's deadline.
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(get_settings().header_timeout_s, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        self._request_begun = False

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        _log.debug("closing a connection whose request headers did not arrive in time")
        if self._request_begun:
            self.transport.write(_REQUEST_TIMEOUT)
        self.transport.close()
