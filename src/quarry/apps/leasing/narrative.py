"""The short friendly answer of a turn, in words, from the response's own parts (no new facts)."""

from __future__ import annotations

from datetime import datetime

from .models import LeasingResponse
from .when import describe


def narrate(r: LeasingResponse) -> str:
    """One paragraph for people: what was understood, what was found, what to do next. A message
    with two intents gets both answers, the route's first (a hazard's safety steps always lead)."""
    if r.lease_answer is not None and r.route != "DOMA/lease":
        rest = narrate(r.model_copy(update={"lease_answer": None}))
        return f"{rest} About your lease: {_lease_text(r)}".strip()
    if r.lease_answer is not None:
        if r.triage is not None:
            return f"{_lease_text(r)} About the problem you reported: {r.triage.confirm_message}"
        return _lease_text(r)
    if r.renewal is not None:
        pk = r.renewal
        if pk.primary is None:
            return f"No renewal offer can be made now. {pk.justification}"
        alts = "; ".join(f"${o.rent_usd:,.0f}/month for {o.term_months} months" for o in pk.alternatives)
        approval = (
            " Needs the asset manager's approval: " + "; ".join(pk.approval_reasons) + "."
            if pk.needs_manager_approval
            else " All offers are inside the renewal policy."
        )
        return (
            f"Proposed renewal: ${pk.primary.rent_usd:,.0f}/month for {pk.primary.term_months} months"
            + (f" ({', '.join(pk.primary.incentives)})" if pk.primary.incentives else "")
            + f". Alternatives: {alts}. {pk.justification}{approval}"
        )
    if r.triage is not None:
        # Safety first: what to do now comes before any vendor or ETA (the confirm message has both, in order).
        return r.triage.confirm_message
    if r.question:
        return r.question
    parts: list[str] = []
    m = r.matches
    if m is not None:
        if m.perfect and m.items:
            top = m.items[0]
            parts.append(
                f"{m.exact} unit{'s' if m.exact != 1 else ''} match {m.filters_text}. Best: {top.id} at "
                f"{top.row_preview.address} ({top.row_preview.sqft:,} SF, ${top.row_preview.rent:,.0f}/month, "
                f"score {top.score:g})."
            )
        elif m.items:
            parts.append(f"Nothing matches {m.filters_text} exactly; here are the {len(m.items)} closest.")
            if m.relaxations:
                parts.append("You could " + " or ".join(f"{x.change} ({x.count} units)" for x in m.relaxations) + ".")
        else:
            parts.append("No units found.")
    if r.holds is not None and r.action_plan is None:
        active = [h for h in r.holds if h.status == "active"]
        parts.append(f"Released. {len(active)} active hold{'s' if len(active) != 1 else ''} left.")
    plan = r.action_plan
    if plan is not None:
        booked = [a for a in plan.actions if a.hold_id]
        if booked:
            a = booked[0]
            parts.append(f"Tour held: {a.address}, {describe(datetime.fromisoformat(a.start))} (hold {a.hold_id}).")
        parts.append(plan.confirmation_prompt)
    return " ".join(parts)


def _lease_text(r: LeasingResponse) -> str:
    la = r.lease_answer
    if la is None:
        return ""
    flags = f" Watch out: {'; '.join(la.risk_flags)}." if la.risk_flags else ""
    return la.answer + flags
