"""Issue 20 on the real catalogue, classes read from blind round 6:
- a bound on a measured feature («ظرفیتش حداقل ۸ کیلو», "at least 25 foot") filters that feature and
  is never read as a price;
- a superlative said with new constraints («مشهد باشه … ارزونترین») applies them, then picks;
- a turn that states no constraint inside a dialogue is said back, not searched;
- a listing and its seller-coded twin both fit a name that leaves the code out;
- a Latin model word written in Persian letters («اسکیپ») is matched by its sound;
- a value every equally fitting product shares is answered without asking which one."""

from __future__ import annotations

import uuid

import pytest

from quarry.apps.shop.agents import equal_fits, pick
from quarry.apps.shop.memory import load_chat
from quarry.apps.shop.narrow_bounds import feature_bounds
from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.tools import search_base_products
from quarry.apps.shop.transliterate import sounds_alike
from quarry.apps.shop.turnstate import TurnState
from quarry.apps.shop.vocab import CITIES
from quarry.db import Database
from tests.shop_support import ask, prepared_database

FRIDGE, WASHER, TV, POWER_BANK, TEA_MAKER, BLENDER = 17, 18, 16, 13, 24, 25
MASHHAD = next(c.id for c in CITIES if c.fa == "مشهد")


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


BOUNDS = [
    ("ظرفیتش حداقل ۸ کیلو باشه", WASHER, "ظرفیت", (8.0, None)),
    ("at least 8 kg", WASHER, "ظرفیت", (8.0, None)),
    ("hadeaghal 8 kilo", WASHER, "ظرفیت", (8.0, None)),
    ("hadeaghal 25 foot bashe", FRIDGE, "ظرفیت", (25.0, None)),
    ("۲۵ فوت به بالا", FRIDGE, "ظرفیت", (25.0, None)),
    ("بالای ۵۰ اینچ", TV, "اندازه صفحه نمایش", (50.0, None)),
    ("زیر ۴۳ اینچ", TV, "اندازه صفحه نمایش", (None, 43.0)),
    ("حداقل بیست هزار میلی آمپر", POWER_BANK, "ظرفیت", (20000.0, None)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "category", "key", "bound"), BOUNDS, ids=[b[0] for b in BOUNDS])
def test_a_bound_on_a_measure_filters_that_feature_and_is_no_price(
    shop_db: Database, text: str, category: int, key: str, bound: tuple[float | None, float | None]
) -> None:
    assert feature_bounds(shop_db, text, category).ranges == {key: bound}
    delta = extract_delta(text)
    assert delta.min_price is None and delta.max_price is None


def test_a_budget_in_spoken_persian_is_a_price() -> None:
    assert extract_delta("بودجه‌م ۳۰ میلیونه").max_price == 30_000_000
    assert extract_delta("zir e 90 milion").max_price == 90_000_000


def _cheapest(db: Database, sql_filter: str, params: dict[str, object]) -> set[str]:
    """The member keys at the lowest price under `sql_filter` (written by hand, as the blind sets do)."""
    rows = db.fetch_all(
        "WITH f AS (SELECT m.random_key, m.price FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key WHERE " + sql_filter + ")"
        " SELECT random_key FROM f WHERE price = (SELECT min(price) FROM f)",
        params,
    )
    return {r["random_key"] for r in rows}


def test_constraints_said_with_the_superlative_are_applied_before_the_pick(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    for text in ("دنبال ماشین لباسشویی ام", "ظرفیتش حداقل ۸ کیلو باشه", "بودجه‌م ۳۰ میلیونه"):
        ask(chat, text)
    final = ask(chat, "مشهد باشه و فروشنده امتیازش حداقل ۴ باشه. ارزونترین")
    capacity = "substring(quarry_fold(b.extra_features->>'ظرفیت') FROM '^ *([0-9]+(?:[.][0-9]+)?)')::numeric"
    want = _cheapest(
        shop_db,
        f"b.category_id = :c AND {capacity} >= 8 AND m.price <= 30000000 AND s.city_id = :city AND s.score >= 4",
        {"c": WASHER, "city": MASHHAD},
    )
    assert final.route == "multi_turn" and final.member_random_keys and set(final.member_random_keys) <= want


def test_a_turn_without_a_constraint_is_said_back_not_searched(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    ask(chat, "دنبال ماشین لباسشویی ام")
    before = TurnState.model_validate(load_chat(shop_db, chat).multi).details
    aside = ask(chat, "راستی شما ارسال به شهرستان هم دارین؟")
    after = TurnState.model_validate(load_chat(shop_db, chat).multi).details
    assert aside.route == "multi_turn" and aside.member_random_keys is None
    assert after == before  # nothing searched with those words, nothing dropped from the dialogue
    searched = [s for s in aside.trace if getattr(s, "step", "") == "search_offers"]
    assert searched == []


FINGLISH_CATEGORIES = [("ye chaisaz mikham", TEA_MAKER), ("mikham ye mokhlotkon begiram", BLENDER)]


@pytest.mark.parametrize(("text", "category"), FINGLISH_CATEGORIES, ids=[f[0] for f in FINGLISH_CATEGORIES])
def test_a_finglish_category_is_heard_by_its_consonants(shop_db: Database, text: str, category: int) -> None:
    assert extract_delta(text).category_id == category


def test_a_listing_and_its_coded_twin_both_fit_a_name_without_the_code(shop_db: Database) -> None:
    name = "english_name ~ '^Apple AirPods Max( [0-9]+)? Silver Headphones$'"
    twins = {r["random_key"] for r in shop_db.fetch_all(f"SELECT random_key FROM shop.base_products WHERE {name}")}
    assert len(twins) == 2
    for said in ("ایرپاد مکس نقره‌ای", "airpods max silver"):
        assert {c.random_key for c in equal_fits(search_base_products(shop_db, said), said)} == twins
    row = shop_db.fetch_all(
        "SELECT random_key, substring(english_name FROM ' ([0-9]{4}) ') AS code FROM shop.base_products"
        " WHERE english_name ~ '^Apple AirPods Max [0-9]{4} Silver'"
    )[0]
    said = f"ایرپاد مکس کد {row['code']} نقره‌ای"
    chosen, _ = pick(search_base_products(shop_db, said), said)
    assert chosen is not None and chosen.random_key == row["random_key"]
    assert not equal_fits(search_base_products(shop_db, said), said)


def test_a_latin_model_word_in_persian_letters_is_matched_by_sound(shop_db: Database) -> None:
    assert sounds_alike("اسکیپ", "escape") and sounds_alike("اکتیو", "active") and not sounds_alike("اسکیپ", "talon")
    said_as = [
        ("دوچرخه جاینت اسکیپ ۳ سایز ۲۹ سفید", "Giant Escape 3 Size 29 White Bicycle"),
        ("ساعت امیزفیت اکتیو بند سیلیکونی خاکستری", "Amazfit Active Silicone Strap Gray Smart Watch"),
    ]
    for said, name in said_as:
        chosen, _ = pick(search_base_products(shop_db, said), said)
        assert chosen is not None and chosen.english_name == name


def test_a_value_all_equal_fits_share_is_answered_and_a_differing_one_asked(shop_db: Database) -> None:
    shared = ask(uuid.uuid4().hex, "نوع ایرپاد مکس نقره‌ای چیه؟")
    assert shared.message == "دور گوشی" and shared.base_random_keys is None
    differs = ask(uuid.uuid4().hex, "عمر باتری ایرپاد مکس نقره‌ای چقدره؟")
    assert differs.message not in ("۲۲ ساعت", "26 ساعت") and differs.base_random_keys is None


def test_a_bound_a_scope_and_the_cheapest_in_one_turn_stay_in_the_dialogue(shop_db: Database) -> None:
    # A feature's name, a number and a unit name no product: the turn refines the open dialogue, it is
    # no question of its own (it had been looked up single-turn and asked which washing machine).
    chat = uuid.uuid4().hex
    ask(chat, "دنبال ماشین لباسشویی ام")
    final = ask(chat, "ظرفیتش حداقل ۸ کیلو باشه، تهران با گارانتی، ارزونترین")
    capacity = "substring(quarry_fold(b.extra_features->>'ظرفیت') FROM '^ *([0-9]+(?:[.][0-9]+)?)')::numeric"
    tehran = next(c.id for c in CITIES if c.fa == "تهران")
    want = _cheapest(
        shop_db,
        f"b.category_id = :c AND {capacity} >= 8 AND s.city_id = :city AND s.has_warranty",
        {"c": WASHER, "city": tehran},
    )
    assert final.route == "multi_turn" and final.member_random_keys and set(final.member_random_keys) <= want
