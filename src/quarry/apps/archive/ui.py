"""The archive tab: message → result cards (or the reply), the attempts and the raw response.

The UI never computes: it calls `orchestrator.run` and shows the `ArchiveResponse`.
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from quarry.uikit import Failure, error_markdown, safe_call

from .render import render_attempts_markdown, render_markdown

QUICK_SEARCHES: tuple[str, ...] = (
    "show me videos about wayang kulit performances",
    "Kelantan batik",
    "kain songket",
    "old photographs of George Town shophouses",
    "rakaman dondang sayang",
    "oral history interviews with tin miners",
)

Outputs = tuple[Any, Any, Any, Any]


async def ask(message: str, thread_id: str | None) -> Outputs:
    """One turn → (cards, attempts, raw JSON, thread id)."""
    from .orchestrator import run  # lazy: building the UI must not need the database

    resp = await safe_call(run(message, thread_id=thread_id or None), app="archive")
    if isinstance(resp, Failure):
        return error_markdown(resp.message), gr.skip(), gr.skip(), gr.skip()
    return render_markdown(resp), render_attempts_markdown(resp), resp.model_dump(mode="json"), resp.thread_id


def archive_tab() -> None:
    """Build the archive tab; call inside a `with gr.Tab(...)` block."""
    thread = gr.State(None)
    with gr.Row(equal_height=True):
        message = gr.Textbox(
            label="Search the heritage archive (English or Malay)",
            placeholder=QUICK_SEARCHES[0],
            lines=1,
            max_lines=3,
            scale=8,
            elem_id="archive-message",
        )
        send = gr.Button("Search", variant="primary", scale=1, min_width=120, elem_id="archive-send")
    gr.Examples(examples=[[q] for q in QUICK_SEARCHES], inputs=[message], label="Quick searches")
    attempts = gr.Markdown("", elem_id="archive-trace")
    cards = gr.Markdown("", elem_id="archive-results")
    raw = gr.JSON(label="Full response", open=False, elem_id="archive-json")
    outputs = [cards, attempts, raw, thread]
    send.click(ask, inputs=[message, thread], outputs=outputs, api_name="archive_search")
    message.submit(ask, inputs=[message, thread], outputs=outputs, api_visibility="private")
