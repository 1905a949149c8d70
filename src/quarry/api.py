"""FastAPI app: every registered app's routes, one error renderer, and the Gradio UI mounted at /."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from quarry.apps import APPS
from quarry.errors import QuarryError

_log = logging.getLogger(__name__)


def create_app(*, with_ui: bool = True) -> FastAPI:
    """Build the ASGI app (uvicorn factory)."""
    from quarry.setup import migrate_all
    from quarry.telemetry import setup_tracing

    setup_tracing()
    migrate_all()
    api = FastAPI(title="Quarry", version="0.1.0", description="Agentic search over real databases.")

    @api.exception_handler(QuarryError)
    async def quarry_error(_: Request, exc: QuarryError) -> JSONResponse:
        return JSONResponse(status_code=exc.status_code, content={"error": type(exc).__name__, "detail": exc.message})

    @api.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        reasons = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()]
        return JSONResponse(status_code=422, content={"error": "BadInput", "detail": "; ".join(reasons)})

    @api.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    for spec in APPS:
        api.include_router(spec.load("router"))
    if with_ui:
        import gradio as gr

        from quarry.ui import build_ui

        api = gr.mount_gradio_app(api, build_ui(), path="/")
    return api
