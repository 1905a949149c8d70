"""Synthetic behaviour logs: searches (one row per result page), base views and final clicks.

Sessions of one to three queries; a query targets a product (popular = low base index, so
the featured products are searched most) and is typed the way users type: shortened names,
Latin brands, the English name, a bare "noun + brand", typos and Arabic letters. Result
pages list ten products of the target's category; users open a few (top ranks more often)
and sometimes click through to one of the product's shops. Ids count up from 1; `uid` is
the base-36 id of the query's first page.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from typing import Protocol

from .keys import base36
from .products import Product
from .rows import BaseViewRow, FinalClickRow, SearchRow
from .spelling import arabic_letters, latin_terms, typo, zwnj_as_space, zwnj_removed

LogRow = SearchRow | BaseViewRow | FinalClickRow
DAYS = 30
"""Logs cover the 30 days before the catalogue's anchor time."""
_FILLER = frozenset({"مدل", "موبایل", "و", "کد"})


class Source(Protocol):
    """What the log generator needs from the catalogue."""

    @property
    def seed(self) -> int: ...

    @property
    def n_bases(self) -> int: ...

    @property
    def anchor(self) -> datetime: ...

    def base_key(self, index: int) -> str: ...

    def product_at(self, index: int) -> Product: ...

    def category_bases(self, category_id: int) -> Sequence[int]: ...

    def offer_shops(self, index: int) -> list[int]: ...


def user_query(product: Product, rng: random.Random) -> str:
    """A search box query for `product`, as users type it."""
    words = [w for w in product.canonical.split() if w not in _FILLER]
    short = " ".join(words[: rng.randint(min(3, len(words)), len(words))])
    r = rng.random()
    if r < 0.4:
        query = short
    elif r < 0.55:
        query = latin_terms(short)
    elif r < 0.7:
        parts = product.english_name.split()
        query = " ".join(parts[: rng.randint(min(2, len(parts)), len(parts))]).lower()
    elif r < 0.85:
        noun = product.category.noun_fa.split()[0]
        query = f"{noun} {product.brand.fa}" if product.brand else f"{noun} ارزان"
    else:
        query = typo(short, rng)
    r = rng.random()
    if r < 0.1:
        query = arabic_letters(query)
    elif r < 0.3:
        query = zwnj_as_space(query)
    elif r < 0.4:
        query = zwnj_removed(query)
    return query


def logs(source: Source, n_searches: int) -> Iterator[LogRow]:
    """Stream `n_searches` search rows (pages) with the views and clicks they lead to."""
    rng = random.Random(f"shop-logs:{source.seed}")
    search_id = view_id = click_id = 0
    span = DAYS * 24 * 3600
    while search_id < n_searches:
        session = f"{rng.getrandbits(48):012x}"
        when = source.anchor - timedelta(seconds=rng.uniform(0, span))
        for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
            target = min(int(source.n_bases * rng.random() ** 3), source.n_bases - 1)
            product = source.product_at(target)
            query = user_query(product, rng)
            restrict = rng.random() < 0.3
            boosts = [f"category:{product.category.id}"] if restrict else []
            if restrict and product.brand and rng.random() < 0.5:
                boosts.append(f"brand:{product.brand.id}")
            pool = source.category_bases(product.category.id)
            pages = 1 + (rng.random() < 0.2) + (rng.random() < 0.05)
            uid = base36(search_id + 1)
            for page in range(pages):
                if search_id >= n_searches:
                    return
                search_id += 1
                shown = [i for i in rng.sample(pool, min(10, len(pool))) if i != target]
                if page == 0:
                    shown.insert(min(int(rng.expovariate(0.7)), len(shown)), target)
                shown = shown[:10]
                keys = [source.base_key(i) for i in shown]
                yield SearchRow(search_id, uid, query, page, when, session, keys,
                                product.category.id if restrict else 0, boosts)  # fmt: skip
                for _ in range(rng.choice((0, 1, 1, 2, 3))):
                    rank = min(int(rng.expovariate(0.5)), len(shown) - 1)
                    view_id += 1
                    seen = when + timedelta(seconds=rng.uniform(3, 90))
                    yield BaseViewRow(view_id, search_id, keys[rank], seen)
                    if rng.random() < 0.35:
                        click_id += 1
                        shop = rng.choice(source.offer_shops(shown[rank]))
                        yield FinalClickRow(click_id, view_id, shop, seen + timedelta(seconds=rng.uniform(5, 300)))
                when += timedelta(seconds=rng.uniform(20, 240))
