"""The image path through a configured remote model, over the real OpenAI client.

The provider is a local OpenAI-compatible server this test starts: it checks that the image
arrives as an `image_url` part (a base64 data URL) and answers through the output tool, as a
multimodal model would.
"""

from __future__ import annotations

import asyncio
from typing import Any

from quarry.apps.shop.models import ImagePart, TextPart
from quarry.apps.shop.orchestrator import run
from quarry.settings import Settings
from tests.shop_support import prepared_database

from .local_openai import local_openai, tool_call_completion
from .test_shop_chat import PNG


def _image_urls(body: dict[str, Any]) -> list[str]:
    urls: list[str] = []
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            urls += [c["image_url"]["url"] for c in content if c.get("type") == "image_url"]
    return urls


def test_an_image_reaches_the_configured_model_and_its_words_come_back() -> None:
    prepared_database()

    def handler(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return 200, tool_call_completion(body["model"], "final_result", {"message": "یخچال سفید"})

    with local_openai(handler) as (url, seen):
        s = Settings(openai_base_url=url, openai_api_key="test-key", openai_model_name="vision-test")
        parts = [TextPart(type="text", content="این چیست؟"), ImagePart(type="image", content=PNG)]
        turn = asyncio.run(run("vision-remote", parts, settings=s))
    urls = [u for r in seen for u in _image_urls(r["body"])]
    assert urls == [f"data:image/png;base64,{PNG}"]
    assert seen[0]["path"].endswith("/chat/completions") and seen[0]["body"]["model"] == "vision-test"
    assert turn.route == "vision" and turn.message == "یخچال سفید"
    assert next(t for t in turn.trace if t.step == "vision").model == "vision-test"
