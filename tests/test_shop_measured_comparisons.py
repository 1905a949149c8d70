"""Issue 20, comparisons of a measured feature and other comparison frames (blind rounds 3-11), on the
real catalogue (2026-11-30).

- "Which is lighter, A or B?", «باتری کدوم بیشتره، A یا B؟», "which has the bigger screen", "more
  powerful": the products' stored values are compared (the lower weight, the larger battery...).
- «A با B، کدوم ارزون‌تره؟»: «با» before a product's brand or category is the "or".
- "rated 4.8 or higher", «۸ نفره یا بزرگتر»: the "or" of a bound joins no products.
- "cheapest of these three: A, B, or C?": the question, a colon, then the list.
- A feature named by more of its words wins («تا چند کیلو وزن رو تحمل میکنه» is the maximum load, not
  the chair's weight); a spoken form the catalogue never writes is read in its written form («مردونه»).
"""

from __future__ import annotations

import asyncio
import re
import uuid
from typing import Any

import pytest

from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.nlu import parse_question
from quarry.apps.shop.orchestrator import run
from quarry.db import Database
from quarry.nlu.numbers import words_to_digits
from quarry.search.text import fold_joined
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str) -> ShopTurn:
    return asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=text)]))


def _value(raw: str) -> float:
    found = re.search(r"\d+(?:\.\d+)?", words_to_digits(fold_joined(raw)))
    assert found is not None, raw
    return float(found.group())


def _two_with(db: Database, key: str, like: str) -> list[dict[str, Any]]:
    """Two products of one kind, each the only one of its name, whose values of `key` differ."""
    rows = db.fetch_all(
        """WITH named AS (SELECT english_name FROM shop.base_products WHERE english_name ILIKE :like
                          GROUP BY english_name HAVING count(*) = 1),
                listed AS (SELECT listing_name FROM shop.base_products GROUP BY listing_name HAVING count(*) = 1)
           SELECT b.random_key, b.english_name, b.extra_features ->> :key AS v FROM shop.base_products b
           JOIN named USING (english_name) JOIN listed ON listed.listing_name = b.listing_name
           WHERE b.extra_features ? :key ORDER BY b.random_key LIMIT 40""",
        {"like": like, "key": key},
    )
    first = dict(rows[0])
    second = next(dict(r) for r in rows[1:] if _value(str(r["v"])) != _value(str(first["v"])))
    return [first, second]


@pytest.mark.parametrize(
    ("key", "like", "question", "lower_wins"),
    [
        ("وزن", "%Mobile Phone%", "kodoom sabok tare: {a} ya {b}?", True),
        ("وزن", "%Laptop%", "which is lighter, the {a} or the {b}?", True),
        ("ظرفیت باتری", "%Mobile Phone%", "باتری کدوم بیشتره، {a} یا {b}؟", False),
        ("اندازه صفحه نمایش", "%Tablet%", "Which has the bigger screen: {a} or {b}?", False),
        ("توان", "%Vacuum%", "between the {a} and the {b}, which one is more powerful?", False),
    ],
    ids=["lighter, Finglish", "lighter", "the larger battery", "the bigger screen", "more powerful"],
)
def test_a_measured_feature_is_compared_on_the_stored_values(
    shop_db: Database, key: str, like: str, question: str, lower_wins: bool
) -> None:
    a, b = _two_with(shop_db, key, like)
    text = question.format(a=a["english_name"], b=b["english_name"])
    q = parse_question(text)
    assert (q.intent, q.feature, q.metric, q.cheaper) == ("compare", key, None, lower_wins)
    winner = (min if lower_wins else max)((a, b), key=lambda p: _value(str(p["v"])))
    assert ask(text).base_random_keys == [winner["random_key"]]


def test_with_before_a_brand_is_the_or_of_a_comparison() -> None:
    q = parse_question("کولر سامسونگ AR88 با TCL TAC-42 کدومش گرونتره")
    assert q.intent == "compare" and len(q.products) == 2 and not q.cheaper
    assert parse_question("گوشی سامسونگ A54 با رم ۸ چنده؟").intent != "compare"


@pytest.mark.parametrize("text", ["cheapest price for the Energizer UE961 5000mAh from a seller rated 4.8 or higher",
                                  "seller rating 4 or more please. what's the cheapest?"])  # fmt: skip
def test_the_or_of_a_bound_joins_no_products(text: str) -> None:
    assert parse_question(text).intent != "compare"


def test_a_list_after_a_colon_compares_every_item() -> None:
    q = parse_question("cheapest of these three: Lenovo Tab P11 512GB 8GB white, iPad 10 256GB 12GB blue, "
                       "or Galaxy Tab S9 128GB 8GB blue?")  # fmt: skip
    assert q.intent == "compare" and len(q.products) == 3 and q.cheaper
    assert q.products[0].startswith("lenovo")


def test_the_feature_named_by_more_of_its_words_wins(shop_db: Database) -> None:
    row = shop_db.fetch_one(
        """SELECT b.english_name, b.extra_features ->> 'حداکثر وزن قابل تحمل' AS most FROM shop.base_products b
           WHERE b.extra_features ? 'حداکثر وزن قابل تحمل' AND b.extra_features ? 'وزن'
             AND (SELECT count(*) FROM shop.base_products o WHERE o.english_name = b.english_name) = 1
           ORDER BY b.random_key LIMIT 1"""
    )
    assert row is not None
    q = parse_question(f"صندلی {row['english_name']} تا چند کیلو وزن رو تحمل میکنه؟")
    assert q.feature == "حداکثر وزن قابل تحمل"
    assert parse_question(f"max weight the {row['english_name']} can hold?").feature == "حداکثر وزن قابل تحمل"
    assert parse_question(f"وزن صندلی {row['english_name']} چقدره؟").feature == "وزن"
    assert ask(f"صندلی {row['english_name']} تا چند کیلو وزن رو تحمل میکنه؟").message == row["most"]


def test_a_spoken_form_is_read_in_its_written_form(shop_db: Database) -> None:
    q = parse_question("کفش نایکی ایرمکس ۲۷۰ مردونه آبی")
    assert "مردانه" in q.product.split() and "مردونه" not in q.not_understood
