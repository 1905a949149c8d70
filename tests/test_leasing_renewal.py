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
from quarry.apps.leasing.renewal_terms import asked_term, read_option
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
        assert len(pkg.alternatives) == 2 and pkg.justification and pkg.primary is not None
        # The option's term when the tenancy has a renewal option (issue 22), else the preferred term.
        option = pkg.renewal_option
        assert pkg.primary.term_months == (option.term_months if option else p["terms_months"]["preferred"])
        assert pkg.option_applied == (option is not None)
        current = float(
            leasing_db.scalar("SELECT monthly_rent_usd FROM leasing_tenancies WHERE tenant_id = :t", {"t": t})
        )
        if option is None:  # the policy's own primary never leaves the increase band
            assert current <= pkg.primary.rent_usd <= current * (1 + p["rent"]["max_increase_pct"] / 100)
        assert pkg.needs_manager_approval == bool(pkg.approval_codes)
        assert len(pkg.approval_codes) == len(pkg.approval_reasons)
        terms = {pkg.primary.term_months, *(a.term_months for a in pkg.alternatives)}
        assert len(terms) == 3  # the alternatives never repeat the primary's term
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


# --- issue 22 item 6: the asked term, the renewal option, arrears -----------------------------------


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("we'd like to renew for 3 years", 36),
        ("can we do another 24 months?", 24),
        ("our lease ends in 6 months, we'd like to renew for five years", 60),
        ("renewal for two more years please", 24),
        ("can we renew?", None),
        ("we have 4 months left, what would a renewal look like", None),
    ],
)
def test_the_asked_term_is_read(text: str, months: int | None) -> None:
    assert asked_term(text) == months


@pytest.mark.parametrize(
    ("text", "renewals", "months", "basis", "pct"),
    [
        ("1 x 5 yrs at 95% of FMV", 1, 60, "fmv", 95.0),
        ("1 x 3 yrs at +4%", 1, 36, "fixed_increase", 4.0),
        ("2 x 5 yrs at 100% of FMV", 2, 60, "fmv", 100.0),
    ],
)
def test_renewal_options_are_read(text: str, renewals: int, months: int, basis: str, pct: float) -> None:
    option = read_option(text)
    assert option is not None
    assert (option.renewals, option.term_months, option.basis, option.pct) == (renewals, months, basis, pct)
    assert read_option("none") is None and read_option("none (extended by amendment)") is None


def test_the_primary_offer_is_on_the_term_asked_for(leasing_db: Database) -> None:
    for tenant, term in (("T-001", 36), ("T-003", 24), ("T-006", 84)):
        made = renewal_package(leasing_db, tenant, today=TODAY, asked_term=term)
        assert made is not None
        pkg, _ = made
        assert pkg.primary is not None and pkg.primary.term_months == term and pkg.asked_term_months == term
        assert term not in {a.term_months for a in pkg.alternatives}


def test_the_renewal_option_sets_the_term_and_the_rent(leasing_db: Database) -> None:
    # T-003: "1 x 3 yrs at +4%" → 36 months at the current rent + 4 %.
    made = renewal_package(leasing_db, "T-003", today=TODAY)
    assert made is not None
    pkg, facts = made
    assert pkg.renewal_option is not None and pkg.option_applied and pkg.primary is not None
    assert pkg.primary.term_months == 36
    assert pkg.primary.rent_usd == pytest.approx(facts["current_rent_usd"] * 1.04, abs=1)
    # T-001: "1 x 5 yrs at 95% of FMV" → 60 months at 95 % of the comps' median $/SF/yr.
    made = renewal_package(leasing_db, "T-001", today=TODAY)
    assert made is not None
    pkg, facts = made
    assert pkg.option_applied and pkg.primary is not None and pkg.primary.term_months == 60
    fmv_month = facts["market_psf"] * facts["sqft"] / 12
    assert pkg.primary.rent_usd == pytest.approx(0.95 * fmv_month, rel=0.002)
    # T-006 has no option: the policy's preferred term and band.
    made = renewal_package(leasing_db, "T-006", today=TODAY)
    assert made is not None
    assert made[0].renewal_option is None and not made[0].option_applied


def test_a_tenant_in_arrears_gets_no_offer_with_the_reason(leasing_db: Database) -> None:
    leasing_db.execute("UPDATE leasing_tenancies SET arrears_usd = 4200 WHERE tenant_id = 'T-003'")
    try:
        now = datetime(2026, 11, 23, 9, 0, tzinfo=NY)
        r = asyncio.run(run("can we renew for 3 years?", tenant_id="T-003", clock=lambda: now))
        assert r.route == "DOMA/renewal" and r.renewal is not None
        assert r.renewal.primary is None and r.renewal.alternatives == []
        assert r.renewal.withheld is not None and r.renewal.withheld.code == "tenant_in_arrears"
        assert r.renewal.withheld.value == 4200 and r.renewal.asked_term_months == 36
        assert any(s.step == "renewal" and s.action == "withheld" for s in r.trace)
    finally:
        leasing_db.execute("UPDATE leasing_tenancies SET arrears_usd = 0 WHERE tenant_id = 'T-003'")
    paid = asyncio.run(run("can we renew for 3 years?", tenant_id="T-003", clock=lambda: now))
    assert paid.renewal is not None and paid.renewal.withheld is None and paid.renewal.primary is not None
    assert paid.renewal.primary.term_months == 36
