"""The Gradio page mounted at "/": one tab per registered app (`quarry.apps.APPS`)."""

from __future__ import annotations

import inspect

import gradio as gr

from quarry.apps import APPS
from quarry.uploads import CACHE_SWEEP

INTRO = (
    "## Quarry\n"
    "Agentic search over real databases. Ask in plain words; every step the agent takes "
    "(SQL counts, decisions, tool calls, structured vs hybrid retrieval) is shown in the trace."
)


def build_ui() -> gr.Blocks:
    """The whole page; `quarry.api.create_app` mounts it at "/"."""
    # `mount_gradio_app` owns the page-level `css=`; the apps' style rules ride in the
    # document head through an invisible gr.HTML instead.
    css = "\n".join(spec.css for spec in APPS if spec.css)
    with gr.Blocks(title="Quarry", fill_width=True, delete_cache=CACHE_SWEEP) as demo:
        gr.HTML("", head=f"<style>{css}</style>", visible="hidden", container=False)
        gr.Markdown(INTRO)
        key = gr.Textbox(
            label="Your key (labs, and a tenant's lease, repairs and renewal; other tabs work without one)",
            type="password",
            max_lines=1,
            elem_id="quarry-key",
        )
        with gr.Tabs():
            for spec in APPS:
                with gr.Tab(spec.title, elem_id=f"tab-{spec.name}"):
                    build = spec.load("ui_tab")
                    # A tab that acts for someone declares `key`: its handlers send it with each turn.
                    build(key=key) if "key" in inspect.signature(build).parameters else build()
    return demo
