"""Which articles and sections a lease gets, and the figures they carry; the wording is in
`templates/articles/<article>.toml`.

The clauses vary per lease by `terms.profile` (subletting prohibited / with consent / to affiliates;
pets prohibited / allowed / with consent / service animals only / not mentioned at all; renewal
option kinds) and by per-lease dice for boilerplate (cure periods, insurance limits, holdover rate).
A section writer returns its mark; `fact` cites it in the lease's fact sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from .lease_grammar import long_date, usd, words
from .lease_terms import LeaseTerms, add_months
from .lease_writer import LeaseWriter

ArticleWriter = Callable[[LeaseWriter], None]

_RENEWALS: dict[str, tuple[int, int, str]] = {
    # profile kind: (renewal terms, years each, rent basis)
    "fmv95": (1, 5, "95fmv"),
    "fixed4": (1, 3, "fixed4"),
    "fmv100": (1, 5, "fmv"),
    "two_fmv": (2, 5, "fmv"),
    "fixed3": (1, 5, "fixed3"),
    "fmv95_3y": (1, 3, "95fmv"),
}
_LANDMARK_DISTRICTS = ("SoHo", "Tribeca")
_GUARANTY_INDUSTRIES = ("design", "creative", "food & beverage")


def articles_of(t: LeaseTerms) -> list[str]:
    """The articles of this lease, in order (template names under `articles/`)."""
    optional = {
        "animals": t.profile["pets"] != "silent",
        # Silent on renewal unless it grants one or an extension amendment took the place of one.
        "renewal": t.profile["renewal"] != "none" or t.profile.get("amendment") == "extension",
        "termination": bool(t.profile.get("early_termination")),
    }
    return [key for key, _write in ARTICLES if optional.get(key, True)]


def _basic(c: LeaseWriter) -> None:
    t = c.t
    c.article("basic")
    c.section("premises")
    term = c.section("term", years=words(t.term_months // 12))
    c.section("commencement_date")
    expiration = c.section("expiration_date")
    c.fact("term", term, months=t.term_months)
    c.fact("expiration", expiration, date=t.original_end.isoformat())
    c.section(
        "fixed_rent",
        annual_rent=usd(t.start_rent_monthly * 12),
        monthly_rent=usd(t.start_rent_monthly),
        rent_article=c.articles["rent"],
    )
    c.section("tenants_share")
    c.section("permitted_use")
    c.section("broker", broker=c.rng.choice(c.w.texts("brokers")))
    c.section("lease_year")
    c.section("business_days_and_hours")


def _demise(c: LeaseWriter) -> None:
    c.article("demise")
    for key in ("demise", "delivery", "early_access", "acceptance"):
        c.section(key)


def _rent(c: LeaseWriter) -> None:
    t = c.t
    c.article("rent")
    late = c.rng.choice((4, 5))
    rent = c.section("payment")
    escalation = c.section("annual_increases")
    c.fact("rent", rent, first_year_monthly=t.start_rent_monthly)
    c.fact("escalation", escalation, pct=t.escalation_pct)
    row = c.phrase("schedule_row")
    for year in range(t.term_months // 12):
        begin = add_months(t.start, 12 * year)
        stop = add_months(t.start, 12 * (year + 1)) - timedelta(days=1)
        monthly = round(t.start_rent_monthly * (1 + t.escalation_pct / 100) ** year, 2)
        # Padded so the schedule's columns line up.
        c.doc.lines.append(
            c.fill(
                row,
                year=f"{year + 1:>2}",
                begins=f"{begin:%m/%d/%Y}",
                ends=f"{stop:%m/%d/%Y}",
                annual=f"{usd(monthly * 12):>14}",
                monthly=f"{usd(monthly):>12}",
            )
        )
    c.doc.lines.append("")
    late_charge = c.section("late_charge", late_pct=words(late))
    c.fact("late_charge", late_charge, pct=late, grace_days=5)
    c.section("additional_rent")


def _escalations(c: LeaseWriter) -> None:
    c.article("escalations")
    c.section("definitions")
    c.section("base_year", base_year=c.t.start.year)
    c.section("tenants_payments")
    c.section("audit")
    if c.t.unit_type == "retail":
        c.section("sidewalk_and_storefront")


def _use(c: LeaseWriter) -> None:
    c.article("use")
    use = c.section("permitted_use")
    c.fact("use", use, permitted=c.values["use"])
    for key in ("prohibited_uses", "certificate_of_occupancy", "occupancy_load"):
        c.section(key)


def _deposit(c: LeaseWriter) -> None:
    t = c.t
    c.article("deposit")
    amount = t.start_rent_monthly * t.deposit_months
    figures = {"amount": usd(amount), "months": words(t.deposit_months)}
    if t.profile.get("letter_of_credit"):
        deposit = c.section("letter_of_credit", **figures)
        c.section("reduction")
        c.fact("security_deposit", deposit, form="letter of credit", amount=amount, months=t.deposit_months)
    else:
        deposit = c.section("security_deposit", **figures)
        c.section("application")
        c.fact("security_deposit", deposit, form="cash", amount=amount, months=t.deposit_months)
    c.section("return")
    c.section("transfer")


def _alterations(c: LeaseWriter) -> None:
    c.article("alterations")
    for key in ("consent", "plans_and_contractors", "liens", "removal"):
        c.section(key)


def _repairs(c: LeaseWriter) -> None:
    c.article("repairs")
    items = c.phrase("retail_tenant_items" if c.t.unit_type == "retail" else "tenant_items")
    landlord = c.section("landlords_repairs")
    tenant = c.section("tenants_repairs", tenant_items=items)
    c.fact("repairs", landlord)
    c.fact("repairs", tenant, split="landlord: structure and base building systems; tenant: interior")
    emergency = c.section("reporting_conditions")
    c.fact("emergency_reporting", emergency)
    c.section("landlords_cure")


def _hvac(c: LeaseWriter) -> None:
    c.article("hvac")
    if c.t.unit_type == "retail":
        hvac = c.section("tenants_hvac_system")
        c.section("service_contract")
        c.fact("hvac", hvac, responsibility="tenant maintains, repairs and replaces the dedicated unit")
    elif c.t.unit_type == "flex":
        hvac = c.section("heat")
        cooling = c.section("air_conditioning")
        c.fact("hvac", hvac)
        c.fact("hvac", cooling, responsibility="landlord heat only; tenant installs and maintains its own cooling")
    else:
        rate = c.rng.choice((85, 95, 110, 125))
        hvac = c.section("building_system")
        after_hours = c.section("after_hours_service", rate=usd(rate))
        c.section("supplemental_units")
        c.fact("hvac", hvac)
        c.fact(
            "hvac",
            after_hours,
            responsibility="landlord base building; tenant supplemental units",
            after_hours_rate=rate,
        )


def _utilities(c: LeaseWriter) -> None:
    c.article("utilities")
    c.section("electricity")
    c.section("water")
    interruption = c.section("interruption")
    c.fact("service_interruption", interruption, abatement_after_business_days=5)


def _services(c: LeaseWriter) -> None:
    c.article("services")
    c.section("cleaning_retail" if c.t.unit_type == "retail" else "cleaning")
    c.section("elevators")
    c.section("access")


def _insurance(c: LeaseWriter) -> None:
    c.article("insurance")
    occurrence, aggregate = c.rng.choice(((1, 2), (2, 4), (2, 5)))
    umbrella = c.rng.choice((3, 5, 10))
    insurance = c.section("tenants_insurance", per_occurrence=occurrence, aggregate=aggregate, umbrella=umbrella)
    c.fact(
        "insurance",
        insurance,
        cgl_per_occurrence=occurrence * 1_000_000,
        cgl_aggregate=aggregate * 1_000_000,
        umbrella=umbrella * 1_000_000,
    )
    for key in ("certificates", "waiver_of_subrogation", "indemnity"):
        c.section(key)


def _assignment(c: LeaseWriter) -> None:
    t = c.t
    a = c.article("assignment")
    policy = str(t.profile["sublet"])
    if policy == "prohibited":
        sublet = c.section("prohibition")
        c.section("change_of_control")
        if t.industry == "food & beverage":
            sale = c.section("sale_of_business", article=a)
            c.fact("subletting", sublet)
            c.fact(
                "subletting",
                sale,
                policy="prohibited",
                note="subletting prohibited; assignment only to a buyer of the business, with consent",
            )
        else:
            c.fact("subletting", sublet, policy="prohibited")
        c.section("no_release_prohibited")
        return
    sublet = c.section("consent_required")
    standard = c.section("standard_for_consent")
    share = c.rng.choice((50, 50, 100))
    c.section("recapture")
    c.section("transfer_profits", profit_share=words(share))
    permitted = c.section("permitted_transfers")
    if policy == "affiliates":
        shared = c.section("shared_space")
        c.fact("subletting", sublet)
        c.fact("subletting", permitted)
        c.fact(
            "subletting",
            shared,
            policy="consent",
            note="third parties need consent; affiliates and up to four desk users without consent",
        )
    else:
        c.fact("subletting", sublet)
        c.fact(
            "subletting",
            standard,
            policy="consent",
            note="consent required, not to be unreasonably withheld; recapture over 50%",
        )
    c.section("no_release")


def _animals(c: LeaseWriter) -> None:
    policy = str(c.t.profile["pets"])
    if "animals" not in c.articles:
        c.facts["pets"] = {"policy": "silent", "sections": []}
        return
    c.article("animals")
    if policy == "allowed":
        dogs = c.rng.choice((2, 3))
        pets = c.section("dogs_permitted", dogs=words(dogs))
        c.section("responsibility_for_animals")
    else:
        pets = c.section(
            {"prohibited": "no_animals", "service_only": "service_animals_only", "consent": "animals_with_consent"}[
                policy
            ]
        )
    c.fact("pets", pets, policy=policy)


def _signage(c: LeaseWriter) -> None:
    t = c.t
    c.article("signage")
    signage = c.section("directory_and_door")
    if t.unit_type == "retail":
        landmark = c.phrase("landmark") if t.neighborhood in _LANDMARK_DISTRICTS else ""
        store = c.section("storefront_sign", landmark=landmark)
        c.fact("signage", signage)
        c.fact("signage", store, storefront=True)
    else:
        none = c.section("no_other_signs")
        c.fact("signage", signage)
        c.fact("signage", none, storefront=False)


def _laws(c: LeaseWriter) -> None:
    c.article("laws")
    for key in ("tenants_compliance", "hazardous_materials", "accessibility"):
        c.section(key)


def _casualty(c: LeaseWriter) -> None:
    c.article("casualty")
    for key in ("restoration", "termination", "waiver", "condemnation"):
        c.section(key)


def _subordination(c: LeaseWriter) -> None:
    c.article("subordination")
    c.section("subordination")
    c.section("estoppel_certificates")


def _access(c: LeaseWriter) -> None:
    c.article("access")
    c.section("landlords_entry")
    c.section("minimizing_interference")


def _default(c: LeaseWriter) -> None:
    c.article("default")
    money, other = c.rng.choice(((5, 20), (10, 30), (10, 20)))
    default = c.section("events_of_default", monetary_cure=words(money), other_cure=words(other))
    c.fact("default", default, monetary_cure_days=money, other_cure_days=other)
    for key in ("termination", "damages", "mitigation", "waivers"):
        c.section(key)


def _holdover(c: LeaseWriter) -> None:
    c.article("holdover")
    pct = c.rng.choice((150, 175, 200))
    holdover = c.section("holdover_rent", holdover_pct=pct)
    c.section("holdover_damages")
    c.fact("holdover", holdover, pct_of_last_month=pct)


def _surrender(c: LeaseWriter) -> None:
    c.article("surrender")
    c.section("condition_on_surrender")
    c.section("abandoned_property")


def _renewal(c: LeaseWriter) -> None:
    kind = str(c.t.profile["renewal"])
    if "renewal" not in c.articles:
        c.facts["renewal_option"] = {"kind": "none", "silent": True, "sections": []}
        return
    c.article("renewal")
    if kind == "none":
        renewal = c.section("no_renewal_right")
        c.fact("renewal_option", renewal, kind="none")
        return
    count, years, basis = _RENEWALS[kind]
    terms = c.fill(c.phrase("one_term" if count == 1 else "successive_terms"), count=words(count), years=words(years))
    renewal = c.section("option", renewal_terms=terms)
    months_notice = c.rng.choice((9, 12))
    notice = c.section("exercise", notice_months=words(months_notice))
    if basis in ("95fmv", "fmv"):
        pct = 95 if basis == "95fmv" else 100
        rent = c.section("renewal_rent_market", market_pct=pct)
        c.section("determination")
        rent_rule = f"{pct}% of fair market rent"
    else:
        pct = 4 if basis == "fixed4" else 3
        rent = c.section("renewal_rent_fixed", increase=words(pct))
        rent_rule = f"last year's rent +{pct}%"
    c.fact("renewal_option", renewal)
    c.fact("renewal_option", notice, notice_months_before=months_notice)
    c.fact("renewal_option", rent, kind=kind, count=count, years=years, rent=rent_rule)


def _termination(c: LeaseWriter) -> None:
    if "termination" not in c.articles:
        return
    c.article("termination")
    when = add_months(c.t.start, 36) - timedelta(days=1)
    option = c.section("option_to_terminate", termination_date=long_date(when))
    fee = c.section("termination_fee")
    c.fact("early_termination", option, date=when.isoformat())
    c.fact("early_termination", fee, fee="4 months' rent plus unamortized costs")


def _misc(c: LeaseWriter) -> None:
    t = c.t
    c.article("misc")
    notices = c.section("notices")
    c.fact("notices", notices)
    for key in (
        "quiet_enjoyment",
        "force_majeure",
        "brokers",
        "limitation_of_landlords_liability",
        "entire_agreement_amendments",
        "governing_law",
    ):
        c.section(key)
    if t.profile.get("amendment") is None and t.industry in _GUARANTY_INDUSTRIES:
        guaranty = c.section("guaranty")
        c.fact("guaranty", guaranty, kind="good guy")
    c.section("counterparts")


ARTICLES: tuple[tuple[str, ArticleWriter], ...] = (
    ("basic", _basic),
    ("demise", _demise),
    ("rent", _rent),
    ("escalations", _escalations),
    ("use", _use),
    ("deposit", _deposit),
    ("alterations", _alterations),
    ("repairs", _repairs),
    ("hvac", _hvac),
    ("utilities", _utilities),
    ("services", _services),
    ("insurance", _insurance),
    ("assignment", _assignment),
    ("animals", _animals),
    ("signage", _signage),
    ("laws", _laws),
    ("casualty", _casualty),
    ("subordination", _subordination),
    ("access", _access),
    ("default", _default),
    ("holdover", _holdover),
    ("surrender", _surrender),
    ("renewal", _renewal),
    ("termination", _termination),
    ("misc", _misc),
)
"""Every article a lease can have, in order; a writer of an optional article records what the lease
says by its silence when `articles_of` leaves it out."""
