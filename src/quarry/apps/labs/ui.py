"""The labs tab: question → SQL, explanation, a chart when the result has one, the result table and
the tool-call log.

The UI never computes: it calls `orchestrator.run` and shows the `LabsResponse`.
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from quarry.uikit import Failure, error_markdown, safe_call, ui_turn

from .chart import plot_result
from .models import LabsResponse
from .render import pretty_sql

EXAMPLES: tuple[str, ...] = (
    "Покажи все мои результаты витамина Д за последний год",
    "average cholesterol by year for patient Ivanova",
    "¿cuántos pacientes tienen la glucosa por encima de lo normal?",
    "Скільки аналізів на феритин за останні 6 місяців?",
    "latest HbA1c for each patient older than 60",
    "средний гемоглобин по лабораториям",
)
LOG_HEADERS = ["iteration", "tool", "params", "results", "ms"]

Outputs = tuple[Any, Any, Any, Any, Any, Any]


def _log_rows(resp: LabsResponse) -> list[list[Any]]:
    rows = []
    for call in resp.tool_calls:
        params = "; ".join(f"{k}={v}" for k, v in call.params.items())
        rows.append(
            [
                call.iteration,
                call.tool,
                params[:400],
                "rejected" if not call.ok else ("" if call.result_count is None else call.result_count),
                call.ms,
            ]
        )
    return rows


def _status(resp: LabsResponse) -> str:
    if resp.status == "error":
        return f"**Error:** {resp.error}"
    if resp.status == "refused":  # nothing ran: the reason is the whole answer
        return f"**Refused** (`{resp.reason_code}`): {resp.explanation}"
    bits = [f"{resp.iterations} iteration(s)", f"model `{resp.model}`"]
    if resp.row_count is not None:
        bits.append(f"{resp.row_count} row(s){' (first rows only)' if resp.truncated else ''}")
    if resp.forced_completion:
        bits.append("forced completion")
    if resp.fallback:
        bits.append("fallback: " + "; ".join(resp.fallback)[:200])
    return (resp.explanation or "") + "\n\n" + " · ".join(bits)


async def ask(question: str, execute: bool, key: str | None = None, request: gr.Request | None = None) -> Outputs:
    """One question → (sql, summary, chart, table, tool log, raw JSON), through the HTTP route's door:
    a key is needed, whose rows come back follows from it, rate limited alike."""
    from .spec import SPEC

    turn = ui_turn(SPEC, {"question": question, "execute": bool(execute)}, key, request)
    resp = await safe_call(turn, app="labs")
    if isinstance(resp, Failure):
        return "", error_markdown(resp.message), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    table = {
        "headers": resp.columns or ["(no rows)"],
        "data": [[row.get(c) for c in resp.columns] for row in (resp.rows or [])],
    }
    figure = plot_result(resp.columns or [], resp.rows or [])
    return (
        pretty_sql(resp.sql),
        _status(resp),
        gr.update(value=figure, visible=figure is not None),
        table,
        {"headers": LOG_HEADERS, "data": _log_rows(resp)},
        resp.model_dump(mode="json", exclude={"rows"}),
    )


def labs_tab(key: gr.Textbox | None = None) -> None:
    """Build the labs tab; call inside a `with gr.Tab(...)` block."""
    with gr.Row(equal_height=True):
        question = gr.Textbox(
            label="Question (any language)",
            placeholder=EXAMPLES[0],
            lines=1,
            max_lines=3,
            scale=8,
            elem_id="labs-question",
            autofocus=True,
        )
        execute = gr.Checkbox(value=True, label="Run the query", scale=1, elem_id="labs-execute")
        send = gr.Button("Generate SQL", variant="primary", scale=1, min_width=120, elem_id="labs-send")
    gr.Examples(examples=[[e] for e in EXAMPLES], inputs=[question], label="Try one")
    summary = gr.Markdown("", elem_id="labs-summary", container=True, padding=True)
    sql = gr.Code(label="Validated SQL (read-only)", language="sql", interactive=False, elem_id="labs-sql")
    chart = gr.Plot(label="Chart of the result", elem_id="labs-chart", format="png", visible=False)
    table = gr.Dataframe(
        value={"headers": ["(no rows)"], "data": []},
        label="Result",
        interactive=False,
        wrap=True,
        max_height=420,
        elem_id="labs-results",
    )
    with gr.Accordion("Tool-call log", open=True, elem_id="labs-log-panel"):
        log = gr.Dataframe(value={"headers": LOG_HEADERS, "data": []}, interactive=False, wrap=True, elem_id="labs-log")
        raw = gr.JSON(label="Full response (without rows)", open=False, elem_id="labs-json")
    outputs = [sql, summary, chart, table, log, raw]
    key_box = key if key is not None else gr.Textbox(visible=False)
    send.click(ask, inputs=[question, execute, key_box], outputs=outputs, api_name="labs_generate")
    question.submit(ask, inputs=[question, execute, key_box], outputs=outputs, api_visibility="private")
