"""Headless Debian Chromium against the real server (API + Gradio page), for the e2e tests.

Needs /usr/bin/chromium (`make setup` installs it); Playwright never downloads a browser here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
import uvicorn

from .serving import free_port

if TYPE_CHECKING:
    from playwright.sync_api import Page

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


def require_chromium() -> None:
    """Never skip and never download a browser: a missing Chromium is a setup error."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (installs Debian chromium)")


@contextmanager
def ui_server() -> Iterator[str]:
    """Prepare the database, then serve `quarry.api:create_app` (UI mounted) in a thread; yields its URL."""
    from quarry.setup import prepare

    require_chromium()  # fail fast, before the slow setup
    prepare()
    port = free_port()
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


@contextmanager
def opened_page(url: str, shots: Path, name: str) -> Iterator[Page]:
    """The page at `url` in headless Chromium (1440×1000); a full-page screenshot `name`.png when
    the block ends, `name`_failure.png instead when it raises."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            page.goto(url + "/", wait_until="domcontentloaded")
            try:
                yield page
            except Exception:
                page.screenshot(path=str(shots / f"{name}_failure.png"), full_page=True)
                raise
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
        finally:
            browser.close()
