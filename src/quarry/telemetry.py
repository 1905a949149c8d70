"""OpenTelemetry via PydanticAI instrumentation; Logfire / BrainTrust exporters only when configured."""

from __future__ import annotations

import logging

from quarry.settings import get_settings

_log = logging.getLogger(__name__)
_done = False


def setup_tracing() -> str:
    """Instrument every agent once; returns which exporter is active ('none' when not configured)."""
    global _done
    s = get_settings()
    if _done:
        return "already"
    _done = True
    from opentelemetry import trace
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from pydantic_ai import Agent

    provider = TracerProvider(resource=Resource.create({"service.name": s.otel_service_name}))
    exporter = "none"
    if s.logfire_token:
        try:
            import logfire

            logfire.configure(token=s.logfire_token, service_name=s.otel_service_name)
            logfire.instrument_pydantic_ai()
            return "logfire"
        except ImportError:
            _log.warning("LOGFIRE_TOKEN set but logfire is not installed (pip install 'quarry[logfire]')")
    if s.braintrust_api_key:
        try:
            from braintrust.otel import BraintrustSpanProcessor

            provider.add_span_processor(BraintrustSpanProcessor())
            exporter = "braintrust"
        except ImportError:
            _log.warning("BRAINTRUST_API_KEY set but braintrust is not installed (pip install 'quarry[braintrust]')")
    trace.set_tracer_provider(provider)
    Agent.instrument_all()
    return exporter
