"""Issue 20, yes/no questions and the dialogue's ends, on the real catalogue (2026-11-29 classes).

- A yes/no about a feature («X بی‌سیمه؟», «X حذف نویز داره یا نه؟», "is X waterproof?") is answered
  from the product's stored `extra_features`: the same value → yes, another → no, none → not recorded.
- "Is X sold in <city>?" is answered from the offers in that city (every stated constraint applied).
- "X دارین؟" ("do you have X?") still asks for the product itself.
- In a dialogue: a city with a personal ending («تهرانم»), a superlative said as "than all" or in
  Finglish, and a pick surrounded by words the catalogue does not write, pick the cheapest offer under
  every constraint.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from typing import Any

import pytest

from quarry.apps.shop.blind import NO, YES
from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.picks import picked_extreme
from quarry.apps.shop.vocab import CITIES, catalogue_words
from quarry.apps.shop.yes_no import without_copula
from quarry.db import Database
from quarry.nlu.degree import find_degrees
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str, chat: str | None = None) -> ShopTurn:
    return asyncio.run(run(chat or uuid.uuid4().hex, [TextPart(type="text", content=text)]))


def _verdict(message: str | None) -> str | None:
    words = set(re.findall(r"[^\W\d_]+", (message or "").replace("\u200c", " ").lower()))
    yes, no = bool(words & set(YES)), bool(words & set(NO))
    return "yes" if yes and not no else "no" if no and not yes else None


def _product(db: Database, where: str, params: dict[str, Any]) -> dict[str, Any]:
    """One product whose features match `where` and whose name no other product shares, not even as a
    listing with a seller code (the question names it unambiguously)."""
    rows = db.fetch_all(
        f"""SELECT b.random_key, b.persian_name, b.english_name, b.extra_features
            FROM shop.base_products b
            WHERE {where}
              AND (SELECT count(*) FROM shop.base_products o WHERE o.listing_name = b.listing_name) = 1
            ORDER BY b.random_key LIMIT 1""",
        params,
    )
    assert rows, where
    return dict(rows[0])


# (feature key, stored value the question names, how the question names it, expected verdict)
FEATURE_CASES = [
    ("نوع اتصال", "بی‌سیم", "{name} بی‌سیمه؟", "yes"),
    ("نوع اتصال", "باسیم", "{name} بی‌سیمه؟", "no"),
    ("حذف نویز", "ندارد", "{name} حذف نویز داره یا نه؟", "no"),
    ("حذف نویز", "دارد", "{en} noise cancelling داره؟", "yes"),
    ("ضد آب", "دارد", "is the {en} waterproof?", "yes"),
    ("ضد آب", "ندارد", "{name} ضد آبه؟", "no"),
    ("تکنولوژی", "اینورتر", "Is the {en} an inverter AC?", "yes"),
    ("هوشمند", "غیر هوشمند", "{name} اسمارته؟", "no"),
]


@pytest.mark.parametrize(("key", "stored", "question", "verdict"), FEATURE_CASES,
                         ids=[f"{c[0]}={c[1]}: {c[2]}" for c in FEATURE_CASES])  # fmt: skip
def test_a_yes_no_feature_question_is_answered_from_the_stored_feature(
    shop_db: Database, key: str, stored: str, question: str, verdict: str
) -> None:
    p = _product(shop_db, "b.extra_features ->> :key = :value", {"key": key, "value": stored})
    turn = ask(question.format(name=p["persian_name"], en=p["english_name"]))
    assert _verdict(turn.message) == verdict, turn.message
    assert turn.base_random_keys == [p["random_key"]]


def test_a_feature_the_product_does_not_record_is_said_so(shop_db: Database) -> None:
    p = _product(shop_db, "NOT (b.extra_features ? 'ضد آب') AND b.english_name ILIKE '%headphones%'", {})
    turn = ask(f"{p['persian_name']} ضد آبه؟")
    assert _verdict(turn.message) is None and "ثبت نشده" in (turn.message or "")


@pytest.mark.parametrize("sold", [True, False], ids=["sold there", "not sold there"])
def test_is_it_sold_in_a_city_is_answered_from_that_citys_offers(shop_db: Database, sold: bool) -> None:
    rows = shop_db.fetch_all(
        """SELECT b.english_name, c.name AS city_fa,
                  count(m.*) FILTER (WHERE s.city_id = c.id) AS there
           FROM shop.base_products b CROSS JOIN shop.cities c
           JOIN shop.members m ON m.base_random_key = b.random_key
           JOIN shop.shops s ON s.id = m.shop_id
           WHERE (SELECT count(*) FROM shop.base_products o WHERE o.listing_name = b.listing_name) = 1
           GROUP BY b.random_key, b.english_name, c.id, c.name
           HAVING (count(m.*) FILTER (WHERE s.city_id = c.id) > 0) = :sold
           ORDER BY b.random_key, c.id LIMIT 1""",
        {"sold": sold},
    )
    assert rows
    row = rows[0]
    city_en = next(c.en for c in CITIES if c.fa == row["city_fa"])
    turn = ask(f"Is the {row['english_name']} sold in {city_en}?")
    assert _verdict(turn.message) == ("yes" if sold else "no"), turn.message
    if sold:
        assert str(row["there"]) in (turn.message or "")


def test_do_you_have_x_asks_for_the_product_itself(shop_db: Database) -> None:
    p = _product(shop_db, "b.english_name ILIKE '%phone%'", {})
    turn = ask(f"{p['persian_name']} دارین؟")
    assert turn.base_random_keys == [p["random_key"]]


def test_the_spoken_copula_comes_off_the_word_that_closes_the_question() -> None:
    assert without_copula("هدفون بی‌سیمه؟").endswith("بیسیم؟")
    assert without_copula("ساعت ضد آبه؟").endswith("ضد آب؟")
    assert without_copula("X سفیده یا نه؟").endswith("سفید یا نه؟")


@pytest.mark.parametrize(
    ("text", "concept"),
    [("کدومش از همه ارزون‌تره؟", "cheap"), ("which one is cheaper than all the others", "cheap"),
     ("arzoontarinesh ro mikham", "cheap"), ("kodoom geroon tare", None), ("дешевле всех", "cheap")],
)  # fmt: skip
def test_than_all_and_finglish_superlatives(text: str, concept: str | None) -> None:
    found = [d for d in find_degrees(text) if d.degree == "superlative"]
    assert (found[0].concept if found else None) == concept


def test_a_pick_may_carry_words_the_catalogue_does_not_write_but_not_a_constraint(shop_db: Database) -> None:
    knows = catalogue_words(shop_db).knows
    assert picked_extreme("از بین اینا ارزون‌ترین کدومه؟ همونو میخوام", knows) == "cheap"
    assert picked_extreme("show me the cheapest one", knows) == "cheap"
    assert picked_extreme("ارزون‌ترین سامسونگ", knows) is None  # a brand: a constraint, not a pick
    assert picked_extreme("the cheapest under 10 million", knows) is None


@pytest.mark.parametrize(
    ("text", "city"), [("تهرانم", "تهران"), ("man shirazam", "شیراز"), ("از همون اصفهانیا", "اصفهان")]
)
def test_a_city_with_a_personal_ending_is_the_dialogues_city(shop_db: Database, text: str, city: str) -> None:
    want = next(c.id for c in CITIES if c.fa == city)
    assert extract_delta(text, catalogue_words(shop_db)).city_id == want


def test_the_cheapest_pick_is_the_cheapest_offer_under_every_constraint(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    ask("گوشی سامسونگ میخوام زیر ۲۰ میلیون", chat)
    ask("تهرانم", chat)
    turn = ask("از بین اینا ارزون‌ترین کدومه؟ همونو میخوام", chat)
    assert turn.member_random_keys, turn.message
    cheapest = shop_db.fetch_all(
        """SELECT m.random_key, m.price FROM shop.members m
           JOIN shop.base_products b ON b.random_key = m.base_random_key
           JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
           JOIN shop.brands br ON br.id = b.brand_id JOIN shop.categories k ON k.id = b.category_id
           WHERE c.name = 'تهران' AND br.title = 'سامسونگ' AND k.title = 'گوشی موبایل' AND m.price < 20000000
           ORDER BY m.price LIMIT 1"""
    )
    picked = shop_db.fetch_all(
        "SELECT price FROM shop.members WHERE random_key = :k", {"k": turn.member_random_keys[0]}
    )
    assert picked[0]["price"] == cheapest[0]["price"]


def test_a_dialogue_without_a_product_asks_what_product_and_never_picks_from_everything(shop_db: Database) -> None:
    # A budget and a city alone would range over the whole catalogue (a T-shirt as "the cheapest").
    chat = uuid.uuid4().hex
    first = ask("حداکثر ۴۵ میلیون، تبریز", chat)
    pick = ask("کمترین قیمت رو میخوام", chat)
    assert not first.member_random_keys and not pick.member_random_keys


def test_a_product_line_name_sets_the_category_and_brand_and_its_model_number_stays(shop_db: Database) -> None:
    chat = uuid.uuid4().hex
    for text in ("یه آیفون ۱۳ میخوام", "۱۲۸ گیگ", "توی تهران"):
        ask(text, chat)
    turn = ask("ارزونترین رو بردار", chat)
    assert turn.member_random_keys, turn.message
    row = shop_db.fetch_all(
        """SELECT b.english_name, c.name AS city FROM shop.members m
           JOIN shop.base_products b ON b.random_key = m.base_random_key
           JOIN shop.shops s ON s.id = m.shop_id JOIN shop.cities c ON c.id = s.city_id
           WHERE m.random_key = :k""",
        {"k": turn.member_random_keys[0]},
    )[0]
    assert "iPhone 13" in row["english_name"] and "128GB" in row["english_name"] and row["city"] == "تهران"


def test_a_model_number_after_a_name_is_a_keyword_and_a_quantity_is_not(shop_db: Database) -> None:
    words = catalogue_words(shop_db)
    assert extract_delta("یه آیفون ۱۳ میخوام", words).keywords == ["آیفون", "13"]
    assert "128" not in extract_delta("آیفون ۱۲۸ گیگ", words).keywords
    assert "20000000" not in extract_delta("گوشی زیر ۲۰ میلیون", words).keywords
