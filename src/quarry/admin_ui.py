"""The staff console, mounted at /admin: every data change the UI offers (imports, uploads).

It is a Gradio app of its own behind Gradio's login, and the public page at "/" registers none
of its functions, so an anonymous visitor cannot call them even through `/gradio_api/queue/join`.
Sign in with a staff or admin key: user name = the key's id, password = the key. Each handler
checks the signed-in key again (a revoked key stops at its next click).
"""

from __future__ import annotations

import gradio as gr

from quarry.apps import APPS
from quarry.uploads import CACHE_SWEEP

LOGIN_MESSAGE = "Staff console: user name = your key's id (qk_<id>_…), password = the whole key (staff or admin)."


def admin_login(username: str, password: str) -> bool:
    """Gradio's login check: an active staff or admin key whose id is the user name."""
    from quarry.auth.keys import resolve_key
    from quarry.db import get_database

    principal = resolve_key(get_database(), password or "")
    return principal is not None and principal.id == (username or "").strip() and principal.may_change_data()


def build_admin() -> gr.Blocks:
    with gr.Blocks(title="Quarry staff console", fill_width=True, delete_cache=CACHE_SWEEP) as console:
        gr.Markdown("## Quarry staff console\nData changes of every app. Each one is recorded with your key's id.")
        with gr.Tabs():
            for spec in APPS:
                if spec.admin_tab:
                    with gr.Tab(spec.title, elem_id=f"admin-{spec.name}"):
                        spec.load("admin_tab")()
    return console
