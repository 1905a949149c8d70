"""Commercial lease texts for the leases on file: 10+ pages, numbered articles and sections.

`render_lease(terms)` returns the text (pages end with a form feed and carry a "Page N of M"
footer) and a fact sheet: what the lease says on subletting, pets, renewal, HVAC, repairs, deposit,
holdover, ... with the section and page that say it (the later amendment listed after the original
section it changes). The clauses are New York office/retail lease language, varied per lease by
`terms.profile` (subletting prohibited / with consent / to affiliates; pets prohibited / allowed /
with consent / service animals only / not mentioned at all; renewal option kinds; amendments that
extend the term or rewrite the subletting clause) and by a per-lease random choice of boilerplate
(cure periods, insurance limits, business hours, holdover rate). Deterministic for a given seed.
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass, field
from datetime import date, timedelta

WIDTH = 92
LINES_PER_PAGE = 50
_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_ORD = ("", "First", "Second", "Third")


@dataclass(frozen=True)
class LeaseTerms:
    """What the generator decided about one lease on file."""

    lease_id: str
    tenant: str
    tenant_contact: str
    landlord: str
    manager: str
    address: str
    neighborhood: str
    borough: str
    zip: str
    suite: str
    floor: int
    unit_type: str
    sqft: int
    start: date
    end: date
    """Expiration after every amendment (the date tenancies.csv carries)."""
    term_months: int
    """Original term; an extension amendment adds 12 months on top."""
    start_rent_monthly: int
    escalation_pct: float
    deposit_months: int
    profile: dict[str, object]
    industry: str
    seed: int
    extension_rent_monthly: int = 0
    amendment_date: date | None = None

    @property
    def unit_label(self) -> str:
        """ "Suite 1203", or the store's own name ("Store A")."""
        return f"Suite {self.suite}" if self.suite[0].isdigit() else self.suite

    @property
    def original_end(self) -> date:
        return _add_months(self.start, self.term_months) - timedelta(days=1)

    def monthly_rent_at(self, when: date) -> float:
        """Monthly fixed rent in force on `when` (lease years from the commencement date)."""
        if when > self.original_end and self.extension_rent_monthly:
            return float(self.extension_rent_monthly)
        year = 0
        while _add_months(self.start, 12 * (year + 1)) <= when and year + 1 < self.term_months // 12:
            year += 1
        return round(self.start_rent_monthly * (1 + self.escalation_pct / 100) ** year, 2)


def _add_months(d: date, months: int) -> date:
    import calendar

    y, m = divmod(d.month - 1 + months, 12)
    return date(d.year + y, m + 1, min(d.day, calendar.monthrange(d.year + y, m + 1)[1]))


def _w(n: int) -> str:
    return f"{_WORDS[n]} ({n})" if n < len(_WORDS) else str(n)


def _d(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def _usd(v: float) -> str:
    return f"${v:,.2f}"


def _floor_text(floor: int) -> str:
    if floor == -1:
        return "the lower level (cellar)"
    if floor == 1:
        return "the ground floor"
    suffix = "th" if 10 <= floor % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(floor % 10, "th")
    return f"the {floor}{suffix} floor"


_USES = {
    "technology": "executive and general offices for a software and data analytics business",
    "retail": "the retail sale of apparel, footwear and fashion accessories, and for no other purpose",
    "design": "a graphic and product design studio with ancillary general offices",
    "architecture": "architectural and interior design offices",
    "finance": "executive and general offices of a registered investment advisory firm",
    "creative": "a photography and video production studio, with ancillary offices and storage",
    "food & beverage": "a cafe serving coffee, tea, baked goods and light fare prepared without open-flame cooking",
    "nonprofit": "general and administrative offices of a not-for-profit organization",
    "legal": "the practice of law and general offices incidental thereto",
}


class _Doc:
    """Lines of the lease body, with the line index where each section starts."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.marks: dict[str, tuple[int, str]] = {}

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def heading(self, text: str) -> None:
        self.blank()
        self.lines.append(text)
        self.lines.append("")

    def article(self, number: int, title: str) -> None:
        self.blank()
        self.lines += [f"ARTICLE {number}".center(WIDTH).rstrip(), title.upper().center(WIDTH).rstrip(), ""]

    def section(self, number: str, title: str, body: str, mark: str | None = None, label: str | None = None) -> None:
        self.marks[mark or number] = (len(self.lines), label or number)
        self.para(f"{number} {title}. {body}")

    def para(self, text: str, indent: str = "") -> None:
        self.lines += textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)
        self.lines.append("")


@dataclass
class _Ctx:
    t: LeaseTerms
    rng: random.Random
    doc: _Doc = field(default_factory=_Doc)
    facts: dict[str, dict[str, object]] = field(default_factory=dict)
    art: int = 0
    hours: str = "8:00 a.m. to 6:00 p.m."
    share: str = "1.00"

    def next_article(self, title: str) -> int:
        self.art += 1
        self.doc.article(self.art, title)
        return self.art

    def fact(self, key: str, section: str, **values: object) -> None:
        entry = self.facts.setdefault(key, {"sections": []})
        entry.update(values)
        sections = entry["sections"]
        assert isinstance(sections, list)
        sections.append(section)


def render_lease(t: LeaseTerms) -> tuple[str, dict[str, object]]:
    """The lease text and its fact sheet (sections with the page each starts on)."""
    rng = random.Random(f"{t.seed}:lease:{t.lease_id}")
    c = _Ctx(t, rng)
    c.hours = rng.choice(("8:00 a.m. to 6:00 p.m.", "8:00 a.m. to 7:00 p.m.", "9:00 a.m. to 6:00 p.m."))
    floorplate = rng.choice((6_000, 8_500, 12_000, 18_000, 24_000))
    c.share = f"{100 * t.sqft / (floorplate * rng.randint(6, 30)):.2f}"
    _cover(c)
    for part in (
        _basic,
        _demise,
        _rent,
        _escalations,
        _use,
        _deposit,
        _alterations,
        _repairs,
        _hvac,
        _utilities,
        _services,
        _insurance,
        _assignment,
        _animals,
        _signage,
        _laws,
        _casualty,
        _subordination,
        _access,
        _default,
        _holdover,
        _surrender,
        _renewal,
        _termination,
        _misc,
        _signatures,
        _exhibits,
        _amendment,
    ):
        part(c)
    pages, line_page = _paginate(c)
    text = "".join(pages)
    page_of = {key: line_page[line] for key, (line, _label) in c.doc.marks.items()}
    label_of = {key: label for key, (_line, label) in c.doc.marks.items()}
    facts: dict[str, object] = {
        "lease_id": t.lease_id,
        "file": f"leases/{t.lease_id}.txt",
        "pages": len(pages),
        "tenant": t.tenant,
        "landlord": t.landlord,
        "premises": f"{t.address}, {t.unit_label}",
        "neighborhood": t.neighborhood,
        "commencement": t.start.isoformat(),
        "expiration": t.end.isoformat(),
        "sqft": t.sqft,
    }
    clauses: dict[str, object] = {}
    for key, entry in c.facts.items():
        sections = entry.pop("sections")
        assert isinstance(sections, list)
        entry["cited"] = [{"section": label_of[s], "page": page_of[s]} for s in sections]
        clauses[key] = entry
    facts["clauses"] = clauses
    return text, facts


def _paginate(c: _Ctx) -> tuple[list[str], list[int]]:
    """The pages, and the page number of every body line."""
    body = c.doc.lines
    per = LINES_PER_PAGE - 4
    chunks: list[list[str]] = []
    line_page = [0] * len(body)
    i = 0
    while i < len(body):
        end = min(i + per, len(body))
        # Break at a "NEW PAGE" marker, and keep an article title with what follows it.
        if "\x00" in body[i:end]:
            end = body.index("\x00", i) + 1
        elif end < len(body):
            for j in range(end - 1, max(i + per - 6, i), -1):
                if body[j].strip().startswith("ARTICLE "):
                    end = j
                    break
        chunks.append([line for line in body[i:end] if line != "\x00"])
        line_page[i:end] = [len(chunks)] * (end - i)
        i = end
    total = len(chunks)
    head = f"{c.t.lease_id} - Lease - {c.t.address}, {c.t.unit_label}"
    pages = []
    for n, chunk in enumerate(chunks, start=1):
        while chunk and chunk[-1] == "":
            chunk.pop()
        while chunk and chunk[0] == "":
            chunk.pop(0)
        lines = [head, "", *chunk, *([""] * (per - len(chunk))), "", f"Page {n} of {total}".center(WIDTH).rstrip()]
        pages.append("\n".join(lines) + "\n\f")
    return pages, line_page


def _new_page(c: _Ctx) -> None:
    c.doc.lines.append("\x00")


# --------------------------------------------------------------------------------------------- front matter


def _cover(c: _Ctx) -> None:
    t = c.t
    d = c.doc
    d.lines += [
        "",
        "",
        "AGREEMENT OF LEASE".center(WIDTH).rstrip(),
        "",
        "between",
        "",
        t.landlord.upper(),
        "(Landlord)",
        "",
        "and",
        "",
        t.tenant.upper(),
        "(Tenant)",
        "",
        f"Premises: {t.unit_label} on {_floor_text(t.floor)}",
        f"Building: {t.address}, {'New York' if t.borough == 'Manhattan' else 'Brooklyn'}, New York {t.zip}",
        f"Lease No.: {t.lease_id}",
        f"Dated as of {_d(t.start - timedelta(days=45))}",
        "",
    ]
    d.lines = [line.center(WIDTH).rstrip() if line else "" for line in d.lines]
    _new_page(c)
    d.heading("TABLE OF CONTENTS")
    titles = [
        "Basic Lease Provisions and Definitions",
        "Demise and Term",
        "Fixed Rent",
        "Taxes and Operating Expenses",
        "Use",
        "Security",
        "Alterations",
        "Repairs and Maintenance",
        "Heating, Ventilation and Air Conditioning",
        "Electricity and Utilities",
        "Building Services",
        "Insurance and Indemnity",
        "Assignment and Subletting",
    ]
    if c.t.profile["pets"] != "silent":
        titles.append("Animals")
    titles += [
        "Signage",
        "Compliance with Laws",
        "Fire and Other Casualty; Condemnation",
        "Subordination; Estoppel",
        "Access",
        "Default and Remedies",
        "Holding Over",
        "Surrender",
    ]
    if not (c.t.profile["renewal"] == "none" and c.t.profile.get("amendment") != "extension"):
        titles.append("Renewal Option")
    if c.t.profile.get("early_termination"):
        titles.append("Early Termination Option")
    titles.append("Miscellaneous")
    for i, title in enumerate(titles, start=1):
        d.lines.append(f"Article {i:>2}  {title}")
    d.lines += [
        "",
        "Exhibit A  Description of the Premises",
        "Exhibit B  Rules and Regulations",
        "Exhibit C  Cleaning Specifications",
        "Exhibit D  Work Letter",
    ]
    if c.t.profile.get("amendment"):
        d.lines.append("First Amendment to Lease (attached)")
    _new_page(c)
    d.para(
        f'THIS AGREEMENT OF LEASE (this "Lease") is made as of {_d(t.start - timedelta(days=45))}, between '
        f"{t.landlord}, a New York limited liability company, having an office c/o {t.manager}, New York, New York "
        f'("Landlord"), and {t.tenant} ("Tenant"). Landlord and Tenant, intending to be legally bound, agree '
        "as follows:"
    )


# --------------------------------------------------------------------------------------------- articles


def _basic(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Basic Lease Provisions and Definitions")
    years = t.term_months // 12
    d.section(
        f"{a}.1",
        "Premises",
        f"The premises demised by this Lease consist of {t.unit_label} on "
        f"{_floor_text(t.floor)} of the building known as {t.address}, {t.borough}, New York (the "
        f'"Building"), containing approximately {t.sqft:,} rentable square feet, as shown on Exhibit A (the '
        '"Premises"). The parties agree that the rentable area stated here is conclusive for all purposes of '
        "this Lease and shall not be remeasured.",
    )
    d.section(
        f"{a}.2",
        "Term",
        f'The term of this Lease (the "Term") shall be {_w(years)} years, commencing on '
        f"the Commencement Date and ending on the Expiration Date, unless sooner terminated or extended as "
        "provided in this Lease.",
        mark="term",
    )
    d.section(f"{a}.3", "Commencement Date", f'The "Commencement Date" is {_d(t.start)}.')
    d.section(
        f"{a}.4",
        "Expiration Date",
        f'The "Expiration Date" is {_d(t.original_end)}, or such earlier or '
        "later date on which the Term ends pursuant to this Lease.",
        mark="expiration",
    )
    c.fact("term", "term", months=t.term_months)
    c.fact("expiration", "expiration", date=t.original_end.isoformat())
    d.section(
        f"{a}.5",
        "Fixed Rent",
        f"Fixed rent for the first Lease Year is {_usd(t.start_rent_monthly * 12)} per "
        f"annum, payable in equal monthly installments of {_usd(t.start_rent_monthly)}, and shall increase as set "
        f"forth in Article {a + 2}.",
    )
    d.section(
        f"{a}.6",
        "Tenant's Share",
        f"Tenant's proportionate share is {c.share} percent, being the "
        "ratio of the rentable area of the Premises to the rentable area of the Building.",
    )
    d.section(
        f"{a}.7", "Permitted Use", f"The Premises shall be used solely for {_USES.get(t.industry, 'general offices')}."
    )
    d.section(
        f"{a}.8",
        "Broker",
        f"{c.rng.choice(('Caldera Realty Advisors', 'Westside Tenant Partners', 'Ridgeway Commercial'))} "
        '(the "Broker") is the sole broker that brought about this Lease.',
    )
    d.section(
        f"{a}.9",
        "Lease Year",
        '"Lease Year" means each successive period of twelve (12) months beginning on '
        "the Commencement Date or an anniversary of it; the last Lease Year ends on the Expiration Date.",
    )
    d.section(
        f"{a}.10",
        "Business Days and Hours",
        f'"Business Days" are all days except Saturdays, Sundays and '
        f'the holidays observed by the New York Stock Exchange. "Business Hours" are {c.hours} on '
        "Business Days.",
    )


def _demise(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Demise and Term")
    d.section(
        f"{a}.1",
        "Demise",
        "Landlord leases the Premises to Tenant, and Tenant hires the Premises from "
        "Landlord, for the Term, upon the terms and conditions of this Lease, together with the non-exclusive "
        "right to use the common areas of the Building in common with other tenants.",
    )
    d.section(
        f"{a}.2",
        "Delivery",
        f"Landlord shall deliver possession of the Premises on or before {_d(t.start)} "
        "vacant, broom clean, free of all tenancies and occupancies, with Landlord's Work (if any, as described "
        "in Exhibit D) substantially complete and the Building systems serving the Premises in good working "
        "order. If Landlord fails to deliver possession by that date, the Commencement Date shall be postponed "
        "until possession is delivered and Landlord shall not be liable for the delay, but if delivery has not "
        "occurred within one hundred twenty (120) days after that date Tenant may cancel this Lease by notice "
        "to Landlord given before delivery.",
    )
    d.section(
        f"{a}.3",
        "Early Access",
        "Tenant may enter the Premises up to thirty (30) days before the "
        "Commencement Date, without payment of Fixed Rent, to install cabling, furniture and equipment, "
        "provided that Tenant has delivered the insurance certificates required by this Lease and does not "
        "interfere with any work being performed by Landlord.",
    )
    d.section(
        f"{a}.4",
        "Acceptance",
        "Except for latent defects of which Tenant notifies Landlord within the first "
        "Lease Year, Tenant's taking of possession shall be conclusive evidence that the Premises were in good "
        "and satisfactory condition on the date possession was taken.",
    )


def _rent(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Fixed Rent")
    late = c.rng.choice((4, 5))
    d.section(
        f"{a}.1",
        "Payment",
        'Tenant shall pay the fixed rent ("Fixed Rent") in equal monthly installments in '
        "advance on the first day of each calendar month during the Term, without notice or demand and without "
        "abatement, deduction or set-off except as expressly provided in this Lease, by ACH transfer or check "
        "drawn on a bank in New York City to Landlord at the address for notices or as Landlord may direct. "
        "Fixed Rent for any partial month shall be prorated on a daily basis.",
        mark="rent",
    )
    d.section(
        f"{a}.2",
        "Annual Increases",
        f"On the first day of the second Lease Year and of each Lease Year "
        f"thereafter, Fixed Rent shall increase by {t.escalation_pct:g} percent over the Fixed Rent payable "
        "for the preceding Lease Year, compounded annually, as set out in the following schedule:",
        mark="escalation",
    )
    c.fact("rent", "rent", first_year_monthly=t.start_rent_monthly)
    c.fact("escalation", "escalation", pct=t.escalation_pct)
    for year in range(t.term_months // 12):
        begin = _add_months(t.start, 12 * year)
        stop = _add_months(t.start, 12 * (year + 1)) - timedelta(days=1)
        monthly = round(t.start_rent_monthly * (1 + t.escalation_pct / 100) ** year, 2)
        d.lines.append(
            f"    Lease Year {year + 1:>2}  {begin:%m/%d/%Y} - {stop:%m/%d/%Y}   "
            f"{_usd(monthly * 12):>14} per annum   {_usd(monthly):>12} per month"
        )
    d.lines.append("")
    d.section(
        f"{a}.3",
        "Late Charge",
        f"If any installment of Fixed Rent or additional rent is not paid within five "
        f"(5) days after it is due, Tenant shall pay a late charge equal to {_w(late)} percent of the amount "
        "unpaid, together with interest at the lesser of one and one-half percent (1.5%) per month and the "
        "maximum rate permitted by law, from the due date until paid.",
        mark="late_charge",
    )
    c.fact("late_charge", "late_charge", pct=late, grace_days=5)
    d.section(
        f"{a}.4",
        "Additional Rent",
        "All sums other than Fixed Rent payable by Tenant under this Lease are "
        '"additional rent", and Landlord shall have the same remedies for their non-payment as for '
        "non-payment of Fixed Rent.",
    )


def _escalations(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Taxes and Operating Expenses")
    base = t.start.year
    d.section(
        f"{a}.1",
        "Definitions",
        '"Taxes" means the real estate taxes and assessments imposed on the land and '
        "the Building by the City of New York, including business improvement district charges, but excluding "
        'income, franchise and transfer taxes. "Operating Expenses" means the reasonable costs of operating, '
        "cleaning, repairing and maintaining the Building, excluding capital improvements (other than those "
        "that reduce Operating Expenses, amortized over their useful life), leasing commissions, debt service, "
        "and costs reimbursed by insurance or by other tenants.",
    )
    d.section(
        f"{a}.2",
        "Base Year",
        f'The "Base Tax Year" is the New York City fiscal year beginning July 1, {base} '
        f'and the "Base Expense Year" is calendar year {base}.',
    )
    d.section(
        f"{a}.3",
        "Tenant's Payments",
        "For each tax year and calendar year after the base years, Tenant shall "
        "pay Tenant's Share of the amount by which Taxes and Operating Expenses exceed those of the base years, "
        "in monthly installments on account based on Landlord's reasonable estimate, with an annual "
        "reconciliation within one hundred twenty (120) days after the end of each calendar year.",
    )
    d.section(
        f"{a}.4",
        "Audit",
        "Tenant may, within ninety (90) days after receiving an annual statement and on "
        "thirty (30) days' notice, examine Landlord's books for that year at Landlord's office. If the "
        "examination shows an overcharge of more than four percent (4%), Landlord shall refund the overcharge "
        "and pay the reasonable cost of the examination.",
    )
    if t.unit_type == "retail":
        d.section(
            f"{a}.5",
            "Sidewalk and Storefront",
            "Tenant shall, at its own cost, keep the sidewalk in front of the "
            "Premises free of snow, ice, litter and obstructions as required by the New York City Administrative "
            "Code, and shall keep the storefront glass clean.",
        )


def _use(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Use")
    d.section(
        f"{a}.1",
        "Permitted Use",
        f"Tenant shall use and occupy the Premises for "
        f"{_USES.get(t.industry, 'general offices')} and for no other purpose.",
        mark="use",
    )
    c.fact("use", "use", permitted=_USES.get(t.industry, "general offices"))
    d.section(
        f"{a}.2",
        "Prohibited Uses",
        "Tenant shall not use the Premises or permit them to be used for any "
        "unlawful purpose; for the sale of alcoholic beverages for on-premises consumption (unless expressly "
        "permitted above); as an employment agency, a school, a medical or dental office open to the public, a "
        "government office, or a place of public assembly; for the storage of goods other than those incidental "
        "to the permitted use; or in any manner that would cause the Building's certificate of occupancy to be "
        "violated or the premiums on Landlord's insurance to increase.",
    )
    d.section(
        f"{a}.3",
        "Certificate of Occupancy",
        "Landlord represents that the certificate of occupancy for the "
        "Building permits the use of the Premises for the purpose stated above. Tenant shall not perform any act "
        "that would require an amendment of the certificate of occupancy without Landlord's prior consent.",
    )
    d.section(
        f"{a}.4",
        "Occupancy Load",
        "Tenant shall not permit the number of persons in the Premises at any one "
        "time to exceed the occupancy load permitted by the New York City Building Code and the Fire Code.",
    )


def _deposit(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Security")
    amount = t.start_rent_monthly * t.deposit_months
    if t.profile.get("letter_of_credit"):
        d.section(
            f"{a}.1",
            "Letter of Credit",
            f"On signing this Lease Tenant shall deliver to Landlord, as security "
            f"for the performance of its obligations, an unconditional, irrevocable standby letter of credit in "
            f"the amount of {_usd(amount)} (equal to {_w(t.deposit_months)} months of Fixed Rent for the first "
            "Lease Year), issued by a bank with an office in New York City for presentation, expiring no earlier "
            "than one year after issue and automatically renewing until sixty (60) days after the Expiration "
            "Date.",
            mark="deposit",
        )
        d.section(
            f"{a}.2",
            "Reduction",
            "Provided no Event of Default has occurred, the required amount of the letter "
            "of credit shall be reduced by one-quarter (1/4) of the original amount on the first day of the "
            "fourth, sixth and eighth Lease Years, but never below one month of the then current Fixed Rent.",
        )
        c.fact("security_deposit", "deposit", form="letter of credit", amount=amount, months=t.deposit_months)
    else:
        d.section(
            f"{a}.1",
            "Security Deposit",
            f"On signing this Lease Tenant shall deposit with Landlord the sum of "
            f"{_usd(amount)} (equal to {_w(t.deposit_months)} months of Fixed Rent for the first Lease Year) "
            "in cash as security for the faithful performance of Tenant's obligations under this Lease. "
            "Landlord shall hold the deposit in an interest-bearing account at a bank in New York State, and "
            "interest, less a one percent (1%) administration fee, shall belong to Tenant.",
            mark="deposit",
        )
        d.section(
            f"{a}.2",
            "Application",
            "If Tenant defaults in the payment of rent or any other obligation, Landlord "
            "may apply all or part of the deposit to cure the default, and Tenant shall restore the amount so "
            "applied within ten (10) days after demand.",
        )
        c.fact("security_deposit", "deposit", form="cash", amount=amount, months=t.deposit_months)
    d.section(
        f"{a}.3",
        "Return",
        "Landlord shall return the security, or so much of it as has not been applied, to "
        "Tenant within sixty (60) days after the Expiration Date and Tenant's surrender of the Premises in the "
        "condition required by this Lease.",
    )
    d.section(
        f"{a}.4",
        "Transfer",
        "On a sale or lease of the Building, Landlord may transfer the security to the "
        "transferee, and Landlord shall then be released from liability for its return.",
    )


def _alterations(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Alterations")
    d.section(
        f"{a}.1",
        "Consent",
        "Tenant shall make no alterations, additions or improvements to the Premises "
        '("Alterations") without Landlord\'s prior written consent, which Landlord shall not unreasonably '
        "withhold for non-structural Alterations that do not affect the Building systems or the exterior of the "
        "Building. Decorative Alterations such as painting and carpeting costing less than $25,000 in any "
        "twelve-month period require notice but not consent.",
    )
    d.section(
        f"{a}.2",
        "Plans and Contractors",
        "All Alterations shall be performed under plans approved by Landlord, "
        "by licensed and insured contractors approved by Landlord, in compliance with law and the Building's "
        "rules for contractors, and with all permits required by the New York City Department of Buildings.",
    )
    d.section(
        f"{a}.3",
        "Liens",
        "Tenant shall discharge any mechanic's lien filed against the Building for work "
        "claimed to have been performed for Tenant, by payment or bonding, within twenty (20) days after notice "
        "of its filing.",
    )
    d.section(
        f"{a}.4",
        "Removal",
        "At the end of the Term Tenant shall remove its furniture, equipment and cabling, "
        "and any Alterations that Landlord designated for removal when it approved them, and repair any damage "
        "caused by the removal.",
    )


def _repairs(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Repairs and Maintenance")
    tenant_extra = (
        "the storefront, storefront glass and doors, the plumbing fixtures and the sewer line serving "
        "the Premises from the point of connection to the Building main"
        if t.unit_type == "retail"
        else "the plumbing fixtures within the Premises and any kitchen or pantry equipment"
    )
    d.section(
        f"{a}.1",
        "Landlord's Repairs",
        "Landlord shall maintain and make all repairs to the structure of the "
        "Building, the roof, the facade, the common areas, and the Building's mechanical, electrical, plumbing, "
        "sprinkler and elevator systems up to the point of connection to the Premises, except repairs required "
        "because of the negligence or misuse of Tenant or its employees, contractors or invitees, which Landlord "
        "may make at Tenant's cost.",
        mark="repairs_landlord",
    )
    d.section(
        f"{a}.2",
        "Tenant's Repairs",
        f"Tenant shall, at its own cost, keep the interior of the Premises in "
        f"good order and repair and make all non-structural repairs to the Premises, including {tenant_extra}, "
        "its Alterations, and its furniture and equipment.",
        mark="repairs_tenant",
    )
    c.fact("repairs", "repairs_landlord")
    c.fact("repairs", "repairs_tenant", split="landlord: structure and base building systems; tenant: interior")
    d.section(
        f"{a}.3",
        "Reporting Conditions",
        "Tenant shall promptly notify Landlord of any leak, fire, accident, "
        "defect or dangerous condition in the Premises or the Building systems. In an emergency, including a "
        "water leak or gas odor, Tenant shall call the Building's emergency line and, where life or safety is at "
        "risk, 911, before giving written notice.",
        mark="emergency",
    )
    c.fact("emergency_reporting", "emergency")
    d.section(
        f"{a}.4",
        "Landlord's Cure",
        "If Tenant fails to make a repair for which it is responsible within "
        "fifteen (15) days after notice (or immediately in an emergency), Landlord may make the repair and "
        "Tenant shall reimburse Landlord's reasonable cost, plus an administrative charge of ten percent (10%), "
        "within twenty (20) days after demand.",
    )


def _hvac(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Heating, Ventilation and Air Conditioning")
    if t.unit_type == "retail":
        d.section(
            f"{a}.1",
            "Tenant's HVAC System",
            "The Premises are served by a dedicated packaged heating and air "
            'conditioning unit (the "HVAC Unit"). Tenant accepts the HVAC Unit in its as-is condition and '
            "shall, at its sole cost, operate, maintain, repair and, when necessary, replace the HVAC Unit "
            "throughout the Term.",
            mark="hvac",
        )
        d.section(
            f"{a}.2",
            "Service Contract",
            "Tenant shall keep in force a service contract for the HVAC Unit with a "
            "contractor reasonably approved by Landlord, providing for inspection and filter changes at least "
            "quarterly, and shall deliver a copy of the contract to Landlord on request.",
        )
        c.fact("hvac", "hvac", responsibility="tenant maintains, repairs and replaces the dedicated unit")
    elif t.unit_type == "flex":
        d.section(
            f"{a}.1",
            "Heat",
            "Landlord shall furnish heat to the Premises through the Building system during "
            "Business Hours in the heating season (October 1 through May 31) sufficient to meet the "
            "requirements of law.",
            mark="hvac",
        )
        d.section(
            f"{a}.2",
            "Air Conditioning",
            "Landlord does not furnish air conditioning. Tenant may install "
            "supplemental through-wall or split air conditioning units at its own cost with Landlord's consent, "
            "and shall maintain and repair them and remove them at the end of the Term if Landlord so requests.",
            mark="hvac_ac",
        )
        c.fact("hvac", "hvac")
        c.fact("hvac", "hvac_ac", responsibility="landlord heat only; tenant installs and maintains its own cooling")
    else:
        rate = c.rng.choice((85, 95, 110, 125))
        d.section(
            f"{a}.1",
            "Building System",
            "Landlord shall furnish heating, ventilation and air conditioning to the "
            "Premises through the Building system during Business Hours, in accordance with the design "
            "specifications of the system.",
            mark="hvac",
        )
        d.section(
            f"{a}.2",
            "After-Hours Service",
            f"Landlord shall furnish heat or air conditioning outside Business "
            f"Hours if Tenant requests it by 2:00 p.m. on the preceding Business Day, at Landlord's then "
            f"standard rate, currently {_usd(rate)} per hour per zone, with a minimum of four (4) hours on "
            "weekends and holidays.",
            mark="hvac_after",
        )
        d.section(
            f"{a}.3",
            "Supplemental Units",
            "Any supplemental air conditioning unit serving only the Premises, "
            "whether installed by Landlord or Tenant, shall be maintained and repaired by Tenant at its own "
            "cost under a service contract, and condenser water for it shall be supplied at Landlord's standard "
            "charge.",
        )
        c.fact("hvac", "hvac")
        c.fact(
            "hvac",
            "hvac_after",
            responsibility="landlord base building; tenant supplemental units",
            after_hours_rate=rate,
        )


def _utilities(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Electricity and Utilities")
    d.section(
        f"{a}.1",
        "Electricity",
        "Electricity for the Premises shall be measured by a submeter installed by "
        "Landlord, and Tenant shall pay for it monthly as additional rent at Landlord's cost from the utility "
        "(including taxes and demand charges) plus an administrative charge of five percent (5%).",
    )
    d.section(
        f"{a}.2",
        "Water",
        "Landlord shall furnish cold water for lavatory, pantry and drinking purposes. If "
        "Tenant uses water for any other purpose, Landlord may install a meter and Tenant shall pay for the water "
        "measured.",
    )
    d.section(
        f"{a}.3",
        "Interruption",
        "Landlord may interrupt any Building system or service for repairs, "
        "alterations or emergencies, on reasonable prior notice except in an emergency, and shall restore the "
        "service with reasonable diligence. If the interruption, not caused by Tenant, continues for more than "
        "five (5) consecutive Business Days and the Premises are untenantable, Fixed Rent shall abate from the "
        "sixth Business Day until the service is restored.",
        mark="interruption",
    )
    c.fact("service_interruption", "interruption", abatement_after_business_days=5)


def _services(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Building Services")
    d.section(
        f"{a}.1",
        "Cleaning",
        "Landlord shall clean the Premises on Business Days in accordance with the "
        "specifications in Exhibit C. Tenant shall pay for cleaning of any kitchen, server room or area used for "
        "the preparation of food beyond the specifications."
        if t.unit_type != "retail"
        else "Landlord shall not clean the Premises. Tenant shall keep the Premises clean and shall arrange for the "
        "removal of its refuse by a licensed private carter.",
    )
    d.section(
        f"{a}.2",
        "Elevators",
        "Landlord shall provide passenger elevator service at all times and freight "
        "elevator service on Business Days from 8:00 a.m. to 4:30 p.m., on a first-come, first-served basis; "
        "freight service at other times shall be by reservation at Landlord's standard charge.",
    )
    d.section(
        f"{a}.3",
        "Access",
        "Tenant and its employees shall have access to the Premises twenty-four (24) hours a "
        "day, seven (7) days a week, subject to the Building's security procedures and to emergencies.",
    )


def _insurance(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Insurance and Indemnity")
    occ, agg = c.rng.choice(((1, 2), (2, 4), (2, 5)))
    umbrella = c.rng.choice((3, 5, 10))
    d.section(
        f"{a}.1",
        "Tenant's Insurance",
        f"Tenant shall maintain throughout the Term (a) commercial general "
        f"liability insurance with limits of not less than ${occ},000,000 per occurrence and ${agg},000,000 in the "
        f"aggregate, and umbrella liability insurance of not less than ${umbrella},000,000, naming Landlord, its "
        'managing agent and its mortgagee as additional insureds; (b) "all risk" property insurance covering '
        "Tenant's Alterations, furniture and equipment at full replacement cost; (c) business interruption "
        "insurance covering at least twelve (12) months of rent; and (d) workers' compensation and disability "
        "insurance as required by law.",
        mark="insurance",
    )
    c.fact(
        "insurance",
        "insurance",
        cgl_per_occurrence=occ * 1_000_000,
        cgl_aggregate=agg * 1_000_000,
        umbrella=umbrella * 1_000_000,
    )
    d.section(
        f"{a}.2",
        "Certificates",
        "Tenant shall deliver certificates of its insurance to Landlord before taking "
        "possession and at least ten (10) days before each policy expires.",
    )
    d.section(
        f"{a}.3",
        "Waiver of Subrogation",
        "Each party waives its rights of recovery against the other for any "
        "loss covered by property insurance it carries or is required to carry, and each shall obtain a waiver "
        "of subrogation endorsement from its insurer.",
    )
    d.section(
        f"{a}.4",
        "Indemnity",
        "Tenant shall indemnify and hold Landlord harmless from all claims, costs and "
        "liabilities, including reasonable attorneys' fees, arising from any accident or injury in the Premises "
        "or from the acts or negligence of Tenant or its employees, contractors or invitees, except to the "
        "extent caused by the negligence of Landlord.",
    )


def _assignment(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Assignment and Subletting")
    policy = str(t.profile["sublet"])
    if policy == "prohibited":
        d.section(
            f"{a}.1",
            "Prohibition",
            "Tenant shall not assign, mortgage or encumber this Lease, nor sublet or "
            "permit the Premises or any part of them to be used or occupied by others, whether voluntarily, by "
            "operation of law or otherwise. Any purported assignment or subletting shall be null and void and "
            "shall be a default under this Lease.",
            mark="sublet",
        )
        d.section(
            f"{a}.2",
            "Change of Control",
            "A transfer of a majority of the stock, membership or partnership "
            "interests of Tenant, or of control of Tenant, in one or more transactions, shall be deemed an "
            "assignment of this Lease.",
        )
        if t.industry == "food & beverage":
            d.section(
                f"{a}.3",
                "Sale of Business",
                "Notwithstanding Section "
                f"{a}.1, Tenant may assign this Lease "
                "(but may not sublet the Premises) to a purchaser of all or substantially all of Tenant's business "
                "at the Premises, with Landlord's prior written consent, which shall not be unreasonably "
                "withheld, provided the purchaser has a net worth of not less than $500,000 and continues the "
                "permitted use.",
                mark="sublet_sale",
            )
            c.fact("subletting", "sublet")
            c.fact(
                "subletting",
                "sublet_sale",
                policy="prohibited",
                note="subletting prohibited; assignment only to a buyer of the business, with consent",
            )
        else:
            c.fact("subletting", "sublet", policy="prohibited")
        d.section(
            f"{a}.{4 if t.industry == 'food & beverage' else 3}",
            "No Release",
            "No assignment or subletting, "
            "whether or not permitted, shall release Tenant from its obligations under this Lease.",
        )
        return
    d.section(
        f"{a}.1",
        "Consent Required",
        "Tenant shall not assign this Lease or sublet all or any part of the "
        "Premises without Landlord's prior written consent in each instance. Any assignment or subletting made "
        "without that consent shall be void.",
        mark="sublet",
    )
    d.section(
        f"{a}.2",
        "Standard for Consent",
        "Landlord shall not unreasonably withhold, condition or delay its "
        "consent to a subletting or assignment, provided that (a) no Event of Default has occurred and is "
        "continuing; (b) the proposed occupant will use the premises for a use permitted by this Lease and is "
        "of a character consistent with a first-class building; (c) the proposed occupant is not then a tenant "
        "of the Building or negotiating with Landlord for space in it; and (d) Tenant delivers a copy of the "
        "proposed instrument and the financial statements of the proposed occupant at least thirty (30) days "
        "before its effective date.",
        mark="sublet_standard",
    )
    share = c.rng.choice((50, 50, 100))
    d.section(
        f"{a}.3",
        "Recapture",
        "If Tenant proposes to assign this Lease or to sublet more than fifty percent "
        "(50%) of the Premises for substantially the rest of the Term, Landlord may, within twenty (20) days "
        "after Tenant's request, terminate this Lease as to the space concerned.",
        mark="recapture",
    )
    d.section(
        f"{a}.4",
        "Transfer Profits",
        f"Tenant shall pay Landlord {_w(share)} percent of "
        "any rent or other consideration received from an assignee or subtenant in excess of the rent payable "
        "under this Lease for the space concerned, after deducting Tenant's reasonable brokerage, legal and "
        "fit-out costs of the transaction.",
        mark="profits",
    )
    d.section(
        f"{a}.5",
        "Permitted Transfers",
        "Notwithstanding the foregoing, Tenant may, without Landlord's "
        "consent but on ten (10) days' prior notice, assign this Lease to a successor by merger or to a "
        "purchaser of substantially all of Tenant's assets, or sublet to an entity controlling, controlled by "
        'or under common control with Tenant (an "Affiliate").',
        mark="permitted",
    )
    if policy == "affiliates":
        d.section(
            f"{a}.6",
            "Shared Space",
            "Tenant may also, without Landlord's consent, permit up to four (4) "
            "individuals who are clients or collaborators of Tenant to occupy desks in the Premises under "
            "month-to-month license agreements, provided no separate entrance or signage is created and the "
            "occupants comply with the Rules and Regulations.",
            mark="shared",
        )
        c.fact("subletting", "sublet")
        c.fact("subletting", "permitted")
        c.fact(
            "subletting",
            "shared",
            policy="consent",
            note="third parties need consent; affiliates and up to four desk users without consent",
        )
    else:
        c.fact("subletting", "sublet")
        c.fact(
            "subletting",
            "sublet_standard",
            policy="consent",
            note="consent required, not to be unreasonably withheld; recapture over 50%",
        )
    d.section(
        f"{a}.{7 if policy == 'affiliates' else 6}",
        "No Release",
        "No assignment or subletting shall release "
        "Tenant from its obligations under this Lease, and Tenant shall remain jointly and severally liable with "
        "any assignee.",
    )


def _animals(c: _Ctx) -> None:
    t, d = c.t, c.doc
    policy = str(t.profile["pets"])
    if policy == "silent":
        c.facts["pets"] = {"policy": "silent", "sections": []}
        return
    a = c.next_article("Animals")
    if policy == "prohibited":
        d.section(
            f"{a}.1",
            "No Animals",
            "No dogs, cats, birds or other animals shall be brought into or kept in the "
            "Premises or the Building, except service animals as defined by the Americans with Disabilities "
            "Act accompanying a person with a disability.",
            mark="pets",
        )
    elif policy == "service_only":
        d.section(
            f"{a}.1",
            "Service Animals Only",
            "Only service animals, as defined by the Americans with "
            "Disabilities Act and the New York City Human Rights Law, may be brought into the Premises; "
            "Tenant shall not permit any other pet or animal in the Premises or the Building.",
            mark="pets",
        )
    elif policy == "consent":
        d.section(
            f"{a}.1",
            "Animals with Consent",
            "No animal other than a service animal shall be brought into the "
            "Premises without Landlord's prior written consent, which Landlord may grant or withhold in its "
            "sole discretion and may revoke on notice if the animal causes a nuisance, damage or complaint from "
            "another tenant.",
            mark="pets",
        )
    else:
        n = c.rng.choice((2, 3))
        d.section(
            f"{a}.1",
            "Dogs Permitted",
            f"Tenant's employees may bring dogs to the Premises, not more than "
            f"{_w(n)} at any one time, provided each dog is licensed and vaccinated as required by law, "
            "house-trained, and kept on a leash in the common areas of the Building, which dogs shall enter and "
            "leave by the freight elevator where Landlord so directs.",
            mark="pets",
        )
        d.section(
            f"{a}.2",
            "Responsibility for Animals",
            "Tenant shall be responsible for any damage, cleaning or "
            "claim caused by an animal brought into the Building by its employees or invitees, and Landlord may "
            "require the removal of any animal that is aggressive or causes repeated complaints.",
        )
    c.fact("pets", "pets", policy=policy)


def _signage(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Signage")
    d.section(
        f"{a}.1",
        "Directory and Door",
        "Landlord shall list Tenant's name and up to three (3) additional names "
        "in the Building directory and shall install, at Tenant's cost, Building-standard signage at the "
        "entrance door of the Premises.",
        mark="signage",
    )
    if t.unit_type == "retail":
        landmark = t.neighborhood in ("SoHo", "Tribeca")
        extra = (
            " and of the New York City Landmarks Preservation Commission, the Building being within a historic district"
            if landmark
            else ""
        )
        d.section(
            f"{a}.2",
            "Storefront Sign",
            f"Tenant may install one sign on the storefront fascia and one "
            f"projecting blade sign, subject to Landlord's approval of their design, size and lighting{extra}, "
            "and to all permits required by law. Tenant shall maintain its signs and remove them at the end of "
            "the Term.",
            mark="signage_store",
        )
        c.fact("signage", "signage")
        c.fact("signage", "signage_store", storefront=True)
    else:
        d.section(
            f"{a}.2",
            "No Other Signs",
            "Tenant shall not place any sign, lettering or advertisement on the "
            "exterior of the Building or visible from outside the Premises.",
            mark="signage_none",
        )
        c.fact("signage", "signage")
        c.fact("signage", "signage_none", storefront=False)


def _laws(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Compliance with Laws")
    d.section(
        f"{a}.1",
        "Tenant's Compliance",
        "Tenant shall comply with all laws, orders and regulations of "
        "governmental authorities and of the insurance rating organizations that relate to Tenant's particular "
        "manner of use of the Premises or to its Alterations; Landlord shall comply with all others, including "
        "those requiring structural work not arising from Tenant's particular use.",
    )
    d.section(
        f"{a}.2",
        "Hazardous Materials",
        "Tenant shall not bring into the Building any hazardous material other "
        "than ordinary office and cleaning supplies in quantities customary for the permitted use and in "
        "compliance with law.",
    )
    d.section(
        f"{a}.3",
        "Accessibility",
        "Landlord shall cause the common areas of the Building, and Tenant shall "
        "cause its Alterations, to comply with the Americans with Disabilities Act and the accessibility "
        "provisions of the New York City Building Code.",
    )


def _casualty(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Fire and Other Casualty; Condemnation")
    d.section(
        f"{a}.1",
        "Restoration",
        "If the Premises or the Building are damaged by fire or other casualty, "
        "Landlord shall repair the damage to the Building and the Premises (excluding Tenant's property and "
        "Alterations) with reasonable diligence, subject to the availability of insurance proceeds, and Fixed "
        "Rent shall abate in proportion to the part of the Premises rendered untenantable until the repair is "
        "substantially complete.",
        mark="casualty",
    )
    d.section(
        f"{a}.2",
        "Termination",
        "If the Building is so damaged that Landlord decides not to restore it, or the "
        "restoration cannot reasonably be completed within twelve (12) months after the casualty, either party "
        "may terminate this Lease by notice given within ninety (90) days after the casualty.",
    )
    d.section(
        f"{a}.3",
        "Waiver",
        "This Article is an express agreement governing damage by fire or other casualty, "
        "and Section 227 of the New York Real Property Law shall not apply.",
    )
    d.section(
        f"{a}.4",
        "Condemnation",
        "If the whole of the Premises is taken by condemnation, this Lease shall end "
        "on the date of the taking. The entire award shall belong to Landlord, but Tenant may make a separate "
        "claim for its moving expenses and its trade fixtures.",
    )


def _subordination(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Subordination; Estoppel")
    d.section(
        f"{a}.1",
        "Subordination",
        "This Lease is subordinate to every mortgage and ground lease now or later "
        "affecting the Building, provided that the holder of each future mortgage enters into a commercially "
        "reasonable non-disturbance agreement with Tenant.",
    )
    d.section(
        f"{a}.2",
        "Estoppel Certificates",
        "Each party shall, within ten (10) days after request, deliver to "
        "the other a statement certifying that this Lease is in full force, the dates to which rent has been "
        "paid, and whether, to its knowledge, the other party is in default.",
    )


def _access(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Access")
    d.section(
        f"{a}.1",
        "Landlord's Entry",
        "Landlord and its agents may enter the Premises at reasonable times on "
        "reasonable prior notice (except in an emergency, when no notice is required) to inspect them, to make "
        "repairs, and to show them to prospective purchasers, lenders and, during the last twelve (12) months of "
        "the Term, prospective tenants.",
        mark="access",
    )
    d.section(
        f"{a}.2",
        "Minimizing Interference",
        "Landlord shall use reasonable efforts to minimize interference "
        "with Tenant's business when entering the Premises and shall comply with Tenant's reasonable security "
        "procedures.",
    )


def _default(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Default and Remedies")
    money, other = c.rng.choice(((5, 20), (10, 30), (10, 20)))
    d.section(
        f"{a}.1",
        "Events of Default",
        f'Each of the following is an "Event of Default": (a) Tenant fails to '
        f"pay any installment of Fixed Rent or additional rent within {_w(money)} days after notice that it is "
        f"due; (b) Tenant fails to perform any other obligation of this Lease within {_w(other)} days after "
        "notice, or, if the failure cannot reasonably be cured in that time, fails to begin to cure within that "
        "time and diligently complete the cure; (c) Tenant vacates or abandons the Premises; or (d) Tenant "
        "becomes the subject of a bankruptcy or insolvency proceeding that is not dismissed within ninety (90) "
        "days.",
        mark="default",
    )
    c.fact("default", "default", monetary_cure_days=money, other_cure_days=other)
    d.section(
        f"{a}.2",
        "Termination",
        "On an Event of Default, Landlord may give Tenant five (5) days' notice of "
        "termination, and on the expiry of the five days this Lease shall end as if that day were the "
        "Expiration Date, and Landlord may re-enter the Premises by summary proceedings or otherwise.",
    )
    d.section(
        f"{a}.3",
        "Damages",
        "After termination, Tenant shall pay Landlord, as damages, the rent that would have "
        "been payable for the rest of the Term less the net amount of any rents collected on reletting, monthly "
        "as they fall due, or, at Landlord's election, a lump sum equal to the present value (discounted at four "
        "percent per annum) of the excess of that rent over the fair rental value of the Premises.",
    )
    d.section(
        f"{a}.4",
        "Mitigation",
        "Landlord shall use commercially reasonable efforts to relet the Premises after "
        "termination, but shall not be required to prefer the Premises over other vacant space in the "
        "Building.",
    )
    d.section(
        f"{a}.5",
        "Waivers",
        "Tenant waives any right of redemption after re-entry and, to the extent "
        "permitted by law, trial by jury in any proceeding arising out of this Lease.",
    )


def _holdover(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Holding Over")
    pct = c.rng.choice((150, 175, 200))
    d.section(
        f"{a}.1",
        "Holdover Rent",
        f"If Tenant remains in possession after the end of the Term without a new "
        f"agreement, Tenant shall be a tenant at sufferance and shall pay, for each month or part of a month of "
        f"holdover, use and occupancy equal to {pct} percent of the Fixed Rent and additional rent payable for "
        "the last month of the Term.",
        mark="holdover",
    )
    d.section(
        f"{a}.2",
        "Holdover Damages",
        "If Tenant holds over for more than sixty (60) days, Tenant shall also "
        "indemnify Landlord against all losses caused by the delay in delivering possession to a succeeding "
        "tenant, including lost rent and that tenant's claims.",
    )
    c.fact("holdover", "holdover", pct_of_last_month=pct)


def _surrender(c: _Ctx) -> None:
    d = c.doc
    a = c.next_article("Surrender")
    d.section(
        f"{a}.1",
        "Condition on Surrender",
        "On the last day of the Term Tenant shall surrender the Premises "
        "broom clean and in good order and condition, ordinary wear and tear and damage by casualty excepted, "
        "with the removals required by this Lease completed.",
    )
    d.section(
        f"{a}.2",
        "Abandoned Property",
        "Any property of Tenant left in the Premises after the end of the Term "
        "may be treated by Landlord as abandoned and removed or disposed of at Tenant's cost.",
    )


def _renewal(c: _Ctx) -> None:
    t, d = c.t, c.doc
    kind = str(t.profile["renewal"])
    if kind == "none" and t.profile.get("amendment") != "extension":
        c.facts["renewal_option"] = {"kind": "none", "silent": True, "sections": []}
        return
    a = c.next_article("Renewal Option")
    if kind == "none":
        d.section(
            f"{a}.1",
            "No Renewal Right",
            "Tenant shall have no right or option to renew or extend the Term, and "
            "no course of dealing between the parties shall create one.",
            mark="renewal",
        )
        c.fact("renewal_option", "renewal", kind="none")
        return
    count, years, basis = {
        "fmv95": (1, 5, "95fmv"),
        "fixed4": (1, 3, "fixed4"),
        "fmv100": (1, 5, "fmv"),
        "two_fmv": (2, 5, "fmv"),
        "fixed3": (1, 5, "fixed3"),
        "fmv95_3y": (1, 3, "95fmv"),
    }[kind]
    terms_text = (
        f"{_w(count)} renewal term of {_w(years)} years"
        if count == 1
        else f"{_w(count)} successive renewal terms of {_w(years)} years each"
    )
    d.section(
        f"{a}.1",
        "Option",
        f"Provided no Event of Default exists when the option is exercised or when the "
        f"renewal term begins, and Tenant itself occupies at least seventy-five percent (75%) of the Premises, "
        f'Tenant shall have the option to extend the Term for {terms_text} (each a "Renewal Term"), on the '
        "terms of this Lease except as provided in this Article.",
        mark="renewal",
    )
    months_notice = c.rng.choice((9, 12))
    d.section(
        f"{a}.2",
        "Exercise",
        f"Tenant shall exercise the option by notice to Landlord given not earlier than "
        f"eighteen (18) months and not later than {_w(months_notice)} months before the then Expiration Date, "
        "time being of the essence. If Tenant does not give the notice in time, the option shall lapse.",
        mark="renewal_notice",
    )
    if basis in ("95fmv", "fmv"):
        pct = 95 if basis == "95fmv" else 100
        d.section(
            f"{a}.3",
            "Renewal Rent",
            f"Fixed Rent for the first year of each Renewal Term shall be {pct} "
            "percent of the Fair Market Rent, and shall increase annually thereafter as Fair Market Rent "
            'so determined provides. "Fair Market Rent" means the annual fixed rent a willing tenant would pay '
            "and a willing landlord would accept for comparable space in comparable buildings in the "
            f"{t.neighborhood} area for a term equal to the Renewal Term, taking into account all relevant "
            "factors including any concessions then customary.",
            mark="renewal_rent",
        )
        d.section(
            f"{a}.4",
            "Determination",
            "If the parties do not agree on Fair Market Rent within thirty (30) days "
            "after Landlord's proposal, it shall be determined by baseball arbitration: each party shall appoint a "
            "licensed real estate broker with at least ten years of experience leasing space in Manhattan or "
            "Brooklyn, the two brokers shall appoint a third, and the third broker shall choose whichever of the "
            "parties' determinations is closer to Fair Market Rent.",
        )
        rent_rule = f"{pct}% of fair market rent"
    else:
        pct = 4 if basis == "fixed4" else 3
        d.section(
            f"{a}.3",
            "Renewal Rent",
            f"Fixed Rent for the first year of the Renewal Term shall be the Fixed Rent "
            f"payable for the last Lease Year of the initial Term increased by {_w(pct)} percent, and shall "
            f"increase by {t.escalation_pct:g} percent on each anniversary of the first day of the Renewal Term.",
            mark="renewal_rent",
        )
        rent_rule = f"last year's rent +{pct}%"
    c.fact("renewal_option", "renewal")
    c.fact("renewal_option", "renewal_notice", notice_months_before=months_notice)
    c.fact("renewal_option", "renewal_rent", kind=kind, count=count, years=years, rent=rent_rule)


def _termination(c: _Ctx) -> None:
    t, d = c.t, c.doc
    if not t.profile.get("early_termination"):
        return
    a = c.next_article("Early Termination Option")
    when = _add_months(t.start, 36) - timedelta(days=1)
    d.section(
        f"{a}.1",
        "Option to Terminate",
        f"Tenant may terminate this Lease effective as of {_d(when)} (the "
        '"Early Termination Date") by notice given to Landlord not later than nine (9) months before the Early '
        "Termination Date, provided no Event of Default exists when the notice is given.",
        mark="early_term",
    )
    d.section(
        f"{a}.2",
        "Termination Fee",
        "With its notice Tenant shall pay a termination fee equal to four (4) months "
        "of the Fixed Rent then payable plus the unamortized cost of Landlord's Work and brokerage commissions, "
        "amortized on a straight-line basis over the initial Term.",
        mark="early_fee",
    )
    c.fact("early_termination", "early_term", date=when.isoformat())
    c.fact("early_termination", "early_fee", fee="4 months' rent plus unamortized costs")


def _misc(c: _Ctx) -> None:
    t, d = c.t, c.doc
    a = c.next_article("Miscellaneous")
    d.section(
        f"{a}.1",
        "Notices",
        f"Notices under this Lease shall be in writing and given by nationally recognized "
        f"overnight courier or by hand, to Landlord c/o {t.manager}, Attention: General Counsel, and to Tenant at "
        f"the Premises, Attention: {t.tenant_contact}, or to such other address as a party designates by notice. "
        "A copy of any notice may also be sent by email, but email alone is not notice.",
        mark="notices",
    )
    c.fact("notices", "notices")
    d.section(
        f"{a}.2",
        "Quiet Enjoyment",
        "So long as no Event of Default exists, Tenant shall peaceably and quietly "
        "enjoy the Premises without hindrance by Landlord or anyone claiming through Landlord, subject to this "
        "Lease and to the mortgages and ground leases to which it is subordinate.",
    )
    d.section(
        f"{a}.3",
        "Force Majeure",
        "Neither party shall be in default for a delay in performing an obligation "
        "(other than the payment of money) caused by strikes, acts of God, governmental restrictions, epidemics, "
        "shortages of materials or other causes beyond its reasonable control.",
    )
    d.section(
        f"{a}.4",
        "Brokers",
        "Each party represents that it dealt with no broker other than the Broker in "
        "connection with this Lease, and shall indemnify the other against claims by any other broker claiming "
        "through it. Landlord shall pay the Broker under a separate agreement.",
    )
    d.section(
        f"{a}.5",
        "Limitation of Landlord's Liability",
        "Tenant shall look solely to Landlord's interest in the "
        "Building, including its rents and insurance proceeds, for the satisfaction of any judgment against "
        "Landlord, and no other property or assets of Landlord or its members shall be subject to levy.",
    )
    d.section(
        f"{a}.6",
        "Entire Agreement; Amendments",
        "This Lease, including its Exhibits, is the entire agreement "
        "of the parties about its subject and may be changed only by a written agreement signed by both "
        "parties.",
    )
    d.section(
        f"{a}.7",
        "Governing Law",
        "This Lease shall be governed by the laws of the State of New York, and any "
        "action arising out of it shall be brought in the courts of the State of New York in the county in "
        "which the Building is located.",
    )
    if t.profile.get("amendment") is None and t.industry in ("design", "creative", "food & beverage"):
        d.section(
            f"{a}.8",
            "Guaranty",
            f"As a condition of this Lease, {t.tenant_contact} shall deliver a limited "
            '("good guy") guaranty of Tenant\'s obligations through the date on which Tenant vacates and '
            "surrenders the Premises, provided Tenant gives at least three (3) months' notice of surrender and "
            "is current in its rent at surrender.",
            mark="guaranty",
        )
        c.fact("guaranty", "guaranty", kind="good guy")
    d.section(
        f"{a}.{9 if 'guaranty' in c.facts else 8}",
        "Counterparts",
        "This Lease may be signed in counterparts "
        "and by electronic signature, each of which shall be an original and all of which together shall be "
        "one instrument.",
    )


def _signatures(c: _Ctx) -> None:
    t, d = c.t, c.doc
    d.blank()
    d.para("IN WITNESS WHEREOF, Landlord and Tenant have signed this Lease as of the day and year first written above.")
    d.lines += [
        f"LANDLORD: {t.landlord}",
        "By: ______________________________",
        "Name: Authorized Signatory",
        "",
        f"TENANT: {t.tenant}",
        "By: ______________________________",
        f"Name: {t.tenant_contact}",
        "",
    ]


def _exhibits(c: _Ctx) -> None:
    t, d = c.t, c.doc
    _new_page(c)
    d.heading("EXHIBIT A - DESCRIPTION OF THE PREMISES")
    d.para(
        f"{t.unit_label} on {_floor_text(t.floor)} of {t.address}, {t.borough}, New York, containing approximately "
        f"{t.sqft:,} rentable square feet, as outlined on the floor plan attached to the signed counterparts of this "
        "Lease. The floor plan is for identification only and is not a representation of dimensions or of the "
        "layout of any improvements."
    )
    _new_page(c)
    d.heading("EXHIBIT B - RULES AND REGULATIONS")
    rules = [
        "The sidewalks, entrances, lobbies, elevators and stairways shall not be obstructed or used for any purpose "
        "other than entering and leaving the Premises.",
        "No awning, shade or other projection shall be attached to the outside walls or windows of the Building "
        "without Landlord's prior written consent.",
        "Tenant shall not use the Premises for lodging or sleeping or for any immoral or illegal purpose.",
        "Deliveries of furniture, equipment and bulky materials shall be made only through the freight entrance and "
        "freight elevator during the hours Landlord establishes.",
        "Tenant shall not install additional locks or change the locks on any door without giving Landlord a key.",
        "Restrooms and plumbing fixtures shall not be used for any purpose other than that for which they were "
        "designed, and no sweepings, rubbish or grease shall be deposited in them.",
        "Tenant shall not make or permit any unreasonable noise, vibration or odor in the Building.",
        "No bicycles shall be brought into the passenger elevators; bicycles may be stored only in the bicycle room.",
        "Tenant shall keep the entrance doors of the Premises closed and locked when the Premises are not in use.",
        "Smoking, vaping and the use of open flames are prohibited throughout the Building, including the Premises.",
        "Tenant shall separate its refuse for recycling in accordance with the rules of the New York City Department "
        "of Sanitation.",
        "Canvassing, soliciting and peddling in the Building are prohibited.",
        "Tenant shall not overload any floor; safes and heavy equipment shall be placed only where Landlord approves.",
        "Landlord may exclude from the Building outside Business Hours any person who does not present a Building "
        "identification card or is not announced by Tenant.",
        "Tenant shall cooperate with Landlord's fire safety director and participate in fire drills as required by "
        "the New York City Fire Code.",
        "Window coverings visible from the street shall be of a type and color approved by Landlord.",
        "Tenant shall not use any space heater or cooking equipment other than a microwave, coffee maker and "
        "refrigerator in a pantry.",
        "Landlord may amend these Rules and Regulations on notice, provided the amendments apply to all tenants alike "
        "and do not materially reduce Tenant's rights under the Lease.",
    ]
    pets = str(t.profile["pets"])
    if pets == "allowed":
        rules.insert(
            7,
            "Dogs brought into the Building under the Lease shall be leashed at all times in the common "
            "areas and shall not be left unattended in the Premises overnight.",
        )
    elif pets in ("prohibited", "service_only", "consent"):
        rules.insert(
            7,
            "No animals, other than service animals, shall be brought into the Building except as the "
            "Lease expressly permits.",
        )
    for i, rule in enumerate(rules, start=1):
        d.para(f"{i}. {rule}")
    _new_page(c)
    d.heading("EXHIBIT C - CLEANING SPECIFICATIONS")
    nightly = [
        "Empty wastebaskets and remove refuse to the designated area.",
        "Sweep and damp-mop hard floors.",
        "Vacuum carpeted areas.",
        "Dust desks, chairs, tables and window sills within reach.",
        "Clean and sanitize restrooms, and refill soap, towels and tissue.",
        "Wipe clean drinking fountains and pantry counters (dishes excluded).",
    ]
    periodic = [
        "Weekly: dust door frames, baseboards and partitions.",
        "Monthly: high-dust areas above reach.",
        "Quarterly: wash the interior of exterior windows.",
        "Twice a year: wash the exterior of windows.",
        "Annually: shampoo carpeting in common corridors.",
    ]
    d.para("Nightly, Monday through Friday, except Building holidays:")
    for item in nightly:
        d.para(f"- {item}", indent="    ")
    d.para("Periodic:")
    for item in periodic:
        d.para(f"- {item}", indent="    ")
    _new_page(c)
    d.heading("EXHIBIT D - WORK LETTER")
    allowance = c.rng.choice((0, 10, 20, 35, 50))
    d.para(
        "1. Landlord's Work. Landlord shall, at its cost, deliver the Premises with the Building systems in good "
        "working order, the restrooms serving the Premises in compliance with law, and the Premises free of "
        "asbestos-containing materials as required by law."
    )
    if allowance:
        d.para(
            f"2. Allowance. Landlord shall contribute up to ${allowance}.00 per rentable square foot of the Premises "
            f"(a total of {_usd(allowance * t.sqft)}) toward the cost of Tenant's initial Alterations, payable on "
            "Tenant's completion of the work and delivery of lien waivers, final plans and a certificate of "
            "completion."
        )
    else:
        d.para(
            "2. No Allowance. Tenant accepts the Premises in their as-is condition except for Landlord's Work, and "
            "Landlord shall make no contribution toward Tenant's Alterations."
        )
    d.para(
        "3. Tenant's Work. Tenant's initial Alterations shall be performed under Article 7 of the Lease. Tenant "
        "shall not be charged for freight elevator use or for supervision of its initial Alterations."
    )
    d.para(
        "4. Plans. Tenant shall submit final plans for its initial Alterations within sixty (60) days after the date "
        "of the Lease; Landlord shall approve or disapprove them, with reasons, within ten (10) Business Days."
    )
    c.facts["work_allowance"] = {"psf": allowance, "sections": []}


def _amendment(c: _Ctx) -> None:
    t, d = c.t, c.doc
    kind = t.profile.get("amendment")
    if not kind or t.amendment_date is None:
        return
    _new_page(c)
    d.heading("FIRST AMENDMENT TO LEASE")
    d.para(
        f'THIS FIRST AMENDMENT TO LEASE (this "Amendment") is made as of {_d(t.amendment_date)}, between '
        f'{t.landlord} ("Landlord") and {t.tenant} ("Tenant").'
    )
    d.para(
        f"WHEREAS, Landlord and Tenant are parties to an Agreement of Lease dated as of "
        f'{_d(t.start - timedelta(days=45))} (Lease No. {t.lease_id}, the "Lease") for {t.unit_label} in the '
        f"building known as {t.address}; and WHEREAS, the parties wish to amend the Lease as set forth below;"
    )
    d.para("NOW, THEREFORE, the parties agree as follows:")
    d.section(
        "1.",
        "Defined Terms",
        "Capitalized terms used and not defined in this Amendment have the meanings given in the Lease.",
    )
    assign_article = next(
        (
            line.split()[1]
            for line in d.lines
            if line.strip().startswith("ARTICLE ")
            and d.lines[d.lines.index(line) + 1].strip() == "ASSIGNMENT AND SUBLETTING"
        ),
        "13",
    )
    if kind == "extension":
        d.section(
            "2.",
            "Extension of Term",
            f"The Term of the Lease is extended for one (1) year, so that the "
            f'Expiration Date, which was {_d(t.original_end)}, is now {_d(t.end)} (the "Extension Period").',
            mark="amend_term",
            label="First Amendment, Section 2",
        )
        d.section(
            "3.",
            "Fixed Rent for the Extension Period",
            f"Fixed Rent for the Extension Period shall be "
            f"{_usd(t.extension_rent_monthly * 12)} per annum, payable in equal monthly installments of "
            f"{_usd(t.extension_rent_monthly)}.",
            mark="amend_rent",
            label="First Amendment, Section 3",
        )
        d.section(
            "4.",
            "No Further Extension",
            "Tenant shall have no further right to extend the Term, and the "
            "security held under the Lease shall continue to secure Tenant's obligations during the Extension "
            "Period.",
        )
        c.fact("expiration", "amend_term", date=t.end.isoformat(), amended=True)
        c.fact("rent", "amend_rent", extension_monthly=t.extension_rent_monthly, amended=True)
        c.fact("renewal_option", "amend_term", kind="none", note="extended once by amendment; no further extension")
    else:
        d.section(
            "2.",
            "Subletting Permitted",
            f"Section {assign_article}.1 of the Lease is deleted and replaced with "
            'the following: "Tenant may sublet up to fifty percent (50%) of the rentable area of the Premises, '
            "in the aggregate, with Landlord's prior written consent, which shall not be unreasonably withheld, "
            "conditioned or delayed, provided that no Event of Default exists and the subtenant uses the space "
            "for a use permitted by the Lease. Tenant shall not assign the Lease without Landlord's consent, "
            'which Landlord may withhold in its sole discretion."',
            mark="amend_sublet",
            label="First Amendment, Section 2",
        )
        d.section(
            "3.",
            "Sublease Profits",
            "Tenant shall pay Landlord fifty percent (50%) of any sublease rent in "
            "excess of the rent payable under the Lease for the sublet space, after deducting Tenant's reasonable "
            "costs of subletting.",
        )
        c.fact(
            "subletting",
            "amend_sublet",
            policy="consent",
            amended=True,
            note="original lease prohibited subletting; the First Amendment permits up to 50% with consent",
        )
    d.section(
        "5." if kind == "extension" else "4.",
        "Ratification",
        "Except as amended by this Amendment, the Lease "
        "remains unmodified and in full force, and is ratified and confirmed. If the Lease and this Amendment "
        "conflict, this Amendment controls.",
    )
    d.lines += [
        "",
        f"LANDLORD: {t.landlord}",
        "By: ______________________________",
        "",
        f"TENANT: {t.tenant}",
        "By: ______________________________",
        "",
    ]
