"""Text and Markdown views of an `ArchiveResponse` (renderers never compute)."""

from __future__ import annotations

from .models import ArchiveHit, ArchiveResponse


def _attempts(resp: ArchiveResponse) -> list[str]:
    lines = []
    for n, a in enumerate(resp.attempts, 1):
        best = f"{a.best_similarity:.3f}" if a.best_similarity is not None else "–"
        note = f" — {a.note}" if a.note else ""
        lines.append(
            f"  attempt {n} [{a.strategy}] '{a.query}' (filters: {a.constraints}): "
            f"{a.count} items, best {best}, {a.verdict}{note}"
        )
    return lines


def _hit_line(n: int, h: ArchiveHit) -> str:
    matched = f" · matched: {', '.join(h.matched_terms)}" if h.matched_terms else ""
    return (
        f"{n:>2}. {h.identifier}  {h.title}\n"
        f"      {h.media_type} · {h.place} · {h.period} · similarity {h.similarity:.3f}{matched}\n"
        f"      {h.summary[:220]}{'…' if len(h.summary) > 220 else ''}"
    )


def render_text(resp: ArchiveResponse) -> str:
    """Plain text for the CLI."""
    lines = [f"intent: {resp.intent} · thread {resp.thread_id}"]
    if resp.attempts:
        lines.append(f"query: {resp.query}")
        lines.extend(_attempts(resp))
    if resp.message:
        lines.append("")
        lines.append(resp.message)
    if resp.archives:
        lines.append("")
        lines.append(f"{resp.total} archive item(s), best first:")
        lines.extend(_hit_line(n, h) for n, h in enumerate(resp.archives, 1))
    if resp.nearest:
        lines.append("")
        lines.append("Nearest items (NOT a match for your request):")
        lines.extend(_hit_line(n, h) for n, h in enumerate(resp.nearest, 1))
    return "\n".join(lines)


def _card(h: ArchiveHit, *, not_matching: bool = False) -> str:
    flag = " _(nearest, not a match)_" if not_matching else ""
    matched = f"  \nmatched: {', '.join(h.matched_terms)}" if h.matched_terms else ""
    return (
        f"#### {h.title}{flag}\n*{h.title_ms}*  \n"
        f"**{h.media_type}** · {h.place} · {h.period} · similarity {h.similarity:.3f} · `{h.identifier}`  \n"
        f"{h.summary}  \n<small>{h.collection} · {h.rights} · tags: {', '.join(h.tags)}{matched}</small>\n"
    )


def render_markdown(resp: ArchiveResponse) -> str:
    """Result cards (or the message) as Markdown for the UI."""
    parts = []
    if resp.message:
        parts.append(f"> {resp.message}")
    parts.extend(_card(h) for h in resp.archives)
    parts.extend(_card(h, not_matching=True) for h in resp.nearest)
    return "\n\n".join(parts) or "_Nothing to show._"


def render_attempts_markdown(resp: ArchiveResponse) -> str:
    """The attempts as a Markdown table for the UI."""
    if not resp.attempts:
        return f"intent **{resp.intent}**: no search ran."
    rows = ["| # | strategy | query | filters | items | best | verdict | note |", "|---|---|---|---|---|---|---|---|"]
    for n, a in enumerate(resp.attempts, 1):
        best = f"{a.best_similarity:.3f}" if a.best_similarity is not None else "–"
        rows.append(
            f"| {n} | {a.strategy} | {a.query} | {a.constraints} | {a.count} | {best} | {a.verdict} | {a.note or ''} |"
        )
    return f"intent **{resp.intent}**\n\n" + "\n".join(rows)
