"""Classes of failure from shop blind round 13 (issue 20), each on sentences written for these tests: the
products a description fits counted ("how many models…"), a budget said as "my budget is", a Latin name of
two words glued in Persian letters («ایرمکس»), products tied at the search's limit asked back, "does it
heat or only cool?", a model code with a space for its hyphen, "one terabyte" in words, and in dialogues:
a city corrected ("I'm in Karaj, not Tehran"), a feature value said with the pick, a Finglish value read
by its likely spellings ("robati"), and a material that is also a stored colour («بدنه استیل»). Every
expected figure and key is read with SQL from the real catalogue."""

from __future__ import annotations

import pytest

from quarry.apps.shop.nlu import in_stored_units
from quarry.apps.shop.scope import read_scope
from quarry.db import Database
from quarry.search.text import fold_joined
from tests.shop_support import dialogue, key_of, offer, one, prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


_CATEGORY = "(SELECT id FROM shop.categories WHERE title = :c)"
_BRAND = "(SELECT id FROM shop.brands WHERE title = :b)"


def test_the_products_a_description_fits_are_counted(shop_db: Database) -> None:
    args = {"c": "ماشین ظرفشویی", "b": "بوش"}
    every = shop_db.scalar(f"SELECT count(*) FROM shop.base_products WHERE category_id = {_CATEGORY} "
                           f"AND brand_id = {_BRAND}", args)  # fmt: skip
    for text in ("how many models of Bosch dishwashers do you have?", "چند مدل ظرفشویی بوش تو سایتتون هست؟"):
        assert one(text).message == str(every)
    in_shiraz = shop_db.scalar(
        f"SELECT count(DISTINCT f.base_random_key) FROM shop.offer_facts f WHERE f.category_id = {_CATEGORY} "
        f"AND f.brand_id = {_BRAND} AND f.city_id = 5", args
    )  # fmt: skip
    assert in_shiraz < every
    assert one("how many Bosch dishwasher models can I buy in Shiraz?").message == str(in_shiraz)


@pytest.mark.parametrize(
    ("text", "below"),
    [("my budget is 65 million", 65_000_000), ("I can stretch to 80 million", 80_000_000),
     ("بودجم ۶۵ میلیونه", 65_000_000)],
)  # fmt: skip
def test_a_budget_said_is_a_cap(text: str, below: int) -> None:
    scope, _ = read_scope(fold_joined(text))
    assert scope.price_below == below


def test_one_terabyte_in_words_is_1024_gb() -> None:
    assert in_stored_units(fold_joined("لپ تاپ رم ۸ و یک ترابایت")).endswith("1024gb")
    assert "1024gb" in in_stored_units("a terabyte ssd")


def test_a_two_word_latin_name_glued_in_persian_letters(shop_db: Database) -> None:
    want = key_of(shop_db, "Nike Air Max 90 Men's Beige Sneakers")
    assert one("کتونی نایکی ایرمکس ۹۰ مردونه کرم").base_random_keys == [want]


def test_a_model_code_with_a_space_for_its_hyphen(shop_db: Database) -> None:
    want = key_of(shop_db, "Panasonic NN-ST645 24L Black Microwave")
    assert one("panasonic nn st645 microwave 24 litri meshki").base_random_keys == [want]


def test_products_tied_at_the_searchs_limit_are_asked_back(shop_db: Database) -> None:
    grays = shop_db.fetch_all(
        "SELECT random_key FROM shop.base_products "
        "WHERE english_name LIKE 'Apple iPhone 15 Pro Max 512GB RAM % Gray Mobile Phone'"
    )
    assert len(grays) >= 2  # the same phone in two RAM sizes
    reply = one("آیفون ۱۵ پرو مکس ۵۱۲ گیگ طوسی میخوام")
    assert not reply.base_random_keys and not reply.member_random_keys


@pytest.mark.parametrize(("model", "stored"), [("AR35 12000", "سرد و گرم"), ("AR27 9000", "سرد")])
def test_does_it_heat_or_only_cool(shop_db: Database, model: str, stored: str) -> None:
    value = shop_db.scalar("SELECT extra_features ->> 'نوع' FROM shop.base_products WHERE english_name LIKE :n",
                           {"n": f"Samsung {model} BTU%"})  # fmt: skip
    assert value == stored
    reply = one(f"کولر سامسونگ {model} گرمایش هم داره یا فقط سرمایش؟")
    said = set((reply.message or "").replace("،", " ").split())
    assert ("بله" in said) == (stored == "سرد و گرم") and ("خیر" in said) == (stored == "سرد")


def test_a_dialogue_city_corrected_with_not(shop_db: Database) -> None:
    reply = dialogue("یه لباسشویی میخوام", "تهران، زیر ۴۰ میلیون", "ببخشید اشتباه شد، شیراز هستم نه تهران",
                     "ارزونترینش کدومه؟")  # fmt: skip
    assert reply.member_random_keys
    got = offer(shop_db, reply.member_random_keys[0])
    lowest = shop_db.scalar(f"SELECT min(price) FROM shop.offer_facts WHERE city_id = 5 AND price <= 40000000 "
                            f"AND category_id = {_CATEGORY}", {"c": "ماشین لباسشویی"})  # fmt: skip
    assert (got["city_id"], got["price"]) == (5, lowest)


def test_a_dialogue_reads_a_feature_value_said_with_the_pick(shop_db: Database) -> None:
    reply = dialogue("کولر گازی میخوام", "مشهد، تا ۸۰ میلیون", "اینورتر باشه. ارزونترینش چنده؟")
    assert reply.member_random_keys
    got = offer(shop_db, reply.member_random_keys[0])
    kind = shop_db.scalar("SELECT extra_features ->> 'تکنولوژی' FROM shop.base_products WHERE random_key = :k",
                          {"k": got["base"]})  # fmt: skip
    assert kind == "اینورتر" and got["city_id"] == 2


def test_a_finglish_value_read_by_its_likely_spellings(shop_db: Database) -> None:
    reply = dialogue("jaroo barghi mikham", "dar tehran", "faghat robati, arzoontarin?")
    assert reply.member_random_keys
    got = offer(shop_db, reply.member_random_keys[0])
    kind = shop_db.scalar("SELECT extra_features ->> 'نوع' FROM shop.base_products WHERE random_key = :k",
                          {"k": got["base"]})  # fmt: skip
    assert kind == "رباتیک" and got["city_id"] == 1


def test_a_material_that_is_also_a_stored_colour(shop_db: Database) -> None:
    reply = dialogue("کتری برقی میخوام", "بدنه استیل باشه", "تو اصفهان، ارزونترین؟")
    assert reply.member_random_keys
    got = offer(shop_db, reply.member_random_keys[0])
    body = shop_db.scalar("SELECT extra_features ->> 'جنس بدنه' FROM shop.base_products WHERE random_key = :k",
                          {"k": got["base"]})  # fmt: skip
    assert body == "استیل" and got["city_id"] == 3


def test_a_series_number_is_matched_with_its_series(shop_db: Database) -> None:
    from quarry.apps.shop.variants import differences
    from quarry.apps.shop.vocab import loaded_words

    knows = loaded_words().knows
    # The RAM's 12 is no iPhone 12: the number must follow the series word in the name.
    assert differences("آیفون 12 پرو 128 گیگ آبی", "Realme 11 Pro 128GB RAM 12GB Blue Mobile Phone", "", {}, knows)
    assert differences("iphone 15 pro 128", "Apple iPhone 15 Pro 128GB RAM 8GB Blue Mobile Phone", "", {}, knows) == []
    assert differences("laptop ssd 512", "Lenovo LOQ 15 Core i7 32GB RAM 512GB SSD Laptop", "", {}, knows) == []
    assert shop_db.scalar("SELECT count(*) FROM shop.base_products WHERE english_name ILIKE '%iphone 12 %'") == 0
    reply = one("آیفون ۱۲ پرو ۱۲۸ گیگ آبی میخوام")
    assert not reply.base_random_keys and reply.status == "not_in_catalogue"


def test_the_cheapest_when_nothing_meets_every_condition_says_so(shop_db: Database) -> None:
    from quarry.apps.shop.coordinator import NONE_MEETS_FA

    cap = 100_000
    below = shop_db.scalar(f"SELECT count(*) FROM shop.offer_facts WHERE category_id = {_CATEGORY} AND price < :p",
                           {"c": "جاروبرقی", "p": cap})  # fmt: skip
    assert below == 0  # no vacuum cleaner under 100,000 Toman: the cap was set aside for that turn
    reply = dialogue("جاروبرقی میخوام", "تهران، با گارانتی", "زیر ۱۰۰ هزار تومن", "ارزونترینش کدومه؟")
    assert reply.member_random_keys and (reply.message or "").startswith(NONE_MEETS_FA)
