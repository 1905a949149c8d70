"""The Gradio page mounted at "/": one tab per app.

To add an app, give it a `quarry.apps.<app>.ui.<app>_tab() -> None` builder and list it in
`_tabs()` (the `labs` app is picked up automatically once its module exists).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import gradio as gr

from quarry.apps.comps.ui import comps_tab

_log = logging.getLogger(__name__)

TabBuilder = Callable[[], None]

INTRO = (
    "## Quarry\n"
    "Agentic search over real databases. Ask in plain words; every step the agent takes "
    "(SQL counts, relax/tighten decisions, structured vs hybrid retrieval) is shown in the trace."
)

# `mount_gradio_app` (in quarry.api) owns the page-level `css=`; this style sheet rides in the
# document head through an invisible gr.HTML so the UI module stays self-contained.
CSS = """
#comps-trace table { width: 100%; font-size: 0.85em; }
#comps-trace th, #comps-trace td { white-space: nowrap; padding: 4px 8px; }
#comps-trace td:last-child { white-space: normal; min-width: 28em; }
#comps-summary h3 { margin-top: 0; }
"""


def _tabs() -> tuple[tuple[str, TabBuilder], ...]:
    """(title, builder) for every app with a UI, in tab order."""
    tabs: list[tuple[str, TabBuilder]] = [("HDB comps", comps_tab)]
    try:
        from quarry.apps.labs.ui import labs_tab
    except ImportError as exc:
        if getattr(exc, "name", None) not in ("quarry.apps.labs.ui", "quarry.apps.labs"):
            _log.warning("labs tab skipped: %s", exc)  # the module exists but is broken
    else:
        tabs.append(("Labs", labs_tab))
    return tuple(tabs)


TABS: tuple[tuple[str, TabBuilder], ...] = _tabs()


def build_ui() -> gr.Blocks:
    """The whole page; `quarry.api.create_app` mounts it at "/"."""
    with gr.Blocks(title="Quarry", fill_width=True) as demo:
        gr.HTML("", head=f"<style>{CSS}</style>", visible="hidden", container=False)
        gr.Markdown(INTRO)
        with gr.Tabs():
            for title, builder in TABS:
                with gr.Tab(title, elem_id=f"tab-{title.lower().replace(' ', '-')}"):
                    builder()
    return demo
