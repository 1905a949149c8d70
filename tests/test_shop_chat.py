"""The shop turn end to end on the real database: scenario 0, lookups, features, digits-only seller
answers, the router failing closed, the offline vision message, POST /chat's exact contract and the CLI."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import statistics
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel
from typer.testing import CliRunner

from quarry.apps.shop import spelling
from quarry.apps.shop.authoring.generate import Catalogue
from quarry.apps.shop.featured import FEATURED
from quarry.apps.shop.models import (
    IMAGE_BASE64,
    MAX_IMAGE_BYTES,
    ImagePart,
    ShopAnswer,
    ShopTurn,
    TextPart,
    VisionAnswer,
    decode_image,
)
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.prompts import VISION_OFFLINE_MESSAGE
from quarry.db import Database
from quarry.errors import BadInput
from quarry.llm import output_call
from tests.shop_support import prepared_database

KEYS = Catalogue().featured_keys()
A54 = next(f for f in FEATURED if f.slug == "samsung_a54_128_black")
DESK = next(f for f in FEATURED if f.slug == "desk_artan")
PNG = base64.b64encode(
    bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360000002000100ffff03000006000557bfab0000000049454e44ae426082"
    )
).decode()


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str, chat_id: str | None = None, **kw: object) -> ShopTurn:
    parts = [TextPart(type="text", content=text)]
    return asyncio.run(run(chat_id or uuid.uuid4().hex, parts, **kw))  # type: ignore[arg-type]


def test_scenario_zero(shop_db: Database) -> None:
    assert ask("ping").message == "pong"
    turn = ask("return base random key: 6f3c9a1b")
    assert (turn.message, turn.base_random_keys, turn.member_random_keys) == (None, ["6f3c9a1b"], None)
    assert ask("return member random key: abc").member_random_keys == ["abc"]


LOOKUPS = {
    "persian": A54.persian_name,
    "english": A54.english_name,
    "arabic_letters_no_half_space": spelling.zwnj_removed(spelling.arabic_letters(A54.persian_name)),
    "question": f"کد محصول {A54.persian_name} را بده",
    "typo": A54.persian_name.replace("سامسونگ", "سامسونک"),
}


@pytest.mark.parametrize("text", list(LOOKUPS.values()), ids=list(LOOKUPS))
def test_lookup_returns_the_one_base_key(shop_db: Database, text: str) -> None:
    turn = ask(text)
    assert turn.base_random_keys == [KEYS[A54.slug]]
    assert turn.route == "single_turn"
    assert [s.tool for s in turn.trace if s.kind == "tool"] == ["search_base_products"]  # type: ignore[union-attr]


def test_feature_question_returns_the_value(shop_db: Database) -> None:
    turn = ask("عرض میز تحریر مدل آرتان کد 1204 سفید چقدر است؟")
    assert turn.message == DESK.features["عرض"]
    english = ask("What is the weight of the Artan 1204 White Desk?")
    assert english.message == DESK.features["وزن"]


def test_seller_question_is_digits_only_and_computed_over_the_offers(shop_db: Database) -> None:
    prices = [
        r["price"]
        for r in shop_db.fetch_all(
            "SELECT m.price FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c"
            " ON c.id = s.city_id WHERE m.base_random_key = :k AND c.name = 'تهران'",
            {"k": KEYS[A54.slug]},
        )
    ]
    turn = ask(f"کمترین قیمت {A54.persian_name} در تهران؟")
    assert turn.message == str(min(prices)) and turn.message.isdigit()
    assert turn.base_random_keys is None
    avg = ask(f"average price of {A54.english_name} in Tehran")
    assert avg.message == str(round(statistics.fmean(prices)))


@pytest.mark.parametrize(
    "template",
    ["what is the warranty of {en}?", "does the {en} have a warranty?", "{fa} گارانتی دارد؟"],
)
def test_a_warranty_question_counts_the_shops_that_give_one(shop_db: Database, template: str) -> None:
    shops = shop_db.scalar(
        "SELECT count(DISTINCT m.shop_id) FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id"
        " WHERE m.base_random_key = :k AND s.has_warranty",
        {"k": KEYS[A54.slug]},
    )
    turn = ask(template.format(en=A54.english_name, fa=A54.persian_name))
    assert turn.message == str(shops) and shops > 0


def test_highest_score_is_the_score_not_the_price(shop_db: Database) -> None:
    best = shop_db.scalar(
        "SELECT max(s.score) FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id WHERE m.base_random_key = :k",
        {"k": KEYS[A54.slug]},
    )
    for text in (f"بیشترین امتیاز فروشگاه برای {A54.persian_name}", f"highest score of shops for {A54.english_name}"):
        assert ask(text).message == str(round(best))


def test_cheapest_with_a_city_is_the_lowest_price_there(shop_db: Database) -> None:
    cheapest = shop_db.scalar(
        "SELECT min(m.price) FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c"
        " ON c.id = s.city_id WHERE m.base_random_key = :k AND c.name = 'تهران'",
        {"k": KEYS[A54.slug]},
    )
    assert ask(f"cheapest {A54.english_name} in Tehran").message == str(cheapest)


def test_unknown_product_is_said_not_invented(shop_db: Database) -> None:
    turn = ask("زرافه بنفش پرنده")
    assert turn.base_random_keys is None and turn.message


def _broken(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise RuntimeError("router provider down")


def test_router_fails_closed_to_single_turn(shop_db: Database) -> None:
    turn = ask(A54.english_name, models={"router": FunctionModel(_broken, model_name="broken")})
    assert turn.route == "single_turn" and turn.base_random_keys == [KEYS[A54.slug]]
    assert turn.trace[0].codes == ["router_failed"]


def test_router_labels_open_ended_wants_multi_turn(shop_db: Database) -> None:
    assert ask("I want a cheap fridge").route == "multi_turn"
    assert ask(A54.persian_name).route == "single_turn"


def test_chat_memory_is_kept_per_chat_id(shop_db: Database) -> None:
    chat = f"t-{uuid.uuid4().hex}"
    ask(A54.english_name, chat)
    ask(DESK.english_name, chat)
    row = shop_db.fetch_one(
        "SELECT state, version FROM conversations WHERE app = 'shop' AND session_id = :c", {"c": chat}
    )
    assert row is not None and row["state"]["turns"] == 2 and row["version"] == 2
    assert row["state"]["last_base_keys"] == [KEYS[DESK.slug]] and len(row["state"]["summary"]) <= 200


def test_image_offline_is_an_honest_persian_message(shop_db: Database) -> None:
    parts = [TextPart(type="text", content="این چیست؟"), ImagePart(type="image", content=PNG)]
    turn = asyncio.run(run("img", parts))
    assert turn.route == "vision" and turn.message == VISION_OFFLINE_MESSAGE
    assert turn.base_random_keys is None


@pytest.mark.parametrize(
    ("content", "reason"),
    [("not base64 at all!!", "base64"), (base64.b64encode(b"hello world").decode(), "not an image")],
)
def test_bad_images_are_refused(shop_db: Database, content: str, reason: str) -> None:
    with pytest.raises(BadInput, match=reason):
        asyncio.run(run("img", [ImagePart(type="image", content=content)]))


# --- HTTP -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client(shop_db: Database) -> Iterator[TestClient]:
    from quarry.api import create_app

    with TestClient(create_app(with_ui=False)) as c:
        yield c


def test_chat_contract_over_http(client: TestClient) -> None:
    r = client.post("/chat", json={"chat_id": "h1", "messages": [{"type": "text", "content": A54.persian_name}]})
    assert r.status_code == 200
    assert r.json() == {"message": None, "base_random_keys": [KEYS[A54.slug]], "member_random_keys": None}
    r = client.post("/chat", json={"chat_id": "h1", "messages": [{"type": "text", "content": "ping"}]})
    assert r.json() == {"message": "pong", "base_random_keys": None, "member_random_keys": None}


@pytest.mark.parametrize(
    "body",
    [
        {"messages": [{"type": "text", "content": "ping"}]},
        {"chat_id": "x", "messages": []},
        {"chat_id": "x", "messages": [{"type": "audio", "content": "ping"}]},
        {"chat_id": "x", "messages": [{"type": "text"}]},
        {"chat_id": 5, "messages": [{"type": "text", "content": "ping"}]},
        {"chat_id": "x", "messages": "ping"},
    ],
    ids=["no chat_id", "no parts", "bad type", "no content", "chat_id not a string", "messages not a list"],
)
def test_malformed_bodies_get_422_with_a_reason(client: TestClient, body: dict[str, object]) -> None:
    r = client.post("/chat", json=body)
    assert r.status_code == 422
    assert r.json()["detail"]


def test_images_over_http(client: TestClient) -> None:
    ok = client.post(
        "/chat", json={"chat_id": "i", "messages": [{"type": "image", "content": f"data:image/png;base64,{PNG}"}]}
    )
    assert ok.status_code == 200 and ok.json()["message"] == VISION_OFFLINE_MESSAGE
    big = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(MAX_IMAGE_BYTES)).decode()
    too_big = client.post("/chat", json={"chat_id": "i", "messages": [{"type": "image", "content": big}]})
    assert 400 <= too_big.status_code < 500 and "5 MB" in too_big.json()["detail"]
    text = base64.b64encode("سلام".encode()).decode()
    not_image = client.post("/chat", json={"chat_id": "i", "messages": [{"type": "image", "content": text}]})
    assert not_image.status_code == 400 and "not an image" in not_image.json()["detail"]


# --- CLI --------------------------------------------------------------------------------------
def test_cli_ask_json_is_the_chat_response_plus_trace(shop_db: Database, tmp_path: Path) -> None:
    from quarry.cli import app as cli

    result = CliRunner().invoke(cli, ["shop", "ask", f"کمترین قیمت {A54.persian_name} در تهران؟", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert set(body) == {"message", "base_random_keys", "member_random_keys", "trace"}
    assert body["message"].isdigit()
    assert [s["tool"] for s in body["trace"] if s["kind"] == "tool"] == [
        "search_base_products",
        "get_seller_statistics",
    ]
    image = tmp_path / "x.png"
    image.write_bytes(base64.b64decode(PNG))
    seen = CliRunner().invoke(cli, ["shop", "ask", "این چیست؟", "--image", str(image), "--json"])
    assert json.loads(seen.stdout)["message"] == VISION_OFFLINE_MESSAGE


def test_a_configured_vision_model_receives_the_image(shop_db: Database) -> None:
    seen: list[str] = []

    def vision(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        from pydantic_ai.messages import BinaryContent, ModelRequest, UserPromptPart

        for m in messages:
            if isinstance(m, ModelRequest):
                for p in m.parts:
                    if isinstance(p, UserPromptPart) and not isinstance(p.content, str):
                        seen.extend(c.media_type for c in p.content if isinstance(c, BinaryContent))
        return output_call(info, VisionAnswer(message="یخچال سفید"))

    parts = [TextPart(type="text", content="این چیست؟"), ImagePart(type="image", content=PNG)]
    turn = asyncio.run(run("img2", parts, models={"vision": FunctionModel(vision, model_name="vision-test")}))
    assert seen == ["image/png"] and turn.message == "یخچال سفید" and turn.route == "vision"


def test_ui_send_shows_the_answer_candidates_and_tool_calls(shop_db: Database) -> None:
    from quarry.apps.shop.ui import send

    history, candidates, tools, chat_id, text, image = asyncio.run(send(A54.english_name, None, [], None))
    assert history[-1]["role"] == "assistant" and KEYS[A54.slug] in history[-1]["content"]
    assert candidates[0][0] == KEYS[A54.slug]
    assert any(row[0] == "search_base_products" for row in tools)
    assert chat_id and text == "" and image is None


@settings(max_examples=300, deadline=None)
@given(content=st.from_regex(IMAGE_BASE64, fullmatch=True))
def test_what_the_schema_calls_an_image_decodes_as_one(content: str) -> None:
    # The OpenAPI pattern and `decode_image` agree: a schema-valid image part is never refused.
    data, mime = decode_image(content)
    assert mime in {"image/png", "image/jpeg", "image/gif", "image/webp"} and data


def test_real_image_headers_match_the_schema_pattern() -> None:
    headers = {
        "image/png": base64.b64decode(PNG),
        "image/jpeg": b"\xff\xd8\xff\xe0" + bytes(20),
        "image/gif": b"GIF89a" + bytes(20),
        "image/webp": b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(20),
    }
    for mime, data in headers.items():
        content = base64.b64encode(data).decode()
        assert re.fullmatch(IMAGE_BASE64, content), mime
        assert re.fullmatch(IMAGE_BASE64, f"data:{mime};base64,{content}"), mime
        assert decode_image(content)[1] == mime


@pytest.mark.slow
def test_schemathesis_finds_nothing_on_chat(client: TestClient) -> None:
    import schemathesis

    api = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    chat = next(r.ok() for r in api.get_all_operations() if r.ok().path == "/chat")

    @given(case=chat.as_strategy())
    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        case.call_and_validate()

    check()


def test_the_vision_agent_has_no_catalogue_tools_and_an_image_turn_no_key(shop_db: Database) -> None:
    # Seed: the vision agent names the dominant object "without invoking catalogue tools" and
    # returns no product keys, even when the user asks for the product's code.
    offered: list[list[str]] = []

    def vision(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        offered.append([t.name for t in info.function_tools])
        return output_call(info, VisionAnswer(message="گوشی سامسونگ"))

    parts = [TextPart(type="text", content="کد این محصول را پیدا کن"), ImagePart(type="image", content=PNG)]
    turn = asyncio.run(run("img3", parts, models={"vision": FunctionModel(vision, model_name="vision-test")}))
    assert offered == [[]]
    assert turn.route == "vision" and turn.message == "گوشی سامسونگ" and not turn.base_random_keys
    assert not [s for s in turn.trace if s.kind == "tool"]
    assert "random_key" not in VisionAnswer.model_json_schema()["properties"]


def test_a_repeated_identical_tool_call_is_answered_from_the_run_cache(shop_db: Database) -> None:
    def twice(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        from pydantic_ai.messages import ModelRequest, ToolCallPart, ToolReturnPart

        returns = [p for m in messages if isinstance(m, ModelRequest) for p in m.parts if isinstance(p, ToolReturnPart)]
        if len(returns) < 2:
            return ModelResponse(parts=[ToolCallPart("search_base_products", {"query": A54.english_name})])
        assert returns[0].content == returns[1].content
        return output_call(info, ShopAnswer(base_random_keys=[returns[1].content[0]["random_key"]]))

    turn = ask(A54.english_name, models={"single_turn": FunctionModel(twice, model_name="repeats")})
    assert turn.base_random_keys == [KEYS[A54.slug]]
    assert [s.tool for s in turn.trace if s.kind == "tool"] == ["search_base_products"] * 2  # type: ignore[union-attr]
    # The second call did not search again: the candidates hold one search's results.
    assert len(turn.candidates) == len({c.random_key for c in turn.candidates}) <= 5
