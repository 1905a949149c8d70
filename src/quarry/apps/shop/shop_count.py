"""How many shops there are, with no product named: «کلا چند تا فروشگاه تو قم دارین؟», "how many
sellers offer a warranty in Tehran?". A count over `shop.shops` (in a city, with or without a warranty,
within a score range); `applied` names each filter used, so the figure is given only when every
constraint the question stated was applied (`honesty.unapplied`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from quarry.db import Database

from .tools import city_id

_COUNT = """
SELECT count(*) FROM shop.shops s
WHERE (CAST(:city AS integer) IS NULL OR s.city_id = CAST(:city AS integer))
  AND (CAST(:warranty AS boolean) IS NULL OR s.has_warranty = CAST(:warranty AS boolean))
  AND (CAST(:min_score AS real) IS NULL OR s.score >= CAST(:min_score AS real))
  AND (CAST(:max_score AS real) IS NULL OR s.score <= CAST(:max_score AS real))
"""


class ShopCount(BaseModel):
    """The number of shops meeting every filter given."""

    shops: int
    applied: list[str] = Field(description="The filters used: city, warranty, seller_score.")
    unresolved: list[str] = Field(default_factory=list, description="A place named that is no city of the data.")


def count_shops(
    db: Database,
    *,
    city: str | None = None,
    has_warranty: bool | None = None,
    min_score: float | None = None,
    max_score: float | None = None,
) -> ShopCount:
    """Shops in `city` (any city when None), with `has_warranty`, scored within [min_score, max_score]."""
    cid = city_id(city)
    if city and cid is None:
        return ShopCount(shops=0, applied=[], unresolved=[city])
    params = {"city": cid, "warranty": has_warranty, "min_score": min_score, "max_score": max_score}
    used = {"city": cid, "warranty": has_warranty, "seller_score": min_score if min_score is not None else max_score}
    return ShopCount(shops=int(db.scalar(_COUNT, params) or 0), applied=[k for k, v in used.items() if v is not None])
