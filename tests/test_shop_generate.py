"""The shop catalogue generator: determinism, schema, consistency, scenario products, spelling."""

from __future__ import annotations

import csv
import hashlib
import json
import random
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import timedelta

import pytest

from quarry.apps.shop import spelling
from quarry.apps.shop.authoring.categories import CATEGORIES, CATEGORY_BY_ID
from quarry.apps.shop.authoring.generate import ANCHOR, Catalogue, generate, main
from quarry.apps.shop.featured import FEATURED, FEATURED_OFFERS
from quarry.apps.shop.keys import SPACE, KeySpace, base36
from quarry.apps.shop.rows import (
    BaseProductRow,
    BaseViewRow,
    CategoryRow,
    CityRow,
    FinalClickRow,
    MemberRow,
    SearchRow,
    ShopRow,
)
from quarry.apps.shop.vocab import BRANDS, CITIES

SMALL = {"seed": 3, "base_products": 800, "offers": 8_000, "searches": 600}
_FOLD = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک", **{d: str(i % 10) for i, d in enumerate("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩")}})


def fold(text: str) -> str:
    """The test's own simple normalisation: Arabic ي/ك → ی/ک, digits → Latin, no ZWNJ or spaces."""
    return re.sub(r"[\s\u200c]+", "", text.translate(_FOLD))


def _digits(text: str) -> str:
    return text.translate(_FOLD)


@pytest.fixture(scope="module")
def small() -> dict[str, list]:
    tables: dict[str, list] = defaultdict(list)
    for row in generate(**SMALL):
        tables[type(row).__name__].append(row)
    return tables


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue(**SMALL)


def _digest(rows: Iterator[object], n: int) -> str:
    h = hashlib.sha256()
    for _, row in zip(range(n), rows, strict=False):
        h.update(repr(row).encode())
    return h.hexdigest()


def test_same_seed_same_rows_other_seed_other_rows() -> None:
    assert _digest(generate(**SMALL), 20_000) == _digest(generate(**SMALL), 20_000)
    assert _digest(generate(**{**SMALL, "seed": 4}), 20_000) != _digest(generate(**SMALL), 20_000)


def test_counts_at_small_scale(small: dict[str, list]) -> None:
    counts = {name: len(rows) for name, rows in small.items()}
    assert counts["BaseProductRow"] == 800 and counts["MemberRow"] == 8_000 and counts["SearchRow"] == 600
    assert counts["CityRow"] == len(CITIES) >= 30
    assert counts["BrandRow"] == len(BRANDS)
    leaves = [c for c in small["CategoryRow"] if c.parent_id is not None]
    assert len(leaves) == len(CATEGORIES) >= 25
    assert counts["ShopRow"] == 80 and counts["BaseViewRow"] > 0 and counts["FinalClickRow"] > 0


def test_reference_tables(small: dict[str, list]) -> None:
    cities: list[CityRow] = small["CityRow"]
    assert {"تهران", "مشهد", "اصفهان", "کرج", "شیراز", "تبریز", "قم", "اهواز"} <= {c.name for c in cities}
    categories: list[CategoryRow] = small["CategoryRow"]
    ids = {c.id for c in categories}
    assert all(c.parent_id in ids for c in categories if c.parent_id is not None)
    brands = {b.title for b in small["BrandRow"]}
    assert {"سامسونگ", "اپل", "شیائومی", "ال جی", "اسنوا", "پارس خزر", "بوش", "جی پلاس"} <= brands
    shops: list[ShopRow] = small["ShopRow"]
    assert all(0 <= s.score <= 5 and s.city_id in {c.id for c in cities} for s in shops)
    assert {s.has_warranty for s in shops} == {True, False}


def test_offers_and_bases_agree(small: dict[str, list]) -> None:
    bases: list[BaseProductRow] = small["BaseProductRow"]
    members: list[MemberRow] = small["MemberRow"]
    by_base: dict[str, list[str]] = defaultdict(list)
    for m in members:
        by_base[m.base_random_key].append(m.random_key)
    assert {b.random_key for b in bases} == set(by_base)
    assert all(b.members == by_base[b.random_key] for b in bases)
    keys = [b.random_key for b in bases] + [m.random_key for m in members]
    assert len(set(keys)) == len(keys)
    assert all(re.fullmatch(r"[a-z]{6}", k) for k in keys)
    shop_ids = {s.id for s in small["ShopRow"]}
    assert all(m.shop_id in shop_ids for m in members)


def test_key_space_is_a_permutation() -> None:
    space = KeySpace(1)
    sample = [space.key(i) for i in range(50_000)] + [space.key(SPACE - 1 - i) for i in range(1_000)]
    assert len(set(sample)) == len(sample)
    assert base36(0) == "0" and base36(71) == "1z"
    with pytest.raises(ValueError):
        space.key(SPACE)


def _valid(feature_value: str, spec) -> bool:  # type: ignore[no-untyped-def]
    if not spec.numeric:
        return feature_value in {fa for fa, _ in spec.choices}
    text = _digits(feature_value)
    number, _, unit = text.partition(" ")
    allowed = spec.values()
    return unit == spec.unit and any(abs(float(number) - v) < 1e-6 for v in allowed)


def test_feature_schemas_respected(small: dict[str, list]) -> None:
    bases: list[BaseProductRow] = small["BaseProductRow"]
    for base in bases:
        category = CATEGORY_BY_ID[base.category_id]
        schema = {f.key: f for f in category.features}
        assert set(base.extra_features) <= set(schema), base.persian_name
        for key, value in base.extra_features.items():
            assert _valid(value, schema[key]), (base.persian_name, key, value)
        assert {f.key for f in category.features if f.axis} <= set(base.extra_features)
        if base.brand_id is not None:
            assert category.models.get(next(b.slug for b in BRANDS if b.id == base.brand_id))


def test_prices_in_category_range_and_rounded(small: dict[str, list]) -> None:
    category_of = {b.random_key: CATEGORY_BY_ID[b.category_id] for b in small["BaseProductRow"]}
    prices: dict[str, list[int]] = defaultdict(list)
    for m in small["MemberRow"]:
        category = category_of[m.base_random_key]
        low, high = category.price
        assert isinstance(m.price, int) and low <= m.price <= high
        assert m.price % 1_000 == 0
        prices[category.slug].append(m.price)
    assert 8_000_000 <= statistics.median(prices["mobile"]) <= 90_000_000
    assert statistics.median(prices["laptop"]) > statistics.median(prices["tshirt"]) * 20


def test_bigger_variants_cost_more(catalogue: Catalogue) -> None:
    by_size: dict[str, list[int]] = defaultdict(list)
    for base, offers in catalogue.products():
        if CATEGORY_BY_ID[base.category_id].slug == "tv":
            by_size[_digits(base.extra_features["اندازه صفحه نمایش"])].extend(o.price for o in offers)
    assert statistics.median(by_size["75 اینچ"]) > statistics.median(by_size["32 اینچ"])


def test_names_unique_and_written_like_shops(small: dict[str, list]) -> None:
    bases: list[BaseProductRow] = small["BaseProductRow"]
    folded = [fold(b.persian_name) for b in bases]
    assert len(set(folded)) == len(folded)
    names = " ".join(b.persian_name for b in bases)
    assert "ي" in names and "ك" in names  # Arabic letters
    assert "\u200c" in names and re.search("[۰-۹]", names) and re.search(r"[0-9]", names)
    assert any(re.search("[a-zA-Z]", b.persian_name) and re.search("[آ-ی]", b.persian_name) for b in bases)
    assert all(b.english_name and b.english_name.isascii() for b in bases)


def test_featured_products_for_the_scenarios(catalogue: Catalogue, small: dict[str, list]) -> None:
    keys = catalogue.featured_keys()
    bases = {b.random_key: b for b in small["BaseProductRow"]}
    shops = {s.id: s for s in small["ShopRow"]}
    offers: dict[str, list[MemberRow]] = defaultdict(list)
    for m in small["MemberRow"]:
        offers[m.base_random_key].append(m)

    phone = bases[keys["samsung_a54_128_black"]]
    assert phone.persian_name == "گوشی سامسونگ گلکسی A54 ۱۲۸ گیگ مشکی"
    assert phone.english_name == "Samsung Galaxy A54 128GB Black"
    assert phone.extra_features["رنگ"] == "مشکی" and phone.extra_features["حافظه داخلی"] == "128 گیگابایت"
    tehran = [m for m in offers[phone.random_key] if shops[m.shop_id].city_id == 1]
    assert len(tehran) >= 10 and min(m.price for m in tehran) >= 8_000_000
    # Exactly one product folds to the query; siblings differ in storage/colour/model.
    query = fold("گوشي سامسونگ گلكسي A54 128 گيگ مشكي")
    assert [b.random_key for b in bases.values() if fold(b.persian_name) == query] == [phone.random_key]

    desk = bases[keys["desk_artan"]]
    assert desk.persian_name.startswith("میز تحریر") and desk.extra_features["عرض"] == "120 سانتی‌متر"

    fridge_keys = [keys[f.slug] for f in FEATURED if f.category == "fridge"]
    cheapest = sorted(min(m.price for m in offers[k]) for k in fridge_keys)
    assert len(cheapest) >= 6 and cheapest[0] < 25_000_000 and cheapest[-1] > 100_000_000
    generated = [b for b in bases.values() if b.category_id == 17 and b.random_key not in fridge_keys]
    assert len(generated) >= 10


def test_logs_reference_real_rows(small: dict[str, list]) -> None:
    bases = {b.random_key: b for b in small["BaseProductRow"]}
    sellers = {(m.base_random_key, m.shop_id) for m in small["MemberRow"]}
    searches: dict[int, SearchRow] = {s.id: s for s in small["SearchRow"]}
    views: dict[int, BaseViewRow] = {v.id: v for v in small["BaseViewRow"]}
    first_page: dict[str, int] = {}
    for s in searches.values():
        assert s.query and 1 <= len(s.result_base_product_rks) <= 10
        assert set(s.result_base_product_rks) <= set(bases)
        assert ANCHOR - timedelta(days=31) <= s.timestamp <= ANCHOR + timedelta(hours=2)
        if s.page == 0:
            first_page[s.uid] = s.id
        assert s.uid == base36(first_page[s.uid])
        assert s.category_id == 0 or s.category_id in CATEGORY_BY_ID
    for v in views.values():
        assert v.base_product_rk in searches[v.search_id].result_base_product_rks
        assert v.timestamp > searches[v.search_id].timestamp
    clicks: list[FinalClickRow] = small["FinalClickRow"]
    for c in clicks:
        assert (views[c.base_view_id].base_product_rk, c.shop_id) in sellers


def test_generate_streams_the_default_scale() -> None:
    rows = generate(seed=11)
    assert iter(rows) is rows and not isinstance(rows, list | tuple)
    counts: Counter[str] = Counter(type(r).__name__ for r in rows)
    assert counts["BaseProductRow"] == 20_000 and counts["MemberRow"] == 200_000


def test_cli_writes_one_file_per_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["--out", str(tmp_path / "j"), "--scale", "0.01"]) == 0
    lines = (tmp_path / "j" / "base_products.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200 and isinstance(json.loads(lines[0])["members"], list)
    members = (tmp_path / "j" / "members.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(members) == 2_000
    assert main(["--out", str(tmp_path / "c"), "--scale", "0.01", "--format", "csv"]) == 0
    with (tmp_path / "c" / "base_products.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 200 and json.loads(rows[0]["extra_features"])
    assert {p.name for p in (tmp_path / "c").iterdir()} == {
        f"{t}.csv" for t in ("cities", "categories", "brands", "shops", "base_products", "members", "searches",
                             "base_views", "final_clicks")
    }  # fmt: skip
    assert FEATURED_OFFERS < 2_000


# -- spelling -------------------------------------------------------------------------

CANONICAL = [
    "گوشی‌های سامسونگ گلکسی A54 128 گیگ مشکی",
    "یخچال فریزر اسنوا مدل SN8-2320 24 فوت نقره‌ای",
    "میز تحریر مدل آرتان کد 1204 سفید",
    "لپ تاپ ایسوس مدل VivoBook 15 X1504VA Core i5 رم 16 گیگابایت",
    "کتری برقی پارس خزر ۱.۷ لیتر",
]


@pytest.mark.parametrize("name", sorted(spelling.ORTHOGRAPHIC))
@pytest.mark.parametrize("text", CANONICAL, ids=range(len(CANONICAL)))
def test_orthographic_variant_folds_back(name: str, text: str) -> None:
    variant = spelling.ORTHOGRAPHIC[name](text)
    assert fold(variant) == fold(text)
    applies = {
        "arabic_letters": "ی" in text or "ک" in text,
        "zwnj_as_space": "\u200c" in text,
        "zwnj_removed": "\u200c" in text,
        "persian_digits": bool(re.search(r"(?<![A-Za-z] )(?<![A-Za-z0-9-])[0-9]", text)),
        "arabic_digits": bool(re.search(r"(?<![A-Za-z] )(?<![A-Za-z0-9-])[0-9]|[۰-۹]", text)),
        "latin_digits": bool(re.search("[۰-۹]", text)),
    }[name]
    assert (variant != text) == applies


def test_spelling_examples() -> None:
    assert spelling.zwnj_as_space("گوشی‌های") == "گوشی های"
    assert spelling.zwnj_removed("گوشی‌های") == "گوشیهای"
    assert spelling.with_zwnj("گوشی های") == "گوشی‌های"
    assert spelling.arabic_letters("کیف یک") == "كيف يك"
    assert spelling.persian_letters("كيف يك") == "کیف یک"
    assert spelling.persian_digits("گلکسی A54 128 گیگ") == "گلکسی A54 ۱۲۸ گیگ"
    assert spelling.persian_digits("مدل KOC-644") == "مدل KOC-644"
    assert spelling.latin_digits("۱۲۸ و ١٢٨") == "128 و 128"
    assert spelling.latin_terms("گوشی سامسونگ گلکسی A54") == "گوشی Samsung Galaxy A54"
    assert spelling.persian_terms("گوشی Samsung Galaxy A54") == "گوشی سامسونگ گلکسی A54"
    assert spelling.latin_terms("یخچال ال جی") == "یخچال LG"
    variants = spelling.orthographic_variants(CANONICAL[0])
    assert set(variants) == set(spelling.ORTHOGRAPHIC) - {"latin_digits"}


@pytest.mark.parametrize("kind", spelling.TYPO_KINDS)
def test_typo_is_one_small_edit(kind: str) -> None:
    text = CANONICAL[0]
    for seed in range(30):
        out = spelling.typo(text, random.Random(seed), kind)
        assert out != text and abs(len(out) - len(text)) <= 1
        assert spelling.typo(text, random.Random(seed), kind) == out
        assert out.split()[3:] == text.split()[3:] or out.split()[:3] == text.split()[:3]
    assert spelling.typo("A54 128", random.Random(0)) == "A54 128"


def test_shop_spelling_mixes_forms() -> None:
    rng = random.Random(5)
    outs = {spelling.shop_spelling(CANONICAL[0], rng) for _ in range(300)}
    assert len(outs) >= 8 and all(fold(o) == fold(CANONICAL[0]) for o in outs)
