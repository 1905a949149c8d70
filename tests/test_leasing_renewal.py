"""RenewalDeal against the real database: offers from the current rent, comps and the policy file;
approval flagged exactly when an offer breaks a policy threshold."""

from __future__ import annotations

import asyncio
import statistics
from datetime import date, datetime

import pytest

from quarry.apps.leasing.models import Offer
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.renewal import check, comps_for, policy, renewal_package
from quarry.apps.leasing.when import NY
from quarry.db import Database

TODAY = date(2026, 11, 23)


def test_every_tenant_gets_a_primary_and_two_alternatives_inside_or_flagged(leasing_db: Database) -> None:
    p = policy()
    tenants = [r["tenant_id"] for r in leasing_db.fetch_all("SELECT tenant_id FROM leasing_tenancies ORDER BY 1")]
    flagged = 0
    for t in tenants:
        made = renewal_package(leasing_db, t, today=TODAY)
        assert made is not None
        pkg, _ = made
        assert len(pkg.alternatives) == 2 and pkg.justification
        assert pkg.primary.term_months == p["terms_months"]["preferred"]
        current = float(
            leasing_db.scalar("SELECT monthly_rent_usd FROM leasing_tenancies WHERE tenant_id = :t", {"t": t})
        )
        # The primary never leaves the increase band.
        assert current <= pkg.primary.rent_usd <= current * (1 + p["rent"]["max_increase_pct"] / 100)
        assert pkg.needs_manager_approval == bool(pkg.approval_codes)
        assert len(pkg.approval_codes) == len(pkg.approval_reasons)
        terms = {pkg.primary.term_months, *(a.term_months for a in pkg.alternatives)}
        assert {c.term_months for c in pkg.approval_codes} <= terms
        flagged += pkg.needs_manager_approval
    assert 0 < flagged < len(tenants)  # both outcomes occur in the bundled portfolio


def test_market_comes_from_matching_comps(leasing_db: Database) -> None:
    ctx = {"neighborhood": "Flatiron", "building_class": "A", "unit_type": "office"}
    rows, basis = comps_for(leasing_db, ctx, policy())
    assert len(rows) >= 3 and basis == "neighborhood Flatiron, building class A, unit type office"
    sql_median = statistics.median(
        r["p"]
        for r in leasing_db.fetch_all(
            "SELECT starting_rent_psf::float AS p FROM leasing_rent_comps WHERE neighborhood = 'Flatiron'"
            " AND building_class = 'A' AND unit_type = 'office'"
            " AND signed_date > (SELECT max(signed_date) FROM leasing_rent_comps) - 365"
        )
    )
    assert statistics.median(r["psf"] for r in rows) == pytest.approx(sql_median)


@pytest.mark.parametrize(
    ("offer", "current", "market_ner", "expected"),
    [
        (Offer(rent_usd=11_000, term_months=60), 10_000, 0.0, ("increase_above_cap", 60, 10.0, 8.0)),
        (Offer(rent_usd=9_000, term_months=60), 10_000, 0.0, ("below_current_rent", 60, 9_000, 10_000)),
        (Offer(rent_usd=10_500, term_months=48), 10_000, 0.0, ("term_not_allowed", 48, 48, None)),
        (
            Offer(rent_usd=10_500, term_months=36, incentives=["free_rent_months:4"]),
            10_000,
            0.0,
            ("free_rent_above_schedule", 36, 4, 1),
        ),
        (Offer(rent_usd=60_000, term_months=60), 56_000, 0.0, ("annual_rent_above_cap", 60, 720_000, 600_000)),
        # $10,500 x 12 / 2,000 SF = $63/SF; against comps at $80 the floor is 90 % = $72.
        (Offer(rent_usd=10_500, term_months=60), 10_000, 80.0, ("net_effective_below_comps", 60, 63.0, 72.0)),
    ],
    ids=lambda v: v[0] if isinstance(v, tuple) else None,
)
def test_each_policy_threshold_flags(
    offer: Offer, current: float, market_ner: float, expected: tuple[str, int, float, float | None]
) -> None:
    found = check(offer, current=current, sqft=2000, market_ner=market_ner, p=policy())
    assert [(r.code, r.term_months, r.value, r.limit) for r, _ in found] == [expected]


def test_an_offer_inside_every_limit_is_not_flagged() -> None:
    assert (
        check(
            Offer(rent_usd=10_500, term_months=60, incentives=["free_rent_months:2"]),
            current=10_000,
            sqft=2000,
            market_ner=55.0,
            p=policy(),
        )
        == []
    )


def test_the_turn_returns_the_package_and_asks_for_a_tenant_otherwise(leasing_db: Database) -> None:
    now = datetime(2026, 11, 23, 9, tzinfo=NY)
    r = asyncio.run(run("my lease ends in March, can we renew?", tenant_id="T-003", clock=lambda: now))
    assert r.route == "DOMA/renewal" and r.renewal is not None and r.spec is None and r.triage is None
    assert "March 31, 2027" in r.renewal.justification and "Proposed renewal" in r.narrative
    anon = asyncio.run(run("my lease ends in March, can we renew?", clock=lambda: now))
    assert anon.renewal is None and anon.question and anon.asks_for == ["tenant_id"]
