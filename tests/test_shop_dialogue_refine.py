"""Issue 20 item 5 on the real catalogue: budgets open a dialogue, refinements after options are
applied and the options recomputed, features match the stored `extra_features`, ordinals pick an
option, a question of its own inside a dialogue is answered and the dialogue kept."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from quarry.apps.shop.memory import load_chat
from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.multiturn_nlu import is_exploration, is_side_question
from quarry.apps.shop.narrow_features import features_named
from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.picks import picked_number
from quarry.apps.shop.vocab import CITIES, catalogue_words
from quarry.db import Database
from tests.shop_support import prepared_database

SHIRAZ = next(c.id for c in CITIES if c.fa == "شیراز")
TV, HEADPHONES, AIRCON, LAPTOP = 16, 12, 21, 9


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(chat: str, text: str) -> ShopTurn:
    return asyncio.run(run(chat, [TextPart(type="text", content=text)]))


PICKS = [
    ("۲", 2), ("option 1", 1), ("ok number 2", 2), ("دومی", 2), ("دومیو انتخاب میکنم", 2), ("سومی رو میخوام", 3),
    ("the first one", 1), ("dovomi", 2), ("avali", 1), ("۵۵ اینچ", None), ("the first one is too dear", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "number"), PICKS, ids=[p[0] for p in PICKS])
def test_a_reply_picks_an_option_by_number_or_ordinal(text: str, number: int | None) -> None:
    assert picked_number(text) == number


OPENERS = [
    ("a good washing machine under 30m", True), ("یه لپتاپ زیر ۲۰ میلیون", True), ("up to 15 million toman", True),
    ("ye gooshi mikham ta 20 milion", True), ("گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی", False),
    ("کمترین قیمت یخچال اسنوا مدل SN5-9136 در تهران", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "opens"), OPENERS, ids=[o[0] for o in OPENERS])
def test_budgets_open_a_dialogue_and_quantities_are_no_model_codes(shop_db: Database, text: str, opens: bool) -> None:
    assert is_exploration(text) is opens


SCORES = ["seller score above 4", "فروشنده‌ش امتیازش بالای ۴ باشه", "only shops rated 4 or more"]


@pytest.mark.parametrize("text", SCORES)
def test_a_seller_score_is_a_score_never_a_price(shop_db: Database, text: str) -> None:
    d = extract_delta(text)
    assert (d.min_score, d.min_price, d.max_price) == (4.0, None, None)


FEATURES = [
    (TV, "۵۵ اینچ", {"اندازه صفحه نمایش": "55 اینچ"}),
    (HEADPHONES, "بی‌سیم", {"نوع اتصال": "بی\u200cسیم"}),
    (HEADPHONES, "wireless please", {"نوع اتصال": "بی\u200cسیم"}),
    (AIRCON, "کولر گازی ۱۲ هزار اینورتر", {"ظرفیت": "12000 BTU", "تکنولوژی": "اینورتر"}),
    (LAPTOP, "رم ۱۶ گیگ باشه", {"رم": "16 گیگابایت"}),
    (17, "ساید بای ساید", {"نوع": "ساید بای ساید"}),
    (26, "اتو بخار میخوام (بخارگر نه)", {"نوع": "بخار"}),
]


@pytest.mark.parametrize(("category", "text", "want"), FEATURES, ids=[f[1] for f in FEATURES])
def test_features_match_the_stored_extra_features(
    shop_db: Database, category: int, text: str, want: dict[str, str]
) -> None:
    words = catalogue_words(shop_db)
    assert features_named(shop_db, text, category, dict(words.feature_names)) == want


def _offer(db: Database, member_key: str) -> dict[str, object]:
    row = db.fetch_one(
        "SELECT b.category_id, s.city_id, quarry_fold(b.extra_features->>'اندازه صفحه نمایش') AS size,"
        " b.extra_features->>'نوع اتصال' AS connection"
        " FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " JOIN shop.shops s ON s.id = m.shop_id WHERE m.random_key = :k",
        {"k": member_key},
    )
    assert row is not None
    return row


def _tv_options(shop_db: Database) -> tuple[str, dict[str, Any]]:
    """A chat with 55-inch Daewoo TVs under warranty on screen, and what it shows."""
    chat = f"r-{uuid.uuid4().hex}"
    for text in ("تلویزیون میخوام", "۵۵ اینچ", "دوو", "با گارانتی"):
        ask(chat, text)
    shown = load_chat(shop_db, chat).multi
    assert shown is not None and shown["options"]
    return chat, shown


def test_refinements_after_options_are_applied_and_the_options_recomputed(shop_db: Database) -> None:
    chat, _shown = _tv_options(shop_db)
    refined = ask(chat, "شیراز")
    assert [s.action for s in refined.trace if s.step == "options"] == ["recompute"]
    pick = ask(chat, "اولی")
    offer = _offer(shop_db, (pick.member_random_keys or [""])[0])
    assert (offer["category_id"], offer["city_id"], offer["size"]) == (TV, SHIRAZ, "55 اینچ")


def test_wireless_headphones_are_wireless(shop_db: Database) -> None:
    chat = f"r-{uuid.uuid4().hex}"
    for text in ("هدفون بی‌سیم میخوام", "زیر ۱۰ میلیون", "تهران", "گارانتی مهم نیست"):
        ask(chat, text)
    pick = ask(chat, "1")
    assert _offer(shop_db, (pick.member_random_keys or [""])[0])["connection"] == "بی\u200cسیم"


def test_a_question_of_its_own_inside_a_dialogue_is_answered_and_the_dialogue_kept(shop_db: Database) -> None:
    chat = f"r-{uuid.uuid4().hex}"
    ask(chat, "یه یخچال ارزون میخوام")
    side = ask(chat, "قیمت گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی چنده؟")
    assert side.route == "single_turn" and is_side_question("قیمت گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی چنده؟")
    assert load_chat(shop_db, chat).multi is not None
    after = ask(chat, "اسنوا")
    assert after.route == "multi_turn"
    assert load_chat(shop_db, chat).multi["details"]["category_id"] == 17  # type: ignore[index]


DELTAS = [
    ("polopaz mikham", {"category_id": 27}),
    ("ye gooshi mikham ta 20 milion", {"category_id": 8, "max_price": 20_000_000}),
    ("۶۴ گیگ کافیه", {"stop": False}),
    ("کافیه", {"stop": True}),
]


@pytest.mark.parametrize(("text", "want"), DELTAS, ids=[d[0] for d in DELTAS])
def test_finglish_categories_and_stop_words_only_alone(shop_db: Database, text: str, want: dict[str, object]) -> None:
    d = extract_delta(text, catalogue_words(shop_db)).model_dump()
    assert {k: d[k] for k in want} == want


@pytest.mark.parametrize(
    ("text", "extreme"),
    [("ارزون‌ترینش کدومه؟", "cheap"), ("the cheapest one", "cheap"), ("which is the most expensive?", "expensive"),
     ("گرون‌ترینش", "expensive"), ("cheapest samsung in tehran", None)],
)  # fmt: skip
def test_a_superlative_reply_picks_the_extreme_option(text: str, extreme: str | None) -> None:
    from quarry.apps.shop.picks import picked_extreme

    assert picked_extreme(text) == extreme


def test_the_cheapest_pick_is_the_cheapest_offer_under_the_dialogues_constraints(shop_db: Database) -> None:
    # The options are ranked by fit; "the cheapest" is the cheapest offer under every constraint, which
    # is the cheapest option shown or, when the ranking left it out, an offer no dearer than any shown.
    chat, shown = _tv_options(shop_db)
    cheapest_shown = min(shown["options"], key=lambda o: o["price"])
    pick = ask(chat, "ارزون‌ترینش کدومه؟")
    assert pick.route == "multi_turn" and pick.member_random_keys
    price = shop_db.scalar("SELECT price FROM shop.members WHERE random_key = :k", {"k": pick.member_random_keys[0]})
    assert price <= cheapest_shown["price"]
    if pick.member_random_keys == [cheapest_shown["member_random_key"]]:
        assert price == cheapest_shown["price"]
