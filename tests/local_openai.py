"""A tiny OpenAI-compatible HTTP server that tests start on loopback (no real provider is reached).

conftest blocks model requests (`pydantic_ai.models.ALLOW_MODEL_REQUESTS = False`); while
this server is up they are allowed again, so only a test that started one can make them.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic_ai.models import override_allow_model_requests

Handler = Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]]


@contextmanager
def local_openai(handler: Handler) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Serve `handler(path, body) -> (status, json)` at http://127.0.0.1:<port>/v1; yields (base_url, requests)."""
    seen: list[dict[str, Any]] = []

    class _H(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            seen.append({"path": self.path, "body": body})
            status, payload = handler(self.path, body)
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), _H)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with override_allow_model_requests(True):
            yield f"http://127.0.0.1:{server.server_address[1]}/v1", seen
    finally:
        server.shutdown()


@contextmanager
def hanging_openai() -> Iterator[tuple[str, list[socket.socket]]]:
    """A server that accepts connections and never answers; yields (base_url, accepted connections)."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:  # the listener was closed: the test is over
                return
            accepted.append(conn)  # held open, never read or answered

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        with override_allow_model_requests(True):
            yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1", accepted
    finally:
        listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept()
        listener.close()
        thread.join(timeout=5)
        for conn in accepted:
            conn.close()


@contextmanager
def refusing_openai() -> Iterator[str]:
    """A loopback base URL where nothing listens, so connections are refused; requests are allowed meanwhile."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    with override_allow_model_requests(True):
        yield url


def tool_call_completion(model: str, tool_name: str, args: dict[str, Any]) -> dict[str, Any]:
    """A chat.completions response whose only choice calls `tool_name` with `args`."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": tool_name, "arguments": json.dumps(args)},
                        }
                    ],
                },
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }
