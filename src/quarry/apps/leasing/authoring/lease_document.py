"""The lease body as lines: articles, numbered sections, page breaks, and its pagination."""

from __future__ import annotations

import textwrap

from .lease_templates import fill

WIDTH = 92
LINES_PER_PAGE = 50
_NEW_PAGE = "\x00"
"""A line that only breaks the page; pagination drops it."""


class LeaseDocument:
    """Lines of the lease body, with the line where each section starts (for the fact sheet).

    Sections number themselves: "13.1", "13.2", ... inside article 13, "1.", "2.", ... inside an
    exhibit or amendment (a part), which is cited by its own form ("First Amendment, Section 2").
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.marks: dict[str, tuple[int, str]] = {}
        """Section mark → (line where it starts, how the fact sheet cites it)."""
        self.article_starts: set[int] = set()
        self._article: int | None = None
        self._citation: str | None = None
        self._sections = 0

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def new_page(self) -> None:
        self.lines.append(_NEW_PAGE)

    def centered(self, lines: list[str]) -> None:
        self.lines += [line.center(WIDTH).rstrip() if line else "" for line in lines]

    def heading(self, text: str) -> None:
        self.blank()
        self.lines.append(text)
        self.lines.append("")

    def para(self, text: str, indent: str = "") -> None:
        self.lines += textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)
        self.lines.append("")

    def article(self, number: int, heading: str, title: str) -> None:
        """Start article `number`: its centred heading ("ARTICLE 13") and title, in capitals."""
        self.blank()
        self.article_starts.add(len(self.lines))
        self.centered([heading, title.upper(), ""])
        self._article, self._citation, self._sections = number, None, 0

    def part(self, citation: str | None = None) -> None:
        """Number the next sections "1.", "2.", ...; `citation` ("First Amendment, Section {number}")
        is how the fact sheet cites them."""
        self._article, self._citation, self._sections = None, citation, 0

    def section(self, mark: str, title: str, text: str) -> None:
        self._sections += 1
        if self._article is not None:
            number = label = f"{self._article}.{self._sections}"
        else:
            number = f"{self._sections}."
            label = fill(self._citation, {"number": self._sections}) if self._citation else number
        self.marks[mark] = (len(self.lines), label)
        self.para(f"{number} {title}. {text}")


def paginate(doc: LeaseDocument, header: str, footer: str) -> tuple[list[str], list[int]]:
    """The pages (each ending in a form feed), and the page number of every body line.

    `footer` is a template filled with `page` and `pages`."""
    body = doc.lines
    per = LINES_PER_PAGE - 4
    chunks: list[list[str]] = []
    line_page = [0] * len(body)
    i = 0
    while i < len(body):
        end = min(i + per, len(body))
        # Break at a page-break line, and keep an article heading with what follows it.
        if _NEW_PAGE in body[i:end]:
            end = body.index(_NEW_PAGE, i) + 1
        elif end < len(body):
            for j in range(end - 1, max(i + per - 6, i), -1):
                if j in doc.article_starts:
                    end = j
                    break
        chunks.append([line for line in body[i:end] if line != _NEW_PAGE])
        line_page[i:end] = [len(chunks)] * (end - i)
        i = end
    total = len(chunks)
    pages = []
    for n, chunk in enumerate(chunks, start=1):
        while chunk and chunk[-1] == "":
            chunk.pop()
        while chunk and chunk[0] == "":
            chunk.pop(0)
        foot = fill(footer, {"page": n, "pages": total}).center(WIDTH).rstrip()
        lines = [header, "", *chunk, *([""] * (per - len(chunk))), "", foot]
        pages.append("\n".join(lines) + "\n\f")
    return pages, line_page
