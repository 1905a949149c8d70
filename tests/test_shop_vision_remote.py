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


def _output_fields(body: dict[str, Any]) -> set[str]:
    tools = [t["function"] for t in body.get("tools", [])]
    return {k for t in tools if t["name"] == "final_result" for k in t["parameters"].get("properties", {})}


def test_the_router_and_the_dialogue_extractor_use_their_own_seed_models() -> None:
    # Seed: OPENAI_MODEL for every agent, OPENAI_ROUTER_MODEL for the turn router and
    # OPENAI_MULTITURN_NLU_MODEL for the dialogue's extractor; each defaults to the one model.
    prepared_database()

    def handler(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        args: dict[str, Any] = {"mode": "multi_turn"} if "mode" in _output_fields(body) else {}
        return 200, tool_call_completion(body["model"], "final_result", args)

    def models_asked(settings: Settings, chat: str) -> dict[str, str]:
        with local_openai(handler) as (url, seen):
            s = settings.model_copy(update={"openai_base_url": url, "openai_api_key": "test-key"})
            asyncio.run(run(chat, [TextPart(type="text", content="یه یخچال خوب میخوام")], settings=s))
        return {("router" if "mode" in _output_fields(r["body"]) else "extractor"): r["body"]["model"] for r in seen}

    own = Settings(openai_model_name="main-m", openai_router_model="router-m", openai_multiturn_nlu_model="nlu-m")
    assert models_asked(own, "seed-models") == {"router": "router-m", "extractor": "nlu-m"}
    one = Settings(openai_model_name="main-m")
    assert models_asked(one, "one-model") == {"router": "main-m", "extractor": "main-m"}
