"""The configured provider's breaker as `/healthz` reports it.

`/healthz` answers anyone (load balancers call it without a key), so it names the provider but
not its base URL: a self-hosted OpenAI-compatible server's address is internal."""

from __future__ import annotations

import time
from typing import Literal

from pydantic import BaseModel, Field

from quarry.llm.breaker import Breaker, BreakerState, Cause, admission
from quarry.llm.factory import remote_provider
from quarry.llm.guarded import iso_time
from quarry.settings import Settings


class ProviderHealth(BaseModel):
    """Who answers the agents' model calls right now, and why."""

    provider: Literal["openrouter", "openai"] = Field(description="The configured remote provider.")
    state: BreakerState = Field(description="closed: calls go out; open: skipped; half_open: one probe in flight.")
    answering: Literal["remote", "offline"] = Field(description="Which model a call made now would reach first.")
    until: str | None = Field(description="ISO 8601 UTC: when an open breaker lets one probe through.")
    cause: Cause | None = Field(description="Why the last failed request failed.")
    failures: int = Field(description="Failed requests in a row.")


def provider_health(settings: Settings) -> ProviderHealth | None:
    """The breaker of the configured provider; None when only the offline models are configured."""
    provider = remote_provider(settings)
    if provider is None:
        return None
    circuit = Breaker.for_settings(settings).read(provider.key)
    return ProviderHealth(
        provider=provider.name,
        state=circuit.state,
        answering="offline" if admission(circuit, time.time()) == "skip" else "remote",
        until=iso_time(circuit.until) if circuit.state != "closed" else None,
        cause=circuit.cause,
        failures=circuit.failures,
    )
