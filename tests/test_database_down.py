"""While the database is down, every app route answers 503 with Retry-After, never a 5xx of ours.

The app is pinned to a server that does not listen (a closed port on this machine), so
every connection fails the way it does in the seconds after a postmaster dies. Each app's
turn route, archive's stream and a route behind an API key are asked; the error shape is
the documented one and the connection stays usable for the next request.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from quarry.api import create_api_app
from quarry.apps import APPS
from quarry.errors import DatabaseUnavailable, outage_in
from quarry.logsafe import RedactedTracebacks
from quarry.settings import get_settings


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_api_app()
    dead = f"postgresql://postgres@127.0.0.1:{_closed_port()}/quarry?connect_timeout=2"
    app.state.settings = get_settings().model_copy(update={"database_url": dead, "llm_provider": "offline"})
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _bodies() -> list[tuple[str, str, dict[str, object]]]:
    out: list[tuple[str, str, dict[str, object]]] = []
    for spec in APPS:
        conv = spec.conversation
        assert conv is not None
        message: object = (
            [{"type": "text", "content": "price of galaxy a55"}] if spec.name == "shop" else "3 room in bedok"
        )
        body: dict[str, object] = {conv.message: message}
        if spec.name == "shop":
            body["chat_id"] = "down-1"
        out.append((spec.name, conv.path, body))
    out.append(("archive stream", "/api/archive/search/stream", {"message": "old photos of George Town"}))
    return out


@pytest.mark.parametrize(("name", "path", "body"), _bodies(), ids=[b[0] for b in _bodies()])
def test_every_app_route_answers_503_while_the_database_is_down(
    client: TestClient, name: str, path: str, body: dict[str, object]
) -> None:
    # labs needs a key: looking the key up is already a database call.
    headers = {"Authorization": "Bearer qk_00000000_notarealsecretatallxyz"}
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 503, (name, response.status_code, response.text[:300])
    assert response.json()["error"] == "DatabaseUnavailable"
    assert int(response.headers["Retry-After"]) >= 1
    assert "connection" not in {k.lower() for k in response.headers} or response.headers["connection"] != "close"


def test_anonymous_turns_also_answer_503(client: TestClient) -> None:
    for name, path, body in _bodies():
        if name in {"labs"}:
            continue  # anonymous labs is refused (401) before any database call
        response = client.post(path, json=body)
        assert response.status_code == 503, (name, response.status_code, response.text[:300])


def test_an_outage_wrapped_by_an_agent_or_a_task_group_is_still_found() -> None:
    outage = DatabaseUnavailable("down", retry_after_s=5)
    try:
        try:
            raise outage
        except DatabaseUnavailable as inner:
            raise RuntimeError("agent failed") from inner
    except RuntimeError as wrapped:
        assert outage_in(wrapped) is outage
        assert outage_in(ExceptionGroup("tools", [ValueError("x"), wrapped])) is outage
    assert outage_in(ValueError("not an outage")) is None


def test_server_tracebacks_are_logged_without_messages() -> None:
    patient = "Anna Petrova"
    try:
        raise ValueError(f"patient {patient}")
    except ValueError as exc:
        record = logging.LogRecord(
            "uvicorn.error",
            logging.ERROR,
            __file__,
            1,
            "Exception in ASGI application",
            None,
            (type(exc), exc, exc.__traceback__),
        )
    assert RedactedTracebacks().filter(record)
    assert record.exc_info is None
    assert "Anna" not in record.getMessage() and "ValueError" in record.getMessage()
