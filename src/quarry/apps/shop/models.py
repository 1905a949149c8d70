"""Typed boundaries of the shop app: tool results, the agents' outputs, a turn (the public /chat
contract itself is `contract.py`, re-exported here)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from quarry.agent import TraceStep

from .contract import (
    CHAT_ID,
    IMAGE_BASE64,
    MAX_IMAGE_BYTES,
    MAX_PART_CHARS,
    MAX_PARTS,
    ChatRequest,
    ChatResponse,
    ImagePart,
    MessagePart,
    TextPart,
    decode_image,
)

Mode = Literal["single_turn", "multi_turn"]
"""The router's two answers."""
MAX_TEXT_CHARS = 8 * 2000 + 7
"""All text parts of a turn together (8 parts of 2,000 characters and their line breaks)."""


class Candidate(BaseModel):
    """One base product `search_base_products` found."""

    random_key: str = Field(description="Base product random key.")
    persian_name: str = Field(description="Persian name as stored.")
    english_name: str = Field(description="English name as stored.")
    matched: Literal["key", "fuzzy"] = Field(description="key: a random key quoted in the query; fuzzy: by name.")
    score: float = Field(description="Whole-name + word trigram similarity + ts_rank_cd (key matches: 9).")
    searched: str = Field("", description="The folded query (or the keys) searched.")
    listing: str = Field(
        "",
        description="The name shared by the product's listings with and without a seller code, when it has such twins.",
    )


class Feature(BaseModel):
    """One product feature (nested features are flattened to 'a.b' names)."""

    name: str
    value: str


class SellerStatistics(BaseModel):
    """Aggregates over one base product's offers (members), optionally filtered."""

    base_random_key: str
    city: str | None = Field(None, description="City filter as asked (None: every city).")
    has_warranty: bool | None = Field(None, description="Only shops with (True) / without (False) a warranty.")
    offers: int = Field(0, description="Offers matching the filters.")
    shops: int = Field(0, description="Distinct shops among them.")
    min_price: int | None = Field(None, description="Toman.")
    max_price: int | None = Field(None, description="Toman.")
    avg_price: int | None = Field(None, description="Toman, rounded.")
    median_price: int | None = Field(None, description="Toman, rounded.")
    avg_score: float | None = Field(None, description="Mean shop score (0-5).")
    max_score: float | None = None
    warranty_offers: int = 0
    warranty_shops: int = 0
    cities: int = Field(0, description="Distinct cities of the shops.")
    price_range: int | None = Field(None, description="Highest minus lowest price (Toman).")
    min_score: float | None = Field(None, description="Score filter: only shops scored at least this.")
    max_score_filter: float | None = Field(None, description="Score filter: only shops scored at most this.")
    price_below: int | None = Field(None, description="Price filter: only offers under this (Toman).")
    price_above: int | None = Field(None, description="Price filter: only offers over this (Toman).")
    applied: list[str] = Field(
        default_factory=list, description="The filters used: city, warranty, seller_score, price."
    )
    metric: str | None = Field(None, description="The aggregate the question asked for.")
    numeric_answer: float | None = Field(None, description="That aggregate's value (None: no offers match).")
    note: str | None = None
    unresolved: list[str] = Field(
        default_factory=list, description="What the question named that the catalogue does not hold (a city…)."
    )
    ms: float = 0.0


class ShopAnswer(BaseModel):
    """What the single-turn agent returns (its output tool)."""

    message: str | None = Field(None, description="Short answer text (Persian when asked in Persian).")
    base_random_keys: list[str] | None = Field(None, description="At most one base key for a product lookup.")
    member_random_keys: list[str] | None = Field(None, description="Offer keys, when an offer was picked.")
    numeric_answer: float | None = Field(None, description="Set for seller statistics questions; sent as digits.")
    unapplied: list[str] | None = Field(
        None, description="Constraints the question stated that the answer could not apply (then no number)."
    )
    absent: bool = Field(False, description="The product asked about is not in the catalogue.")
    differs: list[str] | None = Field(
        None,
        description="The user's distinguishing tokens (Pro, 17, a colour...) the nearest product lacks: "
        "then the product asked about is not in the catalogue.",
    )


class VisionAnswer(BaseModel):
    """What the vision agent returns: words for the dominant object, never a catalogue key (seed)."""

    message: str = Field(description="A few Persian words (a noun phrase) naming the dominant object.")


class RouteDecision(BaseModel):
    """The router's minimal JSON."""

    mode: Mode


class ShopTurn(ChatResponse):
    """A turn with what happened (the CLI's --json and the UI): the /chat fields plus `trace`."""

    trace: list[TraceStep] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list, description="What the last search found.")
    route: Mode | Literal["static", "vision"] = "single_turn"
    status: Literal["answered", "not_in_catalogue", "withheld"] = Field(
        "answered",
        description="not_in_catalogue: no product matches every distinguishing token asked (see `differs`); "
        "withheld: a figure was not given because a constraint could not be applied (see `unapplied`).",
    )
    differs: list[str] = Field(
        default_factory=list, description="The tokens asked that the nearest product does not match."
    )
    unapplied: list[str] = Field(
        default_factory=list,
        description="Constraints the user stated that were not applied (city, warranty, seller_score, price, "
        "unit, delivery, colour, variant...): no figure is given then, and the message names them.",
    )

    def public(self) -> ChatResponse:
        return ChatResponse(
            message=self.message, base_random_keys=self.base_random_keys, member_random_keys=self.member_random_keys
        )


__all__ = [
    "CHAT_ID", "IMAGE_BASE64", "MAX_IMAGE_BYTES", "MAX_PARTS", "MAX_PART_CHARS", "ChatRequest", "ChatResponse",
    "ImagePart", "MessagePart", "TextPart", "decode_image",
]  # fmt: skip
