"""Shared pieces of the Gradio tabs: one safe way to run a turn from the UI.

A tab awaits `safe_call(run(...), app=...)`: a `QuarryError` becomes its safe message, any
other exception is logged with its traceback and shown as one neutral sentence, and both
raise a toast. The tab renders a `Failure` however suits it; it never sees a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import gradio as gr

from quarry.appspec import AppSpec
from quarry.auth.principal import Principal
from quarry.caller import Caller, acting_as
from quarry.errors import Forbidden, QuarryError, Unauthorized
from quarry.logsafe import log_unexpected

_log = logging.getLogger(__name__)
T = TypeVar("T")
UNEXPECTED = "Something went wrong on our side (details are in the server log). Please try again."


@dataclass(frozen=True)
class Failure:
    """A turn that produced no response; `message` is safe to show."""

    message: str


async def safe_call(call: Awaitable[T], *, app: str) -> T | Failure:
    """Await one app turn for the UI: the response, or a `Failure` with a safe message."""
    try:
        return await call
    except QuarryError as exc:
        gr.Warning(exc.message)
        return Failure(exc.message)
    except Exception as exc:
        log_unexpected(_log, f"{app} UI turn", exc)
        gr.Warning(UNEXPECTED)
        return Failure(UNEXPECTED)


def ui_client(request: gr.Request | None) -> str | None:
    """The address a UI event came from (X-Forwarded-For only via TRUSTED_PROXIES), for rate limits.

    None when Gradio gives no request (a direct Python call), which is then not limited.
    """
    from quarry.clientip import client_address
    from quarry.settings import get_settings

    if request is None or request.client is None:
        return None
    forwarded = request.headers.get("x-forwarded-for") if request.headers else None
    return client_address(request.client.host, forwarded, get_settings().trusted_proxies)


async def ui_door(spec: AppSpec, request: gr.Request | None, key: str | None = None) -> Caller:
    """The UI's side of the door for tabs that call their orchestrator themselves: who is calling,
    whether they may, and one turn against the rate limit. Run the turn `with acting_as(caller)`."""
    from quarry.endpoints import admit, count_turn, principal_of
    from quarry.settings import get_settings

    settings = get_settings()
    principal = await principal_of(f"Bearer {key.strip()}" if key and key.strip() else None, settings)
    caller = Caller("ui", ui_client(request), principal)
    admit(spec, principal)
    await count_turn(spec, caller, settings)
    return caller


async def ui_turn(spec: AppSpec, values: Mapping[str, Any], key: str | None, request: gr.Request | None) -> Any:
    """One turn from the UI through the same door as HTTP (`quarry.endpoints.ask`): the key typed
    in the page's key box is the caller's principal, the rate limit and the app's admission rules
    apply, and whose rows a restricted query reads follows from it."""
    from quarry.endpoints import ask, build_request, principal_of
    from quarry.settings import get_settings

    settings = get_settings()
    principal = await principal_of(f"Bearer {key.strip()}" if key and key.strip() else None, settings)
    caller = Caller("ui", ui_client(request), principal)
    return await ask(spec, build_request(spec, values), caller, settings=settings)


def staff_of(request: gr.Request | None) -> Principal:
    """The signed-in staff or admin principal of a console event; Unauthorized / Forbidden else."""
    from quarry.auth.keys import signed_in

    key_id = getattr(request, "username", None) if request is not None else None
    principal = signed_in(key_id) if key_id else None
    if principal is None:
        raise Unauthorized("Sign in to the staff console with a staff or admin key.")
    if not principal.may_change_data():
        raise Forbidden(f"A {principal.role} key may not change data.")
    return principal


async def door_and_turn(spec: AppSpec, request: gr.Request | None, turn: Callable[[], Awaitable[T]]) -> T:
    """`ui_door`, then `turn()` on behalf of that caller (its conversation, its audit row)."""
    caller = await ui_door(spec, request)
    with acting_as(caller):
        return await turn()


def error_markdown(message: str) -> str:
    """A failure as one Markdown line (chat bubbles and status panels)."""
    return f"⚠️ {message}"
