"""Renderers of a `CompsResponse`: plain text for the CLI, markdown pieces for the UI. No computing."""

from __future__ import annotations

from quarry.agent.trace_render import trace_lines
from quarry.agent.trace_render import trace_markdown as core_trace_markdown

from .models import CompRow, CompsResponse, Stats

TABLE_COLUMNS = (
    "month", "town", "flat_type", "block", "street_name", "storey_range",
    "floor_area_sqm", "flat_model", "remaining_lease", "resale_price", "score",
)  # fmt: skip


def money(v: float | None) -> str:
    return "—" if v is None else f"${v:,.0f}"


def summary_markdown(resp: CompsResponse) -> str:
    s: Stats = resp.stats
    head = {
        "accept": "✅ Comp set found",
        "sparse": "⚠️ Few comps — broaden search",
        "too_broad": "🔎 Still too broad",
        "clarify": "❓ Need one more detail",
    }[resp.action]
    lines = [f"### {head}"]
    if resp.question:
        lines.append(f"**{resp.question}**")
    if resp.note:
        lines.append(resp.note)
    if resp.action != "clarify":
        lines.append(
            f"**{resp.count} comps** · median **{money(s.median)}** · IQR {money(s.p25)} – {money(s.p75)}"
            f" · range {money(s.min)} – {money(s.max)}"
        )
    lines.append(f"<small>session `{resp.session_id}`</small>")
    return "\n\n".join(lines)


def trace_markdown(resp: CompsResponse) -> str:
    return core_trace_markdown(resp.trace)


def table_rows(resp: CompsResponse) -> list[list[object]]:
    return [[getattr(r, c) for c in TABLE_COLUMNS] for r in resp.results]


def render_text(resp: CompsResponse) -> str:
    """What `quarry comps ask` prints without --json."""
    out = [summary_markdown(resp).replace("### ", "").replace("**", "").replace("<small>", "").replace("</small>", "")]
    if resp.results:
        out.append("")
        out.append(
            f"{'month':8} {'block':6} {'street':24} {'storey':9} {'sqm':>6} {'lease':20} {'price':>10} {'score':>6}"
        )
        for r in resp.results:
            out.append(
                f"{r.month:8} {r.block:6} {r.street_name[:24]:24} {r.storey_range:9} {r.floor_area_sqm:6.0f}"
                f" {r.remaining_lease[:20]:20} {r.resale_price:>10,.0f} {r.score:6.2f}"
            )
    out.append("")
    out.append("trace:")
    out.extend(trace_lines(resp.trace))
    return "\n".join(out)


# --- UI pieces (seed §6): pure formatting of a response, used by quarry.apps.comps.ui ---

EMPTY_SUMMARY = "### Comp set\n\nAsk for a flat on the left to see the median, IQR, range and count of its comps."
EMPTY_TRACE = "_No run yet: each agent step (planner, SQL counts, retrieval mode) appears here._"


def stats_line(resp: CompsResponse) -> str:
    """'42 comps · median $612,000 · IQR $580,000 – $650,000 · range $500,000 – $720,000'."""
    s = resp.stats
    return (
        f"{resp.count} comps · median {money(s.median)} · IQR {money(s.p25)} – {money(s.p75)}"
        f" · range {money(s.min)} – {money(s.max)}"
    )


def chat_reply(resp: CompsResponse) -> str:
    """The assistant's chat message: the clarifying question, or the one-line summary plus note."""
    if resp.action == "clarify":
        return resp.question or "Which town and flat type?"
    parts = [f"**{stats_line(resp)}**"]
    if resp.note:
        parts.append(resp.note)
    if resp.question:
        parts.append(resp.question)
    return "\n\n".join(parts)


def _display_cell(row: CompRow, column: str) -> object:
    if column == "resale_price":
        return money(row.resale_price)
    if column == "score":
        return round(row.score, 3)
    return getattr(row, column)


def display_rows(resp: CompsResponse) -> list[list[object]]:
    """`table_rows` made readable: price with thousands separators, score to 3 decimals."""
    return [[_display_cell(r, c) for c in TABLE_COLUMNS] for r in resp.results]
