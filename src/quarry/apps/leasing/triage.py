"""ServiceTriageAgent (B.4, M.2): a ticket → category, priority, vendor, ETA, confirmation.

Life safety is deterministic, checked first and on every ticket (`hazards.find_hazards`): any
hazard signal is P0 with safety instructions (evacuate, call 911 / the utility) before any
vendor ETA, and a person from the building team calls. Hedges and calm wording never lower it,
and neither can the triage model: it may raise a ticket to P0, never lower a hazard.
Everything else is matched to a trade (the vendors' categories) and a priority by the rule table
below; the vendor is the one of that trade serving the unit's borough with the shortest SLA for
that priority (24/7 first for P0), and the ETA is that SLA.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from quarry.db import Database

from .hazards import HazardFinding, find_hazards
from .leaseqa import quote_from
from .models import Citation, TriageResult

Priority = Literal["P0", "P1", "P2"]
Category = Literal["emergency", "plumbing", "hvac", "general"]


CONFIRM_ASK = "Reply 'confirm' to send it."


def sent_message(proposed: str, ticket_id: int) -> str:
    """The proposal's words once the tenant confirmed it: the vendor is on the way (safety steps stay first)."""
    return proposed.replace(" can be sent", " is on the way").replace(CONFIRM_ASK, f"Ticket {ticket_id}.")


def _re(p: str) -> re.Pattern[str]:
    return re.compile(p, re.IGNORECASE)


@dataclass(frozen=True)
class Rule:
    """A non-emergency rule: pattern → trade, category and priority."""

    pattern: re.Pattern[str]
    trade: str
    category: Category
    priority: Priority
    label: str


RULES: tuple[Rule, ...] = tuple(
    Rule(_re(p), trade, cat, prio, label)  # type: ignore[arg-type]
    for p, trade, cat, prio, label in (
        (r"\b(stove|oven|range|cooktop)\b", "plumbing", "plumbing", "P2", "gas appliance"),
        (r"\b(no hot water|toilet[^.]{0,20}overflow\w*|overflow\w*[^.]{0,20}toilet|sewage|backed up|backing up)",
         "plumbing", "plumbing", "P1", "plumbing failure"),
        (r"\b(clog\w*|blocked|toilet|sink|drain\w*|dripping|drip|faucet|tap|leak\w*|pipe)", "plumbing", "plumbing",
         "P2", "plumbing repair"),
        (r"\b(water (stain|pressure|damage|mark)|low pressure|damp|moisture|mou?ld)", "plumbing", "plumbing", "P2",
         "water issue to inspect"),
        (r"\b(no heat|heat(ing)? (is )?(off|out|not working|broken)|heater (is )?(broken|not working|stopped)|"
         r"(ac|a/c|air conditioning|air conditioner|cooling) (is )?(out|off|broken|not working|down|stopped)|"
         r"(hvac|boiler|furnace) (is )?(down|broken|out|not working|stopped))", "hvac", "hvac", "P1", "no heating/cooling"),  # noqa: E501
        (r"\b(hvac|heater|heating|radiator|ac|a/c|air conditioning|thermostat|vent\w*|too (hot|cold)|boiler|noisy fan)",
         "hvac", "hvac", "P2", "HVAC repair"),
        (r"\b(no power|power (is )?(out|off)|outage|breaker|tripped)", "electrical", "general", "P1", "power loss"),
        (r"\b(lights?|outlet|socket|flicker\w*|electrical|switch)", "electrical", "general", "P2", "electrical repair"),
        (r"\b(elevator|lift)", "elevator", "general", "P1", "elevator out of service"),
        (r"\b(lock|door|key|card reader|fob)\w*", "locksmith", "general", "P1", "access/security"),
        (r"\b(roach\w*|mice|mouse|rats?|pests?|bugs?|ants|bedbugs?)", "pest", "general", "P2", "pests"),
        (r"\b(trash|garbage|clean\w*|spill|dirty|smell\w*|odou?r)", "cleaning", "general", "P2", "cleaning"),
    )
)  # fmt: skip


def hazard_of(text: str) -> HazardFinding | None:
    """The first life-safety hazard the text reports (None when there is none)."""
    found = find_hazards(text)
    return found[0] if found else None


def classify_ticket(text: str) -> tuple[Category, Priority, str, list[str], list[str]]:
    """(category, priority, trade, safety instructions, reasons) — deterministic."""
    found = find_hazards(text)
    if found:
        first = found[0]
        steps = list(dict.fromkeys(step for h in found for step in h.instructions))
        return "emergency", "P0", first.trade, steps, [f"life safety: {h.name} ({h.evidence})" for h in found]
    for r in RULES:
        if r.pattern.search(text):
            return r.category, r.priority, r.trade, [], [f"{r.label} ({r.priority})"]
    return "general", "P2", "general", [], ["no specific trade recognised (P2)"]


def _sla_column(priority: Priority) -> str:
    return {"P0": "sla_p0_hours", "P1": "sla_p1_hours", "P2": "sla_p2_hours"}[priority]


def lease_reference(db: Database, tenant_id: str) -> Citation | None:
    """The tenant's lease section on reporting conditions (or repairs), quoted exactly."""
    row = db.fetch_one(
        "SELECT c.lease_id, c.page, c.section, c.body, l.body AS lease FROM leasing_tenancies t"
        " JOIN leasing_lease_chunks c USING (lease_id) JOIN leasing_leases l USING (lease_id)"
        " WHERE t.tenant_id = :t AND c.section IS NOT NULL AND c.section NOT LIKE '%Exhibit%'"
        " AND (c.heading ILIKE 'Reporting%' OR c.heading ILIKE 'Repairs%' OR c.heading ILIKE '%Tenant''s Repairs%')"
        " ORDER BY (c.heading ILIKE 'Reporting%') DESC, c.chunk_no LIMIT 1",
        {"t": tenant_id},
    )
    if row is None:
        return None
    quote = quote_from(row["body"], {"notify", "leak", "repair", "repairs"})
    if quote not in row["lease"]:
        return None
    return Citation(lease_id=row["lease_id"], page=row["page"], section=row["section"], quote=quote)


Trade = Literal[
    "plumbing", "hvac", "electrical", "elevator", "locksmith", "pest", "cleaning", "water_damage", "general"
]


class TicketDecision(BaseModel):
    """What the ServiceTriageAgent decides for a ticket. It may raise a priority (P0 for a danger the
    rules did not see), never lower one: a hazard the rules found stays P0 whatever it says."""

    category: Literal["emergency", "plumbing", "hvac", "general"]
    priority: Priority = Field(
        description="P0: any danger to people (fire, smoke, gas, flooding, collapse, someone hurt or trapped); "
        "P1: out of service / no heat or cooling / no access; else P2."
    )
    trade: Trade
    reason: str = ""


def decide_ticket(text: str) -> TicketDecision:
    """The offline decision: the rule table (the hazard rules are applied before any decision)."""
    category, priority, trade, _, reasons = classify_ticket(text)
    return TicketDecision(category=category, priority=priority, trade=trade, reason=reasons[0])


GENERIC_SAFETY = (
    "If anyone is in danger, leave the area and call 911 now.",
    "A member of the building team is calling you now.",
)


def triage(
    db: Database, text: str, *, tenant_id: str | None = None, decision: TicketDecision | None = None
) -> TriageResult:
    """The ticket: life-safety rules first (deterministic, whatever `decision` says), else `decision`
    (the agent's; the rule table when None), then the vendor of that trade for the unit's borough (SQL)."""
    category, priority, trade, safety, reasons = classify_ticket(text)
    if decision is not None and priority != "P0":
        # No hazard found: the model decides the trade and the urgency (P1 or P2) and may raise
        # the ticket to P0. A hazard the rules found never reaches this branch.
        category, priority, trade = decision.category, decision.priority, decision.trade
        reasons = [decision.reason or f"{trade} ({priority})"]
        if priority == "P0":
            category, safety = "emergency", list(GENERIC_SAFETY)
            reasons = [*reasons, "raised to P0 by the triage model"]
    where = None
    if tenant_id is not None:
        where = db.fetch_one(
            "SELECT t.unit_id, b.borough, b.address || ', Suite ' || u.suite AS address FROM leasing_tenancies t"
            " JOIN leasing_units u USING (unit_id) JOIN leasing_buildings b USING (building_id)"
            " WHERE t.tenant_id = :t ORDER BY t.end_date DESC LIMIT 1",
            {"t": tenant_id},
        )
    borough = where["borough"] if where else "Manhattan"
    sla = _sla_column(priority)
    vendor = db.fetch_one(
        f"SELECT name, {sla} AS eta FROM leasing_vendors WHERE category = ANY(:trades) AND :b = ANY(boroughs)"
        f" ORDER BY array_position(:trades, category), (:p0 AND NOT available_24_7), {sla}, vendor_id LIMIT 1",
        {"trades": [trade, "general"], "b": borough, "p0": priority == "P0"},
    )
    if vendor is None:
        raise LookupError("no vendor on file")  # the bundled vendors cover every trade in both boroughs
    place = f" to {where['address']}" if where else ""
    eta = float(vendor["eta"])
    if priority == "P0" and GENERIC_SAFETY[1] not in safety:
        safety = [*safety, GENERIC_SAFETY[1]]  # life safety always gets a person on the phone
    lead = "EMERGENCY (P0): " + " ".join(safety) + " Then: " if priority == "P0" else f"{priority} ticket: "
    confirm = f"{lead}{vendor['name']} can be sent{place}, ETA about {eta:g} h. {CONFIRM_ASK}"
    return TriageResult(
        category=category,
        priority=priority,
        vendor=vendor["name"],
        eta_hours=eta,
        confirm_message=confirm,
        safety_instructions=safety,
        reasons=[*reasons, f"trade {trade} in {borough}"],
        unit_id=where["unit_id"] if where else None,
        human_call=priority == "P0",
        trade=trade,
        lease_reference=lease_reference(db, tenant_id) if tenant_id else None,
    )
