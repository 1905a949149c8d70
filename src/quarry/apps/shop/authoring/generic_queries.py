"""Writes the labelled generic lookups: queries made only of common words («گوشی سامسونگ», "lenovo
laptop", «یخچال فریزر اسنوا سفید», "yakhchal snowa"), each with what every product a search returns
for it must be (category, brand, colour feature; `generic_queries.GenericQuery`).

    python -m quarry.apps.shop.authoring.generic_queries   # → src/quarry/apps/shop/data/generic_queries.jsonl

Written from the generator's categories and brands (`categories.py`, `vocab.py`), never from
what a search returns: for each leaf category, a seeded draw of one of its brands, the name
noun shops start product names with (`noun_fa` / `noun_en`), and a rotation of how people
type it — Persian, English, mixed script, Arabic ي/ك, with a colour, the colour without its
half-space, Finglish — plus a few bare categories and bare brands.
"""

from __future__ import annotations

import random

from .. import spelling
from ..generic_queries import OUT, GenericQuery
from ..vocab import BRAND_BY_SLUG, BRANDS
from .categories import CATEGORIES

SEED = 7
FINGLISH_NOUNS: dict[str, str] = {
    "mobile": "gooshi", "laptop": "lap tap", "tv": "televizion", "fridge": "yakhchal", "headphones": "hedfon",
    "smartwatch": "saat hooshmand", "shoes": "kafsh varzeshi", "vacuum": "jaroo barghi", "perfume": "adkolan",
    "rice_cooker": "polopaz",
}  # fmt: skip
"""How people type some category nouns in Latin letters (Finglish); the brand follows in English."""
KINDS = ("persian", "english", "mixed", "arabic_letters", "colour", "colour_no_half_space")
BARE_CATEGORIES = ("mobile", "fridge", "laptop", "tv", "carpet")
BARE_BRANDS = ("samsung", "lenovo", "snowa")


def _colour(category_slug: str, rng: random.Random, *, half_space: bool) -> str | None:
    category = next(c for c in CATEGORIES if c.slug == category_slug)
    feature = next((f for f in category.features if f.key == "رنگ" and f.axis), None)
    if feature is None:
        return None
    choices = [fa for fa, _ in feature.choices if (spelling.ZWNJ in fa) == half_space]
    return rng.choice(choices) if choices else None


def build_generic_queries(seed: int = SEED) -> list[GenericQuery]:
    """Every labelled generic query (deterministic for a seed)."""
    rng = random.Random(f"shop-generic:{seed}")
    out: list[GenericQuery] = []
    for n, category in enumerate(CATEGORIES):
        if not category.brands:
            continue
        brand = BRAND_BY_SLUG[rng.choice(category.brands)]
        kind = KINDS[n % len(KINDS)]
        colour = None
        if kind.startswith("colour"):
            colour = _colour(category.slug, rng, half_space=kind == "colour_no_half_space")
            if colour is None:
                kind = "persian"
        persian = f"{category.noun_fa} {brand.fa}"
        text = {
            "persian": persian,
            "english": f"{brand.en} {category.noun_en}".lower(),
            "mixed": f"{category.noun_fa} {brand.en}",
            "arabic_letters": spelling.arabic_letters(persian),
            "colour": f"{persian} {colour}",
            "colour_no_half_space": f"{persian} {spelling.zwnj_as_space(colour or '')}",
        }[kind]
        if kind == "colour_no_half_space" and n % 2:
            text = f"{persian} {spelling.zwnj_removed(colour or '')}"
        out.append(GenericQuery(id=f"generic-{category.slug}-{kind}", kind=kind, query=text,
                                category_id=category.id, brand_id=brand.id, colour=colour))  # fmt: skip
        if category.slug in FINGLISH_NOUNS:
            brand = BRAND_BY_SLUG[rng.choice(category.brands)]
            out.append(GenericQuery(id=f"generic-{category.slug}-finglish", kind="finglish",
                                    query=f"{FINGLISH_NOUNS[category.slug]} {brand.en.lower()}",
                                    category_id=category.id, brand_id=brand.id))  # fmt: skip
    for slug in BARE_CATEGORIES:
        category = next(c for c in CATEGORIES if c.slug == slug)
        text = category.noun_fa if len(out) % 2 else category.noun_en.lower()
        out.append(GenericQuery(id=f"generic-{slug}-category", kind="category", query=text, category_id=category.id))
    for slug in BARE_BRANDS:
        brand = next(b for b in BRANDS if b.slug == slug)
        out.append(GenericQuery(id=f"generic-{slug}-brand", kind="brand", query=brand.fa, brand_id=brand.id))
    return out


def main() -> int:
    queries = build_generic_queries()
    OUT.write_text("".join(q.model_dump_json(exclude_none=True) + "\n" for q in queries), encoding="utf-8")
    print(f"wrote {len(queries)} generic queries to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
