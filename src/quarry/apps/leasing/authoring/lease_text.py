"""Commercial lease texts for the leases on file: 10+ pages, numbered articles and sections.

`render_lease(terms)` returns the text (pages end with a form feed and carry a "Page N of M"
footer) and a fact sheet: what the lease says on subletting, pets, renewal, HVAC, repairs, deposit,
holdover, ... with the section and page that say it (the later amendment listed after the original
section it changes). The clauses are New York office/retail lease language, varied per lease by
`terms.profile` and by per-lease dice for boilerplate; deterministic for a given seed.

The words are template files (`templates/`, see `lease_templates`); Python keeps the grammar:
which articles and sections a lease gets (`lease_articles`, `lease_attachments`), numbers in
words, dates and money (`lease_grammar`), numbering and pagination (`lease_document`).
"""

from __future__ import annotations

import random

from .lease_articles import ARTICLES, articles_of
from .lease_attachments import EXHIBITS, write_amendment, write_exhibits
from .lease_document import WIDTH, paginate
from .lease_templates import wording
from .lease_terms import LeaseTerms
from .lease_writer import LeaseWriter, lease_values

__all__ = ["LeaseTerms", "render_lease"]


def render_lease(t: LeaseTerms) -> tuple[str, dict[str, object]]:
    """The lease text and its fact sheet (sections with the page each starts on)."""
    rng = random.Random(f"{t.seed}:lease:{t.lease_id}")
    # The draws' order is part of the bundled data: business hours, then the building's floorplate
    # and floors (Tenant's Share), then each article's own draws in article order.
    hours = rng.choice(wording("articles/basic").texts("business_hours"))
    floorplate = rng.choice((6_000, 8_500, 12_000, 18_000, 24_000))
    share = f"{100 * t.sqft / (floorplate * rng.randint(6, 30)):.2f}"
    keys = articles_of(t)
    c = LeaseWriter(
        t, rng, articles={key: n for n, key in enumerate(keys, start=1)}, values=lease_values(t, hours, share)
    )
    _cover(c, keys)
    for _key, write in ARTICLES:
        write(c)
    _signatures(c)
    write_exhibits(c)
    write_amendment(c)
    document = wording("document")
    pages, line_page = paginate(c.doc, c.fill(document.text("page_header")), document.text("page_footer"))
    return "".join(pages), _fact_sheet(c, pages, line_page)


def _cover(c: LeaseWriter, articles: list[str]) -> None:
    """Cover page, table of contents, and the opening paragraph."""
    t, d, document = c.t, c.doc, wording("document")
    d.centered(
        c.fill_all(
            document.texts("cover"),
            # Centred twice, as the leases on file have it: the title sits right of the middle.
            title=document.text("title").center(WIDTH).rstrip(),
            landlord_caps=t.landlord.upper(),
            tenant_caps=t.tenant.upper(),
            city="New York" if t.borough == "Manhattan" else "Brooklyn",
        )
    )
    d.new_page()
    d.heading(document.text("contents_heading"))
    for n, key in enumerate(articles, start=1):
        title = wording(f"articles/{key}").text("title")
        d.lines.append(c.fill(document.text("contents_article"), number=f"{n:>2}", title=title))
    d.lines.append("")
    for name in EXHIBITS:
        exhibit = wording(f"exhibits/{name}")
        entry = document.text("contents_exhibit")
        d.lines.append(c.fill(entry, letter=exhibit.text("letter"), title=exhibit.text("title")))
    if t.profile.get("amendment"):
        d.lines.append(wording("amendment").text("contents_entry"))
    d.new_page()
    d.para(c.fill(document.text("preamble")))


def _signatures(c: LeaseWriter) -> None:
    document = wording("document")
    c.doc.blank()
    c.doc.para(document.text("witness"))
    c.doc.lines += c.fill_all(document.texts("signatures"))


def _fact_sheet(c: LeaseWriter, pages: list[str], line_page: list[int]) -> dict[str, object]:
    t = c.t
    page_of = {mark: line_page[line] for mark, (line, _label) in c.doc.marks.items()}
    label_of = {mark: label for mark, (_line, label) in c.doc.marks.items()}
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
    return facts
