"""The lowest price over every product a description fits: «ارزون‌ترین یخچال اسنوا تو تهران چنده؟",
"the cheapest Samsung phone", "cheapest 55 inch TV in Tabriz" ask a superlative over a set of
products (a category, a brand, features), not one product's figure, so no product is asked back.

The description is read as the narrowing dialogue reads a turn (category, brand, city, warranty, seller
score, price bounds, features matched on `extra_features`), and searched with the dialogue's one query.
Function words, question words and verbs are set aside; a word that may name the product but that the
catalogue writes nowhere gives no figure (never a statistic without it).
`applied` lists the offer constraints the search used, so a figure is given only when every constraint
the question stated was applied (`honesty.unapplied`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from quarry.db import Database

from .coordinator import with_category_of_names, with_features
from .narrow_nlu import extract_delta
from .narrow_search import search_offers
from .nlu import unread_name_words
from .picks import ignorable
from .turnstate import MemberDetails
from .vocab import catalogue_words


class LowestOffer(BaseModel):
    """The cheapest offer over the products a description fits."""

    price: int = Field(description="Toman.")
    member_random_key: str
    base_random_key: str
    offers: int = Field(description="Offers matching every constraint.")
    applied: list[str] = Field(description="The offer constraints used: city, warranty, seller_score, price.")


def lowest_offer(db: Database, description: str) -> LowestOffer | None:
    """The cheapest offer over every product `description` fits; None when it names no category or brand
    (nothing to range over) or no offer matches."""
    details = described(db, description)
    if details is None:
        return None
    found = search_offers(db, details.model_copy(update={"cheap": True}))
    if not found.top:
        return None
    best = min(found.top, key=lambda o: o.price)
    return LowestOffer(price=best.price, member_random_key=best.member_random_key,
                       base_random_key=best.base_random_key, offers=found.total, applied=applied(details))  # fmt: skip


def described(db: Database, description: str) -> MemberDetails | None:
    """What a description of a set of products says (category, brand, words, features, and limits on the
    offers), read as the dialogue reads a turn; None when it names no category or brand, or holds a word
    that may name the product but that the catalogue writes nowhere (never a figure without it)."""
    words = catalogue_words(db)
    delta = extract_delta(description, words)
    if delta.category_id is not None:
        delta = with_features(db, delta, description, delta.category_id, words)
    details = delta.apply(MemberDetails())
    if unread_name_words(" ".join(k for k in details.keywords if k not in ignorable()), words):
        return None
    details = details.model_copy(update={"keywords": [k for k in details.keywords if words.knows(k)]})
    if details.category_id is None and details.keywords:
        details = with_category_of_names(db, details, [])
    if details.category_id is None and details.brand_id is None:
        return None
    return details


def applied(details: MemberDetails) -> list[str]:
    """The offer constraints `details` holds, by the names `honesty.unapplied` compares."""
    used = {
        "city": details.city_id is not None,
        "warranty": bool(details.has_warranty),
        "seller_score": details.min_score is not None,
        "price": details.max_price is not None or details.min_price is not None,
    }
    return [name for name, on in used.items() if on]
