"""Text and JSON renderings of a shop turn (renderers never compute)."""

from __future__ import annotations

import json

from .models import ShopTurn


def response_json(turn: ShopTurn) -> str:
    """The /chat response plus `trace` (the CLI's --json)."""
    body = turn.public().model_dump(mode="json")
    body["trace"] = [step.model_dump(mode="json", exclude_none=True) for step in turn.trace]
    return json.dumps(body, ensure_ascii=False, indent=2)


def render_text(turn: ShopTurn) -> str:
    """A short human-readable answer."""
    lines = [turn.message or ""]
    if turn.base_random_keys:
        lines.append("base: " + ", ".join(turn.base_random_keys))
    if turn.member_random_keys:
        lines.append("member: " + ", ".join(turn.member_random_keys))
    if turn.candidates:
        lines.append("candidates:")
        lines.extend(f"  {c.random_key}  {c.score:.2f}  {c.persian_name}" for c in turn.candidates)
    return "\n".join(line for line in lines if line)


def trace_rows(turn: ShopTurn) -> list[list[str]]:
    """The trace as table rows (step, action, model, ms, detail) for the UI."""
    rows: list[list[str]] = []
    for s in turn.trace:
        detail = getattr(s, "args", None) or s.reason or ""
        rows.append([s.step, s.action or "", s.model or "", f"{s.ms:.0f}", str(detail)])
    return rows


def candidate_rows(turn: ShopTurn) -> list[list[str]]:
    return [[c.random_key, c.persian_name, c.english_name, f"{c.score:.2f}"] for c in turn.candidates]
