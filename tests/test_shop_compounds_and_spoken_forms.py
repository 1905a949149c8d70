"""Issue 20, blind round 11's classes of spelling and register, on the real catalogue (2026-11-30).

- A compound typed with or without its space: «لپتاپ» is the category «لپ تاپ», «بی سیم» the stored value
  «بی‌سیم» (and its two words are no name words that find JBL's «جی بی ال»).
- A perfume's concentration is one variant of several words: «ادوپرفیوم» / "EDP" / "Eau de Parfum" is not
  the "Parfum".
- Spoken Persian: «۴ تومن» in a budget is four million Toman; «چجوریه؟» asks for a value, not yes or no.
- "oh and I'm in Tehran, cheapest one?" inside a dialogue refines it: "and" names no product.
"""

from __future__ import annotations

import uuid

import pytest

from quarry.apps.shop.multiturn_nlu import is_side_question
from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.nlu import parse_question
from quarry.apps.shop.scope import read_scope
from quarry.apps.shop.variants import differences
from quarry.apps.shop.vocab import catalogue_words
from quarry.db import Database
from quarry.search.text import fold_joined
from tests.shop_support import ask, dialogue, offer, prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def test_a_category_typed_without_its_space_is_the_category(shop_db: Database) -> None:
    words = catalogue_words(shop_db)
    apart = extract_delta("لپ تاپ لنوو میخوام", words)
    joined = extract_delta("لپتاپ لنوو برای کار میخوام", words)
    assert apart.category_id is not None and joined.category_id == apart.category_id
    assert joined.brand_id == apart.brand_id and "لپتاپ" not in joined.keywords


def test_a_value_typed_as_two_words_is_the_stored_value_and_no_name_words(shop_db: Database) -> None:
    turn = dialogue(
        "هدفون بی سیم میخوام",
        "زیر ۵ میلیون",
        "تو تهران ارزونترینش کدومه؟",
    )
    assert len(turn.member_random_keys) == 1
    row = shop_db.fetch_one(
        "SELECT b.extra_features->>'نوع اتصال' AS link, b.brand_id, m.price FROM shop.members m"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key WHERE m.random_key = :k",
        {"k": turn.member_random_keys[0]},
    )
    assert row is not None and row["link"] == "بی‌سیم" and int(row["price"]) < 5_000_000
    cheapest = shop_db.fetch_one(
        """SELECT min(m.price) AS p FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key
           JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
           JOIN shop.categories g ON g.id = b.category_id
           WHERE g.title LIKE '%هدفون%' AND b.extra_features->>'نوع اتصال' = 'بی‌سیم' AND c.name = 'تهران'
             AND m.price < 5000000"""
    )
    assert cheapest is not None and int(row["price"]) == int(cheapest["p"])


_EROS = ("Versace Eros 200ml Eau de Parfum Perfume", "ادکلن ورساچه مدل Eros حجم 200 میلی‌لیتر ادو پرفیوم")
_EROS_PARFUM = ("Versace Eros 200ml Parfum Perfume", "ادکلن ورساچه مدل Eros حجم ۲۰۰ میلیلیتر پرفیوم")


@pytest.mark.parametrize("asked", ["ادکلن ورساچه اروس ۲۰۰ میل ادوپرفیوم", "versace eros 200ml edp",
                                   "Versace Eros 200 ml eau de parfum"])  # fmt: skip
def test_eau_de_parfum_in_any_spelling_is_not_the_parfum(asked: str) -> None:
    assert differences(asked, *_EROS) == []
    assert differences(asked, *_EROS_PARFUM) != []


def test_the_parfum_is_not_the_eau_de_parfum() -> None:
    assert differences("ادکلن ورساچه اروس ۲۰۰ میلی پرفیوم", *_EROS_PARFUM) == []
    assert differences("ادکلن ورساچه اروس ۲۰۰ میلی پرفیوم", *_EROS) != []


@pytest.mark.parametrize(("said", "toman"), [("زیر ۴ تومن باشه", 4_000_000), ("تا ۳۰ هزار تومن", 30_000),
                                            ("زیر ۵۰۰ هزار تومان", 500_000), ("under 20m", 20_000_000)])  # fmt: skip
def test_a_small_amount_of_toman_without_a_scale_is_in_millions(said: str, toman: int) -> None:
    assert read_scope(fold_joined(said))[0].price_below == toman


def test_a_budget_in_spoken_toman_narrows_the_dialogue(shop_db: Database) -> None:
    turn = dialogue(
        "پلوپز پارس خزر میخوام",
        "زیر ۴ تومن باشه، گارانتی هم داشته باشه",
        "تو تهران ارزونترینش کدومه؟",
    )
    assert len(turn.member_random_keys) == 1
    row = offer(shop_db, turn.member_random_keys[0])
    assert row["has_warranty"] is True and int(str(row["price"])) < 4_000_000


def test_a_question_word_with_the_spoken_copula_asks_for_a_value() -> None:
    q = parse_question("رایحه عطر Versace Pour Homme پنجاه میل EDT چجوریه؟")
    assert q.intent == "feature" and not q.yes_no and q.feature == "رایحه"
    assert "50" in q.product


def test_a_refinement_with_a_function_word_of_some_name_is_no_side_question() -> None:
    assert not is_side_question("oh and I'm in Tehran. cheapest one?")
    assert is_side_question("قیمت گوشی سامسونگ A54 چنده؟")


def test_a_feature_the_product_lacks_is_no_other_feature_of_the_same_unit(shop_db: Database) -> None:
    row = shop_db.fetch_one(
        """WITH once AS (SELECT english_name FROM shop.base_products GROUP BY english_name HAVING count(*) = 1),
                listed AS (SELECT listing_name FROM shop.base_products GROUP BY listing_name HAVING count(*) = 1)
           SELECT b.english_name FROM shop.base_products b JOIN once USING (english_name)
           JOIN listed ON listed.listing_name = b.listing_name
           WHERE b.extra_features ? 'عرض' AND NOT b.extra_features ? 'عمق' AND b.english_name ILIKE '%refrigerator%'
           ORDER BY b.random_key LIMIT 1"""
    )
    assert row is not None
    assert ask(f"t-{uuid.uuid4().hex}", f"عمق یخچال {row['english_name']} چند سانته؟").message == (
        "این ویژگی برای این محصول ثبت نشده است."
    )


def test_the_battery_a_product_records_answers_for_the_battery(shop_db: Database) -> None:
    row = shop_db.fetch_one(
        """WITH once AS (SELECT english_name FROM shop.base_products GROUP BY english_name HAVING count(*) = 1),
                listed AS (SELECT listing_name FROM shop.base_products GROUP BY listing_name HAVING count(*) = 1)
           SELECT b.english_name, b.extra_features->>'عمر باتری' AS life FROM shop.base_products b
           JOIN once USING (english_name) JOIN listed ON listed.listing_name = b.listing_name
           WHERE b.extra_features ? 'عمر باتری' AND NOT b.extra_features ? 'ظرفیت باتری'
             AND b.extra_features->>'عمر باتری' LIKE '%ساعت%'
           ORDER BY b.random_key LIMIT 1"""
    )
    assert row is not None
    assert ask(f"t-{uuid.uuid4().hex}", f"باتری {row['english_name']} چند ساعت کار میکنه؟").message == row["life"]
