"""Candidate offers for the narrowing dialogue: ONE SQL query per search.

It returns the total count, the top five offers (each product's cheapest matching offer; when
fewer than five products match, their next cheapest offers too, so "the second one" of a dialogue
about one product is another shop's offer)
and capped distributions over the matching offers (brand, city, 500,000-Toman price bands,
warranty), so the coordinator can decide whether to ask, relax or show options without a
second round trip. Offers are read from `shop.offer_facts` (one row per offer with its
category, brand, city, warranty and score; index on category + price); base products are
read only for keywords/attributes and for the five names shown. Ranking: cheapest first when
the user asked for something cheap; else name match (ts_rank_cd on the search vector and
trigram word similarity on the folded name) plus a small shop-score boost, then price.

Cost at 1M offers, where a bare category holds ~50k offers: the matching offers are read
once into `m` (without the keyword join when there are no keywords), counted once for the
total and every distribution (one GROUPING SETS pass), and "cheap" top fives pick each
product's cheapest offer only among the products whose lowest price is within the five lowest
(the same five, without sorting every offer); the per-product sort compares keys bytewise
(`COLLATE "C"`: same groups, no locale comparisons).
"""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import BaseModel, Field

from quarry.db import Database, Tx
from quarry.search.text import fold_joined

from .turnstate import MemberDetails, Option

TOP = 5
DISTRIBUTION_CAP = 6
"""Buckets kept per distribution (the largest)."""
PRICE_BAND = 500_000
"""Toman per price band."""

_OFFER_FILTERS = """\
      AND (CAST(:category AS integer) IS NULL OR f.category_id = CAST(:category AS integer))
      AND (CAST(:brands AS integer[]) IS NULL OR f.brand_id = ANY(CAST(:brands AS integer[])))
      AND (CAST(:cities AS integer[]) IS NULL OR f.city_id = ANY(CAST(:cities AS integer[])))
      AND (CAST(:min_price AS bigint) IS NULL OR f.price >= CAST(:min_price AS bigint))
      AND (CAST(:max_price AS bigint) IS NULL OR f.price <= CAST(:max_price AS bigint))
      AND (CAST(:warranty AS boolean) IS NULL OR f.has_warranty = CAST(:warranty AS boolean))
      AND (CAST(:min_score AS real) IS NULL OR f.score >= CAST(:min_score AS real))
"""
"""The hard filters of a narrowing state on `shop.offer_facts f` (a NULL parameter filters nothing)."""
_PRODUCT_FILTERS = """
      AND (CAST(:category AS integer) IS NULL OR b.category_id = CAST(:category AS integer))
      AND (CAST(:brands AS integer[]) IS NULL OR b.brand_id = ANY(CAST(:brands AS integer[])))
      AND (CAST(:q AS text) = '' OR b.search_vector @@ replace(plainto_tsquery('simple', :q)::text, '&', '|')::tsquery
           OR :q <% b.persian_fold)
      -- a model code or number said ("gc8343", «نگار ۷۱۳») names the product: every one must be in its name
      AND (CAST(:must AS text) = '' OR b.search_vector @@ plainto_tsquery('simple', :must))
      -- every feature asked for, compared folded: the catalogue writes «۵۵ اینچ» and «55 اینچ» alike
      AND NOT EXISTS (SELECT 1 FROM jsonb_each_text(CAST(:attributes AS jsonb)) a
                      WHERE quarry_fold(coalesce(b.extra_features ->> a.key, '')) <> quarry_fold(a.value))
      -- every measured bound asked for, on the value's leading number («۸ کیلوگرم» → 8)
      AND NOT EXISTS (SELECT 1 FROM jsonb_each(CAST(:ranges AS jsonb)) r
                      WHERE NOT coalesce(substring(quarry_fold(b.extra_features ->> r.key)
                                                   FROM '^ *([0-9]+(?:[.][0-9]+)?)')::numeric
                                         BETWEEN coalesce(CAST(r.value ->> 0 AS numeric), -1e18)
                                             AND coalesce(CAST(r.value ->> 1 AS numeric), 1e18), false))
"""
"""The filters of a narrowing state on `shop.base_products b` (category, brands, words, features)."""
_SQL = """
WITH kw AS MATERIALIZED (
    SELECT b.random_key,
           CASE WHEN CAST(:q AS text) = '' THEN 0 ELSE
                ts_rank_cd(b.search_vector, replace(plainto_tsquery('simple', :q)::text, '&', '|')::tsquery, 32)
                + word_similarity(:q, b.persian_fold) END AS r
    FROM shop.base_products b
    WHERE NOT (CAST(:q AS text) = '' AND CAST(:attributes AS jsonb) = '{}'::jsonb
               AND CAST(:ranges AS jsonb) = '{}'::jsonb)
{product_filters}), m AS MATERIALIZED (
    SELECT f.member_random_key, f.base_random_key, f.price, f.score, f.has_warranty, f.city_id, f.brand_id,
           f.score / 50.0 AS rank
    FROM shop.offer_facts f
    WHERE CAST(:q AS text) = '' AND CAST(:attributes AS jsonb) = '{}'::jsonb
      AND CAST(:ranges AS jsonb) = '{}'::jsonb
{offer_filters}    UNION ALL
    SELECT f.member_random_key, f.base_random_key, f.price, f.score, f.has_warranty, f.city_id, f.brand_id,
           kw.r + f.score / 50.0 AS rank
    FROM shop.offer_facts f JOIN kw ON kw.random_key = f.base_random_key
    WHERE TRUE
{offer_filters}), g AS (
    SELECT GROUPING(m.brand_id, m.city_id, (m.price / :band) * :band, m.has_warranty) AS set,
           m.brand_id, m.city_id, (m.price / :band) * :band AS low, m.has_warranty, count(*) AS n
    FROM m GROUP BY GROUPING SETS ((m.brand_id), (m.city_id), ((m.price / :band) * :band), (m.has_warranty), ())
), mins AS (
    SELECT m.base_random_key, min(m.price) AS min_price FROM m WHERE :cheap GROUP BY 1
), cheap_bases AS (
    SELECT mins.base_random_key FROM mins
    WHERE mins.min_price <= coalesce(
        (SELECT m2.min_price FROM mins m2 ORDER BY m2.min_price OFFSET :top - 1 LIMIT 1), mins.min_price)
)
SELECT
    coalesce((SELECT n FROM g WHERE set = 15), 0) AS total,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT best.member_random_key, best.base_random_key, b.persian_name AS name, best.price,
               c.name AS city, best.score, best.has_warranty
        FROM (
            -- each product's cheapest offer first; with fewer than five products, their next offers
            SELECT * FROM (
                SELECT m.*, row_number() OVER (PARTITION BY m.base_random_key COLLATE "C"
                                               ORDER BY m.price, m.rank DESC, m.member_random_key) AS nth
                FROM m WHERE NOT :cheap OR m.base_random_key IN (SELECT cheap_bases.base_random_key FROM cheap_bases)
            ) cheapest
            WHERE cheapest.nth <= :top
            ORDER BY cheapest.nth, CASE WHEN :cheap THEN cheapest.price END, cheapest.rank DESC, cheapest.price,
                     cheapest.member_random_key
            LIMIT :top) best
        JOIN shop.base_products b ON b.random_key = best.base_random_key
        JOIN shop.cities c ON c.id = best.city_id
        ORDER BY best.nth, CASE WHEN :cheap THEN best.price END, best.rank DESC, best.price,
                 best.member_random_key) t) AS top,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT br.title AS label, g.n FROM g JOIN shop.brands br ON br.id = g.brand_id
        WHERE g.set = 7 ORDER BY g.n DESC, label LIMIT :cap) t) AS brands,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT c.name AS label, g.n FROM g JOIN shop.cities c ON c.id = g.city_id
        WHERE g.set = 11 ORDER BY g.n DESC, label LIMIT :cap) t) AS cities,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT g.low, g.n FROM g WHERE g.set = 13 ORDER BY g.n DESC, g.low LIMIT :cap) t) AS price_bands,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT g.has_warranty AS label, g.n FROM g WHERE g.set = 14 ORDER BY 1) t) AS warranty
""".replace("{offer_filters}", _OFFER_FILTERS).replace("{product_filters}", _PRODUCT_FILTERS)
_COUNT_PRODUCTS = """
SELECT count(*) FROM shop.base_products b
WHERE TRUE
{product_filters}  AND (NOT CAST(:offer_scoped AS boolean)
       OR EXISTS (SELECT 1 FROM shop.offer_facts f WHERE f.base_random_key = b.random_key
{offer_filters}))
""".replace("{offer_filters}", _OFFER_FILTERS).replace("{product_filters}", _PRODUCT_FILTERS)


def count_products(db: Database, details: MemberDetails) -> int:
    """How many base products fit `details` (category, brands, words, features) and, when it limits the
    offers (city, warranty, score, price), have an offer within those limits."""
    params = _params(details)
    offer = (details.city_id, details.has_warranty, details.min_score, details.min_price, details.max_price)
    params["offer_scoped"] = any(v is not None for v in offer)
    with db.transaction(read_only=True) as tx:
        tx.execute("SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)")
        return int(tx.scalar(_COUNT_PRODUCTS, params) or 0)


class Bucket(BaseModel):
    label: str
    n: int


class Found(BaseModel):
    """What one candidate search returned."""

    total: int = Field(description="Offers matching every constraint.")
    top: list[Option] = Field(default_factory=list, description="The best five offers.")
    brands: list[Bucket] = Field(default_factory=list)
    cities: list[Bucket] = Field(default_factory=list)
    price_bands: list[Bucket] = Field(default_factory=list, description="Lower bound of each 500,000-Toman band.")
    warranty: list[Bucket] = Field(default_factory=list)
    ms: float = 0.0


def _params(d: MemberDetails) -> dict[str, Any]:
    return {
        "q": fold_joined(" ".join(d.keywords)),
        "must": fold_joined(" ".join(k for k in d.keywords if any(c.isdigit() for c in k))),
        "category": d.category_id,
        "brands": d.accepted("brand_id"),
        "cities": d.accepted("city_id"),
        "min_price": d.min_price,
        "max_price": d.max_price,
        "warranty": d.has_warranty,
        "min_score": d.min_score,
        "attributes": json.dumps(d.attributes, ensure_ascii=False),
        "ranges": json.dumps(d.ranges, ensure_ascii=False),
        "cheap": d.cheap,
        "top": TOP,
        "cap": DISTRIBUTION_CAP,
        "band": PRICE_BAND,
    }


def _bare_category(details: MemberDetails) -> bool:
    """Only a category (cheap or not): the searches `shop.category_offers` answers."""
    return details.category_id is not None and details == MemberDetails(category_id=details.category_id,
                                                                         cheap=details.cheap)  # fmt: skip


def _run(tx: Tx, details: MemberDetails) -> dict[str, Any]:
    tx.execute("SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)")
    return tx.fetch_one(_SQL, _params(details)) or {}


def refresh_category_offers(tx: Tx) -> int:
    """Store the search of every bare category, cheap and not (run by the ingest after `offer_facts`)."""
    tx.execute("TRUNCATE shop.category_offers")
    categories = [r["category_id"] for r in tx.fetch_all("SELECT DISTINCT category_id FROM shop.offer_facts")]
    for category in categories:
        for cheap in (False, True):
            row = _run(tx, MemberDetails(category_id=category, cheap=cheap))
            tx.execute(
                "INSERT INTO shop.category_offers (category_id, cheap, found) VALUES (:c, :cheap, CAST(:f AS jsonb))",
                {"c": category, "cheap": cheap, "f": json.dumps(row, ensure_ascii=False)},
            )
    return 2 * len(categories)


def search_offers(db: Database, details: MemberDetails, *, stored: bool = True) -> Found:
    """Count, top five and distributions of the offers matching `details` (one statement); a bare
    category is read from `shop.category_offers` when stored there (`stored=False`: always live)."""
    started = time.perf_counter()
    with db.transaction(read_only=True) as tx:
        row: dict[str, Any] | None = None
        if stored and _bare_category(details):
            row = tx.scalar(
                "SELECT found FROM shop.category_offers WHERE category_id = :c AND cheap = :cheap",
                {"c": details.category_id, "cheap": details.cheap},
            )
        if row is None:
            row = _run(tx, details)
    return Found(
        total=row.get("total", 0),
        top=[Option(**o) for o in row.get("top") or []],
        brands=[Bucket(label=str(b["label"]), n=b["n"]) for b in row.get("brands") or []],
        cities=[Bucket(label=str(b["label"]), n=b["n"]) for b in row.get("cities") or []],
        price_bands=[Bucket(label=str(b["low"]), n=b["n"]) for b in row.get("price_bands") or []],
        warranty=[Bucket(label=str(b["label"]).lower(), n=b["n"]) for b in row.get("warranty") or []],
        ms=round((time.perf_counter() - started) * 1000, 2),
    )
