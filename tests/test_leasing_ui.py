"""The leasing tab without a browser: it builds, and its handlers drive real turns (cards, holds,
release, thumbs, uploads) through the orchestrator and show errors as messages, not tracebacks."""

from __future__ import annotations

import asyncio
from pathlib import Path

import gradio as gr

from quarry.apps.leasing.ui import EXAMPLES, ask, leasing_tab, release, thumbs_up, upload, upload_lease_file
from quarry.auth.keys import create_key
from quarry.db import Database


def test_the_tab_builds() -> None:
    with gr.Blocks() as demo:
        leasing_tab()
    ids = {getattr(b, "elem_id", None) for b in demo.blocks.values()}
    assert {"leasing-text", "leasing-send", "leasing-cards", "leasing-holds", "leasing-trace"} <= ids
    assert len(EXAMPLES) >= 5


def test_handlers_run_turns_book_and_release(leasing_db: Database) -> None:
    answer, _, trace, raw, session, run_id = asyncio.run(ask(EXAMPLES[0], None, None))
    assert "Matches" in answer and "Tours" in answer and raw["route"] == "VIA/needs" and session and run_id
    assert "route" in trace
    booked = asyncio.run(ask("book tour 1", session, None))
    assert "hold" in booked[1] and "active" in booked[1]
    hold_id = booked[3]["holds"][0]["hold_id"]
    freed = asyncio.run(release(hold_id, session, None))
    assert "released" in freed[1]
    assert asyncio.run(thumbs_up(run_id, session)) == "Thanks — feedback stored."


def test_errors_are_messages(leasing_db: Database, tmp_path: Path) -> None:
    out = asyncio.run(ask("   ", None, None))
    assert "visible character" in out[0].lower()
    bad = tmp_path / "units.csv"
    bad.write_text("Unit ID,Rent\nU-1,$5\n")
    # Data changes are the staff console's: without a signed-in staff key nothing is read or stored.
    assert "sign in" in asyncio.run(upload([str(bad)])).lower()
    assert "sign in" in asyncio.run(upload_lease_file(str(bad), "T-001")).lower()
    staff = gr.Request(username=create_key(leasing_db, "staff", name="ui test")[0].id)
    assert "missing columns" in asyncio.run(upload([str(bad)], False, staff))
    assert "tenant id" in asyncio.run(upload_lease_file(str(bad), "nobody", staff)).lower()
    tenant = gr.Request(username=create_key(leasing_db, "tenant", tenant_id="T-001", name="ui test")[0].id)
    assert "may not change data" in asyncio.run(upload([str(bad)], False, tenant))
