"""Test fixtures: a real PostgreSQL (embedded, separate state dir) with the bundled data loaded."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import hypothesis
import pytest
from pydantic_ai import models

if TYPE_CHECKING:
    from quarry.db import Database

ROOT = Path(__file__).resolve().parents[1]
# Before anything imports quarry: tests configure through the environment only, so a
# developer's `.env` (a provider key, DATABASE_URL of the demo) never reaches them.
os.environ["QUARRY_ENV_FILE"] = ""
# Tests get their own embedded server so they never touch the demo's data.
os.environ.setdefault("STATE_DIR", str(ROOT / ".quarry" / "test"))
# No background warm-up in every TestClient and test server: tests/test_warm_up.py runs it.
os.environ.setdefault("WARM_UP", "false")
# Block real model providers: tests use offline models or a local server they start.
for key in ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "JINA_API_KEY", "EMBEDDING_API_KEY"):
    os.environ.pop(key, None)
# ...and should a key slip through, pydantic-ai refuses the request; tests that talk to a
# server they start on loopback allow it inside `local_openai(...)` only.
models.ALLOW_MODEL_REQUESTS = False
# In-process calls of orchestrators act as the local admin, as the CLI does; HTTP and UI tests
# act as whoever their key says (each door sets its caller per turn).
from quarry.caller import LOCAL, act_as  # noqa: E402

act_as(LOCAL)
# Property tests draw the same examples on every run, so CI cannot fail on a new random draw;
# `HYPOTHESIS_PROFILE=explore make test` searches afresh (and prints a seed to reproduce).
# Nor on a slow machine: per-example deadlines and the too-slow check measure the machine, not
# the code (timing targets live in bench/).
_UNTIMED = {"deadline": None, "suppress_health_check": [hypothesis.HealthCheck.too_slow]}
hypothesis.settings.register_profile("repeatable", derandomize=True, **_UNTIMED)
hypothesis.settings.register_profile("explore", derandomize=False, **_UNTIMED)
hypothesis.settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(scope="session")
def db() -> Iterator[None]:
    """Migrated database with the bundled HDB data ingested and embedded (idempotent)."""
    from quarry.setup import prepare

    prepare()
    yield


@pytest.fixture(scope="module")
def leasing_db() -> Iterator[Database]:
    """The leasing data ingested (idempotent), with no tour holds left by another module."""
    from quarry.apps.leasing.ingest import ingest
    from quarry.db import get_database
    from quarry.settings import get_settings

    d = get_database(get_settings())
    ingest(d)
    d.execute("DELETE FROM leasing_holds")
    yield d
    d.execute("DELETE FROM leasing_holds")


@pytest.fixture(scope="session")
def client(db: None) -> Iterator[object]:
    """An HTTP client over ASGI against the real app (UI not mounted: tested in e2e)."""
    from fastapi.testclient import TestClient

    from quarry.api import create_app

    with TestClient(create_app(with_ui=False)) as c:
        yield c


@pytest.fixture
def labs_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Point code that reads settings from the environment (CLI, UI) at the labs test database."""
    from quarry.settings import get_settings
    from tests.labs_support import load_test_data

    settings, _ = load_test_data()
    assert settings.database_url
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("LLM_PROVIDER", "offline")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def server_url(db: None) -> Iterator[str]:
    """The real server with the UI, in this process, shared by the browser tests."""
    from .browser import ui_server

    with ui_server() as url:
        yield url
