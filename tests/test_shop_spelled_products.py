"""Products named the way people spell them (issue 20, from blind round 5): a model's Latin letter
written in Persian («اس ۲۴» is S24), sizes and capacities in words («بیست و هفت اینچ»), Finglish
colour adjectives ("noghrei"), and a fully named product inside a wish ("looking for the iphone 15
pro 64gb in gold") is that product, not a narrowing dialogue. Keys are checked against SQL on the
real catalogue; the sentences are written for these tests."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.multiturn_nlu import is_exploration
from quarry.apps.shop.nlu import _latin_models, _spelled
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.variants import colour_of
from quarry.apps.shop.vocab import loaded_words
from quarry.db import Database
from quarry.nlu.numbers import find_number_words
from quarry.search.text import fold_joined
from tests.shop_support import prepared_database


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str) -> ShopTurn:
    return asyncio.run(run(uuid.uuid4().hex, [TextPart(type="text", content=text)]))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("گوشی سامسونگ اس ۲۳ اف ای", "s23"),
        ("پوکو ایکس ۶ پرو", "x6"),
        ("پرینتر اچ پی 107a", "اچ پی 107a"),  # an acronym's letters, then a model code
        ("تلویزیون ال جی 55 اینچ", "ال جی 55"),
    ],
)
def test_a_models_latin_letter_spelled_in_persian(text: str, said: str) -> None:
    assert said in _latin_models(fold_joined(text))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("مانیتور بیست و چهار اینچ", "24 اینچ"),
        ("گوشی صد و بیست و هشت گیگ", "128 گیگ"),
        ("تیشرت ال سی وایکیکی", "ال سی وایکیکی"),  # «سی» alone is the letter C here
        ("یه هدفون سی گیگ", "30 گیگ"),  # one word, but a unit after it
    ],
)
def test_sizes_in_words_become_digits(text: str, said: str) -> None:
    assert said in _spelled(fold_joined(text))


def test_one_hundred_is_a_persian_number_word() -> None:
    assert [f.value for f in find_number_words("صد و بیست و هشت")] == [128.0]


def test_a_finglish_colour_adjective_is_the_stored_colour(shop_db: Database) -> None:
    colours = loaded_words().colours
    stored = {c for c in colours.values() if fold_joined(c) == fold_joined("نقره‌ای")}
    assert stored and colour_of("noghrei", colours) in stored
    assert colour_of("barghi", colours) is None  # «برقی» (electric) is no colour


@pytest.mark.parametrize(
    ("text", "explores"),
    [
        ("looking for the galaxy a55 256gb in blue", False),
        ("redmi note 13 512 gold mikham", False),
        ("یه گوشی ۲۵۶ گیگ رم ۸ مشکی میخوام", True),  # a spec, no model
        ("a good 55 inch tv under 30m", True),
    ],
)
def test_a_named_product_inside_a_wish_is_a_lookup(shop_db: Database, text: str, explores: bool) -> None:
    assert is_exploration(text) is explores


def test_a_persian_spelled_model_finds_its_product(shop_db: Database) -> None:
    want = shop_db.scalar(
        "SELECT random_key FROM shop.base_products WHERE english_name = :n",
        {"n": "Samsung Galaxy S24 Ultra 256GB RAM 12GB Gold Mobile Phone"},
    )
    assert want is not None
    turn = ask("گوشی سامسونگ اس ۲۴ الترا ۲۵۶ گیگ رم ۱۲ طلایی")
    assert turn.base_random_keys == [want]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("how heavy is the galaxy a55?", "وزن"),
        ("how wide is that fridge", "عرض"),
        ("its energy label?", "رده مصرف انرژی"),
    ],
)
def test_a_feature_asked_by_its_question_form(shop_db: Database, text: str, key: str) -> None:
    from quarry.apps.shop.nlu import feature_in

    found = feature_in(fold_joined(text.lower()), loaded_words())
    assert found is not None and found[0] == key


def test_a_wanting_verb_is_no_word_of_the_product(shop_db: Database) -> None:
    """«…رو میخواستم» ("I wanted …") had stayed in the product words, and a model code without its
    hyphen then found nothing: the mi- form of a verb no product writes names nothing."""
    from quarry.apps.shop.nlu import parse_question

    assert "میخواستم" not in parse_question("پرینتر برادر DCPT410W رو میخواستم").product.split()
    assert "نمیخوام" in parse_question("پرینتر برادر DCPT410W نمیخوام").product.split()  # negation is read apart
    reply = ask("پرینتر برادر DCPT410W رو میخواستم")
    want = shop_db.scalar("SELECT random_key FROM shop.base_products WHERE english_name = 'Brother DCP-T410W Printer'")
    assert reply.base_random_keys == [want]


def test_a_series_typed_in_persian_letters_with_its_number_names_a_product() -> None:
    assert not is_exploration("سلام، آیفون ۱۳ سبز ۱۲۸ گیگ میخوام هست؟")
    assert is_exploration("یه گوشی خوب زیر ۲۰ میلیون میخوام")


def test_every_latin_letter_spelled_before_a_number_is_read(shop_db: Database) -> None:
    assert "w67" in _latin_models(fold_joined("کولر ال جی اس۴ دبلیو۶۷"))
    reply = ask("کولر ال جی اس۴ دبلیو۶۷ چند تا فروشنده داره؟")
    sellers = shop_db.scalar(
        "SELECT count(*) FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key"
        " WHERE b.english_name LIKE 'LG S4-W67 %'"
    )
    assert reply.message == str(sellers)
