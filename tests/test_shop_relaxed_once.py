"""A relaxation is for one turn (blind round 10's class), against the real catalogue.

"Snowa, at least 20 ft, Tehran, warranty, up to 30M" finds nothing, so that turn's search sets the
size aside and says so. The shopper then raises the budget. The 20-foot minimum had stayed dropped:
the dialogue answered with a 12-foot fridge. Every stated constraint now applies again on the next
turn, and the offer returned meets all of them.
"""

from __future__ import annotations

import re
import uuid

import pytest

from quarry.db import Database
from quarry.nlu.numbers import words_to_digits
from tests.shop_support import ask, offer, prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def _feet(db: Database, member_key: str) -> float:
    row = db.fetch_one(
        "SELECT b.extra_features->>'ظرفیت' AS size FROM shop.members m"
        " JOIN shop.base_products b ON b.random_key = m.base_random_key WHERE m.random_key = :k",
        {"k": member_key},
    )
    assert row is not None and row["size"], "the offer's product records its size"
    found = re.search(r"\d+(?:\.\d+)?", words_to_digits(str(row["size"])))
    assert found is not None
    return float(found.group(0))


def test_a_raised_budget_searches_with_the_size_said_before(shop_db: Database) -> None:
    chat = f"t-{uuid.uuid4().hex}"
    ask(chat, "دنبال یخچال فریزرم")
    ask(chat, "برند اسنوا، کمتر از ۲۰ فوت نباشه")
    relaxed = ask(chat, "خریدم تو تهرانه و گارانتی میخوام، سقفم ۳۰ میلیونه")
    assert not relaxed.member_random_keys  # options shown, none picked yet
    picked = ask(chat, "باشه تا ۶۰ میلیون میرم بالا، ارزونترین کدومه؟")
    assert len(picked.member_random_keys) == 1
    key = picked.member_random_keys[0]
    row = offer(shop_db, key)
    assert row["has_warranty"] is True and int(str(row["price"])) <= 60_000_000
    assert _feet(shop_db, key) >= 20
