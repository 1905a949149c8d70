"""`POST /api/archive/search/stream`: server-sent events in order, errors as an event, and a client
that goes away stops the work."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from quarry.apps.archive.intent import REPLIES
from quarry.apps.archive.models import ArchiveResponse
from quarry.apps.archive.orchestrator import EventSink
from quarry.apps.archive.stream import event_stream
from quarry.errors import DatabaseUnavailable


@pytest.fixture(scope="module")
def archive_client() -> Iterator[Any]:
    """The real app over ASGI with the archive ingested (the other apps' data is not needed)."""
    from fastapi.testclient import TestClient

    from quarry.api import create_app
    from quarry.apps.archive.ingest import ingest
    from quarry.db import get_database
    from quarry.embed import get_embedder
    from quarry.settings import get_settings

    s = get_settings()
    with TestClient(create_app(with_ui=False)) as c:
        ingest(get_database(s), get_embedder(s))
        yield c


def parse_sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for frame in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in frame.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def stream(client: Any, body: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    with client.stream("POST", "/api/archive/search/stream", json=body) as resp:
        assert resp.status_code == 200
        assert resp.headers["content-type"].startswith("text/event-stream")
        return parse_sse("".join(resp.iter_text()))


def test_wayang_kulit_streams_intent_query_attempt_results_done(archive_client) -> None:  # type: ignore[no-untyped-def]
    events = stream(archive_client, {"message": "show me videos about wayang kulit performances"})
    assert [e for e, _ in events] == ["intent", "query", "attempt", "results", "done"]
    data = dict(events)
    assert data["intent"]["intent"] == "HERITAGE_SEARCH" and data["query"]["constraints"] == "video"
    # Only items that passed the grader, never padded to 10 (issue 21).
    assert data["attempt"]["verdict"] == "relevant" and 1 <= data["results"]["total"] == data["attempt"]["count"] <= 10
    assert data["done"]["thread_id"] == data["results"]["thread_id"] and data["done"]["run_id"]


def test_hello_streams_intent_message_done(archive_client) -> None:  # type: ignore[no-untyped-def]
    events = stream(archive_client, {"message": "hello"})
    assert [e for e, _ in events] == ["intent", "message", "done"]
    assert events[1][1]["message"] == REPLIES["GREETING"] and events[1][1]["archives"] == []


def test_kelantan_batik_streams_every_attempt(archive_client) -> None:  # type: ignore[no-untyped-def]
    events = stream(archive_client, {"message": "Kelantan batik"})
    assert [e for e, _ in events] == ["intent", "query", "attempt", "attempt", "results", "done"]
    first, second = events[2][1], events[3][1]
    assert first["verdict"] == "weak" and first["constraints"] == "place ~ Kelantan"
    assert second["strategy"] == "broaden" and second["note"] == "dropped place Kelantan"


def test_bad_input_is_a_plain_4xx_before_streaming(archive_client) -> None:  # type: ignore[no-untyped-def]
    resp = archive_client.post("/api/archive/search/stream", json={"message": "   "})
    assert resp.status_code == 422 and resp.json()["error"] == "BadInput"  # blank: refused by the schema


def _collect(turn: Any, disconnected: Any) -> list[str]:
    async def go() -> list[str]:
        return [frame async for frame in event_stream(turn, disconnected)]

    return asyncio.run(go())


def test_errors_become_an_error_event_with_the_core_shape() -> None:
    async def turn(emit: EventSink) -> ArchiveResponse:
        await emit("intent", {"intent": "HERITAGE_SEARCH"})
        raise DatabaseUnavailable("The database is restarting; try again shortly.")

    async def connected() -> bool:
        return False

    events = parse_sse("".join(_collect(turn, connected)))
    assert events == [
        ("intent", {"intent": "HERITAGE_SEARCH"}),
        ("error", {"error": "DatabaseUnavailable", "detail": "The database is restarting; try again shortly."}),
    ]


def test_unexpected_errors_do_not_leak_internals() -> None:
    async def turn(emit: EventSink) -> ArchiveResponse:
        raise RuntimeError("secret connection string")

    async def connected() -> bool:
        return False

    events = parse_sse("".join(_collect(turn, connected)))
    assert events == [("error", {"error": "InternalError", "detail": "Something went wrong on our side."})]


def test_a_client_that_disconnects_stops_the_work() -> None:
    progress: list[int] = []
    cancelled: list[bool] = []
    gone = False

    async def turn(emit: EventSink) -> ArchiveResponse:
        nonlocal gone
        try:
            for step in range(20):
                progress.append(step)
                await emit("attempt", {"step": step})
                if step == 1:
                    gone = True  # the client goes away after the second event
                await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        raise AssertionError("the turn ran to the end")

    async def disconnected() -> bool:
        return gone

    async def go() -> list[str]:
        frames = [frame async for frame in event_stream(turn, disconnected)]
        await asyncio.sleep(0.2)  # the cancelled task would keep appending here if it were still running
        return frames

    frames = asyncio.run(go())
    assert len(frames) <= 2 and cancelled == [True] and len(progress) <= 3
