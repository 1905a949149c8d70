"""How many products a description fits: «چند مدل یخچال فریزر هایر دارین؟», "how many models of Bosch
dishwashers do you have?" count the catalogue's products (each listing once), not one product's offers.
The description is read as `lowest_offer.described` reads it; with a city, a warranty, a score or a
price, only the products with an offer within those limits count, and `applied` names the limits used
(`honesty.unapplied`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from quarry.db import Database

from .lowest_offer import applied, described
from .narrow_search import count_products


class ProductCount(BaseModel):
    """The products a description fits."""

    products: int
    applied: list[str] = Field(description="The offer constraints used: city, warranty, seller_score, price.")


def products_described(db: Database, description: str) -> ProductCount | None:
    """The number of products `description` fits; None when it names no category or brand, or holds a
    word the catalogue writes nowhere."""
    details = described(db, description)
    if details is None:
        return None
    return ProductCount(products=count_products(db, details), applied=applied(details))
