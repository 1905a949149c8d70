"""One honest HTTP contract: documented error shapes, strict types, server-issued sessions,
and a schemathesis run over the OpenAPI schema that finds nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Labs's limit is shared through Postgres: earlier tests must not spend this test's budget."""
    from quarry.apps.labs.ratelimit import LIMITER
    from quarry.db import get_database
    from quarry.settings import get_settings

    LIMITER.reset(get_database(get_settings()))


ERROR_STATUSES = {"400", "409", "413", "422", "429", "503"}


@pytest.fixture(scope="module")
def app(db: None) -> FastAPI:
    from quarry.api import create_app

    return create_app(with_ui=False)


@pytest.fixture(scope="module")
def http(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def test_every_route_documents_one_error_shape(http: TestClient) -> None:
    spec = http.get("/openapi.json").json()
    for path in ("/api/comps/search", "/api/sql/generate"):
        responses = spec["paths"][path]["post"]["responses"]
        assert set(responses) >= ERROR_STATUSES, (path, sorted(responses))
        for status in ERROR_STATUSES:
            ref = responses[status]["content"]["application/json"]["schema"]["$ref"]
            assert ref.endswith("/ErrorBody"), (path, status, ref)
    assert set(spec["components"]["schemas"]["ErrorBody"]["properties"]) == {"error", "detail"}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/sql/generate", {"question": "ферритин", "execute": "yes"}),
        ("/api/sql/generate", {"question": "ферритин", "execute": 1}),
        ("/api/comps/search", {"query": "4-room in Bedok", "strictness": False}),
        ("/api/comps/search", {"query": "4-room in Bedok", "strictness": "0.5"}),
    ],
    ids=["execute-yes", "execute-1", "strictness-false", "strictness-string"],
)
def test_types_are_strict(http: TestClient, path: str, body: dict[str, Any]) -> None:
    resp = http.post(path, json=body)
    assert resp.status_code == 422, resp.text
    assert resp.json()["error"] == "BadInput"


def test_sessions_are_issued_by_the_server(http: TestClient) -> None:
    from quarry.db import get_database
    from quarry.settings import get_settings

    chosen = "attacker-chosen-id"
    first = http.post("/api/comps/search", json={"query": "4-room in Bedok", "session_id": chosen}).json()
    assert first["session_id"] != chosen and len(first["session_id"]) == 32
    second = http.post("/api/comps/search", json={"query": "in Tampines", "session_id": first["session_id"]}).json()
    assert second["session_id"] == first["session_id"]

    db = get_database(get_settings())
    db.execute(
        "UPDATE conversations SET updated_at = now() - interval '400 hours' WHERE session_id = :s",
        {"s": first["session_id"]},
    )
    expired = http.post("/api/comps/search", json={"query": "in Tampines", "session_id": first["session_id"]})
    assert expired.json()["session_id"] != first["session_id"]  # idle past SESSION_TTL_HOURS: a new one


def test_wrong_method_is_405_with_the_error_shape(http: TestClient) -> None:
    for path in ("/api/comps/search", "/api/sql/generate"):
        resp = http.put(path, json={})
        assert resp.status_code == 405 and resp.json()["error"] == "MethodNotAllowed"
        assert "POST" in resp.headers["allow"]


@pytest.mark.slow
def test_schemathesis_finds_nothing(app: FastAPI) -> None:
    """Generated requests for every operation: no 5xx, every response as documented."""
    api = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [result.ok() for result in api.get_all_operations()]
    assert {op.path for op in operations} >= {"/api/comps/search", "/api/sql/generate", "/healthz"}
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            case.call_and_validate()

        check()
