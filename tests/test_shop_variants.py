"""Variants and absent products (issue 20, item 4): every distinguishing token (Pro/«پرو», numbers,
colour, RAM) must match, or the product is said to be absent (`ShopTurn.status`, `differs`), never
the nearest product's key. Keys are checked against SQL on the real catalogue."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.variants import differences
from quarry.db import Database
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str) -> ShopTurn:
    return asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=text)]))


def _key(db: Database, english_name: str) -> str:
    key = db.scalar("SELECT random_key FROM shop.base_products WHERE english_name = :n", {"n": english_name})
    assert key is not None, english_name
    return str(key)


@pytest.mark.parametrize(
    ("query", "english", "persian", "differ"),
    [
        ("iphone 17 pro max 256", "Apple iPhone 15 Pro Max 256GB", "", ["17"]),
        ("redmi note 13 (not the pro) 256/8", "Xiaomi Redmi Note 13 Pro 256GB RAM 8GB", "", ["pro"]),
        ("آیفون ۱۵ معمولی (پرو نه) ۱۲۸", "Apple iPhone 15 Pro 128GB", "آیفون 15 پرو", ["pro"]),
        ("گوشی ردمی نوت ۱۳ پرو ۲۵۶", "Xiaomi Redmi Note 13 256GB", "ردمی نوت 13", ["pro"]),
        ("ryzen 7 laptop", "Asus Vivobook Ryzen 5 Laptop", "", ["7"]),
        ("redmi note 13 pro 256 رم ۸", "Xiaomi Redmi Note 13 Pro 256GB RAM 8GB", "", []),
    ],
)
def test_differences_name_each_token_that_does_not_match(
    query: str, english: str, persian: str, differ: list[str]
) -> None:
    assert differences(query, english, persian) == differ


@pytest.mark.parametrize(
    ("text", "english_name"),
    [
        ("گوشی ردمی نوت ۱۳ پرو ۲۵۶ گیگ رم ۸ بنفش", "Xiaomi Redmi Note 13 Pro 256GB RAM 8GB Purple Mobile Phone"),
        ("redmi note 13 pro 256gb 8gb ram purple", "Xiaomi Redmi Note 13 Pro 256GB RAM 8GB Purple Mobile Phone"),
        ("آیفون ۱۵ معمولی (پرو نه) ۱۲۸ گیگ رم ۸ خاکستری", "Apple iPhone 15 128GB RAM 8GB Gray Mobile Phone"),
    ],
)
def test_the_variant_asked_is_the_one_answered(shop_db: Database, text: str, english_name: str) -> None:
    turn = ask(text)
    assert turn.base_random_keys == [_key(shop_db, english_name)]


@pytest.mark.parametrize(
    "text", ["iPhone 17 Pro Max 256GB", "قیمت آیفون ۱۷ پرو مکس ۲۵۶ گیگ چنده؟", "کمترین قیمت گوشی ردمی نوت ۱۹ پرو"]
)
def test_a_product_not_in_the_catalogue_is_said_to_be_absent(shop_db: Database, text: str) -> None:
    turn = ask(text)
    assert turn.status == "not_in_catalogue"
    assert turn.base_random_keys is None and not (turn.message or "").isdigit()
