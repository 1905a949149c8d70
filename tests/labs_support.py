"""Helpers for tests of the labs app (and of apps reusing its read-only sandbox).

Tests run against real PostgreSQL (the server in use: embedded or DATABASE_URL), in a
sibling database `quarry_labs_test`, so the demo data of the main database is untouched.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo

from quarry.apps.labs.ingest import IngestReport, ingest
from quarry.db import get_database
from quarry.settings import Settings

TEST_DB = "quarry_labs_test"


def sibling_settings(name: str, *, settings: Settings | None = None) -> Settings:
    """Settings that point every labs call at database `name` (created when missing) on the server
    in use, so tests and the benchmark leave the demo data of the main database alone."""
    from quarry.settings import get_settings

    base = settings or get_settings()
    return base.model_copy(update={"database_url": get_database(base).sibling_url(name)})


TEST_RESULTS = 3000
TEST_SEED = 7
_loaded: dict[str, IngestReport] = {}


def load_test_data(name: str = TEST_DB) -> tuple[Settings, IngestReport]:
    """Settings for the test database (offline model only), loaded once per process."""
    settings = sibling_settings(name).model_copy(update={"llm_provider": "offline"})
    if name not in _loaded:
        _loaded[name] = ingest(TEST_RESULTS, seed=TEST_SEED, anchor=datetime.now(UTC).date(), settings=settings)
    return settings, _loaded[name]


def final_call(info: AgentInfo, sql: str, explanation: str = "test") -> ModelResponse:
    """A model response that calls the output tool with `sql`."""
    return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, {"sql": sql, "explanation": explanation})])


def turns(messages: list[ModelMessage]) -> int:
    """Model responses so far in the history (one per model turn)."""
    return sum(isinstance(m, ModelResponse) for m in messages)


def ask_rows(question: str, settings: Settings) -> list[dict[str, Any]]:
    """The rows labs answers `question` with, asked as the local operator; the answer must be ok."""
    from quarry.apps.labs.orchestrator import run
    from quarry.caller import LOCAL, acting_as

    with acting_as(LOCAL):
        resp = asyncio.run(run(question, settings=settings))
    assert resp.status == "ok" and resp.rows is not None, (resp.status, resp.sql, resp.error)
    return resp.rows
