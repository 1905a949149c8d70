"""The multi-turn narrowing dialogue on the real catalogue: two questions at most, numbered options,
«۲»/"2" returns that offer's member key, replays, the 60-second cache, relaxation, stop words,
state kept in Postgres, and per-chat serialisation."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from quarry.apps.shop.memory import load_chat
from quarry.apps.shop.models import TextPart
from quarry.apps.shop.narrow_nlu import extract_delta
from quarry.apps.shop.narrow_search import search_offers
from quarry.apps.shop.orchestrator import run
from quarry.apps.shop.turnstate import MemberDelta, MemberDetails
from quarry.apps.shop.vocab import BRANDS, CITIES
from quarry.db import Database
from tests.shop_support import ask, prepared_database
from tests.shop_support import offer as offer_of

SNOWA = next(b.id for b in BRANDS if b.en.lower() == "snowa")
TEHRAN = next(c.id for c in CITIES if c.fa == "تهران")


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


DELTAS = [
    ("I want a cheap fridge", MemberDelta(category_id=17, cheap=True)),
    ("یه یخچال ارزون میخوام", MemberDelta(category_id=17, cheap=True)),
    ("زیر ۲۵ میلیون", MemberDelta(max_price=25_000_000)),
    ("between 20 and 30 million", MemberDelta(min_price=20_000_000, max_price=30_000_000)),
    ("در تهران با گارانتی", MemberDelta(city_id=TEHRAN, has_warranty=True)),
    ("بدون گارانتی", MemberDelta(has_warranty=False)),
    ("snowa", MemberDelta(brand_id=SNOWA)),
    ("اسنوا سفید", MemberDelta(brand_id=SNOWA, attributes={"رنگ": "سفید"})),
    ("امتیاز بالای ۴", MemberDelta(min_score=4.0)),
    ("بیخیال", MemberDelta(stop=True)),
]


@pytest.mark.parametrize(("text", "expected"), DELTAS, ids=[d[0] for d in DELTAS])
def test_regex_reader(text: str, expected: MemberDelta) -> None:
    assert extract_delta(text) == expected


def test_cheap_fridge_dialogue_in_persian(shop_db: Database) -> None:
    chat = f"d-{uuid.uuid4().hex}"
    first = ask(chat, "یه یخچال ارزون میخوام")
    assert first.route == "multi_turn" and first.message and "برند" in first.message
    assert [s.action for s in first.trace if s.step == "clarify"] == ["product_scope"]
    second = ask(chat, "اسنوا")
    assert [s.action for s in second.trace if s.step == "clarify"] == ["shop_scope"]
    third = ask(chat, "تهران با گارانتی")
    assert third.message and third.message.count("\n") >= 1 and "۱." in third.message
    state = load_chat(shop_db, chat)
    options = state.multi["options"]  # type: ignore[index]
    assert 1 <= len(options) <= 5
    pick = ask(chat, "۲")
    assert pick.member_random_keys == [options[1]["member_random_key"]]
    offer = offer_of(shop_db, pick.member_random_keys[0])
    assert (offer["category_id"], offer["brand_id"], offer["city_id"], offer["has_warranty"]) == (
        17, SNOWA, TEHRAN, True,
    )  # fmt: skip
    # The dialogue is over (forgotten); the same reply within 60 s returns the same offer.
    assert load_chat(shop_db, chat).multi is None
    again = ask(chat, "2")
    assert again.member_random_keys == pick.member_random_keys


def test_options_are_replayed_on_an_invalid_reply_and_ascii_digits_work(shop_db: Database) -> None:
    chat = f"d-{uuid.uuid4().hex}"
    ask(chat, "I want a cheap fridge")
    ask(chat, "under 25 million")
    shown = ask(chat, "Tehran with warranty")
    assert shown.message and shown.message.startswith("Here are the options")
    options = load_chat(shop_db, chat).multi["options"]  # type: ignore[index]
    for reply in ("hmm which one", "9"):
        # The same options again (the words no constraint was read from are said back before them).
        replay = ask(chat, reply)
        assert [s.action for s in replay.trace if s.step == "select"] == ["replay"]
        assert replay.message and replay.message.endswith(shown.message)
        assert load_chat(shop_db, chat).multi["options"] == options  # type: ignore[index]
    chosen = ask(chat, "1")
    offer = offer_of(shop_db, (chosen.member_random_keys or [""])[0])
    assert offer["category_id"] == 17 and int(offer["price"]) <= 25_000_000  # type: ignore[call-overload]


def test_nothing_matching_relaxes_in_order_and_says_so(shop_db: Database) -> None:
    chat = f"d-{uuid.uuid4().hex}"
    turn = ask(chat, "I want a cheap snowa fridge under 1000 toman in Tehran with warranty")
    relaxed = [s.action for s in turn.trace if s.step == "search_offers"]
    assert relaxed[0] == "search" and relaxed[1] == "relaxed price"
    assert turn.message and "price range" in turn.message


def test_stop_word_forgets_the_dialogue(shop_db: Database) -> None:
    chat = f"d-{uuid.uuid4().hex}"
    ask(chat, "I want a cheap fridge")
    assert load_chat(shop_db, chat).multi is not None
    ask(chat, "never mind")
    assert load_chat(shop_db, chat).multi is None


def test_turns_of_one_chat_never_interleave(shop_db: Database) -> None:
    chat = f"d-{uuid.uuid4().hex}"

    async def both() -> None:
        await asyncio.gather(
            run(chat, [TextPart(type="text", content="I want a cheap fridge")]),
            run(chat, [TextPart(type="text", content="under 25 million")]),
        )

    asyncio.run(both())
    state = load_chat(shop_db, chat)
    assert state.turns == 2  # a lost update would leave 1
    assert state.multi is not None and state.multi["details"]["max_price"] == 25_000_000  # type: ignore[index]


def test_two_workers_on_one_chat_do_not_lose_a_turn(shop_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each turn gets its own lock, as in two worker processes: only the compare-and-set save of
    # the core's turn keeps them apart.
    from quarry.apps.shop import orchestrator

    monkeypatch.setattr(orchestrator, "_lock", lambda chat_id: asyncio.Lock())
    chat = f"d-{uuid.uuid4().hex}"

    async def both() -> None:
        await asyncio.gather(
            run(chat, [TextPart(type="text", content="I want a cheap fridge")]),
            run(chat, [TextPart(type="text", content="under 25 million")]),
        )

    asyncio.run(both())
    state = load_chat(shop_db, chat)
    version = shop_db.scalar("SELECT version FROM conversations WHERE app = 'shop' AND session_id = :c", {"c": chat})
    assert (state.turns, version) == (2, 2)
    assert state.multi is not None and state.multi["details"]["category_id"] == 17  # type: ignore[index]


def test_a_turn_over_the_time_limit_answers_briefly_and_keeps_the_dialogue(
    shop_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quarry.apps.shop import orchestrator

    chat = f"d-{uuid.uuid4().hex}"
    ask(chat, "I want a cheap fridge")
    before = load_chat(shop_db, chat).multi
    monkeypatch.setattr(orchestrator, "TURN_TIMEOUT_S", 0.0005)  # no real turn fits in half a millisecond
    late = ask(chat, "under 25 million")
    assert late.message == orchestrator.TIMEOUT_MESSAGE
    assert load_chat(shop_db, chat).multi == before
    monkeypatch.undo()
    assert "Which city" in (ask(chat, "under 25 million").message or "")


PLAIN = """
SELECT count(*) AS total, min(m.price) AS cheapest, count(*) FILTER (WHERE s.has_warranty) AS with_warranty
FROM shop.members m JOIN shop.base_products b ON b.random_key = m.base_random_key JOIN shop.shops s ON s.id = m.shop_id
WHERE b.category_id = :category AND (CAST(:brand AS integer) IS NULL OR b.brand_id = CAST(:brand AS integer))
  AND (CAST(:city AS integer) IS NULL OR s.city_id = CAST(:city AS integer))
  AND (CAST(:max_price AS bigint) IS NULL OR m.price <= CAST(:max_price AS bigint))
"""
STATES = [
    MemberDetails(category_id=17, cheap=True),
    MemberDetails(category_id=17, cheap=True, brand_id=SNOWA, city_id=TEHRAN),
    MemberDetails(category_id=8, cheap=True, max_price=20_000_000),
]


@pytest.mark.parametrize("details", STATES, ids=["fridges", "snowa fridges in Tehran", "phones under 20M"])
def test_one_search_agrees_with_a_plain_join(shop_db: Database, details: MemberDetails) -> None:
    found = search_offers(shop_db, details)
    params = {"category": details.category_id, "brand": details.brand_id, "city": details.city_id,
              "max_price": details.max_price}  # fmt: skip
    plain = shop_db.fetch_one(PLAIN, params) or {}
    assert found.total == plain["total"] > 0
    assert found.top[0].price == plain["cheapest"]
    assert [o.price for o in found.top] == sorted(o.price for o in found.top)
    assert len({o.base_random_key for o in found.top}) == len(found.top)  # one offer per product
    warranty = {b.label: b.n for b in found.warranty}
    assert warranty.get("true", 0) == plain["with_warranty"]
    assert sum(b.n for b in found.cities) <= found.total and len(found.cities) <= 6


def test_stored_bare_categories_match_a_live_search(shop_db: Database) -> None:
    """`shop.category_offers` (filled by the ingest) answers exactly what the live statement does,
    for every category, cheap or not; a state with any other filter is never read from it."""
    categories = [r["category_id"] for r in shop_db.fetch_all("SELECT DISTINCT category_id FROM shop.offer_facts")]
    stored = shop_db.scalar("SELECT count(*) FROM shop.category_offers")
    assert stored == 2 * len(categories) > 0
    for category in categories:
        for cheap in (False, True):
            d = MemberDetails(category_id=category, cheap=cheap)
            a, b = search_offers(shop_db, d), search_offers(shop_db, d, stored=False)
            assert a.model_dump(exclude={"ms"}) == b.model_dump(exclude={"ms"}), (category, cheap)
    # Only a bare category is read from the table: store a marked row for a category no offer
    # has (real rows stay untouched for concurrent tests), then look.
    fake = 1_000_000 + category
    try:
        shop_db.execute("INSERT INTO shop.category_offers (category_id, cheap, found)"
                        " VALUES (:c, true, '{\"total\": -1}')", {"c": fake})  # fmt: skip
        assert search_offers(shop_db, MemberDetails(category_id=fake, cheap=True)).total == -1
        assert search_offers(shop_db, MemberDetails(category_id=fake, cheap=True, city_id=TEHRAN)).total == 0
        assert search_offers(shop_db, MemberDetails(category_id=fake, cheap=True), stored=False).total == 0
    finally:
        shop_db.execute("DELETE FROM shop.category_offers WHERE category_id = :c", {"c": fake})


def test_cheap_top_five_is_each_products_cheapestoffer(shop_db: Database) -> None:
    """The cheap top five (found without sorting every offer) equals a plain per-product minimum."""
    found = search_offers(shop_db, MemberDetails(category_id=17, cheap=True), stored=False)
    plain = shop_db.fetch_all(
        "SELECT base_random_key, min(price) AS price FROM shop.offer_facts WHERE category_id = 17"
        " GROUP BY 1 ORDER BY 2, 1 LIMIT 5"
    )
    assert [o.price for o in found.top] == [r["price"] for r in plain]
    assert len({o.base_random_key for o in found.top}) == 5
