"""Renderers of a trace, the same for every app: a Markdown table (UI) and text lines (CLI)."""

from __future__ import annotations

from collections.abc import Sequence

from quarry.agent.trace import DecisionStep, RetrievalStep, ToolStep, TraceStep


def step_decision(t: TraceStep) -> str:
    """'relax widen_sqm', 'accept', 'tool call'."""
    adjustment = t.adjustment if isinstance(t, DecisionStep) else None
    return " ".join(p for p in (t.action, adjustment) if p)


def step_details(t: TraceStep) -> str:
    """Everything else worth reading about a step, joined by '; '."""
    parts: list[str | None] = [t.filters_text, t.reason]
    if isinstance(t, RetrievalStep):
        parts += [
            f"embedding query: '{t.embedding_query}'" if t.embedding_query else None,
            f"BM25 query: '{t.lexical_query}'" if t.lexical_query else None,
            f"top-k {t.topk}" if t.topk else None,
        ]
    if isinstance(t, ToolStep):
        args = ", ".join(f"{k}={v!r}" for k, v in t.args.items())
        parts += [f"args: {args[:300]}" if args else None, None if t.ok else "failed"]
    return "; ".join(p for p in parts if p)


def trace_markdown(trace: Sequence[TraceStep]) -> str:
    """A Markdown table with one row per step, then the hybrid-retrieval reason if any."""
    rows = ["| # | step | decision | count | mode | model | ms | details |", "|---|---|---|---|---|---|---|---|"]
    for i, t in enumerate(trace, start=1):
        details = step_details(t).replace("|", "/")
        count = "" if t.count is None else t.count
        rows.append(
            f"| {i} | {t.step} | {step_decision(t)} | {count} | {t.retrieval_mode}"
            f" | {t.model or ''} | {t.ms:.0f} | {details} |"
        )
    hybrid = [t for t in trace if t.retrieval_mode == "hybrid"]
    if hybrid:
        rows.append("")
        rows.append(f"**{hybrid[-1].reason}**")
    return "\n".join(rows)


def trace_lines(trace: Sequence[TraceStep]) -> list[str]:
    """One line per step for terminals."""
    out = []
    for i, t in enumerate(trace, start=1):
        count = "" if t.count is None else t.count
        out.append(
            f"  {i}. {t.step:8} {step_decision(t):22} n={count:<6} {t.retrieval_mode:10}"
            f" {t.model or '':22} {t.ms:6.0f} ms  {t.reason or t.filters_text or ''}"
        )
    return out
