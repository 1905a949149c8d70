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
"""

from __future__ import annotations

import json
import math
import statistics
from datetime import date, timedelta
from functools import cache
from typing import Any

from quarry.db import Database

from .models import ApprovalCode, ApprovalReason, Offer, RenewalPackage
from .places import DATA_DIR

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


def renewal_package(db: Database, tenant_id: str, *, today: date) -> tuple[RenewalPackage, dict[str, Any]] | None:
    """The package for a tenant's current tenancy (None when the tenant has none)."""
    ctx = _context(db, tenant_id)
    if ctx is None:
        return None
    p = policy()
    current, sqft = float(ctx["rent"]), int(ctx["sqft"])
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

    primary = offer(preferred, step, min(1, _free_max(p, preferred)))
    short_term = next(t for t in allowed if t >= 24)
    shorter = offer(short_term, min(step + 1, band["max_increase_pct"]), 0)
    long_term = allowed[-1]
    ti = float(p["ti_allowance_psf_max"].get(ctx["building_class"], 0))
    market = offer(long_term, 100 * (market_psf / current_psf - 1), _free_max(p, long_term), ti)
    approval = _approval([primary, shorter, market], current=current, sqft=sqft, market_ner=market_ner)
    days_left = (ctx["end_date"] - today).days
    notice = p["notice"]
    timing = (
        f"the lease ends {ctx['end_date']:%B %-d, %Y} ({days_left} days)"
        + (" — inside the offer window" if notice["latest_offer_days_before_expiry"] <= days_left
           <= notice["earliest_offer_days_before_expiry"] else " — outside the policy's offer window")
    )  # fmt: skip
    justification = (
        f"Current rent ${current:,.0f}/month (${current_psf:.2f}/SF/yr on {sqft:,} SF); {len(comps)} comps "
        f"({basis}) have a median starting rent of ${market_psf:.2f}/SF/yr and net effective ${market_ner:.2f}. "
        f"The primary moves {step:+.1f}% toward market within the policy's {band['min_increase_pct']:g}–"
        f"{band['max_increase_pct']:g}% band on the preferred {preferred}-month term; {timing}."
    )
    pkg = RenewalPackage(
        primary=primary,
        alternatives=[shorter, market],
        justification=justification,
        **approval,
    )
    facts = {
        "unit_id": ctx["unit_id"],
        "address": ctx["address"],
        "comps": len(comps),
        "current_rent_usd": current,
        "sqft": sqft,
        "market_psf": round(market_psf, 2),
        "market_ner": market_ner,
        "days_left": days_left,
    }
    return pkg, facts


def rechecked(draft: RenewalPackage, facts: dict[str, Any]) -> RenewalPackage:
    """A package (a model's) with its approval flags recomputed from the policy: a model cannot
    clear an offer that breaks a limit, nor flag one that does not."""
    offers = [draft.primary, *draft.alternatives]
    current, sqft = float(facts["current_rent_usd"]), int(facts["sqft"])
    return draft.model_copy(update=_approval(offers, current=current, sqft=sqft, market_ner=facts["market_ner"]))
