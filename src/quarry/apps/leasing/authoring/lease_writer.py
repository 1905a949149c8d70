"""The state of one lease being written: its terms, its dice, its document and its fact sheet."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta

from .lease_document import LeaseDocument
from .lease_grammar import floor_text, long_date
from .lease_templates import TemplateError, Wording, fill, placeholders, wording
from .lease_terms import LeaseTerms


def permitted_use(industry: str) -> str:
    uses = wording("articles/use")
    return uses.text("uses", industry) if uses.has("uses", industry) else uses.text("uses", "other")


def lease_values(t: LeaseTerms, business_hours: str, share: str) -> dict[str, object]:
    """What any template of this lease may name: parties, premises, key dates, the permitted use."""
    return {
        "lease_id": t.lease_id,
        "tenant": t.tenant,
        "contact": t.tenant_contact,
        "landlord": t.landlord,
        "manager": t.manager,
        "address": t.address,
        "borough": t.borough,
        "neighborhood": t.neighborhood,
        "zip": t.zip,
        "unit": t.unit_label,
        "floor": floor_text(t.floor),
        "sqft": f"{t.sqft:,}",
        "commencement": long_date(t.start),
        "expiration": long_date(t.original_end),
        "dated": long_date(t.start - timedelta(days=45)),
        "business_hours": business_hours,
        "share": share,
        "use": permitted_use(t.industry),
        "escalation": f"{t.escalation_pct:g}",
    }


@dataclass
class LeaseWriter:
    t: LeaseTerms
    rng: random.Random
    """Per-lease dice for boilerplate choices; the order of draws is part of the bundled data."""
    articles: dict[str, int]
    """The articles this lease has (template name under `articles/`) → their numbers."""
    values: dict[str, object]
    """`lease_values`: what every template may name."""
    doc: LeaseDocument = field(default_factory=LeaseDocument)
    facts: dict[str, dict[str, object]] = field(default_factory=dict)
    wording: Wording | None = None
    """The template file whose sections `section` writes."""

    @property
    def w(self) -> Wording:
        """The current template file."""
        if self.wording is None:
            raise TemplateError("no article or part started")
        return self.wording

    def article(self, key: str) -> int:
        """Start article `key` (its number fixed up front, so the contents can list it)."""
        self.wording = wording(f"articles/{key}")
        number = self.articles[key]
        heading = self.fill(wording("document").text("article_heading"), number=number)
        self.doc.article(number, heading, self.wording.text("title"))
        return number

    def part(self, name: str, citation: str | None = None) -> Wording:
        """Write the sections of `templates/<name>.toml` next, numbered 1., 2., ..."""
        self.wording = wording(name)
        self.doc.part(citation)
        return self.wording

    def section(self, key: str, **values: object) -> str:
        """Write the next section from the current template; returns its mark for `fact`."""
        s = self.w.section(key)
        mark = f"{self.w.name}/{key}"
        self.doc.section(mark, s.title, self.fill(s.text, **values))
        return mark

    def phrase(self, key: str) -> str:
        """A piece of wording of the current template that a section's placeholder takes."""
        return self.w.text("phrases", key)

    def fill(self, template: str, **values: object) -> str:
        """`template` filled from `values` (each must be used) and the lease's own values."""
        return self.fill_all([template], **values)[0]

    def fill_all(self, templates: list[str], **values: object) -> list[str]:
        unused = values.keys() - set().union(*(placeholders(t) for t in templates))
        if unused:
            raise TemplateError(f"{sorted(unused)} given but not asked for by {templates[0][:60]!r}...")
        shadowed = values.keys() & self.values.keys()
        if shadowed:
            raise TemplateError(f"{sorted(shadowed)} would hide the lease's own values")
        merged = {**self.values, **values}
        return [fill(t, merged) for t in templates]

    def fact(self, key: str, mark: str, **values: object) -> None:
        """Record what the lease says on `key`, citing the section `mark` (later citations after)."""
        entry = self.facts.setdefault(key, {"sections": []})
        entry.update(values)
        sections = entry["sections"]
        assert isinstance(sections, list)
        sections.append(mark)
