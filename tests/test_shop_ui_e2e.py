"""End to end: the shop tab of the real server (API + Gradio page) in headless Debian Chromium.

A Persian product question typed into the tab gets the product's base key in the RTL chat,
and the candidates and tool calls tables beside it fill in. Offline model (the conftest removes
provider keys), so the answer is deterministic. Needs /usr/bin/chromium (`make setup`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .browser import opened_page

QUESTION = "گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی"
TURN_TIMEOUT_MS = 180_000

# Where two words of one element are drawn, as the reader sees them (x of each word's box).
WORD_X = """(el, [first, second]) => {
  const x = (word) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent.indexOf(word);
      if (at >= 0) {
        const r = document.createRange();
        r.setStart(n, at); r.setEnd(n, at + word.length);
        return r.getBoundingClientRect().left;
      }
    }
    return null;
  };
  return [x(first), x(second)];
}"""


def _reads_right_to_left(element: object, first: str, last: str) -> bool:
    """`first` (said first) is drawn to the right of `last`: the mixed line reads in Persian order."""
    start, end = element.evaluate(WORD_X, [first, last])  # type: ignore[attr-defined]
    assert start is not None and end is not None, (first, last)
    return bool(start > end)


def _expected_key() -> str:
    """The base key the question names, read from the same catalogue the server answers from."""
    from quarry.apps.shop.authoring.generate import Catalogue
    from quarry.apps.shop.ingest import loaded_size
    from quarry.db import get_database
    from quarry.settings import get_settings

    size = loaded_size(get_database(get_settings()))
    assert size is not None, "prepare() loaded no shop catalogue"
    keys = Catalogue(seed=size.seed, base_products=size.base_products, offers=size.offers).featured_keys()
    return keys["samsung_a54_128_black"]


@pytest.mark.e2e
def test_shop_question_in_browser(server_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    key = _expected_key()
    with opened_page(server_url, tmp_path, "shop_e2e") as page:
        page.get_by_role("tab", name="Shop (فروشگاه)").click()
        tab = page.locator("#tab-shop")
        box = tab.locator("textarea").first
        expect(box).to_be_visible(timeout=60_000)
        # The chat and the input are right-to-left.
        chat = page.locator("#shop-chat")
        assert chat.evaluate("el => getComputedStyle(el).direction") == "rtl"
        assert box.evaluate("el => getComputedStyle(el).direction") == "rtl"

        # Mixed Persian/Latin example buttons read in Persian order («گوشی» rightmost, «مشکی» leftmost);
        # a Latin one stays left to right.
        persian = tab.get_by_role("button").filter(has_text=QUESTION).first
        expect(persian).to_be_visible()
        assert _reads_right_to_left(persian, "گوشی", "A54") and _reads_right_to_left(persian, "A54", "مشکی")
        latin = tab.get_by_role("button").filter(has_text="Samsung Galaxy A54 128GB Black").first
        assert not _reads_right_to_left(latin, "Samsung", "Black")

        box.fill(QUESTION)
        tab.get_by_role("button", name="ارسال").click()

        # The answer: the question echoed as the user's message, the base key in the reply.
        expect(chat).to_contain_text(key, timeout=TURN_TIMEOUT_MS)
        expect(chat).to_contain_text("A54")
        # Both sides of the exchange are rendered right-to-left (Gradio's `rtl=True`).
        for role, text in (("user", "A54"), ("bot", key)):
            bubble = chat.locator(f'[data-testid="{role}"]').filter(has_text=text).first
            expect(bubble).to_be_visible()
            assert bubble.get_attribute("dir") == "rtl", role
            assert bubble.evaluate("el => getComputedStyle(el).direction") == "rtl", role

        # Beside it: the candidates (the product first) and the tool calls of the turn.
        candidates = page.locator("#shop-candidates")
        expect(candidates).to_contain_text(key, timeout=30_000)
        expect(candidates).to_contain_text("سامسونگ")
        # The Persian name's cell reads right to left too (the catalogue writes «... A54 ...»).
        cell = candidates.locator("td").filter(has_text="سامسونگ").first
        assert _reads_right_to_left(cell, "سامسونگ", "A54")
        trace = page.locator("#shop-trace")
        expect(trace).to_contain_text("search_base_products", timeout=30_000)
    assert (tmp_path / "shop_e2e.png").stat().st_size > 0
