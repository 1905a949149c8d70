"""Issue 20, classes read from blind round 7's dialogues, on the real catalogue:
- a refinement («تا ۸۰ میلیون», "Tehran", «سایز ۴۲», a brand) right after a single-turn question that
  found products (asked which one, or named one) narrows that question as a dialogue; it had been
  answered "what product are you looking for?" or searched as a product of its own;
- a superlative carries Persian enclitics («ارزونترینشو بده», «ارزون‌ترینشون», «گرونترینا»);
- «انتخاب کن» is the verb "choose", not the brand انتخاب."""

from __future__ import annotations

import uuid

import pytest

from quarry.apps.shop.memory import load_chat
from quarry.apps.shop.picks import picked_extreme, said_extreme
from quarry.apps.shop.turnstate import TurnState
from quarry.apps.shop.vocab import CITIES
from quarry.db import Database
from tests.shop_support import ask, prepared_database

FRIDGE, WASHER = 17, 18
TEHRAN = next(c.id for c in CITIES if c.fa == "تهران")


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


@pytest.mark.parametrize(
    ("text", "extreme"),
    [
        ("ارزونترینشو بده", "cheap"),
        ("ارزون‌ترینشون", "cheap"),
        ("ارزون‌ترینشو میخوام", "cheap"),
        ("گرونترینا", "expensive"),
        ("ارزونترینش", "cheap"),
    ],
)
def test_a_superlative_with_its_enclitics_picks_the_extreme(text: str, extreme: str) -> None:
    assert said_extreme(text) == extreme
    assert picked_extreme(text) == extreme


def test_choose_is_a_verb_not_the_brand_of_that_name() -> None:
    assert picked_extreme("ارزونترین رو انتخاب کن", lambda w: True) == "cheap"


def test_a_budget_after_a_which_one_question_narrows_that_question(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    first = ask(chat, "یخچال ساید بای ساید")
    assert first.route == "single_turn" and not first.member_random_keys
    budget = ask(chat, "تا ۸۰ میلیون")
    details = TurnState.model_validate(load_chat(shop_db, chat).multi).details
    assert budget.route == "multi_turn" and details.category_id == FRIDGE and details.max_price == 80_000_000
    final = ask(chat, "ارزون‌ترین")
    assert final.member_random_keys
    row = shop_db.fetch_all(
        "SELECT b.category_id, m.price FROM shop.members m"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key WHERE m.random_key = :k",
        {"k": final.member_random_keys[0]},
    )[0]
    assert row["category_id"] == FRIDGE and row["price"] <= 80_000_000


def test_a_city_after_a_named_product_gives_that_product_s_cheapest_offer_there(shop_db: Database) -> None:
    code = shop_db.scalar(
        "SELECT substring(b.english_name FROM 'Philips ([A-Z]{2}[0-9]{4})') FROM shop.base_products b"
        " JOIN shop.members m ON m.base_random_key = b.random_key JOIN shop.shops s ON s.id = m.shop_id"
        " WHERE b.english_name ~ '^Philips [A-Z]{2}[0-9]{4} ' AND s.city_id = :city"
        " GROUP BY 1 HAVING count(DISTINCT b.random_key) = 1 ORDER BY 1 LIMIT 1",
        {"city": TEHRAN},
    )
    if code is None:
        pytest.skip("no Philips model with a single listing sold in Tehran")
    chat = uuid.uuid4().hex
    first = ask(chat, f"فیلیپس {code} رو میخوام")
    assert first.base_random_keys
    ask(chat, "تو تهران")
    final = ask(chat, "ارزون‌ترینشون")
    cheapest = shop_db.fetch_all(
        "WITH f AS (SELECT m.random_key, m.price FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " WHERE b.english_name ~ :name AND s.city_id = :city)"
        " SELECT random_key FROM f WHERE price = (SELECT min(price) FROM f)",
        {"name": f"^Philips {code} ", "city": TEHRAN},
    )
    assert final.member_random_keys and final.member_random_keys[0] in {r["random_key"] for r in cheapest}


def test_a_new_category_after_a_single_turn_question_is_its_own_question(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    ask(chat, "یخچال ساید بای ساید")
    ask(chat, "ماشین لباسشویی ال جی میخوام")
    state = load_chat(shop_db, chat)
    if state.multi is not None:
        assert TurnState.model_validate(state.multi).details.category_id != FRIDGE


# Single-turn classes of round 7: a feature named by its words, or by opening the message; a feature
# asked by its unit of hours; a Finglish unit and a Finglish city said alone.


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("رده انرژی ظرفشویی جی پلاس GDW-K023 چیه", "رده مصرف انرژی"),
        ("نخ فرش پاتریس افشان کد ۳۹۹۴ از چه جنسیه؟", "جنس نخ"),
        ("نرخ تازه‌سازی مانیتور جی پلاس GDM-214LN چنده؟", "نرخ تازه سازی"),
        ("رزولوشن تلویزیون اسنوا SLD-59SA1260U", "رزولوشن"),
    ],
)
def test_a_feature_named_by_its_words_or_opening_the_message_is_asked(
    shop_db: Database, text: str, feature: str
) -> None:
    from quarry.apps.shop.nlu import parse_question

    q = parse_question(text)
    assert q.intent == "feature" and q.feature == feature


def test_a_feature_value_after_its_name_still_describes_the_product(shop_db: Database) -> None:
    from quarry.apps.shop.nlu import parse_question

    assert parse_question("رنگ مشکی گوشی سامسونگ").intent == "lookup"
    assert parse_question("گوشی سامسونگ رم ۸ گیگ").intent == "lookup"


def test_hours_ask_the_feature_measured_in_hours(shop_db: Database) -> None:
    from quarry.apps.shop.nlu import parse_question

    key = shop_db.scalar(
        "SELECT random_key FROM shop.base_products WHERE extra_features->>'عمر باتری' ~ 'ساعت'"
        " AND english_name ~ '^JBL Tune 820BT' ORDER BY random_key LIMIT 1"
    )
    assert parse_question("باتری هدفون جی بی ال تیون 820BT چند ساعت کار میکنه؟").unit == "ساعت"
    if key is not None:
        value = shop_db.scalar(
            "SELECT extra_features->>'عمر باتری' FROM shop.base_products WHERE random_key = :k", {"k": key}
        )
        name = shop_db.scalar("SELECT english_name FROM shop.base_products WHERE random_key = :k", {"k": key})
        answer = ask(uuid.uuid4().hex, f"باتری {name} چند ساعت کار میکنه؟")
        assert answer.message is not None and str(value) in answer.message


def test_a_finglish_unit_is_no_price_and_a_finglish_city_is_a_city() -> None:
    from quarry.apps.shop.narrow_nlu import extract_delta

    assert extract_delta("hadeaghal 30 litri").min_price is None
    assert extract_delta("esfahan").city_id == next(c.id for c in CITIES if c.fa == "اصفهان")
    assert extract_delta("mikham").city_id is None


# Comparisons and model codes (round 7).


@pytest.mark.parametrize(
    ("text", "products", "cheaper"),
    [
        ("بین ایرپاد ۴ بنفش و ایرپاد پرو ۲ سفید کدوم ارزون‌تره؟", ("ایرپاد 4 بنفش", "ایرپاد پرو 2 سفید"), True),
        ("between the iphone 16 and galaxy s24, which is cheaper?", ("iphone 16", "galaxy s24"), True),
        ("مایکروویو ال جی MH8385 یا جی پلاس GMW-M247، کدوم به‌صرفه‌تره؟",
         ("مایکروویو ال جی mh8385", "جی پلاس gmw-m247"), True),
        ("Kenwood BLP14 850W white vs the 900W silver one, which costs less?",
         ("kenwood blp14 850w white", "kenwood blp14 900w silver"), True),
    ],
)  # fmt: skip
def test_comparisons_between_two_economical_and_elliptic(text: str, products: tuple[str, str], cheaper: bool) -> None:
    from quarry.apps.shop.nlu import parse_question

    q = parse_question(text)
    # An elliptic second alternative is written out from the first: the same words, maybe in another order.
    assert q.intent == "compare" and [set(p.split()) for p in q.products] == [set(p.split()) for p in products]
    assert q.cheaper is cheaper


def test_a_model_code_is_matched_whole_whatever_separates_its_parts() -> None:
    from quarry.apps.shop.variants import differences

    assert differences("یخچال انتخاب fd014", "Entekhab FD-973 14 ft Black Refrigerator", "یخچال") == ["fd014"]
    assert differences("یخچال انتخاب fd014", "Entekhab FD-014 29 ft Silver Refrigerator", "یخچال") == []
    assert differences("gdw-k023", "Gplus GDW-K023 Dishwasher", "") == []
    assert differences("galaxy a54 128", "Samsung Galaxy A54 5G 128GB", "") == []


# Honest numbers (round 8's numeric misses): a spread is the range, and a second city is never dropped.


def test_the_gap_between_the_priciest_and_the_cheapest_is_the_price_range() -> None:
    from quarry.apps.shop.nlu import parse_question

    for text in (
        "what's the gap between the priciest and cheapest offer for the Trinx M136?",
        "فرق ارزونترین و گرونترین قیمت گوشی سامسونگ A54 چقدره",
    ):
        assert parse_question(text).metric == "price_range"
    assert parse_question("بیشترین قیمت مانیتور ایکس ویژن").metric == "max_price"


def test_a_second_city_is_named_as_not_applied_never_dropped(shop_db: Database) -> None:
    from quarry.apps.shop.nlu import parse_question

    q = parse_question("چند تا مغازه تو اصفهان و شیراز روی هم کولر ال جی S4-W69 دارن؟")
    assert "second_city" in q.stated
    key = shop_db.scalar("SELECT random_key FROM shop.base_products WHERE english_name ~ '^LG ' ORDER BY 1 LIMIT 1")
    name = shop_db.scalar("SELECT english_name FROM shop.base_products WHERE random_key = :k", {"k": key})
    turn = ask(uuid.uuid4().hex, f"how many shops in Isfahan and Shiraz together sell the {name}?")
    assert turn.status == "withheld" and "second_city" in (turn.unapplied or [])
