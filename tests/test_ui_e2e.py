"""End to end: the real server (API + Gradio page) driven in headless Debian Chromium.

Needs /usr/bin/chromium (`make setup` installs it); Playwright never downloads a browser here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .browser import opened_page

PROMPT = "Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months"
TURN_TIMEOUT_MS = 180_000


@pytest.mark.e2e
def test_comps_search_in_browser(server_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with opened_page(server_url, tmp_path, "comps_e2e") as page:
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
    assert (tmp_path / "comps_e2e.png").stat().st_size > 0


@pytest.mark.e2e
def test_labs_question_draws_its_chart_in_browser(server_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from quarry.auth.keys import create_key
    from quarry.db import get_database

    key = create_key(get_database(), "clinician", name="browser test")[1]
    with opened_page(server_url, tmp_path, "labs_e2e") as page:
        page.locator("#quarry-key input").fill(key)  # labs answers only a caller with a key
        page.get_by_role("tab", name="Labs").click()
        box = page.locator("#labs-question textarea")
        expect(box).to_be_visible(timeout=60_000)
        expect(page.locator("#labs-chart")).to_be_hidden()  # nothing to draw before a question
        box.fill("average HbA1c by month for women over 60 in 2024")
        page.locator("#labs-send").click()

        expect(page.locator("#labs-results")).to_contain_text("avg_value", timeout=TURN_TIMEOUT_MS)
        chart_img = page.locator("#labs-chart img")
        expect(chart_img).to_be_visible(timeout=30_000)
        assert chart_img.evaluate("img => img.naturalWidth") > 0, "the chart image did not load"
    assert (tmp_path / "labs_e2e.png").stat().st_size > 0
