"""No silent drops in shop, metamorphic: adding an unknown city or a nonsense word to a seller
statistic or a narrowing request never widens what it counts, and the word is reported in a
structured field. A place the catalogue has no city of is asked back by name (in the question's
parse, the statistics tool's `unresolved`, the dialogue's plan step), never computed over every city."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from quarry.agent import PlanStep, RetrievalStep, ToolStep
from quarry.apps.shop.authoring.generate import Catalogue
from quarry.apps.shop.featured import FEATURED
from quarry.apps.shop.models import ShopTurn, TextPart
from quarry.apps.shop.nlu import parse_question
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.tools import get_seller_statistics
from quarry.apps.shop.vocab import catalogue_words
from quarry.db import Database
from quarry.nlu.lexicon import load_lexicon
from tests.shop_support import prepared_database

NONSENSE = "blorptastic"
A54 = next(f for f in FEATURED if f.slug == "samsung_a54_128_black")
A54_KEY = Catalogue().featured_keys()[A54.slug]


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


def ask(text: str, chat: str | None = None) -> ShopTurn:
    return asyncio.run(run(chat or f"nsd-{uuid.uuid4().hex}", [TextPart(type="text", content=text)]))


def _stats_calls(turn: ShopTurn) -> list[ToolStep]:
    return [s for s in turn.trace if isinstance(s, ToolStep) and s.tool == "get_seller_statistics"]


def _searches(turn: ShopTurn) -> list[RetrievalStep]:
    return [s for s in turn.trace if isinstance(s, RetrievalStep) and s.step == "search_offers"]


def _plan(turn: ShopTurn) -> dict[str, object]:
    step = next(s for s in turn.trace if isinstance(s, PlanStep) and s.step == "nlu")
    return step.filters or {}


# --- single-turn seller statistics -------------------------------------------------------------
SELLER = [
    ("fa", f"کمترین قیمت {A54.persian_name} در {{city}} چقدر است؟", "تهران", "زوربالند"),
    ("fa-shops-warranty", f"میانگین قیمت {A54.persian_name} در فروشگاه‌های {{city}} که گارانتی دارند", "تهران",
     "زوربالند"),
    ("en", f"What is the lowest price of {A54.english_name} in {{city}}?", "Tehran", "Zorbaland"),
    ("finglish", f"kamtarin gheymat {A54.english_name} dar {{city}}", "tehran", "zorbaland"),
]  # fmt: skip


@pytest.mark.parametrize(("template", "known", "unknown"), [s[1:] for s in SELLER], ids=[s[0] for s in SELLER])
def test_an_unknown_city_is_asked_back_never_counted_over_every_city(
    shop_db: Database, template: str, known: str, unknown: str
) -> None:
    base = ask(template.format(city=known))
    assert base.message is not None and base.message.isdigit()
    noisy_text = template.format(city=unknown)
    noisy = ask(noisy_text)
    # Asked back by name: no figure, no key, the same product found.
    assert noisy.message is not None and unknown in noisy.message and not noisy.message.isdigit()
    assert noisy.base_random_keys is None and noisy.member_random_keys is None
    assert noisy.candidates and base.candidates and noisy.candidates[0].random_key == A54_KEY
    assert [s.args["city"] for s in _stats_calls(noisy)] == [unknown]
    question = parse_question(noisy_text)
    assert question.unresolved == (unknown,) and question.city == unknown
    # The tool counts nothing for it, where without the city it would count every offer.
    stats = get_seller_statistics(shop_db, A54_KEY, city=question.city, metric=question.metric)
    known_stats = get_seller_statistics(shop_db, A54_KEY, city=parse_question(template.format(city=known)).city)
    everywhere = get_seller_statistics(shop_db, A54_KEY)
    assert stats is not None and known_stats is not None and everywhere is not None
    assert stats.unresolved == [unknown] and stats.numeric_answer is None
    assert stats.offers == 0 < known_stats.offers < everywhere.offers


def test_a_city_typed_in_finglish_or_with_a_slip_is_the_city(shop_db: Database) -> None:
    isfahan = parse_question(f"kamtarin gheymat {A54.english_name} dar esfahan")
    tehran = parse_question(f"کمترین قیمت {A54.persian_name} در تهرون")
    assert (isfahan.city, isfahan.unresolved) == ("اصفهان", ())
    assert (tehran.city, tehran.unresolved) == ("تهران", ())


WORDS_AFTER_IN = [
    f"lowest price of {A54.english_name} in black",
    f"کمترین قیمت {A54.persian_name} در حال حاضر",
    f"in how many shops is the {A54.english_name} sold?",
]


@pytest.mark.parametrize("text", WORDS_AFTER_IN)
def test_words_after_in_that_name_no_place_are_not_asked_back(shop_db: Database, text: str) -> None:
    assert parse_question(text).unresolved == ()


SELLER_NONSENSE = [
    ("fa", f"کمترین قیمت {A54.persian_name} در تهران چقدر است؟", f"کمترین قیمت {A54.persian_name} {NONSENSE} در "
     "تهران چقدر است؟"),
    ("en", f"What is the lowest price of {A54.english_name} in Tehran?",
     f"What is the lowest price of {A54.english_name} {NONSENSE} in Tehran?"),
    ("en-all-cities", f"how many shops sell the {A54.english_name}?",
     f"how many shops sell the {NONSENSE} {A54.english_name}?"),
]  # fmt: skip


@pytest.mark.parametrize(("plain", "noisy"), [s[1:] for s in SELLER_NONSENSE], ids=[s[0] for s in SELLER_NONSENSE])
def test_a_nonsense_word_changes_no_figure_and_is_reported(shop_db: Database, plain: str, noisy: str) -> None:
    base, with_noise = ask(plain), ask(noisy)
    assert base.message is not None and base.message.isdigit()
    assert with_noise.message == base.message
    assert [c.random_key for c in with_noise.candidates][:1] == [c.random_key for c in base.candidates][:1]
    assert [s.args.get("city") for s in _stats_calls(with_noise)] == [s.args.get("city") for s in _stats_calls(base)]
    assert NONSENSE in parse_question(noisy).not_understood
    assert NONSENSE not in parse_question(plain).not_understood


# --- the narrowing dialogue ----------------------------------------------------------------------
DIALOGUES = [
    ("en", "I want a cheap fridge in {city}", "Tehran", "Zorbaland"),
    ("fa", "یه یخچال ارزون در {city} میخوام", "تهران", "زوربالند"),
    ("finglish-city", "I want a cheap fridge dar {city}", "tehran", "zorbaland"),
]


@pytest.mark.parametrize(("template", "known", "unknown"), [d[1:] for d in DIALOGUES], ids=[d[0] for d in DIALOGUES])
def test_a_dialogue_asks_back_an_unknown_city_before_any_search(
    shop_db: Database, template: str, known: str, unknown: str
) -> None:
    base = ask(template.format(city=known))
    assert base.route == "multi_turn"
    (searched,) = _searches(base)
    assert searched.count is not None and searched.count > 0
    chat = f"nsd-{uuid.uuid4().hex}"
    noisy = ask(template.format(city=unknown), chat)
    assert noisy.route == "multi_turn" and _searches(noisy) == []
    assert noisy.message is not None and unknown in noisy.message and noisy.member_random_keys is None
    assert _plan(noisy)["unresolved"] == [unknown] and unknown not in _plan(noisy).get("keywords", [])
    assert [s.codes for s in noisy.trace if s.step == "clarify"] == [["unresolved_place"]]
    # Naming the city then searches what the first message asked for, in that city: nothing was dropped.
    answered = ask(known, chat)
    assert [s.count for s in _searches(answered)] == [searched.count]


NARROWING_NONSENSE = [
    ("en", "I want a cheap fridge", f"I want a cheap {NONSENSE} fridge"),
    ("fa", "یه یخچال ارزون میخوام", f"یه یخچال ارزون {NONSENSE} میخوام"),
    ("en-city", "I want a cheap fridge in Tehran", f"I want a cheap fridge in Tehran {NONSENSE}"),
]


@pytest.mark.parametrize(
    ("plain", "noisy"), [n[1:] for n in NARROWING_NONSENSE], ids=[n[0] for n in NARROWING_NONSENSE]
)
def test_a_nonsense_word_never_widens_a_narrowing_search(shop_db: Database, plain: str, noisy: str) -> None:
    base, with_noise = ask(plain), ask(noisy)
    assert with_noise.route == base.route == "multi_turn"
    assert _plan(with_noise)["keywords"] == [NONSENSE] and "keywords" not in _plan(base)
    (searched,) = _searches(base)
    *narrowed, final = _searches(with_noise)
    assert all(s.count == 0 for s in narrowed) and final.count is not None and final.count <= (searched.count or 0)
    assert final.action == "relaxed keywords"  # said back, not silently ignored


# --- the words understanding reads ----------------------------------------------------------------
def test_the_lexicon_names_only_what_the_loaded_catalogue_holds(shop_db: Database) -> None:
    words = catalogue_words(shop_db)
    lexicon = load_lexicon("quarry.apps.shop", "lexicon")
    titles = {r["title"] for r in shop_db.fetch_all("SELECT title FROM shop.categories WHERE parent_id IS NOT NULL")}
    assert set(lexicon["categories"]) <= titles
    assert set(lexicon["features"].values()) <= set(words.features)
    assert set(words.feature_names) == set(lexicon["features"])
    assert {c for _, c in words.categories} == {
        r["id"] for r in shop_db.fetch_all("SELECT id FROM shop.categories WHERE parent_id IS NOT NULL")
    }
    assert words.colours["black"] == "مشکی" and "fridge" in dict(words.categories)
