"""Fast tests of the UI renderers and of the page construction (no database, no browser)."""

from __future__ import annotations

import asyncio

import gradio as gr
import pytest
from matplotlib.figure import Figure

from quarry.agent import DecisionStep, PlanStep, RetrievalStep, SqlStep
from quarry.apps.comps import ui as comps_ui
from quarry.apps.comps.models import CompRow, CompsResponse, Stats, Target
from quarry.apps.comps.render import (
    EMPTY_SUMMARY,
    EMPTY_TRACE,
    TABLE_COLUMNS,
    chat_reply,
    display_rows,
    stats_line,
    trace_markdown,
)
from quarry.errors import BadInput
from quarry.uikit import error_markdown


def _row(price: int = 612_000, score: float = 0.123456) -> CompRow:
    return CompRow(
        month="2025-03",
        town="SENGKANG",
        flat_type="4 ROOM",
        block="123A",
        street_name="COMPASSVALE RD",
        storey_range="07 TO 09",
        floor_area_sqm=95.0,
        flat_model="Model A",
        remaining_lease="85 years 02 months",
        resale_price=price,
        score=score,
    )


def _accept(note: str | None = None) -> CompsResponse:
    return CompsResponse(
        action="accept",
        note=note,
        session_id="sid-1",
        target=Target(town="SENGKANG", flat_type="4 ROOM"),
        count=42,
        stats=Stats(count=42, median=612000, p25=580000, p75=650000, min=500000, max=720000),
        results=[_row(), _row(655_500, 1.5)],
        trace=[
            PlanStep(step="target", action="plan", model="offline"),
            SqlStep(step="count", action="execute", count=42, retrieval_mode="structured"),
            DecisionStep(step="planner", action="accept", count=42, reason="42 comps is enough"),
            RetrievalStep(
                step="fetch",
                action="execute",
                retrieval_mode="hybrid",
                reason="Hybrid retrieval: vector + BM25 rank within filtered pool",
            ),
        ],
        prices=[500000, 580000, 612000, 650000, 720000],
    )


def _clarify() -> CompsResponse:
    return CompsResponse(
        action="clarify",
        question="Which town?",
        session_id="sid-2",
        target=Target(flat_type="4 ROOM"),
    )


def test_stats_line_formats_money() -> None:
    line = stats_line(_accept())
    assert line.startswith("42 comps · median $612,000")
    assert "IQR $580,000 – $650,000" in line
    assert "range $500,000 – $720,000" in line


def test_chat_reply_accept_has_summary_and_note() -> None:
    reply = chat_reply(_accept(note="Only a few comps."))
    assert "42 comps · median $612,000" in reply
    assert reply.endswith("Only a few comps.")


def test_chat_reply_clarify_is_the_question() -> None:
    assert chat_reply(_clarify()) == "Which town?"


def test_chat_reply_too_broad_includes_question() -> None:
    resp = _accept().model_copy(update={"action": "too_broad", "question": "Add a street."})
    assert chat_reply(resp).endswith("Add a street.")


def test_display_rows_are_readable_and_aligned() -> None:
    rows = display_rows(_accept())
    assert len(rows) == 2
    assert all(len(r) == len(TABLE_COLUMNS) for r in rows)
    first = dict(zip(TABLE_COLUMNS, rows[0], strict=True))
    assert first["town"] == "SENGKANG"
    assert first["resale_price"] == "$612,000"
    assert first["score"] == 0.123
    assert first["floor_area_sqm"] == 95.0


def test_error_markdown_is_the_message() -> None:
    assert error_markdown("The question is empty") == "⚠️ The question is empty"


def test_trace_markdown_bolds_hybrid_line() -> None:
    text = trace_markdown(_accept())
    assert "planner" in text
    assert "**Hybrid retrieval: vector + BM25" in text


def test_respond_renders_a_response(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    async def fake_run(query: str, *, session_id: str | None = None, strictness: float | None = None) -> CompsResponse:
        seen.update(query=query, session_id=session_id, strictness=strictness)
        return _accept()

    monkeypatch.setattr("quarry.apps.comps.orchestrator.run", fake_run)
    chat, box, sid, table, summary, plot, trace = asyncio.run(comps_ui.respond("4-room Sengkang", None, "sid-0", 0.7))
    assert seen == {"query": "4-room Sengkang", "session_id": "sid-0", "strictness": 0.7}
    assert [m["role"] for m in chat] == ["user", "assistant"]
    assert chat[0]["content"] == "4-room Sengkang"
    assert "42 comps" in chat[1]["content"]
    assert box == ""
    assert sid == "sid-1"
    assert table["headers"] == list(TABLE_COLUMNS)
    assert table["data"][0][1] == "SENGKANG"
    assert "42 comps" in summary
    assert isinstance(plot, Figure)
    assert "planner" in trace


def test_respond_clarify_keeps_session_and_clears_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    async def clarify(query: str, **_: object) -> CompsResponse:
        return _clarify()

    monkeypatch.setattr("quarry.apps.comps.orchestrator.run", clarify)
    chat, _, sid, table, _, plot, _ = asyncio.run(comps_ui.respond("4-room", [], None, 0.5))
    assert chat[-1] == {"role": "assistant", "content": "Which town?"}
    assert sid == "sid-2"
    assert table["data"] == []
    assert plot is None


def test_respond_shows_quarry_error_in_chat(monkeypatch: pytest.MonkeyPatch) -> None:
    async def boom(query: str, **_: object) -> CompsResponse:
        raise BadInput("The question is empty.")

    monkeypatch.setattr("quarry.apps.comps.orchestrator.run", boom)
    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    chat, box, sid, *_ = asyncio.run(comps_ui.respond("", history, "sid-9", 0.5))
    assert chat == [*history, {"role": "assistant", "content": "⚠️ The question is empty."}]
    assert box == gr.skip() and sid == gr.skip()  # nothing else changes


def test_respond_hides_unexpected_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    async def boom(query: str, **_: object) -> CompsResponse:
        raise RuntimeError("secret internals")

    monkeypatch.setattr("quarry.apps.comps.orchestrator.run", boom)
    chat, *_ = asyncio.run(comps_ui.respond("x", None, None, 0.5))
    assert "secret" not in chat[-1]["content"]
    assert "server log" in chat[-1]["content"]


def test_new_conversation_resets_everything() -> None:
    chat, box, sid, table, summary, plot, trace = comps_ui.new_conversation()
    assert (chat, box, sid, plot) == ([], "", None, None)
    assert table == {"headers": list(TABLE_COLUMNS), "data": []}
    assert (summary, trace) == (EMPTY_SUMMARY, EMPTY_TRACE)


def test_examples_include_the_pgvector_demos() -> None:
    assert len(comps_ui.EXAMPLES) == 5
    assert any("Compassvale" in e for e in comps_ui.EXAMPLES)
    assert any("premium apartment-ish" in e for e in comps_ui.EXAMPLES)


def test_build_ui_constructs_the_comps_tab() -> None:
    from quarry.apps import APPS
    from quarry.ui import build_ui

    assert APPS[0].title == "HDB comps"
    demo = build_ui()
    assert isinstance(demo, gr.Blocks)
    elem_ids = {getattr(b, "elem_id", None) for b in demo.blocks.values()}
    for wanted in (
        "comps-input",
        "comps-send",
        "comps-results",
        "comps-chart",
        "comps-trace",
        "comps-summary",
    ):
        assert wanted in elem_ids
