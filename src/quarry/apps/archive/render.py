"""Text and Markdown views of an `ArchiveResponse` (renderers never compute).

Both response types render distinctly: `results` → a status line and result cards; `message`
→ the reply in a quote block, and when a search found nothing good, the nearest items under a
heading that says they do not match, each card flagged the same way.
"""

from __future__ import annotations

from .models import ArchiveHit, ArchiveResponse

SUMMARY_CHARS_TEXT = 220
NOT_MATCHING = "nearest, NOT a match"
NEAREST_HEADING = "Nearest items — these do NOT match your request"
NOT_UNDERSTOOD = "Not understood, so not searched"
RELAXED = "Left out to find these (ask again with it)"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell (user queries may hold pipes or newlines)."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


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


def _relaxed(resp: ArchiveResponse) -> str:
    """'place Kelantan, years 1960–1969' (the constraints the answered attempt left out)."""
    return ", ".join(f"{r.field.replace('_', ' ')} {r.value}" for r in resp.relaxed)


def _matched(h: ArchiveHit) -> str:
    """'wayang, kulit in title, tags' (empty when nothing matched lexically)."""
    if not h.matched_terms:
        return ""
    where = f" in {', '.join(h.matched_fields)}" if h.matched_fields else ""
    return f"{', '.join(h.matched_terms)}{where}"


def _hit_line(n: int, h: ArchiveHit) -> str:
    matched = f" · matched: {_matched(h)}" if h.matched_terms else ""
    cut = "…" if len(h.summary) > SUMMARY_CHARS_TEXT else ""
    return (
        f"{n:>2}. {h.identifier}  {h.title}\n"
        f"      {h.media_type} · {h.place} · {h.period} · similarity {h.similarity:.3f}{matched}\n"
        f"      {h.summary[:SUMMARY_CHARS_TEXT]}{cut}"
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
    if resp.not_understood:
        lines.append("")
        lines.append(f"{NOT_UNDERSTOOD}: {', '.join(resp.not_understood)}")
    if resp.relaxed:
        lines.append(f"{RELAXED}: {_relaxed(resp)}")
    if resp.archives:
        lines.append("")
        lines.append(f"{resp.total} archive item(s), best first:")
        lines.extend(_hit_line(n, h) for n, h in enumerate(resp.archives, 1))
    if resp.nearest:
        lines.append("")
        lines.append("Nearest items (NOT a match for your request):")
        lines.extend(_hit_line(n, h) for n, h in enumerate(resp.nearest, 1))
    return "\n".join(lines)


def render_status_markdown(resp: ArchiveResponse) -> str:
    """One line saying which kind of response this is."""
    tries = f" after {len(resp.attempts)} attempt(s)" if resp.attempts else ""
    if resp.response_type == "results":
        return f"✅ **Results** · {resp.total} item(s) for *{_cell(resp.query)}*{tries} · intent `{resp.intent}`"
    if resp.unresolved:
        named = _cell(", ".join(resp.unresolved))
        return f"❓ **Question** · intent `{resp.intent}` · no search ran: {named} is not in the archive"
    if resp.attempts:
        return (
            f"🔎 **No match**{tries} · intent `{resp.intent}` · nearest items are shown below, labelled as not matching"
        )
    return f"💬 **Message** · intent `{resp.intent}` · no search ran"


def render_card_markdown(h: ArchiveHit, *, rank: int, not_matching: bool = False) -> str:
    """One result card: title (and Malay title), media type, place, period, similarity, summary,
    the terms that matched and where, collection and rights."""
    flag = f" — ⚠️ _{NOT_MATCHING}_" if not_matching else ""
    matched = f"  \n🔤 matched: {_matched(h)}" if h.matched_terms else "  \n🔤 matched: meaning only (no query word)"
    return (
        f"#### {rank}. {h.title}{flag}\n"
        f"*{h.title_ms}*  \n"
        f"**{h.media_type}** · 📍 {h.place} · 🗓 {h.period} · similarity **{h.similarity:.3f}** · `{h.identifier}`\n\n"
        f"{h.summary}\n\n"
        f"<small>🏛 {h.collection} · ⚖️ {h.rights} · tags: {', '.join(h.tags)}{matched}</small>"
    )


def render_markdown(resp: ArchiveResponse) -> str:
    """The whole answer for the UI: status line, the message (if any), then the cards."""
    parts = [render_status_markdown(resp)]
    if resp.message:
        parts.append("> " + resp.message.replace("\n", "\n> "))
    if resp.not_understood:
        parts.append(f"❓ {NOT_UNDERSTOOD}: " + ", ".join(f"*{_cell(w)}*" for w in resp.not_understood))
    if resp.relaxed:
        parts.append(f"↩️ {RELAXED}: **{_cell(_relaxed(resp))}**")
    parts.extend(render_card_markdown(h, rank=n) for n, h in enumerate(resp.archives, 1))
    if resp.nearest:
        parts.append(f"### {NEAREST_HEADING}")
        parts.extend(render_card_markdown(h, rank=n, not_matching=True) for n, h in enumerate(resp.nearest, 1))
    return "\n\n".join(parts)


def render_attempts_markdown(resp: ArchiveResponse) -> str:
    """The attempts as a Markdown table for the UI."""
    if not resp.attempts:
        return f"intent **{resp.intent}**: no search ran."
    rows = ["| # | strategy | query | filters | items | best | verdict | note |", "|---|---|---|---|---|---|---|---|"]
    for n, a in enumerate(resp.attempts, 1):
        best = f"{a.best_similarity:.3f}" if a.best_similarity is not None else "–"
        rows.append(
            f"| {n} | {a.strategy} | {_cell(a.query)} | {_cell(a.constraints)} | {a.count} | {best} "
            f"| {a.verdict} | {_cell(a.note or '')} |"
        )
    return f"intent **{resp.intent}**\n\n" + "\n".join(rows)


def similar_choices(resp: ArchiveResponse) -> list[tuple[str, str]]:
    """(label, identifier) for every item shown, results then nearest: the "more like this" picker."""
    shown = [(h, "") for h in resp.archives] + [(h, f" ({NOT_MATCHING})") for h in resp.nearest]
    return [(f"{h.title} · {h.media_type} · {h.identifier}{note}", h.identifier) for h, note in shown]
