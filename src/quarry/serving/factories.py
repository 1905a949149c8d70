"""The uvicorn factories of `quarry serve`: the app of `quarry.api`, made safe to serve.

Each runs in every worker process when uvicorn loads the app, so this is where a worker
arms its parent-death guard, and where the body deadline wraps the whole app (the Gradio
UI's uploads included).
"""

from __future__ import annotations

from starlette.types import ASGIApp

from quarry.serving.body_timeout import BodyTimeout
from quarry.serving.parent_death import exit_with_parent


def _served(with_ui: bool) -> ASGIApp:
    exit_with_parent()  # first: loading the app takes seconds, and the parent may die meanwhile
    from quarry.api import create_app as create_quarry_app
    from quarry.settings import get_settings

    return BodyTimeout(create_quarry_app(with_ui=with_ui), timeout_s=get_settings().body_timeout_s)


def create_app() -> ASGIApp:
    """FastAPI and the Gradio UI (`quarry serve`)."""
    return _served(with_ui=True)


def create_api_app() -> ASGIApp:
    """The HTTP API alone (`quarry serve --no-ui`, any number of workers)."""
    return _served(with_ui=False)
