"""One error hierarchy: each error knows its HTTP status; one handler per interface renders it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ErrorBody(BaseModel):
    """Every error response over HTTP: a machine-readable name and a sentence for people."""

    error: str = Field(description="Error name, e.g. BadInput, RateLimited, DatabaseUnavailable.")
    detail: str = Field(description="What went wrong and what to do, safe to show a user.")


def error_messages(status: int, error: str, detail: str, *, close: bool = False) -> list[dict[str, Any]]:
    """An `ErrorBody` response as raw ASGI messages, for middleware that answers before the app
    (413, 408): the same shape as every other error."""
    body = ErrorBody(error=error, detail=detail).model_dump_json().encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    return [
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    ]


ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorBody, "description": "Unusable input (empty or too long text, bad value)."},
    401: {"model": ErrorBody, "description": "A key is needed here, or the key sent is not valid."},
    403: {"model": ErrorBody, "description": "The key's role may not do this."},
    409: {"model": ErrorBody, "description": "The app's data is not loaded yet (run its ingest)."},
    413: {"model": ErrorBody, "description": "Request body over the size limit."},
    422: {"model": ErrorBody, "description": "Malformed body: invalid JSON, wrong types, missing fields."},
    429: {"model": ErrorBody, "description": "Rate limit exceeded; see the Retry-After header."},
    503: {"model": ErrorBody, "description": "Database unavailable; see the Retry-After header."},
}
"""The error responses every route can give, for the OpenAPI schema (one shape: ErrorBody)."""


class QuarryError(Exception):
    """Base of every error Quarry raises on purpose; `.message` is safe to show a user."""

    status_code: int = 500

    def __init__(self, message: str, *, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        # When trying again makes sense (rate limit, database restarting): HTTP Retry-After.
        self.retry_after_s = retry_after_s


class BadInput(QuarryError):
    """The caller sent something we cannot use (empty question, bad file, bad value)."""

    status_code = 400


class Unauthorized(QuarryError):
    """No valid key where one is needed (HTTP 401 with `WWW-Authenticate: Bearer`)."""

    status_code = 401


class Forbidden(QuarryError):
    """The key is valid, but its role may not do this (HTTP 403)."""

    status_code = 403


class NotFound(QuarryError):
    """A referenced thing (session, file, run) does not exist."""

    status_code = 404


class RateLimited(QuarryError):
    """Too many requests from one client."""

    status_code = 429


class DatabaseUnavailable(QuarryError):
    """The database could not be reached or started."""

    status_code = 503


def outage_in(exc: BaseException) -> DatabaseUnavailable | None:
    """The database outage behind ``exc``, if any: itself, a cause or context, or a member of
    an exception group (an agent's tool, a task group and a retry wrapper all wrap it)."""
    seen: set[int] = set()
    pending: list[BaseException] = [exc]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, DatabaseUnavailable):
            return current
        if isinstance(current, BaseExceptionGroup):
            pending.extend(current.exceptions)
        pending.extend(e for e in (current.__cause__, current.__context__) if e is not None)
    return None


class ConversationBusy(QuarryError):
    """Turns of one conversation kept colliding; the client should send its message again."""

    status_code = 409


class DataMissing(QuarryError):
    """The app's data has not been ingested yet."""

    status_code = 409
