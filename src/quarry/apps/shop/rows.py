"""Typed rows of the shop catalogue, one frozen dataclass per table of the seed's schema.

Field names and order match the columns, so `dataclasses.astuple(row)` is a COPY row and
`dataclasses.asdict(row)` a JSONL object. JSON columns (`extra_features`, `members`,
`result_base_product_rks`, `category_brand_boosts`) hold plain dicts/lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class CityRow:
    """`cities`: an Iranian city."""

    id: int
    name: str
    """Persian name («تهران»)."""


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """`categories`: a top-level group (parent_id None) or a leaf category."""

    id: int
    title: str
    """Persian title («یخچال و فریزر»)."""
    parent_id: int | None


@dataclass(frozen=True, slots=True)
class BrandRow:
    """`brands`: a manufacturer or label."""

    id: int
    title: str
    """Persian name as shops write it («سامسونگ»)."""


@dataclass(frozen=True, slots=True)
class ShopRow:
    """`shops`: an online shop in one city."""

    id: int
    city_id: int
    score: float
    """Customer rating 0.0-5.0 (one decimal; 0 = not rated yet)."""
    has_warranty: bool
    """Whether the shop sells with a guarantee (گارانتی)."""


@dataclass(frozen=True, slots=True)
class BaseProductRow:
    """`base_products`: one product, whatever shop sells it."""

    random_key: str
    persian_name: str
    """Name as written by shops: mixed scripts, Arabic or Persian letters, any digits."""
    english_name: str
    category_id: int
    brand_id: int | None
    extra_features: dict[str, str]
    """Persian feature key → value with unit («عرض» → "120 سانتی‌متر")."""
    image_url: str
    members: list[str]
    """Random keys of this product's offers (the raw list, as in the published data)."""


@dataclass(frozen=True, slots=True)
class MemberRow:
    """`members`: one shop's offer of a base product."""

    random_key: str
    base_random_key: str
    shop_id: int
    price: int
    """Price in Toman."""


@dataclass(frozen=True, slots=True)
class SearchRow:
    """`searches`: one page of results for a query."""

    id: int
    uid: str
    """Base-36 id of the query's page 0 (same on every page of one query)."""
    query: str
    page: int
    timestamp: datetime
    session_id: str
    result_base_product_rks: list[str]
    category_id: int
    """Category the user restricted the search to; 0 = none."""
    category_brand_boosts: list[str]
    """Boosted categories/brands, e.g. ["category:17", "brand:12"]."""


@dataclass(frozen=True, slots=True)
class BaseViewRow:
    """`base_views`: a user opened a base product from a search page."""

    id: int
    search_id: int
    base_product_rk: str
    timestamp: datetime


@dataclass(frozen=True, slots=True)
class FinalClickRow:
    """`final_clicks`: a user went on to a shop from a product view."""

    id: int
    base_view_id: int
    shop_id: int
    timestamp: datetime


Row = CityRow | CategoryRow | BrandRow | ShopRow | BaseProductRow | MemberRow | SearchRow | BaseViewRow | FinalClickRow
TABLES: dict[type, str] = {
    CityRow: "cities", CategoryRow: "categories", BrandRow: "brands", ShopRow: "shops",
    BaseProductRow: "base_products", MemberRow: "members", SearchRow: "searches", BaseViewRow: "base_views",
    FinalClickRow: "final_clicks",
}  # fmt: skip
"""Row type → table name, in an order that satisfies foreign keys."""
