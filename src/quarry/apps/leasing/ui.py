"""The leasing tab: message → narrative, unit cards, tour proposals; holds (release), thumbs feedback,
CSV upload. The UI never computes: it calls `orchestrator.run` (and `actions`) and lays out the
`LeasingResponse` with `render.py`. The session id lives in a `gr.State` (per browser session)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

import gradio as gr

from quarry.auth.principal import Principal
from quarry.uikit import Failure, error_markdown, safe_call, staff_of, ui_turn
from quarry.uploads import discard_upload

from .models import LeasingResponse
from .render import render_holds_markdown, render_markdown, render_trace_markdown

EXAMPLES: tuple[str, ...] = (
    "Looking for ~1,800 sqft office in Midtown under $5k/month, pet-friendly, near transit, tour this Monday 6pm",
    "$40/sf/yr, about 800 sqft",
    "under $60/sf, 2,000 sf in Flatiron",
    "book tour 1",
    "Can I sublet under my lease?",
    "water leaking from the ceiling",
    "my lease ends in March, can we renew?",
)

Outputs = tuple[Any, Any, Any, Any, Any, Any]
"""(answer, holds, trace, raw JSON, session id, run id)."""


async def _show(call: Awaitable[LeasingResponse]) -> Outputs:
    resp = await safe_call(call, app="leasing")
    if isinstance(resp, Failure):
        return error_markdown(resp.message), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    holds = render_holds_markdown(resp) if resp.holds is not None else gr.skip()
    return (
        render_markdown(resp),
        holds,
        render_trace_markdown(resp),
        resp.model_dump(mode="json"),
        resp.session_id,
        resp.run_id,
    )


async def ask(
    text: str,
    session_id: str | None,
    tenant_id: str | None,
    key: str | None = None,
    request: gr.Request | None = None,
) -> Outputs:
    """One turn through the HTTP route's door; the session continues when `session_id` is set. A
    tenant's lease, repairs and renewal need their key (the tenant id box counts for staff only)."""
    from .spec import SPEC

    values = {"text": text, "session_id": session_id or None, "tenant_id": (tenant_id or "").strip() or None}
    return await _show(ui_turn(SPEC, values, key, request))


async def release(
    hold_id: float | None,
    session_id: str | None,
    tenant_id: str | None,
    key: str | None = None,
    request: gr.Request | None = None,
) -> Outputs:
    if not hold_id or not session_id:
        gr.Warning("Book a tour first, then give its hold number.")
        return gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
    return await ask(f"release hold {int(hold_id)}", session_id, tenant_id, key, request)


async def feedback(thumbs: int, run_id: int | None, session_id: str | None) -> str:
    from .actions import record_feedback

    if run_id is None:
        return "Ask something first."
    result = await safe_call(record_feedback(thumbs, run_id=run_id, session_id=session_id), app="leasing")
    return error_markdown(result.message) if isinstance(result, Failure) else "Thanks — feedback stored."


async def thumbs_up(run_id: int | None, session_id: str | None) -> str:
    return await feedback(1, run_id, session_id)


async def thumbs_down(run_id: int | None, session_id: str | None) -> str:
    return await feedback(-1, run_id, session_id)


async def upload_lease_file(file: str | None, tenant_id: str | None, request: gr.Request | None = None) -> str:
    """Staff console only: store a tenant's lease text (the uploaded file is deleted afterwards)."""
    try:
        return await _store_lease(file, tenant_id, request)
    finally:
        discard_upload(file)


async def _store_lease(file: str | None, tenant_id: str | None, request: gr.Request | None) -> str:
    from .actions import upload_lease

    staff = await safe_call(_staff(request), app="leasing")
    if isinstance(staff, Failure):
        return error_markdown(staff.message)
    if not file:
        return "Choose a lease text file."
    result = await safe_call(upload_lease(file, (tenant_id or "").strip()), app="leasing")
    if isinstance(result, Failure):
        return error_markdown(result.message)
    lease_id, chunks = result
    return f"Stored {lease_id} ({chunks} chunks); lease questions from {tenant_id} now read it."


async def upload(files: list[str] | None, replace: bool = False, request: gr.Request | None = None) -> str:
    """Staff console only: import units (and buildings) from CSV (the uploaded files are deleted afterwards)."""
    try:
        return await _import_inventory(files, replace, request)
    finally:
        discard_upload(*(files or []))


async def _import_inventory(files: list[str] | None, replace: bool, request: gr.Request | None) -> str:
    from .actions import upload_inventory

    staff = await safe_call(_staff(request), app="leasing")
    if isinstance(staff, Failure):
        return error_markdown(staff.message)
    if not files:
        return "Choose a units CSV (and optionally its buildings CSV)."
    units = next((f for f in files if "build" not in f.lower()), files[0])
    buildings = next((f for f in files if f != units), None)
    report = await safe_call(upload_inventory(units, buildings, replace=bool(replace)), app="leasing")
    return error_markdown(report.message) if isinstance(report, Failure) else report.summary()


async def _staff(request: gr.Request | None) -> Principal:
    """The signed-in staff principal, read off the event loop (a key lookup is a query)."""
    return await asyncio.to_thread(staff_of, request)


def leasing_tab(key: gr.Textbox | None = None) -> None:
    """Build the leasing tab; call inside a `with gr.Tab(...)` block."""
    session = gr.State(None)
    run_id = gr.State(None)
    with gr.Row(equal_height=True):
        text = gr.Textbox(
            label="Message", placeholder=EXAMPLES[0], lines=1, max_lines=4, scale=8, elem_id="leasing-text"
        )
        send = gr.Button("Send", variant="primary", scale=1, min_width=100, elem_id="leasing-send")
    tenant = gr.Textbox(
        label="Tenant id (staff keys only: a tenant's key speaks for its tenant)", placeholder="T-001", max_lines=1
    )
    gr.Examples(examples=[[e] for e in EXAMPLES], inputs=[text])
    answer = gr.Markdown("", elem_id="leasing-cards")
    with gr.Row():
        up = gr.Button("👍", size="sm", min_width=60)
        down = gr.Button("👎", size="sm", min_width=60)
        thanks = gr.Markdown("")
    with gr.Accordion("Holds", open=True):
        holds = gr.Markdown("No holds in this session.", elem_id="leasing-holds")
        with gr.Row():
            hold_no = gr.Number(label="Hold number", precision=0, scale=2)
            rel = gr.Button("Release hold", scale=1)
    with gr.Accordion("Trace", open=False):
        trace = gr.Markdown("", elem_id="leasing-trace")
    gr.Markdown("Importing units and storing leases: the staff console at [/admin](/admin).")
    raw = gr.JSON(label="Full response", open=False)

    key_box = key if key is not None else gr.Textbox(visible=False)
    outputs = [answer, holds, trace, raw, session, run_id]
    send.click(ask, inputs=[text, session, tenant, key_box], outputs=outputs, api_name="leasing_message")
    text.submit(ask, inputs=[text, session, tenant, key_box], outputs=outputs, api_visibility="private")
    rel.click(release, inputs=[hold_no, session, tenant, key_box], outputs=outputs, api_visibility="private")
    up.click(thumbs_up, inputs=[run_id, session], outputs=[thanks], api_visibility="private")
    down.click(thumbs_down, inputs=[run_id, session], outputs=[thanks], api_visibility="private")


def leasing_admin_tab() -> None:
    """The leasing tab of the staff console (/admin): unit and building import, lease upload."""
    with gr.Accordion("Import units / buildings CSV", open=True):
        files = gr.File(file_count="multiple", file_types=[".csv"], type="filepath")
        replace = gr.Checkbox(
            False, label="Replace: take over ids of other imports and delete this file's earlier units not in it"
        )
        up_btn = gr.Button("Import")
        up_out = gr.Markdown("")
    with gr.Accordion("Store a lease (text) for a tenant", open=True):
        tenant = gr.Textbox(label="Tenant id", placeholder="T-001", max_lines=1)
        lease_file = gr.File(file_count="single", file_types=[".txt"], type="filepath")
        lease_btn = gr.Button("Store lease")
        lease_out = gr.Markdown("")
    up_btn.click(upload, inputs=[files, replace], outputs=[up_out], api_visibility="private")
    lease_btn.click(upload_lease_file, inputs=[lease_file, tenant], outputs=[lease_out], api_visibility="private")
