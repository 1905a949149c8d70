"""One error hierarchy: each error knows its HTTP status; one handler per interface renders it."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ErrorBody(BaseModel):
    """Every error response over HTTP: a machine-readable name and a sentence for people."""

    error: str = Field(description="Error name, e.g. BadInput, RateLimited, DatabaseUnavailable.")
    detail: str = Field(description="What went wrong and what to do, safe to show a user.")


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


class NotFound(QuarryError):
    """A referenced thing (session, file, run) does not exist."""

    status_code = 404


class RateLimited(QuarryError):
    """Too many requests from one client."""

    status_code = 429


class DatabaseUnavailable(QuarryError):
    """The database could not be reached or started."""

    status_code = 503


class DataMissing(QuarryError):
    """The app's data has not been ingested yet."""

    status_code = 409
