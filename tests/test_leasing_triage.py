"""ServiceTriage: deterministic life-safety P0 with safety instructions before any ETA; look-alikes
that are not emergencies; vendors and ETAs from the database; the tenant's unit enriches the ticket."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from quarry.apps.leasing.hazards import find_hazards
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.triage import classify_ticket, triage
from quarry.apps.leasing.when import NY
from quarry.db import Database

P0 = [
    "water leaking from the ceiling",
    "I smell gas in the kitchen",
    "smells like gas near the boiler room",
    "smoke coming from the electrical panel",
    "carbon monoxide alarm is going off",
    "the outlet is sparking near my desk",
    "there's a fire in the pantry",
    "pipe burst, water everywhere",
    "the basement is flooding",
    "someone is trapped in the elevator",
    "the CO detector in the break room is going off",
    "co alarm beeping and people feel dizzy, I replaced the battery",
    # Hedges never lower a hazard: a leaking ceiling is P0 however slowly it drips.
    "the ceiling is leaking a bit, slow drip",
    "probably nothing but there's a little smoke by the copier",
    "slight burning smell near the breaker panel, fire extinguisher is right here",
]
NOT_P0 = [
    ("low water pressure in the pantry sink", "plumbing"),
    ("there is a water stain on the ceiling tiles", "plumbing"),
    ("who pays the water bill?", "general"),
    ("our gas bill looks too high", "general"),
    ("the smoke detector keeps chirping, low battery?", "general"),
    ("there is no gas smell but the stove will not light", "plumbing"),
    ("the fire extinguisher inspection tag is overdue", "general"),
    ("the AC is not working", "hvac"),
    ("lights flickering on the 5th floor", "general"),
    ("the CO detector keeps beeping, low battery", "general"),
]


@pytest.mark.parametrize("text", P0)
def test_life_safety_is_p0_with_instructions(text: str) -> None:
    category, priority, _, safety, _reasons = classify_ticket(text)
    assert (category, priority) == ("emergency", "P0") and safety and find_hazards(text)


@pytest.mark.parametrize(("text", "category"), NOT_P0)
def test_look_alikes_are_not_emergencies(text: str, category: str) -> None:
    got_category, priority, _, safety, _ = classify_ticket(text)
    assert priority != "P0" and not safety and got_category == category


def test_vendor_and_eta_come_from_the_vendor_table(leasing_db: Database) -> None:
    t = triage(leasing_db, "pipe burst, water everywhere")
    row = leasing_db.fetch_one("SELECT sla_p0_hours FROM leasing_vendors WHERE name = :n", {"n": t.vendor})
    assert row is not None and t.eta_hours == row["sla_p0_hours"] and t.vendor == "FloodGuard Restoration"
    # Safety instructions are said before the vendor and its ETA.
    msg = t.confirm_message
    assert msg.index(t.safety_instructions[0][:20]) < msg.index(t.vendor) < msg.index("ETA")
    gas = triage(leasing_db, "I smell gas")
    assert "911" in " ".join(gas.safety_instructions) and "Con Edison" in " ".join(gas.safety_instructions)
    p2 = triage(leasing_db, "roaches in the pantry")
    assert p2.priority == "P2" and p2.vendor in {"Metro Pest Solutions", "Borough Exterminating"}


def test_a_brooklyn_tenants_ticket_goes_to_a_vendor_serving_brooklyn(leasing_db: Database) -> None:
    row = leasing_db.fetch_one(
        "SELECT t.tenant_id, t.unit_id FROM leasing_tenancies t JOIN leasing_units u USING (unit_id)"
        " JOIN leasing_buildings b USING (building_id) WHERE b.borough = 'Brooklyn' ORDER BY 1 LIMIT 1"
    )
    assert row is not None
    t = triage(leasing_db, "toilet is clogged", tenant_id=row["tenant_id"])
    served = leasing_db.scalar(
        "SELECT 'Brooklyn' = ANY(boroughs) FROM leasing_vendors WHERE name = :n", {"n": t.vendor}
    )
    assert served and t.unit_id == row["unit_id"] and "Suite" in t.confirm_message


def test_the_turn_returns_triage_and_nulls_the_rest(leasing_db: Database) -> None:
    r = asyncio.run(
        run("water leaking from the ceiling", tenant_id="T-001", clock=lambda: datetime(2026, 11, 23, tzinfo=NY))
    )
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.spec is None and r.matches is None and r.lease_answer is None and r.renewal is None
    assert r.narrative.startswith("EMERGENCY (P0): Keep away") and any(s.step == "triage" for s in r.trace)


def test_the_tenants_lease_enriches_the_ticket(leasing_db: Database) -> None:
    t = triage(leasing_db, "water leaking from the ceiling", tenant_id="T-001")
    ref = t.lease_reference
    assert ref is not None and (ref.lease_id, ref.section, ref.page) == ("LEASE-0001", "8.3", 7)
    body = leasing_db.scalar("SELECT body FROM leasing_leases WHERE lease_id = 'LEASE-0001'")
    assert ref.quote in body and "notify Landlord" in ref.quote
    assert triage(leasing_db, "water leaking from the ceiling").lease_reference is None
