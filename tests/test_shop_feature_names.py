"""Issue 20, how a feature is named (blind rounds 1-6, 2026-11-30), read against the real catalogue.

- Finglish feature names: "dor motor" is «دور موتور», "port khoroji" is «تعداد پورت خروجی» (a key is also
  its words after a count word), "vaznesh" is «وزن» with the spoken possessive; a short word is read exactly
  ("saz" of "chai saz" is no «سایز»), and a word beside a number is a spec ("ram 12").
- A unit asked in Finglish ("chand vate", "chand litre") is the feature measured in it.
- A polite word before the feature's name («لطفاً وزن یخچال … را اعلام کنید») and "graphics card".
- "32GB RAM" before the question is a spec of the product, not the feature asked about.
"""

from __future__ import annotations

import uuid

import pytest

from quarry.apps.shop.nlu import parse_question
from quarry.db import Database
from tests.shop_support import ask, prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


@pytest.mark.parametrize(
    ("said", "feature", "unit"),
    [
        ("dor motor lebasshooyi haier HW17-B9426 chande?", "دور موتور", None),
        ("powerbank redmi PB08 30000 sefid chand ta port khoroji dare?", "تعداد پورت خروجی", None),
        ("ipad 10 sabz 256 ram 12 vaznesh chande", "وزن", None),
        ("chai saz pars khazar TM-4833 chand vate?", None, "وات"),
        ("jaroo pars khazar vc-3521 mokhazanash chand litre?", None, "لیتر"),
        ("لطفاً وزن یخچال فریزر انتخاب مدل FD-378 نقره‌ای ۲۳ فوت را اعلام کنید.", "وزن", None),
        ("which graphics card is in the MSI Thin GF63 Ryzen 5 32GB RAM 1TB?", "کارت گرافیک", None),
    ],
)
def test_the_feature_asked_is_read_in_every_register(said: str, feature: str | None, unit: str | None) -> None:
    q = parse_question(said)
    assert (q.intent, q.feature, q.unit) == ("feature", feature, unit)


def _unique(db: Database, where: str) -> dict[str, object]:
    row = db.fetch_one(
        f"""WITH once AS (SELECT english_name FROM shop.base_products GROUP BY english_name HAVING count(*) = 1),
                 listed AS (SELECT listing_name FROM shop.base_products GROUP BY listing_name HAVING count(*) = 1)
            SELECT b.english_name, b.extra_features AS f FROM shop.base_products b JOIN once USING (english_name)
            JOIN listed ON listed.listing_name = b.listing_name WHERE {where} ORDER BY b.random_key LIMIT 1"""
    )
    assert row is not None, where
    return dict(row)


def test_a_finglish_feature_name_is_answered_with_the_stored_value(shop_db: Database) -> None:
    row = _unique(shop_db, "b.extra_features ? 'دور موتور' AND b.english_name ILIKE '%washing%'")
    features = row["f"]
    assert isinstance(features, dict)
    assert ask(f"t-{uuid.uuid4().hex}", f"dor motor {row['english_name']} chande?").message == features["دور موتور"]


def test_a_unit_asked_in_finglish_is_answered_with_the_feature_measured_in_it(shop_db: Database) -> None:
    row = _unique(shop_db, "b.extra_features ? 'توان' AND b.extra_features->>'توان' LIKE '%وات' "
                           "AND b.english_name ILIKE '%Tea Maker%'")  # fmt: skip
    features = row["f"]
    assert isinstance(features, dict)
    assert ask(f"t-{uuid.uuid4().hex}", f"{row['english_name']} chand vate?").message == features["توان"]


def test_only_a_measure_stands_in_for_a_missing_measure(shop_db: Database) -> None:
    # «ظرفیت پارچ» missing, «جنس پارچ» recorded: the jar's material is no answer to its capacity.
    row = _unique(shop_db, "NOT b.extra_features ? 'ظرفیت پارچ' AND b.extra_features ? 'جنس پارچ'")
    turn = ask(f"t-{uuid.uuid4().hex}", f"{row['english_name']} zarfiate parchesh chande?")
    assert turn.message == "این ویژگی برای این محصول ثبت نشده است."
