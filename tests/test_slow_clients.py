"""Slow clients are timed out by the server, and everyone else is served meanwhile.

A real `quarry serve --no-ui` with short deadlines (HEADER_TIMEOUT_S=1, BODY_TIMEOUT_S=2),
spoken to over raw sockets: a slowloris client sends half a request line and then
nothing; a slow-body client declares a body and sends a few bytes of it.
"""

from __future__ import annotations

import json
import os
import selectors
import socket
import time
from collections.abc import Iterator

import pytest

from .serving import get_json, served

pytestmark = pytest.mark.slow

HEADER_TIMEOUT_S = 1.0
BODY_TIMEOUT_S = 2.0
SLACK_S = 8.0
"""Generous: a shared two-core machine; the point is that they close, not how fast."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    env = {
        **os.environ,
        "LLM_PROVIDER": "offline",
        "HEADER_TIMEOUT_S": str(HEADER_TIMEOUT_S),
        "BODY_TIMEOUT_S": str(BODY_TIMEOUT_S),
    }
    env.pop("DATABASE_URL", None)
    with served(env, tmp_path_factory.mktemp("slow") / "serve.log", "--no-ui", "--workers", "1") as url:
        yield url


def _address(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


def _read_response(sock: socket.socket, timeout_s: float) -> tuple[int, dict[str, str], bytes]:
    """(status, lower-cased headers, body) of one response; the body by its content-length."""
    sock.settimeout(timeout_s)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before a response: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    while len(body) < int(headers.get("content-length", "0")):
        chunk = sock.recv(65536)
        assert chunk, "connection closed inside a response body"
        body += chunk
    return int(status_line.split()[1]), headers, body


def _closed_by_server(sock: socket.socket, timeout_s: float) -> bool:
    """True when the server closes the connection within `timeout_s` (whatever it sent first)."""
    sock.settimeout(timeout_s)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_slow_header_connections_are_closed_while_others_are_served(base: str) -> None:
    address = _address(base)
    opened = time.monotonic()  # before any connects: each deadline runs from its connection's accept
    slowloris = [socket.create_connection(address) for _ in range(100)]
    silent = [socket.create_connection(address) for _ in range(10)]  # connect and send nothing
    for sock in slowloris:
        sock.sendall(b"GET /healthz HT")
    open_socks: dict[socket.socket, bytes] = {sock: b"" for sock in slowloris + silent}
    closed_after: dict[socket.socket, float] = {}
    selector = selectors.DefaultSelector()
    for sock in open_socks:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)

    health: list[int] = []
    try:
        while open_socks and time.monotonic() - opened < HEADER_TIMEOUT_S + SLACK_S:
            health.append(get_json(base + "/healthz", timeout=10)[0])
            for key, _ in selector.select(timeout=0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    chunk = sock.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                if chunk:
                    open_socks[sock] += chunk
                    continue
                selector.unregister(sock)
                closed_after[sock] = time.monotonic() - opened
                received = open_socks.pop(sock)
                if sock in slowloris:  # half a request arrived: told why before the close
                    assert received.split(b" ", 2)[1] == b"408", received
                else:
                    assert received == b"", received
    finally:
        for sock in slowloris + silent:
            sock.close()

    assert not open_socks, f"{len(open_socks)} slow connections still open after {HEADER_TIMEOUT_S + SLACK_S} s"
    # Closed by the deadline, not at once: the server did wait for the headers.
    assert min(closed_after.values()) >= HEADER_TIMEOUT_S * 0.9, sorted(closed_after.values())[:5]
    assert len(health) >= 3 and set(health) == {200}, health


def test_a_kept_alive_connection_is_not_cut_by_the_header_deadline(base: str) -> None:
    with socket.create_connection(_address(base)) as sock:
        for _ in range(2):
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: quarry\r\n\r\n")
            status, headers, _ = _read_response(sock, timeout_s=20)
            assert status == 200 and headers.get("connection") != "close"
            time.sleep(HEADER_TIMEOUT_S * 1.5)  # idle between requests: uvicorn's keep-alive rules


@pytest.mark.parametrize(
    "request_head",
    [
        b"POST /api/comps/search HTTP/1.1\r\nHost: quarry\r\nContent-Type: application/json\r\n"
        b"Content-Length: 200\r\n\r\n",
        b"POST /api/comps/search HTTP/1.1\r\nHost: quarry\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n5\r\n",
    ],
    ids=["declared-length", "chunked"],
)
def test_a_body_that_does_not_arrive_in_time_gets_408_and_a_close(base: str, request_head: bytes) -> None:
    with socket.create_connection(_address(base)) as sock:
        sock.sendall(request_head + b'{"que')
        sent = time.monotonic()
        status, headers, body = _read_response(sock, timeout_s=BODY_TIMEOUT_S + SLACK_S)
        assert time.monotonic() - sent >= BODY_TIMEOUT_S * 0.9
        assert status == 408 and headers["connection"] == "close"
        assert json.loads(body)["error"] == "RequestTimeout"
        assert _closed_by_server(sock, timeout_s=SLACK_S)


def test_an_unread_body_closes_the_connection_after_the_answer(base: str) -> None:
    """A 405 answered before the body arrived: the rest of the body cannot hold the connection."""
    with socket.create_connection(_address(base)) as sock:
        sock.sendall(b"POST /healthz HTTP/1.1\r\nHost: quarry\r\nContent-Length: 100\r\n\r\n{")
        status, headers, _ = _read_response(sock, timeout_s=20)
        assert status == 405 and headers["connection"] == "close"
        assert _closed_by_server(sock, timeout_s=SLACK_S)


def test_a_body_sent_in_time_is_read_by_the_app(base: str) -> None:
    """Half the body, a pause shorter than the deadline, the rest: the app reads and judges it."""
    body = b'{"question": "no query field here"}'
    with socket.create_connection(_address(base)) as sock:
        sock.sendall(
            b"POST /api/comps/search HTTP/1.1\r\nHost: quarry\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body[:10]
        )
        time.sleep(BODY_TIMEOUT_S / 4)
        sock.sendall(body[10:])
        status, _, answer = _read_response(sock, timeout_s=60)
    assert (status, json.loads(answer)["error"]) == (422, "BadInput")
