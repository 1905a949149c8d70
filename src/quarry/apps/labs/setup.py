"""`quarry demo` hook: generate and load the demo data when the labs tables are empty."""

from __future__ import annotations

from quarry.db import Database
from quarry.progress import Reporter
from quarry.settings import Settings

from .authoring.generate import DEMO_RESULTS
from .ingest import has_data, ingest


def prepare(db: Database, settings: Settings, reporter: Reporter) -> bool:
    """Load the demo dataset unless lab_results already has rows; True when it loaded."""
    del db  # labs reaches the database through its settings (tests point them at a sibling DB)
    if has_data(settings):
        return False
    report = ingest(DEMO_RESULTS, settings=settings, reporter=reporter)
    reporter.note(f"labs: {report.results:,} lab results for {report.patients} patients in {report.seconds}s")
    return True


def warm(db: Database, settings: Settings) -> None:
    """Server start: import the turn's modules, build the agent, read one question (the analyte
    keys and their index) and run one fuzzy name search (no writes)."""
    from . import orchestrator  # noqa: F401  (agents, sqlglot, the guard)
    from .fuzzy import search_parameter_names
    from .loop import get_agent
    from .offline_intent import parse

    get_agent(settings.agentic_sql_enabled)
    parse("ferritin results")
    search_parameter_names("ferritin", 5, settings)
