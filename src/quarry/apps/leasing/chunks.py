"""Lease text → chunks with page and section, each an exact slice of the text (for citations).

Pages end with a form feed. A page's running header (the first line, or a first line that repeats
on most pages) and its page-number footer ("Page 3 of 19", "- 3 -", "3") are not part of any chunk.
Two drafting families are read, by their numbering, not their headings:

- main-lease sections `13.1 Consent Required. ...` (both families), and a clause heading
  `CLAUSE 7 – UTILITIES` that opens a clause (its own text, before `7.1`, is section "7");
- exhibits and schedules (`EXHIBIT B - ...`, an indented `SCHEDULE 2`), whose paragraphs are
  numbered `2. Subletting Permitted. ...` (or untitled, `8. No animals ... shall be brought into the`, when it is
  the next number) or lettered by part `B1    No animal ...` under a
  `Part B – Animals` line: cited as "Exhibit B, Section 2" / "Schedule 2, B1" / "Schedule 2, Part B";
  text before the first paragraph is the exhibit or schedule itself ("Schedule 1");
- amendments (`FIRST AMENDMENT TO LEASE`, `SUPPLEMENTAL AGREEMENT No. 1`, `LETTER AGREEMENT No. 2`,
  `ADDENDUM No. 1`), whose numbered paragraphs are cited as "First Amendment, Section 2" /
  "Supplemental Agreement No. 1, Section 1".
A section that runs over a page break gives one chunk per page, both with the section's label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MAIN = re.compile(r"^(\d{1,2}\.\d{1,2}) +([A-Z][^.\n]{0,80})\.", re.MULTILINE)
_NUMBERED = re.compile(r"^(\d{1,2})\. +([A-Z][^.\n]{0,80})\.", re.MULTILINE)
_PARAGRAPH = re.compile(r"^(\d{1,2})\. +([A-Z][^\n]{0,80})", re.MULTILINE)
"""A numbered paragraph whose first sentence runs on past its line ("1. The sidewalks, entrances ... shall not be
obstructed or"): a paragraph of an exhibit only when it is the next number there, so a list inside a paragraph is
not taken for one."""
_CLAUSE = re.compile(r"^(?:CLAUSE|Clause) (\d{1,2}) *[–—:-] *([A-Z][^\n]{0,80}?) *$", re.MULTILINE)
_EXHIBIT = re.compile(r"^[ \t]*(EXHIBIT|SCHEDULE|APPENDIX|ANNEX|RIDER) ([A-Z0-9]{1,3})\b(?![^\n]*\.{4})", re.MULTILINE)
_AMENDMENT = re.compile(
    r"^[ \t]*(?:([A-Z]+) AMENDMENT TO LEASE"
    r"|(SUPPLEMENTAL AGREEMENT|LETTER AGREEMENT|AMENDMENT|ADDENDUM) N[Oo]\.? ?(\d{1,2}))[ \t]*$",
    re.MULTILINE,
)
_PART = re.compile(r"^Part ([A-Z]) *[–—-] *([^\n]{1,80}?) *$", re.MULTILINE)
_ITEM = re.compile(r"^([A-Z]\d{1,2}) {2,}(?=\S)", re.MULTILINE)
_FOOTER = re.compile(r"\n[ \t]*(?:Page \d+ of \d+|[-–—] ?\d{1,3} ?[-–—]|\d{1,3})[ \t]*\s*$")
AMENDMENT_WORDS = re.compile(r"\b(Amendment|Supplemental Agreement|Letter Agreement|Addendum)\b")
"""What marks a section label as an amendment's (it wins over the section it changes)."""


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


def _first_line(page: str) -> tuple[int, str]:
    """Where the page's first non-blank line ends, and that line."""
    stripped = page.lstrip("\n")
    line = stripped.split("\n", 1)[0]
    return len(page) - len(stripped) + len(line) + 1, line.strip()


def _titled(words: str) -> str:
    return " ".join(w.capitalize() for w in words.split())


def chunk_lease(text: str) -> list[Chunk]:
    """Chunks in reading order; bodies are stripped slices of `text`."""
    chunks: list[Chunk] = []
    context: str | None = None  # None = main lease; else "Exhibit B" / "Schedule 2" / "First Amendment"
    section: str | None = None
    heading = ""
    number = 0  # the last numbered paragraph of the exhibit, schedule or amendment being read
    offset = 0
    pages = text.split("\f")
    firsts = [_first_line(p)[1] for p in pages]
    # A running header repeats on most pages; a lease without one starts each page with its text.
    running = {line for line in firsts if line and firsts.count(line) * 2 >= len(pages) - 1}
    for page_no, page in enumerate(pages, start=1):
        page_start = offset
        offset += len(page) + 1
        header_end, first = _first_line(page)
        # Without a repeating header, the first line is still taken as a header of its own kind.
        no_header = page.find("\n") + 1 if "\n" in page else 0
        body_start = (header_end if first in running else 0) if running else no_header
        footer = _FOOTER.search(page)
        body_end = footer.start() if footer else len(page)
        # Boundaries on this page: (position, kind, new context or label, heading).
        marks: list[tuple[int, str, str, str]] = []
        for m in _EXHIBIT.finditer(page, body_start, body_end):
            marks.append((m.start(), "context", f"{m.group(1).title()} {m.group(2)}", m.group(0).strip()))
        for m in _AMENDMENT.finditer(page, body_start, body_end):
            name = f"{m.group(1).title()} Amendment" if m.group(1) else f"{_titled(m.group(2))} No. {m.group(3)}"
            marks.append((m.start(), "context", name, m.group(0).strip()))
        for m in _CLAUSE.finditer(page, body_start, body_end):
            marks.append((m.start(), "clause", m.group(1), _titled(m.group(2))))
        for m in _MAIN.finditer(page, body_start, body_end):
            marks.append((m.start(), "main", m.group(1), m.group(2)))
        titles = {m.start(): m.group(2) for m in _NUMBERED.finditer(page, body_start, body_end)}
        for m in _PARAGRAPH.finditer(page, body_start, body_end):
            title = titles.get(m.start())
            marks.append((m.start(), "numbered" if title else "paragraph", m.group(1), title or m.group(2).strip()))
        for m in _PART.finditer(page, body_start, body_end):
            marks.append((m.start(), "part", m.group(1), m.group(2)))
        for m in _ITEM.finditer(page, body_start, body_end):
            marks.append((m.start(), "item", m.group(1), ""))
        marks.sort()
        cut = body_start
        part_heading = ""
        titled = False  # the chunk being read opens with a title line (a clause, part or schedule)
        for pos, kind, label, head in marks:
            if kind in ("numbered", "paragraph", "part", "item") and context is None:
                continue  # a numbered list inside a main-lease section, not a new section
            if kind == "paragraph" and int(label) != number + 1:
                continue  # "2." inside a paragraph's own list, not the exhibit's next paragraph
            if kind in ("numbered", "paragraph"):
                number = int(label)
            _emit(chunks, text, page_start, cut, pos, page_no, section, heading, titled)
            cut, titled = pos, kind in ("context", "clause", "part")
            if kind == "context":
                context, section, heading, number = label, label, head, 0
            elif kind in ("main", "clause"):
                context, section, heading = None, label, head
            elif kind == "part":
                section, heading = f"{context}, Part {label}", head
                part_heading = head
            elif kind == "item":
                section, heading = f"{context}, {label}", part_heading or str(context)
            else:
                section, heading = f"{context}, Section {label}", head
        _emit(chunks, text, page_start, cut, body_end, page_no, section, heading, titled)
    return chunks


def _emit(
    chunks: list[Chunk],
    text: str,
    page_start: int,
    a: int,
    b: int,
    page: int,
    section: str | None,
    heading: str,
    title: bool = False,
) -> None:
    raw = text[page_start + a : page_start + b]
    body = raw.strip()
    if len(body) < 3:
        return
    if title and "\n" not in body and len(body) < 100:
        section = None  # a title line alone ("CLAUSE 8 – HVAC", "Part B – Animals"): nothing to cite
    start = page_start + a + raw.index(body)
    chunks.append(Chunk(page=page, section=section, heading=heading, start=start, end=start + len(body), body=body))
