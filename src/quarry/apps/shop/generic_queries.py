"""The labelled generic lookups (`data/generic_queries.jsonl`) and the check of what a search
returned for one against the catalogue's own columns (category, brand, colour feature).

The file is written by `authoring/generic_queries.py` from the generator's tables, never from
what a search returns; tests and `bench/bench_shop.py` read it through `load_generic_queries`.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from quarry.db import Database

OUT = Path(__file__).parent / "data" / "generic_queries.jsonl"


class GenericQuery(BaseModel):
    """One generic lookup and what every candidate returned for it must satisfy."""

    id: str
    kind: str = Field(description="How it is written: persian, english, mixed, finglish, category, brand, …")
    query: str
    category_id: int | None = Field(None, description="Every candidate is in this leaf category.")
    brand_id: int | None = Field(None, description="Every candidate is of this brand.")
    colour: str | None = Field(None, description="Every candidate's extra_features رنگ is this.")


_WRONG = """
SELECT random_key FROM shop.base_products
WHERE random_key = ANY(CAST(:keys AS text[]))
  AND NOT (coalesce(category_id = CAST(:category AS integer), true)
           AND coalesce(brand_id = CAST(:brand AS integer), CAST(:brand AS integer) IS NULL)
           AND coalesce(extra_features->>'رنگ' = CAST(:colour AS text), CAST(:colour AS text) IS NULL))
ORDER BY random_key
"""


def wrong_candidates(db: Database, query: GenericQuery, keys: list[str]) -> list[str]:
    """The keys among `keys` whose product is not what `query` asks for (by the catalogue's columns)."""
    params = {"keys": keys, "category": query.category_id, "brand": query.brand_id, "colour": query.colour}
    return [r["random_key"] for r in db.fetch_all(_WRONG, params)]


def load_generic_queries(path: Path = OUT) -> list[GenericQuery]:
    """The committed labelled set."""
    return [GenericQuery.model_validate_json(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
