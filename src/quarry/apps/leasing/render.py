"""Text and markdown of a `LeasingResponse` (renderers never compute: they only lay out fields)."""

from __future__ import annotations

from datetime import datetime

from quarry.agent.trace_render import trace_markdown

from .models import LeasingResponse, MatchItem
from .when import describe


def _card(i: int, m: MatchItem) -> str:
    p = m.row_preview
    flags = ", ".join(x for x, on in (("near transit", p.near_transit), ("pet-friendly", p.pet_friendly)) if on)
    return (
        f"{i}. **{m.id}** · {p.address}, Suite {p.suite} ({p.neighborhood}) · {p.sqft:,} SF · "
        f"${p.rent:,.0f}/month (${p.ppsf_year:g}/SF/yr) · score {m.score:g}"
        + (f" · {flags}" if flags else "")
        + f"\n   {'; '.join(m.reasons)}"
    )


def render_markdown(r: LeasingResponse) -> str:
    """Narrative, spec, unit cards, relaxations and tour proposals as markdown."""
    out = [f"**{r.route}** — {r.narrative}"]
    if r.triage is not None:
        t = r.triage
        if t.safety_instructions:
            out.append("#### Do this now\n" + "\n".join(f"- {x}" for x in t.safety_instructions))
        out.append(
            f"**{t.priority} · {t.category}** · vendor {t.vendor} · ETA {t.eta_hours:g} h · {'; '.join(t.reasons)}"
        )
        if t.lease_reference is not None:
            ref = t.lease_reference
            out.append(f"Your lease ({ref.lease_id} §{ref.section}, p. {ref.page}): “{ref.quote}”")
    if r.renewal is not None:
        primary = [("primary", r.renewal.primary)] if r.renewal.primary is not None else []
        offers = [*primary, *(("alternative", o) for o in r.renewal.alternatives)]
        lines = [
            f"- {kind}: ${o.rent_usd:,.0f}/month · {o.term_months} months · {', '.join(o.incentives) or 'none'}"
            for kind, o in offers
        ]
        if r.renewal.withheld is not None:
            lines = [f"- no offer: {r.renewal.withheld.reason}"]
        out.append("#### Renewal offers\n" + "\n".join(lines))
    if r.lease_answer is not None and r.lease_answer.citations:
        out.append(
            "#### Citations\n"
            + "\n".join(f"- {c.lease_id} §{c.section}, p. {c.page}: “{c.quote}”" for c in r.lease_answer.citations)
        )
    if r.spec is not None:
        fields = r.spec.model_dump(exclude_defaults=True, exclude={"confidence", "notes", "spec_status"})
        out.append(
            f"*SearchSpec ({r.spec.spec_status}):* `{fields}`"
            + (f" — {'; '.join(r.spec.notes)}" if r.spec.notes else "")
        )
    if r.matches is not None and r.matches.items:
        head = "Matches" if r.matches.perfect else "Closest units (no exact match)"
        out.append(f"#### {head}\n" + "\n".join(_card(i, m) for i, m in enumerate(r.matches.items, 1)))
        if r.matches.relaxations:
            out.append("Relaxations: " + "; ".join(f"{x.change} → {x.count} units" for x in r.matches.relaxations))
    if r.action_plan is not None and r.action_plan.actions:
        rows = [
            f"{i}. {a.unit_id} · {a.address} · {describe(datetime.fromisoformat(a.start))}"
            + (f" · **held** (hold {a.hold_id})" if a.hold_id else "")
            for i, a in enumerate(r.action_plan.actions, 1)
        ]
        out.append("#### Tours\n" + "\n".join(rows) + f"\n\nBring: {', '.join(r.action_plan.actions[0].required_docs)}")
    return "\n\n".join(out)


def render_holds_markdown(r: LeasingResponse) -> str:
    if not r.holds:
        return "No holds in this session."
    return "\n".join(
        f"- hold {h.hold_id} · {h.unit_id} · {h.address} · {describe(datetime.fromisoformat(h.start))} · {h.status}"
        for h in r.holds
    )


def render_trace_markdown(r: LeasingResponse) -> str:
    return trace_markdown(r.trace)


def render_text(r: LeasingResponse) -> str:
    """Plain text for the CLI: the markdown without emphasis, then the session id."""
    body = render_markdown(r).replace("**", "").replace("#### ", "")
    return f"{body}\n\nsession {r.session_id}"
