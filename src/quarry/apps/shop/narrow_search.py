"""Candidate offers for the narrowing dialogue: ONE SQL query per search.

It returns the total count, the top five offers (each product's cheapest matching offer)
and capped distributions over the matching offers (brand, city, 500,000-Toman price bands,
warranty), so the coordinator can decide whether to ask, relax or show options without a
second round trip. Offers are read from `shop.offer_facts` (one row per offer with its
category, brand, city, warranty and score; index on category + price); base products are
read only for keywords/attributes and for the five names shown. Ranking: cheapest first when
the user asked for something cheap; else name match (ts_rank_cd on the search vector and
trigram word similarity on the folded name) plus a small shop-score boost, then price.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from quarry.db import Database
from quarry.search.text import fold_joined

from .turnstate import MemberDetails, Option

TOP = 5
DISTRIBUTION_CAP = 6
"""Buckets kept per distribution (the largest)."""
PRICE_BAND = 500_000
"""Toman per price band."""

_SQL = """
WITH kw AS MATERIALIZED (
    SELECT b.random_key,
           CASE WHEN CAST(:q AS text) = '' THEN 0 ELSE
                ts_rank_cd(b.search_vector, replace(plainto_tsquery('simple', :q)::text, '&', '|')::tsquery, 32)
                + word_similarity(:q, b.persian_fold) END AS r
    FROM shop.base_products b
    WHERE NOT (CAST(:q AS text) = '' AND CAST(:attributes AS jsonb) = '{}'::jsonb)
      AND (CAST(:category AS integer) IS NULL OR b.category_id = CAST(:category AS integer))
      AND (CAST(:brand AS integer) IS NULL OR b.brand_id = CAST(:brand AS integer))
      AND (CAST(:q AS text) = '' OR b.search_vector @@ replace(plainto_tsquery('simple', :q)::text, '&', '|')::tsquery
           OR :q <% b.persian_fold)
      AND b.extra_features @> CAST(:attributes AS jsonb)
), m AS (
    SELECT f.member_random_key, f.base_random_key, f.price, f.score, f.has_warranty, f.city_id, f.brand_id,
           coalesce(kw.r, 0) + f.score / 50.0 AS rank
    FROM shop.offer_facts f LEFT JOIN kw ON kw.random_key = f.base_random_key
    WHERE (CAST(:category AS integer) IS NULL OR f.category_id = CAST(:category AS integer))
      AND (CAST(:brand AS integer) IS NULL OR f.brand_id = CAST(:brand AS integer))
      AND (CAST(:city AS integer) IS NULL OR f.city_id = CAST(:city AS integer))
      AND (CAST(:min_price AS bigint) IS NULL OR f.price >= CAST(:min_price AS bigint))
      AND (CAST(:max_price AS bigint) IS NULL OR f.price <= CAST(:max_price AS bigint))
      AND (CAST(:warranty AS boolean) IS NULL OR f.has_warranty = CAST(:warranty AS boolean))
      AND (CAST(:min_score AS real) IS NULL OR f.score >= CAST(:min_score AS real))
      AND ((CAST(:q AS text) = '' AND CAST(:attributes AS jsonb) = '{}'::jsonb) OR kw.random_key IS NOT NULL)
)
SELECT
    (SELECT count(*) FROM m) AS total,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT best.member_random_key, best.base_random_key, b.persian_name AS name, best.price,
               c.name AS city, best.score, best.has_warranty
        FROM (
            SELECT * FROM (
                SELECT DISTINCT ON (m.base_random_key) m.*
                FROM m ORDER BY m.base_random_key, m.price, m.rank DESC, m.member_random_key) cheapest
            ORDER BY CASE WHEN :cheap THEN cheapest.price END, cheapest.rank DESC, cheapest.price,
                     cheapest.member_random_key
            LIMIT :top) best
        JOIN shop.base_products b ON b.random_key = best.base_random_key
        JOIN shop.cities c ON c.id = best.city_id
        ORDER BY CASE WHEN :cheap THEN best.price END, best.rank DESC, best.price, best.member_random_key) t) AS top,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT br.title AS label, count(*) AS n FROM m JOIN shop.brands br ON br.id = m.brand_id
        GROUP BY br.title ORDER BY n DESC, label LIMIT :cap) t) AS brands,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT c.name AS label, count(*) AS n FROM m JOIN shop.cities c ON c.id = m.city_id
        GROUP BY c.name ORDER BY n DESC, label LIMIT :cap) t) AS cities,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT (m.price / :band) * :band AS low, count(*) AS n FROM m
        GROUP BY 1 ORDER BY n DESC, low LIMIT :cap) t) AS price_bands,
    (SELECT coalesce(jsonb_agg(t), '[]') FROM (
        SELECT m.has_warranty AS label, count(*) AS n FROM m GROUP BY 1 ORDER BY 1) t) AS warranty
"""


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
    import json

    return {
        "q": fold_joined(" ".join(d.keywords)),
        "category": d.category_id,
        "brand": d.brand_id,
        "city": d.city_id,
        "min_price": d.min_price,
        "max_price": d.max_price,
        "warranty": d.has_warranty,
        "min_score": d.min_score,
        "attributes": json.dumps(d.attributes, ensure_ascii=False),
        "cheap": d.cheap,
        "top": TOP,
        "cap": DISTRIBUTION_CAP,
        "band": PRICE_BAND,
    }


def search_offers(db: Database, details: MemberDetails) -> Found:
    """Count, top five and distributions of the offers matching `details` (one statement)."""
    started = time.perf_counter()
    with db.transaction(read_only=True) as tx:
        tx.execute("SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)")
        row = tx.fetch_one(_SQL, _params(details)) or {}
    return Found(
        total=row.get("total", 0),
        top=[Option(**o) for o in row.get("top") or []],
        brands=[Bucket(label=str(b["label"]), n=b["n"]) for b in row.get("brands") or []],
        cities=[Bucket(label=str(b["label"]), n=b["n"]) for b in row.get("cities") or []],
        price_bands=[Bucket(label=str(b["low"]), n=b["n"]) for b in row.get("price_bands") or []],
        warranty=[Bucket(label=str(b["label"]).lower(), n=b["n"]) for b in row.get("warranty") or []],
        ms=round((time.perf_counter() - started) * 1000, 2),
    )
