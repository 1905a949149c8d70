"""A value taken back inside a shop dialogue (blind round 9's class), against the real catalogue:

- «نه بیخیال سامسونگ، لنوو باشه» ("no, forget Samsung, make it Lenovo") had kept Samsung, the longer
  name read first, and searched for the word Lenovo inside Samsung's tablets;
- «کرج برام راحت‌تره، تهران رو بیخیال» ("Karaj suits me better, forget Tehran") had kept Tehran, and the
  «بیخیال» in it had even ended the dialogue as a stop;
- Persian «نه» is "no" far more often than "nine": said alone, it is no number («نه، لنوو»).
"""

from __future__ import annotations

import uuid

import pytest

from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.turnstate import MemberDelta, MemberDetails
from quarry.apps.shop.vocab import BRANDS, CITIES
from quarry.db import Database
from quarry.nlu.numbers import words_to_digits
from tests.shop_support import ask, offer, prepared_database

SAMSUNG = next(b.id for b in BRANDS if b.en.lower() == "samsung")
LENOVO = next(b.id for b in BRANDS if b.en.lower() == "lenovo")
TEHRAN = next(c.id for c in CITIES if c.fa == "تهران")
KARAJ = next(c.id for c in CITIES if c.fa == "کرج")


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


@pytest.mark.parametrize(
    ("text", "brand", "city", "cleared"),
    [
        ("نه بیخیال سامسونگ، لنوو باشه", LENOVO, None, []),
        ("سامسونگ نه، لنوو", LENOVO, None, []),
        ("no, lenovo please", LENOVO, None, []),
        ("forget samsung", None, None, ["brand_id"]),
        ("راستش کرج برام راحت‌تره، تهران رو بیخیال", None, KARAJ, []),
        ("نه، تهران", None, TEHRAN, []),
        ("تهران، نه مشهد", None, TEHRAN, []),
    ],
)
def test_the_value_meant_and_the_one_taken_back(
    text: str, brand: int | None, city: int | None, cleared: list[str]
) -> None:
    d = extract_delta(text)
    assert (d.brand_id, d.city_id, d.cleared, d.stop) == (brand, city, cleared, False)
    assert not {"نه", "بیخیال", "forget", "no"} & set(d.keywords), "the words that took it back are grammar"


def test_a_slot_taken_back_is_cleared() -> None:
    before = MemberDetails(category_id=10, brand_id=SAMSUNG, city_id=TEHRAN)
    after = MemberDelta(cleared=["brand_id"]).apply(before)
    assert (after.brand_id, after.city_id) == (None, TEHRAN)


def test_a_stop_alone_still_stops() -> None:
    assert extract_delta("بیخیال").stop
    assert extract_delta("نه ممنون").stop


@pytest.mark.parametrize(
    ("text", "read"),
    [("سامسونگ نه، لنوو", "سامسونگ نه، لنوو"), ("زیر نه میلیون", "زیر 9000000"), ("بیست و نه", "29")],
)
def test_persian_no_is_a_number_only_beside_another(text: str, read: str) -> None:
    assert words_to_digits(text) == read


def test_a_brand_taken_back_in_a_dialogue(shop_db: Database) -> None:
    chat = f"tb-{uuid.uuid4().hex}"
    for turn in ("تبلت میخوام", "سامسونگ", "نه بیخیال سامسونگ، لنوو باشه"):
        ask(chat, turn)
    last = ask(chat, "تهران، ارزونترین؟")
    assert last.member_random_keys
    cheapest = shop_db.fetch_one(
        "SELECT m.random_key FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " JOIN shop.shops s ON s.id = m.shop_id WHERE b.category_id = 10 AND b.brand_id = :b AND s.city_id = :c"
        " ORDER BY m.price, m.random_key LIMIT 1",
        {"b": LENOVO, "c": TEHRAN},
    )
    assert cheapest is not None
    assert last.member_random_keys == [cheapest["random_key"]]


def test_a_city_taken_back_in_a_dialogue(shop_db: Database) -> None:
    chat = f"tb-{uuid.uuid4().hex}"
    for turn in ("ماشین ظرفشویی بوش میخوام", "زیر ۵۰ میلیون", "تهران"):
        ask(chat, turn)
    moved = ask(chat, "راستش کرج برام راحت‌تره، تهران رو بیخیال")
    assert moved.route == "multi_turn", "the dialogue goes on: «بیخیال» took Tehran back, it did not stop"
    last = ask(chat, "ارزونترین کدومه؟")
    assert last.member_random_keys
    assert offer(shop_db, last.member_random_keys[0])["city_id"] == KARAJ
