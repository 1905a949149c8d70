"""Issue 20 items 2–4 on the real catalogue (2026-11-29 classes): several products that fit equally are
asked back (never a key or a figure of a guessed one); an elliptic second alternative ("X green or
gold?") is written out whole; a possessive enclitic on the question's words («قیمت متوسطش», «وزنش»)
and a city with a belonging ending («فروشنده‌های اصفهانی») are read, so the figure is the one asked."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.nlu import parse_question
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.vocab import catalogue_words
from quarry.db import Database
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str) -> ShopTurn:
    return asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=text)]))


def test_a_model_sold_in_several_equal_variants_is_asked_back(shop_db: Database) -> None:
    # A model name with several sizes the user did not choose between: each listed, no key.
    rows = shop_db.fetch_all(
        """SELECT split_part(english_name, ' ', 2) AS model, count(*) AS n FROM shop.base_products
           WHERE english_name LIKE 'X.Vision %% Inch Monitor' GROUP BY 1 HAVING count(*) >= 3 ORDER BY 1 LIMIT 1"""
    )
    assert rows
    turn = ask(f"مانیتور ایکس ویژن {rows[0]['model']}")
    assert not turn.base_random_keys and not turn.member_random_keys
    assert (turn.message or "").count("\n") >= 2  # the candidates, one a line


def test_a_name_that_fits_one_product_exactly_is_not_asked_back(shop_db: Database) -> None:
    row = shop_db.fetch_all(
        """SELECT random_key, english_name FROM shop.base_products b
           WHERE english_name LIKE 'Samsung Galaxy A54 128GB%%Black%%'
             AND (SELECT count(*) FROM shop.base_products o WHERE o.english_name = b.english_name) = 1 LIMIT 1"""
    )[0]
    assert ask(row["english_name"]).base_random_keys == [row["random_key"]]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("کدوم ارزونتره: ردمی نوت ۱۳ پرو ۲۵۶ رم ۱۲ سبز یا همون مدل سفیدش؟", "ردمی نوت 13 پرو 256 رم 12 سفید"),
        ("مانیتور ایکس ویژن XL2278H سایز ۲۷ ارزون‌تره یا سایز ۲۱.۵ش؟", "مانیتور ایکس ویژن xl2278h سایز 21.5"),
        ("لپ‌تاپ ایسوس TUF F15 رایزن ۵ رم ۸ هارد ۲۵۶ ارزون‌تره یا رایزن ۷ با همین رم و هارد؟",
         "لپتاپ ایسوس tuf f15 رایزن 7 رم 8 هارد 256"),
        ("which is cheaper: sony wh-1000xm5 green or gold?", "sony wh 1000xm5 gold"),
    ],
)  # fmt: skip
def test_an_elliptic_second_alternative_is_written_out_whole(shop_db: Database, text: str, second: str) -> None:
    q = parse_question(text, catalogue_words(shop_db))
    assert q.intent == "compare" and q.products[1].replace("-", " ") == second


def test_a_full_second_product_is_left_as_written(shop_db: Database) -> None:
    q = parse_question("kodoom arzoon tare: airpods pro 2 talaee ya galaxy buds fe talaee?", catalogue_words(shop_db))
    assert q.intent == "compare" and q.products[1] == "galaxy buds fe talaee"


@pytest.mark.parametrize(
    ("text", "metric", "city"),
    [("کتری برقی بوش TWK4220 طلایی، قیمت متوسطش تو مشهد چقدره؟", "avg_price", "مشهد"),
     ("ظرفشویی سامسونگ DW60M6725 طوسی، گرونترین قیمت بین فروشنده های اصفهانی", "max_price", "اصفهان")],
)  # fmt: skip
def test_enclitics_and_belonging_endings_are_read_so_the_figure_is_the_one_asked(
    shop_db: Database, text: str, metric: str, city: str
) -> None:
    q = parse_question(text, catalogue_words(shop_db))
    assert (q.intent, q.metric, q.city) == ("seller", metric, city)
    assert parse_question("Samsung WW43T4795 لباسشویی استیل، وزنش چقدره؟", catalogue_words(shop_db)).feature == "وزن"


def test_a_seller_score_bound_keeps_the_shops_rated_exactly_that(shop_db: Database) -> None:
    # Scores are stored as real: 4.2 is 4.1999998 there. "Score 4.2 or more" must count a shop rated 4.2.
    from quarry.apps.shop.tools import get_seller_statistics

    row = shop_db.fetch_all(
        """SELECT m.base_random_key AS k, round(s.score::numeric, 1)::float AS score FROM shop.members m
           JOIN shop.shops s ON s.id = m.shop_id
           WHERE round(s.score::numeric, 1) = 4.2 ORDER BY m.base_random_key LIMIT 1"""
    )[0]
    want = shop_db.scalar(
        """SELECT count(DISTINCT m.shop_id) FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id
           WHERE m.base_random_key = :k AND round(s.score::numeric, 1) >= :score""",
        {"k": row["k"], "score": row["score"]},
    )
    stats = get_seller_statistics(shop_db, row["k"], metric="shops", min_score=row["score"])
    assert stats is not None and stats.numeric_answer == want and want >= 1


@pytest.mark.parametrize(("unit_word", "stored_unit"), [("کیلوئه", "کیلوگرم"), ("اینچه", "اینچ"), ("inches", "اینچ")])
def test_a_feature_asked_by_its_unit_is_the_one_measured_in_it(
    shop_db: Database, unit_word: str, stored_unit: str
) -> None:
    from quarry.apps.shop.agents import NO_FEATURE

    rows = shop_db.fetch_all(
        """SELECT b.english_name, e.value FROM shop.base_products b, jsonb_each_text(b.extra_features) e
           WHERE e.value LIKE '%%' || :unit
             AND (SELECT count(*) FROM jsonb_each_text(b.extra_features) x WHERE x.value LIKE '%%' || :unit) = 1
             AND (SELECT count(*) FROM shop.base_products o WHERE o.english_name = b.english_name) = 1
           ORDER BY b.random_key LIMIT 1""",
        {"unit": stored_unit},
    )
    assert rows
    ask_word = "how many" if unit_word.isascii() else "چند"
    turn = ask(f"{rows[0]['english_name']} {ask_word} {unit_word}?")
    assert turn.message == rows[0]["value"] and turn.message != NO_FEATURE
