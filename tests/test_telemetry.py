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
    exporter = InMemorySpanExporter()
    assert setup_tracing(SimpleSpanProcessor(exporter)) == "processors"
    assert isinstance(trace.get_tracer_provider(), TracerProvider)
    asyncio.run(run("4-room in Bedok, last 6 months"))
    names = [s.name for s in exporter.get_finished_spans()]
    assert any("comps-target" in n for n in names), names[:20]
    assert any("comps-planner" in n for n in names)
    assert any(n.startswith("sql.") for n in names)


def test_nothing_is_recorded_without_a_consumer() -> None:
    """No exporter and no processor: the no-op provider stays, agents are not instrumented."""
    import subprocess
    import sys

    code = (
        "from opentelemetry import trace\n"
        "from quarry.telemetry import setup_tracing\n"
        "assert setup_tracing() == 'none'\n"
        "span = trace.get_tracer('quarry.db').start_span('sql.select')\n"
        "assert not span.is_recording(), trace.get_tracer_provider()\n"
        "from pydantic_ai import Agent\n"
        "assert Agent._instrument_default is False\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "ok", out.stderr[-2000:]
