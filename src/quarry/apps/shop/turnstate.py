"""Typed state of the multi-turn narrowing dialogue: MemberDetails, MemberDelta, TurnState.

`MemberDetails` holds what the user wants of an offer (hard filters + fuzzy keywords and
attributes); `MemberDelta` is what one utterance changes; `TurnState` is everything the
coordinator keeps between turns (stored as JSON in `shop_chats`, so it survives a restart).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Question = Literal["product_scope", "shop_scope"]
"""The two clarifying questions, asked at most once each, in this order."""
StopReason = Literal["selected", "cancelled", "nothing_found"]
RELAX_ORDER: tuple[str, ...] = (
    "keywords", "attributes", "price", "brand_id", "city_id", "category_id", "min_score", "has_warranty",
)  # fmt: skip
"""Constraints dropped one at a time, in this order, when nothing matches."""


class MemberDetails(BaseModel):
    """What the user wants of an offer (None / empty = no preference)."""

    category_id: int | None = Field(None, description="Leaf category («یخچال و فریزر» …).")
    brand_id: int | None = None
    city_id: int | None = None
    also: dict[str, list[int]] = Field(
        default_factory=dict,
        description="Other values a slot accepts beside its own ('LG or Samsung': brand_id → [Samsung's id]).",
    )
    min_price: int | None = Field(None, description="Toman.")
    max_price: int | None = Field(None, description="Toman.")
    cheap: bool = Field(False, description="The user asked for something cheap: order by price.")
    has_warranty: bool | None = None
    min_score: float | None = Field(None, description="Minimum shop score (0-5).")
    keywords: list[str] = Field(default_factory=list, description="Other words to match in names.")
    attributes: dict[str, str] = Field(default_factory=dict, description="Feature key → value («رنگ» → «سفید»).")
    ranges: dict[str, tuple[float | None, float | None]] = Field(
        default_factory=dict, description="Measured feature key → (least, most) of its number («ظرفیت» → (8, None))."
    )

    def without(self, constraint: str) -> MemberDetails:
        """A copy with one constraint (a `RELAX_ORDER` name) dropped."""
        if constraint == "keywords":
            return self.model_copy(update={"keywords": []})
        if constraint == "attributes":
            return self.model_copy(update={"attributes": {}, "ranges": {}})
        if constraint == "price":
            return self.model_copy(update={"min_price": None, "max_price": None})
        also = {k: v for k, v in self.also.items() if k != constraint}
        return self.model_copy(update={constraint: None, "also": also})

    def accepted(self, slot: str) -> list[int] | None:
        """Every value slot `slot` ("brand_id", "city_id") accepts; None when it accepts any."""
        value = getattr(self, slot)
        return None if value is None else [value, *self.also.get(slot, [])]

    def scoped(self) -> bool:
        """Says what product is wanted (a category, brand, name words or features): without it a search
        would range over the whole catalogue."""
        return self.category_id is not None or self.brand_id is not None or bool(self.keywords or self.attributes)

    def has(self, constraint: str) -> bool:
        if constraint == "price":
            return self.min_price is not None or self.max_price is not None
        if constraint == "attributes":
            return bool(self.attributes or self.ranges)
        value = getattr(self, constraint)
        return bool(value) if isinstance(value, list | dict) else value is not None


_FEATURE = "feature:"
"""`MemberDelta.cleared` prefix of a feature the user lifted («مکانیزمش مهم نیست»)."""


class MemberDelta(BaseModel):
    """What one utterance adds or changes (None = unchanged)."""

    category_id: int | None = None
    brand_id: int | None = None
    city_id: int | None = None
    also: dict[str, list[int]] = Field(default_factory=dict, description="Other values a slot set here accepts.")
    min_price: int | None = None
    max_price: int | None = None
    cheap: bool | None = None
    has_warranty: bool | None = None
    min_score: float | None = None
    keywords: list[str] = Field(default_factory=list)
    attributes: dict[str, str] = Field(default_factory=dict)
    ranges: dict[str, tuple[float | None, float | None]] = Field(default_factory=dict)
    stop: bool = Field(False, description="The user wants to stop («بیخیال», 'cancel').")
    cleared: list[str] = Field(
        default_factory=list,
        description="Slots whose value the user took back ('forget Samsung'): 'brand_id', 'city_id', or "
        "'feature:<key>' for a feature that no longer matters.",
    )

    def apply(self, details: MemberDetails) -> MemberDetails:
        """`details` updated with this delta."""
        said = self.model_dump(exclude={"keywords", "attributes", "ranges", "stop", "cleared", "also"})
        slots = [k for k in self.cleared if not k.startswith(_FEATURE)]
        update = {k: None for k in slots} | {k: v for k, v in said.items() if v is not None}
        out = details.model_copy(update=update)
        # A slot said again says all it accepts anew ("LG or Samsung", then "only Samsung").
        renewed = {k for k in ("brand_id", "city_id") if said.get(k) is not None} | set(slots)
        out.also = {**{k: v for k, v in details.also.items() if k not in renewed}, **self.also}
        lifted = {k.removeprefix(_FEATURE) for k in self.cleared if k.startswith(_FEATURE)}
        out.attributes = {k: v for k, v in out.attributes.items() if k not in lifted}
        out.ranges = {k: v for k, v in out.ranges.items() if k not in lifted}
        if self.category_id is not None and self.category_id != details.category_id:
            out.keywords, out.attributes, out.ranges = [], {}, {}
        out.keywords = list(dict.fromkeys([*out.keywords, *self.keywords]))
        out.attributes = {**out.attributes, **self.attributes}
        out.ranges = {**out.ranges, **self.ranges}
        return out

    def is_empty(self) -> bool:
        return self == MemberDelta()


class Option(BaseModel):
    """One numbered option shown to the user: an offer."""

    member_random_key: str
    base_random_key: str
    name: str
    price: int
    city: str
    score: float
    has_warranty: bool


class TurnState(BaseModel):
    """The dialogue between turns."""

    turns: int = 0
    details: MemberDetails = Field(default_factory=MemberDetails)
    asked: list[Question] = Field(default_factory=list, description="Clarifying questions already asked.")
    options: list[Option] = Field(default_factory=list, description="Options shown; a number picks one.")
    stop_reason: StopReason | None = None
