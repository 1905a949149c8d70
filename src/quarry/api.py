"""FastAPI app: every registered app's routes, one error renderer, and the Gradio UI mounted at /."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from quarry.apps import APPS
from quarry.bodylimit import BodyLimit
from quarry.db import get_database
from quarry.db.probe import ensure_database
from quarry.endpoints import turn_router
from quarry.errors import ErrorBody, QuarryError, Unauthorized, outage_in
from quarry.inputs import validation_message
from quarry.llm import provider_health
from quarry.logsafe import log_unexpected, redact_server_logs

MAX_BODY_BYTES = 8 * 1024 * 1024  # the largest legitimate body is a 5 MB image, base64-encoded

_log = logging.getLogger(__name__)


async def _retention_loop() -> None:
    """Prune audit and conversation rows past RETENTION_DAYS at start, then hourly."""
    from quarry.retention import PRUNE_EVERY_S, prune
    from quarry.settings import get_settings

    tables = [t for spec in APPS for t in spec.retained]
    while True:
        try:
            db = get_database()
            deleted = await db.run(prune, db, days=get_settings().retention_days, tables=tables)
            if any(deleted.values()):
                _log.info("retention: deleted %s", deleted)
        except QuarryError as exc:  # database away: the next round tries again
            _log.warning("retention skipped: %s", exc.message)
        await asyncio.sleep(PRUNE_EVERY_S)


def warm_up() -> dict[str, float]:
    """Run every app's `warm` hook; seconds per app. A failing hook is logged and skipped: a cold
    app still answers, only its first turn is slower."""
    from quarry.settings import get_settings

    settings, took = get_settings(), {}
    for spec in APPS:
        if not spec.warm:
            continue
        started = time.perf_counter()
        try:
            spec.load("warm")(get_database(settings), settings)
        except Exception as exc:  # any failure: the app is merely cold
            _log.warning("warm-up of %s skipped: %s", spec.name, type(exc).__name__)
            continue
        took[spec.name] = round(time.perf_counter() - started, 3)
    _log.info("warm-up: %s", ", ".join(f"{name} {s:.2f} s" for name, s in took.items()))
    return took


@asynccontextmanager
async def _lifespan(_: FastAPI) -> AsyncIterator[None]:
    from quarry.settings import get_settings

    tasks: list[asyncio.Task[Any]] = [asyncio.create_task(_retention_loop())]
    if get_settings().warm_up:
        tasks.append(asyncio.create_task(asyncio.to_thread(warm_up)))
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()


def create_app(*, with_ui: bool = True) -> FastAPI:
    """Build the ASGI app (uvicorn factory)."""
    from quarry.setup import migrate_all
    from quarry.telemetry import setup_tracing

    setup_tracing()
    redact_server_logs()
    migrate_all()
    api = FastAPI(
        title="Quarry", version="0.1.0", description="Agentic search over real databases.", lifespan=_lifespan
    )

    @api.exception_handler(QuarryError)
    async def quarry_error(_: Request, exc: QuarryError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after_s)))} if exc.retry_after_s else {}
        if isinstance(exc, Unauthorized):
            headers["WWW-Authenticate"] = "Bearer"
        return JSONResponse(
            status_code=exc.status_code,
            content={"error": type(exc).__name__, "detail": exc.message},
            headers=headers,
        )

    @api.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        reasons = [f"{'.'.join(str(p) for p in e['loc'])}: {validation_message(e)}" for e in exc.errors()]
        return JSONResponse(status_code=422, content={"error": "BadInput", "detail": "; ".join(reasons)})

    @api.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # 404/405 and FastAPI's own 400 for an unparsable body, in the same shape as every error.
        names = {400: "BadInput", 404: "NotFound", 405: "MethodNotAllowed"}
        return JSONResponse(
            status_code=exc.status_code,
            content={"error": names.get(exc.status_code, "HTTPError"), "detail": str(exc.detail)},
            headers=getattr(exc, "headers", None),
        )

    @api.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        outage = outage_in(exc)
        if outage is not None:  # wrapped on its way up (a task group, a library): still a 503
            return await quarry_error(request, outage)
        # No traceback or user text in the response; the log has the type for operators.
        log_unexpected(_log, f"{request.method} {request.url.path}", exc)
        return JSONResponse(
            status_code=500, content={"error": "InternalError", "detail": "Something went wrong on our side."}
        )

    @api.get("/healthz", responses={503: {"model": ErrorBody, "description": "The database is unreachable."}})
    async def healthz() -> dict[str, Any]:
        """Ok only when the database answers (a load balancer takes this instance out otherwise). Any
        failure of the probe is an unhealthy database (503), never an error of ours: mid-crash a
        server can fail in ways the connection layer does not classify as lost. With a remote
        provider configured, `llm` says whether it or the offline model answers (its breaker):
        a provider outage leaves the instance healthy, since the offline models still answer."""
        await ensure_database()
        from quarry.settings import get_settings

        llm = provider_health(get_settings())
        return {"status": "ok", "database": "ok"} | ({"llm": llm.model_dump()} if llm else {})

    for spec in APPS:
        if spec.conversation is not None:
            api.include_router(turn_router(spec))
        if spec.router:
            api.include_router(spec.load("router"))
    if with_ui:
        from quarry.errorshape import UniformErrors, reserve_api_paths
        from quarry.settings import get_settings

        reserve_api_paths(api)  # before the UI's catch-all mount at "/"
        from quarry.uploads import prepare_uploads

        prepare_uploads(get_settings().state_dir)  # before Gradio reads its temp folder
        import gradio as gr

        from quarry.admin_ui import LOGIN_MESSAGE, admin_login, build_admin
        from quarry.ui import build_ui

        # The console first: "/" would take every path below it.
        api = gr.mount_gradio_app(
            api,
            build_admin(),
            path="/admin",
            auth=admin_login,
            auth_message=LOGIN_MESSAGE,
            max_file_size=MAX_BODY_BYTES,
        )
        api = gr.mount_gradio_app(api, build_ui(), path="/", max_file_size=MAX_BODY_BYTES)
        api.add_middleware(UniformErrors)
    api.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES)
    return api


def create_api_app() -> FastAPI:
    """The HTTP API without the UI (uvicorn factory of `quarry serve --no-ui`, any number of workers)."""
    return create_app(with_ui=False)
