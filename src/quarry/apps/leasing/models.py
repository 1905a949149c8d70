"""The leasing contracts (seed §B) and the one response every interface returns."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from quarry.agent import TraceStep

Route = Literal["VIA/needs", "VIA/tour", "DOMA/lease", "DOMA/triage", "DOMA/renewal"]
ROUTES: tuple[Route, ...] = ("VIA/needs", "VIA/tour", "DOMA/lease", "DOMA/triage", "DOMA/renewal")
SpecStatus = Literal["ok", "underconstrained"]


class Budget(BaseModel):
    """A monthly budget in USD (quotes in $/SF/yr are converted with the size asked for)."""

    min: float | None = Field(None, description="Lowest monthly rent wanted, USD.")
    max: float | None = Field(None, description="Highest monthly rent wanted, USD.")


class RouteDecision(BaseModel):
    """What the ManagerAgent decided and why."""

    route: Route = Field(description="The pipeline that answers the message.")
    why: str = Field(description="Keywords, cues and classifier vote that decided, in words.")
    scores: dict[str, float] = Field(default_factory=dict, description="Score per route from the rules.")
    decided_by: Literal["rules", "classifier", "session", "default", "policy"] = Field(
        "rules",
        description="Which stage chose the route (default: nothing pointed anywhere, so a search; policy: a rule "
        "that runs after the router, e.g. a tenant's question about the lease).",
    )


class SearchSpec(BaseModel):
    """B.1: what the prospect needs, normalised (sizes in rentable SF, budget monthly USD)."""

    location: list[str] = Field(default_factory=list, description="Neighbourhood tokens, e.g. 'midtown'.")
    min_sqft: int | None = Field(None, description="Smallest rentable size wanted.")
    max_sqft: int | None = Field(None, description="Largest rentable size wanted.")
    budget_monthly_usd: Budget | None = Field(None, description="Monthly budget in USD.")
    term_months: int | None = Field(None, description="Desired lease term in months.")
    must_haves: list[str] = Field(default_factory=list, description="Amenities or constraints required.")
    nice_to_haves: list[str] = Field(default_factory=list, description="Amenities wanted but not required.")
    timeline: str | None = Field(None, description="Natural time as said ('this monday 6pm').")
    use_case: str | None = Field(None, description="e.g. 'office', 'retail', 'creative studio'.")
    confidence: dict[str, float] = Field(default_factory=dict, description="0..1 per extracted field.")
    spec_status: SpecStatus = Field("underconstrained", description="'underconstrained' triggers one question.")
    notes: list[str] = Field(default_factory=list, description="How quotes were normalised (e.g. $/SF/yr → monthly).")
    unresolved_places: list[str] = Field(
        default_factory=list,
        description="Places the message named that are no neighbourhood or stop in the data: asked back, never "
        "dropped (a search without them would show units anywhere).",
    )

    def constrained_fields(self) -> list[str]:
        """The fields that narrow a search (location, size, budget)."""
        out = []
        if self.location:
            out.append("location")
        if self.min_sqft or self.max_sqft:
            out.append("size")
        if self.budget_monthly_usd and (self.budget_monthly_usd.max or self.budget_monthly_usd.min):
            out.append("budget")
        return out


class RowPreview(BaseModel):
    """B.2 `row_preview`: the normalised unit row as stored."""

    address: str
    neighborhood: str
    sqft: int
    rent: float
    ppsf_year: float
    floor: int | None
    suite: str
    unit_type: str
    amenities: list[str]
    near_transit: bool
    pet_friendly: bool
    available: str | None = None


MatchCode = Literal[
    "size_fits",
    "below_min_sf",
    "above_max_sf",
    "within_budget",
    "over_budget",
    "in_location",
    "outside_location",
    "has_must_have",
    "missing_must_have",
    "near_transit",
    "pet_friendly",
]
"""Why a unit scores as it does, as stable keys (the §C terms, met or missed)."""


class MatchReason(BaseModel):
    """One reason a unit ranks where it does, as data.

    ``value`` per code: the size asked for (``below_min_sf`` min, ``above_max_sf`` max), the budget
    (``within_budget``), the fraction over it (``over_budget``: 0.06 is 6 % over), the location
    token that matched (``in_location``) or the amenity (``has_must_have``, ``missing_must_have``);
    None where the unit's row preview already says it (``size_fits``, ``outside_location``,
    ``near_transit``, ``pet_friendly``).
    """

    code: MatchCode = Field(description="Stable key of the reason.")
    value: int | float | str | None = Field(None, description="The bound, gap or name the reason is about.")


class MatchItem(BaseModel):
    """B.2: one ranked unit (every field from SQL; the score from §C)."""

    id: str = Field(description="Unit id.")
    score: float = Field(description="§C score, 0–100 with the default weights.")
    reasons: list[str] = Field(description="Short reasons in words ('Rent $4,800 within budget').")
    reason_codes: list[MatchReason] = Field(
        default_factory=list, description="The same reasons as codes and values, for programs."
    )
    row_preview: RowPreview


class Relaxation(BaseModel):
    """One specific change to the search and how many units it would give."""

    change: str = Field(description="e.g. 'budget +10% (to $5,500/month)'.")
    field: str = Field(description="The SearchSpec field changed.")
    count: int = Field(description="Units matching every hard filter after the change.")
    budget_max: float | None = Field(None, description="The monthly budget searched with, when the change sets one.")


class Matches(BaseModel):
    """MatchRank's answer: ranked units, and when nothing matches exactly, the closest + relaxations."""

    items: list[MatchItem] = Field(default_factory=list)
    exact: int = Field(0, description="Units passing every hard filter.")
    perfect: bool = Field(False, description="True when the items are exact matches.")
    relaxations: list[Relaxation] = Field(default_factory=list)
    filters_text: str = Field("", description="The hard filters applied, in words.")


class TourAction(BaseModel):
    """B.3 action: a proposed tour slot."""

    type: Literal["tour"] = "tour"
    unit_id: str
    address: str
    start: str = Field(description="ISO time with the America/New_York offset.")
    end: str
    required_docs: list[str]
    hold_id: int | None = Field(None, description="Set once the slot is held.")


class ActionPlan(BaseModel):
    """B.3: proposals and one clear call to action."""

    actions: list[TourAction] = Field(default_factory=list)
    confirmation_prompt: str = ""


class Hold(BaseModel):
    """A tour hold stored in Postgres."""

    hold_id: int
    unit_id: str
    address: str
    start: str
    end: str
    status: Literal["active", "booked", "released", "expired"]
    expires_at: str


class Citation(BaseModel):
    """Where an answer comes from: the quote is an exact substring of the stored lease."""

    lease_id: str
    page: int | None = None
    section: str | None = None
    quote: str


class LeaseAnswer(BaseModel):
    """B.4 LeaseAnswer."""

    answer: str
    citations: list[Citation] = Field(default_factory=list)
    risk_flags: list[str] = Field(default_factory=list)
    found: bool = True
    retrieval: Literal["hybrid", "lexical", "vector", "index", "none"] = Field(
        "none",
        description="How the section was chosen: the lease question index (the nearest indexed questions agreed),"
        " else chunks ranked by the core hybrid search, or by BM25 when the lease has no vectors.",
    )
    indexed_question: str | None = Field(
        None, description="The nearest indexed question whose answer was taken, when the question index decided."
    )


class TriageResult(BaseModel):
    """B.4 TriageResult (+ safety instructions shown before any vendor ETA)."""

    category: Literal["emergency", "plumbing", "hvac", "general"]
    priority: Literal["P0", "P1", "P2"]
    vendor: str
    eta_hours: float
    confirm_message: str
    safety_instructions: list[str] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)
    unit_id: str | None = None
    lease_reference: Citation | None = Field(None, description="What the tenant's lease says about reporting it.")
    human_call: bool = Field(False, description="P0: a person from the building team calls the reporter now.")
    trade: str = Field("general", description="The vendor trade sent.")
    ticket_id: int | None = Field(None, description="Set once the tenant confirmed and the ticket was dispatched.")
    status: Literal["proposed", "dispatched"] = Field(
        "proposed", description="proposed: waiting for 'confirm'; dispatched: the vendor was sent."
    )


class Offer(BaseModel):
    rent_usd: float
    term_months: int
    incentives: list[str] = Field(default_factory=list)


ApprovalCode = Literal[
    "increase_above_cap",
    "below_current_rent",
    "free_rent_above_schedule",
    "term_not_allowed",
    "annual_rent_above_cap",
    "net_effective_below_comps",
]
"""The renewal policy's approval thresholds an offer can break (`renewal_policy.json`)."""


class ApprovalReason(BaseModel):
    """One approval threshold one offer breaks, as data."""

    code: ApprovalCode = Field(description="Which threshold.")
    term_months: int = Field(description="Term of the offer that breaks it.")
    value: float = Field(
        description="The offer's figure: increase %, monthly rent, free months, term, annual rent or net "
        "effective $/SF/yr."
    )
    limit: float | None = Field(
        None, description="The threshold it is compared with (None for a term outside the allowed list)."
    )


class RenewalOption(BaseModel):
    """The tenancy's renewal option as its lease grants it ("1 x 5 yrs at 95% of FMV")."""

    text: str = Field(description="The option as recorded on the tenancy.")
    renewals: int = Field(description="How many renewals it grants.")
    term_months: int = Field(description="Length of each renewal.")
    basis: Literal["fmv", "fixed_increase"] = Field(
        description="fmv: a share of fair market value (the comps' median); fixed_increase: the current rent plus pct."
    )
    pct: float = Field(description="The share of FMV (95 = 95 %) or the increase over the current rent (4 = +4 %).")


WithheldCode = Literal["tenant_in_arrears"]
"""Why the policy allows no renewal offer at all."""


class OfferWithheld(BaseModel):
    """No offer is made: which policy rule says so, and the figure it read."""

    code: WithheldCode
    value: float = Field(description="For tenant_in_arrears: the amount in arrears, USD.")
    reason: str = Field(description="The same in a sentence.")


class RenewalPackage(BaseModel):
    """B.4 RenewalPackage."""

    primary: Offer | None = Field(description="The offer proposed; None when the policy withholds every offer.")
    alternatives: list[Offer]
    justification: str
    needs_manager_approval: bool
    approval_reasons: list[str] = Field(default_factory=list)
    approval_codes: list[ApprovalReason] = Field(
        default_factory=list, description="The same reasons as codes and figures, one per broken threshold."
    )
    asked_term_months: int | None = Field(None, description="The renewal term the tenant asked for, when said.")
    renewal_option: RenewalOption | None = Field(None, description="The tenancy's renewal option, when it has one.")
    option_applied: bool = Field(
        False, description="True when the primary offer is the renewal option's term at the option's rent."
    )
    withheld: OfferWithheld | None = Field(None, description="Set when no offer may be made (e.g. arrears).")


class LeasingResponse(BaseModel):
    """One turn: the parts that apply to the route, the others null."""

    route: Route
    why: str = Field("", description="Why this route.")
    session_id: str
    narrative: str = Field("", description="A short friendly answer in words.")
    question: str | None = Field(None, description="The one clarifying question, when the spec is underconstrained.")
    asks_for: list[str] = Field(
        default_factory=list,
        description="What the question asks for, as stable keys: tenant_id, search, place, location, size, budget, "
        "tour.",
    )
    spec: SearchSpec | None = None
    matches: Matches | None = None
    action_plan: ActionPlan | None = None
    holds: list[Hold] | None = None
    lease_answer: LeaseAnswer | None = None
    triage: TriageResult | None = None
    renewal: RenewalPackage | None = None
    trace: list[TraceStep] = Field(default_factory=list)
    run_id: int | None = None
    extra: dict[str, Any] = Field(default_factory=dict, description="Timings per stage (ms).")
