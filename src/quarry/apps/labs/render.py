"""Plain-text rendering of a LabsResponse for the CLI (no computation here)."""

from __future__ import annotations

from .models import LabsResponse

MAX_TEXT_ROWS = 20


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def pretty_sql(sql: str | None) -> str:
    """Multi-line SQL for people to read (the executed text stays as validated)."""
    if not sql:
        return ""
    import sqlglot

    try:
        return sqlglot.transpile(sql, read="postgres", write="postgres", pretty=True)[0]
    except sqlglot.errors.SqlglotError:
        return sql


def render_text(resp: LabsResponse) -> str:
    lines: list[str] = []
    if resp.status == "error":
        lines.append(f"error: {resp.error}")
    if resp.status == "refused":
        lines.append(f"refused ({resp.reason_code}):")
    if resp.sql:
        lines += ["SQL:", *("  " + line for line in pretty_sql(resp.sql).splitlines()), ""]
    if resp.explanation:
        lines += [resp.explanation, ""]
    if resp.rows is not None:
        lines.append(f"{resp.row_count} row(s){' (truncated)' if resp.truncated else ''}:")
        if resp.columns:
            lines.append("  " + " | ".join(resp.columns))
            for row in resp.rows[:MAX_TEXT_ROWS]:
                lines.append("  " + " | ".join(_cell(row.get(c)) for c in resp.columns))
            if len(resp.rows) > MAX_TEXT_ROWS:
                lines.append(f"  ... {len(resp.rows) - MAX_TEXT_ROWS} more")
        lines.append("")
    lines.append(
        f"{resp.iterations} iteration(s), model {resp.model}"
        f"{', forced completion' if resp.forced_completion else ''}{', timeout' if resp.timeout else ''}:"
    )
    for call in resp.tool_calls:
        params = ", ".join(f"{k}={v!r}" for k, v in call.params.items() if k != "explanation")
        count = "" if call.result_count is None else f" → {call.result_count}"
        lines.append(
            f"  [{call.iteration}] {call.tool}({params[:160]}){count} {call.ms:.0f} ms"
            f"{'' if call.ok else ' (rejected)'}"
        )
    if resp.fallback:
        lines.append("fallback: " + "; ".join(resp.fallback))
    return "\n".join(lines)
