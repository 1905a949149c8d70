"""Writes the shop's labelled evaluation set from the generated catalogue (deterministic).

    python -m quarry.apps.shop.authoring.eval_cases      # → src/quarry/apps/shop/data/eval/cases.jsonl

Expected answers come from the generator's own rows — keys, feature values, and seller
statistics computed here in Python from the offers — never from the app under test. Queries
are perturbed as users and shops write: stored shop spelling, English name, Arabic letters,
half-spaces as spaces or dropped, one typo, Latin brand names, a question frame. The
hand-written multi-turn dialogues live beside it in `dialogues.jsonl`.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from .. import spelling
from ..evaluate import ShopCase
from ..featured import FEATURED
from ..rows import BaseProductRow, MemberRow
from ..vocab import CITIES
from .categories import CATEGORIES
from .generate import Catalogue

OUT = Path(__file__).parents[1] / "data" / "eval" / "cases.jsonl"
SEED = 7
PRODUCTS = 24
"""Random (non-featured) products drawn for lookup, feature and seller cases."""
FEATURES: dict[str, str] = {f.key: f.en for c in CATEGORIES for f in c.features}
"""Persian feature key → its English name (how the English feature questions name it)."""


def _half_up(x: float) -> int:
    return int(Decimal(str(x)).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def _pick(cat: Catalogue, rng: random.Random) -> dict[int, tuple[BaseProductRow, list[MemberRow]]]:
    wanted = set(range(len(FEATURED))) | set(rng.sample(range(len(FEATURED), cat.n_bases), PRODUCTS))
    out: dict[int, tuple[BaseProductRow, list[MemberRow]]] = {}
    for index, (base, offers) in enumerate(cat.products()):
        if index in wanted:
            out[index] = (base, offers)
    return out


def _lookups(cat: Catalogue, picked: dict[int, tuple[BaseProductRow, list[MemberRow]]],
             rng: random.Random) -> Iterator[ShopCase]:  # fmt: skip
    perturb = (
        ("stored", lambda p, b: b.persian_name),
        ("english", lambda p, b: b.english_name),
        ("arabic_letters", lambda p, b: spelling.arabic_letters(p.canonical)),
        ("half_space_as_space", lambda p, b: spelling.zwnj_as_space(p.canonical)),
        ("persian_digits", lambda p, b: spelling.persian_digits(p.canonical)),
        ("latin_brand", lambda p, b: spelling.latin_terms(p.canonical)),
        ("typo", lambda p, b: spelling.typo(p.canonical, rng)),
        ("question", lambda p, b: f"کد محصول {b.persian_name} را بده"),
    )
    for n, index in enumerate(sorted(picked)):
        base, _ = picked[index]
        product = cat.product_at(index)
        name, fn = perturb[n % len(perturb)]
        yield ShopCase(id=f"lookup-{n:02d}-{name}", scenario="specific_product", turns=[fn(product, base)],
                       route="single_turn", base_key=base.random_key)  # fmt: skip


def _features(cat: Catalogue, picked: dict[int, tuple[BaseProductRow, list[MemberRow]]],
              rng: random.Random) -> Iterator[ShopCase]:  # fmt: skip
    for n, index in enumerate(sorted(picked)[:18]):
        base, _ = picked[index]
        key = rng.choice(sorted(base.extra_features))
        if n % 3 == 2 and FEATURES.get(key):
            text = f"What is the {FEATURES[key].lower()} of {base.english_name}?"
        else:
            text = f"{key} {base.persian_name} چقدر است؟"
        yield ShopCase(id=f"feature-{n:02d}", scenario="feature", turns=[text], route="single_turn",
                       base_key=base.random_key, message=base.extra_features[key])  # fmt: skip


_METRICS = (
    ("min_price", "کمترین قیمت {name} در {city} چقدر است؟", min),
    ("max_price", "بیشترین قیمت {name} در {city} چند است؟", max),
    ("avg_price", "میانگین قیمت {name} در فروشگاه‌های {city} که گارانتی دارند چقدر است؟", statistics.fmean),
    ("median_price", "میانه قیمت {name} در {city} چقدر است؟", statistics.median),
)


def _sellers(cat: Catalogue, picked: dict[int, tuple[BaseProductRow, list[MemberRow]]]) -> Iterator[ShopCase]:
    shops = {s.id: s for s in cat.shops()}
    city_names = {c.id: c.fa for c in CITIES}
    n = 0
    for index in sorted(picked):
        base, offers = picked[index]
        by_city: dict[int, list[MemberRow]] = {}
        for m in offers:
            by_city.setdefault(shops[m.shop_id].city_id, []).append(m)
        city, local = max(by_city.items(), key=lambda kv: (len(kv[1]), -kv[0]))
        metric, template, fn = _METRICS[n % len(_METRICS)]
        chosen = [m for m in local if shops[m.shop_id].has_warranty] if metric == "avg_price" else local
        if not chosen:
            continue
        value = _half_up(fn([m.price for m in chosen]))
        text = template.format(name=base.persian_name, city=city_names[city])
        yield ShopCase(id=f"seller-{n:02d}-{metric}", scenario="seller_stats", turns=[text], route="single_turn",
                       message=str(value))  # fmt: skip
        n += 1
        if n >= 16:
            return


def _comparisons(cat: Catalogue, picked: dict[int, tuple[BaseProductRow, list[MemberRow]]]) -> Iterator[ShopCase]:
    indices = sorted(picked)
    for n in range(6):
        (a, oa), (b, ob) = picked[indices[2 * n]], picked[indices[2 * n + 1]]
        cheaper = a if min(m.price for m in oa) <= min(m.price for m in ob) else b
        text = f"کدام ارزان‌تر است: {a.persian_name} یا {b.persian_name}؟"
        yield ShopCase(id=f"compare-{n:02d}", scenario="comparison", turns=[text], route="single_turn",
                       base_key=cheaper.random_key)  # fmt: skip


def _scenario0(rng: random.Random) -> Iterator[ShopCase]:
    yield ShopCase(id="s0-ping", scenario="scenario0", turns=["ping"], route="static", message="pong")
    for n in range(3):
        key = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8))
        yield ShopCase(id=f"s0-base-{n}", scenario="scenario0", turns=[f"return base random key: {key}"],
                       route="static", base_key=key)  # fmt: skip
    yield ShopCase(id="s0-member", scenario="scenario0", turns=["return member random key: m1x2y3"], route="static",
                   member_key="m1x2y3")  # fmt: skip


def _images() -> Iterator[ShopCase]:
    for n, text in enumerate(("این چیست؟", "کد این محصول را پیدا کن")):
        yield ShopCase(id=f"image-{n}", scenario="image", turns=[text], image=True, route="vision")


def build_cases(seed: int = SEED, *, draw: int = 0) -> list[ShopCase]:
    """Every generated case (the hand-written dialogues are not included). `draw` > 0 picks other
    products and perturbations from the same catalogue: held-out sets for checking tuning."""
    rng = random.Random(f"shop-eval:{seed}" + (f":{draw}" if draw else ""))
    cat = Catalogue(seed=seed)
    picked = _pick(cat, rng)
    return [*_scenario0(rng), *_lookups(cat, picked, rng), *_features(cat, picked, rng), *_sellers(cat, picked),
            *_comparisons(cat, picked), *_images()]  # fmt: skip


def main() -> int:
    cases = build_cases()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(c.model_dump_json(exclude_none=True) + "\n" for c in cases), encoding="utf-8")
    print(f"wrote {len(cases)} cases to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
