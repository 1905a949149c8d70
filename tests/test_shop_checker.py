"""A checker in the style of the competition's: it starts the real server (`quarry serve --no-ui`
in its own process), posts the labelled scenarios to POST /chat over HTTP and compares the
fields each scenario expects exactly."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import httpx
import pytest

from quarry.apps.shop.authoring.eval_cases import build_cases
from quarry.apps.shop.evaluate import ShopCase
from tests.shop_support import prepared_database

from .serving import served


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    prepared_database()
    env = {**os.environ, "LLM_PROVIDER": "offline"}
    with served(env, tmp_path_factory.mktemp("shop-checker") / "serve.log", "--no-ui", start_timeout_s=90) as url:
        yield url


def _expected(case: ShopCase) -> dict[str, object]:
    """The fields the checker compares for this scenario."""
    if case.scenario == "scenario0":
        return {"message": case.message, "base_random_keys": [case.base_key] if case.base_key else None,
                "member_random_keys": [case.member_key] if case.member_key else None}  # fmt: skip
    if case.scenario in ("specific_product", "comparison"):
        return {"base_random_keys": [case.base_key]}
    return {"message": case.message}


@pytest.mark.slow
def test_competition_style_checker_over_http(server: str) -> None:
    cases = [c for c in build_cases() if c.scenario != "image"]
    passed: dict[str, list[bool]] = {}
    with httpx.Client(base_url=server, timeout=30) as http:
        for case in cases:
            body = {"chat_id": f"chk-{uuid.uuid4().hex}", "messages": [{"type": "text", "content": case.turns[0]}]}
            r = http.post("/chat", json=body)
            assert r.status_code == 200, r.text
            got = r.json()
            assert set(got) == {"message", "base_random_keys", "member_random_keys"}
            want = _expected(case)
            passed.setdefault(case.scenario, []).append({k: got[k] for k in want} == want)
        bad = http.post("/chat", json={"chat_id": "x", "messages": [{"type": "video", "content": "x"}]})
        assert bad.status_code == 422 and bad.json()["detail"]
    share = {k: sum(v) / len(v) for k, v in passed.items()}
    assert share["scenario0"] == 1.0 and share["seller_stats"] == 1.0 and share["feature"] == 1.0, share
    assert share["specific_product"] >= 0.9 and share["comparison"] >= 0.8, share
