"""One base product from a category and a seeded RNG: names, features and reference price.

The canonical Persian name is `noun brand مدل model axes...` («یخچال فریزر اسنوا مدل SN8-2320
24 فوت نقره‌ای»); the stored `persian_name` is that name as one shop writes it (sometimes with
the brand in Latin script, then `spelling.shop_spelling`). Prices sit on a log scale inside
the category's range: premium brands and bigger variants (more storage, a larger screen)
cost more. Offer prices scatter a few percent around the reference and are rounded the way
Iranian shops round them (…,000 / …,990,000).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .authoring.features import Category
from .featured import Featured
from .spelling import latin_terms, persian_digits, shop_spelling
from .vocab import BRAND_BY_SLUG, Brand

KEEP_FEATURES = frozenset({"عرض", "رنگ"})
"""Feature keys never dropped from `extra_features` (scenarios ask about them)."""
DROP_SHARE = 0.08
"""Chance that any other non-axis feature is missing, as in real scraped catalogues."""
UNBRANDED_TIER = 0.3


@dataclass(frozen=True, slots=True)
class Product:
    """A base product before it gets its key and offers."""

    category: Category
    brand: Brand | None
    canonical: str
    """Canonical Persian name (Persian letters, ZWNJ, Latin digits): the uniqueness key."""
    persian_name: str
    english_name: str
    features: dict[str, str]
    price: int
    """Reference price in Toman."""


def _expand(pattern: str, rng: random.Random) -> tuple[str, str]:
    """(Persian, English) model from "fa/en" or a Latin pattern; `#`/`@` get the same draws in both."""
    fa, _, en = pattern.partition("/")
    drawn = [str(rng.randrange(10)) if ch == "#" else chr(65 + rng.randrange(26)) for ch in fa if ch in "#@"]

    def fill(text: str) -> str:
        it = iter(drawn)
        return "".join(next(it, "0") if ch in "#@" else ch for ch in text)

    return fill(fa), fill(en or fa)


def build(category: Category, rng: random.Random, *, code: bool = False) -> Product:
    """A random product of `category`; `code` adds a 4-digit seller code to the model."""
    slugs = category.brands
    brand = None
    if not slugs or ("" in category.models and rng.random() < category.unbranded):
        pool = category.models[""]
    else:
        brand = BRAND_BY_SLUG[rng.choice(slugs)]
        pool = category.models[brand.slug]
    model_fa, model_en = _expand(rng.choice(pool), rng)
    if code:
        suffix = _expand("####", rng)[0]
        model_fa, model_en = f"{model_fa} کد {suffix}", f"{model_en} {suffix}"
    features: dict[str, str] = {}
    axes_fa: list[str] = []
    axes_en: list[str] = []
    weighted = 0.0
    weights = 0.0
    # Colour goes last in names ("... 128 گیگابایت مشکی"), as shops write it.
    for feature in sorted(category.features, key=lambda f: f.key == "رنگ"):
        value = feature.sample(rng)
        if feature.axis:
            axes_fa.append(feature.in_name(value, english=False))
            axes_en.append(feature.in_name(value, english=True))
        elif feature.key not in KEEP_FEATURES and rng.random() < DROP_SHARE:
            continue
        features[feature.key] = value.fa
        weighted += feature.price_weight * value.position
        weights += feature.price_weight
    if rng.random() < 0.25:
        features = {k: persian_digits(v) for k, v in features.items()}
    lead = [category.noun_fa] + ([brand.fa] if brand else [])
    canonical = " ".join([*lead, *([] if model_fa.startswith("کد") else ["مدل"]), model_fa, *axes_fa])
    english = " ".join([*([brand.en] if brand else []), model_en, *axes_en, category.noun_en])
    written = latin_terms(canonical) if brand and rng.random() < 0.15 else canonical
    tier = brand.tier if brand else UNBRANDED_TIER
    q = (0.5 * tier + 0.5 * rng.random() + weighted) / (1.0 + weights)
    low, high = category.price
    price = low * (high / low) ** q
    return Product(category, brand, canonical, shop_spelling(written, rng), english, features, round(price))


def from_featured(featured: Featured, category: Category) -> Product:
    """The fixed product of a `Featured` entry (names kept exactly as written)."""
    brand = BRAND_BY_SLUG[featured.brand] if featured.brand else None
    return Product(category, brand, featured.persian_name, featured.persian_name, featured.english_name,
                   dict(featured.features), featured.price)  # fmt: skip


def offer_price(reference: int, category: Category, rng: random.Random, *, warranty: bool) -> int:
    """One shop's price: the reference ± a few percent (warranty shops a little dearer), rounded."""
    spread = math.exp(rng.gauss(0.0, 0.06)) * (1.03 if warranty else 1.0)
    return round_price(reference * spread, category.price, rng)


def round_price(price: float, bounds: tuple[int, int], rng: random.Random) -> int:
    """Round like a shop: to 1,000 below a million, 10,000 below ten million, else 100,000;
    a third of prices end just under the step (12,990,000). Always inside `bounds`."""
    step = 1_000 if price < 1e6 else 10_000 if price < 1e7 else 100_000
    if step > 1_000 and rng.random() < 0.33:
        value = math.ceil(price / step) * step - step // 10
    else:
        value = round(price / step) * step
    low, high = bounds
    return int(min(max(value, low), high))
