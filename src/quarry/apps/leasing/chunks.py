"""Lease text → chunks with page and section, each an exact slice of the text (for citations).

Pages end with a form feed and a `Page N of M` footer; the first line of every page is a running
header. Main-lease sections read `13.1 Consent Required. ...`; exhibits and amendments number
their paragraphs `2. Subletting Permitted. ...` under an `EXHIBIT B - ...` or
`FIRST AMENDMENT TO LEASE` heading, cited as "Exhibit B, Section 2" / "First Amendment, Section 2".
A section that runs over a page break gives one chunk per page, both with the section's label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MAIN = re.compile(r"^(\d{1,2}\.\d{1,2}) +([A-Z][^.\n]{0,80})\.", re.MULTILINE)
_NUMBERED = re.compile(r"^(\d{1,2})\. +([A-Z][^.\n]{0,80})\.", re.MULTILINE)
_EXHIBIT = re.compile(r"^EXHIBIT ([A-Z])\b", re.MULTILINE)
_AMENDMENT = re.compile(r"^([A-Z]+) AMENDMENT TO LEASE\s*$", re.MULTILINE)
_FOOTER = re.compile(r"\n[ \t]*Page \d+ of \d+[ \t]*\n?$")


@dataclass(frozen=True)
class Chunk:
    """One citable piece of a lease."""

    page: int
    section: str | None
    """'13.1', 'First Amendment, Section 2', 'Exhibit B, Section 15'; None before the first section."""
    heading: str
    start: int
    """Offset of the chunk in the lease text (`text[start:end] == body`)."""
    end: int
    body: str


def chunk_lease(text: str) -> list[Chunk]:
    """Chunks in reading order; bodies are stripped slices of `text`."""
    chunks: list[Chunk] = []
    context: str | None = None  # None = main lease; else "Exhibit B" / "First Amendment"
    section: str | None = None
    heading = ""
    offset = 0
    for page_no, page in enumerate(text.split("\f"), start=1):
        page_start = offset
        offset += len(page) + 1
        body_start = page.find("\n") + 1 if "\n" in page else 0  # skip the running header line
        footer = _FOOTER.search(page)
        body_end = footer.start() if footer else len(page)
        # Boundaries on this page: (position, new context or None, section label, heading).
        marks: list[tuple[int, str | None, str | None, str]] = []
        for m in _EXHIBIT.finditer(page, body_start, body_end):
            marks.append((m.start(), f"Exhibit {m.group(1)}", None, m.group(0)))
        for m in _AMENDMENT.finditer(page, body_start, body_end):
            marks.append((m.start(), f"{m.group(1).title()} Amendment", None, m.group(0).strip()))
        for m in _MAIN.finditer(page, body_start, body_end):
            marks.append((m.start(), "", m.group(1), m.group(2)))
        for m in _NUMBERED.finditer(page, body_start, body_end):
            marks.append((m.start(), "#", m.group(1), m.group(2)))
        marks.sort()
        cut = body_start
        for pos, ctx, label, head in marks:
            if ctx == "#" and context is None:
                continue  # a numbered list inside a main-lease section, not a new section
            _emit(chunks, text, page_start, cut, pos, page_no, section, heading)
            cut = pos
            if ctx not in ("", "#"):
                context, section, heading = ctx, None, head
            elif ctx == "":
                context, section, heading = None, label, head
            else:
                section, heading = f"{context}, Section {label}", head
        _emit(chunks, text, page_start, cut, body_end, page_no, section, heading)
    return chunks


def _emit(
    chunks: list[Chunk], text: str, page_start: int, a: int, b: int, page: int, section: str | None, heading: str
) -> None:
    raw = text[page_start + a : page_start + b]
    body = raw.strip()
    if len(body) < 3:
        return
    start = page_start + a + raw.index(body)
    chunks.append(Chunk(page=page, section=section, heading=heading, start=start, end=start + len(body), body=body))
