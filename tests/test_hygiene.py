"""The test configuration itself: `.env` is ignored and real model requests are refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic_ai import models
from pydantic_ai.direct import model_request
from pydantic_ai.messages import ModelRequest, ModelResponse, TextPart

from quarry.llm import build_model, remote_models, start_fallback_log
from quarry.settings import ENV_FILE_VAR, Settings

from .local_openai import local_openai

DOTENV = "OPENROUTER_API_KEY=sk-x\nDATABASE_URL=postgresql://nowhere/x\n"


@pytest.fixture
def dotenv_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory whose `.env` would send tests to a real provider and another database."""
    (tmp_path / ".env").write_text(DOTENV, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for key in ("OPENROUTER_API_KEY", "DATABASE_URL"):
        monkeypatch.delenv(key, raising=False)
    return tmp_path


def test_tests_ignore_dotenv(dotenv_cwd: Path) -> None:
    s = Settings()
    assert s.openrouter_api_key is None and s.database_url is None
    assert remote_models(s) == []


def test_dotenv_is_read_without_the_switch(dotenv_cwd: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same folder outside the test configuration: `.env` wins (so the test above means something).
    monkeypatch.delenv(ENV_FILE_VAR)
    s = Settings()
    assert s.openrouter_api_key == "sk-x" and s.database_url == "postgresql://nowhere/x"


def test_switch_names_another_file(dotenv_cwd: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = dotenv_cwd / "staging.env"
    other.write_text("OPENROUTER_MODEL_NAME=from-staging\n", encoding="utf-8")
    monkeypatch.setenv(ENV_FILE_VAR, str(other))
    s = Settings()
    assert s.openrouter_model_name == "from-staging" and s.openrouter_api_key is None


def test_real_provider_request_is_refused() -> None:
    assert models.ALLOW_MODEL_REQUESTS is False
    (remote,) = remote_models(Settings(openrouter_api_key="sk-x", openrouter_fallback_models=""))
    with pytest.raises(RuntimeError, match="Model requests are not allowed"):
        asyncio.run(model_request(remote, [ModelRequest.user_text_prompt("hello")]))


def test_agents_fall_back_offline_when_a_key_slips_through() -> None:
    # What an agent sees with a leaked key: the refusal, recorded, then the offline answer.
    offline = lambda messages, info: ModelResponse([TextPart("offline")])  # noqa: E731
    model = build_model(Settings(openrouter_api_key="sk-x"), offline, name="t")

    async def ask() -> tuple[ModelResponse, list[str]]:
        log = start_fallback_log()  # context-local: started inside the run it watches
        return await model_request(model, [ModelRequest.user_text_prompt("hello")]), log.errors

    response, errors = asyncio.run(ask())
    assert response.text == "offline" and response.model_name == "offline:t"
    assert errors and all("Model requests are not allowed" in e for e in errors)


def test_local_server_allows_requests_only_while_it_runs() -> None:
    with local_openai(lambda path, body: (500, {"error": {"message": "down"}})) as _:
        assert models.ALLOW_MODEL_REQUESTS is True
    assert models.ALLOW_MODEL_REQUESTS is False
