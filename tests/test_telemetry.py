"""OpenTelemetry: PydanticAI instrumentation and SQL spans reach a configured span processor."""

from __future__ import annotations

import asyncio

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from quarry.apps.comps.orchestrator import run
from quarry.telemetry import setup_tracing


def test_agent_and_sql_spans_are_emitted(db: None) -> None:
    setup_tracing()
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    exporter = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    asyncio.run(run("4-room in Bedok, last 6 months"))
    names = [s.name for s in exporter.get_finished_spans()]
    assert any("comps-target" in n for n in names), names[:20]
    assert any("comps-planner" in n for n in names)
    assert any(n.startswith("sql.") for n in names)
