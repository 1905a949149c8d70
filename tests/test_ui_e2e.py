"""End to end: the real server (API + Gradio page) driven in headless Debian Chromium.

Needs /usr/bin/chromium (`make setup` installs it); Playwright never downloads a browser here.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PROMPT = "Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months"
TURN_TIMEOUT_MS = 180_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _require_chromium() -> None:
    """Never skip and never download a browser: a missing Chromium is a setup error."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (installs Debian chromium)")


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """Prepare the database, then serve `quarry.api:create_app` (factory) on a free port."""
    from quarry.setup import prepare

    _require_chromium()  # fail fast, before the slow setup

    prepare()
    port = _free_port()
    config = uvicorn.Config("quarry.api:create_app", factory=True, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="quarry-e2e-server", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if not thread.is_alive():
            pytest.fail("the quarry server exited during startup (see the log above)")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    else:
        server.should_exit = True
        pytest.fail(f"the quarry server did not answer {url}/healthz within 120 s")
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@pytest.mark.e2e
def test_comps_search_in_browser(server_url: str, tmp_path: Path) -> None:
    _require_chromium()
    from playwright.sync_api import expect, sync_playwright

    shot = tmp_path / "comps_e2e.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            page.goto(server_url + "/", wait_until="domcontentloaded")
            box = page.locator("#comps-input textarea")
            expect(box).to_be_visible(timeout=60_000)
            box.fill(PROMPT)
            page.locator("#comps-send").click()

            results = page.locator("#comps-results")
            expect(results).to_contain_text("SENGKANG", timeout=TURN_TIMEOUT_MS)
            rows = results.locator("tbody tr").filter(has_text="SENGKANG")
            assert rows.count() >= 1, "no results row mentions SENGKANG"

            chart_img = page.locator("#comps-chart img")
            expect(chart_img).to_be_visible(timeout=30_000)
            natural_width = chart_img.evaluate("img => img.naturalWidth")
            assert natural_width > 0, "the histogram image did not load"

            trace = page.locator("#comps-trace")
            expect(trace).to_contain_text("planner", timeout=30_000)
            text = trace.inner_text().lower()
            assert "structured" in text or "hybrid" in text, text

            chat = page.locator("#comps-chat")
            expect(chat).to_contain_text("comps", timeout=30_000)
            expect(page.locator("#comps-summary")).to_contain_text("median")
            page.screenshot(path=str(shot), full_page=True)
        except Exception:
            if "page" in locals():
                page.screenshot(path=str(tmp_path / "comps_e2e_failure.png"), full_page=True)
            raise
        finally:
            browser.close()
    assert shot.stat().st_size > 0
