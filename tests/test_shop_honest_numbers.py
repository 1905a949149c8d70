"""Honest numbers (issue 20, item 3): a seller figure is given only when every constraint the question
states was applied, checked against SQL on the real catalogue; otherwise no figure and
`ShopTurn.unapplied` names what was not applied. Each constraint is asked in three phrasings."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from quarry.apps.shop.authoring.generate import Catalogue
from quarry.apps.shop.featured import FEATURED
from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.orchestrator import run
from quarry.db import Database
from tests.shop_support import prepared_database

KEYS = Catalogue().featured_keys()
A54 = next(f for f in FEATURED if f.slug == "samsung_a54_128_black")
_OFFERS = """
SELECT m.price, s.score, s.has_warranty, c.name AS city
FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
WHERE m.base_random_key = :k
"""


@pytest.fixture(scope="module")
def offers() -> list[dict[str, Any]]:
    db: Database = prepared_database()
    return db.fetch_all(_OFFERS, {"k": KEYS[A54.slug]})


def ask(text: str) -> ShopTurn:
    return asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=text)]))


def _figure(turn: ShopTurn) -> int:
    assert turn.unapplied == [] and turn.message is not None and turn.message.isdigit(), turn.message
    return int(turn.message)


FA, EN = A54.persian_name, A54.english_name


@pytest.mark.parametrize(
    "text", [f"کمترین قیمت {FA} در تهران", f"{FA} تو تهران ارزونترین قیمتش چنده؟", f"lowest price of {EN} in Tehran"]
)
def test_city_is_applied(offers: list[dict[str, Any]], text: str) -> None:
    assert _figure(ask(text)) == min(o["price"] for o in offers if o["city"] == "تهران")


@pytest.mark.parametrize(
    "text",
    [f"ارزونترین {FA} با گارانتی", f"{FA} گارانتی‌دار کمترین قیمتش چقدره", f"cheapest offer with warranty for {EN}"],
)
def test_warranty_is_applied_whatever_the_metric_phrase(offers: list[dict[str, Any]], text: str) -> None:
    with_warranty = min(o["price"] for o in offers if o["has_warranty"])
    assert with_warranty != min(o["price"] for o in offers)  # the filter changes the figure
    assert _figure(ask(text)) == with_warranty


@pytest.mark.parametrize(
    "text",
    [
        f"کمترین قیمت {FA} بین فروشنده‌هایی که امتیازشون ۴ به بالاست",
        f"lowest price of {EN} from sellers rated 4 or more",
        f"{EN} cheapest price, seller score above 4",
    ],
)
def test_seller_score_is_a_score_filter_never_a_price(offers: list[dict[str, Any]], text: str) -> None:
    scored = min(o["price"] for o in offers if o["score"] >= 4)
    assert _figure(ask(text)) == scored


@pytest.mark.parametrize("bound", ["زیر {m} میلیون", "under {m} million toman", "below {m}m"])
def test_a_price_bound_limits_the_offers_counted(offers: list[dict[str, Any]], bound: str) -> None:
    prices = sorted(o["price"] for o in offers)
    millions = -(-prices[len(prices) // 2] // 1_000_000)  # a bound inside the range of prices
    under = sum(p < millions * 1_000_000 for p in prices)
    assert 0 < under < len(prices)
    text = f"how many offers does {EN} have {bound.format(m=millions)}?"
    assert _figure(ask(text)) == under


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        (f"کمترین قیمت {FA} با ارسال رایگان", "delivery"),
        (f"cheapest {EN} on instalments", "instalments"),
        (f"lowest price of {EN}, second hand", "condition"),
    ],
)
def test_a_constraint_no_column_holds_withholds_the_figure(text: str, missing: str) -> None:
    turn = ask(text)
    assert missing in turn.unapplied
    assert turn.message is not None and not turn.message.isdigit()


@pytest.mark.parametrize(
    "text",
    [
        "ارزونترین قیمت گوشی سامسونگ گلکسی A54 ۲۵۶ گیگ رم ۸ مشکی در تهران",
        f"average price of {EN} in Tehran",
        f"میانگین قیمت {FA} تو تهران چقدره؟",
    ],
)
def test_a_feature_word_beside_a_metric_is_part_of_the_product(offers: list[dict[str, Any]], text: str) -> None:
    turn = ask(text)
    assert turn.message is not None and turn.message.isdigit(), turn.message


def test_rial_is_ten_toman(offers: list[dict[str, Any]]) -> None:
    assert _figure(ask(f"کمترین قیمت {FA} به ریال چقدر میشه؟")) == 10 * min(o["price"] for o in offers)


def test_digits_with_hezar_are_one_number_not_a_model_number() -> None:
    """«کولر ۱۸ هزار» is 18,000 BTU: its "18" had matched the model code "S4-W18" of a 12,000 BTU unit, and
    that unit's price was returned as the cheapest. Money («۳۰ هزار تومن») is left to the price reader."""
    from quarry.apps.shop.nlu import _spelled

    assert _spelled("کولر گازی 18 هزار اینورتر") == "کولر گازی 18000 اینورتر"
    assert _spelled("قیمت زیر 30 هزار تومن") == "قیمت زیر 30 هزار تومن"
