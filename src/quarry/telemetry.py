"""OpenTelemetry via PydanticAI instrumentation; Logfire / BrainTrust exporters only when configured.

Spans are recorded only when something consumes them: a configured exporter, or span
processors handed to `setup_tracing` (tests, an operator's own OTLP wiring). With none, the
global provider stays OpenTelemetry's no-op one, so the SQL path's spans cost nothing and
agents are not instrumented: recording spans nobody exports took about 40 % of a comps
turn's CPU (bench/bench_load.py).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from quarry.settings import get_settings

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import SpanProcessor, TracerProvider

_log = logging.getLogger(__name__)
_configured = False
_provider: TracerProvider | None = None


def setup_tracing(*processors: SpanProcessor) -> str:
    """Instrument every agent when spans have somewhere to go; returns the active exporter.

    'logfire' or 'braintrust' when configured, 'processors' for processors passed here,
    'none' when nothing would receive a span (then nothing is recorded).
    """
    global _configured
    s = get_settings()
    extra: list[SpanProcessor] = []
    exporter = "none"
    if not _configured:
        _configured = True
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

                extra.append(BraintrustSpanProcessor())
                exporter = "braintrust"
            except ImportError:
                _log.warning(
                    "BRAINTRUST_API_KEY set but braintrust is not installed (pip install 'quarry[braintrust]')"
                )
    extra.extend(processors)
    if not extra:
        return "none" if _provider is None else "already"
    provider = _tracer_provider(s.otel_service_name)
    for processor in extra:
        provider.add_span_processor(processor)
    return exporter if exporter != "none" else "processors"


def _tracer_provider(service_name: str) -> TracerProvider:
    """The SDK provider, installed globally (and agents instrumented) on first need."""
    global _provider
    if _provider is None:
        from opentelemetry import trace
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from pydantic_ai import Agent

        _provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        trace.set_tracer_provider(_provider)
        Agent.instrument_all()
    return _provider
