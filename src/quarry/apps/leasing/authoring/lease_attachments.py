"""What follows the signatures: the exhibits (A to D) and, for a lease amended once, the First
Amendment. The wording is in `templates/exhibits/*.toml` and `templates/amendment.toml`."""

from __future__ import annotations

from .lease_grammar import long_date, usd
from .lease_templates import Wording, wording
from .lease_writer import LeaseWriter

EXHIBITS = ("premises", "rules", "cleaning", "work_letter")
"""Template names under `exhibits/`, in the order they are attached (A, B, C, D)."""
_ANIMAL_RULE_AT = 7
"""Where a lease that mentions animals puts its animal rule among the Rules and Regulations (rule 8)."""


def _exhibit(c: LeaseWriter, name: str) -> Wording:
    """Start an exhibit on a new page; its paragraphs, if sections, are numbered 1., 2., ..."""
    w = c.part(f"exhibits/{name}")
    c.doc.new_page()
    heading = wording("document").text("exhibit_heading")
    c.doc.heading(c.fill(heading, letter=w.text("letter"), title=w.text("title").upper()))
    return w


def write_exhibits(c: LeaseWriter) -> None:
    w = _exhibit(c, "premises")
    c.doc.para(c.fill(w.text("text")))

    w = _exhibit(c, "rules")
    rules = w.texts("rules")
    pets = str(c.t.profile["pets"])
    if pets == "allowed":
        rules.insert(_ANIMAL_RULE_AT, w.text("animal_rules", "allowed"))
    elif pets in ("prohibited", "service_only", "consent"):
        rules.insert(_ANIMAL_RULE_AT, w.text("animal_rules", "restricted"))
    for i, rule in enumerate(rules, start=1):
        c.doc.para(f"{i}. {rule}")

    w = _exhibit(c, "cleaning")
    for part in ("nightly", "periodic"):
        c.doc.para(w.text(f"{part}_heading"))
        for item in w.texts(part):
            c.doc.para(f"- {item}", indent="    ")

    _exhibit(c, "work_letter")
    allowance = c.rng.choice((0, 10, 20, 35, 50))
    c.section("landlords_work")
    if allowance:
        c.section("allowance", allowance=allowance, allowance_total=usd(allowance * c.t.sqft))
    else:
        c.section("no_allowance")
    c.section("tenants_work", alterations_article=c.articles["alterations"])
    c.section("plans")
    c.facts["work_allowance"] = {"psf": allowance, "sections": []}


def write_amendment(c: LeaseWriter) -> None:
    """The First Amendment: a one-year extension, or subletting permitted where the lease forbade it."""
    t = c.t
    kind = t.profile.get("amendment")
    if not kind or t.amendment_date is None:
        return
    w = wording("amendment")
    c.doc.new_page()
    c.doc.heading(w.text("heading"))
    c.doc.para(c.fill(w.text("opening"), amendment_date=long_date(t.amendment_date)))
    c.doc.para(c.fill(w.text("recitals")))
    c.doc.para(w.text("agreement"))
    c.part("amendment", citation=w.text("citation"))
    c.section("defined_terms")
    if kind == "extension":
        term = c.section("extension_of_term", extended_expiration=long_date(t.end))
        rent = c.section(
            "extension_rent",
            annual_rent=usd(t.extension_rent_monthly * 12),
            monthly_rent=usd(t.extension_rent_monthly),
        )
        c.section("no_further_extension")
        c.fact("expiration", term, date=t.end.isoformat(), amended=True)
        c.fact("rent", rent, extension_monthly=t.extension_rent_monthly, amended=True)
        c.fact("renewal_option", term, kind="none", note="extended once by amendment; no further extension")
    else:
        sublet = c.section("subletting_permitted", assignment_article=c.articles["assignment"])
        c.section("sublease_profits")
        c.fact(
            "subletting",
            sublet,
            policy="consent",
            amended=True,
            note="original lease prohibited subletting; the First Amendment permits up to 50% with consent",
        )
    c.section("ratification")
    c.doc.lines += c.fill_all(w.texts("signatures"))
