"""What the generator decided about one lease on file (the lease text is written from it)."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta


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
        return add_months(self.start, self.term_months) - timedelta(days=1)

    def monthly_rent_at(self, when: date) -> float:
        """Monthly fixed rent in force on `when` (lease years from the commencement date)."""
        if when > self.original_end and self.extension_rent_monthly:
            return float(self.extension_rent_monthly)
        year = 0
        while add_months(self.start, 12 * (year + 1)) <= when and year + 1 < self.term_months // 12:
            year += 1
        return round(self.start_rent_monthly * (1 + self.escalation_pct / 100) ** year, 2)


def add_months(d: date, months: int) -> date:
    """The same day `months` later, clamped to the end of a shorter month."""
    y, m = divmod(d.month - 1 + months, 12)
    return date(d.year + y, m + 1, min(d.day, calendar.monthrange(d.year + y, m + 1)[1]))
