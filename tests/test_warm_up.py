"""Server start warms every app in the background: modules, caches and index pages, no writes."""

from __future__ import annotations

import dataclasses
import logging

import pytest
from fastapi.testclient import TestClient

import quarry.api
from quarry.apps import APPS
from quarry.db import get_database
from quarry.settings import get_settings
from quarry.setup import migrate_all


def _rows(table: str) -> int:
    return int(get_database(get_settings()).scalar(f"SELECT count(*) FROM {table}"))


def test_every_app_warms_without_writing() -> None:
    from quarry.apps.shop import transliterate

    migrate_all()
    transliterate._converter.cache_clear()
    audit_before = _rows("agent_runs"), _rows("conversations")
    took = quarry.api.warm_up()
    assert sorted(took) == sorted(spec.name for spec in APPS)
    assert transliterate._converter.cache_info().currsize == 1  # the Finglish dictionary is loaded
    assert (_rows("agent_runs"), _rows("conversations")) == audit_before


def test_a_failing_hook_is_logged_and_the_others_still_run(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = dataclasses.replace(APPS[0], name="broken", warm="quarry.no_such_module:warm")
    monkeypatch.setattr(quarry.api, "APPS", (broken, *APPS[1:]))
    migrate_all()
    with caplog.at_level(logging.WARNING, logger="quarry.api"):
        took = quarry.api.warm_up()
    assert "broken" not in took and sorted(took) == sorted(s.name for s in APPS[1:])
    assert "warm-up of broken skipped: ModuleNotFoundError" in caplog.text


def test_the_server_starts_it_when_enabled(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(quarry.api, "warm_up", lambda: calls.append(1) or {})
    monkeypatch.setenv("WARM_UP", "true")
    get_settings.cache_clear()
    try:
        with TestClient(quarry.api.create_app(with_ui=False)) as client:
            assert client.get("/healthz").status_code == 200
    finally:
        get_settings.cache_clear()  # the environment is restored after the test; settings are read again
    assert calls == [1]
