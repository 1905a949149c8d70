"""Shop catalogue in the real Postgres: schema and indexes, COPY ingest, Persian folding parity, the tools."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator

import pytest

from quarry.apps.shop import spelling
from quarry.apps.shop.authoring.eval_cases import build_cases
from quarry.apps.shop.authoring.generate import Catalogue
from quarry.apps.shop.authoring.generic_queries import build_generic_queries
from quarry.apps.shop.featured import FEATURED
from quarry.apps.shop.generic_queries import load_generic_queries, wrong_candidates
from quarry.apps.shop.ingest import Size, ingest, loaded_size
from quarry.apps.shop.nlu import parse_question
from quarry.apps.shop.tools import (
    _by_words,
    _finglish_words,
    _search,
    _spelled,
    city_id,
    edits,
    get_product_features,
    get_seller_statistics,
    quoted_keys,
    search_base_products,
)
from quarry.db import Database
from quarry.search.text import fold_joined
from tests.shop_support import prepared_database

FEATURED_KEYS = Catalogue().featured_keys()
"""Featured slug → base key, from the generator (the same seed the default ingest uses)."""


@pytest.fixture(scope="module")
def shop_db() -> Database:
    return prepared_database()


A54 = next(f for f in FEATURED if f.slug == "samsung_a54_128_black")

SPELLINGS: list[tuple[str, ...]] = [
    ("گوشی های", "گوشی‌های", "گوشیهای"),
    ("گوشي هاي", "گوشی‌های", "گوشیهای"),
    ("قهوه ای", "قهوه‌ای", "قهوهای"),
    ("ارزان تر", "ارزان‌تر", "ارزانتر"),
    ("می شود", "می‌شود", "میشود"),
    ("۱۲۸ گیگ", "١٢٨ گیگ", "128 گیگ"),
    ("كتاب", "کتاب", "کتاب"),
]
"""Each row: spellings that must fold to one string (Python and SQL alike)."""


@pytest.mark.parametrize("variants", SPELLINGS, ids=[v[0] for v in SPELLINGS])
def test_spellings_fold_alike_in_python_and_sql(shop_db: Database, variants: tuple[str, ...]) -> None:
    python = [fold_joined(v) for v in variants]
    sql = [shop_db.scalar("SELECT quarry_fold_joined(:t)", {"t": v}) for v in variants]
    assert python == sql
    assert len(set(python)) == 1, python


def test_fold_joined_keeps_words_that_only_look_like_affixes(shop_db: Database) -> None:
    # "های" at the start of a text or after a Latin word is not a suffix; "تر" inside a word stays.
    for text in ("ها را", "Samsung های", "تریلر", "نمی دانم"):
        assert fold_joined(text) == shop_db.scalar("SELECT quarry_fold_joined(:t)", {"t": text})
    assert fold_joined("Samsung های") == "samsung های"
    assert fold_joined("نمی دانم") == "نمیدانم"


def test_pg_trgm_sees_persian_letters(shop_db: Database) -> None:
    assert shop_db.scalar("SELECT cardinality(show_trgm('گوشی'))") > 0


def test_every_seed_index_exists(shop_db: Database) -> None:
    names = {r["indexname"] for r in shop_db.fetch_all("SELECT indexname FROM pg_indexes WHERE schemaname = 'shop'")}
    assert {
        "idx_base_products_persian_name_trgm",
        "idx_base_products_english_name_trgm",
        "idx_base_products_search_vector",
        "idx_base_products_category",
        "idx_base_products_brand",
        "idx_members_base_random_key",
        "idx_members_shop_id",
    } <= names
    # The search vector uses the `simple` config: Persian words are kept as they are, not stemmed away.
    vector = shop_db.scalar(
        "SELECT search_vector::text FROM shop.base_products WHERE random_key = :k", {"k": FEATURED_KEYS[A54.slug]}
    )
    assert "'گوشی'" in vector and "'samsung'" in vector


def test_default_catalogue_size_and_raw_member_lists(shop_db: Database) -> None:
    size = loaded_size(shop_db)
    assert size == Size()
    assert size.base_products >= 20_000 and size.offers >= 200_000
    counts = shop_db.fetch_one(
        "SELECT (SELECT count(*) FROM shop.base_products) AS bases, (SELECT count(*) FROM shop.members) AS offers,"
        " (SELECT count(*) FROM shop.cities) AS cities, (SELECT count(*) FROM shop.searches) AS searches"
    )
    assert counts == {"bases": size.base_products, "offers": size.offers, "cities": counts["cities"],
                      "searches": counts["searches"]}  # fmt: skip
    assert counts["cities"] >= 30 and counts["searches"] > 0
    # members (the raw key list) agrees with the normalised members table for every product.
    mismatched = shop_db.scalar(
        "SELECT count(*) FROM shop.base_products b WHERE jsonb_array_length(b.members) <>"
        " (SELECT count(*) FROM shop.members m WHERE m.base_random_key = b.random_key)"
    )
    assert mismatched == 0


def _fingerprint(db: Database) -> dict[str, object]:
    return (
        db.fetch_one(
            "SELECT (SELECT md5(string_agg(random_key || persian_fold, ',' ORDER BY random_key))"
            " FROM shop.base_products) AS bases, (SELECT sum(price) FROM shop.members) AS prices,"
            " (SELECT count(*) FROM shop.final_clicks) AS clicks"
        )
        or {}
    )


@pytest.mark.slow
def test_ingest_twice_gives_the_same_catalogue(shop_db: Database) -> None:
    before = _fingerprint(shop_db)
    report = ingest(shop_db)
    assert report.rows["members"] == Size().offers
    assert _fingerprint(shop_db) == before


# --- search_base_products ----------------------------------------------------------------------
def _variants() -> Iterator[tuple[str, str]]:
    name = A54.persian_name
    yield "persian", name
    yield "english", A54.english_name
    yield "arabic_letters", spelling.arabic_letters(name)
    yield "latin_digits", spelling.latin_digits(name)
    yield "latin_terms", spelling.latin_terms(name)
    for kind in spelling.TYPO_KINDS:
        yield f"typo_{kind}", spelling.typo(name, random.Random(kind), kind)


@pytest.mark.parametrize(("label", "query"), list(_variants()), ids=[v[0] for v in _variants()])
def test_search_finds_the_one_product_however_it_is_written(shop_db: Database, label: str, query: str) -> None:
    found = search_base_products(shop_db, query)
    assert found and found[0].random_key == FEATURED_KEYS[A54.slug], (label, query, found[:2])


def test_near_miss_siblings_rank_below_the_exact_product(shop_db: Database) -> None:
    found = search_base_products(shop_db, "Samsung Galaxy A54 5G 256GB RAM 8GB Black")
    assert found[0].random_key == FEATURED_KEYS["samsung_a54_256_black"]
    assert FEATURED_KEYS[A54.slug] != found[0].random_key


def test_half_space_spellings_find_the_same_product(shop_db: Database) -> None:
    name = next(f for f in FEATURED if f.slug == "desk_mahan").persian_name  # "قهوه‌ای"
    assert "\u200c" in name
    tops = {search_base_products(shop_db, v)[0].random_key for v in
            (name, spelling.zwnj_as_space(name), spelling.zwnj_removed(name))}  # fmt: skip
    assert tops == {FEATURED_KEYS["desk_mahan"]}


def test_finglish_query_is_transliterated(shop_db: Database) -> None:
    found = search_base_products(shop_db, "ayfon 13")
    assert found and "iphone 13" in found[0].english_name.lower()
    fridge = search_base_products(shop_db, "yakhchal snowa")
    assert fridge and "یخچال" in fold_joined(fridge[0].persian_name) and "snowa" in fridge[0].english_name.lower()


def test_whole_word_lookup_answers_despite_typos_and_question_words(shop_db: Database) -> None:
    # A misspelt word, or a word of the question no product has, is left out of the words every
    # product must hold; a query of common words alone is left to the trigram lookup.
    for query in (spelling.typo(A54.persian_name, random.Random("swap"), "swap"),
                  f"رنگ {A54.persian_name} چقدر است؟", f"What is the weight of {A54.english_name}?"):  # fmt: skip
        found = _by_words(shop_db, query, 5)
        assert found and found[0].random_key == FEATURED_KEYS[A54.slug], (query, found)
    assert _by_words(shop_db, "گوشی موبایل", 5) is None


def test_text_without_words_or_with_very_many(shop_db: Database) -> None:
    for nothing in ("😀 🙂", "'", "\\", "؟!"):
        assert search_base_products(shop_db, nothing) == [], nothing
    # A pasted page: too many words to look for near misses of; it names no one product.
    page = " ".join([A54.persian_name, *(f.persian_name for f in FEATURED[:20] if f.slug != A54.slug)])
    assert search_base_products(shop_db, page) == _search(shop_db, page, 5, words_first=False)
    found = search_base_products(shop_db, A54.persian_name + " " + "؟ " * 40)
    assert found[0].random_key == FEATURED_KEYS[A54.slug]


def _lookup_texts() -> list[str]:
    """Every lookup text of the committed and the three held-out eval draws, whole and as the
    offline agent sends it (the question's product words)."""
    texts: list[str] = []
    for draw in range(4):
        for case in build_cases(draw=draw):
            if case.scenario in ("specific_product", "feature", "comparison", "seller_stats"):
                parsed = parse_question(case.turns[0])
                texts += [case.turns[0], *([parsed.product] if parsed.product else []), *parsed.products]
    return list(dict.fromkeys(texts))


@pytest.mark.slow
def test_whole_word_lookup_keeps_the_trigram_lookups_best_product(shop_db: Database) -> None:
    # The whole-word lookup replaced the trigram one for most queries to meet 30 ms at 1M offers;
    # its lists are shorter (only products holding every distinctive word), but the product it
    # puts first must be the one the trigram lookup alone puts first.
    texts = _lookup_texts()
    assert len(texts) > 300
    differ = []
    for text in texts:
        fast = [c.random_key for c in search_base_products(shop_db, text)[:1]]
        slow = [c.random_key for c in _search(shop_db, text, 5, words_first=False)[:1]]
        if fast != slow:
            differ.append((text, fast, slow))
    assert differ == []


def test_generic_queries_file_is_the_generators_output() -> None:
    queries = load_generic_queries()
    assert queries == build_generic_queries()
    assert len(queries) >= 40
    assert {"persian", "english", "mixed", "arabic_letters", "colour_no_half_space", "finglish"} <= {
        q.kind for q in queries
    }


def test_every_candidate_of_a_generic_query_is_what_its_words_say(shop_db: Database) -> None:
    # Queries of common words only («گوشی سامسونگ», "lenovo laptop", "yakhchal snowa"), labelled
    # from the generator's categories and brands and checked on the catalogue's columns.
    wrong, fewer = [], []
    for query in load_generic_queries():
        keys = [c.random_key for c in search_base_products(shop_db, query.query)]
        bad = wrong_candidates(shop_db, query, keys)
        if not keys or bad:
            wrong.append((query.id, query.query, len(keys), bad))
        elif len(keys) < 5:
            fewer.append(query.id)
    assert wrong == []
    assert fewer == ["generic-office_chair-colour_no_half_space"]  # only two brown IKEA chairs


@pytest.mark.slow
def test_generic_lookup_puts_first_what_the_trigram_lookup_does(shop_db: Database) -> None:
    # Where the trigram lookup's first product is right, the common-words lookup puts first the
    # same product, or one scoring at least as high by the same score (ties are broken by key
    # among the candidates each lookup found; the trigram lookup sees only some of the thousands
    # of products a generic query holds). A Finglish query is compared with the trigram lookup of
    # what it searches: its Latin words no product has written in Persian («یخچال snowa»).
    same = 0
    worse = []
    for query in load_generic_queries():
        fast = search_base_products(shop_db, query.query)
        persian = _finglish_words(shop_db, query.query) if query.kind == "finglish" else None
        text = persian[0] if persian else query.query
        slow = _search(shop_db, text, 5, words_first=False)
        if not slow or wrong_candidates(shop_db, query, [slow[0].random_key]):
            continue
        if fast[0].random_key == slow[0].random_key:
            same += 1
        elif fast[0].score < slow[0].score - 1e-9:
            worse.append((query.id, fast[0].persian_name, fast[0].score, slow[0].persian_name, slow[0].score))
    assert worse == []
    assert same >= 40


def test_quoted_keys_are_looked_up_exactly_before_any_fuzzy_search(shop_db: Database) -> None:
    key = FEATURED_KEYS["desk_artan"]
    found = search_base_products(shop_db, f"کد {key} را بده")
    assert [c.random_key for c in found] == [key] and found[0].matched == "key"
    member = shop_db.scalar("SELECT random_key FROM shop.members WHERE base_random_key = :k LIMIT 1", {"k": key})
    assert search_base_products(shop_db, member)[0].random_key == key
    assert quoted_keys("no keys here, 128GB") == []


# --- features and seller statistics ------------------------------------------------------------
def test_features_are_the_whole_flat_list(shop_db: Database) -> None:
    desk = next(f for f in FEATURED if f.slug == "desk_artan")
    features = get_product_features(shop_db, FEATURED_KEYS[desk.slug])
    assert features is not None
    assert {f.name: f.value for f in features} == desk.features
    assert get_product_features(shop_db, "zzzzzz") is None


def _prices(db: Database, key: str, city: int | None = None, warranty: bool | None = None) -> list[int]:
    rows = db.fetch_all(
        "SELECT m.price, s.city_id, s.has_warranty FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id"
        " WHERE m.base_random_key = :k",
        {"k": key},
    )
    return [r["price"] for r in rows if (city is None or r["city_id"] == city)
            and (warranty is None or r["has_warranty"] == warranty)]  # fmt: skip


@pytest.mark.parametrize(("city", "warranty"), [(None, None), ("تهران", None), ("Tehran", True), ("تهران", False)])
def test_seller_statistics_match_the_offers(shop_db: Database, city: str | None, warranty: bool | None) -> None:
    key = FEATURED_KEYS[A54.slug]
    prices = _prices(shop_db, key, city_id(city), warranty)
    assert prices, "the featured phone has offers in Tehran with and without warranty"
    stats = get_seller_statistics(shop_db, key, city=city, has_warranty=warranty, metric="median_price")
    assert stats is not None
    assert (stats.offers, stats.min_price, stats.max_price) == (len(prices), min(prices), max(prices))
    assert stats.avg_price == round(statistics.fmean(prices))
    assert stats.median_price == round(statistics.median(prices))
    assert stats.numeric_answer == stats.median_price


def test_seller_statistics_for_unknown_things(shop_db: Database) -> None:
    assert get_seller_statistics(shop_db, "zzzzzz") is None
    stats = get_seller_statistics(shop_db, FEATURED_KEYS[A54.slug], city="Atlantis", metric="min_price")
    assert stats is not None and stats.numeric_answer is None and stats.unresolved == ["Atlantis"]


@pytest.mark.parametrize(
    ("a", "b", "n"),
    [
        ("phnoe", "phone", 1),
        ("samsnug", "samsung", 1),
        ("laptopp", "laptop", 1),
        ("kitten", "sitting", 3),
        ("ab", "ab", 0),
    ],
)
def test_edits_count_a_swap_of_neighbours_as_one(a: str, b: str, n: int) -> None:
    assert edits(a, b) == n == edits(b, a)


@pytest.mark.parametrize(
    ("query", "spelled"),
    [
        ("lenovo laptopp", "lenovo laptop"),
        ("xiaomi phnoe", "xiaomi phone"),
        ("لپتاپ لنوو", "لپ تاپ لنوو"),  # one word where shops write two
        ("گوشی سامسونک", "گوشی سامسونگ"),
        ("lenovo laptop", None),  # nothing to spell
        ("lenovo qwxzv", None),  # no catalogue word near
        ("lenovo lap", None),  # too short to guess
    ],
)
def test_unknown_words_are_spelled_as_the_catalogue_writes_them(
    shop_db: Database, query: str, spelled: str | None
) -> None:
    assert _spelled(shop_db, query) == spelled


def _one_typo(text: str, rng: random.Random) -> str | None:
    """`text` with one letter dropped, doubled or swapped with the next in its longest word."""
    words = text.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    if len(w) < 5:
        return None
    j, kind = rng.randrange(1, len(w) - 1), rng.choice(["drop", "double", "swap"])
    words[i] = {
        "drop": w[:j] + w[j + 1 :],
        "double": w[:j] + w[j] + w[j:],
        "swap": w[:j] + w[j + 1] + w[j] + w[j + 2 :],
    }[kind]
    return " ".join(words) if words[i] != w else None


@pytest.mark.slow
def test_generic_queries_with_a_typo_still_find_the_right_products(shop_db: Database) -> None:
    # Measured when spelling was added: 44 of 46 typo'd labelled queries all right (43 before,
    # with the trigram lookup alone deciding typos at 3-8x the time at 1M offers).
    rng = random.Random(11)
    right, missed = 0, []
    for query in load_generic_queries():
        typo = _one_typo(query.query, rng)
        if typo is None:
            continue
        keys = [c.random_key for c in search_base_products(shop_db, typo)]
        if keys and not wrong_candidates(shop_db, query, keys):
            right += 1
        else:
            missed.append(typo)
    assert right >= 44, missed
    assert len(missed) <= 2, missed
