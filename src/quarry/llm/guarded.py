"""Remote models behind their provider's breaker: skipped while it is open, closed by an answer.

Failures are counted where `FallbackModel` reports them (`fallback_on`), not here: a request
that outlives `request_timeout` is cancelled around this wrapper, so only the fallback chain
sees its `ModelRequestTimeout`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic_ai import RunContext
from pydantic_ai.exceptions import (
    ModelAPIError,
    ModelConnectionError,
    ModelHTTPError,
    ModelQuotaExceededError,
    ModelRequestTimeout,
    ModelServerError,
    ModelTimeoutError,
    ModelUnavailableError,
)
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model, ModelRequestParameters, StreamedResponse
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.settings import ModelSettings

from quarry.llm.breaker import Breaker, Cause, Circuit

FallbackCode = Literal["provider_down", "provider_unauthorized"]
"""Why remote models were skipped, as stable keys: the breaker is open after outages, or after refused keys."""
SKIP_CODES: dict[Cause, FallbackCode] = {
    "unreachable": "provider_down",
    "timeout": "provider_down",
    "server_error": "provider_down",
    "unauthorized": "provider_unauthorized",
}


class ProviderDown(Exception):
    """The provider's breaker is open: the remote model was skipped without a network call."""

    def __init__(self, key: str, circuit: Circuit) -> None:
        self.key = key
        self.circuit = circuit
        self.code: FallbackCode = SKIP_CODES[circuit.cause or "unreachable"]
        until = iso_time(circuit.until)
        super().__init__(f"{key} skipped ({circuit.state} after {circuit.cause}, until {until})")


def iso_time(epoch: float | None) -> str | None:
    """Epoch seconds as an ISO 8601 UTC time, to the second."""
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def failure_cause(exc: BaseException) -> Cause | Literal["answered"] | None:
    """What a failed request says about the provider: down (a cause), up ('answered'), or nothing (None).

    A 400, 404 or 429 came from a provider that is up. Errors that are not the provider's (our
    own, or pydantic-ai refusing requests in tests) say nothing about it."""
    if isinstance(exc, (ModelRequestTimeout, ModelTimeoutError)):
        return "timeout"
    if isinstance(exc, ModelConnectionError):
        return "unreachable"
    if isinstance(exc, ModelQuotaExceededError) or (isinstance(exc, ModelHTTPError) and exc.status_code == 401):
        return "unauthorized"  # not a 403: OpenRouter sends one for a guardrail block on one message
    if isinstance(exc, (ModelServerError, ModelUnavailableError)) or (
        isinstance(exc, ModelHTTPError) and exc.status_code >= 500
    ):
        return "server_error"
    if isinstance(exc, ModelAPIError):
        return "answered"
    return None


class GuardedModel(WrapperModel):
    """A remote model that asks its provider's breaker before each request."""

    def __init__(self, wrapped: Model, *, breaker: Breaker, key: str) -> None:
        super().__init__(wrapped)
        self.breaker = breaker
        self.key = key

    def _admit(self) -> None:
        if self.breaker.admit(self.key) == "skip":
            raise ProviderDown(self.key, self.breaker.read(self.key))

    async def request(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
    ) -> ModelResponse:
        self._admit()
        response = await super().request(messages, model_settings, model_request_parameters)
        self.breaker.succeeded(self.key)
        return response

    @asynccontextmanager
    async def request_stream(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
        run_context: RunContext[Any] | None = None,
    ) -> AsyncGenerator[StreamedResponse]:
        self._admit()
        async with super().request_stream(messages, model_settings, model_request_parameters, run_context) as stream:
            self.breaker.succeeded(self.key)  # the stream opened: the provider answers
            yield stream
