"""The doors of every app's turn, generated from its `AppSpec.conversation`.

- `ask_command(spec)`: `quarry <app> ask`. The request model's message field is the argument, its
  session field is `--session`, every other plain field an option; `--json` prints the response.
- `turn_router(spec)`: `POST <path>` with the request model as body and the response model as
  answer; the caller's address is read once here (trusted proxies).
- `converse(spec, turns)`: a conversation played turn by turn, the session threaded through
  (the eval loop's part that is the same for every app).

All three build the request model, so the CLI, HTTP and evals check input by the same rules.
"""

from __future__ import annotations

import asyncio
import inspect
import time
import types
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import typer
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from quarry.appspec import AppSpec, Conversation
from quarry.auth.principal import ANONYMOUS, Principal
from quarry.caller import EVAL, LOCAL, Caller, acting_as
from quarry.clientip import client_address
from quarry.errors import ERROR_RESPONSES, BadInput, ErrorBody, Forbidden, RateLimited, Unauthorized
from quarry.inputs import storable, validation_message
from quarry.settings import Settings, get_settings

if TYPE_CHECKING:
    from fastapi import APIRouter, Request
    from pydantic_ai.models import Model

_SCALARS: tuple[type, ...] = (str, int, float, bool)
_POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD


def conversation_of(spec: AppSpec) -> Conversation:
    if spec.conversation is None:
        raise LookupError(f"app {spec.name} declares no conversation")
    return spec.conversation


async def ask(
    spec: AppSpec,
    request: BaseModel,
    caller: Caller,
    *,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
) -> Any:
    """One turn of `spec`'s app, whatever door it came in by, acting as the caller's principal."""
    conv = conversation_of(spec)
    admit(spec, caller.principal)
    s = settings or get_settings()
    if caller.channel in ("http", "ui"):
        await count_turn(spec, caller, s)
    with acting_as(caller):
        return await conv.load("run")(request, caller, settings=s, models=models)


async def count_turn(spec: AppSpec, caller: Caller, settings: Settings) -> None:
    """One turn against the app's rate limit, per client address and per key; RateLimited (429 with
    Retry-After) over it. The counts live in Postgres, so every worker shares them."""
    from quarry.db import get_database
    from quarry.ratelimit import RateLimiter

    limit = int(getattr(settings, conversation_of(spec).rate_limit))
    clients = [c for c in (caller.address, None if caller.principal.anonymous else f"key:{caller.principal.id}") if c]
    db = get_database(settings)
    limiter = RateLimiter(spec.name)
    for client in clients:
        wait = await db.run(limiter.hit, db, client, limit)
        if wait is not None:
            raise RateLimited(
                f"Rate limit exceeded: at most {limit} requests per minute per client; retry in {wait:g} s.",
                retry_after_s=wait,
            )


def admit(spec: AppSpec, principal: Principal) -> None:
    """Unauthorized / Forbidden unless `principal` may take a turn of `spec`'s app."""
    conv = conversation_of(spec)
    if principal.anonymous and not conv.anonymous:
        raise Unauthorized(f"{spec.title} needs a key: send `Authorization: Bearer <key>`.")
    if not principal.anonymous and conv.roles and principal.role not in conv.roles:
        raise Forbidden(f"A {principal.role} key may not use {spec.title}.")


def build_request(spec: AppSpec, values: Mapping[str, Any]) -> BaseModel:
    """The app's request model from `values`; a value it refuses is a BadInput naming the field."""
    model: type[BaseModel] = conversation_of(spec).load("request")
    try:
        return model.model_validate(dict(values))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        raise BadInput(f"{where}: {validation_message(first)}") from None


async def converse(
    spec: AppSpec,
    turns: Sequence[Mapping[str, Any]],
    *,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
    session: str | None = None,
) -> list[tuple[Any, float]]:
    """(response, ms) of each turn, in order: turn n+1 continues the conversation turn n answered in."""
    conv = conversation_of(spec)
    out: list[tuple[Any, float]] = []
    for values in turns:
        fields = dict(values)
        if conv.session and session is not None:
            fields.setdefault(conv.session, session)
        request = build_request(spec, fields)
        started = time.perf_counter()
        resp = await ask(spec, request, EVAL, settings=settings, models=models)
        ms = round((time.perf_counter() - started) * 1000, 2)
        if conv.session_out:
            session = getattr(resp, conv.session_out)
        elif conv.session:
            session = fields.get(conv.session)
        out.append((resp, ms))
    return out


# --- the CLI -------------------------------------------------------------------------------


def _scalar(annotation: Any) -> type | None:
    """The plain type of a field the command line can set (str, int, float, bool, or optional one)."""
    if annotation in _SCALARS:
        return annotation
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) in (Union, types.UnionType) and len(args) == 1 and args[0] in _SCALARS:
        return args[0]
    return None


def _option(name: str, info: FieldInfo, kind: type, flag: str) -> inspect.Parameter:
    if kind is bool:
        negative = f"--no-{flag.removeprefix('--')}"
        default = info.default if isinstance(info.default, bool) else False
        return inspect.Parameter(
            name,
            _POSITIONAL,
            annotation=bool,
            default=typer.Option(default, f"{flag}/{negative}", help=info.description),
        )
    return inspect.Parameter(
        name, _POSITIONAL, annotation=kind | None, default=typer.Option(None, flag, help=info.description)
    )


def _cli_parameters(conv: Conversation, model: type[BaseModel]) -> list[inspect.Parameter]:
    spelled = dict(conv.spellings)
    params: list[inspect.Parameter] = []
    for name, info in model.model_fields.items():
        if name == conv.message:
            text = typer.Argument("" if conv.parts else ..., help=info.description or "The user's message.")
            params.insert(0, inspect.Parameter("text", _POSITIONAL, annotation=str, default=text))
            continue
        kind = _scalar(info.annotation)
        if kind is None:
            continue  # not settable from the command line: its default applies
        flag = "--session" if name == conv.session else spelled.get(name, "--" + name.replace("_", "-"))
        params.append(_option(name, info, kind, flag))
    if conv.parts:
        image = typer.Option(
            None, "--image", help="An image file sent as a part of this turn.", exists=True, dir_okay=False
        )
        params.append(inspect.Parameter("image", _POSITIONAL, annotation=Path | None, default=image))
    as_json = typer.Option(False, "--json", help="Print the response as JSON only.")
    params.append(inspect.Parameter("as_json", _POSITIONAL, annotation=bool, default=as_json))
    return params


def _message_value(conv: Conversation, text: str, image: Path | None) -> Any:
    if not conv.parts:
        return text
    images = [image.read_bytes()] if image is not None else []
    if not text.strip() and not images:
        raise BadInput("Nothing to ask: give a message or --image.")
    return conv.load("parts")(text, images)


def ask_command(spec: AppSpec) -> Callable[..., None]:
    """`quarry <app> ask`, built from the app's request model."""
    conv = conversation_of(spec)
    model: type[BaseModel] = conv.load("request")

    def ask_cmd(**given: Any) -> None:
        as_json = given.pop("as_json")
        # A terminal can hand over bytes that are not text (lone surrogates): keep what can be stored.
        values = {
            k: storable(v) if isinstance(v, str) else v
            for k, v in given.items()
            if v is not None and k not in ("text", "image")
        }
        values[conv.message] = _message_value(conv, storable(given["text"]), given.get("image"))
        if conv.session and conv.session not in values and model.model_fields[conv.session].is_required():
            values[conv.session] = uuid.uuid4().hex  # the client names the conversation: a new one
        resp = asyncio.run(ask(spec, build_request(spec, values), LOCAL))
        to_json = conv.load("json") if conv.json else lambda r: r.model_dump_json(indent=2)
        typer.echo(to_json(resp) if as_json else conv.load("render")(resp))
        if conv.failed and conv.load("failed")(resp):
            raise typer.Exit(1)

    ask_cmd.__signature__ = inspect.Signature(_cli_parameters(conv, model))  # type: ignore[attr-defined]
    ask_cmd.__doc__ = conv.summary or f"Answer one {spec.name} turn."
    return ask_cmd


# --- HTTP ----------------------------------------------------------------------------------


def settings_of(request: Request) -> Settings:
    """Settings in use; a server may pin its own in `app.state.settings` (tests do)."""
    pinned = getattr(request.app.state, "settings", None)
    return pinned if isinstance(pinned, Settings) else get_settings()


async def caller_of(request: Request, settings: Settings) -> Caller:
    """The caller of an HTTP request: its address (trusted proxies only) and its key's principal."""
    peer = request.client.host if request.client else None
    address = client_address(peer, request.headers.get("x-forwarded-for"), settings.trusted_proxies)
    return Caller("http", address, await principal_of(request.headers.get("authorization"), settings))


async def principal_of(authorization: str | None, settings: Settings) -> Principal:
    """ANONYMOUS without a header; the key's principal; Unauthorized for anything else."""
    if authorization is None or not authorization.strip():
        return ANONYMOUS
    scheme, _, key = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise Unauthorized("Send the key as `Authorization: Bearer <key>`.")
    from quarry.auth.keys import resolve_key  # the CLI never resolves keys: it is the local admin
    from quarry.db import get_database

    db = get_database(settings)
    principal = await db.run(resolve_key, db, key.strip())
    if principal is None:
        raise Unauthorized("The key is not valid (unknown or revoked).")
    return principal


def turn_router(spec: AppSpec) -> APIRouter:
    """`POST <path>`: one turn, the request model as body."""
    from fastapi import APIRouter, Request  # the CLI never needs the web framework

    conv = conversation_of(spec)
    request_model: type[BaseModel] = conv.load("request")
    public = conv.load("public") if conv.public else None

    async def endpoint(body: BaseModel, request: Request) -> Any:
        s = settings_of(request)
        resp = await ask(spec, body, await caller_of(request, s), settings=s)
        return public(resp) if public else resp

    endpoint.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("body", _POSITIONAL, annotation=request_model),
            inspect.Parameter("request", _POSITIONAL, annotation=Request),
        ]
    )
    router = APIRouter(tags=[spec.name])
    router.add_api_route(
        conv.path,
        endpoint,
        methods=["POST"],
        response_model=_public_model(conv) or conv.load("response"),
        responses={**ERROR_RESPONSES, **{code: {"model": ErrorBody, "description": why} for code, why in conv.errors}},
        summary=conv.summary or None,
        name=f"{spec.name}_turn",
    )
    return router


def _public_model(conv: Conversation) -> type[BaseModel] | None:
    """The HTTP body's model: what `public` is annotated to return."""
    if not conv.public:
        return None
    public = conv.load("public")
    ret = public.__annotations__.get("return")
    if isinstance(ret, str):  # postponed annotation: only the return type needs to resolve
        ret = eval(ret, public.__globals__)  # our own module's annotation text, never user input
    if not (isinstance(ret, type) and issubclass(ret, BaseModel)):
        raise TypeError(f"{conv.public} must be annotated to return a pydantic model")
    return ret
