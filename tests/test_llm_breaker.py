"""A provider outage costs one failed request, not one per step: the shared circuit breaker.

Each test talks to a provider of its own on loopback (a closed port, a server that accepts and
never answers, or one that answers), so each has its own breaker in the shared state file. Every
assertion reads structure: the breaker as stored, the requests the provider received, and the
`codes` of the comps trace.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quarry.apps.comps.models import CompsResponse
from quarry.apps.comps.orchestrator import run
from quarry.llm import Breaker, Circuit, provider_key
from quarry.settings import Settings, get_settings

from .local_openai import hanging_openai, local_openai, refusing_openai, tool_call_completion

DEMO = "Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months"


def _settings(url: str, **more: Any) -> Settings:
    return Settings(
        llm_provider="openai", openai_base_url=url, openai_api_key="test-key", openai_model_name="remote-test", **more
    )


def _turn(s: Settings) -> CompsResponse:
    return asyncio.run(run(DEMO, settings=s))


def _circuit(s: Settings) -> Circuit:
    assert s.openai_base_url
    return Breaker.for_settings(s).read(provider_key(s.openai_base_url))


def _read_in_another_process(s: Settings) -> dict[str, Any]:
    """The breaker as a separate Python process (another worker) reads it from the state file."""
    assert s.openai_base_url
    code = (
        "import sys; from quarry.llm import Breaker, provider_key; from quarry.settings import Settings; "
        "print(Breaker.for_settings(Settings()).read(provider_key(sys.argv[1])).model_dump_json())"
    )
    env = {**os.environ, "STATE_DIR": str(s.state_dir)}
    out = subprocess.run(
        [sys.executable, "-c", code, s.openai_base_url], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout))


def _wait_out_cooldown(circuit: Circuit) -> None:
    assert circuit.until is not None
    time.sleep(max(0.0, circuit.until - time.time()) + 0.05)


def test_a_refusing_provider_is_skipped_after_the_first_turn(db: None) -> None:
    with refusing_openai() as url:
        s = _settings(url)
        first = _turn(s)
        opened = _circuit(s)
        later = [_turn(s) for _ in range(3)]
        after = _circuit(s)
    assert first.trace[0].model == "offline:comps-target" and first.trace[0].codes == ["model_fallback"]
    assert opened.state == "open" and opened.cause == "unreachable" and opened.failures == 1
    for turn in later:
        assert turn.action == first.action and turn.trace[0].model == "offline:comps-target"
        assert turn.trace[0].codes == ["model_fallback", "provider_down"]  # skipped: no call was made
    assert after.failures == opened.failures  # no later request failed, because none was sent
    assert _read_in_another_process(s)["state"] == "open"


def test_a_hanging_provider_costs_one_timeout_then_gets_no_calls(db: None) -> None:
    with hanging_openai() as (url, connections):
        s = _settings(url, llm_timeout_s=1.0)
        first = _turn(s)
        calls_in_first_turn = len(connections)
        opened = _circuit(s)
        later = [_turn(s) for _ in range(3)]
        calls_after = len(connections)
    assert calls_in_first_turn >= 1 and first.trace[0].model == "offline:comps-target"
    assert opened.state == "open" and opened.cause == "timeout"
    assert calls_after == calls_in_first_turn
    assert all(t.trace[0].codes == ["model_fallback", "provider_down"] for t in later)


def test_server_errors_open_the_breaker_only_after_failures_in_a_row(db: None) -> None:
    with local_openai(lambda path, body: (500, {"error": {"message": "upstream down"}})) as (url, seen):
        # A comps turn of DEMO asks two agents (target, planner): three failures span two turns.
        s = _settings(url, llm_breaker_failures=3)
        _turn(s)
        after_one, calls_one = _circuit(s), len(seen)
        _turn(s)
        after_two, calls_two = _circuit(s), len(seen)
        third = _turn(s)
        calls_three = len(seen)
    assert after_one.state == "closed" and after_one.failures == 2
    assert after_two.state == "open" and after_two.cause == "server_error"
    assert calls_two > calls_one and calls_three == calls_two
    assert third.trace[0].codes == ["model_fallback", "provider_down"]


def test_after_the_cooldown_one_probe_goes_out_and_an_answer_closes_the_breaker(db: None) -> None:
    target = {"town": "SENGKANG", "flat_type": "4 ROOM", "months_back": 12}

    def handler(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        tool = body["tools"][0]["function"]["name"]
        if body["tools"][0]["function"]["parameters"]["properties"].get("action"):
            return 200, tool_call_completion("remote-test", tool, {"action": "accept", "reason": "fine"})
        return 200, tool_call_completion("remote-test", tool, target)

    with local_openai(handler) as (url, seen):
        s = _settings(url, llm_breaker_cooldown_s=1.0)
        breaker, key = Breaker.for_settings(s), provider_key(url)
        opened = breaker.failed(key, "unreachable")
        skipped = _turn(s)
        calls_while_open = len(seen)
        _wait_out_cooldown(opened)
        probed = _turn(s)
        closed = _circuit(s)
    assert calls_while_open == 0 and skipped.trace[0].codes == ["model_fallback", "provider_down"]
    assert seen and seen[0]["body"]["model"] == "remote-test"
    assert probed.trace[0].model == "remote-test" and probed.trace[0].codes == []
    assert closed == Circuit()


def test_a_failed_probe_opens_the_breaker_again(db: None) -> None:
    with refusing_openai() as url:
        s = _settings(url, llm_breaker_cooldown_s=1.0)
        breaker, key = Breaker.for_settings(s), provider_key(url)
        first = breaker.failed(key, "unreachable")
        _wait_out_cooldown(first)
        probed = _turn(s)
        again = _circuit(s)
    assert probed.trace[0].codes == ["model_fallback"]  # the probe was sent (and refused), not skipped
    assert again.state == "open" and again.failures == 2
    assert again.until is not None and first.until is not None and again.until > first.until


def test_only_one_process_gets_the_probe(tmp_path: Path) -> None:
    s = _settings("http://127.0.0.1:9/v1", state_dir=tmp_path, llm_breaker_cooldown_s=1.0)
    key = provider_key("http://127.0.0.1:9/v1")
    breaker = Breaker.for_settings(s)
    _wait_out_cooldown(breaker.failed(key, "timeout"))
    code = (
        "import sys; from quarry.llm import Breaker; from quarry.settings import Settings; "
        "print(Breaker.for_settings(Settings(llm_breaker_cooldown_s=1.0)).admit(sys.argv[1]))"
    )
    env = {**os.environ, "STATE_DIR": str(tmp_path)}
    other = subprocess.run([sys.executable, "-c", code, key], env=env, capture_output=True, text=True, check=True)
    assert other.stdout.strip() == "probe"
    assert breaker.read(key).state == "half_open"
    assert breaker.admit(key) == "skip"  # this process waits for the other's probe


@pytest.fixture
def provider_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The server's own settings (`get_settings`) name a provider that refuses connections."""
    with refusing_openai() as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        get_settings.cache_clear()
        try:
            yield url
        finally:
            monkeypatch.undo()  # before the cache is cleared, so nothing caches these settings
            get_settings.cache_clear()


def test_healthz_says_the_offline_model_answers_while_the_provider_is_down(client: Any, provider_env: str) -> None:
    ok = client.get("/healthz").json()
    assert ok["status"] == "ok" and ok["database"] == "ok"
    assert ok["llm"]["state"] == "closed" and ok["llm"]["answering"] == "remote"
    Breaker.for_settings(get_settings()).failed(provider_key(provider_env), "unreachable")
    down = client.get("/healthz")
    body = down.json()
    assert down.status_code == 200 and body["status"] == "ok" and body["database"] == "ok"
    assert body["llm"]["provider"] == "openai" and "url" not in body["llm"]  # public: no internal address
    assert body["llm"]["state"] == "open" and body["llm"]["answering"] == "offline"
    assert body["llm"]["cause"] == "unreachable" and body["llm"]["until"]


def test_healthz_has_no_llm_key_without_a_provider(client: Any) -> None:
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok"}


def test_archive_and_leasing_traces_say_the_provider_is_down(db: None) -> None:
    from quarry.apps.archive.orchestrator import run as archive_run
    from quarry.apps.leasing.orchestrator import run as leasing_run

    with refusing_openai() as url:
        s = _settings(url)
        _turn(s)  # opens the breaker
        archive = asyncio.run(archive_run("old photos of George Town shophouses", settings=s))
        leasing = asyncio.run(leasing_run("need 2000 sf office in Midtown under 15k a month", settings=s))
    assert "provider_down" in archive.trace[0].codes
    assert any("provider_down" in step.codes for step in leasing.trace)
