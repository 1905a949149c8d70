"""The archive tab: message → result cards (or the reply), the attempts and the raw response.

The UI never computes: it calls `orchestrator.run` (or `orchestrator.more_like_this`, which
seeds a new turn from an item and goes through the same `run`) and shows the `ArchiveResponse`
with the renderers of `render.py`. The thread id lives in a `gr.State`, i.e. per browser
session: follow-ups ("only videos", "older ones?") continue the thread until "New thread".
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import gradio as gr

from quarry.uikit import Failure, door_and_turn, error_markdown, safe_call

from .models import ArchiveResponse
from .render import render_attempts_markdown, render_markdown, similar_choices

QUICK_SEARCHES: tuple[str, ...] = (
    "show me videos about wayang kulit performances",
    "Kelantan batik",
    "kain songket",
    "old photographs of George Town shophouses",
    "rakaman dondang sayang",
    "oral history interviews with tin miners",
)
"""The quick-search buttons (the issue's and the seed's example prompts)."""
PICK_LABEL = "More like this: pick any item shown"

Outputs = tuple[Any, Any, Any, Any, Any, Any]
"""(answer markdown, attempts markdown, raw JSON, thread id, "more like this" picker, thread line)."""


def _thread_line(thread_id: str | None) -> str:
    return f"<small>thread `{thread_id}` · follow-ups continue it</small>" if thread_id else "<small>new thread</small>"


async def _show(call: Awaitable[ArchiveResponse]) -> Outputs:
    resp = await safe_call(call, app="archive")
    if isinstance(resp, Failure):
        return error_markdown(resp.message), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    return (
        render_markdown(resp),
        render_attempts_markdown(resp),
        resp.model_dump(mode="json"),
        resp.thread_id,
        gr.Dropdown(choices=similar_choices(resp), value=None, interactive=bool(resp.archives or resp.nearest)),
        _thread_line(resp.thread_id),
    )


async def ask(message: str, thread_id: str | None, request: gr.Request | None = None) -> Outputs:
    """One turn → the outputs; the thread continues when `thread_id` is set."""
    from .orchestrator import run  # lazy: building the UI must not need the database
    from .spec import SPEC

    return await _show(door_and_turn(SPEC, request, lambda: run(message, thread_id=thread_id or None)))


async def more_like_this(identifier: str | None, thread_id: str | None, request: gr.Request | None = None) -> Outputs:
    """A new search seeded with the picked item's title and tags, in the same thread."""
    if not identifier:
        gr.Warning("Pick an item first.")
        return gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    from .orchestrator import more_like_this as similar
    from .spec import SPEC

    return await _show(door_and_turn(SPEC, request, lambda: similar(identifier, thread_id=thread_id or None)))


def new_thread() -> Outputs:
    """Forget the thread: the next message starts a new conversation."""
    return "", "", None, None, gr.Dropdown(choices=[], value=None, interactive=False), _thread_line(None)


def archive_tab() -> None:
    """Build the archive tab; call inside a `with gr.Tab(...)` block."""
    thread = gr.State(None)  # per browser session
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
    with gr.Row(elem_id="archive-quick"):
        quick = [gr.Button(q, size="sm", variant="secondary") for q in QUICK_SEARCHES]
    with gr.Row():
        thread_line = gr.Markdown(_thread_line(None), elem_id="archive-thread")
        reset = gr.Button("New thread", size="sm", scale=0, min_width=110, elem_id="archive-new-thread")
    answer = gr.Markdown("", elem_id="archive-results")
    with gr.Row(equal_height=True):
        pick = gr.Dropdown(choices=[], value=None, label=PICK_LABEL, interactive=False, scale=8, elem_id="archive-pick")
        similar = gr.Button("More like this", scale=1, min_width=120, elem_id="archive-similar")
    with gr.Accordion("Attempts", open=True):
        attempts = gr.Markdown("", elem_id="archive-trace")
    raw = gr.JSON(label="Full response", open=False, elem_id="archive-json")

    outputs = [answer, attempts, raw, thread, pick, thread_line]
    send.click(ask, inputs=[message, thread], outputs=outputs, api_name="archive_search")
    message.submit(ask, inputs=[message, thread], outputs=outputs, api_visibility="private")
    for button in quick:
        # The button's value is its label: put it in the box, then search it like a typed message.
        button.click(lambda q: q, inputs=[button], outputs=[message], api_visibility="private").then(
            ask, inputs=[message, thread], outputs=outputs, api_visibility="private"
        )
    similar.click(more_like_this, inputs=[pick, thread], outputs=outputs, api_name="archive_more_like_this")
    reset.click(new_thread, outputs=outputs, api_visibility="private")
