"""Deterministic, streaming generator of the shop catalogue (the seed's schema) and its CLI.

`generate(seed=7)` yields typed rows (`rows.py`) table after table in foreign-key order:
cities, categories, brands, shops, then each base product followed by its offers
(`members`), then the searches / base_views / final_clicks logs. Same seed and sizes → the
same rows. Only O(base products) bookkeeping is kept (offer counts, dedup hashes, category
lists); offers and logs are produced on the fly, so a million offers need no more memory
than a hundred thousand.

    python -m quarry.apps.shop.authoring.generate --out data/shop [--scale 5] [--format jsonl|csv]

writes one file per table; `--scale 5` = 100k base products and 1M offers.
"""

from __future__ import annotations

import argparse
import array
import csv
import dataclasses
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from ..featured import FEATURED, FEATURED_OFFERS
from ..keys import KeySpace
from ..logs import logs
from ..products import Product, build, from_featured, offer_price
from ..rows import TABLES, BaseProductRow, BrandRow, CategoryRow, CityRow, MemberRow, Row, ShopRow
from ..vocab import BRANDS, CITIES, GROUPS
from .categories import CATEGORIES, CATEGORY_BY_ID, CATEGORY_BY_SLUG

BASE_PRODUCTS = 20_000
OFFERS = 200_000
ANCHOR = datetime(2025, 6, 1, tzinfo=UTC)
"""Logs end here (fixed, so output does not depend on the clock)."""
IMAGE_URL = "https://img.shop.example/base/{prefix}/{key}.jpg"
_CODE_AFTER = 6
_WEIGHTS = [c.weight for c in CATEGORIES]
"""After this many duplicate names in a row, a product gets a seller code in its model."""


def _mix(seed: int, index: int, stream: int) -> int:
    """A distinct RNG seed per (catalogue seed, base index, stream); streams < 2**20."""
    return ((seed & 0xFFFFFFFF) << 60) | (index << 20) | stream


_CATEGORY_STREAM = 0
_OFFER_STREAM = 1
_CANDIDATE_STREAM = 2
"""Candidate names use streams 2, 3, ... (one per retry after a duplicate name)."""


class Catalogue:
    """A catalogue of a given seed and size; every table is an independent iterator."""

    def __init__(self, *, seed: int = 7, base_products: int = BASE_PRODUCTS, offers: int = OFFERS,
                 shops: int | None = None, searches: int | None = None, anchor: datetime = ANCHOR) -> None:  # fmt: skip
        if base_products < len(FEATURED):
            raise ValueError(f"base_products must be at least {len(FEATURED)}")
        if offers - FEATURED_OFFERS < base_products - len(FEATURED):
            raise ValueError("offers must leave at least one offer per base product")
        self.seed, self.n_bases, self.n_offers, self.anchor = seed, base_products, offers, anchor
        self.n_shops = shops or max(80, offers // 100)
        self.n_searches = base_products if searches is None else searches
        self._keys = KeySpace(seed)
        self._shops = list(self._make_shops())
        self._warranty = [False] + [s.has_warranty for s in self._shops]
        self._pools = self._shop_pools()
        self._counts, self._starts = self._plan_offers()
        self._attempts = array.array("I", bytes(4 * base_products))
        self._category_of = array.array("H", bytes(2 * base_products))
        self._by_category: dict[int, array.array[int]] | None = None

    # -- reference tables -------------------------------------------------------------
    def cities(self) -> Iterator[CityRow]:
        return (CityRow(c.id, c.fa) for c in CITIES)

    def categories(self) -> Iterator[CategoryRow]:
        yield from (CategoryRow(g.id, g.fa, None) for g in GROUPS)
        parents = {g.slug: g.id for g in GROUPS}
        yield from (CategoryRow(c.id, c.fa, parents[c.group]) for c in CATEGORIES)

    def brands(self) -> Iterator[BrandRow]:
        return (BrandRow(b.id, b.fa) for b in BRANDS)

    def shops(self) -> Iterator[ShopRow]:
        return iter(self._shops)

    def _make_shops(self) -> Iterator[ShopRow]:
        rng = random.Random(f"shop-shops:{self.seed}")
        weights = [c.weight for c in CITIES]
        for shop_id in range(1, self.n_shops + 1):
            city = 1 if shop_id <= len(GROUPS) else rng.choices(CITIES, weights)[0].id
            score = 0.0 if rng.random() < 0.08 else round(min(5.0, max(1.0, rng.gauss(4.2, 0.6))), 1)
            yield ShopRow(shop_id, city, score, rng.random() < 0.65)

    def _shop_pools(self) -> dict[str, tuple[list[int], list[int]]]:
        """Group slug → (all shops selling it, those in Tehran). Shop k ≤ 7 is a Tehran shop of group k."""
        rng = random.Random(f"shop-groups:{self.seed}")
        weight = {g.slug: sum(c.weight for c in CATEGORIES if c.group == g.slug) for g in GROUPS}
        slugs = [g.slug for g in GROUPS]
        pools: dict[str, tuple[list[int], list[int]]] = {s: ([], []) for s in slugs}
        for shop in self._shops:
            groups = {slugs[shop.id - 1]} if shop.id <= len(slugs) else set()
            groups.update(rng.choices(slugs, [weight[s] for s in slugs], k=rng.choice((1, 1, 2, 3))))
            for slug in sorted(groups):
                pools[slug][0].append(shop.id)
                if shop.city_id == 1:
                    pools[slug][1].append(shop.id)
        return pools

    # -- offers plan ------------------------------------------------------------------
    def _plan_offers(self) -> tuple[array.array[int], array.array[int]]:
        """Offers per base (featured fixed, others ≥ 1 and log-normally popular) and key offsets."""
        rng = random.Random(f"shop-offers:{self.seed}")
        fixed = len(FEATURED)
        weights = [rng.lognormvariate(0.0, 0.9) for _ in range(self.n_bases - fixed)]
        extra = self.n_offers - FEATURED_OFFERS - len(weights)
        total = sum(weights) or 1.0
        ideal = [extra * w / total for w in weights]
        counts = array.array("I", [f.offers for f in FEATURED] + [1 + int(x) for x in ideal])
        left = self.n_offers - sum(counts)
        by_remainder = sorted(range(len(ideal)), key=lambda k: (ideal[k] - int(ideal[k]), -k), reverse=True)
        for k in by_remainder[:left]:
            counts[fixed + k] += 1
        starts = array.array("Q", [0] * self.n_bases)
        running = self.n_bases
        for i, n in enumerate(counts):
            starts[i] = running
            running += n
        return counts, starts

    # -- products ---------------------------------------------------------------------
    def base_key(self, index: int) -> str:
        """Random key of base product `index`."""
        return self._keys.key(index)

    def _candidate(self, index: int, attempt: int) -> Product:
        # The category is drawn once per index so that retries keep the catalogue's mix.
        category = random.Random(_mix(self.seed, index, _CATEGORY_STREAM)).choices(CATEGORIES, _WEIGHTS)[0]
        rng = random.Random(_mix(self.seed, index, _CANDIDATE_STREAM + attempt))
        return build(category, rng, code=attempt >= _CODE_AFTER)

    def _products(self) -> Iterator[Product]:
        """All products in index order, names unique; records what `product_at` needs."""
        seen: set[bytes] = set()
        by_category: dict[int, array.array[int]] = {c.id: array.array("I") for c in CATEGORIES}
        for index in range(self.n_bases):
            if index < len(FEATURED):
                product = from_featured(FEATURED[index], CATEGORY_BY_SLUG[FEATURED[index].category])
            else:
                attempt = 0
                while True:
                    product = self._candidate(index, attempt)
                    if hashlib.blake2b(product.canonical.encode(), digest_size=12).digest() not in seen:
                        break
                    attempt += 1
                self._attempts[index] = attempt
            seen.add(hashlib.blake2b(product.canonical.encode(), digest_size=12).digest())
            by_category[product.category.id].append(index)
            self._category_of[index] = product.category.id
            yield product
        self._by_category = by_category

    def product_at(self, index: int) -> Product:
        """Base product `index` (after one full pass over the products)."""
        self._ensure_pass()
        if index < len(FEATURED):
            return from_featured(FEATURED[index], CATEGORY_BY_SLUG[FEATURED[index].category])
        return self._candidate(index, self._attempts[index])

    def category_bases(self, category_id: int) -> Sequence[int]:
        """Indices of the base products in a category."""
        self._ensure_pass()
        assert self._by_category is not None
        return self._by_category[category_id]

    def _ensure_pass(self) -> None:
        if self._by_category is None:
            for _ in self._products():
                pass

    def featured_keys(self) -> dict[str, str]:
        """Featured slug → base random key (for eval cases and tests)."""
        return {f.slug: self.base_key(i) for i, f in enumerate(FEATURED)}

    def _pick_shops(self, index: int, group: str, rng: random.Random) -> list[int]:
        """Distinct shops of the category's group while they last (featured: Tehran first)."""
        count = self._counts[index]
        everyone, tehran = self._pools[group]
        local = FEATURED[index].tehran_offers if index < len(FEATURED) else 0
        shops = rng.sample(tehran, min(local, len(tehran)))
        taken = set(shops)
        rest = [s for s in everyone if s not in taken] if taken else everyone
        shops += rng.sample(rest, min(count - len(shops), len(rest)))
        shops += rng.choices(everyone, k=count - len(shops))
        return shops

    def _offers(self, index: int, product: Product) -> list[MemberRow]:
        rng = random.Random(_mix(self.seed, index, _OFFER_STREAM))
        shops = self._pick_shops(index, product.category.group, rng)
        key, start, warranty = self.base_key(index), self._starts[index], self._warranty
        return [MemberRow(self._keys.key(start + k), key, shop,
                          offer_price(product.price, product.category, rng, warranty=warranty[shop]))
                for k, shop in enumerate(shops)]  # fmt: skip

    def offer_shops(self, index: int) -> list[int]:
        """Shops that sell base product `index` (the `shop_id`s of its offers, in order)."""
        self._ensure_pass()
        group = CATEGORY_BY_ID[self._category_of[index]].group
        return self._pick_shops(index, group, random.Random(_mix(self.seed, index, _OFFER_STREAM)))

    def products(self) -> Iterator[tuple[BaseProductRow, list[MemberRow]]]:
        """Each base product row with its offers."""
        for index, product in enumerate(self._products()):
            key = self.base_key(index)
            offers = self._offers(index, product)
            yield BaseProductRow(
                key, product.persian_name, product.english_name, product.category.id,
                product.brand.id if product.brand else None, product.features,
                IMAGE_URL.format(prefix=key[:2], key=key), [m.random_key for m in offers],
            ), offers  # fmt: skip

    def base_products(self) -> Iterator[BaseProductRow]:
        return (base for base, _ in self.products())

    def members(self) -> Iterator[MemberRow]:
        return (m for _, offers in self.products() for m in offers)

    def logs(self) -> Iterator[Row]:
        """searches, base_views and final_clicks rows, interleaved in time order per session."""
        return logs(self, self.n_searches)

    def rows(self) -> Iterator[Row]:
        """Every row of every table, in foreign-key order (logs last)."""
        yield from self.cities()
        yield from self.categories()
        yield from self.brands()
        yield from self.shops()
        for base, offers in self.products():
            yield base
            yield from offers
        yield from self.logs()


def generate(*, seed: int = 7, base_products: int = BASE_PRODUCTS, offers: int = OFFERS,
             shops: int | None = None, searches: int | None = None) -> Iterator[Row]:  # fmt: skip
    """Stream every row of a catalogue (see `Catalogue.rows`)."""
    return Catalogue(seed=seed, base_products=base_products, offers=offers, shops=shops, searches=searches).rows()


def _cell(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def write(rows: Iterator[Row], out: Path, *, fmt: str = "jsonl", progress: IO[str] | None = None) -> dict[str, int]:
    """Write rows to `out/<table>.<fmt>`; returns the row count per table."""
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, IO[str]] = {}
    writers: dict[str, Any] = {}
    columns: dict[str, tuple[str, ...]] = {}
    counts: dict[str, int] = {}
    started = last = time.monotonic()
    try:
        for row in rows:
            table = TABLES[type(row)]
            if table not in files:
                files[table] = (out / f"{table}.{fmt}").open("w", encoding="utf-8", newline="")
                columns[table] = tuple(f.name for f in dataclasses.fields(row))
                if fmt == "csv":
                    writers[table] = csv.writer(files[table])
                    writers[table].writerow(columns[table])
            values = [getattr(row, name) for name in columns[table]]
            if fmt == "csv":
                writers[table].writerow([_cell(v) for v in values])
            else:
                record = dict(zip(columns[table], values, strict=True))
                files[table].write(json.dumps(record, ensure_ascii=False, default=_cell) + "\n")
            counts[table] = counts.get(table, 0) + 1
            now = time.monotonic()
            if progress and now - last >= 1.0:
                last = now
                done = " ".join(f"{t}={n:,}" for t, n in counts.items() if t not in ("cities", "categories", "brands"))
                progress.write(f"\r[{now - started:6.1f}s] {done}")
                progress.flush()
    finally:
        for handle in files.values():
            handle.close()
    if progress:
        done = " ".join(f"{t}={n:,}" for t, n in counts.items())
        progress.write(f"\r[{time.monotonic() - started:6.1f}s] done: {done}\n")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m quarry.apps.shop.authoring.generate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, required=True, help="directory for one file per table")
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiplies the default sizes (1 = 20k base products, 200k offers; 5 = 1M offers)",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    args = parser.parse_args(argv)
    if args.scale <= 0:
        parser.error("--scale must be positive")
    bases = max(len(FEATURED), round(BASE_PRODUCTS * args.scale))
    offers = max(FEATURED_OFFERS + bases, round(OFFERS * args.scale))
    rows = generate(seed=args.seed, base_products=bases, offers=offers)
    write(rows, args.out, fmt=args.format, progress=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
