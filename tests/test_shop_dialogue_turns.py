"""Issue 20, narrowing dialogues of blind rounds 8-10 (2026-11-30), on the real catalogue.

- «نه اصلا سامسونگ نمیخوام، شیائومی ببین» names brands only: it changes the dialogue, it is no question of
  its own (a brand, a category or a colour names no one product).
- «لباسشویی» alone is the washing-machine category, so "8 kg and above" said with it is applied.
- "side by side" said in English is the stored value «ساید بای ساید», and its words are no name words.
- "at least 16GB of RAM" is a bound on RAM; its 16 is no 16-inch screen.
- «کدوم ارزون‌تره؟» ("which one is cheaper?") picks the cheapest offer, as «ارزون‌ترین» does.
"""

from __future__ import annotations

import re

import pytest

from quarry.apps.shop.multiturn_nlu import is_side_question
from quarry.apps.shop.picks import said_extreme
from quarry.db import Database
from quarry.nlu.numbers import words_to_digits
from quarry.search.text import fold_joined
from tests.shop_support import dialogue, prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def _feature(db: Database, member_key: str, key: str) -> str:
    row = db.fetch_one(
        "SELECT b.extra_features->>:key AS v FROM shop.members m"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key WHERE m.random_key = :k",
        {"k": member_key, "key": key},
    )
    assert row is not None and row["v"] is not None
    return str(row["v"])


def _number(value: str) -> float:
    found = re.search(r"\d+(?:\.\d+)?", words_to_digits(fold_joined(value)))
    assert found is not None
    return float(found.group())


def _cheapest(db: Database, where: str, params: dict[str, object]) -> str:
    row = db.fetch_one(
        f"""SELECT m.random_key FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key
            JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
            LEFT JOIN shop.brands r ON r.id = b.brand_id JOIN shop.categories g ON g.id = b.category_id
            WHERE {where} ORDER BY m.price, m.random_key LIMIT 1""",
        params,
    )
    assert row is not None
    return str(row["random_key"])


def test_brands_alone_change_the_dialogue_and_are_no_side_question() -> None:
    assert not is_side_question("نه اصلا سامسونگ نمیخوام، شیائومی ببین. ارزونترین چیه؟")
    assert not is_side_question("I live in Mashhad. which one is the cheapest?")  # "live" alone: no JBL Live
    assert is_side_question("قیمت گوشی سامسونگ A54 چنده؟")


def test_a_brand_taken_back_and_another_named_is_applied(shop_db: Database) -> None:
    turn = dialogue(
        "گوشی سامسونگ میخوام",
        "تا ۲۰ میلیون",
        "نه اصلا سامسونگ نمیخوام، شیائومی ببین. ارزونترین چیه؟",
    )
    assert turn.route == "multi_turn" and len(turn.member_random_keys) == 1
    expected = _cheapest(shop_db, "g.title = 'گوشی موبایل' AND r.title = 'شیائومی' AND m.price <= 20000000", {})
    assert turn.member_random_keys == [expected]


def test_washing_machine_said_short_applies_its_capacity_bound(shop_db: Database) -> None:
    turn = dialogue(
        "لباسشویی میخوام، ظرفیتش ۸ کیلو به بالا",
        "بوش باشه",
        "تو شیراز ارزونترین چی داری؟",
    )
    assert len(turn.member_random_keys) == 1
    assert _number(_feature(shop_db, turn.member_random_keys[0], "ظرفیت")) >= 8


def test_an_english_value_in_a_finglish_dialogue_is_the_stored_value(shop_db: Database) -> None:
    turn = dialogue(
        "yakhchal mikham",
        "side by side bashe",
        "tehran ba garanti, arzoon tarinesh?",
    )
    assert len(turn.member_random_keys) == 1
    expected = _cheapest(
        shop_db,
        "b.category_id = (SELECT id FROM shop.categories WHERE title = 'یخچال و فریزر')"
        " AND b.extra_features->>'نوع' = 'ساید بای ساید' AND c.name = 'تهران' AND s.has_warranty",
        {},
    )
    assert turn.member_random_keys == [expected]


def test_a_ram_bound_names_no_screen_size(shop_db: Database) -> None:
    turn = dialogue(
        "I need a laptop for work",
        "Lenovo, with at least 16GB of RAM",
        "under 60m toman",
        "I live in Mashhad. which one is the cheapest?",
    )
    assert len(turn.member_random_keys) == 1
    expected = _cheapest(
        shop_db,
        "g.title = 'لپ تاپ' AND r.title = 'لنوو' AND m.price <= 60000000 AND c.name = 'مشهد'"
        " AND substring(translate(b.extra_features->>'رم', '۰۱۲۳۴۵۶۷۸۹', '0123456789') from '[0-9]+')::int >= 16",
        {},
    )
    assert turn.member_random_keys == [expected]


@pytest.mark.parametrize(("said", "extreme"), [("کدوم ارزونتره؟", "cheap"), ("which one is cheaper?", "cheap"),
                                              ("کدومش گرونتره", "expensive"), ("ارزونتره", None)])  # fmt: skip
def test_which_with_a_comparative_picks_the_extreme(said: str, extreme: str | None) -> None:
    assert said_extreme(said) == extreme


def test_how_many_offers_is_the_count_under_every_constraint(shop_db: Database) -> None:
    turn = dialogue(
        "ساعت هوشمند اپل میخوام",
        "تهران",
        "با گارانتی و زیر ۲۰ میلیون",
        "چند تا پیشنهاد داری؟",
    )
    row = shop_db.fetch_one(
        """SELECT count(*) AS n FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key
           JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
           JOIN shop.brands r ON r.id = b.brand_id JOIN shop.categories g ON g.id = b.category_id
           WHERE g.title = 'ساعت هوشمند' AND r.title = 'اپل' AND c.name = 'تهران' AND s.has_warranty
             AND m.price <= 20000000"""
    )
    assert row is not None and turn.message == str(row["n"]) and not turn.member_random_keys


def test_the_lowest_price_asked_in_a_dialogue_is_the_price_of_the_cheapest_offer(shop_db: Database) -> None:
    turn = dialogue(
        "I want a gas stove",
        "Snowa",
        "what's the lowest price you have, any city?",
    )
    assert turn.member_random_keys and len(turn.member_random_keys) == 1
    row = shop_db.fetch_one("SELECT price FROM shop.members WHERE random_key = :k", {"k": turn.member_random_keys[0]})
    expected = shop_db.fetch_one(
        """SELECT min(m.price) AS p FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key
           JOIN shop.brands r ON r.id = b.brand_id JOIN shop.categories g ON g.id = b.category_id
           WHERE g.title = 'اجاق گاز' AND r.title = 'اسنوا'"""
    )
    assert row is not None and expected is not None
    assert turn.message == str(row["price"]) == str(expected["p"])


@pytest.mark.parametrize(("said", "score", "price_above"), [
    ("needs warranty and a seller rated at least 4. cheapest?", 4.0, None),
    ("عرضش حداقل ۱۲۰ سانت باشه", None, None),
    ("حداقل ۱۲۰ سانتی متر", None, None),
])  # fmt: skip
def test_a_score_before_a_full_stop_and_a_size_in_centimetres_are_no_price(
    said: str, score: float | None, price_above: int | None
) -> None:
    from quarry.apps.shop.scope import read_scope

    scope = read_scope(fold_joined(said))[0]
    assert (scope.min_score, scope.price_above) == (score, price_above)


def test_a_bound_after_a_unit_of_two_words_and_a_colour_key_narrow_the_dialogue(shop_db: Database) -> None:
    turn = dialogue(
        "looking for a Bosch dishwasher, 14 place settings or more",
        "in Karaj please",
        "needs warranty and a seller rated at least 4. cheapest?",
    )
    assert turn.member_random_keys and len(turn.member_random_keys) == 1
    assert _number(_feature(shop_db, turn.member_random_keys[0], "ظرفیت")) >= 14
    turn = dialogue(
        "میز تحریر میخوام عرضش حداقل ۱۲۰ سانت باشه",
        "رنگ سفید",
        "تا ۱۰ میلیون، اصفهان. گارانتی داشته باشه، ارزون ترینش؟",
    )
    assert turn.member_random_keys and len(turn.member_random_keys) == 1
    key = turn.member_random_keys[0]
    assert _feature(shop_db, key, "رنگ") == "سفید" and _number(_feature(shop_db, key, "عرض")) >= 120


def test_a_feature_that_no_longer_matters_stops_filtering(shop_db: Database) -> None:
    from quarry.apps.shop.nlu import feature_lifted
    from quarry.apps.shop.vocab import catalogue_words

    words = catalogue_words(shop_db)
    assert feature_lifted("مکانیزمش زیاد مهم نیست حالا، فقط ارزونترینو بگو", words) == "مکانیزم"
    assert feature_lifted("the colour does not matter", words) == "رنگ"
    assert feature_lifted("گارانتی مهم نیست", words) is None  # a scope, lifted by the scope reader
    turn = dialogue(
        "صندلی اداری ارگونومیک میخوام",
        "مشهد",
        "مکانیزمش زیاد مهم نیست حالا، فقط ارزونترینو بگو",
    )
    assert turn.member_random_keys and len(turn.member_random_keys) == 1
    expected = _cheapest(shop_db, "g.title = 'صندلی اداری' AND c.name = 'مشهد'", {})
    assert turn.member_random_keys == [expected]


def test_up_to_a_load_asks_the_maximum_load_to_reach_it(shop_db: Database) -> None:
    from quarry.apps.shop.narrow_bounds import feature_bounds

    chair = shop_db.scalar("SELECT id FROM shop.categories WHERE title = 'صندلی اداری'")
    bounds = feature_bounds(shop_db, "تا ۱۵۰ کیلو وزن رو تحمل کنه", int(str(chair)))
    assert bounds.ranges.get("حداکثر وزن قابل تحمل") == (150.0, None)


@pytest.mark.parametrize(("said", "side"), [
    ("ظرفیتش حداقل ۸ کیلو باشه، تهران با گارانتی، ارزونترین", False),
    ("راستی کمترین قیمت اپل واچ SE 2023 بند فلزی مشکی چنده؟", True),
    ("راستی آیفون ۱۵ پرو ۶۴ طلایی وزنش چنده؟", True),
])  # fmt: skip
def test_a_model_is_named_by_a_series_and_its_number_not_by_a_feature_and_its_value(said: str, side: bool) -> None:
    assert is_side_question(said) is side
