"""RenewalDealAgent (B.4, M.3): current rent + comps + policy rules → a primary offer, two
alternatives, a justification, and whether the asset manager must approve.

Market = the median starting $/SF/yr (and net effective $/SF/yr) of comps signed in the policy's
window before the newest comp, matched on neighbourhood, building class and unit type (widened
one key at a time when fewer than `MIN_COMPS` match). Offers:
- primary: the preferred term, rent moved toward market but inside the policy's increase band,
  free rent at most the schedule allows;
- shorter: the shortest allowed term ≥ 24 months at +1 point of increase, no free rent;
- longer / market: the longest allowed term at the market rent with the schedule's free rent and
  the class's TI allowance.
Each offer is checked against every approval threshold in `renewal_policy.json`; the package
needs approval when any offer breaks one, and says which and why.

The tenant's own words and the tenancy come first (issue 22):
- a tenant in arrears gets no offer when the policy's `tenant_in_arrears` is set (`withheld`);
- the primary offer is on the term the tenant asked for ("renew for 3 years"), else the
  tenancy's renewal option's term, else the policy's preferred term;
- on the option's term, the rent is the option's: a share of FMV (the comps' median starting
  $/SF/yr) or the current rent plus a fixed increase — still checked against every threshold;
- the alternatives are a shorter and the longest allowed term, never the primary's own term.
"""

from __future__ import annotations

import json
import math
import statistics
from datetime import date, timedelta
from functools import cache
from typing import Any

from quarry.db import Database

from .models import ApprovalCode, ApprovalReason, Offer, OfferWithheld, RenewalOption, RenewalPackage
from .places import DATA_DIR
from .renewal_terms import read_option

POLICY_FILE = DATA_DIR / "renewal_policy.json"
MIN_COMPS = 3


@cache
def policy() -> dict[str, Any]:
    return dict(json.loads(POLICY_FILE.read_text(encoding="utf-8")))


def _free_max(p: dict[str, Any], term: int) -> int:
    for band in p["free_rent_months_max"]:
        if band["min_term_months"] <= term <= band["max_term_months"]:
            return int(band["max_free_months"])
    return 0


def comps_for(db: Database, ctx: dict[str, Any], p: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """Comps in the window, matched on as many of neighbourhood, class, type as give MIN_COMPS."""
    newest = db.scalar("SELECT max(signed_date) FROM leasing_rent_comps")
    since = newest - timedelta(days=int(p["rent"]["comp_window_months"] * 30.44))
    keys = [("neighborhood", ctx["neighborhood"]), ("building_class", ctx["building_class"]),
            ("unit_type", ctx["unit_type"])]  # fmt: skip
    for n in (3, 2, 1, 0):
        used = keys[:n]
        where = " AND ".join(["signed_date > :since", *(f"{k} = :{k}" for k, _ in used)])
        rows = db.fetch_all(
            "SELECT starting_rent_psf::float AS psf, net_effective_rent_psf::float AS ner FROM leasing_rent_comps"
            f" WHERE {where}",
            {"since": since, **dict(used)},
        )
        if len(rows) >= MIN_COMPS:
            basis = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in used) or "all comps"
            return rows, basis
    return [], "no comps"


def _context(db: Database, tenant_id: str) -> dict[str, Any] | None:
    return db.fetch_one(
        "SELECT t.tenant_id, t.unit_id, t.end_date, t.monthly_rent_usd::float AS rent, u.sqft, u.unit_type,"
        " t.renewal_option, t.arrears_usd::float AS arrears,"
        " b.neighborhood, b.building_class, b.address || ', Suite ' || u.suite AS address"
        " FROM leasing_tenancies t JOIN leasing_units u USING (unit_id) JOIN leasing_buildings b USING (building_id)"
        " WHERE t.tenant_id = :t ORDER BY t.end_date DESC LIMIT 1",
        {"t": tenant_id},
    )


def check(
    offer: Offer, *, current: float, sqft: int, market_ner: float, p: dict[str, Any]
) -> list[tuple[ApprovalReason, str]]:
    """Why `offer` is outside policy, each as (code and figures, sentence); empty when inside."""
    th = p["approval_thresholds"]
    term = offer.term_months
    out: list[tuple[ApprovalReason, str]] = []

    def breaks(code: ApprovalCode, value: float, limit: float | None, text: str) -> None:
        out.append((ApprovalReason(code=code, term_months=term, value=value, limit=limit), text))

    increase = 100 * (offer.rent_usd / current - 1)
    cap = th["increase_pct_above"]
    if increase > cap + 1e-9:
        breaks(
            "increase_above_cap",
            round(increase, 2),
            cap,
            f"{term}-month offer: +{increase:.1f}% is above the {cap:g}% cap",
        )
    if th["decrease_below_current_rent"] and offer.rent_usd < current - 0.5:
        breaks(
            "below_current_rent",
            offer.rent_usd,
            current,
            f"{term}-month offer: below the current rent (${current:,.0f})",
        )
    free = next((int(i.split(":")[1]) for i in offer.incentives if i.startswith("free_rent_months:")), 0)
    if th["free_rent_months_above_schedule"] and free > _free_max(p, term):
        breaks(
            "free_rent_above_schedule",
            free,
            _free_max(p, term),
            f"{term}-month offer: {free} free months is above the schedule",
        )
    if term not in p["terms_months"]["allowed"]:
        breaks("term_not_allowed", term, None, f"{term} months is not an allowed term")
    annual_cap = th["annual_rent_usd_above"]
    if offer.rent_usd * 12 > annual_cap:
        breaks(
            "annual_rent_above_cap",
            offer.rent_usd * 12,
            annual_cap,
            f"{term}-month offer: annual rent over ${annual_cap:,}",
        )
    psf = offer.rent_usd * 12 / sqft
    ner = psf * (term - free) / term
    floor_pct = th["net_effective_below_comp_median_pct"]
    if market_ner and ner < market_ner * floor_pct / 100:
        breaks(
            "net_effective_below_comps",
            round(ner, 2),
            round(market_ner * floor_pct / 100, 2),
            f"{term}-month offer: net effective ${ner:.2f}/SF is under {floor_pct:g}% of the comps' ${market_ner:.2f}",
        )
    return out


def _approval(offers: list[Offer], *, current: float, sqft: int, market_ner: float) -> dict[str, Any]:
    """The package fields the policy decides for these offers: flag, sentences and codes (in step)."""
    found = [hit for o in offers for hit in check(o, current=current, sqft=sqft, market_ner=market_ner, p=policy())]
    return {
        "needs_manager_approval": bool(found),
        "approval_reasons": [text for _, text in found],
        "approval_codes": [reason for reason, _ in found],
    }


def _withheld(ctx: dict[str, Any], p: dict[str, Any]) -> OfferWithheld | None:
    """The policy rule that forbids any offer for this tenancy, if one does."""
    arrears = float(ctx.get("arrears") or 0)
    if p["approval_thresholds"].get("tenant_in_arrears") and arrears > 0:
        return OfferWithheld(
            code="tenant_in_arrears",
            value=arrears,
            reason=f"The tenancy is ${arrears:,.2f} in arrears; the renewal policy makes no offer until it is paid.",
        )
    return None


def renewal_package(
    db: Database, tenant_id: str, *, today: date, asked_term: int | None = None
) -> tuple[RenewalPackage, dict[str, Any]] | None:
    """The package for a tenant's current tenancy (None when the tenant has none); `asked_term` is the
    term the tenant asked for, in months."""
    ctx = _context(db, tenant_id)
    if ctx is None:
        return None
    p = policy()
    option = read_option(ctx.get("renewal_option"))
    current, sqft = float(ctx["rent"]), int(ctx["sqft"])
    days_left = (ctx["end_date"] - today).days
    facts: dict[str, Any] = {
        "unit_id": ctx["unit_id"],
        "address": ctx["address"],
        "current_rent_usd": current,
        "sqft": sqft,
        "days_left": days_left,
        "renewal_option": ctx.get("renewal_option"),
        "asked_term_months": asked_term,
    }
    withheld = _withheld(ctx, p)
    if withheld is not None:
        pkg = RenewalPackage(
            primary=None,
            alternatives=[],
            justification=withheld.reason,
            needs_manager_approval=False,
            asked_term_months=asked_term,
            renewal_option=option,
            withheld=withheld,
        )
        return pkg, {**facts, "comps": 0, "market_ner": 0.0, "arrears_usd": withheld.value}
    comps, basis = comps_for(db, ctx, p)
    current_psf = current * 12 / sqft
    market_psf = statistics.median(c["psf"] for c in comps) if comps else current_psf
    market_ner = statistics.median(c["ner"] for c in comps) if comps else 0.0
    band = p["rent"]
    step = min(band["max_increase_pct"], max(band["min_increase_pct"], 100 * (market_psf / current_psf - 1)))
    allowed = sorted(p["terms_months"]["allowed"])
    preferred = int(p["terms_months"]["preferred"])

    def offer(term: int, pct: float, free: int, ti: float = 0.0) -> Offer:
        incentives = [f"free_rent_months:{free}"] if free else []
        if ti:
            incentives.append(f"ti_allowance_psf:{ti:g}")
        rent = round(current * (1 + pct / 100))
        if pct <= band["max_increase_pct"] and rent > current * (1 + band["max_increase_pct"] / 100):
            rent = math.floor(current * (1 + band["max_increase_pct"] / 100))  # whole dollars, still inside the cap
        return Offer(rent_usd=rent, term_months=term, incentives=incentives)

    term = asked_term or (option.term_months if option else preferred)
    option_applied = option is not None and term == option.term_months
    if option_applied:
        assert option is not None
        pct = _option_pct(option, market_psf=market_psf, current_psf=current_psf)
        primary = offer(term, pct, 0)  # the option fixes the rent: no incentive on top of it
    else:
        primary = offer(term, step, min(1, _free_max(p, term)))
    others = [t for t in allowed if t != term]
    short_term = next((t for t in others if 24 <= t < term), None) or next(t for t in others if t >= 24)
    shorter = offer(short_term, min(step + 1, band["max_increase_pct"]), 0)
    long_term = max(t for t in others if t != short_term)
    ti = float(p["ti_allowance_psf_max"].get(ctx["building_class"], 0))
    market = offer(long_term, 100 * (market_psf / current_psf - 1), _free_max(p, long_term), ti)
    approval = _approval([primary, shorter, market], current=current, sqft=sqft, market_ner=market_ner)
    notice = p["notice"]
    timing = (
        f"the lease ends {ctx['end_date']:%B %-d, %Y} ({days_left} days)"
        + (" — inside the offer window" if notice["latest_offer_days_before_expiry"] <= days_left
           <= notice["earliest_offer_days_before_expiry"] else " — outside the policy's offer window")
    )  # fmt: skip
    if option_applied:
        assert option is not None
        how = f"The primary is the renewal option ({option.text}) on its {term}-month term"
    else:
        said = "the term asked for" if asked_term else "the preferred term"
        how = (
            f"The primary moves {step:+.1f}% toward market within the policy's {band['min_increase_pct']:g}–"
            f"{band['max_increase_pct']:g}% band on {said} ({term} months)"
        )
    justification = (
        f"Current rent ${current:,.0f}/month (${current_psf:.2f}/SF/yr on {sqft:,} SF); {len(comps)} comps "
        f"({basis}) have a median starting rent of ${market_psf:.2f}/SF/yr and net effective ${market_ner:.2f}. "
        f"{how}; {timing}."
    )
    pkg = RenewalPackage(
        primary=primary,
        alternatives=[shorter, market],
        justification=justification,
        asked_term_months=asked_term,
        renewal_option=option,
        option_applied=option_applied,
        **approval,
    )
    facts.update(comps=len(comps), market_psf=round(market_psf, 2), market_ner=market_ner)
    return pkg, facts


def _option_pct(option: RenewalOption, *, market_psf: float, current_psf: float) -> float:
    """The option's rent as a change over the current rent, in percent."""
    if option.basis == "fmv":
        return 100 * (market_psf * option.pct / 100 / current_psf - 1)
    return option.pct


def rechecked(draft: RenewalPackage, facts: dict[str, Any]) -> RenewalPackage:
    """A package (a model's) with its approval flags recomputed from the policy: a model cannot
    clear an offer that breaks a limit, nor flag one that does not."""
    if draft.withheld is not None:
        return draft  # no offer: nothing to approve
    offers = [o for o in (draft.primary, *draft.alternatives) if o is not None]
    current, sqft = float(facts["current_rent_usd"]), int(facts["sqft"])
    return draft.model_copy(update=_approval(offers, current=current, sqft=sqft, market_ner=facts["market_ner"]))
