"""`quarry serve`: the UI in one process, the API alone on any number of workers."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from quarry.cli import app, plan_workers
from quarry.errors import BadInput


@pytest.mark.parametrize(
    ("asked", "configured", "ui", "expected"),
    [
        (None, 0, True, 1),  # the UI needs a single process, whatever WORKERS says
        (None, 4, True, 1),
        (1, 0, True, 1),
        (3, 0, False, 3),
        (None, 5, False, 5),
        (None, 0, False, os.cpu_count() or 1),
    ],
    ids=["ui-default", "ui-ignores-configured", "ui-one", "api-asked", "api-configured", "api-per-core"],
)
def test_plan_workers(asked: int | None, configured: int, ui: bool, expected: int) -> None:
    assert plan_workers(asked, configured, ui=ui) == expected


def test_several_workers_with_the_ui_are_refused_with_the_reason() -> None:
    with pytest.raises(BadInput, match="single worker"):
        plan_workers(2, 0, ui=True)
    result = CliRunner().invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code != 0
    assert isinstance(result.exception, BadInput)


def test_the_api_only_app_answers_the_api_and_serves_no_ui(db: None) -> None:
    from fastapi.testclient import TestClient

    from quarry.api import create_api_app

    with TestClient(create_api_app()) as c:
        assert c.get("/healthz").json() == {"status": "ok", "database": "ok"}
        turn = c.post("/api/comps/search", json={"query": "5rm tampines under 700k last 2 years"})
        assert turn.status_code == 200 and turn.json()["results"]
        assert c.get("/").status_code == 404
        assert c.get("/gradio_api/info").status_code == 404
