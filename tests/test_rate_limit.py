"""Rate limits shared through Postgres: across processes, through the UI, and not fooled by X-Forwarded-For."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from quarry.api import create_app
from quarry.apps.labs.ratelimit import LIMITER
from quarry.auth.keys import create_key
from quarry.clientip import client_address
from quarry.db import get_database
from quarry.ratelimit import RateLimiter
from quarry.settings import Settings
from tests.labs_support import load_test_data
from tests.serving import served

LIMIT = 3


@pytest.fixture
def labs_settings() -> Iterator[Settings]:
    settings, _ = load_test_data()
    limited = settings.model_copy(update={"labs_rate_limit_per_minute": LIMIT})
    LIMITER.reset(get_database(limited))
    yield limited
    LIMITER.reset(get_database(limited))


def _key(settings: Settings) -> dict[str, str]:
    return {"Authorization": f"Bearer {create_key(get_database(settings), 'clinician', name='rate tests')[1]}"}


def _client(settings: Settings, **overrides: object) -> TestClient:  # peer: 'testclient'
    app = create_app(with_ui=False)
    app.state.settings = settings.model_copy(update=overrides)
    return TestClient(app, headers=_key(settings))


def _post(client: TestClient, forwarded: str | None = None, key: dict[str, str] | None = None) -> int:
    headers = {**({"x-forwarded-for": forwarded} if forwarded else {}), **(key or {})}
    body = {"question": "ТТГ", "execute": False}
    return client.post("/api/sql/generate", json=body, headers=headers).status_code


def test_spoofed_forwarded_for_is_ignored_without_trusted_proxies(labs_settings: Settings) -> None:
    with _client(labs_settings) as client:
        codes = [_post(client, forwarded=f"203.0.113.{i}") for i in range(LIMIT + 1)]
    assert codes == [200] * LIMIT + [429]


def test_forwarded_for_counts_per_client_behind_a_trusted_proxy(labs_settings: Settings) -> None:
    app = create_app(with_ui=False)
    app.state.settings = labs_settings.model_copy(update={"trusted_proxies": "127.0.0.1"})
    with TestClient(app, client=("127.0.0.1", 50000), headers=_key(labs_settings)) as proxy:
        # Distinct clients with distinct keys (a key is counted too, wherever it comes from).
        keys = [_key(labs_settings) for _ in range(LIMIT + 1)]
        distinct = [_post(proxy, forwarded=f"6.6.6.6, 198.51.100.{i}", key=keys[i]) for i in range(LIMIT + 1)]
        same = [_post(proxy, forwarded="9.9.9.9, 198.51.100.200") for _ in range(LIMIT + 1)]
    assert distinct == [200] * (LIMIT + 1)  # the spoofable left-most hop is not what counts
    assert same == [200] * LIMIT + [429]
    assert client_address("198.51.100.7", "6.6.6.6", "127.0.0.1") == "198.51.100.7"


def test_limit_is_shared_by_every_process(labs_settings: Settings) -> None:
    """Another process (a second worker) spends the budget; this one then gets 429."""
    db = get_database(labs_settings)
    script = (
        "from quarry.ratelimit import RateLimiter; from quarry.db import get_database;"
        f"from quarry.db.database import Database; db = Database({db.url!r}, timeout_ms=5000);"
        f"print([RateLimiter('labs').hit(db, 'testclient', {LIMIT}) for _ in range({LIMIT})])"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == str([None] * LIMIT), out.stderr
    with _client(labs_settings) as client:
        assert _post(client) == 429


def test_ui_questions_are_limited_too(labs_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import gradio as gr

    from quarry.apps.labs import ui
    from quarry.settings import get_settings
    from quarry.uikit import ui_client

    assert labs_settings.database_url
    monkeypatch.setenv("DATABASE_URL", labs_settings.database_url)
    monkeypatch.setenv("LABS_RATE_LIMIT_PER_MINUTE", str(LIMIT))
    monkeypatch.setenv("LLM_PROVIDER", "offline")
    get_settings.cache_clear()
    scope = {"type": "http", "client": ("192.0.2.44", 5555), "headers": [(b"x-forwarded-for", b"6.6.6.6")]}
    request = gr.Request(request=Request(scope))
    assert ui_client(request) == "192.0.2.44"
    assert ui_client(None) is None
    for _ in range(LIMIT):
        LIMITER.hit(get_database(labs_settings), "192.0.2.44", LIMIT)
    monkeypatch.setattr(gr, "Warning", lambda *_a, **_k: None)
    key = create_key(get_database(labs_settings), "clinician", name="ui rate test")[1]
    try:
        _sql, summary, *_ = asyncio.run(ui.ask("ТТГ", False, key, request))
    finally:
        get_settings.cache_clear()
    assert "Rate limit exceeded" in summary


def test_window_slides() -> None:
    # A 2 s window: with 0.5 s, a stall of the loaded CI machine between two hits could let
    # the first one slide out before the limit was reached.
    settings, _ = load_test_data()
    db = get_database(settings)
    limiter = RateLimiter("test-window", window_s=2.0)
    limiter.reset(db)
    assert [limiter.hit(db, "c", 2) for _ in range(2)] == [None, None]
    wait = limiter.hit(db, "c", 2)
    assert wait is not None and 0 < wait <= 2.0
    import time

    time.sleep(2.1)
    assert limiter.hit(db, "c", 2) is None
    limiter.reset(db)


def test_one_key_is_limited_from_any_address(labs_settings: Settings) -> None:
    app = create_app(with_ui=False)
    app.state.settings = labs_settings.model_copy(update={"trusted_proxies": "127.0.0.1"})
    with TestClient(app, client=("127.0.0.1", 50000), headers=_key(labs_settings)) as proxy:
        codes = [_post(proxy, forwarded=f"198.51.100.{i}") for i in range(LIMIT + 1)]
    assert codes == [200] * LIMIT + [429]


def test_every_app_route_is_limited_and_rotating_forwarded_for_from_loopback_does_not_help(
    db: None, tmp_path: Path
) -> None:
    """A real `quarry serve` (uvicorn): its own proxy_headers would trust loopback's X-Forwarded-For."""
    env = {**os.environ, "LLM_PROVIDER": "offline", "RATE_LIMIT_PER_MINUTE": "3", "WARM_UP": "false"}
    with served(env, tmp_path / "serve.log", "--no-ui") as base:
        RateLimiter("comps").reset(get_database())
        codes = []
        for i in range(23):
            req = urllib.request.Request(
                base + "/api/comps/search",
                data=json.dumps({"query": "4 room in Tampines"}).encode(),
                headers={"content-type": "application/json", "x-forwarded-for": f"203.0.113.{i}"},
            )
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    codes.append(resp.status)
            except urllib.error.HTTPError as err:
                codes.append(err.code)
                assert err.code != 429 or int(err.headers["retry-after"]) >= 1
    assert codes == [200] * 3 + [429] * 20
