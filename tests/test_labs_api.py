"""POST /api/sql/generate on the real app (FastAPI + real Postgres, offline model)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from quarry.api import create_app
from quarry.apps.labs.ratelimit import LIMITER
from quarry.auth.keys import create_key
from quarry.db import get_database
from tests.labs_support import load_test_data


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    settings, _ = load_test_data()
    app = create_app(with_ui=False)
    app.state.settings = settings.model_copy(update={"labs_rate_limit_per_minute": 5})
    _, key = create_key(get_database(settings), "clinician", name="labs api tests")
    with TestClient(app, headers={"Authorization": f"Bearer {key}"}) as test_client:
        yield test_client


@pytest.fixture(autouse=True)
def fresh_limits() -> None:
    settings, _ = load_test_data()
    LIMITER.reset(get_database(settings))


def test_generate_returns_sql_explanation_and_rows(client: TestClient) -> None:
    question = "¿cuántos pacientes tienen la glucosa por encima de lo normal?"
    r = client.post("/api/sql/generate", json={"question": question, "execute": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "ok" and body["sql"].startswith("SELECT")
    assert "pacientes" in body["explanation"]
    assert body["rows"] and set(body["rows"][0]) == {"patients"}
    assert body["tool_calls"][0]["tool"] == "fuzzy_search_parameter_names"
    assert body["iterations"] <= 2


def test_execute_false_leaves_rows_out(client: TestClient) -> None:
    body = client.post("/api/sql/generate", json={"question": "ферритин", "execute": False}).json()
    assert body["status"] == "ok" and body["rows"] is None and body["sql"]


@pytest.mark.parametrize(
    "payload",
    [{"question": ""}, {}, {"question": "x" * 2001}, {"question": 5, "execute": "no"}],
    ids=["empty", "missing", "too-long", "wrong-types"],
)
def test_bad_input_is_4xx(client: TestClient, payload: dict[str, object]) -> None:
    r = client.post("/api/sql/generate", json=payload)
    assert 400 <= r.status_code < 500
    assert "detail" in r.json()


def test_blank_question_is_refused_by_the_schema(client: TestClient) -> None:
    r = client.post("/api/sql/generate", json={"question": "   "})
    assert r.status_code == 422 and "question" in r.json()["detail"]


def test_rate_limit_per_client_ip(client: TestClient) -> None:
    codes = [client.post("/api/sql/generate", json={"question": "ТТГ", "execute": False}).status_code for _ in range(6)]
    assert codes[:5] == [200] * 5 and codes[5] == 429
    resp = client.post("/api/sql/generate", json={"question": "ТТГ"})
    assert resp.json()["error"] == "RateLimited" and "per minute" in resp.json()["detail"]
    assert 1 <= int(resp.headers["retry-after"]) <= 60


def test_openapi_documents_the_route(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/sql/generate" in spec["paths"]
