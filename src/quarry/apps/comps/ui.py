"""The comps tab (seed §6): chat, results table + summary card, price histogram, agent trace.

The UI never computes: each turn calls `orchestrator.run(...)` and renders the `CompsResponse`
with the pure renderers in `render` and `chart`.
"""

from __future__ import annotations

from typing import Any

import gradio as gr
from matplotlib.figure import Figure

from quarry.uikit import Failure, door_and_turn, error_markdown, safe_call

from .chart import chart_title, plot_price_hist
from .models import CompsResponse
from .render import (
    EMPTY_SUMMARY,
    EMPTY_TRACE,
    TABLE_COLUMNS,
    chat_reply,
    display_rows,
    summary_markdown,
    trace_markdown,
)

EXAMPLES: tuple[str, ...] = (
    "Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months",
    "3-room, max 80 sqm, high floor, last 6 months",
    "5rm tampines under 700k last 2 years",
    # pgvector demos: a street hint and a hedged flat model trigger hybrid retrieval
    "Find comps for 4-room near Compassvale, ~95 sqm, last 12 months",
    "Sengkang 4-room, premium apartment-ish, mid floor, long lease",
)
DEFAULT_STRICTNESS = 0.5

ChatHistory = list[dict[str, Any]]
TurnOutputs = tuple[ChatHistory, Any, Any, Any, Any, Any, Any]


def _table(rows: list[list[object]]) -> dict[str, Any]:
    return {"headers": list(TABLE_COLUMNS), "data": rows}


def _chart(resp: CompsResponse) -> Figure | None:
    if resp.action == "clarify":
        return None
    town = resp.filters.town or resp.target.town
    flat_type = resp.filters.flat_type or resp.target.flat_type
    title = chart_title(town, flat_type, resp.months_back, resp.count)
    return plot_price_hist(resp.prices, resp.stats, title)


async def respond(
    message: str,
    history: ChatHistory | None,
    session_id: str | None,
    strictness: float,
    request: gr.Request | None = None,
) -> TurnOutputs:
    """One chat turn → (chat, textbox, session, table, summary, chart, trace)."""
    from .orchestrator import run  # lazy: building the UI must not need the database

    chat: ChatHistory = list(history or [])
    if (message or "").strip():
        chat.append({"role": "user", "content": message})
    from .spec import SPEC

    turn = door_and_turn(SPEC, request, lambda: run(message, session_id=session_id, strictness=strictness))
    resp = await safe_call(turn, app="comps")
    if isinstance(resp, Failure):
        chat.append({"role": "assistant", "content": error_markdown(resp.message)})
        return chat, gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    chat.append({"role": "assistant", "content": chat_reply(resp)})
    return (
        chat,
        "",
        resp.session_id,
        _table(display_rows(resp)),
        summary_markdown(resp),
        _chart(resp),
        trace_markdown(resp),
    )


def new_conversation() -> TurnOutputs:
    """Forget the session: the next turn starts a fresh conversation (new session id)."""
    return [], "", None, _table([]), EMPTY_SUMMARY, None, EMPTY_TRACE


def comps_tab() -> None:
    """Build the comps tab; call inside a `with gr.Tab(...)` block."""
    session = gr.State(None)
    with gr.Row(equal_height=False):
        with gr.Column(scale=5, min_width=360):
            chat = gr.Chatbot(
                label="Comps assistant",
                height=340,
                elem_id="comps-chat",
                placeholder="Describe a flat: town, type, size, floor, lease, time window, budget.",
                feedback_options=None,
                buttons=["copy"],
            )
            with gr.Row(equal_height=True):
                box = gr.Textbox(
                    placeholder="e.g. 4-room in Sengkang, ~95 sqm, mid floor, last 12 months",
                    show_label=False,
                    lines=1,
                    max_lines=4,
                    scale=8,
                    elem_id="comps-input",
                    autofocus=True,
                )
                send = gr.Button("Send", variant="primary", scale=1, min_width=90, elem_id="comps-send")
            with gr.Row(equal_height=True):
                strictness = gr.Slider(
                    0, 1, value=DEFAULT_STRICTNESS, step=0.05, label="Strictness",
                    info="0 = relax constraints freely to find comps · 1 = keep them tight",
                    scale=4, elem_id="comps-strictness",
                )  # fmt: skip
                reset = gr.Button("New conversation", variant="secondary", size="md", scale=1,
                                  min_width=140, elem_id="comps-new")  # fmt: skip
            gr.Examples(examples=[[e] for e in EXAMPLES], inputs=[box], label="Try one")
        with gr.Column(scale=6, min_width=420):
            summary = gr.Markdown(EMPTY_SUMMARY, elem_id="comps-summary", container=True, padding=True)
            plot = gr.Plot(label="Price distribution", elem_id="comps-chart", format="png")
    table = gr.Dataframe(
        headers=list(TABLE_COLUMNS),
        value=_table([]),
        label="Comparable sales (closest first)",
        interactive=False,
        wrap=True,
        max_height=420,
        elem_id="comps-results",
    )
    with gr.Accordion("Agent trace", open=True, elem_id="comps-trace-panel"):
        trace = gr.Markdown(EMPTY_TRACE, elem_id="comps-trace")

    outputs = [chat, box, session, table, summary, plot, trace]
    inputs = [box, chat, session, strictness]
    send.click(respond, inputs=inputs, outputs=outputs, api_name="comps_turn")
    box.submit(respond, inputs=inputs, outputs=outputs, api_visibility="private")
    reset.click(new_conversation, inputs=None, outputs=outputs, api_visibility="private")
