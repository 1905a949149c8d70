"""Typed boundaries of the `comps` app: intent, decisions, rows, stats and the response."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from quarry.agent import TraceStep

StoreyPreference = Literal["low", "mid", "high"]
PlannerAction = Literal["accept", "clarify", "relax", "tighten"]
ResponseAction = Literal["accept", "clarify", "sparse", "too_broad"]
Adjustment = Literal[
    "widen_months",
    "widen_sqm",
    "drop_storey",
    "lower_lease",
    "soften_street",
    "drop_flat_model",
    "raise_budget",
    "narrow_months",
    "narrow_sqm",
    "raise_lease",
    "require_street",
    "cap_budget",
]


class Target(BaseModel):
    """What the user is looking for, as structured intent (seed §3.1 plus flat_model)."""

    town: str | None = Field(None, description="Canonical HDB town, upper case, e.g. 'SENGKANG'.")
    flat_type: str | None = Field(
        None, description="Canonical flat type: '1 ROOM'..'5 ROOM', 'EXECUTIVE', 'MULTI-GENERATION'."
    )
    street_hint: str | None = Field(
        None, description="Street or landmark words as the user typed them, e.g. 'Compassvale'."
    )
    street_names: list[str] = Field(
        default_factory=list, description="Exact street names in the data that the hint matched."
    )
    floor_area_target: float | None = Field(None, description="Target floor area in square metres.")
    floor_area_tolerance: float = Field(5.0, description="Half-width of the sqm band around the target.")
    floor_area_max: float | None = Field(None, description="Upper bound on floor area ('max 80 sqm').")
    floor_area_min: float | None = Field(None, description="Lower bound on floor area ('140 sqm and above').")
    storey_preference: StoreyPreference | None = Field(None, description="low, mid or high floor.")
    storey_min: int | None = Field(None, description="Explicit lowest storey wanted ('10th floor and up').")
    storey_max: int | None = Field(None, description="Explicit highest storey wanted.")
    min_remaining_lease_years: int | None = Field(None, description="Minimum remaining lease in years.")
    months_back: int = Field(12, description="Window counted back from the newest month in the data.")
    price_budget_max: int | None = Field(None, description="Budget cap in SGD.")
    price_budget_min: int | None = Field(
        None, description="Lowest price in SGD ('above 1m', the low end of '500-600k')."
    )
    flat_model: str | None = Field(None, description="Canonical flat model, e.g. 'Premium Apartment'.")
    flat_model_soft: bool = Field(
        False, description="True when the model was hedged ('-ish', 'like'): rank by it, do not filter."
    )
    near: bool = Field(False, description="The user said near/around/close to without an exact street.")
    unresolved: list[str] = Field(
        default_factory=list,
        description="What the user named that the data cannot resolve (a place that is no HDB town or street, "
        "a flat kind with no resale record), as typed: asked back, never dropped.",
    )
    out_of_scope: str | None = Field(
        None, description="What was asked that resale records cannot answer (rent, a forecast…), in a few words."
    )
    not_understood: list[str] = Field(
        default_factory=list, description="Words of the message no constraint used, said back to the user."
    )


class PlannerDecision(BaseModel):
    """One planner step: what to do next and the single adjustment to apply."""

    action: PlannerAction = Field(description="accept, clarify, relax or tighten.")
    adjustment: Adjustment | None = Field(None, description="The one constraint to change.")
    reason: str = Field("", description="Why, in one sentence a user can read.")
    question: str | None = Field(None, description="The clarifying question when action is clarify.")


class CompFilters(BaseModel):
    """The comp-set definition that SQL applies; every key null when not applied."""

    town: str | None = None
    flat_type: str | None = None
    month_from: str | None = Field(None, description="YYYY-MM, inclusive.")
    month_to: str | None = Field(None, description="YYYY-MM, inclusive.")
    floor_area_min: float | None = None
    floor_area_max: float | None = None
    storey_min: int | None = Field(None, description="Row matches when its storey midpoint >= this.")
    storey_max: int | None = Field(None, description="Row matches when its storey midpoint <= this.")
    min_remaining_lease_months: int | None = None
    price_max: int | None = None
    price_min: int | None = None
    flat_model: str | None = None
    street_names: list[str] | None = Field(None, description="Exact street names included.")


class Stats(BaseModel):
    """Price statistics of exactly the rows the filters select."""

    count: int = 0
    median: float | None = None
    p25: float | None = None
    p75: float | None = None
    min: float | None = None
    max: float | None = None


class CompRow(BaseModel):
    """One real resale transaction with its deterministic score (lower is closer)."""

    month: str
    town: str
    flat_type: str
    block: str
    street_name: str
    storey_range: str
    floor_area_sqm: float
    flat_model: str
    remaining_lease: str
    resale_price: float = Field(description="Resale price in SGD, to the cent.")
    score: float


class CompsResponse(BaseModel):
    """The answer to one turn, as the CLI prints it and the API returns it."""

    action: ResponseAction
    question: str | None = None
    note: str | None = None
    session_id: str
    target: Target
    count: int = 0
    stats: Stats = Field(default_factory=Stats)
    results: list[CompRow] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    filters: CompFilters = Field(default_factory=CompFilters)
    months_back: int = 12
    run_id: int | None = Field(None, description="Row id of this run in the audit table.")
    prices: list[float] = Field(default_factory=list, description="Every price in the comp set (histogram).")
